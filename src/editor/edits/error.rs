//! Why an edit is refused, and the checks of numbers and room that refuse it.

use ambush_data::check::{MAX_POLYGON_POINTS, MAX_TERRAIN, MAX_UNITS};
use ambush_data::scenario::Scenario;

/// Why an edit was refused. The draft is left as it was.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum EditError {
    #[error("there is no terrain[{index}]: the scenario has {count} terrain features")]
    NoSuchTerrain { index: usize, count: usize },
    #[error("there is no units[{index}]: the scenario has {count} units")]
    NoSuchUnit { index: usize, count: usize },
    #[error("a scenario may have at most {} terrain features", MAX_TERRAIN)]
    TooMuchTerrain,
    #[error(
        "a scenario may place at most {} units; this would make {would_be}",
        MAX_UNITS
    )]
    TooManyUnits { would_be: usize },
    #[error("{what}: expected {expected}, found {found}")]
    BadNumber {
        what: &'static str,
        expected: &'static str,
        found: f32,
    },
    #[error("a group needs at least one unit")]
    EmptyGroup,
    #[error("no free label follows \"{label}\"")]
    NoFreeLabel { label: String },
    #[error("terrain[{index}] is not a polygon: only a polygon's points can be edited")]
    NotAPolygon { index: usize },
    #[error("terrain[{index}] has no point {vertex}: it has {count}")]
    NoSuchVertex {
        index: usize,
        vertex: usize,
        count: usize,
    },
    #[error("a polygon needs at least 3 points")]
    TooFewPoints,
    #[error("a polygon may have at most {} points", MAX_POLYGON_POINTS)]
    TooManyPoints,
}

pub(super) fn room_for_terrain(s: &Scenario) -> Result<(), EditError> {
    if s.terrain.len() >= MAX_TERRAIN {
        return Err(EditError::TooMuchTerrain);
    }
    Ok(())
}

pub(super) fn room_for_units(s: &Scenario, more: usize) -> Result<(), EditError> {
    let would_be = s.units.len().saturating_add(more);
    if would_be > MAX_UNITS {
        return Err(EditError::TooManyUnits { would_be });
    }
    Ok(())
}

pub(super) fn finite(what: &'static str, v: f32) -> Result<(), EditError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(EditError::BadNumber {
            what,
            expected: "a finite number",
            found: v,
        })
    }
}

pub(super) fn finite_pair(what: &'static str, v: (f32, f32)) -> Result<(), EditError> {
    finite(what, v.0).and_then(|()| finite(what, v.1))
}
