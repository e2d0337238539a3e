//! 003's zero-g: a unit that cannot fly launches by pushing off, then drifts at that speed and heading until it hits something.

use crate::rules::dice::DiceService;
use crate::rules::environment::{drifts, in_space};
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::movement::{MoveError, cannot_move, classify, held_by_formation, max_allowance};
use crate::rules::table::{MoveKind, Presence, Table, UnitId};
use crate::rules::wounds::placement_clear;
use ambush_data::board::Going;
use ambush_data::geometry::{self, Footprint, MEASURING_SLACK};
use ambush_data::tables::Rules;
use glam::Vec2;

/// Inches a drifting base is stepped along its path while looking for what it hits.
const DRIFT_STEP: f32 = 0.1;

/// Whether a move order from `id` toward `to` is a launch: in space, by a unit without flight or
/// jets, that means to go somewhere (turning on the spot is not a launch).
pub fn is_launch(table: &Table, rules: &Rules, id: UnitId, to: Vec2) -> bool {
    table
        .unit(id)
        .is_some_and(|u| drifts(table, rules, u) && u.base.center.distance(to) >= MEASURING_SLACK)
}

/// How fast `id` can launch, inches per turn: "a speed equal to his STR attribute, with a maximum
/// speed equal to the weight of the object pushed off of (or the EV of the weapon fired)". Its
/// full move, up to `push_off_max_smr` when it touches terrain to push off, else up to the
/// recoil's `recoil_max_smr`.
pub fn launch_speed(table: &Table, rules: &Rules, id: UnitId) -> f32 {
    let Some(u) = table.unit(id) else {
        return 0.0;
    };
    let tol = rules.general.contact_tolerance;
    let s = &rules.environment.space;
    let pushes_off = table.terrain.iter().any(|f| f.shape.touches(&u.base, tol));
    let most = if pushes_off {
        s.push_off_max_smr
    } else {
        s.recoil_max_smr
    };
    max_allowance(table, rules, id).min(most * rules.general.smr)
}

/// Where a launch at full speed toward `toward` would carry `id` this turn if nothing stopped
/// it, with the kind of move it counts as: for the window's preview.
pub fn launch_reach(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    toward: Vec2,
) -> Option<(Vec2, MoveKind)> {
    let u = table.unit(id)?;
    let aim = toward - u.base.center;
    let speed = aim.length().min(launch_speed(table, rules, id));
    let end = u.base.center + aim.normalize_or_zero() * speed;
    Some((end, classify(&u.base, end)))
}

/// A launch: "Any such attempt to move requires a perception check to determine the proper
/// launch angle against OV/RV of 8/8 (6/6 if character has space craft sub skill of vehicles).
/// Failure indicates that the character drifts off target." The unit turns to `facing`, pushes
/// off toward `toward` at up to its launch speed (`full_speed`: at the whole of it), and drifts
/// this turn and every later one along that line until it hits something. The push off is its
/// move for the turn. In one call, `check_launch` then `push_off`: the movement phase takes the
/// two steps apart (its check, then its effect); the rule tests launch this way.
#[cfg(test)]
pub fn launch(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    id: UnitId,
    toward: Vec2,
    facing: Option<f32>,
    full_speed: bool,
) -> Result<(), MoveError> {
    check_launch(table, rules, id)?;
    push_off(table, rules, dice, id, toward, facing, full_speed);
    Ok(())
}

/// Whether `id` may launch now, or why not: what an order's check asks before `push_off`.
pub fn check_launch(table: &Table, rules: &Rules, id: UnitId) -> Result<(), MoveError> {
    let u = table.unit(id).ok_or(MoveError::NoSuchUnit)?;
    match cannot_move(table, rules, id).or_else(|| held_by_formation(rules, u)) {
        Some(why) => Err(why.into()),
        None => Ok(()),
    }
}

/// The launch of a unit `check_launch` found free to launch (see `launch`).
pub fn push_off(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    id: UnitId,
    toward: Vec2,
    facing: Option<f32>,
    full_speed: bool,
) {
    let Some(u) = table.unit(id) else {
        return;
    };
    let label = u.label.to_string();
    let trained = u.traits.spacecraft;
    let mut start = u.base;
    if let Some(f) = facing {
        let turned = start.facing(f);
        if placement_clear(table, rules, &turned, &[id]) {
            start = turned;
        }
    }
    let aim = toward - start.center;
    let cap = launch_speed(table, rules, id);
    let speed = if full_speed {
        cap
    } else {
        aim.length().min(cap)
    };
    let s = &rules.environment.space;
    let need = if trained {
        s.launch_need_trained
    } else {
        s.launch_need
    };
    let face = dice.d6();
    let on_line = face as i32 >= need;
    dice.record_with(|| {
        RollEntry::dice(RollKind::Launch, "1d6", vec![face])
            .actor(&label)
            .need(need)
            .success(on_line)
            .effect(format!(
                "{} at {speed:.1}\" a turn{}",
                if on_line {
                    "pushes off on its line"
                } else {
                    "pushes off at the wrong angle"
                },
                if trained { " (spacecraft skill)" } else { "" }
            ))
    });
    let mut heading = if aim.length() >= MEASURING_SLACK {
        aim.normalize()
    } else {
        start.forward()
    };
    if !on_line {
        let roll = dice.d6();
        let degrees = s.scatter_degrees.get(&roll).copied().unwrap_or(0.0);
        // Compass degrees turn clockwise; the table's angles turn counter-clockwise.
        heading = Vec2::from_angle(-degrees.to_radians()).rotate(heading);
        dice.record_with(|| {
            RollEntry::dice(RollKind::LaunchScatter, "1d6", vec![roll])
                .actor(&label)
                .effect(format!(
                    "drifts off target, {degrees:+.0} degrees off its line"
                ))
        });
    }
    let Some(u) = table.unit_mut(id) else {
        return;
    };
    u.base = start;
    u.marks.moved = Some(classify(&start, start.center + heading * speed));
    if speed >= MEASURING_SLACK {
        table.exposure.of_mut(id).drift = Some(heading * speed);
        carry(table, rules, dice, id);
    }
}

