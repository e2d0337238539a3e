//! What the AIs remember between decisions of one game, to save work: move searches found fruitless, units put to rest, and shooters' targets.
//!
//! Both are exact: an answer is kept with everything it read, and used only while all of that
//! holds, so an AI with its memos gives the order it would give without them
//! (`tests/game/memos.rs` plays whole games checking it). They belong to the game being played
//! (`play::Game::ai_memos`), not to the table: the table is what the rules play on.

use crate::control::known_shots::KnownShots;
use crate::control::resting::{RestingNow, RestingUnits, TableNow};
use crate::rules::grid::UnitGrid;
use crate::rules::table::{Exposure, Surprise, Table, Unit, UnitExposure, UnitId};
use ambush_data::Rules;
use ambush_data::geometry::BROAD_PHASE_MARGIN;
use glam::Vec2;

/// The AIs' memos of one game.
#[derive(Debug, Clone, Default)]
pub struct AiMemos {
    /// Move searches the marine AI found fruitless.
    pub fruitless: FruitlessSearches,
    /// Units the marine AI's walk found nothing to do for, until something near them changes.
    pub resting: RestingUnits<Exposure>,
    /// The marine AI's shooters' targets, planned again only where units changed.
    pub shots: KnownShots,
}

impl AiMemos {
    /// The units the walk put to rest, woken wherever `table` changed since it last asked;
    /// `grid` is the table's as it stands.
    pub fn resting_units<'a>(
        &'a self,
        table: &'a Table,
        rules: &Rules,
        grid: &'a UnitGrid,
    ) -> RestingNow<'a, Exposure> {
        let doomed = |u: &Unit| u.on_table() && matches!(u.surprise, Surprise::Doom { .. });
        self.resting.brought_up_to_date(TableNow {
            revision: table.units.revision(),
            units: table.units.len(),
            touched_since: &|since| table.units.touched_since(since).map(Iterator::collect),
            base_at: &|place| {
                let u = table.units.get(place)?;
                u.on_table()
                    .then(|| (u.base.center, u.base.size.length() * 0.5))
            },
            rules: rules as *const Rules as usize,
            env: &table.exposure,
            doomed_at: &|place| table.units.get(place).is_some_and(doomed),
            any_doomed: &|| table.units.iter().any(doomed),
            grid,
        })
    }
}

/// Everything a search for a move of `leader` (alone or with its group) reads that can change
/// during a game: the members as they stand with their environment lines, the bases filed
/// within reach of any move the search could try, and whether the enemy is surprised (002's
/// roll for doom cuts every move). On one table (its terrain, size and rules fixed), two
/// searches with equal inputs find the same moves: a search found fruitless need not be made
/// again while its inputs hold (`AiMemos::fruitless`).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchInputs {
    leader: UnitId,
    group: bool,
    members: Vec<(Unit, UnitExposure)>,
    near: Vec<(u32, [u32; 5], u8)>,
    enemy_doomed: bool,
    /// The rules the search read, by address: a table is played under one set of rules.
    rules: usize,
}

impl SearchInputs {
    /// The inputs of a search for a move of `members` (led by the first) that reaches at
    /// most `reach` inches from where each member stands.
    pub fn of(
        table: &Table,
        rules: &Rules,
        grid: &UnitGrid,
        members: &[UnitId],
        group: bool,
        reach: f32,
    ) -> Self {
        let units: Vec<&Unit> = members.iter().filter_map(|m| table.unit(*m)).collect();
        let (lo, hi, within) = Self::area(&units, reach, rules.general.contact_tolerance);
        let mut near = Vec::new();
        grid.filed_near(lo, hi, within, &mut near);
        SearchInputs {
            leader: members.first().copied().unwrap_or_default(),
            group,
            members: units
                .iter()
                .map(|u| ((*u).clone(), table.exposure.of(u.id)))
                .collect(),
            near,
            enemy_doomed: table
                .units
                .iter()
                .any(|e| e.on_table() && matches!(e.surprise, Surprise::Doom { .. })),
            rules: rules as *const Rules as usize,
        }
    }
    /// Where a search for a move of `members` reaching at most `reach` inches from where each
    /// stands may meet another base: within the returned distance of the box (its corners
    /// returned first) round the members' centres.
    pub fn area(members: &[&Unit], reach: f32, tol: f32) -> (Vec2, Vec2, f32) {
        let (lo, hi) = members.iter().fold(
            (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
            |(lo, hi), u| (lo.min(u.base.center), hi.max(u.base.center)),
        );
        let widest = members
            .iter()
            .map(|u| u.base.size.length() * 0.5)
            .fold(0.0, f32::max);
        (lo, hi, reach + widest + tol + BROAD_PHASE_MARGIN)
    }
    pub fn leader(&self) -> UnitId {
        self.leader
    }
    pub fn group(&self) -> bool {
        self.group
    }
}

/// Move searches that found no move (`SearchInputs`), kept between decisions so an AI that
/// asks again before anything they read has changed need not search again: the latest for each
/// leader (alone, or with its group), so a crowd of any size keeps them all.
#[derive(Default)]
pub struct FruitlessSearches(std::sync::Mutex<FruitlessByLeader>);

/// The latest fruitless search of each leader, alone (`false`) or with its group (`true`).
type FruitlessByLeader = std::collections::HashMap<(UnitId, bool), SearchInputs>;

impl std::fmt::Debug for FruitlessSearches {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FruitlessSearches")
    }
}

