//! Terrain shapes (rectangles, circles, simple polygons): inside tests, a segment's spans inside, and contact with a base.

use super::angles::dir;
use super::contact::PlacedBase;
use super::convex::{penetrates_by_more, polygon_distance};
use super::footprint::{Footprint, radius};
use super::memo::SHAPE_DISTANCES;
use crate::segment::{cross, point_segment_distance};
use glam::Vec2;
use serde::{Deserialize, Serialize};

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
        key[6..].copy_from_slice(&base.bits());
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
