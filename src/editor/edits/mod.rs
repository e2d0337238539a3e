//! The editor's edits: each change a person can make to a draft scenario, refused with an `EditError` when it names nothing or breaks a hard limit. One file a job, re-exported here.

mod carry;
mod error;
mod names;
mod placing;
mod setting;
#[cfg(test)]
mod tests;

pub use carry::{carry_hidden_unit, carry_terrain, carry_traits, carry_unit};
pub use error::EditError;
pub use names::{free_labels, free_terrain_name};
pub use placing::{Arrangement, MirrorAxis, ahead_and_right, compass, new_ambush, snap, translate};
pub use setting::Setting;

use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::TerrainFeature;
use ambush_data::check::MAX_POLYGON_POINTS;
use ambush_data::geometry::Shape;
use ambush_data::scenario::{Scenario, UnitSpec};
use error::{finite, finite_pair, room_for_terrain, room_for_units};
use placing::{mirror, place_group};

/// One change to a draft scenario. `Draft::apply` makes it whole or not at all, and undo takes
/// it back exactly.
///
/// Indices are into the scenario's `terrain` and `units` lists as they stand before the edit.
/// Edits that add a piece append it, so the indices of the others stay as they were.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// A new terrain feature at the end of the list.
    AddTerrain(TerrainFeature),
    /// Moves a feature (a polygon's every point) by a vector, inches.
    MoveTerrain { index: usize, by: (f32, f32) },
    /// Turns a rectangle by degrees counter-clockwise (the sense of its `rotation`), a polygon's
    /// points about its centre; a circle stays as it is. The rotation is kept within ±360 as
    /// the checks ask.
    RotateTerrain { index: usize, degrees: f32 },
    /// Scales a feature about its centre: a rectangle's width and depth by the factor's x and y,
    /// a polygon's points along x and y, a circle's radius by the larger of the two.
    ResizeTerrain { index: usize, factor: (f32, f32) },
    /// Moves one point of a polygon to `to`.
    MoveVertex {
        terrain: usize,
        vertex: usize,
        to: (f32, f32),
    },
    /// A new point of a polygon at `at`, put in before the point `vertex` (the polygon's
    /// number of points puts it last, on the edge back to the first).
    InsertVertex {
        terrain: usize,
        vertex: usize,
        at: (f32, f32),
    },
    /// Takes one point out of a polygon; it keeps at least three.
    RemoveVertex { terrain: usize, vertex: usize },
    /// Sets the whole feature: name, shape, going, cover, height, blocking and look.
    ReplaceTerrain {
        index: usize,
        feature: TerrainFeature,
    },
    /// A copy of a feature moved by `offset`, at the end of the list, its name made unique
    /// ("wood" gives "wood 2").
    DuplicateTerrain { index: usize, offset: (f32, f32) },
    /// Removes a feature; the ones after it move up one place.
    DeleteTerrain { index: usize },
    /// Mirrors a selection of terrain features and units about the table's centre line:
    /// positions, rotations and the units' facings.
    Mirror {
        terrain: Vec<usize>,
        units: Vec<usize>,
        axis: MirrorAxis,
    },
    /// A new unit at the end of the list.
    AddUnit(UnitSpec),
    /// Moves a unit by a vector, inches.
    MoveUnit { index: usize, by: (f32, f32) },
    /// Turns a unit by degrees clockwise (the sense of its compass `facing`), kept in 0..360.
    RotateUnit { index: usize, degrees: f32 },
    /// Sets the whole unit.
    ReplaceUnit { index: usize, unit: UnitSpec },
    /// A copy of a unit moved by `offset`, at the end of the list, with the next free label
    /// ("M6" gives "M7").
    DuplicateUnit { index: usize, offset: (f32, f32) },
    /// Removes a unit; the ones after it move up one place.
    DeleteUnit { index: usize },
    /// A group of units copied from a template and placed in a line, a column or a block: the
    /// first stands at the template's place, the others by `spacing` inches from centre to
    /// centre, each with the next free label after the template's (M1, M2, … or M7, M8, …
    /// when M1 to M6 are taken).
    PlaceGroup {
        template: UnitSpec,
        count: usize,
        spacing: f32,
        arrangement: Arrangement,
    },
    /// One of the scenario's settings.
    SetSetting(Setting),
    /// The whole ambush section, or none.
    SetAmbush(Option<Box<AmbushSpec>>),
    /// Several edits made, undone and redone as one, in order (a mirrored copy is a copy of
    /// each piece, then their mirror). Refused whole when any part is.
    Several(Vec<Edit>),
}