/// Where a launch would bring a unit to rest, if nothing else on the table moved (`drift_course`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Course {
    /// It stops touching what it hits first, in this pose, after this many inches.
    Rests { at: Footprint, travel: f32 },
    /// Nothing is in its way: it drifts off the table and is lost.
    Lost,
}

/// Inches a planned drift is stepped along its line: no obstacle or base is thinner.
const COURSE_STEP: f32 = 0.25;

/// Where unit `id`, launched from `start` (where it stands, or a place it may come to rest) along
/// `heading`, would come to rest if nothing else moved: touching the first impassable feature,
/// unit or table edge in its way, as `carry` finds it turn by turn (003: "Objects moving in space
/// continue to move in a constant speed and direction until acted upon by some outside force ...
/// until they hit another object"). For planning a launch: only the things near its line are
/// looked at, and it reads no dice and changes nothing.
pub fn drift_course(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    start: &Footprint,
    heading: Vec2,
) -> Course {
    let tol = rules.general.contact_tolerance;
    let heading = heading.normalize_or_zero();
    let size = table.config.table();
    if heading == Vec2::ZERO {
        return Course::Rests {
            at: *start,
            travel: 0.0,
        };
    }
    // Past the table's diagonal every line has left the table.
    let farthest = size.length() + start.size.length();
    let end = start.center + heading * farthest;
    let reach = start.size.length() * 0.5 + tol;
    let near_line =
        |c: Vec2, r: f32| geometry::point_segment_distance(c, start.center, end) <= r + reach;
    let features: Vec<&ambush_data::board::TerrainFeature> = table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Impassable)
        .filter(|f| near_line(f.shape.center(), f.shape.bounding_radius()))
        .collect();
    let bases: Vec<&Footprint> = table
        .units
        .iter()
        .filter(|o| o.id != id && o.on_table())
        .map(|o| &o.base)
        .filter(|b| near_line(b.center, b.size.length() * 0.5))
        .collect();
    let blocked = |b: &Footprint| {
        features.iter().any(|f| f.shape.overlaps(b, tol))
            || bases.iter().any(|o| geometry::bases_overlap(b, o, tol))
    };
    let at = |d: f32| start.at(start.center + heading * d);
    let mut clear = 0.0;
    let mut d = COURSE_STEP;
    loop {
        let base = at(d);
        if !geometry::on_table(&base, size, MEASURING_SLACK) {
            return Course::Lost;
        }
        if blocked(&base) {
            break;
        }
        clear = d;
        d += COURSE_STEP;
    }
    // Close the gap to what it hits, as `carry` does.
    let (mut lo, mut hi) = (clear, d);
    for _ in 0..8 {
        let mid = (lo + hi) * 0.5;
        if blocked(&at(mid)) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Course::Rests {
        at: at(lo),
        travel: lo,
    }
}

/// What a drifting base runs into first.
enum Obstacle {
    Edge,
    Terrain(String),
    Unit(UnitId),
}

/// What `base` (unit `id`'s, moved) would run into where it stands, if anything.
fn obstacle(table: &Table, rules: &Rules, id: UnitId, base: &Footprint) -> Option<Obstacle> {
    let tol = rules.general.contact_tolerance;
    if !geometry::on_table(base, table.config.table(), MEASURING_SLACK) {
        return Some(Obstacle::Edge);
    }
    if let Some(f) = table
        .terrain
        .iter()
        .find(|f| f.going == Going::Impassable && f.shape.overlaps(base, tol))
    {
        return Some(Obstacle::Terrain(f.name.clone()));
    }
    table
        .units
        .iter()
        .find(|o| o.id != id && o.on_table() && geometry::bases_overlap(base, &o.base, tol))
        .map(|o| Obstacle::Unit(o.id))
}

