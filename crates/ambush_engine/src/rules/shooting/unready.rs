//! 003's attacks on a defender that is not ready: the blindside and surprise modifiers, and noting who attacked.

use crate::rules::log::Modifier;
use crate::rules::table::{Surprise, Table, UnitId};
use ambush_data::tables::Rules;

/// 003's modifiers for "all attacks" on a defender that is not ready: +1 from a blindside (the
/// attacker unseen outside its front arc), and +1 while it is surprised and has no initiative.
/// Shooting, close quarter and physical contact all take them.
pub fn against_the_unready(
    table: &Table,
    rules: &Rules,
    attacker: UnitId,
    target: UnitId,
) -> Vec<Modifier> {
    let mut mods = Vec::new();
    if blindside(table, attacker, target) {
        mods.push(Modifier::new("blindside", rules.ambush.blindside_to_hit));
    }
    // 003 via rules.md: "attacks against it get +1" while it has no initiative.
    if table
        .unit(target)
        .is_some_and(|t| matches!(t.surprise, Surprise::Megs { .. }))
    {
        mods.push(Modifier::new(
            "target surprised",
            rules.ambush.megs.to_hit_bonus,
        ));
    }
    mods
}

/// 003 blindside (a scenario option): the attacker is outside the target's front arc and the
/// target has not located it.
pub fn blindside(table: &Table, attacker: UnitId, target: UnitId) -> bool {
    let (Some(a), Some(t)) = (table.unit(attacker), table.unit(target)) else {
        return false;
    };
    table.config.scenario.blindsides
        && !t.base.in_front_arc(a.base.center)
        && !t.located.contains(&attacker)
}

/// After an attack: an attacker seen in the front arc is located; a blindsiding one is noted, so
/// the target can try to locate it (a perception check in the ambush-units phase).
pub fn note_attack(table: &mut Table, attacker: UnitId, target: UnitId) {
    if !table.config.scenario.blindsides {
        return;
    }
    let hidden = blindside(table, attacker, target);
    if let Some(t) = table.unit_mut(target) {
        if hidden {
            t.marks.blindsided_by = Some(attacker);
        } else if !t.located.contains(&attacker) {
            t.located.push(attacker);
        }
    }
}
