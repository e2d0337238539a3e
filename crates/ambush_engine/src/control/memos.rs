//! What the AIs remember between decisions of one game, to save work: move searches found fruitless, units put to rest, and shooters' targets.
//!
//! All are exact: an answer is kept with everything it read (for a fruitless search, what
//! refused each destination), and used only while that holds, so an AI with its memos gives the
//! order it would give without them
//! (`tests/game/memos.rs` plays whole games checking it). They belong to the game being played
//! (`play::Game::ai_memos`), not to the table: the table is what the rules play on.

use crate::control::group_freedom::GroupLists;
use crate::control::held_proofs::HeldProofs;
use crate::control::known_shots::KnownShots;
use crate::control::resting::{RestingNow, RestingUnits, TableNow};
use crate::rules::grid::UnitGrid;
use crate::rules::movement::Witness;
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
    /// Proofs that a marine's group holds a member that may not move.
    pub held: HeldProofs,
    /// The marine AI's shooters' targets, planned again only where units changed.
    pub shots: KnownShots,
    /// The lists the marine AI's walk learns its groups in, kept to be used again.
    pub groups: GroupLists,
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

/// Where a search for a move of `members` reaching at most `reach` inches from where each
/// stands may meet another base: within the returned distance of the box (its corners returned
/// first) round the members' centres.
pub fn search_area(members: &[&Unit], reach: f32, tol: f32) -> (Vec2, Vec2, f32) {
    let (lo, hi) = members.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), u| (lo.min(u.base.center), hi.max(u.base.center)),
    );
    (lo, hi, reach + widest(members) + tol + BROAD_PHASE_MARGIN)
}

/// The largest half-diagonal of `members`' bases.
fn widest(members: &[&Unit]) -> f32 {
    members
        .iter()
        .map(|u| u.base.size.length() * 0.5)
        .fold(0.0, f32::max)
}

/// How far from a member's centre another base may stand (its own half-diagonal more) and
/// still touch one of `members`: what can join their group or hold one in contact.
pub fn contact_reach(members: &[&Unit], tol: f32) -> f32 {
    widest(members) + tol + BROAD_PHASE_MARGIN
}

/// A search for a move of `leader` (alone or with its group) that found no move: its members
/// and the units' revision it read them at (with their environment lines), whether the enemy
/// was surprised (002's roll for doom cuts every move), and what refused each destination
/// tried, in the order tried. On one table (its terrain, size and rules fixed) the same members
/// standing as they stood try the same destinations, and each stays refused while its witness
/// holds: another base can only take room or bring an enemy into contact, never give room
/// (`Witness`).
#[derive(Debug, Clone, PartialEq)]
struct RefusedSearch {
    /// The members, in the order searched, and the same sorted, to look one up.
    members: Vec<UnitId>,
    sorted: Vec<UnitId>,
    /// The units' revision and count when the search was made: the members are as they stood
    /// while none of them has been touched since (`Units::touched_since`).
    revision: u64,
    units: usize,
    /// The members' environment lines, or `None` where the table had none at all.
    exposure: Option<Vec<UnitExposure>>,
    /// A unit searching alone, as it stood: compared whole when it has been touched since (a
    /// boxed-in marine is touched at each turn's start, when its marks are cleared, and stands
    /// as it stood).
    alone: Option<Unit>,
    /// A group's leader, as it stood: while it stands so, its group tries the same
    /// destinations facing the same way, whoever else is in it.
    leader: Option<Unit>,
    enemy_doomed: bool,
    /// The rules the search read, by address: a table is played under one set of rules.
    rules: usize,
    refused_by: Vec<Witness>,
}

impl RefusedSearch {
    /// Whether `members`, on `table` under `rules`, stand as this search's members stood.
    fn same_members(&self, table: &Table, rules: &Rules, now: &SearchOf) -> bool {
        let members = now.members;
        if self.members != members
            || self.rules != rules as *const Rules as usize
            || self.enemy_doomed != now.enemy_doomed
            || self.exposure != exposure_of(table, members)
        {
            return false;
        }
        if self.revision == table.units.revision() {
            return true;
        }
        // No member touched since (the list's places as they were); a log that does not reach
        // back answers no.
        let untouched = self.units == table.units.len()
            && table
                .units
                .touched_since(self.revision)
                .is_some_and(|mut touched| {
                    touched.all(|p| {
                        table
                            .units
                            .get(p)
                            .is_some_and(|u| self.sorted.binary_search(&u.id).is_err())
                    })
                });
        untouched
            || self
                .alone
                .as_ref()
                .is_some_and(|was| table.unit(was.id) == Some(was))
    }
}

