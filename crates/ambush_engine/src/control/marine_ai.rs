//! The scripted marine AI of the crashed-ship scenario: advance as a group, shoot, repair, board.

use crate::control::group_freedom::Freedom;
use crate::control::memos;
use crate::control::memos::{AiMemos, SearchOf, contact_reach, search_area};
use crate::rules::ambush::{hidden, run_away};
use crate::rules::formation;
use crate::rules::grid::{TableGrid, UnitGrid};
use crate::rules::movement;
use crate::rules::movement::Witness;
use crate::rules::orders::Decision;
use crate::rules::orders::Order;
use crate::rules::orders::passing_order;
use crate::rules::phases::movement::boarders;
use crate::rules::shooting;
use crate::rules::table::{Table, Unit, UnitId};
use crate::rules::wounds::placement_clear;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::BROAD_PHASE_MARGIN;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::Shape;
use ambush_data::geometry::point_segment_distance;
use ambush_data::tables::ShootAfter;
use glam::Vec2;

/// The marine side's order for a decision.
pub fn decide(table: &Table, rules: &Rules, decision: &Decision, memos: &AiMemos) -> Order {
    match decision {
        Decision::Move { .. } => movement_order(table, rules, memos),
        Decision::Board { .. } => match boarders(table, rules).first() {
            Some(unit) => Order::Board { unit: *unit },
            None => Order::EndBoarding,
        },
        Decision::Shoot { .. } => shooting_order(table, rules, memos),
        // Get out of a melee whenever the dice allow: marines win by flying, not by brawling.
        Decision::BreakOff { unit, .. } => Order::BreakOff {
            unit: *unit,
            attempt: true,
        },
        Decision::Disengage { unit, .. } => Order::Disengage {
            unit: *unit,
            attempt: true,
        },
        Decision::RunAway { side } => run_away_order(table, rules, *side),
        // 004: the ambusher springs at the scenario's spring point once the lead can reach it.
        Decision::Spring { .. } => crate::rules::phases::approach::scenario_choice(decision),
        other => passing_order(other),
    }
}

/// Headings tried when running away, degrees off straight away from the enemy, nearest first.
const RUN_HEADINGS_DEG: [f32; 9] = [0.0, 20.0, -20.0, 45.0, -45.0, 70.0, -70.0, 90.0, -90.0];
/// A run must put at least this much more room (inches) between the marine and the nearest
/// enemy it can see, or the marine stays where it stands.
const RUN_GAIN: f32 = 0.5;

/// 000's third unit at the end of the turn: the first marine the ambush holds that can get
/// clear runs where the rules allow that leaves it farthest from the nearest enemy it can see,
/// keeping its facing (it falls back, weapon toward the enemy, unless the rules turn it); when
/// none can gain `RUN_GAIN`, the rest stay. Only what the marines can see is used.
pub(crate) fn run_away_order(table: &Table, rules: &Rules, side: Side) -> Order {
    let known = hidden::as_known_to(table, side);
    let known = known.as_ref().unwrap_or(table);
    let enemies: Vec<Vec2> = known.known_enemies(side).map(|e| e.base.center).collect();
    let nearest = |p: Vec2| {
        enemies
            .iter()
            .map(|e| e.distance(p))
            .fold(f32::INFINITY, f32::min)
    };
    for id in run_away::runners(table, rules, side) {
        let Some(u) = table.unit(id) else { continue };
        let c = u.base.center;
        // Away from every enemy, the nearer ones weighing more.
        let away: Vec2 = enemies
            .iter()
            .map(|e| (c - *e).normalize_or_zero() / c.distance(*e).max(1.0))
            .sum();
        if away.length() < 1e-6 {
            continue;
        }
        let ahead = geometry::angle_of(away);
        let allow = movement::max_allowance(table, rules, id);
        let tries = RUN_HEADINGS_DEG.iter().flat_map(|deg| {
            let dir = geometry::dir(ahead + deg.to_radians());
            STRIDES
                .iter()
                .map(move |s| (c + dir * allow * s, u.base.facing))
        });
        let best = run_away::accepted_runs(table, rules, side, id, tries)
            .into_iter()
            .filter_map(|plan| plan.poses.first().map(|p| p.1))
            .map(|end| (nearest(end.center), end))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        if let Some((room, end)) = best
            && room >= nearest(c) + RUN_GAIN
        {
            return Order::Move {
                unit: id,
                to: end.center,
                facing: end.facing,
                group: false,
            };
        }
    }
    Order::EndRunAway
}

