//! The commander's movement: each free unit's best charge, move or stand (turning to face the enemy), and which unit goes first.

use super::Style;
use super::aims::{Picture, Weighing, keeps_shot, range_of};
use super::melee::chance_to_win;
use crate::control::marine_ai;
use crate::rules::drift::{Course, drift_course, launch_speed};
use crate::rules::environment;
use crate::rules::grid::TableGrid;
use crate::rules::movement;
use crate::rules::orders::Order;
use crate::rules::shooting;
use crate::rules::table::{Table, Unit};
use crate::rules::wounds::placement_clear;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use glam::Vec2;

/// Headings tried, degrees off the way to the unit's goal (or to the nearest enemy), nearest first.
const HEADINGS_DEG: [f32; 10] = [
    0.0, 30.0, -30.0, 60.0, -60.0, 90.0, -90.0, 135.0, -135.0, 180.0,
];
/// Fractions of the unit's allowance tried on each heading.
const STRIDES: [f32; 2] = [1.0, 0.5];
/// How far beyond its move a unit looks for an enemy to charge, inches: the charge's own check
/// says whether it reaches.
const CHARGE_LOOK: f32 = 3.0;
/// A charge goes before any move: it is worth this much more than the best move could be.
const CHARGE_FIRST: f32 = 1_000.0;
/// The least a unit with nothing to shoot needs to win a melee to charge is this much below
/// its level's mark: melee is all it has.
const MELEE_ONLY_BOLDNESS: f32 = 0.25;

/// The side's next movement order: a formation change the side wants, else the best of the
/// the first free unit's, nearest the enemy first: its charge, move or stand; `EndMovement`
/// once every unit has had its order.
pub fn movement_order(table: &Table, rules: &Rules, side: Side, style: &Style) -> Order {
    if let Some(order) = marine_ai::formation_order(table, rules, side) {
        return order;
    }
    let picture = Picture::of(table, rules, side);
    let picture = if style.spreads_attack {
        picture.spreading(table, rules)
    } else {
        picture
    };
    let grid = table.grid();
    let mut free: Vec<(f32, &Unit)> = table
        .side_on_table(side)
        .filter(|u| movement::free_to_move_via_grid(table, rules, &grid, u.id))
        .map(|u| {
            let near = picture
                .nearest(u.base.center)
                .map_or(f32::INFINITY, |e| e.1);
            (near, u)
        })
        .collect();
    free.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.id.cmp(&b.1.id)));
    free.into_iter()
        .find_map(|(_, u)| best_for(table, rules, &grid, &picture, u, style))
        .map_or(Order::EndMovement, |b| b.1)
}