impl Clone for FruitlessSearches {
    fn clone(&self) -> Self {
        FruitlessSearches(std::sync::Mutex::new(self.lock().clone()))
    }
}

impl FruitlessSearches {
    fn lock(&self) -> std::sync::MutexGuard<'_, FruitlessByLeader> {
        // A panic elsewhere while it was held leaves whole entries: each is checked in full.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
    /// Whether a search of `leader` (alone, or with its group) was found fruitless at all.
    pub fn any_for(&self, leader: UnitId, group: bool) -> bool {
        self.lock().contains_key(&(leader, group))
    }
    /// Whether a search with exactly these inputs was found fruitless.
    pub fn holds(&self, inputs: &SearchInputs) -> bool {
        self.lock()
            .get(&(inputs.leader(), inputs.group()))
            .is_some_and(|s| s == inputs)
    }
    /// Remembers that a search with these inputs found no move, in place of any its leader's
    /// last fruitless search had.
    pub fn remember(&self, inputs: SearchInputs) {
        self.lock()
            .insert((inputs.leader(), inputs.group()), inputs);
    }
}

#[cfg(test)]
mod tests {
    //! Resting units wake when anything their answer read may have changed, and only then.

    use super::*;
    use crate::rules::table::GameConfig;
    use ambush_data::board::Side;
    use ambush_data::tables::TroopType;

    fn rules() -> &'static Rules {
        Rules::bundled()
    }

    fn open_table() -> Table {
        Table::new(GameConfig::plain(72.0, 48.0))
    }

    fn marine(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
        let infantry = TroopType::known("Infantry");
        t.add(
            rules(),
            label,
            Side::Humans,
            infantry,
            at,
            bearing,
            &["blaster"],
        )
    }

    /// How far from a member a change wakes the test's resting unit, inches.
    const REACH: f32 = 7.0;

    /// Puts the unit `id` to rest alone, watching what stands within `REACH` of it.
    fn rest(memos: &AiMemos, t: &Table, id: UnitId) {
        let grid = t.grid();
        let mut resting = memos.resting_units(t, rules(), &grid);
        let place = t.index(id).unwrap();
        let mut near = Vec::new();
        grid.near_point(t.units[place].base.center, REACH, &mut near);
        resting.rest(place, true, &[place], REACH, &near);
    }

    /// Whether `id` still rests, with the table as it stands now.
    fn rests(memos: &AiMemos, t: &Table, id: UnitId) -> bool {
        let grid = t.grid();
        let resting = memos.resting_units(t, rules(), &grid);
        let place = t.index(id).unwrap();
        resting.next_awake(place) != Some(place)
    }

    fn move_to(t: &mut Table, id: UnitId, to: (f32, f32)) {
        t.unit_mut(id).unwrap().base.center = Vec2::new(to.0, to.1);
    }

    /// A marine at rest at (10, 10), one beside it and one far off.
    fn three() -> (AiMemos, Table, UnitId, UnitId, UnitId) {
        let m = AiMemos::default();
        let mut t = open_table();
        let a = marine(&mut t, "A", (10.0, 10.0), 0.0);
        let beside = marine(&mut t, "B", (13.0, 10.0), 0.0);
        let far = marine(&mut t, "C", (50.0, 30.0), 0.0);
        rest(&m, &t, a);
        (m, t, a, beside, far)
    }

    #[test]
    fn a_resting_unit_sleeps_through_changes_beyond_its_reach() {
        let (m, mut t, a, _, far) = three();
        assert!(rests(&m, &t, a));
        move_to(&mut t, far, (60.0, 40.0));
        t.unit_mut(far).unwrap().status.stunned = true;
        assert!(rests(&m, &t, a), "nothing within its reach changed");
        assert!(!rests(&m, &t, far), "it was never put to rest");
    }

    #[test]
    fn a_unit_that_comes_within_reach_wakes_it() {
        let (m, mut t, a, _, far) = three();
        move_to(&mut t, far, (10.0, 17.0));
        assert!(!rests(&m, &t, a));
    }

    #[test]
    fn a_unit_that_stood_near_and_moves_away_wakes_it() {
        let (m, mut t, a, beside, _) = three();
        move_to(&mut t, beside, (60.0, 10.0));
        assert!(
            !rests(&m, &t, a),
            "the unit it read is gone from where it stood"
        );
    }

    #[test]
    fn a_change_to_a_unit_near_it_or_to_itself_wakes_it() {
        let (m, mut t, a, beside, _) = three();
        t.unit_mut(beside).unwrap().status.stunned = true;
        assert!(!rests(&m, &t, a));
        rest(&m, &t, a);
        assert!(rests(&m, &t, a));
        t.unit_mut(a).unwrap().status.withdrawing = true;
        assert!(!rests(&m, &t, a));
    }

    #[test]
    fn a_change_the_log_does_not_name_wakes_every_unit() {
        let (m, mut t, a, _, far) = three();
        for u in t.units.iter_mut() {
            u.status.stunned = false;
        }
        assert!(!rests(&m, &t, a));
        rest(&m, &t, a);
        t.exposure.of_mut(far).drift = Some(Vec2::X);
        assert!(
            !rests(&m, &t, a),
            "the environment's hold on a unit is not in the units' log"
        );
    }
}