impl RefusedSearch {
    /// For a group search whose members are no longer all as they stood (some joined, left or
    /// changed) but whose leader is: each destination's witness where it still holds for
    /// the group `now`. Another unit's base holds while it stands and has not joined; one
    /// member's own refusal, while it is still a member and has not changed; the group's shape
    /// never. `None` where the leader changed, or the table changed in what no witness covers.
    fn regrouped(
        &self,
        table: &Table,
        rules: &Rules,
        now: &SearchOf,
    ) -> Option<Vec<Result<Witness, Witness>>> {
        let leader = table.unit(*now.members.first()?)?;
        if !now.group
            || self.leader.as_ref() != Some(leader)
            || self.rules != rules as *const Rules as usize
            || self.enemy_doomed != now.enemy_doomed
            || self.units != table.units.len()
            || self.exposure_of(leader.id) != exposure_now(table, leader.id)
        {
            return None;
        }
        let mut touched: Vec<UnitId> = table
            .units
            .touched_since(self.revision)?
            .filter_map(|p| table.units.get(p).map(|u| u.id))
            .collect();
        touched.sort_unstable();
        // Only the units the witnesses name are asked about: a few, where the group may be a
        // thousand, so the group is passed over once rather than sorted.
        let mut named: Vec<UnitId> = self
            .refused_by
            .iter()
            .flat_map(|w| match w {
                Witness::Members => [None, None],
                Witness::Base { id, member, .. } => [Some(*id), Some(*member)],
                Witness::Member { id } => [Some(*id), None],
            })
            .flatten()
            .collect();
        named.sort_unstable();
        named.dedup();
        let mut in_group = vec![false; named.len()];
        for m in now.members {
            if let Ok(k) = named.binary_search(m) {
                in_group[k] = true;
            }
        }
        let member = |id: &UnitId| named.binary_search(id).is_ok_and(|k| in_group[k]);
        Some(
            self.refused_by
                .iter()
                .map(|w| {
                    let holds = match w {
                        Witness::Members => false,
                        Witness::Base { id, member: by, .. } => {
                            !member(id)
                                && member(by)
                                && touched.binary_search(by).is_err()
                                && w.holds(table)
                        }
                        Witness::Member { id } => {
                            member(id)
                                && touched.binary_search(id).is_err()
                                && self.exposure_of(*id) == exposure_now(table, *id)
                        }
                    };
                    if holds { Ok(*w) } else { Err(*w) }
                })
                .collect(),
        )
    }

    /// The environment line of member `id` when the search was made (`Some(None)` where the
    /// table had none at all); `None` if it was not a member.
    fn exposure_of(&self, id: UnitId) -> Option<Option<UnitExposure>> {
        let at = self.members.iter().position(|m| *m == id)?;
        Some(self.exposure.as_ref().map(|e| e[at]))
    }
}

/// The environment line of unit `id` now, as `RefusedSearch::exposure_of` gives it.
fn exposure_now(table: &Table, id: UnitId) -> Option<Option<UnitExposure>> {
    Some((!table.exposure.is_empty()).then(|| table.exposure.of(id)))
}

/// The environment lines of `members`, or `None` where the table has none at all (each
/// member's line is then the default).
fn exposure_of(table: &Table, members: &[UnitId]) -> Option<Vec<UnitExposure>> {
    (!table.exposure.is_empty()).then(|| members.iter().map(|m| table.exposure.of(*m)).collect())
}

/// Whether any unit on `table` is held by 002's roll for doom (the enemy of whoever moves is,
/// if any is: a search reads it through the allowance).
pub fn enemy_doomed(table: &Table) -> bool {
    table
        .units
        .iter()
        .any(|e| e.on_table() && matches!(e.surprise, Surprise::Doom { .. }))
}

/// A search for a move, as a memo knows it: of `members` (led by the first) together when
/// `group`, while any unit is doomed or not (`enemy_doomed`, worked out once a decision).
pub struct SearchOf<'m> {
    pub members: &'m [UnitId],
    pub group: bool,
    pub enemy_doomed: bool,
}

/// Move searches that found no move (`RefusedSearch`), kept between decisions so an AI that
/// asks again tests only the destinations whose refusal may no longer hold: the latest for
/// each leader (alone, or with its group), so a crowd of any size keeps them all.
#[derive(Default)]
pub struct FruitlessSearches(std::sync::Mutex<FruitlessByLeader>);