impl Edit {
    /// Makes the edit on `s`. On an error `s` may be half changed: `Draft::apply` works on a
    /// copy and keeps it only when this succeeds.
    pub fn apply_to(self, s: &mut Scenario) -> Result<(), EditError> {
        match self {
            Edit::AddTerrain(feature) => {
                room_for_terrain(s)?;
                s.terrain.push(feature);
            }
            Edit::MoveTerrain { index, by } => {
                finite_pair("the move", by)?;
                translate(&mut terrain_at(s, index)?.shape, by);
            }
            Edit::RotateTerrain { index, degrees } => {
                finite("the turn", degrees)?;
                match &mut terrain_at(s, index)?.shape {
                    Shape::Rect { rotation, .. } => *rotation = (*rotation + degrees) % 360.0,
                    Shape::Circle { .. } => {}
                    Shape::Polygon { points } => {
                        let c = ambush_data::polygon::centroid(&vectors(points));
                        let turn = glam::Vec2::from_angle(degrees.to_radians());
                        for p in points.iter_mut() {
                            let v = c + turn.rotate(glam::Vec2::from(*p) - c);
                            *p = (v.x, v.y);
                        }
                    }
                }
            }
            Edit::MoveVertex {
                terrain,
                vertex,
                to,
            } => {
                finite_pair("the point", to)?;
                *vertex_at(s, terrain, vertex)? = to;
            }
            Edit::InsertVertex {
                terrain,
                vertex,
                at,
            } => {
                finite_pair("the point", at)?;
                let points = polygon_at(s, terrain)?;
                if vertex > points.len() {
                    return Err(EditError::NoSuchVertex {
                        index: terrain,
                        vertex,
                        count: points.len(),
                    });
                }
                if points.len() >= MAX_POLYGON_POINTS {
                    return Err(EditError::TooManyPoints);
                }
                points.insert(vertex, at);
            }
            Edit::RemoveVertex { terrain, vertex } => {
                vertex_at(s, terrain, vertex)?;
                let points = polygon_at(s, terrain)?;
                if points.len() <= 3 {
                    return Err(EditError::TooFewPoints);
                }
                points.remove(vertex);
            }
            Edit::ResizeTerrain { index, factor } => {
                for f in [factor.0, factor.1] {
                    if !(f.is_finite() && f > 0.0) {
                        return Err(EditError::BadNumber {
                            what: "the scale",
                            expected: "a factor above 0",
                            found: f,
                        });
                    }
                }
                match &mut terrain_at(s, index)?.shape {
                    Shape::Rect { size, .. } => *size = (size.0 * factor.0, size.1 * factor.1),
                    Shape::Circle { radius, .. } => *radius *= factor.0.max(factor.1),
                    Shape::Polygon { points } => {
                        let c = ambush_data::polygon::centroid(&vectors(points));
                        for p in points.iter_mut() {
                            *p = (c.x + (p.0 - c.x) * factor.0, c.y + (p.1 - c.y) * factor.1);
                        }
                    }
                }
            }
            Edit::ReplaceTerrain { index, feature } => *terrain_at(s, index)? = feature,
            Edit::DuplicateTerrain { index, offset } => {
                finite_pair("the offset", offset)?;
                let mut copy = terrain_at(s, index)?.clone();
                room_for_terrain(s)?;
                copy.name = free_terrain_name(s, &copy.name);
                translate(&mut copy.shape, offset);
                s.terrain.push(copy);
            }
            Edit::DeleteTerrain { index } => {
                terrain_at(s, index)?;
                s.terrain.remove(index);
            }
            Edit::Mirror {
                terrain,
                units,
                axis,
            } => mirror(s, &terrain, &units, axis)?,
            Edit::AddUnit(unit) => {
                room_for_units(s, 1)?;
                s.units.push(unit);
            }
            Edit::MoveUnit { index, by } => {
                finite_pair("the move", by)?;
                let u = unit_at(s, index)?;
                u.at = (u.at.0 + by.0, u.at.1 + by.1);
            }
            Edit::RotateUnit { index, degrees } => {
                finite("the turn", degrees)?;
                let u = unit_at(s, index)?;
                u.facing = compass(u.facing + degrees);
            }
            Edit::ReplaceUnit { index, unit } => *unit_at(s, index)? = unit,
            Edit::DuplicateUnit { index, offset } => {
                finite_pair("the offset", offset)?;
                let mut copy = unit_at(s, index)?.clone();
                room_for_units(s, 1)?;
                copy.label = free_labels(s, &copy.label, 1)?.remove(0);
                copy.at = (copy.at.0 + offset.0, copy.at.1 + offset.1);
                s.units.push(copy);
            }
            Edit::DeleteUnit { index } => {
                unit_at(s, index)?;
                s.units.remove(index);
            }
            Edit::PlaceGroup {
                template,
                count,
                spacing,
                arrangement,
            } => place_group(s, template, count, spacing, arrangement)?,
            Edit::SetSetting(setting) => setting.write(s),
            Edit::SetAmbush(ambush) => s.ambush = ambush.map(|a| *a),
            // A part refused leaves `s` part-changed: `Draft::apply` works on a copy, which it
            // then drops.
            Edit::Several(edits) => {
                for edit in edits {
                    edit.apply_to(s)?;
                }
            }
        }
        Ok(())
    }
}

fn terrain_at(s: &mut Scenario, index: usize) -> Result<&mut TerrainFeature, EditError> {
    let count = s.terrain.len();
    s.terrain
        .get_mut(index)
        .ok_or(EditError::NoSuchTerrain { index, count })
}

fn unit_at(s: &mut Scenario, index: usize) -> Result<&mut UnitSpec, EditError> {
    let count = s.units.len();
    s.units
        .get_mut(index)
        .ok_or(EditError::NoSuchUnit { index, count })
}

fn vectors(points: &[(f32, f32)]) -> Vec<glam::Vec2> {
    points.iter().map(|p| glam::Vec2::from(*p)).collect()
}

/// The points of the polygon `terrain[index]`.
fn polygon_at(s: &mut Scenario, index: usize) -> Result<&mut Vec<(f32, f32)>, EditError> {
    match &mut terrain_at(s, index)?.shape {
        Shape::Polygon { points } => Ok(points),
        _ => Err(EditError::NotAPolygon { index }),
    }
}

/// One point of the polygon `terrain[index]`.
fn vertex_at(s: &mut Scenario, index: usize, vertex: usize) -> Result<&mut (f32, f32), EditError> {
    let points = polygon_at(s, index)?;
    let count = points.len();
    points.get_mut(vertex).ok_or(EditError::NoSuchVertex {
        index,
        vertex,
        count,
    })
}
