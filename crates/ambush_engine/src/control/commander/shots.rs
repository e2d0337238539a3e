//! The commander's shooting: every shot its side may take, weighed by the chance to hit and what the target threatens, and the best taken.

use super::Style;
use super::aims::{must_board, range_of};
use crate::rules::orders::Order;
use crate::rules::shooting;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::Rules;
use ambush_data::board::Side;

/// What a target is worth beyond the hit itself, for each thing that makes it dangerous.
const THREAT_IN_REACH: f32 = 1.0;
const THREAT_SHOOTS: f32 = 0.5;

/// The side's next shot, or `DeclineShooting` when it has none. The humans' repair crew at a
/// dead ship holds its fire (001: repairs are for a marine "not shooting or meleeing"). A style
/// that minds friendly fire counts against a shot the hits a miss may put on friends in contact
/// with the target, and takes none that costs more than it gains.
pub fn shooting_order(table: &Table, rules: &Rules, side: Side, style: &Style) -> Order {
    // The repair crew: only the humans of a repair-and-board scenario have one.
    let crew_at_the_ship = must_board(table.config.scenario.objective.as_ref(), side)
        && !table.progress.power_restored;
    let grid = table.grid();
    let terrain = shooting::terrain_print(table);
    let tol = rules.general.contact_tolerance;
    let mut best: Option<(f32, f32, Order)> = None;
    // Each target's threat, worked out the first time a shooter can reach it.
    let mut threats: Vec<(UnitId, f32)> = Vec::new();
    for s in table.side_on_table(side) {
        if !shooting::free_to_shoot_via_grid(table, rules, &grid, s.id)
            || (crew_at_the_ship && table.touches_ship(&s.base, tol))
        {
            continue;
        }
        for (t, plan) in shooting::targets_via_grid(table, rules, &grid, terrain, s.id) {
            let Some(target) = table.unit(t) else {
                continue;
            };
            let threat = match threats.iter().find(|(id, _)| *id == t) {
                Some((_, known)) => *known,
                None => {
                    let worked_out = threat(table, rules, side, target);
                    threats.push((t, worked_out));
                    worked_out
                }
            };
            let mut worth = plan.chance() * (1.0 + threat);
            if style.minds_friendly_fire {
                worth -= friendly_fire(table, rules, side, t, plan.chance());
                if worth <= 0.0 {
                    continue;
                }
            }
            // The nearer of two equal shots first.
            let key = (worth, -plan.distance);
            if best
                .as_ref()
                .is_none_or(|b| key.0 > b.0 || (key.0 == b.0 && key.1 > b.1))
            {
                best = Some((
                    key.0,
                    key.1,
                    Order::Shoot {
                        shooter: s.id,
                        target: t,
                        weapon: None,
                    },
                ));
            }
        }
    }
    best.map_or(Order::DeclineShooting, |b| b.2)
}

/// The hits a shot at `target` is expected to put on `side`'s own units, each counted as a hit
/// on the enemy is: 001, "If shooting against enemy in base contact with a friendly unit and the
/// unit fails to hit: roll D6 for each friend in contact, a score of 1, 2 or 3 results in the
/// friendly unit receiving a hit."
fn friendly_fire(table: &Table, rules: &Rules, side: Side, target: UnitId, chance: f32) -> f32 {
    let friends = shooting::in_the_line_of_friendly_fire(table, rules, side, target).len();
    if friends == 0 {
        return 0.0;
    }
    let struck = (rules.shooting.friendly_fire_hit_max.clamp(0, 6) as f32) / 6.0;
    (1.0 - chance) * struck * friends as f32
}

/// What `target` threatens: whether it can reach one of `side`'s units next turn, and whether
/// it shoots.
fn threat(table: &Table, rules: &Rules, side: Side, target: &Unit) -> f32 {
    let reach = crate::rules::movement::max_allowance(table, rules, target.id) + 2.0;
    let mut threat = 0.0;
    if table
        .side_on_table(side)
        .any(|f| f.base.center.distance(target.base.center) <= reach)
    {
        threat += THREAT_IN_REACH;
    }
    if range_of(table, rules, target) > 0.0 {
        threat += THREAT_SHOOTS;
    }
    threat
}
