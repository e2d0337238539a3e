//! Convex polygons (a base's corners, a rectangle's): overlap by separating axes and the distance between two.

use crate::segment::point_segment_distance_squared;
use glam::Vec2;

/// Separating-axis overlap depth of two convex polygons: positive when they overlap by that much.
/// The measure the overlap and contact tests compare (`penetrates_by_more`,
/// `penetrates_at_all`), which stop early instead of working it out in full: the least of every
/// axis's overlap, over the same axes they walk.
#[cfg(test)]
pub(super) fn polygon_penetration(a: &[Vec2], b: &[Vec2]) -> f32 {
    let mut depth = f32::INFINITY;
    every_overlap(a, b, |overlap| {
        depth = depth.min(overlap);
        false
    });
    depth
}

/// `polygon_penetration(a, b) > limit`, stopping at the first axis whose overlap is too small:
/// the least overlap (an axis that cannot be measured, NaN, counts for nothing, as in `min`)
/// exceeds the limit exactly when every overlap does.
#[inline]
pub(super) fn penetrates_by_more(a: &[Vec2], b: &[Vec2], limit: f32) -> bool {
    every_overlap(a, b, |overlap| overlap <= limit) && f32::INFINITY > limit
}

/// `polygon_penetration(a, b) >= 0.0`, stopping at the first axis that separates them.
#[inline]
pub(super) fn penetrates_at_all(a: &[Vec2], b: &[Vec2]) -> bool {
    every_overlap(a, b, |overlap| overlap < 0.0)
}

/// False as soon as one axis's overlap is `short`; true if none is. The axes are the edge
/// normals of each polygon (those of an edge of no length left out).
#[inline]
fn every_overlap(a: &[Vec2], b: &[Vec2], mut short: impl FnMut(f32) -> bool) -> bool {
    for poly in [a, b] {
        // Every polygon here is a rectangle: its first two edges give all its axes.
        let axes = if poly.len() == 4 { 2 } else { poly.len() };
        for i in 0..axes {
            let e = poly[(i + 1) % poly.len()] - poly[i];
            let axis = Vec2::new(-e.y, e.x).normalize_or_zero();
            if axis == Vec2::ZERO {
                continue;
            }
            let (amin, amax) = project(a, axis);
            let (bmin, bmax) = project(b, axis);
            if short(amax.min(bmax) - amin.max(bmin)) {
                return false;
            }
        }
    }
    true
}

#[inline]
fn project(poly: &[Vec2], axis: Vec2) -> (f32, f32) {
    poly.iter()
        .fold((f32::INFINITY, f32::NEG_INFINITY), |(lo, hi), p| {
            let d = p.dot(axis);
            (lo.min(d), hi.max(d))
        })
}

/// Shortest distance between two convex polygons (0 when they touch or overlap).
#[inline]
pub fn polygon_distance(a: &[Vec2], b: &[Vec2]) -> f32 {
    if penetrates_at_all(a, b) {
        return 0.0;
    }
    apart_polygon_distance(a, b)
}

/// Distance between two convex polygons known not to overlap.
#[inline]
pub(super) fn apart_polygon_distance(a: &[Vec2], b: &[Vec2]) -> f32 {
    // Apart convex polygons: the closest pair always includes a corner of one of them.
    let mut best = f32::INFINITY;
    for (from, to) in [(a, b), (b, a)] {
        for p in from {
            for j in 0..to.len() {
                best = best.min(point_segment_distance_squared(
                    *p,
                    to[j],
                    to[(j + 1) % to.len()],
                ));
            }
        }
    }
    best.sqrt()
}

/// Whether `apart_polygon_distance(a, b) <= limit`, stopping at the first pair close enough:
/// the least root is at most the limit exactly when some root is.
#[inline]
pub(super) fn apart_within(a: &[Vec2], b: &[Vec2], limit: f32) -> bool {
    for (from, to) in [(a, b), (b, a)] {
        for p in from {
            for j in 0..to.len() {
                let d2 = point_segment_distance_squared(*p, to[j], to[(j + 1) % to.len()]);
                if d2.sqrt() <= limit {
                    return true;
                }
            }
        }
    }
    // No pair at all (an empty polygon) is infinitely far, as the least of nothing is.
    f32::INFINITY <= limit
}