/// Unit `u`'s best order and what it gains over standing: a charge with the odds its level
/// asks for, else the move to the spot worth most, else standing where it is, turned to face
/// the nearest enemy. A unit still hidden under its counter only charges, unless its style no
/// longer waits hidden: anything else would give it away for nothing; `None` leaves it be.
fn best_for(
    table: &Table,
    rules: &Rules,
    grid: &TableGrid,
    picture: &Picture,
    u: &Unit,
    style: &Style,
) -> Option<(f32, Order)> {
    if let Some(charge) = best_charge(table, rules, picture, u, style) {
        return Some(charge);
    }
    if u.status.hidden && style.waits_hidden {
        return None;
    }
    let here = u.base.center;
    let adrift = environment::drifts(table, rules, u);
    // Every spot tried lies within the unit's move (the steps, straight at its goal, into
    // cover); adrift, a launch may come to rest anywhere.
    let spots_within = if adrift {
        f32::INFINITY
    } else {
        movement::max_allowance(table, rules, u.id)
    };
    let weighing = picture.weighing(table, rules, u, spots_within);
    let goal = weighing.goal;
    let stand = picture.worth(table, &weighing, here, true, style);
    let facing_at = |p: Vec2| match picture.nearest(p) {
        Some((e, _)) => geometry::angle_of(e.at - p),
        None => goal.map_or(u.base.facing, |g| geometry::angle_of(g - p)),
    };
    let mut best: Option<(f32, Order)> = None;
    if adrift {
        // Adrift, a push off carries the unit on until it hits something: no spot within its
        // move is where it ends.
        best = best_launch(table, rules, picture, u, &weighing, stand, style);
    } else if let Ok(mut search) = movement::MoveSearch::among(table, rules, grid, vec![u.id]) {
        let allow = movement::max_allowance(table, rules, u.id);
        let ahead = goal
            .or_else(|| picture.nearest(here).map(|(e, _)| e.at))
            .map_or(u.base.facing, |g| geometry::angle_of(g - here));
        let mut spots: Vec<Vec2> = HEADINGS_DEG
            .iter()
            .flat_map(|deg| {
                let dir = geometry::dir(ahead + deg.to_radians());
                STRIDES.iter().map(move |s| here + dir * allow * s)
            })
            .collect();
        // Straight at the goal, stopping on it (a place to stand) or a base short of it (an
        // enemy, whom a charge, not a move, reaches).
        if let Some(goal) = goal {
            let d = goal.distance(here);
            let short = if picture.ship {
                0.0
            } else {
                u.base.size.length()
            };
            if d > 1e-3 && d - short < allow {
                spots.push(here + (goal - here) * ((d - short) / d).max(0.0));
            }
        }
        spots.extend(cover_within(table, here, allow));
        let size = table.config.table();
        for to in spots {
            if to.x < 0.0 || to.y < 0.0 || to.x > size.x || to.y > size.y {
                continue;
            }
            let keeps = keeps_shot(rules, u, to);
            let gain = picture.worth(table, &weighing, to, keeps, style) - stand;
            if gain <= 0.0 || best.as_ref().is_some_and(|b| b.0 >= gain) {
                continue;
            }
            let onto_the_ship = picture.ship && goal.is_some_and(|g| g.distance(to) < 1e-4);
            let facing = if onto_the_ship {
                // Squarely to the hull, as its place there was found for: turned any other
                // way, a corner of the base would cut into the ship.
                table
                    .ship()
                    .map_or(u.base.facing, |s| marine_ai::facing_the_ship(&s.shape, to))
            } else if keeps && weighing.range > 0.0 {
                // Turning would spoil a straight-forward move's shot: face as it moves.
                u.base.facing
            } else {
                facing_at(to)
            };
            if search.allows(to, facing) {
                best = Some((
                    gain,
                    Order::Move {
                        unit: u.id,
                        to,
                        facing,
                        group: false,
                    },
                ));
            }
        }
    }
    best.or_else(|| {
        // It stands, turned to the enemy if there is room, which uses its move.
        let toward = facing_at(here);
        let facing = if placement_clear(table, rules, &u.base.facing(toward), &[u.id]) {
            toward
        } else {
            u.base.facing
        };
        Some((0.0, Order::Rotate { unit: u.id, facing }))
    })
}

/// What each turn more adrift costs a launch, in inches of progress: the turn limit does not
/// wait, so of two ways to the same place the quicker is taken.
const TURN_ADRIFT: f32 = 1.0;

/// Adrift in zero-g (003: "Objects moving in space continue to move in a constant speed and
/// direction until acted upon by some outside force ... until they hit another object"), the
/// launch whose resting place is worth most to `u`, and what it gains over standing: weighed
/// where the drift would bring it to rest, or where one more launch from there straight at its
/// goal would, less `TURN_ADRIFT` for each turn after the first the way takes. Launches are
/// tried on the headings round the way to its goal and at each thing it could come to rest
/// against: an impassable feature or a friend. A launch that would carry it off the table is
/// never made.
fn best_launch(
    table: &Table,
    rules: &Rules,
    picture: &Picture,
    u: &Unit,
    weighing: &Weighing,
    stand: f32,
    style: &Style,
) -> Option<(f32, Order)> {
    let speed = launch_speed(table, rules, u.id);
    if speed < MEASURING_SLACK {
        return None;
    }
    let here = u.base.center;
    let ahead = weighing
        .goal
        .or_else(|| picture.nearest(here).map(|(e, _)| e.at))
        .map_or(u.base.facing, |g| geometry::angle_of(g - here));
    let mut aims: Vec<Vec2> = HEADINGS_DEG
        .iter()
        .map(|deg| geometry::dir(ahead + deg.to_radians()))
        .collect();
    let rests_against = table
        .terrain
        .iter()
        .filter(|f| f.going == ambush_data::board::Going::Impassable)
        .map(|f| f.shape.center())
        .chain(
            table
                .side_on_table(u.side)
                .filter(|f| f.id != u.id)
                .map(|f| f.base.center),
        );
    aims.extend(rests_against.map(|p| p - here));
    let turns = |travel: f32| (travel / speed).ceil().max(1.0);
    let mut best: Option<(f32, Order)> = None;
    for aim in aims {
        let Course::Rests { at, travel } = drift_course(table, rules, u.id, &u.base, aim) else {
            continue;
        };
        if travel < MEASURING_SLACK {
            continue;
        }
        let taken = turns(travel);
        let mut worth =
            picture.worth(table, weighing, at.center, false, style) - TURN_ADRIFT * (taken - 1.0);
        // One more launch from where it comes to rest, straight at its goal.
        if let Some(goal) = weighing.goal
            && let Course::Rests {
                at: then,
                travel: on,
            } = drift_course(table, rules, u.id, &at, goal - at.center)
            && on >= MEASURING_SLACK
        {
            let later = picture.worth(table, weighing, then.center, false, style)
                - TURN_ADRIFT * (taken + turns(on) - 1.0);
            worth = worth.max(later);
        }
        let gain = worth - stand;
        if gain <= 0.0 || best.as_ref().is_some_and(|b| b.0 >= gain) {
            continue;
        }
        best = Some((
            gain,
            Order::Move {
                unit: u.id,
                to: here + aim.normalize_or_zero() * speed,
                facing: u.base.facing,
                group: false,
            },
        ));
    }
    best
}

