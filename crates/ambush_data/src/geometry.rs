//! Table geometry: bases as oriented rectangles, contact, distance, arcs, terrain shapes, segments.
//!
//! Inches throughout; x runs east, y north, angles are radians counter-clockwise from east.

use glam::Vec2;

/// How far a measurement may be off by floating-point rounding and still count, inches: a
/// thousandth of an inch, far below anything a player could measure on the table.
pub const MEASURING_SLACK: f32 = 1e-3;
/// How much farther than the exact reach a broad phase keeps candidates, inches: float rounding
/// on a base's corners and centre is far smaller, so no candidate the exact test would catch is
/// dropped.
pub const BROAD_PHASE_MARGIN: f32 = 0.01;
use serde::{Deserialize, Serialize};

/// Converts a compass bearing in degrees (0 = north, 90 = east) to a facing angle in radians.
#[inline]
pub fn bearing_to_angle(bearing_deg: f32) -> f32 {
    (90.0 - bearing_deg).to_radians()
}

/// Converts a facing angle in radians back to a compass bearing in degrees, in 0..360.
#[inline]
pub fn angle_to_bearing(angle: f32) -> f32 {
    (90.0 - angle.to_degrees()).rem_euclid(360.0)
}

/// The unit vector an angle points along.
#[inline]
pub fn dir(angle: f32) -> Vec2 {
    Vec2::new(angle.cos(), angle.sin())
}

/// The angle of a direction vector.
#[inline]
pub fn angle_of(v: Vec2) -> f32 {
    v.y.atan2(v.x)
}

/// A base on the table: an oriented rectangle whose front edge points along `facing`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Footprint {
    pub center: Vec2,
    /// Frontage (width along the front edge) and depth, inches.
    pub size: Vec2,
    pub facing: f32,
}

impl Footprint {
    #[inline]
    pub fn new(center: Vec2, size: Vec2, facing: f32) -> Self {
        Footprint {
            center,
            size,
            facing,
        }
    }
    #[inline]
    pub fn forward(&self) -> Vec2 {
        dir(self.facing)
    }
    /// The direction to the base's right, seen from behind it.
    #[inline]
    pub fn right(&self) -> Vec2 {
        let f = self.forward();
        Vec2::new(f.y, -f.x)
    }
    #[inline]
    pub fn width(&self) -> f32 {
        self.size.x
    }
    #[inline]
    pub fn depth(&self) -> f32 {
        self.size.y
    }
    /// Corners in order: front-left, front-right, rear-right, rear-left.
    #[inline]
    pub fn corners(&self) -> [Vec2; 4] {
        corners_along(self.center, self.size, self.forward())
    }
    /// The front edge, left corner first.
    #[inline]
    pub fn front_edge(&self) -> (Vec2, Vec2) {
        let k = self.corners();
        (k[0], k[1])
    }
    #[inline]
    pub fn front_center(&self) -> Vec2 {
        self.center + self.forward() * self.size.y * 0.5
    }
    /// The four edges as segments: front, right, rear, left.
    #[inline]
    pub fn edges(&self) -> [(Vec2, Vec2); 4] {
        let k = self.corners();
        [(k[0], k[1]), (k[1], k[2]), (k[2], k[3]), (k[3], k[0])]
    }
    /// Whether `p` lies in the front arc: the half-plane in front of the front edge.
    #[inline]
    pub fn in_front_arc(&self, p: Vec2) -> bool {
        (p - self.front_center()).dot(self.forward()) >= -1e-4
    }
    #[inline]
    pub fn contains(&self, p: Vec2) -> bool {
        self.contains_along(p, self.forward())
    }
    /// `contains`, given the unit vector of the base's facing (worked out once for many points).
    #[inline]
    pub fn contains_along(&self, p: Vec2, fwd: Vec2) -> bool {
        let d = p - self.center;
        let right = Vec2::new(fwd.y, -fwd.x);
        d.dot(right).abs() <= self.size.x * 0.5 + 1e-5
            && d.dot(fwd).abs() <= self.size.y * 0.5 + 1e-5
    }
    /// How far `p` lies outside the base: 0 inside it, else the distance to its nearest edge.
    pub fn distance_to_point(&self, p: Vec2) -> f32 {
        if self.contains(p) {
            return 0.0;
        }
        self.edges()
            .iter()
            .map(|(a, b)| point_segment_distance(p, *a, *b))
            .fold(f32::INFINITY, f32::min)
    }
    /// The same base moved to `center`.
    #[inline]
    pub fn at(&self, center: Vec2) -> Self {
        Footprint { center, ..*self }
    }
    /// The same base turned to `facing`.
    #[inline]
    pub fn facing(&self, facing: f32) -> Self {
        Footprint { facing, ..*self }
    }
}

