//! The game flow: starts games from the menu, plays again, goes back to the menu, and paces the alien side.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::start_game;
use crate::game::state::TurnPhase;
use crate::screen::replay_viewer::ReplayViewer;
use crate::screen::{
    AlienPace, CurrentGame, GameChoice, GameOptions, GameRequest, ReloadNotice, Screen,
};
use crate::ui::SummaryChoice;
use ambush_engine::play::record::ReplayQueue;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;

/// Paces the AI in the window: one AI order per tick.
#[derive(Resource, Debug)]
struct Pace(Option<Timer>);

/// Where the AI's pace is set each frame: what holds the AI still (the game menu) comes after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaceSet;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Pace(None));
    app.configure_sets(Update, PaceSet.in_set(FrameSet::Input));
    app.add_systems(Update, (handle_requests, tick_pace).chain().in_set(PaceSet));
}

fn handle_requests(
    mut requests: MessageReader<GameRequest>,
    mut choices: MessageReader<SummaryChoice>,
    current: Option<Res<CurrentGame>>,
    options: Res<GameOptions>,
    mut pace: ResMut<Pace>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    // The end-of-game window's choice is a request like the menu's.
    let chosen = choices.read().last().map(|c| match c {
        SummaryChoice::PlayAgain => GameRequest::PlayAgain,
        SummaryChoice::MainMenu => GameRequest::MainMenu,
    });
    let Some(request) = requests.read().last().cloned().or(chosen) else {
        return;
    };
    let choice = match request {
        GameRequest::Start(choice) => *choice,
        GameRequest::PlayAgain => {
            let Some(c) = current else { return };
            let mut again = c.0.clone();
            // New dice for the new game.
            again.setup.seed = again.setup.seed.wrapping_add(1);
            again
        }
        GameRequest::MainMenu => {
            commands.remove_resource::<ReplayViewer>();
            phase.set(TurnPhase(Phase::NoGame));
            screen.set(Screen::Menu);
            return;
        }
    };
    pace.0 = match options.pace {
        AlienPace::Instant => None,
        AlienPace::Every(d) => Some(Timer::new(d, TimerMode::Repeating)),
    };
    if !choice.view_only {
        commands.remove_resource::<ReplayViewer>();
    }
    commands.insert_resource(CurrentGame(choice.clone()));
    commands.remove_resource::<ReloadNotice>();
    commands.queue(move |world: &mut World| start_choice(world, choice));
    screen.set(Screen::Table);
}

/// Starts the game `choice` describes in `world`: a loaded save's orders are given again first
/// (the table catches up in a few frames), and the replay viewer's hold there.
pub fn start_choice(world: &mut World, choice: GameChoice) {
    start_game(world, &choice.setup, choice.rules);
    if !choice.orders.is_empty() || choice.view_only {
        world.resource_mut::<GameInPlay>().replay = ReplayQueue {
            hold_after: choice.view_only,
            reveal: choice.reveal,
            ..ReplayQueue::of(choice.orders)
        };
    }
}

fn tick_pace(time: Res<Time>, mut pace: ResMut<Pace>, game: Option<ResMut<GameInPlay>>) {
    let Some(mut game) = game else { return };
    game.ai_steps = AiSteps(pace.0.as_mut().map(|t| {
        t.tick(time.delta());
        t.times_finished_this_tick().min(1)
    }));
}

#[cfg(test)]
mod tests {
    //! The replay viewer's steps, each started as the game flow starts a game.
    use super::*;
    use crate::save::SaveSource;
    use ambush_engine::control::Controllers;

    /// The table and roll count the viewer shows at `k` orders, in an app of its own.
    fn shown_at(viewer: &mut ReplayViewer, app: &mut App, k: usize) -> (String, usize, usize) {
        viewer.shown = k;
        start_choice(app.world_mut(), viewer.choice());
        for _ in 0..200 {
            app.update();
        }
        let game = app.world().resource::<GameInPlay>();
        assert!(game.replay.orders.is_empty());
        assert_eq!(game.replay.mismatch, None);
        (
            format!("{:?}", game.table),
            game.dice.log.len(),
            game.record.orders.len(),
        )
    }

    #[test]
    fn the_viewer_steps_forward_and_back_to_the_same_table_and_log() {
        let scenario = crate::game::test_support::scenario("night_raid.ron");
        let rules = std::sync::Arc::new(ambush_data::Rules::bundled().clone());
        let (_, save) = crate::batch::play_saved_game(
            &scenario,
            rules.clone(),
            2,
            0,
            Controllers::all_ai(),
            None,
            SaveSource::default(),
        );
        assert!(save.orders.len() > 20);
        let mut viewer = ReplayViewer {
            file: "night_raid.ron".into(),
            shown: 0,
            save,
        };
        let mut app = crate::game::headless_app(&viewer.choice().setup, rules);
        let at_12 = shown_at(&mut viewer, &mut app, 12);
        let at_13 = shown_at(&mut viewer, &mut app, 13);
        let back_12 = shown_at(&mut viewer, &mut app, 12);
        assert_eq!(
            at_12, back_12,
            "back one order is where forward one order was"
        );
        assert_eq!((at_12.2, at_13.2), (12, 13), "the orders given");
        assert!(at_13.1 >= at_12.1, "the log grows going forward");
        let start = shown_at(&mut viewer, &mut app, 0);
        assert_eq!(start.2, 0);
        // Everything is shown only for a finished game.
        assert!(viewer.save.summary.finished && viewer.choice().reveal);
        viewer.save.summary.finished = false;
        assert!(!viewer.choice().reveal);
        // Jumping to a turn shows its first order to come.
        let turn = viewer.save.orders[20].turn;
        let k = viewer.start_of_turn(turn);
        assert!(k <= 20 && viewer.save.orders[k].turn == turn);
        assert!(k == 0 || viewer.save.orders[k - 1].turn < turn);
    }
}
