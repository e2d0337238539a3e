//! Steering: the best reachable pose toward a goal, for the alien AI and for withdrawal.

use super::allowance::{bad_going, max_allowance};
use crate::rules::table::{Table, UnitId};
use ambush_data::board::Going;
use ambush_data::geometry;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};
use ambush_data::geometry::{Footprint, PlacedBase, PlacedShape};
use ambush_data::tables::Rules;
use glam::Vec2;

/// The best reachable pose for unit `id` toward `goal`, trying directions within 90° of it, keeping
/// out of base contact with the enemy. Used by the alien AI and by withdrawal.
pub fn steer_toward(table: &Table, rules: &Rules, id: UnitId, goal: Vec2) -> Option<Footprint> {
    let u = table.unit(id)?;
    let start = u.base;
    let allow = max_allowance(table, rules, id);
    if allow <= 0.0 {
        return None;
    }
    let tol = rules.general.contact_tolerance;
    let base_angle = geometry::angle_of(goal - start.center);
    let mut best: Option<(f32, Footprint)> = None;
    let here = start.center.distance(goal);
    let me = PlacedBase::new(start);
    // Each nearby base once, with whether it is an enemy (whose contact the move must avoid).
    let near: Vec<(PlacedBase, bool)> = table
        .units
        .iter()
        .filter(|o| {
            o.on_table() && o.id != id && o.base.center.distance(start.center) <= allow + 4.0
        })
        .map(|o| (PlacedBase::new(o.base), o.side != u.side))
        .collect();
    let walls: Vec<PlacedShape> = table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Impassable)
        .map(|f| f.shape.placed())
        .collect();
    let extra = rules.general.bad_going_cost - 1.0;
    let bad_going = bad_going(table);
    let mut bad: Vec<(f32, f32)> = Vec::with_capacity(bad_going.len());
    let mut on_ray: Vec<(PlacedBase, bool)> = Vec::with_capacity(near.len());
    let mut walls_on_ray: Vec<&PlacedShape> = Vec::with_capacity(walls.len());
    for k in [0i32, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6] {
        let a = base_angle + (k as f32) * 15f32.to_radians();
        let dirv = geometry::dir(a);
        let mut reached: Option<Footprint> = None;
        let mut d = 0.5f32;
        let max_d = allow.min(goal.distance(start.center));
        let far = start.center + dirv * max_d;
        // No pose on this ray comes nearer the goal than the ray's segment does (less a margin
        // far above rounding): a ray that could not beat the best so far, or come nearer than
        // here at all, is not walked. The straight ray is always walked (its end may be taken
        // at once).
        if k != 0 {
            let margin = 1e-3 + 1e-5 * (here + max_d);
            let nearest = geometry::point_segment_distance(goal, start.center, far) - margin;
            if nearest >= here - MEASURING_SLACK || best.is_some_and(|(s, _)| nearest >= s - 1e-4) {
                continue;
            }
        }
        // Where this ray runs through bad going, once, so each step's cost is a sum.
        bad.clear();
        for f in &bad_going {
            // A concave polygon may be crossed more than once along the ray.
            f.spans_inside(start.center, far, &mut bad);
        }
        let cost_at = |d: f32| {
            let in_bad: f32 = bad.iter().map(|(t0, t1)| (t1.min(d) - t0).max(0.0)).sum();
            d + extra * in_bad
        };
        if k != 0 {
            // The farthest step the ray's going lets the unit pay for (the steps below, their
            // cost alone): no pose of this ray lies beyond it, so the part of the ray up to it
            // bounds how near the goal the ray can come.
            let (mut last, mut step) = (0.0f32, 0.5f32);
            while step <= max_d + 1e-4 {
                // As the walk below tests it (a cost that is not a number stops neither).
                if cost_at(step) > allow + MEASURING_SLACK {
                    break;
                }
                last = step;
                if step >= max_d {
                    break;
                }
                step = (step + 0.5).min(max_d);
            }
            if last == 0.0 {
                continue;
            }
            let margin = 1e-3 + 1e-5 * (here + last);
            let nearest =
                geometry::point_segment_distance(goal, start.center, start.center + dirv * last)
                    - margin;
            if nearest >= here - MEASURING_SLACK || best.is_some_and(|(s, _)| nearest >= s - 1e-4) {
                continue;
            }
        }
        // Only the bases and walls that could touch a pose somewhere along this ray are tested
        // at its steps.
        on_ray.clear();
        on_ray.extend(near.iter().filter(|(o, _)| {
            geometry::point_segment_distance(o.base.center, start.center, far)
                <= o.radius + me.radius + tol + BROAD_PHASE_MARGIN
        }));
        walls_on_ray.clear();
        walls_on_ray.extend(
            walls
                .iter()
                .filter(|w| w.may_reach_path(start.center, far, me.radius, BROAD_PHASE_MARGIN)),
        );
        while d <= max_d + 1e-4 {
            let c = start.center + dirv * d;
            let pose = Footprint::new(c, start.size, a);
            if cost_at(d) > allow + MEASURING_SLACK {
                break;
            }
            let placed = PlacedBase::along(pose, dirv);
            let blocked = !placed.on_table(table.config.table(), MEASURING_SLACK)
                || walls_on_ray.iter().any(|w| w.overlaps(&placed, tol))
                || on_ray.iter().any(|(o, enemy)| {
                    // With a tolerance not below 0, a base overlapping an enemy is in contact
                    // with it too: one test answers both.
                    if *enemy && tol >= 0.0 {
                        placed.in_contact(o, tol)
                    } else {
                        placed.overlaps(o, tol) || (*enemy && placed.in_contact(o, tol))
                    }
                });
            if blocked {
                break;
            }
            reached = Some(pose);
            if d >= max_d {
                break;
            }
            d = (d + 0.5).min(max_d);
        }
        if let Some(pose) = reached {
            let score = pose.center.distance(goal);
            // Straight at the goal for the whole allowance: nothing can come closer.
            if k == 0 && (start.center.distance(pose.center) - max_d).abs() < MEASURING_SLACK {
                return Some(pose);
            }
            if score < here - MEASURING_SLACK && best.is_none_or(|(s, _)| score < s - 1e-4) {
                best = Some((score, pose));
            }
        }
    }
    best.map(|(_, p)| p)
}