/// The charge `u` would make: at the known enemy within reach it has the best chance of beating,
/// if that chance is at least its level's mark.
fn best_charge(
    table: &Table,
    rules: &Rules,
    picture: &Picture,
    u: &Unit,
    style: &Style,
) -> Option<(f32, Order)> {
    let reach = movement::max_allowance(table, rules, u.id) + CHARGE_LOOK;
    let mark = if range_of(table, rules, u) > 0.0 {
        style.charge_odds
    } else {
        style.charge_odds - MELEE_ONLY_BOLDNESS
    };
    let mut best: Option<(f32, u32)> = None;
    for e in &picture.enemies {
        if geometry::base_distance_at_least(&u.base, &table.unit(e.id)?.base) > reach {
            continue;
        }
        let odds = chance_to_win(table, rules, u.id, e.id, 0);
        if odds < mark || best.is_some_and(|b| b.0 >= odds) {
            continue;
        }
        if shooting::los_blocker(table, u.id, e.id).is_none()
            && movement::plan_charge(table, rules, u.id, e.id, None).is_ok()
        {
            best = Some((odds, e.id));
        }
    }
    best.map(|(odds, target)| {
        (
            CHARGE_FIRST + odds,
            Order::Charge {
                unit: u.id,
                target,
                edge: None,
            },
        )
    })
}

/// Steps tried along the way to each piece of cover: bad going costs more to cross, so the
/// nearest spot inside may be all a move reaches.
const COVER_STEPS: usize = 8;

/// Spots inside each piece of cover within `allow` of `here`, on the way to the piece's middle:
/// the nearest inside, and the farthest the move could reach.
fn cover_within(table: &Table, here: Vec2, allow: f32) -> Vec<Vec2> {
    let mut spots = Vec::new();
    for f in &table.terrain {
        if f.going != ambush_data::board::Going::Bad || f.water || f.linear_defence {
            continue;
        }
        let way = f.shape.center() - here;
        let d = way.length().min(allow);
        if d < 1e-3 {
            continue;
        }
        let dir = way.normalize();
        let inside: Vec<Vec2> = (1..=COVER_STEPS)
            .map(|k| here + dir * d * k as f32 / COVER_STEPS as f32)
            .filter(|p| f.shape.contains(*p))
            .collect();
        spots.extend(inside.first());
        if inside.len() > 1 {
            spots.extend(inside.last());
        }
    }
    spots
}

/// The move of the first of `side`'s free units that can reach a free place along the ship's
/// hull this move (`marine_ai::free_ship_slot`), squarely into contact with it, if any.
pub fn onto_the_ship(table: &Table, rules: &Rules, side: Side) -> Option<Order> {
    let ship = table.ship()?.shape.clone();
    let grid = table.grid();
    let tol = rules.general.contact_tolerance;
    for u in table.side_on_table(side) {
        if table.touches_ship(&u.base, tol)
            || !movement::free_to_move_via_grid(table, rules, &grid, u.id)
        {
            continue;
        }
        // A base farther from the hull than its move (and a slack) cannot reach any place
        // along it: the places are not looked for, which a block of a thousand would make costly.
        let allow = movement::max_allowance(table, rules, u.id);
        if ship.distance_to(&u.base) > allow + 1.0 {
            continue;
        }
        let Some((to, facing)) = marine_ai::free_ship_slot(table, rules, &ship, u) else {
            continue;
        };
        if to.distance(u.base.center) > allow {
            continue;
        }
        let Ok(mut search) = movement::MoveSearch::among(table, rules, &grid, vec![u.id]) else {
            continue;
        };
        if search.allows(to, facing) {
            return Some(Order::Move {
                unit: u.id,
                to,
                facing,
                group: false,
            });
        }
    }
    None
}
