//! The alien AI ("random monster" rules of `rules.md`): nearest first, charge what it can reach,
//! otherwise close in; shoot the nearest target.

use crate::rules::movement;
use crate::rules::orders::Decision;
use crate::rules::orders::Order;
use crate::rules::orders::passing_order;
use crate::rules::shooting;
use crate::rules::table::{Table, UnitId};
use crate::rules::wounds::placement_clear;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::BROAD_PHASE_MARGIN;
use glam::Vec2;

/// The alien side's order for a decision.
pub fn decide(table: &Table, rules: &Rules, decision: &Decision) -> Order {
    match decision {
        Decision::Move { .. } => movement_order(table, rules),
        Decision::Shoot { .. } => shooting_order(table, rules),
        // 004: the ambusher springs at the scenario's spring point once the lead can reach it.
        Decision::Spring { .. } => crate::rules::phases::approach::scenario_choice(decision),
        // Aliens never break off or disengage, nor run away when an ambush holds them (an alien
        // column): "they just keep coming".
        other => passing_order(other),
    }
}

fn nearest_human(table: &Table, from: Vec2) -> Option<(UnitId, f32)> {
    table
        .known_enemies(Side::Aliens)
        .map(|h| (h.id, h.base.center.distance(from)))
        .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)))
}

/// "Aliens move one by one, nearest to the humans first."
fn movement_order(table: &Table, rules: &Rules) -> Order {
    // Ranked first, and only then asked whether each may move, nearest first, until one may:
    // the first free alien of the ranking, found without asking every alien (the costly part
    // of the question is the enemy contact, which the grid answers for one unit at a time).
    let mut aliens: Vec<(UnitId, f32)> = table
        .units
        .iter()
        .filter(|a| a.side == Side::Aliens && a.on_table() && a.marks.moved.is_none())
        .map(|a| {
            let d = nearest_human(table, a.base.center).map_or(f32::INFINITY, |h| h.1);
            (a.id, d)
        })
        .collect();
    aliens.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    let grid = table.grid();
    let Some(&(id, _)) = aliens
        .iter()
        .find(|(id, _)| movement::free_to_move_via_grid(table, rules, &grid, *id))
    else {
        return Order::EndMovement;
    };
    alien_move(table, rules, id)
}

/// How far beyond its own move an alien looks for a human to charge, inches: a target just out
/// of reach is still worth steering for.
const CHARGE_SEARCH_MARGIN: f32 = 3.0;

/// One alien's move: charge a visible human it can reach, else full rate toward the nearest
/// human (or the objective).
pub fn alien_move(table: &Table, rules: &Rules, id: UnitId) -> Order {
    let Some(me) = table.unit(id) else {
        return Order::EndMovement;
    };
    let reach = movement::max_allowance(table, rules, id) + CHARGE_SEARCH_MARGIN;
    let mut humans: Vec<(UnitId, f32)> = table
        .known_enemies(Side::Aliens)
        .filter(|h| geometry::base_distance_at_least(&me.base, &h.base) <= reach)
        .map(|h| (h.id, geometry::base_distance(&me.base, &h.base)))
        .filter(|(_, d)| *d <= reach)
        .collect();
    humans.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    for (h, _) in humans {
        if shooting::los_blocker(table, id, h).is_none()
            && movement::plan_charge(table, rules, id, h, None).is_ok()
        {
            return Order::Charge {
                unit: id,
                target: h,
                edge: None,
            };
        }
    }
    let goal = match nearest_human(table, me.base.center) {
        Some((h, _)) => table.unit(h).map(|u| u.base.center),
        None => table.ship().map(|s| s.shape.center()),
    };
    if let Some(goal) = goal
        && let Some(pose) = movement::steer_toward(table, rules, id, goal)
    {
        return Order::Move {
            unit: id,
            to: pose.center,
            facing: pose.facing,
            group: false,
        };
    }
    // Nowhere better to go: turn to face the goal if there is room, which uses up its move.
    let toward = goal.map_or(me.base.facing, |g| geometry::angle_of(g - me.base.center));
    let facing = if placement_clear(table, rules, &me.base.facing(toward), &[id]) {
        toward
    } else {
        me.base.facing
    };
    Order::Rotate { unit: id, facing }
}

