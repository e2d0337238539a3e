//! Table geometry: bases as oriented rectangles, contact, distance, arcs, terrain shapes, segments and routes, each in its own file, re-exported here.
//!
//! Inches throughout; x runs east, y north, angles are radians counter-clockwise from east.

mod angles;
mod contact;
mod convex;
mod footprint;
mod memo;
#[cfg(test)]
mod polygon_tests;
mod routes;
mod shape;
#[cfg(test)]
mod tests;

pub use crate::segment::{
    nearest_point_on_segment, point_segment_distance, point_segment_distance_squared,
    segment_distance, segments_intersect,
};
pub use angles::{angle_of, angle_to_bearing, bearing_to_angle, dir};
pub use contact::{
    PlacedBase, base_distance, base_distance_at_least, bases_overlap, contact_pose, front_touches,
    frontage_on_front, in_contact, touched_edge,
};
pub use convex::polygon_distance;
pub use footprint::{Footprint, on_table};
pub use routes::{along, distance_along, route_of};
pub use shape::{PlacedShape, Shape};

/// How far a measurement may be off by floating-point rounding and still count, inches: a
/// thousandth of an inch, far below anything a player could measure on the table.
pub const MEASURING_SLACK: f32 = 1e-3;
/// How much farther than the exact reach a broad phase keeps candidates, inches: float rounding
/// on a base's corners and centre is far smaller, so no candidate the exact test would catch is
/// dropped.
pub const BROAD_PHASE_MARGIN: f32 = 0.01;
