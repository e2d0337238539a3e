//! Formations, 001's "period extras" made general: a troop type's data names them (a limbered gun, an infantry square), and these rules say what one allows and what changing it costs.

use crate::rules::table::{MoveKind, Table, Unit, UnitId};
use ambush_data::Rules;
use ambush_data::tables::{Allowance, Formation, FormationName};

/// The formation `u` is in, if any, with its line from the troop table.
pub fn formation_of<'r>(rules: &'r Rules, u: &Unit) -> Option<&'r Formation> {
    let name = u.status.formation?;
    rules.troops.troops.get(&u.troop)?.formations.get(&name)
}

/// The movement allowance `u` has in its present formation: its formation's, else its troop
/// type's. `None`: it cannot move at all (a square).
pub fn movement_of<'r>(rules: &'r Rules, u: &Unit) -> Option<&'r Allowance> {
    match formation_of(rules, u) {
        Some(f) => f.movement.as_ref(),
        None => Some(&rules.troop(u.troop).movement),
    }
}

/// Whether `u` may shoot in its present formation (a limbered gun may not).
pub fn may_shoot(rules: &Rules, u: &Unit) -> bool {
    formation_of(rules, u).is_none_or(|f| f.may_shoot)
}

/// Whether `u` has no flank or rear in its present formation (a square).
pub fn all_round(rules: &Rules, u: &Unit) -> bool {
    formation_of(rules, u).is_some_and(|f| f.all_round)
}

/// What the player reads for a formation change: "form square", "unlimber".
pub fn order_name(rules: &Rules, u: &Unit, to: Option<FormationName>) -> String {
    let line = rules.troops.troops.get(&u.troop);
    match (to, formation_of(rules, u)) {
        (Some(name), _) => line
            .and_then(|l| l.formations.get(&name))
            .map_or_else(|| name.to_string(), |f| f.enter.clone()),
        (None, Some(now)) => now.leave.clone(),
        (None, None) => "keep its order".into(),
    }
}

/// The formation changes `u` may order: each formation of its troop type it is not in, and
/// leaving the one it is in.
pub fn choices(rules: &Rules, u: &Unit) -> Vec<Option<FormationName>> {
    let Some(line) = rules.troops.troops.get(&u.troop) else {
        return Vec::new();
    };
    let mut out: Vec<Option<FormationName>> = line
        .formations
        .keys()
        .filter(|k| u.status.formation != Some(**k))
        .map(|k| Some(*k))
        .collect();
    if u.status.formation.is_some() {
        out.push(None);
    }
    out
}

/// Why a formation change is refused.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FormationError {
    #[error("{0} has no formation {1}")]
    Unknown(String, String),
    #[error("{0} is already {1}")]
    Already(String, String),
}

/// Whether `id` may change to the formation `to` (`None`: its ordinary order), or why not.
pub fn check_change(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    to: Option<FormationName>,
) -> Result<(), FormationError> {
    let label = table.label(id).to_string();
    let Some(u) = table.unit(id) else {
        return Err(FormationError::Unknown(label, "(no such unit)".into()));
    };
    if u.status.formation == to {
        let now = formation_of(rules, u)
            .map_or("in its ordinary order".to_string(), |f| f.display.clone());
        return Err(FormationError::Already(label, now));
    }
    if let Some(name) = to
        && !rules
            .troops
            .troops
            .get(&u.troop)
            .is_some_and(|l| l.formations.contains_key(&name))
    {
        return Err(FormationError::Unknown(label, name.to_string()));
    }
    Ok(())
}

/// Puts `id` into the formation `to`, a change `check_change` allowed. The change costs the
/// unit its move, and counts as movement for shooting (a gun that unlimbers fires next turn).
pub fn reform(table: &mut Table, id: UnitId, to: Option<FormationName>) {
    if let Some(u) = table.unit_mut(id) {
        u.status.formation = to;
        u.marks.moved = Some(MoveKind::Reformed);
    }
}
