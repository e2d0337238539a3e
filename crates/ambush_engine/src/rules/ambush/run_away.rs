//! 000's third unit runs away at the end of the turn: which units may run, and whether a move takes them away from the enemy.

use crate::rules::ambush::hidden;
use crate::rules::environment;
use crate::rules::movement::{self, MoveError, MovePlan, MoveSearch};
use crate::rules::table::{Table, UnitId};
use ambush_data::board::Side;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Why the rules refuse a run-away move.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RunAwayError {
    #[error("{0} is not yours to move")]
    NotYours(String),
    /// 001: "Aliens are moved as individual units".
    #[error("{0} moves alone: aliens are moved as individual units, never as a group")]
    AliensMoveAlone(String),
    #[error(
        "{0} may not run away: only a unit the ambush still holds in its third unit runs away, at \
         the end of the turn"
    )]
    NotARunner(String),
    #[error("{0} has no enemy in sight to run away from")]
    NothingToRunFrom(String),
    /// 003 space: a unit that cannot fly moves only by pushing off, in the movement phase.
    #[error("{0} floats in zero-g: it moves only by pushing off, and a held unit may not push off")]
    Floats(String),
    #[error(
        "{unit} would end {now:.1}\" from {enemy}, no farther than the {was:.1}\" it started: a \
         unit runs away from every enemy its side can see"
    )]
    NotAway {
        unit: String,
        enemy: String,
        was: f32,
        now: f32,
    },
    /// The move itself, judged as the movement phase judges a move.
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// Whether unit `id` is held by the ambush to running away at the end of the turn.
fn held_to_run(table: &Table, id: UnitId) -> bool {
    table
        .unit(id)
        .is_some_and(|u| u.on_table() && u.surprise.may_run_away())
}

/// Whether unit `id` floats in zero-g (003 space): it moves only by a push-off, a launch of
/// the movement phase that the run-away step does not give (no bundled scenario holds a unit in
/// the ambush ladder in space).
fn floats(table: &Table, rules: &Rules, id: UnitId) -> bool {
    table
        .unit(id)
        .is_some_and(|u| environment::drifts(table, rules, u))
}

/// The table with `ids` freed to move as in a movement phase (the ladder's hold lifted), so the
/// ordinary move check asks everything else it asks of a move: not moved already this turn (a
/// unit runs once; one that marched on or drifted has had its move), not in contact, not
/// stunned nor withdrawing, its allowance, a clear path and a clear end.
fn freed(table: &Table, ids: &[UnitId]) -> Table {
    let mut t = table.clone();
    for u in t.units.iter_mut().filter(|u| ids.contains(&u.id)) {
        u.surprise = crate::rules::table::Surprise::Alert;
    }
    t
}

/// The units of `side` that may still run away this step, on the table its side knows: held by
/// 000's third unit, free to move but for that hold (so not run yet), with an enemy in sight.
pub fn runners(table: &Table, rules: &Rules, side: Side) -> Vec<UnitId> {
    let candidates: Vec<UnitId> = table
        .side_on_table(side)
        .filter(|u| held_to_run(table, u.id) && !floats(table, rules, u.id))
        .map(|u| u.id)
        .collect();
    if candidates.is_empty() {
        return candidates;
    }
    let known = hidden::as_known_to(table, side);
    let known = known.as_ref().unwrap_or(table);
    if known.known_enemies(side).next().is_none() {
        return Vec::new();
    }
    let free = freed(known, &candidates);
    candidates
        .into_iter()
        .filter(|id| {
            movement::cannot_move(&free, rules, *id).is_none()
                && free
                    .unit(*id)
                    .is_none_or(|u| movement::held_by_formation(rules, u).is_none())
        })
        .collect()
}