/// One turn of drift for unit `id`: "Objects moving in space continue to move in a constant speed
/// and direction until acted upon by some outside force ... until they hit another object".
/// Terrain or a friend stops it where it touches; an enemy it reaches is charged ("Any impact is
/// treated as a charging attack"): it takes up contact as the attacker, and the melee phase
/// fights it. Drifting off the table, it is lost.
pub fn carry(table: &mut Table, rules: &Rules, dice: &mut DiceService, id: UnitId) {
    let (Some(velocity), Some(u)) = (table.exposure.drift(id), table.unit(id)) else {
        return;
    };
    let start = u.base;
    let label = u.label.to_string();
    let length = velocity.length();
    if length < MEASURING_SLACK {
        table.exposure.of_mut(id).drift = None;
        return;
    }
    let heading = velocity / length;
    let at = |d: f32| start.at(start.center + heading * d);
    let steps = (length / DRIFT_STEP).ceil().max(1.0) as usize;
    let mut clear = 0.0;
    let mut hit = None;
    for i in 1..=steps {
        let d = length * i as f32 / steps as f32;
        if let Some(o) = obstacle(table, rules, id, &at(d)) {
            hit = Some((o, d));
            break;
        }
        clear = d;
    }
    let Some((what, blocked)) = hit else {
        if let Some(u) = table.unit_mut(id) {
            u.base = at(length);
        }
        return;
    };
    table.exposure.of_mut(id).drift = None;
    if let Obstacle::Edge = what {
        if let Some(u) = table.unit_mut(id) {
            u.status.presence = Presence::LeftTable;
        }
        dice.record_with(|| {
            RollEntry::dice(RollKind::Drift, "none", Vec::new())
                .actor(&label)
                .success(false)
                .effect("drifts off the table and is lost")
        });
        return;
    }
    // Close the gap to what it hit, to a thousandth of an inch, so it ends touching it.
    let (mut lo, mut hi) = (clear, blocked);
    for _ in 0..12 {
        let mid = (lo + hi) * 0.5;
        if obstacle(table, rules, id, &at(mid)).is_none() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let mut end = at(lo);
    let mut entry = RollEntry::dice(RollKind::Drift, "none", Vec::new()).actor(&label);
    match what {
        Obstacle::Edge => {}
        Obstacle::Terrain(name) => {
            entry = entry
                .success(true)
                .effect(format!("drifts into {name} and stops"));
        }
        Obstacle::Unit(other) => {
            let (side, other_side) = (table.side_of(id), table.side_of(other));
            let other_label = table.label(other).to_string();
            entry = entry.target(&other_label);
            if side == other_side {
                entry = entry
                    .success(true)
                    .effect(format!("drifts into {other_label} and stops"));
            } else {
                if let Some(pose) = charge_pose(table, rules, id, other, &end) {
                    end = pose;
                }
                entry = entry.success(true).effect(format!(
                    "drifts into {other_label}: an impact, a charge (003)"
                ));
            }
        }
    }
    let tol = rules.general.contact_tolerance;
    if let Some(u) = table.unit_mut(id) {
        u.base = end;
    }
    let engaged = table.in_enemy_contact(id, tol);
    if let Some(u) = table.unit_mut(id) {
        u.marks.attacking |= engaged;
    }
    dice.record_with(|| entry);
}

/// The pose a unit that drifted into `target` takes in contact, as a charger does (001: "its
/// front edge is positioned so that it aligns with the closest edge of the enemy"), if there is
/// room at an edge.
fn charge_pose(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    target: UnitId,
    at: &Footprint,
) -> Option<Footprint> {
    let t = table.unit(target)?;
    let mut poses: Vec<Footprint> = (0..4)
        .map(|e| geometry::contact_pose(at, &t.base, e))
        .collect();
    poses.sort_by(|a, b| {
        a.center
            .distance(at.center)
            .total_cmp(&b.center.distance(at.center))
    });
    poses
        .into_iter()
        .find(|p| placement_clear(table, rules, p, &[id]))
}

/// The start of the movement phase in zero-g: a drifting unit an enemy has caught in base
/// contact stops ("or are grabbed or pushed by another character"); the others drift on, the
/// leaders of each line first so that units drifting together do not bump each other. Drifting
/// counts as the unit's move.
pub fn drift_all(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if !in_space(table) {
        return;
    }
    let tol = rules.general.contact_tolerance;
    let mut drifting: Vec<(UnitId, f32)> = table
        .exposure
        .units
        .iter()
        .filter_map(|(id, e)| {
            let v = e.drift?;
            let u = table.unit(*id)?;
            Some((*id, -u.base.center.dot(v.normalize_or_zero())))
        })
        .collect();
    drifting.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    for (id, _) in drifting {
        let Some(u) = table.unit(id) else { continue };
        // A withdrawing unit has already made its move for the turn.
        if u.marks.moved.is_some() {
            continue;
        }
        if !u.on_table() || table.in_enemy_contact(id, tol) {
            table.exposure.of_mut(id).drift = None;
            continue;
        }
        carry(table, rules, dice, id);
        if let Some(u) = table.unit_mut(id) {
            u.marks.moved = Some(MoveKind::Drift);
        }
    }
}