/// "An alien with a firearm shoots the nearest target that is in range and in line of sight."
/// Every pair is ranked by distance (ties in table order), and only the nearest are planned,
/// until one can be shot: the pair the nearest of all possible shots would give.
///
/// The ranking is lazy: a pair is measured exactly only when no pair already measured is
/// surely nearer, by the cheap lower bound of the centres' distance less both half-diagonals;
/// and a pair beyond its shooter's longest reach by that bound is never ranked, since no
/// weapon of the shooter could take the shot.
fn shooting_order(table: &Table, rules: &Rules) -> Order {
    // (lower bound, shooter, target), in the order the full ranking would break ties in.
    let mut pairs: Vec<(f32, UnitId, UnitId)> = Vec::new();
    let grid = table.grid();
    let terrain = shooting::terrain_print(table);
    for a in table.side_on_table(Side::Aliens) {
        if !shooting::free_to_shoot_via_grid(table, rules, &grid, a.id) {
            continue;
        }
        let reach = shooting::longest_reach(table, rules, a);
        for t in table
            .units
            .iter()
            .filter(|t| t.side != a.side && t.on_table())
        {
            let near = geometry::base_distance_at_least(&a.base, &t.base);
            if near > reach + BROAD_PHASE_MARGIN {
                continue;
            }
            pairs.push((near, a.id, t.id));
        }
    }
    // The pairs by their lower bound; `measured` holds (distance, place in `pairs` order of
    // first listing) of those measured and not yet tried.
    let mut by_bound: Vec<usize> = (0..pairs.len()).collect();
    by_bound.sort_by(|x, y| pairs[*x].0.total_cmp(&pairs[*y].0).then(x.cmp(y)));
    let mut next = 0;
    let mut measured: Vec<(f32, usize)> = Vec::new();
    loop {
        // Measure every pair that could still come before the nearest measured one.
        while next < by_bound.len()
            && measured
                .iter()
                .map(|m| m.0)
                .min_by(f32::total_cmp)
                .is_none_or(|d| pairs[by_bound[next]].0 - BROAD_PHASE_MARGIN <= d)
        {
            let k = by_bound[next];
            let (_, shooter, target) = pairs[k];
            let (Some(s), Some(t)) = (table.unit(shooter), table.unit(target)) else {
                next += 1;
                continue;
            };
            measured.push((geometry::base_distance(&s.base, &t.base), k));
            next += 1;
        }
        // The nearest measured pair, the first listed among equals: the full ranking's next.
        let Some(at) = (0..measured.len()).min_by(|x, y| {
            measured[*x]
                .0
                .total_cmp(&measured[*y].0)
                .then(measured[*x].1.cmp(&measured[*y].1))
        }) else {
            return Order::DeclineShooting;
        };
        let (_, k) = measured.swap_remove(at);
        let (_, shooter, target) = pairs[k];
        // The nearest target the rules allow a shooter free to shoot (`shooting::targets`), its
        // lines of sight and cover asked of the grid.
        if shooting::free_to_shoot(table, rules, shooter)
            && shooting::target_via_grid(table, rules, &grid, terrain, shooter, target).is_some()
        {
            return Order::Shoot {
                shooter,
                target,
                weapon: None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    //! rules.md "Alien control in solo play": "Aliens move one by one, nearest to the humans
    //! first"; "If it can reach a visible human this move, it charges into base contact with the
    //! nearest one"; "Otherwise it moves its full rate toward the nearest human"; "An alien with
    //! a firearm shoots the nearest target that is in range and in line of sight."
    use super::*;
    use crate::rules::table::GameConfig;
    use ambush_data::tables::TroopType;

    fn table() -> Table {
        Table::new(GameConfig::plain(72.0, 48.0))
    }

    fn add(
        t: &mut Table,
        side: Side,
        label: &str,
        at: (f32, f32),
        bearing: f32,
        kit: &[&str],
    ) -> UnitId {
        let troop = if side == Side::Humans {
            "Infantry"
        } else {
            "Alien"
        };
        t.add(
            Rules::bundled(),
            label,
            side,
            TroopType::known(troop),
            at,
            bearing,
            kit,
        )
    }

    fn move_decision() -> Decision {
        Decision::Move {
            side: Side::Aliens,
            moves_left: None,
        }
    }

    #[test]
    fn the_alien_nearest_a_human_moves_first_and_closes_on_the_nearest_human() {
        let mut t = table();
        let near_marine = add(&mut t, Side::Humans, "M1", (20.0, 10.0), 0.0, &["blaster"]);
        add(&mut t, Side::Humans, "M2", (60.0, 10.0), 0.0, &["blaster"]);
        let far = add(&mut t, Side::Aliens, "A1", (40.0, 44.0), 180.0, &["claws"]);
        let near = add(&mut t, Side::Aliens, "A2", (20.0, 30.0), 180.0, &["claws"]);
        let order = decide(&t, Rules::bundled(), &move_decision());
        let Order::Move {
            unit, to, group, ..
        } = order
        else {
            panic!("a move toward the nearest human, not {order:?}");
        };
        assert_eq!(
            unit, near,
            "nearest to the humans first, whatever its place in the list"
        );
        assert_ne!(unit, far);
        assert!(!group, "aliens are moved as individual units");
        let from = t.unit(near).unwrap().base.center;
        let target = t.unit(near_marine).unwrap().base.center;
        // Its full rate toward M1, the nearest human: closer to M1 by about its whole move.
        let allowance = movement::max_allowance(&t, Rules::bundled(), near);
        let gained = from.distance(target) - to.distance(target);
        assert!(gained > allowance * 0.9, "gained {gained} of {allowance}");
    }

    #[test]
    fn an_alien_that_can_reach_a_visible_human_charges_the_nearest() {
        let mut t = table();
        let a = add(&mut t, Side::Aliens, "A1", (30.0, 20.0), 180.0, &["claws"]);
        let nearer = add(&mut t, Side::Humans, "M1", (30.0, 17.0), 0.0, &["blaster"]);
        add(&mut t, Side::Humans, "M2", (33.0, 16.5), 0.0, &["blaster"]);
        let order = decide(&t, Rules::bundled(), &move_decision());
        assert_eq!(
            order,
            Order::Charge {
                unit: a,
                target: nearer,
                edge: None
            }
        );
    }

    #[test]
    fn an_alien_with_a_firearm_shoots_the_nearest_target_in_range() {
        let mut t = table();
        let a = add(
            &mut t,
            Side::Aliens,
            "A1",
            (30.0, 30.0),
            180.0,
            &["alien_firearm"],
        );
        add(&mut t, Side::Humans, "M1", (30.0, 14.0), 0.0, &["blaster"]);
        let nearest = add(&mut t, Side::Humans, "M2", (36.0, 24.0), 0.0, &["blaster"]);
        let order = decide(
            &t,
            Rules::bundled(),
            &Decision::Shoot { side: Side::Aliens },
        );
        let Order::Shoot {
            shooter, target, ..
        } = order
        else {
            panic!("a shot, not {order:?}");
        };
        assert_eq!((shooter, target), (a, nearest));
    }
}
