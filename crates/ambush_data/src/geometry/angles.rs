//! Bearings and angles: compass degrees to facing radians and back, and the unit vector of an angle.

use glam::Vec2;

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
