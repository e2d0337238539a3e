//! The commander in a melee: its chance of winning a physical contact, whether to break off or disengage, and which attacker a defender takes on.

use super::Style;
use crate::rules::log::sum;
use crate::rules::melee::contact_modifiers;
use crate::rules::table::{Table, UnitId};
use ambush_data::Rules;

/// The chance that `id` wins a physical contact against `enemy`, with `enemy_support` units
/// supporting the enemy (001: "Add factors to a D6 and
/// compare: highest result wins the melee"), a draw counted half.
pub fn chance_to_win(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    enemy: UnitId,
    enemy_support: usize,
) -> f32 {
    let mine = sum(&contact_modifiers(table, rules, id, enemy, 0));
    let theirs = sum(&contact_modifiers(table, rules, enemy, id, enemy_support));
    let mut score = 0.0;
    for a in 1..=6 {
        for b in 1..=6 {
            score += match (a + mine).cmp(&(b + theirs)) {
                std::cmp::Ordering::Greater => 1.0,
                std::cmp::Ordering::Equal => 0.5,
                std::cmp::Ordering::Less => 0.0,
            };
        }
    }
    score / 36.0
}

/// Whether `unit`, which won or drew its melee, or may disengage, should try to get out: its
/// chance against the enemy touching it that it fares worst against is below the style's
/// mark. A failed attempt leaves it where it stands, so only the odds of staying decide.
pub fn worth_leaving(table: &Table, rules: &Rules, unit: UnitId, style: &Style) -> bool {
    let tol = rules.general.contact_tolerance;
    let worst = table
        .enemies_in_contact(unit, tol)
        .into_iter()
        .map(|e| {
            // The enemy's other contacts may support it next round.
            let theirs = table.friends_in_contact(e, tol).len();
            chance_to_win(table, rules, unit, e, theirs)
        })
        .fold(1.0_f32, f32::min);
    worst < style.break_off_below
}

/// The attacker a defender takes on when the rules leave it the choice: the one it has the best
/// chance against.
pub fn weakest_attacker(
    table: &Table,
    rules: &Rules,
    defender: UnitId,
    candidates: &[UnitId],
) -> UnitId {
    candidates
        .iter()
        .copied()
        .max_by(|a, b| {
            let ca = chance_to_win(table, rules, defender, *a, 0);
            let cb = chance_to_win(table, rules, defender, *b, 0);
            ca.total_cmp(&cb).then(b.cmp(a))
        })
        .unwrap_or(defender)
}