/// Marines at the ship while its power is off are the repair crew: they hold their fire.
fn repairing(table: &Table, rules: &Rules, id: UnitId) -> bool {
    !table.progress.power_restored
        && table
            .unit(id)
            .is_some_and(|u| table.touches_ship(&u.base, rules.general.contact_tolerance))
}

/// A unit that may only shoot if it stays put (a heavy weapon team) holds its ground while it has
/// a target and the ship is still dead; once the power is back it heads for the ship.
fn holds_to_shoot(table: &Table, rules: &Rules, id: UnitId) -> bool {
    !table.progress.power_restored
        && table
            .unit(id)
            .is_some_and(|u| rules.troop(u.troop).shoot_after == ShootAfter::NoMoveOnly)
        && shooting::has_target(table, rules, id)
}

/// A marine aims this far beyond touching the ship's outline, inches, so rounding never leaves
/// it overlapping the impassable hull.
const SHIP_STANDOFF: f32 = 0.02;
/// Along a rectangular ship's side, the slot stays this fraction away from either corner.
const CORNER_KEEPOUT: f32 = 0.1;
/// A marine this close to its slot (inches) has arrived.
const ARRIVED: f32 = 0.05;
/// Headings tried toward the ship, degrees off the straight line, nearest first.
const DETOURS_DEG: [f32; 7] = [0.0, 20.0, -20.0, 45.0, -45.0, 90.0, -90.0];
/// Fractions of the allowance tried on each heading, longest first.
const STRIDES: [f32; 4] = [1.0, 0.75, 0.5, 0.25];

/// Where a base should stand to touch the ship: the nearest point of the ship's outline, pushed
/// out by half the base's depth.
pub(crate) fn ship_slot(ship: &Shape, base: &Footprint) -> Option<Vec2> {
    let c = base.center;
    match ship {
        Shape::Circle { radius, .. } => {
            let dir = (c - ship.center()).normalize_or_zero();
            Some(ship.center() + dir * (radius + base.depth() * 0.5 + SHIP_STANDOFF))
        }
        Shape::Rect { .. } | Shape::Polygon { .. } => {
            let mut best: Option<(f32, Vec2, Vec2)> = None;
            for (p, q, normal) in outward_edges(&ship.outline()?) {
                let d = point_segment_distance(c, p, q);
                if best.is_none_or(|b| d < b.0) {
                    let e = q - p;
                    let t = ((c - p).dot(e) / e.length_squared())
                        .clamp(CORNER_KEEPOUT, 1.0 - CORNER_KEEPOUT);
                    best = Some((d, p + e * t, normal));
                }
            }
            best.map(|(_, p, n)| p + n * (base.depth() * 0.5 + SHIP_STANDOFF))
        }
    }
}

/// Inches between the places along the ship's outline `free_ship_slot` tries.
const SLOT_STEP: f32 = 0.5;

/// Each edge of an outline, from its first point to its second, with its outward normal.
fn outward_edges(k: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2, Vec2)> + '_ {
    // Outward normals turn right of each edge when the points run counter-clockwise.
    let wind = if ambush_data::polygon::signed_area(k) < 0.0 {
        -1.0
    } else {
        1.0
    };
    ambush_data::polygon::edges(k).map(move |(p, q)| {
        let e = q - p;
        (p, q, Vec2::new(e.y, -e.x).normalize_or_zero() * wind)
    })
}

/// The facing of a base at `p` squarely toward the ship: at the nearest point of its outline.
pub(crate) fn facing_the_ship(ship: &Shape, p: Vec2) -> f32 {
    let toward = match ship.outline() {
        Some(k) => ambush_data::polygon::edges(&k)
            .map(|(a, b)| geometry::nearest_point_on_segment(p, a, b))
            .min_by(|x, y| x.distance(p).total_cmp(&y.distance(p)))
            .unwrap_or(ship.center()),
        None => ship.center(),
    };
    geometry::angle_of(toward - p)
}