/// The latest fruitless search of each leader, alone (`false`) or with its group (`true`).
type FruitlessByLeader = std::collections::HashMap<(UnitId, bool), RefusedSearch>;

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

    /// For the same search found fruitless before, with the members standing as they stood
    /// then: for each destination it tried, in order, its witness, `Ok` if that still holds
    /// (the destination is still refused), or `Err` where it must be tested again (the member it
    /// named is the likeliest to be refused again). `None` when there is no such search.
    pub fn still_refused(
        &self,
        table: &Table,
        rules: &Rules,
        search: &SearchOf,
    ) -> Option<Vec<Result<Witness, Witness>>> {
        let leader = *search.members.first()?;
        let memo = self.lock();
        let known = memo.get(&(leader, search.group))?;
        if !known.same_members(table, rules, search) {
            return known.regrouped(table, rules, search);
        }
        Some(
            known
                .refused_by
                .iter()
                .map(|w| if w.holds(table) { Ok(*w) } else { Err(*w) })
                .collect(),
        )
    }

    /// Remembers that `search` found no move, each destination it tried refused by
    /// `refused_by`'s witness, in place of any its leader's last fruitless search had.
    pub fn remember(
        &self,
        table: &Table,
        rules: &Rules,
        search: &SearchOf,
        refused_by: Vec<Witness>,
    ) {
        let (members, group) = (search.members, search.group);
        let Some(&leader) = members.first() else {
            return;
        };
        let mut sorted = members.to_vec();
        sorted.sort_unstable();
        let search = RefusedSearch {
            members: members.to_vec(),
            sorted,
            revision: table.units.revision(),
            units: table.units.len(),
            exposure: exposure_of(table, members),
            alone: match members {
                [alone] => table.unit(*alone).cloned(),
                _ => None,
            },
            leader: match members {
                [_, _, ..] => table.unit(leader).cloned(),
                _ => None,
            },
            enemy_doomed: search.enemy_doomed,
            rules: rules as *const Rules as usize,
            refused_by,
        };
        self.lock().insert((leader, group), search);
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
    fn a_unit_resting_again_on_less_is_not_woken_by_what_its_earlier_rest_watched() {
        let (m, mut t, a, beside, far) = three();
        t.unit_mut(a).unwrap().status.withdrawing = true;
        assert!(!rests(&m, &t, a));
        // Another rest watches what stands near it, far off.
        rest(&m, &t, far);
        // At rest again reading only itself (it has moved, say).
        {
            let grid = t.grid();
            let mut resting = m.resting_units(&t, rules(), &grid);
            resting.rest(t.index(a).unwrap(), false, &[], 0.0, &[]);
        }
        t.unit_mut(beside).unwrap().status.stunned = true;
        assert!(rests(&m, &t, a), "B is not what it rests on now");
        t.unit_mut(a).unwrap().status.withdrawing = false;
        assert!(!rests(&m, &t, a));
    }

    /// Puts `who` to rest, one after another, each with `members` as its members.
    fn rest_on_members(memos: &AiMemos, t: &Table, who: &[UnitId], members: &[UnitId]) {
        let grid = t.grid();
        let mut resting = memos.resting_units(t, rules(), &grid);
        let members: Vec<usize> = members.iter().map(|m| t.index(*m).unwrap()).collect();
        for id in who {
            resting.rest(t.index(*id).unwrap(), true, &members, 0.5, &[]);
        }
    }

    #[test]
    fn rests_on_the_same_members_all_wake_for_a_change_to_any_of_them_and_again_after() {
        let (m, mut t, a, beside, far) = three();
        let group = [a, beside];
        // A and B rest on their group; F rests with them among its members too.
        t.unit_mut(a).unwrap();
        rest_on_members(&m, &t, &[a, beside, far], &group);
        assert!(rests(&m, &t, a) && rests(&m, &t, beside) && rests(&m, &t, far));
        t.unit_mut(beside).unwrap().status.stunned = true;
        assert!(!rests(&m, &t, a) && !rests(&m, &t, far));
        // At rest again on the same members: a change to either wakes them again.
        rest_on_members(&m, &t, &[far], &group);
        rest_on_members(&m, &t, &[a], &group);
        t.unit_mut(a).unwrap().status.stunned = true;
        assert!(!rests(&m, &t, far), "A is among its members");
        rest_on_members(&m, &t, &[far], &group);
        move_to(&mut t, beside, (40.0, 10.0));
        assert!(!rests(&m, &t, far), "B is among its members");
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

    /// A's fruitless search, remembered with two destinations: the first refused by A itself
    /// (its allowance, say), the second by B's base.
    fn refused_search(m: &AiMemos, t: &Table, a: UnitId, beside: UnitId) {
        let base = t.unit(beside).unwrap().base;
        let search = SearchOf {
            members: &[a],
            group: false,
            enemy_doomed: false,
        };
        let by = vec![
            Witness::Members,
            Witness::Base {
                id: beside,
                base,
                member: a,
            },
        ];
        m.fruitless.remember(t, rules(), &search, by);
    }

    fn still_refused(m: &AiMemos, t: &Table, a: UnitId) -> Option<Vec<bool>> {
        let search = SearchOf {
            members: &[a],
            group: false,
            enemy_doomed: false,
        };
        let known = m.fruitless.still_refused(t, rules(), &search)?;
        Some(known.iter().map(Result::is_ok).collect())
    }

    #[test]
    fn a_fruitless_search_is_trusted_destination_by_destination_while_its_witnesses_stand() {
        let (m, mut t, a, beside, far) = three();
        refused_search(&m, &t, a, beside);
        assert_eq!(still_refused(&m, &t, a), Some(vec![true, true]));
        // A base coming near can only take room: nothing is tested again.
        move_to(&mut t, far, (10.0, 12.0));
        assert_eq!(still_refused(&m, &t, a), Some(vec![true, true]));
        // The base that refused the second destination moved: that one is tested again.
        move_to(&mut t, beside, (13.0, 14.0));
        assert_eq!(still_refused(&m, &t, a), Some(vec![true, false]));
        // Touched, but standing as it stood (a turn's marks cleared, say): still trusted.
        refused_search(&m, &t, a, beside);
        t.unit_mut(a).unwrap();
        assert_eq!(still_refused(&m, &t, a), Some(vec![true, true]));
        // A change to the searching unit itself: the search is made again.
        t.unit_mut(a).unwrap().status.stunned = true;
        assert_eq!(still_refused(&m, &t, a), None);
        // And under other members, or another rule of doom.
        refused_search(&m, &t, a, beside);
        let group = SearchOf {
            members: &[a, beside],
            group: true,
            enemy_doomed: false,
        };
        assert!(m.fruitless.still_refused(&t, rules(), &group).is_none());
        let doomed = SearchOf {
            members: &[a],
            group: false,
            enemy_doomed: true,
        };
        assert!(m.fruitless.still_refused(&t, rules(), &doomed).is_none());
    }

    #[test]
    fn a_groups_fruitless_search_is_trusted_after_others_join_or_leave_while_its_leader_and_witnesses_stand()
     {
        let m = AiMemos::default();
        let mut t = open_table();
        let [a, b, c, d, far] = [
            (10.0, 10.0),
            (11.0, 10.0),
            (12.0, 10.0),
            (10.0, 11.0),
            (30.0, 30.0),
        ]
        .map(|at| marine(&mut t, "M", at, 0.0));
        let far_base = t.unit(far).unwrap().base;
        let search = |t: &Table, members: &[UnitId]| -> Option<Vec<bool>> {
            let group = SearchOf {
                members,
                group: true,
                enemy_doomed: false,
            };
            let known = m.fruitless.still_refused(t, rules(), &group)?;
            Some(known.iter().map(Result::is_ok).collect())
        };
        // Four destinations: refused by B alone, by F's base in C's way, by F's base in B's
        // way, and by the group's shape.
        let first = SearchOf {
            members: &[a, b, c],
            group: true,
            enemy_doomed: false,
        };
        let by = vec![
            Witness::Member { id: b },
            Witness::Base {
                id: far,
                base: far_base,
                member: c,
            },
            Witness::Base {
                id: far,
                base: far_base,
                member: b,
            },
            Witness::Members,
        ];
        m.fruitless.remember(&t, rules(), &first, by);
        assert_eq!(search(&t, &[a, b, c]), Some(vec![true; 4]));
        // C has left and D has joined: what C or the group's shape refused is tested again.
        assert_eq!(search(&t, &[a, b, d]), Some(vec![true, false, true, false]));
        // F itself joins: its base no longer stands in any member's way.
        assert_eq!(
            search(&t, &[a, b, far]),
            Some(vec![true, false, false, false])
        );
        // B changed: nothing it refused is trusted.
        t.unit_mut(b).unwrap().status.stunned = true;
        assert_eq!(search(&t, &[a, b, d]), Some(vec![false; 4]));
        // The leader changed: the destinations may be others.
        t.unit_mut(a).unwrap().status.stunned = true;
        assert_eq!(search(&t, &[a, b, d]), None);
    }
}
