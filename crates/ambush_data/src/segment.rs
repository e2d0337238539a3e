//! Segments: the distance from a point to one, whether two cross, and the distance between two. Geometry and polygons both rest on them.

use glam::Vec2;

/// Shortest distance between a point and a segment.
#[inline]
pub fn point_segment_distance(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    point_segment_distance_squared(p, a, b).sqrt()
}

/// The square of `point_segment_distance`: comparing squares spares a root per pair, and the
/// root of the least square is the least root, to the bit.
#[inline]
pub fn point_segment_distance_squared(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    p.distance_squared(nearest_point_on_segment(p, a, b))
}

/// The point of the segment from `a` to `b` nearest `p` (`a` itself when the segment has no
/// length).
#[inline]
pub fn nearest_point_on_segment(p: Vec2, a: Vec2, b: Vec2) -> Vec2 {
    let ab = b - a;
    let len2 = ab.length_squared();
    if len2 <= f32::EPSILON {
        return a;
    }
    let t = ((p - a).dot(ab) / len2).clamp(0.0, 1.0);
    a + ab * t
}

/// The cross product's z: positive when `b` turns counter-clockwise from `a`.
#[inline]
pub(crate) fn cross(a: Vec2, b: Vec2) -> f32 {
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