/// Where unit `u` should go to touch the ship, and the facing it touches it in, squarely: its
/// nearest slot (`ship_slot`) while no base stands there, else the nearest place along the
/// outline, all round, where its base would stand clear of every other base and of the
/// impassable. A side of the ship the others have filled is no place to make for.
pub(crate) fn free_ship_slot(
    table: &Table,
    rules: &Rules,
    ship: &Shape,
    u: &Unit,
) -> Option<(Vec2, f32)> {
    let nearest = ship_slot(ship, &u.base)?;
    let posed = |p: Vec2| (p, facing_the_ship(ship, p));
    let clear = |(p, facing): (Vec2, f32)| {
        placement_clear(table, rules, &u.base.at(p).facing(facing), &[u.id])
    };
    if clear(posed(nearest)) {
        return Some(posed(nearest));
    }
    let out = u.base.depth() * 0.5 + SHIP_STANDOFF;
    let mut places: Vec<Vec2> = Vec::new();
    match ship {
        Shape::Circle { radius, .. } => {
            let r = radius + out;
            let n = ((std::f32::consts::TAU * r) / SLOT_STEP).ceil().max(8.0) as usize;
            places.extend((0..n).map(|i| {
                ship.center() + geometry::dir(std::f32::consts::TAU * i as f32 / n as f32) * r
            }));
        }
        Shape::Rect { .. } | Shape::Polygon { .. } => {
            let Some(k) = ship.outline() else {
                return Some(posed(nearest));
            };
            for (p, q, normal) in outward_edges(&k) {
                let e = q - p;
                let n = (e.length() / SLOT_STEP).ceil().max(1.0) as usize;
                places.extend((0..=n).filter_map(|j| {
                    let t = j as f32 / n as f32;
                    (CORNER_KEEPOUT..=1.0 - CORNER_KEEPOUT)
                        .contains(&t)
                        .then(|| p + e * t + normal * out)
                }));
            }
        }
    }
    // Nearest first, so that the search stops at the first clear place: asking each place
    // whether it is clear costs far more than ordering them.
    let here = u.base.center;
    places.sort_by(|a, b| a.distance(here).total_cmp(&b.distance(here)));
    places
        .into_iter()
        .map(posed)
        .find(|p| clear(*p))
        .or(Some(posed(nearest)))
}

