//! A base on the table: an oriented rectangle, its corners and edges, and whether it lies on the table.

use super::angles::dir;
use crate::segment::point_segment_distance;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A base on the table: an oriented rectangle whose front edge points along `facing`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Footprint {
    pub center: Vec2,
    /// Frontage (width along the front edge) and depth, inches.
    pub size: Vec2,
    pub facing: f32,
}

impl Footprint {
    /// Its centre, size and facing as bits: the whole of what a measurement reads of a base,
    /// so two bases with the same bits are the same base.
    #[inline]
    pub fn bits(&self) -> [u32; 5] {
        [
            self.center.x,
            self.center.y,
            self.size.x,
            self.size.y,
            self.facing,
        ]
        .map(f32::to_bits)
    }

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
pub(super) fn corners_along(c: Vec2, size: Vec2, fwd: Vec2) -> [Vec2; 4] {
    let f = fwd * size.y * 0.5;
    let r = Vec2::new(fwd.y, -fwd.x) * size.x * 0.5;
    [c + f - r, c + f + r, c - f + r, c - f - r]
}

/// Half the diagonal: no point of the base is farther than this from its centre.
#[inline]
pub(super) fn radius(a: &Footprint) -> f32 {
    a.size.length() * 0.5
}

/// Whether a base lies wholly on a table of `size` (origin at the south-west corner).
#[inline]
pub fn on_table(base: &Footprint, size: Vec2, tolerance: f32) -> bool {
    corners_on_table(&base.corners(), size, tolerance)
}

#[inline]
pub(super) fn corners_on_table(corners: &[Vec2; 4], size: Vec2, tolerance: f32) -> bool {
    corners.iter().all(|c| {
        c.x >= -tolerance
            && c.y >= -tolerance
            && c.x <= size.x + tolerance
            && c.y <= size.y + tolerance
    })
}