/// The corners of a base of `size` at `center` whose front points along `fwd` (the unit vector
/// of its facing), in `Footprint::corners` order. One sine and cosine serve both directions:
/// `right` is `forward` turned a quarter.
#[inline]
fn corners_along(c: Vec2, size: Vec2, fwd: Vec2) -> [Vec2; 4] {
    let f = fwd * size.y * 0.5;
    let r = Vec2::new(fwd.y, -fwd.x) * size.x * 0.5;
    [c + f - r, c + f + r, c - f + r, c - f - r]
}

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

/// A terrain shape with its corners and reach worked out once (see `PlacedBase`).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacedShape {
    center: Vec2,
    bounding_radius: f32,
    /// The rectangle's corners, or `None` for a circle or a polygon.
    polygon: Option<[Vec2; 4]>,
    circle_radius: f32,
    /// A polygon's points; shared, so a copy of the placed shape is cheap.
    points: Option<std::sync::Arc<[Vec2]>>,
}

impl PlacedShape {
    /// Whether this shape and a base at most `margin` apart could touch: false means surely not.
    #[inline]
    pub fn may_reach(&self, base: &PlacedBase, margin: f32) -> bool {
        let reach = self.bounding_radius + base.radius + margin;
        self.center.distance_squared(base.base.center) <= reach * reach
    }
    /// Whether this shape could touch a base of reach `radius` whose centre lies anywhere on the
    /// segment `a`–`b`: false means surely not, at any point of the way.
    #[inline]
    pub fn may_reach_path(&self, a: Vec2, b: Vec2, radius: f32, margin: f32) -> bool {
        point_segment_distance(self.center, a, b) <= self.bounding_radius + radius + margin
    }
    /// `Shape::span_inside`: where the segment `a`–`b` runs inside the shape, entry and exit in
    /// inches from `a`.
    #[inline]
    pub fn span_inside(&self, a: Vec2, b: Vec2) -> Option<(f32, f32)> {
        if self.points.is_some() {
            // A concave outline may be entered more than once: from the first entry to the
            // last exit.
            let mut spans = Vec::new();
            self.spans_inside(a, b, &mut spans);
            return Some((spans.first()?.0, spans.last()?.1));
        }
        let len = a.distance(b);
        // A segment with a non-finite end is turned away too: the clamps below could not take it.
        if !len.is_finite()
            || len <= f32::EPSILON
            || point_segment_distance(self.center, a, b) > self.bounding_radius
        {
            return None;
        }
        match &self.polygon {
            None => {
                let c = self.center;
                let radius = self.circle_radius;
                let d = (b - a) / len;
                let f = a - c;
                let bq = f.dot(d);
                let cq = f.length_squared() - radius * radius;
                let disc = bq * bq - cq;
                if disc <= 0.0 {
                    return None;
                }
                let s = disc.sqrt();
                let t0 = (-bq - s).clamp(0.0, len);
                let t1 = (-bq + s).clamp(0.0, len);
                (t1 > t0).then_some((t0, t1))
            }
            Some(k) => {
                // Liang–Barsky against each edge's inward half-plane.
                let d = b - a;
                let (mut t0, mut t1) = (0.0f32, 1.0f32);
                for i in 0..4 {
                    let e = k[(i + 1) % 4] - k[i];
                    let n = Vec2::new(-e.y, e.x); // inward for counter-clockwise corners
                    let num = n.dot(a - k[i]);
                    let den = n.dot(d);
                    if den.abs() < 1e-9 {
                        if num < 0.0 {
                            return None;
                        }
                    } else {
                        let t = -num / den;
                        if den > 0.0 {
                            t0 = t0.max(t);
                        } else {
                            t1 = t1.min(t);
                        }
                    }
                }
                (t1 > t0).then_some((t0 * len, t1 * len))
            }
        }
    }
    /// Each stretch of the segment `a`–`b` inside the shape, in order, pushed onto `out`: one
    /// at most for a rectangle or a circle (`span_inside`), any number for a concave polygon.
    #[inline]
    pub fn spans_inside(&self, a: Vec2, b: Vec2, out: &mut Vec<(f32, f32)>) {
        match &self.points {
            Some(points) => {
                let len = a.distance(b);
                if len.is_finite()
                    && point_segment_distance(self.center, a, b) <= self.bounding_radius
                {
                    crate::polygon::spans_inside(points, a, b, out);
                }
            }
            None => out.extend(self.span_inside(a, b)),
        }
    }
    /// `Shape::length_inside`.
    #[inline]
    pub fn length_inside(&self, a: Vec2, b: Vec2) -> f32 {
        if self.points.is_some() {
            let mut spans = Vec::new();
            self.spans_inside(a, b, &mut spans);
            return spans.iter().map(|(t0, t1)| t1 - t0).sum();
        }
        self.span_inside(a, b).map_or(0.0, |(t0, t1)| t1 - t0)
    }
    /// `Shape::overlaps`.
    #[inline]
    pub fn overlaps(&self, base: &PlacedBase, tolerance: f32) -> bool {
        let reach = self.bounding_radius + base.radius;
        if self.center.distance_squared(base.base.center) > reach * reach {
            return false;
        }
        if let Some(points) = &self.points {
            return crate::polygon::overlaps_rect(points, &base.corners, tolerance);
        }
        match &self.polygon {
            None => {
                let c = self.center;
                if base.base.contains(c) {
                    return true;
                }
                let k = &base.corners;
                let d = [(k[0], k[1]), (k[1], k[2]), (k[2], k[3]), (k[3], k[0])]
                    .iter()
                    .map(|(p, q)| point_segment_distance(c, *p, *q))
                    .fold(f32::INFINITY, f32::min);
                d < self.circle_radius - tolerance
            }
            Some(poly) => penetrates_by_more(poly, &base.corners, tolerance),
        }
    }
}