fn movement_order(table: &Table, rules: &Rules, memos: &AiMemos) -> Order {
    let tol = rules.general.contact_tolerance;
    if let Some(order) = formation_order(table, rules, Side::Humans) {
        return order;
    }
    let Some(ship) = table.ship().map(|s| s.shape.clone()) else {
        return Order::EndMovement;
    };
    let grid = table.grid();
    // Read by every search's memo: worked out once a decision.
    let doomed = memos::enemy_doomed(table);
    // Not a mover for a reason in the unit alone: not a marine on the table, already moved, or
    // at the ship. Only a change to the unit itself can make it a mover this phase.
    let held_by_itself = |u: &Unit| {
        u.side != Side::Humans
            || !u.on_table()
            || u.marks.moved.is_some()
            || table.touches_ship(&u.base, tol)
    };
    // A mover: a marine free to move, clear of the ship, and not holding its ground to shoot.
    let is_mover = |u: &Unit| {
        !held_by_itself(u)
            && movement::free_to_move_via_grid(table, rules, &grid, u.id)
            && !holds_to_shoot(table, rules, u.id)
    };
    // A unit that holds its ground while it has a target anywhere: what it does reads the
    // whole table, so it is never put to rest.
    let reads_everything = |u: &Unit| rules.troop(u.troop).shoot_after == ShootAfter::NoMoveOnly;
    // The units are walked in table order, and the first that finds a way forward moves. A
    // unit that finds nothing rests (`AiMemos::resting_units`) until something it read changes,
    // so each decision looks only at the units that could answer differently from last time.
    let mut resting = memos.resting_units(table, rules, &grid);
    // A unit that rested on its group's proof of a held member wakes when the proof is lost.
    let self_held = |place: usize| held_by_itself(&table.units[place]);
    let mut proofs = memos.held.lock();
    let mut lost = Vec::new();
    proofs.catch_up(table, rules, &grid, &self_held, &mut lost);
    for place in lost {
        resting.wake(place);
    }
    let mut first_mover = resting.first_resting_mover();
    let mut near = Vec::new();
    let mut touching = Vec::new();
    let mut groups = memos.groups.start(table.units.len());
    let may_move = |place: usize| {
        let u = &table.units[place];
        if is_mover(u) {
            Some(true)
        } else if reads_everything(u) {
            None
        } else {
            Some(false)
        }
    };
    let mut from = 0;
    while let Some(place) = resting.next_awake(from) {
        from = place + 1;
        let u = &table.units[place];
        let id = u.id;
        if !is_mover(u) {
            if held_by_itself(u) {
                resting.rest(place, false, &[], 0.0, &[]);
            } else if !reads_everything(u) {
                // Held still: only a change to it, or to a unit that could touch it, frees it.
                let reach = contact_reach(&[u], tol);
                grid.near_point(u.base.center, reach, &mut near);
                resting.rest(place, false, &[place], reach, &near);
            }
            continue;
        }
        first_mover = Some(first_mover.map_or(place, |f| f.min(place)));
        // A group with a member that may not move does not move together: the unit can only
        // step alone, and its answer reads itself and what shows the group held: a proof kept
        // between decisions (`HeldProofs`), or the chain to the held member (`group_freedom`).
        let freedom = (!reads_everything(u))
            .then(|| groups.of(table, &grid, place, tol, &may_move, &mut proofs, &self_held));
        let held = match freedom {
            Some(Freedom::Proven) => Some(None),
            Some(Freedom::Held { chain }) => Some(Some(chain)),
            _ => None,
        };
        if let Some(chain) = held {
            let lone = match step_unless_fruitless(table, rules, memos, &grid, &ship, &[id], doomed)
                .step()
            {
                Ok(order) => return order,
                Err(by) => by,
            };
            near.clear();
            // A chain stays whole while its units stay as they are, the held one touching
            // whatever it touches now; a proof, while `HeldProofs` keeps it.
            if let Some(chain) = chain {
                near.extend_from_slice(&chain[1..]);
                let held = &table.units[chain[chain.len() - 1]];
                grid.near_point(held.base.center, contact_reach(&[held], tol), &mut touching);
                near.extend_from_slice(&touching);
            }
            let reach = rest_on(table, rules, &grid, &[u], &[lone], &mut near);
            resting.rest(place, true, &[place], reach, &near);
            continue;
        }
        // Advance as a group while the whole group is free to move and clear of the ship. A
        // group found free lists its members for each of them: led by the unit, the rest in
        // table order, the same at every decision while it stands.
        let (group, places, group_free) = match groups.free_members(place) {
            Some(places) => {
                // Made to its size at once: a list of a thousand grown by doubling is copied
                // ten times, at each member's turn.
                let mut group = Vec::with_capacity(places.len());
                group.push(id);
                group.extend(
                    places
                        .iter()
                        .filter(|p| **p != place)
                        .map(|p| table.units[*p].id),
                );
                (group, places.to_vec(), places.len() > 1)
            }
            None => {
                let group = table.group_via_grid(&grid, id, tol);
                let places: Vec<usize> = group.iter().filter_map(|m| table.index(*m)).collect();
                let free =
                    group.len() > 1 && group.iter().all(|m| table.unit(*m).is_some_and(&is_mover));
                (group, places, free)
            }
        };
        let together = if group_free {
            match step_unless_fruitless(table, rules, memos, &grid, &ship, &group, doomed).step() {
                Ok(order) => return order,
                Err(by) => by,
            }
        } else {
            Some(Vec::new())
        };
        let lone =
            match step_unless_fruitless(table, rules, memos, &grid, &ship, &[id], doomed).step() {
                Ok(order) => return order,
                Err(by) => by,
            };
        let mut members: Vec<&Unit> = Vec::with_capacity(group.len());
        members.extend(group.iter().filter_map(|m| table.unit(*m)));
        if !members.iter().any(|m| reads_everything(m)) {
            near.clear();
            let reach = rest_on(table, rules, &grid, &members, &[together, lone], &mut near);
            resting.rest(place, true, &places, reach, &near);
        }
    }
    drop(resting);
    // Whoever could not find a way forward turns toward the ship, so it is marked as moved.
    if let Some(u) = first_mover.and_then(|place| table.units.get(place)) {
        let id = u.id;
        let toward = geometry::angle_of(ship.center() - u.base.center);
        let facing = if placement_clear(table, rules, &u.base.facing(toward), &[id]) {
            toward
        } else {
            u.base.facing
        };
        return Order::Rotate { unit: id, facing };
    }
    Order::EndMovement
}

