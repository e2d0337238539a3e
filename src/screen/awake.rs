//! The window sleeps while nothing moves by itself, and draws again on input or when the game, an animation or a screen asks for frames.
//!
//! A turn-based table waits on the player most of the time; drawing every frame while the
//! player thinks cost 170% of a core on the project's machine. Bevy's reactive update mode wakes
//! the app on window and device events and on `RequestRedraw`; this asks for frames while the
//! AI or the rules play on, a highlight pulses, the title stands, the screens load or the AI
//! games run. egui asks for its own (bevy_egui sends `RequestRedraw` for egui's repaints, once
//! `ui::quiet_modifiers` stops it asking every frame), the camera for its eased pans and the
//! bases for their glides.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::screen::saves::GameMenu;
use crate::screen::{Screen, TitleCard};
use crate::ui::AiGames;
use crate::view::Highlight;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::{UpdateMode, WinitSettings};
use std::time::Duration;

/// The longest the window sleeps with nothing to do, focused: the mod watch and any timer
/// catch up at this pace. Each wake draws a frame (26 ms of a core, release, on llvmpipe).
pub const IDLE_WAKE: Duration = Duration::from_secs(1);

/// The longest it sleeps while another window has the focus.
pub const UNFOCUSED_WAKE: Duration = Duration::from_secs(2);

/// The update settings of a window that draws only when something changes.
pub fn reactive_window() -> WinitSettings {
    WinitSettings {
        focused_mode: UpdateMode::reactive(IDLE_WAKE),
        unfocused_mode: UpdateMode::reactive_low_power(UNFOCUSED_WAKE),
    }
}

pub(super) fn plugin(app: &mut App) {
    // The window's own plugin declares it; the headless apps have no window.
    app.add_message::<RequestRedraw>()
        .add_systems(Update, keep_awake.in_set(FrameSet::Presentation));
}

/// What could move on without the player this frame.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Motion {
    pub loading: bool,
    pub title_showing: bool,
    /// The game steps on by itself: the AI's turn, the rules' own steps, a save catching up.
    pub game_moves_on: bool,
    pub highlight_pulsing: bool,
    /// The end-of-game chart waits on the AI games.
    pub ai_games_running: bool,
}

impl Motion {
    /// Whether the window must draw the next frame without waiting for input.
    pub fn wants_frames(self) -> bool {
        self.loading
            || self.title_showing
            || self.game_moves_on
            || self.highlight_pulsing
            || self.ai_games_running
    }
}

/// Whether a game on the table moves on without the player: not over, not paused by the game
/// menu, and waiting on no person's decision.
pub fn game_moves_on(game: &GameInPlay, paused: bool) -> bool {
    !game.is_over() && !paused && game.awaiting.0.is_none()
}

#[allow(clippy::too_many_arguments)]
fn keep_awake(
    screen: Res<State<Screen>>,
    title: Option<Res<TitleCard>>,
    game: Option<Res<GameInPlay>>,
    menu: Option<Res<GameMenu>>,
    ai_games: Option<Res<AiGames>>,
    highlight: Option<Res<Highlight>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let on_table = *screen.get() == Screen::Table;
    let motion = Motion {
        loading: *screen.get() == Screen::Loading,
        title_showing: *screen.get() == Screen::Menu && title.is_some_and(|t| t.showing),
        game_moves_on: on_table
            && game
                .as_deref()
                .is_some_and(|g| game_moves_on(g, menu.as_ref().is_some_and(|m| m.open))),
        highlight_pulsing: on_table && highlight.is_some_and(|h| !h.0.is_empty()),
        ai_games_running: on_table
            && game.as_deref().is_some_and(|g| g.is_over())
            && ai_games.is_some_and(|a| !matches!(*a, AiGames::Ready(_))),
    };
    if motion.wants_frames() {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_engine::play::Game;
    use ambush_engine::play::new_game::NewGame;
    use std::sync::Arc;

    /// Runs one frame of `keep_awake` and says whether it asked for the next.
    fn asks_for_a_frame(app: &mut App) -> bool {
        app.world_mut()
            .resource_mut::<Messages<RequestRedraw>>()
            .clear();
        app.update();
        !app.world().resource::<Messages<RequestRedraw>>().is_empty()
    }

    #[test]
    fn the_table_asks_for_frames_while_the_game_plays_on_and_sleeps_while_a_player_decides() {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, bevy::state::app::StatesPlugin))
            .init_state::<Screen>()
            .add_message::<RequestRedraw>()
            .insert_resource(TitleCard { showing: false })
            .add_systems(Update, keep_awake);
        // Loading: the screens need frames to load.
        assert!(asks_for_a_frame(&mut app));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Table);
        app.update();
        // A solo game at its start: the rules play on until the marines' player is asked.
        let mut setup = NewGame::new(
            crate::game::test_support::scenario("crashed_ship.ron"),
            1,
            0,
        );
        setup.controllers = ambush_engine::control::Controllers::solo();
        let mut game = Game::new(&setup, Arc::new(ambush_data::Rules::bundled().clone()));
        app.insert_resource(GameInPlay(game.clone()));
        assert!(asks_for_a_frame(&mut app), "the game plays on by itself");
        while game.awaiting.0.is_none() && !game.is_over() {
            game.step();
        }
        assert!(game.awaiting.0.is_some(), "the player is asked");
        app.insert_resource(GameInPlay(game.clone()));
        assert!(
            !asks_for_a_frame(&mut app),
            "nothing moves while the player thinks"
        );
        // A highlighted unit pulses: frames until the highlight goes.
        app.insert_resource(Highlight(vec![0]));
        assert!(asks_for_a_frame(&mut app));
        app.insert_resource(Highlight(Vec::new()));
        assert!(!asks_for_a_frame(&mut app));
        // Paused by the game menu, an AI's turn waits too.
        game.awaiting.0 = None;
        app.insert_resource(GameInPlay(game));
        assert!(asks_for_a_frame(&mut app));
        let mut menu = GameMenu::default();
        menu.open = true;
        app.insert_resource(menu);
        assert!(!asks_for_a_frame(&mut app), "the game menu pauses the game");
    }
}