/// Shortest distance between a point and a segment.
#[inline]
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    point_segment_distance_squared(p, a, b).sqrt()
}

/// The square of `point_segment_distance`: comparing squares spares a root per pair, and the
/// root of the least square is the least root, to the bit.
#[inline]
pub fn point_segment_distance_squared(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 <= f32::EPSILON {
        return p.distance_squared(a);
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    p.distance_squared(a + ab * t)
}

#[inline]
fn cross(a: Vec2, b: Vec2) -> f32 {
    a.x * b.y - a.y * b.x
}

/// Whether two segments cross or touch.
#[inline]
pub fn segments_intersect(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let d1 = cross(b - a, c - a);
    let d2 = cross(b - a, d - a);
    let d3 = cross(d - c, a - c);
    let d4 = cross(d - c, b - c);
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let eps = 1e-6;
    (d1.abs() < eps && point_segment_distance(c, a, b) < eps)
        || (d2.abs() < eps && point_segment_distance(d, a, b) < eps)
        || (d3.abs() < eps && point_segment_distance(a, c, d) < eps)
        || (d4.abs() < eps && point_segment_distance(b, c, d) < eps)
}

/// Shortest distance between two segments.
#[inline]
pub fn segment_distance(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> f32 {
    if segments_intersect(a, b, c, d) {
        return 0.0;
    }
    point_segment_distance(a, c, d)
        .min(point_segment_distance(b, c, d))
        .min(point_segment_distance(c, a, b))
        .min(point_segment_distance(d, a, b))
}

/// Separating-axis overlap depth of two convex polygons: positive when they overlap by that much.
/// The measure the overlap and contact tests compare (`penetrates_by_more`,
/// `penetrates_at_all`), which stop early instead of working it out in full: the least of every
/// axis's overlap, over the same axes they walk.
#[cfg(test)]
fn polygon_penetration(a: &[Vec2], b: &[Vec2]) -> f32 {
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
fn penetrates_by_more(a: &[Vec2], b: &[Vec2], limit: f32) -> bool {
    every_overlap(a, b, |overlap| overlap <= limit) && f32::INFINITY > limit
}

/// `polygon_penetration(a, b) >= 0.0`, stopping at the first axis that separates them.
#[inline]
fn penetrates_at_all(a: &[Vec2], b: &[Vec2]) -> bool {
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
fn apart_polygon_distance(a: &[Vec2], b: &[Vec2]) -> f32 {
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

/// Half the diagonal: no point of the base is farther than this from its centre.
#[inline]
fn radius(a: &Footprint) -> f32 {
    a.size.length() * 0.5
}

/// Whether `apart_polygon_distance(a, b) <= limit`, stopping at the first pair close enough:
/// the least root is at most the limit exactly when some root is.
#[inline]
fn apart_within(a: &[Vec2], b: &[Vec2], limit: f32) -> bool {
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
    let (a_bits, b_bits) = (footprint_bits(a), footprint_bits(b));
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

/// A base's centre, size and facing, as bits: the whole of what a measurement reads of it.
#[inline]
fn footprint_bits(p: &Footprint) -> [u32; 5] {
    [p.center.x, p.center.y, p.size.x, p.size.y, p.facing].map(f32::to_bits)
}

/// log2 of a memo's slots: 1,024 answers, some 45 KiB a thread.
const DISTANCE_MEMO_BITS: u32 = 10;

/// Distances measured lately, keyed by the bits of everything the measurement read, one to a
/// slot (a new key takes its slot over): a cache whose every entry is exact, so it changes no
/// answer, only how often one is worked out.
struct DistanceMemo<const N: usize> {
    slots: Vec<Option<([u32; N], f32)>>,
}

impl<const N: usize> DistanceMemo<N> {
    fn new() -> Self {
        DistanceMemo {
            slots: vec![None; 1 << DISTANCE_MEMO_BITS],
        }
    }
    /// The slot of a key: a multiplicative hash of its words.
    #[inline]
    fn slot(key: &[u32; N]) -> usize {
        let mut h: u64 = 0;
        for w in key {
            h = (h.rotate_left(5) ^ u64::from(*w)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
        (h >> (64 - DISTANCE_MEMO_BITS)) as usize
    }
    /// The answer remembered for `key`, else `measure`'s, remembered.
    #[inline]
    fn get_or(&mut self, key: [u32; N], measure: impl FnOnce() -> f32) -> f32 {
        let slot = Self::slot(&key);
        match &self.slots[slot] {
            Some((k, d)) if *k == key => *d,
            _ => {
                let d = measure();
                self.slots[slot] = Some((key, d));
                d
            }
        }
    }
}

thread_local! {
    /// Each thread's own memos: games on different threads never share one.
    static BASE_DISTANCES: std::cell::RefCell<DistanceMemo<10>> =
        std::cell::RefCell::new(DistanceMemo::new());
    static SHAPE_DISTANCES: std::cell::RefCell<DistanceMemo<11>> =
        std::cell::RefCell::new(DistanceMemo::new());
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

/// A terrain shape.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Shape {
    /// A rectangle: centre, size (x, y before rotation) and rotation in degrees counter-clockwise.
    Rect {
        center: (f32, f32),
        size: (f32, f32),
        #[serde(default)]
        rotation: f32,
    },
    Circle {
        center: (f32, f32),
        radius: f32,
    },
    /// A simple polygon, convex or concave: its points in order round the outline (either way
    /// round), the last joined back to the first. It must not cross itself.
    Polygon {
        points: Vec<(f32, f32)>,
    },
}

impl Shape {
    /// The rectangle's corners, or `None` for a circle.
    #[inline]
    pub fn polygon(&self) -> Option<[Vec2; 4]> {
        match *self {
            Shape::Rect {
                center,
                size,
                rotation,
            } => {
                let c = Vec2::new(center.0, center.1);
                let a = rotation.to_radians();
                let ux = dir(a) * size.0 * 0.5;
                let uy = dir(a + std::f32::consts::FRAC_PI_2) * size.1 * 0.5;
                Some([c - ux - uy, c + ux - uy, c + ux + uy, c - ux + uy])
            }
            Shape::Circle { .. } | Shape::Polygon { .. } => None,
        }
    }

    /// The outline's points: a rectangle's corners or a polygon's points; `None` for a circle.
    #[inline]
    pub fn outline(&self) -> Option<Vec<Vec2>> {
        match self {
            Shape::Rect { .. } => self.polygon().map(|k| k.to_vec()),
            Shape::Circle { .. } => None,
            Shape::Polygon { points } => Some(points.iter().map(|p| Vec2::new(p.0, p.1)).collect()),
        }
    }

    /// A polygon's points as vectors, or `None` for another shape.
    #[inline]
    fn polygon_points(&self) -> Option<Vec<Vec2>> {
        match self {
            Shape::Polygon { .. } => self.outline(),
            _ => None,
        }
    }

    /// The shape with its corners and reach worked out once, for many tests.
    #[inline]
    pub fn placed(&self) -> PlacedShape {
        PlacedShape {
            center: self.center(),
            bounding_radius: self.bounding_radius(),
            polygon: self.polygon(),
            circle_radius: match *self {
                Shape::Circle { radius, .. } => radius,
                Shape::Rect { .. } | Shape::Polygon { .. } => 0.0,
            },
            points: self.polygon_points().map(Into::into),
        }
    }

    /// No point of the shape is farther than this from its centre.
    #[inline]
    pub fn bounding_radius(&self) -> f32 {
        match *self {
            Shape::Rect { size, .. } => Vec2::new(size.0, size.1).length() * 0.5,
            Shape::Circle { radius, .. } => radius,
            Shape::Polygon { ref points } => {
                let c = self.center();
                points
                    .iter()
                    .map(|p| c.distance(Vec2::new(p.0, p.1)))
                    .fold(0.0, f32::max)
            }
        }
    }

    /// The centre: a polygon's centre of area (which may lie outside a concave one).
    #[inline]
    pub fn center(&self) -> Vec2 {
        match *self {
            Shape::Rect { center, .. } | Shape::Circle { center, .. } => {
                Vec2::new(center.0, center.1)
            }
            Shape::Polygon { .. } => {
                crate::polygon::centroid(&self.polygon_points().unwrap_or_default())
            }
        }
    }

    #[inline]
    pub fn contains(&self, p: Vec2) -> bool {
        match self {
            Shape::Circle { radius, .. } => p.distance(self.center()) <= *radius,
            Shape::Rect { .. } => {
                let k = self.polygon().unwrap_or([Vec2::ZERO; 4]);
                (0..4).all(|i| cross(k[(i + 1) % 4] - k[i], p - k[i]) >= -1e-5)
            }
            Shape::Polygon { .. } => {
                crate::polygon::contains(&self.polygon_points().unwrap_or_default(), p)
            }
        }
    }

    /// Length of the segment `a`–`b` that lies inside the shape.
    #[inline]
    pub fn length_inside(&self, a: Vec2, b: Vec2) -> f32 {
        if let Shape::Polygon { .. } = self {
            return self.placed().length_inside(a, b);
        }
        self.span_inside(a, b).map_or(0.0, |(t0, t1)| t1 - t0)
    }

    /// Where the segment `a`–`b` runs inside the shape: entry and exit, in inches from `a`.
    #[inline]
    pub fn span_inside(&self, a: Vec2, b: Vec2) -> Option<(f32, f32)> {
        // The broad phase of `PlacedShape::span_inside` first, before the corners are worked out.
        if point_segment_distance(self.center(), a, b) > self.bounding_radius() {
            return None;
        }
        self.placed().span_inside(a, b)
    }

    /// Whether the segment `a`–`b` crosses the shape at all.
    #[inline]
    pub fn crosses(&self, a: Vec2, b: Vec2) -> bool {
        self.contains(a) || self.contains(b) || self.length_inside(a, b) > 1e-4
    }

    /// Edge distance from the shape to a base (0 when touching or overlapping).
    #[inline]
    pub fn distance_to(&self, base: &Footprint) -> f32 {
        // Remembered, as `base_distance` is: the marine AI asks whether each marine touches
        // the ship at every decision.
        let shape = match *self {
            Shape::Rect {
                center,
                size,
                rotation,
            } => [0.0, center.0, center.1, size.0, size.1, rotation],
            Shape::Circle { center, radius } => [1.0, center.0, center.1, radius, 0.0, 0.0],
            // A polygon's points do not fit the key: measured each time.
            Shape::Polygon { .. } => return self.measured_distance_to(base),
        };
        let mut key = [0u32; 11];
        key[..6].copy_from_slice(&shape.map(f32::to_bits));
        key[6..].copy_from_slice(&footprint_bits(base));
        SHAPE_DISTANCES.with(|m| {
            m.borrow_mut()
                .get_or(key, || self.measured_distance_to(base))
        })
    }

    /// `distance_to` measured, never remembered.
    fn measured_distance_to(&self, base: &Footprint) -> f32 {
        match self {
            Shape::Circle { radius, .. } => {
                let c = self.center();
                if base.contains(c) {
                    return 0.0;
                }
                let d = base
                    .edges()
                    .iter()
                    .map(|(p, q)| point_segment_distance(c, *p, *q))
                    .fold(f32::INFINITY, f32::min);
                (d - radius).max(0.0)
            }
            Shape::Rect { .. } => {
                polygon_distance(&self.polygon().unwrap_or([Vec2::ZERO; 4]), &base.corners())
            }
            Shape::Polygon { .. } => crate::polygon::distance_to_rect(
                &self.polygon_points().unwrap_or_default(),
                &base.corners(),
            ),
        }
    }

    /// Whether a base touches (or overlaps) the shape, within `tolerance`.
    #[inline]
    pub fn touches(&self, base: &Footprint, tolerance: f32) -> bool {
        let reach = self.bounding_radius() + radius(base) + tolerance;
        self.center().distance_squared(base.center) <= reach * reach
            && self.distance_to(base) <= tolerance
    }

    /// Whether a base overlaps the shape by more than `tolerance`.
    #[inline]
    pub fn overlaps(&self, base: &Footprint, tolerance: f32) -> bool {
        let reach = self.bounding_radius() + radius(base);
        if self.center().distance_squared(base.center) > reach * reach {
            return false;
        }
        match self {
            Shape::Circle { radius, .. } => {
                let c = self.center();
                if base.contains(c) {
                    return true;
                }
                let d = base
                    .edges()
                    .iter()
                    .map(|(p, q)| point_segment_distance(c, *p, *q))
                    .fold(f32::INFINITY, f32::min);
                d < radius - tolerance
            }
            Shape::Rect { .. } => penetrates_by_more(
                &self.polygon().unwrap_or([Vec2::ZERO; 4]),
                &base.corners(),
                tolerance,
            ),
            Shape::Polygon { .. } => crate::polygon::overlaps_rect(
                &self.polygon_points().unwrap_or_default(),
                &base.corners(),
                tolerance,
            ),
        }
    }
}

/// Whether a base lies wholly on a table of `size` (origin at the south-west corner).
#[inline]
pub fn on_table(base: &Footprint, size: Vec2, tolerance: f32) -> bool {
    corners_on_table(&base.corners(), size, tolerance)
}

#[inline]
fn corners_on_table(corners: &[Vec2; 4], size: Vec2, tolerance: f32) -> bool {
    corners.iter().all(|c| {
        c.x >= -tolerance
            && c.y >= -tolerance
            && c.x <= size.x + tolerance
            && c.y <= size.y + tolerance
    })
}

// Routes: a column's path through the table (004).

/// A scenario's route as points, and its length in inches.
#[inline]
pub fn route_of(points: &[(f32, f32)]) -> (Vec<Vec2>, f32) {
    let route: Vec<Vec2> = points.iter().map(|p| Vec2::new(p.0, p.1)).collect();
    let length = route.windows(2).map(|w| w[0].distance(w[1])).sum();
    (route, length)
}

/// How far along a route, inches, it passes nearest the point `p`: the inverse of `along`.
pub fn distance_along(route: &[Vec2], p: Vec2) -> f32 {
    let mut best = (f32::INFINITY, 0.0);
    let mut walked = 0.0;
    for w in route.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = a.distance(b);
        let t = if len < 1e-6 {
            0.0
        } else {
            ((p - a).dot(b - a) / (len * len)).clamp(0.0, 1.0)
        };
        let gap = p.distance(a + (b - a) * t);
        if gap < best.0 {
            best = (gap, walked + t * len);
        }
        walked += len;
    }
    best.1
}

/// A point `at` inches along a route, and the direction of travel there.
#[inline]
pub fn along(route: &[Vec2], at: f32) -> (Vec2, Vec2) {
    let mut left = at.max(0.0);
    for w in route.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = a.distance(b);
        if left <= len || len < 1e-6 {
            let dir = (b - a).normalize_or(Vec2::Y);
            return (a + dir * left.min(len), dir);
        }
        left -= len;
    }
    let n = route.len();
    let dir = (route[n - 1] - route[n - 2]).normalize_or(Vec2::Y);
    (route[n - 1], dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_along_is_the_inverse_of_along() {
        let (route, length) = route_of(&[(0.0, 0.0), (0.0, 10.0), (6.0, 18.0)]);
        assert_eq!(length, 20.0);
        for d in [0.0, 3.5, 10.0, 15.0, 20.0] {
            let (p, _) = along(&route, d);
            assert!((distance_along(&route, p) - d).abs() < 1e-4, "{d}");
        }
        // A point off the route counts where the route passes nearest; past its end, the end.
        assert_eq!(distance_along(&route, Vec2::new(-2.0, 4.0)), 4.0);
        assert_eq!(distance_along(&route, Vec2::new(9.0, 30.0)), 20.0);
    }
    use std::f32::consts::FRAC_PI_2;

    fn sq(x: f32, y: f32) -> Footprint {
        Footprint::new(Vec2::new(x, y), Vec2::ONE, FRAC_PI_2)
    }

    /// Numbers spread evenly between `lo` and `hi`, from a xorshift generator started at `seed`.
    fn uniform(mut seed: u64) -> impl FnMut(f32, f32) -> f32 {
        move |lo, hi| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
        }
    }

    /// The prepared bases and shapes of the searches answer as the plain functions do, to the
    /// bit, over many random bases, shapes and tolerances (a speed change must not change a
    /// single move, and so a single roll).
    #[test]
    fn placed_bases_and_shapes_answer_as_the_plain_functions_do() {
        let mut next = uniform(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..20_000 {
            let mut base = || {
                Footprint::new(
                    Vec2::new(next(0.0, 12.0), next(0.0, 12.0)),
                    Vec2::new(next(0.5, 3.0), next(0.5, 3.0)),
                    next(-7.0, 7.0),
                )
            };
            let (a, b) = (base(), base());
            let tol = next(0.0, 0.2);
            let (pa, pb) = (PlacedBase::new(a), PlacedBase::new(b));
            assert_eq!(pa.corners, a.corners());
            assert_eq!(pa.overlaps(&pb, tol), bases_overlap(&a, &b, tol));
            assert_eq!(pa.in_contact(&pb, tol), in_contact(&a, &b, tol));
            assert_eq!(
                in_contact(&a, &b, tol),
                base_distance(&a, &b) <= tol,
                "contact is a distance within the tolerance"
            );
            let table = Vec2::new(next(6.0, 14.0), next(6.0, 14.0));
            assert_eq!(pa.on_table(table, tol), on_table(&a, table, tol));
            let shape = if next(0.0, 1.0) < 0.5 {
                Shape::Circle {
                    center: (next(0.0, 12.0), next(0.0, 12.0)),
                    radius: next(0.2, 4.0),
                }
            } else {
                Shape::Rect {
                    center: (next(0.0, 12.0), next(0.0, 12.0)),
                    size: (next(0.2, 6.0), next(0.2, 6.0)),
                    rotation: next(-180.0, 180.0),
                }
            };
            let placed = shape.placed();
            let overlaps = shape.overlaps(&a, tol);
            assert_eq!(placed.overlaps(&pa, tol), overlaps, "{shape:?} {a:?}");
            if overlaps {
                assert!(placed.may_reach(&pa, 0.0));
                assert!(placed.may_reach_path(a.center, b.center, pa.radius, 0.0));
            }
        }
    }

    /// The overlap tests that stop at the first separating axis answer as comparing the whole
    /// depth does, to the bit: for random rectangles, ones that touch exactly or overlap along an
    /// edge, rectangles of no size, and corners that cannot be measured.
    #[test]
    fn early_overlap_tests_answer_as_the_whole_depth_does() {
        let mut next = uniform(0x2545_f491_4f6c_dd1du64);
        let mut pairs: Vec<([Vec2; 4], [Vec2; 4])> = (0..20_000)
            .map(|_| {
                let mut corners = || {
                    Footprint::new(
                        Vec2::new(next(0.0, 6.0), next(0.0, 6.0)),
                        Vec2::new(next(0.0, 3.0), next(0.0, 3.0)),
                        next(-7.0, 7.0),
                    )
                    .corners()
                };
                (corners(), corners())
            })
            .collect();
        let flush = (sq(0.5, 0.5).corners(), sq(1.5, 0.5).corners());
        let nowhere = Footprint::new(Vec2::ZERO, Vec2::ZERO, 0.0).corners();
        let unmeasured = Footprint::new(Vec2::new(f32::NAN, 1.0), Vec2::ONE, 0.0).corners();
        pairs.extend([
            flush,
            (flush.0, flush.0),
            (nowhere, flush.0),
            (unmeasured, flush.0),
        ]);
        pairs.push((flush.0, unmeasured));
        for (a, b) in pairs {
            let depth = polygon_penetration(&a, &b);
            for limit in [0.0, 0.01, 0.05, -0.01, f32::INFINITY] {
                assert_eq!(
                    penetrates_by_more(&a, &b, limit),
                    depth > limit,
                    "{a:?} {b:?}"
                );
            }
            assert_eq!(penetrates_at_all(&a, &b), depth >= 0.0, "{a:?} {b:?}");
        }
    }

    #[test]
    fn touching_bases_are_in_contact_but_do_not_overlap() {
        let a = sq(0.5, 0.5);
        let b = sq(1.5, 0.5);
        assert!(in_contact(&a, &b, 0.05));
        assert!(!bases_overlap(&a, &b, 0.01));
        assert!(bases_overlap(&a, &sq(1.2, 0.5), 0.01));
        assert!((base_distance(&a, &sq(3.5, 0.5)) - 2.0).abs() < 1e-4);
    }

    #[test]
    fn contact_pose_puts_front_edge_flush_on_the_chosen_edge() {
        let target = sq(10.0, 10.0); // faces north
        let alien = Footprint::new(Vec2::new(10.0, 20.0), Vec2::splat(1.5), 0.0);
        let pose = contact_pose(&alien, &target, 0);
        assert!((pose.center - Vec2::new(10.0, 11.25)).length() < 1e-4);
        assert!(front_touches(&pose, &target, 0.01));
        assert_eq!(touched_edge(&pose, &target), 0);
        let rear = contact_pose(&alien, &target, 2);
        assert!(!target.in_front_arc(rear.center));
    }

    #[test]
    fn segment_length_inside_rect_and_circle() {
        let r = Shape::Rect {
            center: (5.0, 5.0),
            size: (2.0, 2.0),
            rotation: 0.0,
        };
        let len = r.length_inside(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0));
        assert!((len - 2.0).abs() < 1e-4);
        let c = Shape::Circle {
            center: (5.0, 5.0),
            radius: 1.0,
        };
        assert!((c.length_inside(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0)) - 2.0).abs() < 1e-4);
        assert_eq!(
            c.length_inside(Vec2::new(0.0, 8.0), Vec2::new(10.0, 8.0)),
            0.0
        );
    }

    #[test]
    fn bearings_round_trip() {
        assert!((bearing_to_angle(0.0) - FRAC_PI_2).abs() < 1e-6);
        assert!((angle_to_bearing(bearing_to_angle(135.0)) - 135.0).abs() < 1e-3);
    }
}

#[cfg(test)]
mod polygon_tests {
    use super::*;

    /// An L: a 6x6 square less its north-east 4x4 quarter, so the notch is x 2..6, y 2..6.
    fn ell() -> Shape {
        Shape::Polygon {
            points: vec![
                (0.0, 0.0),
                (6.0, 0.0),
                (6.0, 2.0),
                (2.0, 2.0),
                (2.0, 6.0),
                (0.0, 6.0),
            ],
        }
    }

    fn base(x: f32, y: f32) -> Footprint {
        Footprint::new(Vec2::new(x, y), Vec2::ONE, 0.3)
    }

    #[test]
    fn a_point_in_the_notch_is_outside_and_one_in_an_arm_inside() {
        let l = ell();
        assert!(!l.contains(Vec2::new(4.0, 4.0)));
        assert!(l.contains(Vec2::new(1.0, 4.0)));
        assert!(l.contains(Vec2::new(4.0, 1.0)));
        assert!(!l.contains(Vec2::new(7.0, 1.0)));
    }

    #[test]
    fn a_base_in_the_notch_does_not_overlap_and_one_across_an_edge_does() {
        let l = ell();
        let placed = l.placed();
        for tol in [0.0, 0.01, 0.05] {
            // In the notch, within the L's bounding box and radius.
            let notch = base(4.0, 4.0);
            assert!(!l.overlaps(&notch, tol));
            assert!(!placed.overlaps(&PlacedBase::new(notch), tol));
            assert!(l.distance_to(&notch) > 1.0);
            // Across the inner edge x = 2.
            let across = base(2.2, 4.0);
            assert!(l.overlaps(&across, tol), "{tol}");
            assert!(placed.overlaps(&PlacedBase::new(across), tol));
            assert_eq!(l.distance_to(&across), 0.0);
            // Wholly inside an arm.
            assert!(l.overlaps(&base(1.0, 4.0), tol));
        }
        // Flush against the inner edge: touching, not overlapping.
        let flush = Footprint::new(Vec2::new(2.5, 4.0), Vec2::ONE, 0.0);
        assert!(!l.overlaps(&flush, 0.0));
        assert!(l.touches(&flush, 0.01));
        // A little apart: the distance is the gap.
        let apart = Footprint::new(Vec2::new(3.0, 4.0), Vec2::ONE, 0.0);
        assert!((l.distance_to(&apart) - 0.5).abs() < 1e-4);
        assert!(!l.touches(&apart, 0.4));
    }

    #[test]
    fn sight_through_the_notch_is_clear_and_through_an_arm_blocked() {
        let l = ell();
        let (a, b) = (Vec2::new(3.0, 7.0), Vec2::new(7.0, 3.0));
        assert_eq!(l.length_inside(a, b), 0.0);
        assert!(!l.crosses(a, b));
        let (a, b) = (Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0));
        assert!(
            (l.length_inside(a, b) - 2.0).abs() < 1e-4,
            "only the west arm"
        );
        assert!(l.crosses(a, b));
        // A segment that enters both arms: two spans, their lengths summed.
        let (a, b) = (Vec2::new(1.0, 7.0), Vec2::new(7.0, 1.0));
        assert!(
            l.length_inside(a, b) < 1e-4,
            "meets only the two inner corners"
        );
        let mut spans = Vec::new();
        let u = Shape::Polygon {
            points: vec![
                (0.0, 0.0),
                (6.0, 0.0),
                (6.0, 6.0),
                (4.0, 6.0),
                (4.0, 2.0),
                (2.0, 2.0),
                (2.0, 6.0),
                (0.0, 6.0),
            ],
        };
        u.placed()
            .spans_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0), &mut spans);
        assert_eq!(spans.len(), 2, "{spans:?}");
        assert!((u.length_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0)) - 4.0).abs() < 1e-4);
        assert_eq!(
            u.placed()
                .span_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0)),
            Some((1.0, 7.0))
        );
    }

    #[test]
    fn a_polygons_centre_and_reach_cover_it() {
        let l = ell();
        let c = l.center();
        // The L's centre of area: 20 square inches, (2*6*... ) worked out by parts.
        let expect = (Vec2::new(3.0, 1.0) * 12.0 + Vec2::new(1.0, 4.0) * 8.0) / 20.0;
        assert!(c.distance(expect) < 1e-4, "{c}");
        let r = l.bounding_radius();
        for p in l.outline().unwrap_or_default() {
            assert!(p.distance(c) <= r + 1e-5);
        }
    }

    /// Random bases against a concave polygon: the placed shape answers as the plain one, and
    /// overlap always means contact.
    #[test]
    fn placed_polygons_answer_as_the_plain_ones() {
        let l = ell();
        let placed = l.placed();
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |lo: f32, hi: f32| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
        };
        for _ in 0..5_000 {
            let b = Footprint::new(
                Vec2::new(next(-2.0, 8.0), next(-2.0, 8.0)),
                Vec2::new(next(0.5, 2.0), next(0.5, 2.0)),
                next(-4.0, 4.0),
            );
            let tol = next(0.0, 0.1);
            let overlaps = l.overlaps(&b, tol);
            assert_eq!(placed.overlaps(&PlacedBase::new(b), tol), overlaps);
            if overlaps {
                assert!(l.touches(&b, tol), "{b:?}");
                assert!(placed.may_reach(&PlacedBase::new(b), 0.0));
            }
        }
    }
}