/// What a search for a step of a unit or its group came to.
enum Walked {
    Stepped(Order),
    /// No move: what refused each destination, in the order tried.
    Refused(Vec<Witness>),
    /// No search: a member may not move at all.
    Unsearched,
}

impl Walked {
    /// The step found, or else what refused every destination (`None`: no search was made).
    fn step(self) -> Result<Order, Option<Vec<Witness>>> {
        match self {
            Walked::Stepped(order) => Ok(order),
            Walked::Refused(by) => Err(Some(by)),
            Walked::Unsearched => Err(None),
        }
    }
}

/// What a unit that found no move rests on, added to `watched`, and the reach within which a
/// unit coming near one of `members` wakes it. A search that found nothing stays fruitless
/// while the members stand as they do and each refusal's witness stands where it stood
/// (`Witness`), so the unit watches those; anything else coming near can only take room, and
/// matters only if it touches a member (it joins the group, or holds it in contact). A search
/// not made (`None`) read whatever stands within the members' move.
fn rest_on(
    table: &Table,
    rules: &Rules,
    grid: &TableGrid,
    members: &[&Unit],
    searches: &[Option<Vec<Witness>>],
    watched: &mut Vec<usize>,
) -> f32 {
    let tol = rules.general.contact_tolerance;
    if searches.iter().any(Option::is_none) {
        let allowance = members
            .first()
            .map_or(0.0, |u| movement::max_allowance(table, rules, u.id));
        let (lo, hi, reach) = search_area(members, allowance, tol);
        let mut near = Vec::new();
        grid.near_box(lo, hi, reach, &mut near);
        watched.extend_from_slice(&near);
        return reach;
    }
    // Neighbouring destinations are mostly refused by the same base: each is watched once.
    let from = watched.len();
    for witness in searches.iter().flatten().flatten() {
        if let Witness::Base { id, .. } = witness
            && let Some(place) = table.index(*id)
            && !watched[from..].contains(&place)
        {
            watched.push(place);
        }
    }
    contact_reach(members, tol)
}

/// `step_toward_ship` for `members` (a unit alone, or its group led by it), testing again only
/// the destinations whose refusal may no longer hold when the same members' search found no
/// move before (`AiMemos::fruitless`): in a crowd, the units boxed in behind others would
/// otherwise test every destination again at every decision of the phase, though a friend's
/// step beside them only took room.
fn step_unless_fruitless(
    table: &Table,
    rules: &Rules,
    memos: &AiMemos,
    grid: &TableGrid,
    ship: &Shape,
    members: &[UnitId],
    enemy_doomed: bool,
) -> Walked {
    let search = SearchOf {
        members,
        group: members.len() > 1,
        enemy_doomed,
    };
    let known = memos.fruitless.still_refused(table, rules, &search);
    if let Some(known) = &known
        && known.iter().all(Result::is_ok)
    {
        return Walked::Refused(known.iter().map(|w| w.unwrap_or_else(|w| w)).collect());
    }
    match step_toward_ship(table, rules, grid, ship, members, known.as_deref()) {
        Walked::Stepped(order) => Walked::Stepped(order),
        Walked::Refused(witnesses) => {
            memos
                .fruitless
                .remember(table, rules, &search, witnesses.clone());
            Walked::Refused(witnesses)
        }
        Walked::Unsearched => Walked::Unsearched,
    }
}

/// How near an enemy must be, in SMR, before a unit that can form an all-round formation (a
/// square) forms it.
const FORM_ALL_ROUND_WITHIN_SMR: f32 = 3.0;

