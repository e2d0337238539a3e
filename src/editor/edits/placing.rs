//! Where pieces stand: the grid, compass bearings, moves, mirrors, groups in a line, column or block, and the ambush a first ambush piece brings.

use super::error::{EditError, finite, finite_pair, room_for_units};
use super::names::free_labels;
use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec, Detection, SurpriseEffects};
use ambush_data::board::Side;
use ambush_data::geometry::Shape;
use ambush_data::scenario::{Scenario, UnitSpec};

/// The point moved to the nearest multiple of `step` inches on each axis (0.5 or 1 inch in the
/// editor); a `step` that is not a positive finite number leaves it where it is.
pub fn snap(point: (f32, f32), step: f32) -> (f32, f32) {
    if !(step.is_finite() && step > 0.0) {
        return point;
    }
    // Adding 0.0 turns a -0.0 into 0.0.
    let one = |v: f32| (v / step).round() * step + 0.0;
    (one(point.0), one(point.1))
}

/// A bearing in degrees brought into 0 to 360.
pub fn compass(degrees: f32) -> f32 {
    let d = degrees % 360.0;
    // Adding 0.0 turns a -0.0 into 0.0, which a file shows as plain "0.0".
    if d < 0.0 { d + 360.0 } else { d + 0.0 }
}

/// The unit vectors ahead of and to the right of a unit facing `bearing`, exact at the four
/// compass points so a group placed facing west stands on whole inches.
pub fn ahead_and_right(bearing: f32) -> ((f32, f32), (f32, f32)) {
    let b = compass(bearing);
    let ahead = if b == 0.0 {
        (0.0, 1.0)
    } else if b == 90.0 {
        (1.0, 0.0)
    } else if b == 180.0 {
        (0.0, -1.0)
    } else if b == 270.0 {
        (-1.0, 0.0)
    } else {
        let r = b.to_radians();
        (r.sin(), r.cos())
    };
    // Clockwise a quarter turn from ahead.
    (ahead, (ahead.1, -ahead.0))
}

/// Moves a shape by a vector, inches: its centre, or a polygon's every point.
pub fn translate(shape: &mut Shape, by: (f32, f32)) {
    match shape {
        Shape::Rect { center, .. } | Shape::Circle { center, .. } => {
            *center = (center.0 + by.0, center.1 + by.1);
        }
        Shape::Polygon { points } => {
            for p in points.iter_mut() {
                *p = (p.0 + by.0, p.1 + by.1);
            }
        }
    }
}

/// The ambush a scenario gets when its first ambush piece is placed: the marines walk into
/// hidden aliens (000's ambush units on the AWE roll, with 004's simple set-up).
pub fn new_ambush() -> AmbushSpec {
    AmbushSpec::new(
        Side::Humans,
        AmbushSetup::Simple,
        Detection::Awe,
        SurpriseEffects::AmbushUnits,
    )
}

/// Which centre line a mirror turns a selection about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MirrorAxis {
    /// Left-right: west becomes east, about the line halfway across the table's width.
    LeftRight,
    /// Top-bottom: north becomes south, about the line halfway up the table's depth.
    TopBottom,
}

impl MirrorAxis {
    /// A point's mirror on a table of this size.
    pub fn point(self, table: (f32, f32), p: (f32, f32)) -> (f32, f32) {
        match self {
            MirrorAxis::LeftRight => (table.0 - p.0, p.1),
            MirrorAxis::TopBottom => (p.0, table.1 - p.1),
        }
    }

    /// A compass bearing's mirror: east becomes west in a left-right mirror.
    pub fn facing(self, bearing: f32) -> f32 {
        match self {
            MirrorAxis::LeftRight => compass(-bearing),
            MirrorAxis::TopBottom => compass(180.0 - bearing),
        }
    }

    /// A shape's mirror, in place.
    pub fn shape(self, table: (f32, f32), shape: &mut Shape) {
        match shape {
            Shape::Rect {
                rotation, center, ..
            } => {
                // Either mirror turns a counter-clockwise rotation into a clockwise one.
                *rotation = -*rotation;
                *center = self.point(table, *center);
            }
            Shape::Circle { center, .. } => *center = self.point(table, *center),
            // Each point flips; the outline runs the other way round, which is as good.
            Shape::Polygon { points } => points.iter_mut().for_each(|p| *p = self.point(table, *p)),
        }
    }
}

/// How a group of units stands, seen from the template's facing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arrangement {
    /// Side by side, abreast, the line running to the template's right.
    Line,
    /// One behind the other, the column running back from the template.
    Column,
    /// Ranks of `abreast` units side by side, each rank behind the one before.
    Block { abreast: usize },
}

pub(super) fn place_group(
    s: &mut Scenario,
    template: UnitSpec,
    count: usize,
    spacing: f32,
    arrangement: Arrangement,
) -> Result<(), EditError> {
    if count == 0 {
        return Err(EditError::EmptyGroup);
    }
    if !(spacing.is_finite() && spacing > 0.0) {
        return Err(EditError::BadNumber {
            what: "the spacing",
            expected: "inches above 0",
            found: spacing,
        });
    }
    finite_pair("the template's place", template.at)?;
    finite("the template's facing", template.facing)?;
    room_for_units(s, count)?;
    let abreast = match arrangement {
        Arrangement::Line => count,
        Arrangement::Column => 1,
        Arrangement::Block { abreast } => abreast.max(1),
    };
    let labels = free_labels(s, &template.label, count)?;
    let (ahead, right) = ahead_and_right(template.facing);
    for (k, label) in labels.into_iter().enumerate() {
        let (file, rank) = ((k % abreast) as f32, (k / abreast) as f32);
        let across = (
            right.0 * file - ahead.0 * rank,
            right.1 * file - ahead.1 * rank,
        );
        let mut unit = template.clone();
        unit.label = label;
        unit.at = (
            template.at.0 + across.0 * spacing,
            template.at.1 + across.1 * spacing,
        );
        s.units.push(unit);
    }
    Ok(())
}

/// Mirrors the chosen pieces about the table's centre line. A rectangle's rotation and a
/// unit's facing mirror too, so a wall running north-east runs north-west after a left-right
/// mirror and a unit facing east faces west.
pub(super) fn mirror(
    s: &mut Scenario,
    terrain: &[usize],
    units: &[usize],
    axis: MirrorAxis,
) -> Result<(), EditError> {
    // Every index is checked before anything moves, and each piece mirrors once however often
    // the selection names it.
    let (count_t, count_u) = (s.terrain.len(), s.units.len());
    if let Some(&index) = terrain.iter().find(|&&i| i >= count_t) {
        return Err(EditError::NoSuchTerrain {
            index,
            count: count_t,
        });
    }
    if let Some(&index) = units.iter().find(|&&i| i >= count_u) {
        return Err(EditError::NoSuchUnit {
            index,
            count: count_u,
        });
    }
    let mut terrain = terrain.to_vec();
    terrain.sort_unstable();
    terrain.dedup();
    for i in terrain {
        axis.shape(s.table, &mut s.terrain[i].shape);
    }
    let mut units = units.to_vec();
    units.sort_unstable();
    units.dedup();
    for i in units {
        let u = &mut s.units[i];
        u.at = axis.point(s.table, u.at);
        u.facing = axis.facing(u.facing);
    }
    Ok(())
}
