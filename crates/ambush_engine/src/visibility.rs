//! What a player may know: the one place that decides it, for the window, play at a distance and the tests.
//!
//! Before an ambush is sprung, a person playing the ambushed side is kept in the dark: the
//! ambusher's units, which counters are real, the spring point and the ambusher's secret rolls
//! are taken out of everything that player may read. Once it is sprung, the ambusher's units
//! still under counters stay out of it until they are found. An AI playing that side decides on
//! the same view (`as_seen_by`), and a watcher of an AI-only game sees everything.

use crate::control::{Controller, Controllers, Seen};
use crate::rules::log::RollEntry;
use crate::rules::table::{GameConfig, Progress, Table};
use ambush_data::board::Side;

/// The one rule for the roll log: a player kept in the dark reads every entry not hidden from
/// its side, and of those hidden from it, only their public form (a perception roll against
/// the ambusher's best, without the ambusher); everyone else reads them all in full.
pub fn read_by(entry: &RollEntry, dark: Option<Side>) -> Option<&RollEntry> {
    if entry.hidden_from.is_none() || entry.hidden_from != dark {
        return Some(entry);
    }
    entry.shown_instead.as_deref()
}

/// The one rule for units: a player kept in the dark sees its own side's, and, once the ambush is
/// out in the open, the enemy's that are not hidden under counters.
pub fn shown(dark: Option<Side>, revealed: bool, side: Side, hidden: bool) -> bool {
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
    secrets_kept_from(config, progress)
        .filter(|ambushed| controllers.get(*ambushed) == Controller::Human)
}

/// The side the ambusher's secrets are kept from now, whoever plays it: the ambushed side,
/// until the ambush is revealed and every counter found, while the game lasts. A person
/// playing it is kept in the dark (`kept_in_the_dark`); an AI playing it decides on the
/// table as it may know it (`as_seen_by`).
pub fn secrets_kept_from(config: &GameConfig, progress: &Progress) -> Option<Side> {
    let a = config.scenario.ambush.as_ref()?;
    let secrets = !ambush_revealed(progress) || !progress.counters.is_empty();
    (secrets && progress.outcome.is_none()).then_some(a.ambushed)
}

/// The table as `side` may know it: `redact`ed while the ambusher's secrets are kept from it,
/// else the table itself. Every AI decides on this, as the window shows a person this.
pub fn as_seen_by(table: &Table, side: Side) -> Seen<'_> {
    if secrets_kept_from(&table.config, &table.progress) == Some(side) {
        let mut seen = table.clone();
        redact(&mut seen, side);
        Seen::redacted(seen)
    } else {
        Seen::whole(table)
    }
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
    let scenario = table.config.scenario_mut();
    // The scenario's units as they started: the table's own stand in for them, and a side kept
    // in the dark reads no enemy's start from them.
    scenario.units.clear();
    if let Some(spec) = scenario.ambush.as_mut() {
        // The set-up as written: where every ambusher and dummy was placed.
        spec.units.retain(|u| u.side == dark);
        spec.dummies.clear();
        spec.spring_at = None;
    }
}

/// What `dark`'s player knows of the enemy now: whether the ambush is out in the open, how many
/// counters stand, and which enemy units it sees. When this changes, something hidden came
/// to light.
pub fn known_of_the_enemy(table: &Table, dark: Side) -> (bool, usize, usize, Vec<u32>) {
    let p = &table.progress;
    let revealed = ambush_revealed(p);
    let approach = p.approach.as_ref().map_or(0, |a| a.counters.len());
    let seen = table
        .units
        .iter()
        .filter(|u| u.side != dark && shown(Some(dark), revealed, u.side, u.status.hidden))
        .map(|u| u.id)
        .collect();
    (revealed, p.counters.len(), approach, seen)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::RollKind;

    #[test]
    fn an_ambushers_secret_roll_is_kept_only_from_the_column_player() {
        // 004: the column's player must not learn the hidden units from the log.
        let test = RollEntry::dice(RollKind::ReactionTest, "1d10", vec![8])
            .actor("J1")
            .need(2)
            .success(true)
            .effect("holds its fire")
            .hidden_from(Side::Humans);
        assert_eq!(read_by(&test, Some(Side::Humans)), None);
        // The ambusher's own player, a watcher, and everyone once it is sprung read it.
        assert_eq!(read_by(&test, Some(Side::Aliens)), Some(&test));
        assert_eq!(read_by(&test, None), Some(&test));
        let public = RollEntry::dice(RollKind::Spotting, "1d8", vec![3]).actor("M1");
        assert_eq!(read_by(&public, Some(Side::Humans)), Some(&public));
    }

    #[test]
    fn a_roll_with_a_public_form_shows_the_column_only_that() {
        // 003's perception check is the defender's INT against "the INT/WILL of the attacker
        // who set the ambush": the column may read that its unit rolled, not against whom.
        let public = RollEntry::dice(RollKind::Perception, "2d10", Vec::new()).actor("A1");
        let full = RollEntry::dice(RollKind::Perception, "2d10", vec![4, 5])
            .actor("A1")
            .target("counter 5")
            .need(12)
            .shown_to(Side::Aliens, public.clone());
        assert_eq!(read_by(&full, Some(Side::Aliens)), Some(&public));
        assert_eq!(read_by(&full, Some(Side::Humans)), Some(&full));
        assert_eq!(read_by(&full, None), Some(&full));
    }
}
