//! Bases against bases: overlap, distance, base contact, which edge is touched and the pose that touches it.

use super::MEASURING_SLACK;
use super::angles::angle_of;
use super::convex::{
    apart_polygon_distance, apart_within, penetrates_at_all, penetrates_by_more, polygon_distance,
};
use super::footprint::{Footprint, corners_along, corners_on_table, radius};
use super::memo::BASE_DISTANCES;
use crate::segment::{point_segment_distance, segment_distance};
use glam::Vec2;

/// A base with its corners and reach worked out once, for searches that test one base against
/// many positions: every test gives the same answer, to the bit, as the plain functions on
/// `Footprint`s (`bases_overlap`, `in_contact`, `on_table`, `Shape::overlaps`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PlacedBase {
    pub base: Footprint,
    pub corners: [Vec2; 4],
    /// Half the diagonal: no point of the base is farther than this from its centre.
    pub radius: f32,
}

impl PlacedBase {
    #[inline]
    pub fn new(base: Footprint) -> Self {
        Self::along(base, base.forward())
    }
    /// The base, given the unit vector of its facing (a search along one bearing works it out
    /// once for all its steps).
    #[inline]
    pub fn along(base: Footprint, fwd: Vec2) -> Self {
        PlacedBase {
            base,
            corners: corners_along(base.center, base.size, fwd),
            radius: radius(&base),
        }
    }
    #[inline]
    fn surely_apart(&self, other: &PlacedBase, margin: f32) -> bool {
        let r = self.radius + other.radius + margin;
        self.base.center.distance_squared(other.base.center) > r * r
    }
    /// `bases_overlap`.
    #[inline]
    pub fn overlaps(&self, other: &PlacedBase, tolerance: f32) -> bool {
        !self.surely_apart(other, 0.0)
            && penetrates_by_more(&self.corners, &other.corners, tolerance)
    }
    /// `in_contact`.
    #[inline]
    pub fn in_contact(&self, other: &PlacedBase, tolerance: f32) -> bool {
        if self.surely_apart(other, tolerance) {
            return false;
        }
        if !self.surely_apart(other, 0.0) && penetrates_at_all(&self.corners, &other.corners) {
            return 0.0 <= tolerance;
        }
        apart_within(&self.corners, &other.corners, tolerance)
    }
    /// `on_table`.
    #[inline]
    pub fn on_table(&self, size: Vec2, tolerance: f32) -> bool {
        corners_on_table(&self.corners, size, tolerance)
    }
}

/// Whether two bases are too far apart to touch: a cheap test that skips the exact one.
#[inline]
fn surely_apart(a: &Footprint, b: &Footprint, margin: f32) -> bool {
    let r = radius(a) + radius(b) + margin;
    a.center.distance_squared(b.center) > r * r
}

/// Whether two bases overlap by more than `tolerance` (touching is not overlapping).
#[inline]
pub fn bases_overlap(a: &Footprint, b: &Footprint, tolerance: f32) -> bool {
    !surely_apart(a, b, 0.0) && penetrates_by_more(&a.corners(), &b.corners(), tolerance)
}

/// Edge-to-edge distance between two bases, the way ranges and contact are measured.
///
/// The AIs ask it again and again for bases that have not moved (every shooter against every
/// target, decision after decision), so answers are remembered (`DistanceMemo`): the answer is
/// a function of the two bases' bits alone, so a remembered one is the same to the bit.
#[inline]
pub fn base_distance(a: &Footprint, b: &Footprint) -> f32 {
    let (a_bits, b_bits) = (a.bits(), b.bits());
    let mut key = [0u32; 10];
    key[..5].copy_from_slice(&a_bits);
    key[5..].copy_from_slice(&b_bits);
    BASE_DISTANCES.with(|m| m.borrow_mut().get_or(key, || measured_base_distance(a, b)))
}

/// `base_distance` measured, never remembered.
#[inline]
fn measured_base_distance(a: &Footprint, b: &Footprint) -> f32 {
    if surely_apart(a, b, 0.0) {
        return apart_polygon_distance(&a.corners(), &b.corners());
    }
    polygon_distance(&a.corners(), &b.corners())
}

/// A lower bound on `base_distance`, from the centres alone (cheap).
#[inline]
pub fn base_distance_at_least(a: &Footprint, b: &Footprint) -> f32 {
    (a.center.distance(b.center) - radius(a) - radius(b)).max(0.0)
}

/// Whether two bases are in base contact.
#[inline]
pub fn in_contact(a: &Footprint, b: &Footprint, tolerance: f32) -> bool {
    !surely_apart(a, b, tolerance)
        && PlacedBase::new(*a).in_contact(&PlacedBase::new(*b), tolerance)
}

/// Whether `a`'s front edge (or a front corner) touches `b`.
#[inline]
pub fn front_touches(a: &Footprint, b: &Footprint, tolerance: f32) -> bool {
    let (p, q) = a.front_edge();
    let k = b.corners();
    (0..4).any(|i| segment_distance(p, q, k[i], k[(i + 1) % 4]) <= tolerance)
}

/// Which of `b`'s edges `a` is touching most closely: 0 front, 1 right, 2 rear, 3 left.
#[inline]
pub fn touched_edge(a: &Footprint, b: &Footprint) -> usize {
    let ac = a.corners();
    let mut best = (f32::INFINITY, 0);
    for (i, (p, q)) in b.edges().iter().enumerate() {
        let mut d = 0.0;
        for c in ac {
            d += point_segment_distance(c, *p, *q);
        }
        let mid = point_segment_distance(a.center, *p, *q);
        let score = d + mid;
        if score < best.0 {
            best = (score, i);
        }
    }
    best.1
}

/// The pose `attacker` takes to contact `target`'s edge `edge` (0 front, 1 right, 2 rear, 3 left):
/// its front edge flush and centred on that edge, facing into it.
#[inline]
pub fn contact_pose(attacker: &Footprint, target: &Footprint, edge: usize) -> Footprint {
    let (p, q) = target.edges()[edge];
    let mid = (p + q) * 0.5;
    let outward = (mid - target.center).normalize_or_zero();
    let facing = angle_of(-outward);
    let center = mid + outward * attacker.depth() * 0.5;
    Footprint::new(center, attacker.size, facing)
}

/// The frontage of `a` that lies along `b`'s front edge, inches (for "occupying the most frontage").
#[inline]
pub fn frontage_on_front(a: &Footprint, b: &Footprint, tolerance: f32) -> f32 {
    let (p, q) = b.front_edge();
    let along = (q - p).normalize_or_zero();
    let len = p.distance(q);
    let normal = Vec2::new(-along.y, along.x);
    let k = a.corners();
    // The corners on the front edge's line: a base wider than the front straddles it with both
    // corners beyond its ends, and still covers all of it.
    let near: Vec<f32> = k
        .iter()
        .filter(|c| (**c - p).dot(normal).abs() <= tolerance + MEASURING_SLACK)
        .map(|c| (*c - p).dot(along).clamp(0.0, len))
        .collect();
    if near.len() < 2 {
        return 0.0;
    }
    let lo = near.iter().cloned().fold(f32::INFINITY, f32::min);
    let hi = near.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
    hi - lo
}