/// Whether every mover in `plan` ends farther from every enemy its side can see (`known`: the
/// table as that side knows it) than it started, measured centre to centre.
pub fn check_away(known: &Table, side: Side, plan: &MovePlan) -> Result<(), RunAwayError> {
    let mut any = false;
    for e in known.known_enemies(side) {
        any = true;
        for (id, end) in &plan.poses {
            let Some(u) = known.unit(*id) else { continue };
            let (was, now) = (
                u.base.center.distance(e.base.center),
                end.center.distance(e.base.center),
            );
            if now <= was {
                return Err(RunAwayError::NotAway {
                    unit: u.label.to_string(),
                    enemy: e.label.to_string(),
                    was,
                    now,
                });
            }
        }
    }
    if !any {
        let unit = plan.poses.first().map_or(0, |p| p.0);
        return Err(RunAwayError::NothingToRunFrom(
            known.label(unit).to_string(),
        ));
    }
    Ok(())
}

/// 000, Table 34.2, Third Unit, failure: "May not attack. May move."; and the Example Ambush:
/// "For those personas that are still not part of the action they may move but not attack. More
/// precisely they may run away but they can only do this at the end of the unit." A combat unit
/// is one game turn here, so such a unit moves in the run-away step after the shooting and the
/// melee, before the end-of-turn checks, and only away from the enemy: every enemy unit its side
/// knows of on the table must be farther from its centre at the end of the move than at the
/// start, and (as any move that is not a charge) it may not end in contact.
///
/// Checks `side`'s run-away move of `unit` (and its group, when `group`: every member must be
/// held to run too) so its centre ends at `to` facing `facing`, on the table that side knows,
/// as the movement phase checks a move; then that it takes every mover away from the enemy.
pub fn plan_run(
    table: &Table,
    rules: &Rules,
    side: Side,
    (unit, to, facing, group): (UnitId, Vec2, f32, bool),
) -> Result<MovePlan, RunAwayError> {
    let known = hidden::as_known_to(table, side);
    let known = known.as_ref().unwrap_or(table);
    if known.side_of(unit) != Some(side) {
        return Err(RunAwayError::NotYours(known.label(unit).to_string()));
    }
    let tol = rules.general.contact_tolerance;
    let members = if group {
        known.group_of(unit, tol)
    } else {
        vec![unit]
    };
    // 001: "Aliens are moved as individual units".
    if group && side == Side::Aliens && members.len() > 1 {
        return Err(RunAwayError::AliensMoveAlone(known.label(unit).to_string()));
    }
    for m in &members {
        if !held_to_run(known, *m) {
            return Err(RunAwayError::NotARunner(known.label(*m).to_string()));
        }
        if floats(known, rules, *m) {
            return Err(RunAwayError::Floats(known.label(*m).to_string()));
        }
    }
    if known.known_enemies(side).next().is_none() {
        return Err(RunAwayError::NothingToRunFrom(
            known.label(unit).to_string(),
        ));
    }
    let free = freed(known, &members);
    let plan = MoveSearch::new(&free, rules, unit, group)?.plan(to, facing)?;
    check_away(known, side, &plan)?;
    Ok(plan)
}

/// The run-away moves of unit `id` alone, among `tries` (destination and facing), that
/// `plan_run` would accept, each as its plan: checked on one copy of the table, for a search
/// that tries many (the marine AI). Empty when the unit may not run at all.
pub fn accepted_runs(
    table: &Table,
    rules: &Rules,
    side: Side,
    id: UnitId,
    tries: impl IntoIterator<Item = (Vec2, f32)>,
) -> Vec<MovePlan> {
    if !runners(table, rules, side).contains(&id) {
        return Vec::new();
    }
    let known = hidden::as_known_to(table, side);
    let known = known.as_ref().unwrap_or(table);
    let free = freed(known, &[id]);
    let Ok(mut search) = MoveSearch::new(&free, rules, id, false) else {
        return Vec::new();
    };
    tries
        .into_iter()
        .filter_map(|(to, facing)| search.plan(to, facing).ok())
        .filter(|plan| check_away(known, side, plan).is_ok())
        .collect()
}