/// A formation change `side` wants, if any: a gun that may not shoot where it stands unlimbers
/// once the enemy is on the table, and a unit that can form square does so when the enemy
/// comes near. Units whose troop types have no formations are never touched.
pub(crate) fn formation_order(table: &Table, rules: &Rules, side: Side) -> Option<Order> {
    // Worked out for the first unit that could change formation: most units never can.
    let mut enemies: Option<Vec<Vec2>> = None;
    let near = rules.general.smr * FORM_ALL_ROUND_WITHIN_SMR;
    // The troop types with formations, looked up once rather than once a unit.
    let formed: Vec<_> = rules
        .troops
        .troops
        .iter()
        .filter(|(_, line)| !line.formations.is_empty())
        .map(|(troop, _)| *troop)
        .collect();
    // No troop type with a formation: no unit can be in one or take one (a scenario's
    // `formation` must be one of its troop type's), and the walk of every unit below, made at
    // every decision, would cost a thousand marines a million steps a turn.
    if formed.is_empty() {
        return None;
    }
    for u in table.side_on_table(side) {
        // Whether it has a formation to change to (`formation::choices` is not empty) first:
        // it costs far less to ask.
        let has_choices = if u.status.formation.is_some() {
            rules.troops.troops.contains_key(&u.troop)
        } else {
            formed.contains(&u.troop)
        };
        if !has_choices {
            continue;
        }
        let enemies = enemies
            .get_or_insert_with(|| table.known_enemies(side).map(|e| e.base.center).collect());
        // With no enemy on the table, nobody changes formation.
        if enemies.is_empty() {
            return None;
        }
        if !movement::free_to_move(table, rules, u.id) {
            continue;
        }
        let choices = formation::choices(rules, u);
        if !formation::may_shoot(rules, u) && choices.contains(&None) {
            return Some(Order::ChangeFormation {
                unit: u.id,
                to: None,
            });
        }
        let threatened = enemies.iter().any(|e| e.distance(u.base.center) <= near);
        let all_round = choices.iter().flatten().find(|name| {
            rules
                .troop(u.troop)
                .formations
                .get(name)
                .is_some_and(|f| f.all_round && f.may_shoot)
        });
        if threatened
            && !formation::all_round(rules, u)
            && let Some(name) = all_round
        {
            return Some(Order::ChangeFormation {
                unit: u.id,
                to: Some(*name),
            });
        }
    }
    None
}

/// The first legal move toward the ship, trying the straight line first: of `members`' first
/// alone, or of all of them together (its group, as `Table::group_via_grid` gives it). A
/// destination `known` to be still refused (its witness, by the destination's place in the
/// order tried) is not tested again; one known no longer to be is tested first at the member
/// its witness named.
fn step_toward_ship(
    table: &Table,
    rules: &Rules,
    grid: &TableGrid,
    ship: &Shape,
    members: &[UnitId],
    known: Option<&[Result<Witness, Witness>]>,
) -> Walked {
    let Some(u) = members.first().and_then(|id| table.unit(*id)) else {
        return Walked::Unsearched;
    };
    let id = u.id;
    let Some(goal) = ship_slot(ship, &u.base) else {
        return Walked::Refused(Vec::new());
    };
    let to_goal = goal - u.base.center;
    let dist = to_goal.length();
    if dist < ARRIVED {
        return Walked::Refused(Vec::new());
    }
    let goal_angle = geometry::angle_of(to_goal);
    // Keep the facing while moving as a group; a lone marine turns toward the ship after moving.
    let together = members.len() > 1;
    let facing = if together { u.base.facing } else { goal_angle };
    let allow = movement::max_allowance(table, rules, id);
    // The group and its freedom to move are the same for every destination tried.
    let Ok(mut search) = movement::MoveSearch::among(table, rules, grid, members.to_vec()) else {
        return Walked::Unsearched;
    };
    // The same members standing as they stood try the same destinations in the same order.
    let tries = DETOURS_DEG.len() * STRIDES.len();
    let known = known.filter(|k| k.len() == tries);
    // A group is tested from its front back: the ranks behind a front that cannot go toward
    // the ship would be tested in vain before it.
    if together {
        search.test_foremost_first(to_goal);
    }
    let mut refused_by = Vec::with_capacity(tries);
    for turn_deg in DETOURS_DEG {
        let a = goal_angle + turn_deg.to_radians();
        for frac in STRIDES {
            match known.map(|k| k[refused_by.len()]) {
                Some(Ok(witness)) => {
                    refused_by.push(witness);
                    continue;
                }
                Some(Err(was)) => search.try_first(was.member()),
                None => {}
            }
            let d = (allow * frac).min(dist);
            let to = u.base.center + geometry::dir(a) * d;
            match search.refusal(to, facing) {
                None => {
                    return Walked::Stepped(Order::Move {
                        unit: id,
                        to,
                        facing,
                        group: together,
                    });
                }
                Some(witness) => refused_by.push(witness),
            }
        }
    }
    Walked::Refused(refused_by)
}

