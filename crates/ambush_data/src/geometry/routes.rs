//! Routes: a column's path through the table (004), as points, its length, and places along it.

use glam::Vec2;

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
