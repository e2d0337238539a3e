//! The player at the screen's view: the table and roll log as `ambush_engine::visibility` lets that player know them, kept as resources the view, overlay and previews read.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::PerGame;
use crate::game::state::TurnPhase;
use ambush_data::board::Side;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::turn::Phase;
use ambush_engine::visibility::{ambush_revealed, kept_in_the_dark, read_by, redact, shown};
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// The table and the roll log as the player at the screen may see them this frame.
#[derive(Resource, Debug, Clone, Default)]
pub struct PlayerView {
    /// The side kept in the dark, if any.
    pub dark: Option<Side>,
    /// The table with what that player may not know taken out; `None` before a game.
    pub table: Option<Table>,
}

impl PlayerView {
    /// This roll-log entry as the player at the screen may read it, if at all. A secret roll
    /// with no public form is left out altogether: even how many there were would tell the
    /// column's player how many ambushers had to test their nerve.
    pub fn read<'e>(&self, entry: &'e RollEntry) -> Option<&'e RollEntry> {
        read_by(entry, self.dark)
    }

    /// Whether the player at the screen may see a unit of `side`, `hidden` under a counter or not.
    pub fn shows(&self, side: Side, hidden: bool) -> bool {
        // Redacting keeps whether the ambush is out in the open.
        let revealed = self
            .table
            .as_ref()
            .is_some_and(|t| ambush_revealed(&t.progress));
        shown(self.dark, revealed, side, hidden)
    }
}

/// The roll log as the player at the screen may read it.
#[derive(SystemParam)]
pub struct VisibleLog<'w> {
    game: Option<Res<'w, GameInPlay>>,
    view: Res<'w, PlayerView>,
}

impl VisibleLog<'_> {
    /// The entries this player may read, oldest first.
    pub fn entries(&self) -> impl DoubleEndedIterator<Item = &RollEntry> {
        let log = self
            .game
            .as_deref()
            .map(|g| g.dice.log.as_slice())
            .unwrap_or(&[]);
        log.iter().filter_map(|e| self.view.read(e))
    }
}

/// Keeps `PlayerView` for the window and the tests that play through input; the simulator has
/// no player at a screen and leaves it out.
pub struct VisibilityPlugin;

impl Plugin for VisibilityPlugin {
    fn build(&self, app: &mut App) {
        app.init_per_game_resource::<PlayerView>();
        app.add_systems(Update, update_player_view.in_set(FrameSet::Visibility));
    }
}

/// Copies the table as the rules left it this frame, less what the player may not know.
fn update_player_view(
    game: Option<Res<GameInPlay>>,
    phase: Res<State<TurnPhase>>,
    mut view: ResMut<PlayerView>,
) {
    // Before a game, or once it is left for the menu, there is no table to show.
    let game = game.filter(|_| *phase.get() != Phase::NoGame);
    let mut table = game.as_ref().map(|g| g.table.clone());
    // The viewer of a finished game's replay shows everything, hidden units included.
    let dark = match &game {
        Some(g) if !g.replay.reveal => {
            kept_in_the_dark(&g.controllers, &g.table.config, &g.table.progress)
        }
        _ => None,
    };
    if let (Some(t), Some(side)) = (table.as_mut(), dark) {
        redact(t, side);
    }
    view.dark = dark;
    view.table = table;
}
