//! Whether a unit may move this phase: what holds it still (`cannot_move`, `free_to_move`) and a formation that may not move.

use super::refusals::CannotMove;
use crate::rules::formation;
use crate::rules::grid::UnitGrid;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::tables::Rules;

/// Why a unit may not move at all this phase, if it may not.
pub fn cannot_move(table: &Table, rules: &Rules, id: UnitId) -> Option<CannotMove> {
    let u = table.unit(id)?;
    Some(held_still(table, rules, u)?.in_words(u))
}

/// `cannot_move`, asking `grid` (of this table as it stands) which units are near.
pub fn cannot_move_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    id: UnitId,
) -> Option<CannotMove> {
    let u = table.unit(id)?;
    let tol = rules.general.contact_tolerance;
    let held = held_still_asking(table, u, || table.in_enemy_contact_via_grid(grid, id, tol))?;
    Some(held.in_words(u))
}

/// `free_to_move`, asking `grid` (of this table as it stands) which units are near.
pub fn free_to_move_via_grid(table: &Table, rules: &Rules, grid: &UnitGrid, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table.unit(id).is_none_or(|u| {
        held_still_asking(table, u, || table.in_enemy_contact_via_grid(grid, id, tol)).is_none()
    })
}

/// Whether unit `id` may move this phase: `cannot_move` without the words, for the AI's and the
/// phase's many questions (a unit that does not exist is not held).
pub fn free_to_move(table: &Table, rules: &Rules, id: UnitId) -> bool {
    table
        .unit(id)
        .is_none_or(|u| held_still(table, rules, u).is_none())
}

/// Why a unit that may otherwise move cannot leave its place: its formation (a square).
pub fn held_by_formation(rules: &Rules, u: &Unit) -> Option<CannotMove> {
    let f = formation::formation_of(rules, u)?;
    f.movement
        .is_none()
        .then(|| CannotMove::InFormation(u.label.to_string(), f.display.clone()))
}

/// What holds a unit still this phase: `CannotMove` before the unit's name is put in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum HeldStill {
    NotOnTable,
    AlreadyMoved,
    Surprised(&'static str),
    Stunned,
    Withdrawing,
    Drifting,
    InContact,
}

impl HeldStill {
    /// What holds unit `u` still, in words.
    fn in_words(self, u: &Unit) -> CannotMove {
        let unit = u.label.to_string();
        match self {
            HeldStill::NotOnTable => CannotMove::NotOnTable(unit),
            HeldStill::AlreadyMoved => CannotMove::AlreadyMoved(unit),
            HeldStill::Surprised(why) => CannotMove::Surprised(unit, why),
            HeldStill::Stunned => CannotMove::Stunned(unit),
            HeldStill::Withdrawing => CannotMove::Withdrawing(unit),
            HeldStill::Drifting => CannotMove::Drifting(unit),
            HeldStill::InContact => CannotMove::InContact(unit),
        }
    }
}

fn held_still(table: &Table, rules: &Rules, u: &Unit) -> Option<HeldStill> {
    held_still_asking(table, u, || {
        table.in_enemy_contact(u.id, rules.general.contact_tolerance)
    })
}

/// `held_still`, asking `in_contact` whether an enemy touches the unit (last, as it costs most).
fn held_still_asking(
    table: &Table,
    u: &Unit,
    in_contact: impl FnOnce() -> bool,
) -> Option<HeldStill> {
    if !u.on_table() {
        return Some(HeldStill::NotOnTable);
    }
    if u.marks.moved.is_some() {
        return Some(HeldStill::AlreadyMoved);
    }
    if !u.surprise.may_move() {
        return Some(HeldStill::Surprised(u.surprise.why()));
    }
    if u.status.stunned {
        return Some(HeldStill::Stunned);
    }
    if u.status.withdrawing {
        return Some(HeldStill::Withdrawing);
    }
    if table.exposure.drift(u.id).is_some() {
        return Some(HeldStill::Drifting);
    }
    if in_contact() {
        return Some(HeldStill::InContact);
    }
    None
}
