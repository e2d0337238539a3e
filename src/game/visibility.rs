//! What the player at the screen may know: the one place that decides it, and the redacted table and log that the view, overlay and previews read.
//!
//! Before an ambush is sprung, a person playing the ambushed side is kept in the dark: the
//! ambusher's units, which counters are real, the spring point and the ambusher's secret rolls
//! are taken out of everything that player's screen can read. Once it is sprung, the ambusher's
//! units still under counters stay out of it until they are found. The AI never reads this view
//! (the rules refuse it a hidden target, and it steers only by the enemies it knows), and a
//! watcher of an AI-only game sees everything.

use crate::control::{Controller, Controllers};
use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::PerGame;
use crate::rules::log::RollEntry;
use crate::rules::table::{GameConfig, Progress, Table};
use crate::rules::turn::Phase;
use ambush_data::board::Side;
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
    /// Whether the player at the screen may read this roll-log entry. A secret roll is left out
    /// altogether: even how many there were would tell the column's player how many ambushers
    /// had to test their nerve.
    pub fn may_read(&self, entry: &RollEntry) -> bool {
        readable_by(entry, self.dark)
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

/// The one rule for the roll log: a player kept in the dark reads every entry not hidden from
/// its side; everyone else reads them all.
pub fn readable_by(entry: &RollEntry, dark: Option<Side>) -> bool {
    entry.hidden_from.is_none() || entry.hidden_from != dark
}

/// The one rule for units: a player kept in the dark sees its own side's, and, once the ambush is
/// out in the open, the enemy's that are not hidden under counters.
fn shown(dark: Option<Side>, revealed: bool, side: Side, hidden: bool) -> bool {
    dark.is_none_or(|d| d == side || (revealed && !hidden))
}

/// The side whose player may not see the ambusher's secrets now: until the ambush is revealed
/// and every counter found, the ambushed side, when a person plays it, while the game lasts.
/// 004's hidden units and the ambusher's reaction tests stay off its screen.
pub fn kept_in_the_dark(
    controllers: &Controllers,
    config: &GameConfig,
    progress: &Progress,
) -> Option<Side> {
    let a = config.ambush.as_ref()?;
    let secrets = !ambush_revealed(progress) || !progress.counters.is_empty();
    (secrets && progress.outcome.is_none() && controllers.get(a.ambushed) == Controller::Human)
        .then_some(a.ambushed)
}

/// Whether the ambush is out in the open: sprung, or 004's approach over (the column spotted
/// it, a reaction test set it off early, or the lead reached the spring point), which the log
/// announces as it happens.
pub fn ambush_revealed(progress: &Progress) -> bool {
    progress.ambush_sprung
        || progress
            .approach
            .as_ref()
            .is_some_and(|a| a.ended.is_some())
}

/// Takes out of `table` everything the `dark` side's player may not know: the other side's
/// units, which counters hide a unit, where the ambusher's units and dummies were set up, and
/// the spring point.
pub fn redact(table: &mut Table, dark: Side) {
    let revealed = ambush_revealed(&table.progress);
    table
        .units
        .retain(|u| shown(Some(dark), revealed, u.side, u.status.hidden));
    // Counters all look alike to it.
    table
        .progress
        .counters
        .iter_mut()
        .for_each(|c| c.unit = None);
    if let Some(a) = table.progress.approach.as_mut() {
        a.counters.iter_mut().for_each(|c| c.unit = None);
        a.spring_at = 0.0;
    }
    if let Some(spec) = table.config.ambush.as_mut() {
        // The set-up as written: where every ambusher and dummy was placed.
        spec.units.retain(|u| u.side == dark);
        spec.dummies.clear();
        spec.spring_at = None;
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
        log.iter().filter(|e| self.view.may_read(e))
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
    phase: Res<State<Phase>>,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::RollKind;

    fn view(dark: Option<Side>) -> PlayerView {
        PlayerView { dark, table: None }
    }

    #[test]
    fn an_ambushers_secret_roll_is_kept_only_from_the_column_player() {
        // 004: the column's player must not learn the hidden units from the log.
        let test = RollEntry::dice(RollKind::ReactionTest, "1d10", vec![8])
            .actor("J1")
            .need(2)
            .success(true)
            .effect("holds its fire")
            .hidden_from(Side::Humans);
        assert!(!view(Some(Side::Humans)).may_read(&test));
        // The ambusher's own player, a watcher, and everyone once it is sprung read it.
        assert!(view(Some(Side::Aliens)).may_read(&test));
        assert!(view(None).may_read(&test));
        let public = RollEntry::dice(RollKind::Spotting, "1d8", vec![3]).actor("M1");
        assert!(view(Some(Side::Humans)).may_read(&public));
    }
}
