//! Who may shoot: what holds a unit's fire this phase (001 "To shoot"), as `CannotShoot` or a plain yes or no.

use crate::rules::formation;
use crate::rules::grid::UnitGrid;
use crate::rules::table::{MoveKind, Table, Unit, UnitId};
use crate::rules::wounds::too_wounded_to_shoot;
use ambush_data::board::Side;
use ambush_data::tables::Rules;
use ambush_data::tables::{ShootAfter, WeaponClass};

/// Why a unit may not shoot this phase (001 "To shoot").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CannotShoot {
    #[error("{0} is not on the table")]
    NotOnTable(String),
    #[error("{0} has already shot this turn")]
    AlreadyShot(String),
    /// The unit, and its surprise in words.
    #[error("{0} is {1}")]
    Surprised(String, &'static str),
    #[error("{0} is in base contact with the enemy")]
    InContact(String),
    #[error("{0} has received more than one wound")]
    Crippled(String),
    /// The unit, and the kind of move it made.
    #[error("{0} made a {1} move and may not shoot")]
    Moved(String, &'static str),
    #[error("{0} has no shooting weapon")]
    NoShootingWeapon(String),
    /// The unit, and its formation in words.
    #[error("{0} is {1} and may not shoot")]
    InFormation(String, String),
}

/// Why unit `id` may not shoot this phase, if it may not (001 "To shoot").
pub fn cannot_shoot(table: &Table, rules: &Rules, id: UnitId) -> Option<CannotShoot> {
    let u = table.unit(id)?;
    Some(held_fire(table, rules, u)?.in_words(rules, u))
}

/// Whether unit `id` may shoot this phase: `cannot_shoot` without the words, for the AIs' many
/// questions (a unit that does not exist may not).
pub fn free_to_shoot(table: &Table, rules: &Rules, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table
        .unit(id)
        .is_some_and(|u| fire_free_asking(rules, u, || table.in_enemy_contact(u.id, tol)))
}

/// `free_to_shoot`, asking `grid` (of this table as it stands) whether an enemy touches it.
pub fn free_to_shoot_via_grid(table: &Table, rules: &Rules, grid: &UnitGrid, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table.unit(id).is_some_and(|u| {
        fire_free_asking(rules, u, || table.in_enemy_contact_via_grid(grid, id, tol))
    })
}

/// Whether nothing holds unit `u`'s fire, asking `in_contact` whether an enemy touches it: the
/// answer of `held_fire_asking`, with the contact (the costly question) asked last, as only the
/// words of a refusal depend on the order.
pub(super) fn fire_free_asking(rules: &Rules, u: &Unit, in_contact: impl FnOnce() -> bool) -> bool {
    held_fire_asking(rules, u, || false).is_none() && !in_contact()
}

/// What holds a unit's fire this phase: `CannotShoot` before the unit's name is put in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum HeldFire {
    NotOnTable,
    AlreadyShot,
    Surprised(&'static str),
    InContact,
    Crippled,
    InFormation,
    Moved(MoveKind),
    NoShootingWeapon,
}

impl HeldFire {
    /// What holds unit `u`'s fire, in words.
    fn in_words(self, rules: &Rules, u: &Unit) -> CannotShoot {
        let unit = u.label.to_string();
        match self {
            HeldFire::NotOnTable => CannotShoot::NotOnTable(unit),
            HeldFire::AlreadyShot => CannotShoot::AlreadyShot(unit),
            HeldFire::Surprised(why) => CannotShoot::Surprised(unit, why),
            HeldFire::InContact => CannotShoot::InContact(unit),
            HeldFire::Crippled => CannotShoot::Crippled(unit),
            HeldFire::InFormation => {
                let display =
                    formation::formation_of(rules, u).map_or(String::new(), |f| f.display.clone());
                CannotShoot::InFormation(unit, display)
            }
            HeldFire::Moved(kind) => CannotShoot::Moved(unit, kind.name()),
            HeldFire::NoShootingWeapon => CannotShoot::NoShootingWeapon(unit),
        }
    }
}

fn held_fire(table: &Table, rules: &Rules, u: &Unit) -> Option<HeldFire> {
    let tol = rules.general.contact_tolerance;
    held_fire_asking(rules, u, || table.in_enemy_contact(u.id, tol))
}

/// What holds unit `u`'s fire, asking `in_contact` whether an enemy touches it.
fn held_fire_asking(
    rules: &Rules,
    u: &Unit,
    in_contact: impl FnOnce() -> bool,
) -> Option<HeldFire> {
    if !u.on_table() {
        return Some(HeldFire::NotOnTable);
    }
    if u.marks.shot {
        return Some(HeldFire::AlreadyShot);
    }
    if !u.surprise.may_attack() {
        return Some(HeldFire::Surprised(u.surprise.why()));
    }
    if in_contact() {
        return Some(HeldFire::InContact);
    }
    if too_wounded_to_shoot(rules, u) {
        return Some(HeldFire::Crippled);
    }
    if !formation::may_shoot(rules, u) {
        return Some(HeldFire::InFormation);
    }
    let moved = u.marks.moved.unwrap_or(MoveKind::NoMove);
    // 001: a side whose morale broke "withdraws from the table ... It can still fire its
    // weapons", whatever its troop type allows after a move.
    let broken_but_firing = u.status.withdrawing && u.side == Side::Humans;
    let ok = broken_but_firing
        || match rules.troop(u.troop).shoot_after {
            ShootAfter::AnyMove => true,
            ShootAfter::NoMoveOnly => moved == MoveKind::NoMove,
            // Carried by its drift in zero-g, a unit has made no move of its own to spoil its aim
            // beyond a straight-forward one's.
            ShootAfter::NoMoveOrStraightForward => {
                matches!(
                    moved,
                    MoveKind::NoMove | MoveKind::StraightForward | MoveKind::Drift
                )
            }
        };
    if !ok {
        return Some(HeldFire::Moved(moved));
    }
    if !u.weapons.iter().any(|w| {
        rules
            .weapon(w)
            .is_some_and(|p| p.class != WeaponClass::PhysicalContact)
    }) {
        return Some(HeldFire::NoShootingWeapon);
    }
    None
}