/// Shoot the target with the best chance to hit, nearest first; repair crews hold fire. The
/// targets are `memos`' (`KnownShots`): what planning every shooter's would give.
fn shooting_order(table: &Table, rules: &Rules, memos: &AiMemos) -> Order {
    let mut best: Option<(f32, f32, usize, usize)> = None;
    // Lines of sight are drawn once while the units stand still (the whole shooting phase).
    let grid = table.grid();
    let terrain = shooting::terrain_print(table);
    let shooters: Vec<usize> = shooters_in_reach(table, rules, &grid)
        .into_iter()
        .filter(|m| !repairing(table, rules, m.id))
        .filter_map(|m| table.index(m.id))
        .collect();
    memos
        .shots
        .each_target(table, rules, &grid, terrain, &shooters, |s, t, key| {
            if best.is_none_or(|(c, d, _, _)| key.0 > c || (key.0 == c && key.1 > d)) {
                best = Some((key.0, key.1, s, t));
            }
        });
    match best {
        Some((_, _, shooter, target)) => Order::Shoot {
            shooter: table.units[shooter].id,
            target: table.units[target].id,
            weapon: None,
        },
        None => Order::DeclineShooting,
    }
}

/// A base half-diagonal, inches, beyond any troop's: only decides whether the grid is asked.
const MOST_ENEMY_HALF_DIAGONAL: f32 = 2.0;

/// The marines on the table, in table order, that could have a target: those within the
/// farthest reach of any plan of an enemy on the table (`shooting::farthest_plan`), found
/// around each enemy rather than by planning every marine's shots. All of them in space.
fn shooters_in_reach<'t>(table: &'t Table, rules: &Rules, grid: &UnitGrid) -> Vec<&'t Unit> {
    let marines = table.side_on_table(Side::Humans);
    let Some(reach) = shooting::farthest_plan(table, rules) else {
        return marines.collect();
    };
    // Where one enemy's reach covers a good part of the table, asking around each enemy costs
    // more than planning for every marine.
    let size = table.config.table();
    let span = 2.0 * (reach + MOST_ENEMY_HALF_DIAGONAL);
    if span * span * 4.0 > size.x * size.y {
        return marines.collect();
    }
    let mut places: Vec<usize> = Vec::new();
    let mut near = Vec::new();
    for e in table.side_on_table(Side::Aliens) {
        // Each marine whose base is within `reach` of the enemy's is filed near it.
        grid.near_point(
            e.base.center,
            reach + e.base.size.length() * 0.5 + BROAD_PHASE_MARGIN,
            &mut near,
        );
        places.extend(
            near.iter()
                .filter(|i| table.units[**i].side == Side::Humans),
        );
    }
    places.sort_unstable();
    places.dedup();
    places.into_iter().map(|i| &table.units[i]).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tests::{alien, held_to_run, marine, open_table, rules};

    #[test]
    fn the_marine_ai_runs_a_held_marine_away_from_the_enemy_and_stays_when_it_cannot() {
        // 000: "they may run away" is the owning side's choice: the marine AI takes it when the run
        // leaves the marine farther from the aliens it can see, and passes otherwise.
        use crate::control::memos::AiMemos;
        use crate::rules::orders::{Decision, Order};
        use crate::rules::phases::DecisionPhase;
        use crate::rules::phases::run_away::RunAwayState;
        let mut t = open_table();
        let m = marine(&mut t, "M1", (20.0, 20.0), 0.0);
        alien(&mut t, "A1", (20.0, 26.0), 180.0);
        held_to_run(&mut t, m);
        let d = Decision::RunAway { side: Side::Humans };
        let order = decide(&t, rules(), &d, &AiMemos::default());
        let Order::Move { unit, to, .. } = order.clone() else {
            panic!("runs: {order:?}");
        };
        assert_eq!(unit, m);
        assert!(to.distance(glam::Vec2::new(20.0, 26.0)) > 6.0 + 0.5, "{to}");
        let run = RunAwayState::default();
        assert_eq!(run.check(&t, rules(), Side::Humans, &order), Ok(()));
        // Boxed in against the table's corner by the aliens, it stays.
        let mut t2 = open_table();
        let m2 = marine(&mut t2, "M1", (1.0, 1.0), 0.0);
        alien(&mut t2, "A1", (1.0, 3.0), 180.0);
        alien(&mut t2, "A2", (3.0, 1.0), 270.0);
        held_to_run(&mut t2, m2);
        assert_eq!(
            decide(&t2, rules(), &d, &AiMemos::default()),
            Order::EndRunAway
        );
    }
}
