//! Scenario checks: every rule serde cannot see, each problem named by its field path.
//!
//! The checks work on the parsed `Scenario` alone, so the set-up screen can ask them about a
//! scenario in memory; `parse_scenario` turns a problem's path into a line and column with the
//! locator (`locate.rs`).

use crate::board::Going;
use crate::error::{DataError, parse_ron};
use crate::geometry::{Footprint, Shape, bases_overlap, on_table};
use crate::locate::{FieldPath, Seg, locate};
use crate::scenario::Scenario;
use crate::tables::Rules;
use glam::Vec2;
use std::path::Path;

mod ambush;
mod forces;
#[cfg(test)]
mod tests;
mod units;

/// What a check found wrong, and where: the field path into the scenario file.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{message}")]
pub struct Problem {
    pub path: FieldPath,
    pub message: String,
}

impl Problem {
    /// The problem as an error at its line and column in `text`, the file named `file`.
    pub fn placed(self, file: &str, text: &str) -> DataError {
        let (line, column) = locate(text, &self.path);
        DataError::at(file, line, column, self.message)
    }
}

/// Parses a scenario's RON text and checks it against the rules; `file` labels any error.
pub fn parse_scenario(file: &str, text: &str, rules: &Rules) -> Result<Scenario, DataError> {
    let scenario: Scenario = parse_ron(file, text)?;
    check_scenario(&scenario, rules).map_err(|p| p.placed(file, text))?;
    Ok(scenario)
}

/// Checks a parsed scenario against the rules: the first problem found, with its field path.
pub fn check_scenario(scenario: &Scenario, rules: &Rules) -> Result<(), Problem> {
    Checker { rules }.check(scenario)
}

/// Checks a parsed scenario against the rules and returns every problem it can tell apart (an
/// editor outlines each piece at fault): the first problem of each section of the file (header,
/// aliens, forces, objective, ambush) and the first of each terrain feature and each unit. Its first
/// problem is always the one `check_scenario` returns, and it is empty exactly when
/// `check_scenario` passes.
pub fn check_scenario_all(scenario: &Scenario, rules: &Rules) -> Vec<Problem> {
    Checker { rules }.check_all(scenario)
}

/// Reads a scenario file such as `scenarios/crashed_ship.ron` and parses and checks it.
pub fn load_scenario_file(path: &Path, rules: &Rules) -> Result<Scenario, DataError> {
    let file = path.display().to_string();
    let text = crate::error::read_bounded(path, &file, crate::error::MAX_FILE_BYTES)?;
    parse_scenario(&file, &text, rules)
}

/// The most units a scenario may place (on either list).
pub const MAX_UNITS: usize = 200;
/// The most terrain features a scenario may have.
pub const MAX_TERRAIN: usize = 200;
/// The most points an ambush route may have.
pub const MAX_ROUTE_POINTS: usize = 256;
/// The widest and deepest table, inches (a twenty-foot table).
pub const MAX_TABLE_INCHES: f32 = 240.0;
/// The longest game, turns.
pub const MAX_TURNS: u32 = 500;
/// The narrowest and shallowest table, inches: a foot, room for a few bases.
pub const MIN_TABLE_INCHES: f32 = 12.0;
/// The most weapons one unit may carry (or every alien of a wave).
pub const MAX_WEAPONS_PER_UNIT: usize = 16;
/// The most dummy counters, set-up zone shapes and surprise modifiers an ambush may have.
pub const MAX_DUMMIES: usize = 200;
pub const MAX_ZONE_SHAPES: usize = 32;
pub const MAX_MODIFIERS: usize = 64;
/// The most points a polygon shape may have: enough for any outline a person draws by hand.
pub const MAX_POLYGON_POINTS: usize = 64;
/// The least area a polygon may enclose, square inches: less is a line, not ground.
pub const MIN_POLYGON_AREA: f32 = 0.01;
/// The longest unit label, in characters: it is drawn on the unit's token.
pub const MAX_LABEL_CHARS: usize = 32;
/// The longest name of a scenario, a side or a terrain feature, in characters.
pub const MAX_NAME_CHARS: usize = 80;
/// The longest briefing, in characters: a few paragraphs in the menu.
pub const MAX_BRIEFING_CHARS: usize = 4_000;
/// A bearing or a rotation is degrees from -360 to 360: larger ones are typing mistakes.
pub const MAX_DEGREES: f32 = 360.0;
/// The tallest terrain feature, feet (a unit falling off it is hurt by its height).
pub const MAX_HEIGHT_FEET: f32 = 5_000.0;
/// The farthest a unit can see in the dark, inches.
pub const MAX_SIGHT_INCHES: f32 = 1_000.0;
/// The largest attribute (AWE, DEX, INT), recovery bonus, Leadership and quality die a unit's
/// traits may have: far above any character in the source games.
pub const MAX_ATTRIBUTE: i32 = 100;
pub const MAX_RECOVERY: u32 = 20;
pub const MAX_LEADERSHIP: i32 = 20;
pub const MAX_QUALITY_SIDES: u32 = 100;

/// The semantic checks.
struct Checker<'a> {
    rules: &'a Rules,
}

/// Why a base may not stand where a scenario (or the set-up screen) put it.
enum Misplaced {
    OffTable,
    /// On the impassable terrain feature with this index.
    Impassable(usize),
    /// Over the base placed before it with this index.
    Overlaps(usize),
}

/// The one placement rule for every unit a scenario puts on the table: wholly on the table,
/// clear of impassable terrain, and touching but not overlapping the bases placed before it.
fn misplaced(
    s: &Scenario,
    tolerance: f32,
    base: &Footprint,
    placed: &[Footprint],
) -> Option<Misplaced> {
    if !on_table(base, Vec2::new(s.table.0, s.table.1), tolerance) {
        return Some(Misplaced::OffTable);
    }
    if let Some(k) = s
        .terrain
        .iter()
        .position(|t| t.going == Going::Impassable && t.shape.overlaps(base, tolerance))
    {
        return Some(Misplaced::Impassable(k));
    }
    placed
        .iter()
        .position(|b| bases_overlap(base, b, tolerance))
        .map(Misplaced::Overlaps)
}

fn finite2(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

fn positive2(p: (f32, f32)) -> bool {
    finite2(p) && p.0 > 0.0 && p.1 > 0.0
}

/// A point on the table (edges included).
fn point_on_table(p: (f32, f32), table: (f32, f32)) -> bool {
    finite2(p) && p.0 >= 0.0 && p.1 >= 0.0 && p.0 <= table.0 && p.1 <= table.1
}

/// A bearing or rotation in degrees a person would write: finite, from -360 to 360.
fn degrees_ok(d: f32) -> bool {
    d.is_finite() && (-MAX_DEGREES..=MAX_DEGREES).contains(&d)
}

/// What is wrong with a unit's traits, if anything: the field and why.
fn traits_problem(t: &crate::tables::Traits) -> Option<(&'static str, String)> {
    let attribute = |name: &'static str, v: i32| {
        (!(0..=MAX_ATTRIBUTE).contains(&v))
            .then(|| (name, format!("expected 0 to {MAX_ATTRIBUTE}, found {v}")))
    };
    attribute("awe", t.awe)
        .or_else(|| attribute("dex", t.dex))
        .or_else(|| attribute("int", t.int))
        .or_else(|| {
            (t.recovery > MAX_RECOVERY).then(|| {
                let v = t.recovery;
                (
                    "recovery",
                    format!("expected 0 to {MAX_RECOVERY} phases, found {v}"),
                )
            })
        })
        .or_else(|| {
            (!(-MAX_LEADERSHIP..=MAX_LEADERSHIP).contains(&t.leadership)).then(|| {
                let v = t.leadership;
                (
                    "leadership",
                    format!("expected -{MAX_LEADERSHIP} to {MAX_LEADERSHIP}, found {v}"),
                )
            })
        })
        .or_else(|| {
            (!(1..=MAX_QUALITY_SIDES).contains(&t.quality)).then(|| {
                let v = t.quality;
                (
                    "quality",
                    format!("expected a die of 1 to {MAX_QUALITY_SIDES} sides, found {v}"),
                )
            })
        })
}

/// Whether a shape lies wholly on the table, with `slack` inches to spare.
fn shape_on_table(shape: &Shape, table: (f32, f32), slack: f32) -> bool {
    let inside = |p: Vec2| {
        p.x >= -slack && p.y >= -slack && p.x <= table.0 + slack && p.y <= table.1 + slack
    };
    match shape {
        Shape::Rect { .. } => shape
            .polygon()
            .is_some_and(|k| k.iter().all(|p| inside(*p))),
        Shape::Circle { radius, .. } => {
            let c = shape.center();
            inside(c - Vec2::splat(*radius)) && inside(c + Vec2::splat(*radius))
        }
        Shape::Polygon { points } => points.iter().all(|p| inside(Vec2::new(p.0, p.1))),
    }
}

/// The field of a shape a problem concerns: `center`, or `points[3]` (the item).
pub(crate) type ShapeField = (&'static str, Option<usize>);

/// What is wrong with a polygon's points, if anything: between 3 and `MAX_POLYGON_POINTS` of
/// them, each finite, its centre on the table, no wider or deeper than the table's diagonal,
/// some area, and no edge crossing another or folding back on its neighbour.
fn polygon_problem(points: &[(f32, f32)], table: (f32, f32)) -> Option<(ShapeField, String)> {
    let n = points.len();
    if !(3..=MAX_POLYGON_POINTS).contains(&n) {
        return Some((
            ("points", None),
            format!("expected 3 to {MAX_POLYGON_POINTS} points, found {n}"),
        ));
    }
    if let Some(i) = points.iter().position(|p| !finite2(*p)) {
        let p = points[i];
        return Some((
            ("points", Some(i)),
            format!("expected a finite point, found ({}, {})", p.0, p.1),
        ));
    }
    if let Some(i) = (0..n).find(|&i| points[i] == points[(i + 1) % n]) {
        let j = (i + 1) % n;
        return Some((
            ("points", Some(j)),
            format!("point {j} repeats point {i}: an edge needs two different ends"),
        ));
    }
    let k: Vec<Vec2> = points.iter().map(|p| Vec2::new(p.0, p.1)).collect();
    let diagonal = Vec2::new(table.0, table.1).length();
    let (lo, hi) = k.iter().fold(
        (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
        |(lo, hi), p| (lo.min(*p), hi.max(*p)),
    );
    let wide = (hi - lo).max_element();
    if !wide.is_finite() || wide > diagonal {
        return Some((
            ("points", None),
            format!(
                "expected a width and depth at most the table's diagonal ({diagonal:.0} inches), found ({}, {})",
                hi.x - lo.x,
                hi.y - lo.y
            ),
        ));
    }
    if let Some((i, j)) = crate::polygon::self_crossing(&k) {
        return Some((
            ("points", Some(j)),
            format!(
                "the polygon crosses itself: the edge from point {j} meets the edge from point {i}"
            ),
        ));
    }
    let area = crate::polygon::signed_area(&k).abs();
    if !area.is_finite() || area < MIN_POLYGON_AREA {
        return Some((
            ("points", None),
            format!(
                "the polygon encloses no ground ({area} square inches); expected at least {MIN_POLYGON_AREA}"
            ),
        ));
    }
    let c = crate::polygon::centroid(&k);
    if !point_on_table((c.x, c.y), table) {
        return Some((
            ("points", None),
            format!(
                "the centre ({}, {}) lies off the {}x{} table",
                c.x, c.y, table.0, table.1
            ),
        ));
    }
    None
}

/// A shape a table can hold: its centre on the table, no larger than the table's diagonal, and
/// turned by sane degrees. It may run off an edge (a stream leaving the table), not lie off it.
fn shape_problem(shape: &Shape, table: (f32, f32)) -> Option<(ShapeField, String)> {
    let field = |name: &'static str, why: String| Some(((name, None), why));
    let diagonal = Vec2::new(table.0, table.1).length();
    match *shape {
        Shape::Rect {
            center,
            size,
            rotation,
        } => {
            if !point_on_table(center, table) {
                return field(
                    "center",
                    format!(
                        "the centre ({}, {}) lies off the {}x{} table",
                        center.0, center.1, table.0, table.1
                    ),
                );
            }
            if !positive2(size) || size.0 > diagonal || size.1 > diagonal {
                return field(
                    "size",
                    format!(
                        "expected a width and depth above 0 and at most the table's diagonal ({diagonal:.0} inches), found ({}, {})",
                        size.0, size.1
                    ),
                );
            }
            if !degrees_ok(rotation) {
                return field(
                    "rotation",
                    format!(
                        "expected degrees from -{MAX_DEGREES} to {MAX_DEGREES}, found {rotation}"
                    ),
                );
            }
        }
        Shape::Circle { center, radius } => {
            if !point_on_table(center, table) {
                return field(
                    "center",
                    format!(
                        "the centre ({}, {}) lies off the {}x{} table",
                        center.0, center.1, table.0, table.1
                    ),
                );
            }
            if !(radius.is_finite() && radius > 0.0 && radius <= diagonal) {
                return field(
                    "radius",
                    format!(
                        "expected a radius above 0 and at most the table's diagonal ({diagonal:.0} inches), found {radius}"
                    ),
                );
            }
        }
        Shape::Polygon { ref points } => return polygon_problem(points, table),
    }
    None
}

/// A shape's field as a message names it: `center`, `points[3]`.
fn shape_field_text(field: &str, item: Option<usize>) -> String {
    match item {
        Some(i) => format!("{field}[{i}]"),
        None => field.to_string(),
    }
}

/// A route of two or more points, each on the table.
fn route_on_table(route: &[(f32, f32)], table: (f32, f32)) -> bool {
    route.len() >= 2 && route.iter().all(|p| point_on_table(*p, table))
}

impl Checker<'_> {
    /// A problem at the field `path` names.
    fn fail(&self, path: &[Seg], message: String) -> Problem {
        Problem {
            path: path.to_vec(),
            message,
        }
    }

    fn known_weapons(&self) -> String {
        let names: Vec<&str> = self
            .rules
            .weapons
            .weapons
            .keys()
            .map(String::as_str)
            .collect();
        names.join(", ")
    }

    /// The first heavy weapon in `weapons` that `troop` may not carry: only a crew operates one.
    fn heavy_without_crew(
        &self,
        troop: crate::tables::TroopType,
        weapons: &[String],
    ) -> Option<usize> {
        let crew = self.rules.troops.troops.get(&troop).is_some_and(|p| p.crew);
        if crew {
            return None;
        }
        weapons.iter().position(|w| {
            self.rules
                .weapon(w)
                .is_some_and(|p| p.class == crate::tables::WeaponClass::Heavy)
        })
    }

    /// The troop types a scenario may place: every line but the generated one.
    fn placeable_troops(&self) -> String {
        let wave = self.rules.generation.troop;
        names_or_none(self.rules.troops.troops.keys().filter(|k| **k != wave))
    }

    fn check(&self, s: &Scenario) -> Result<(), Problem> {
        self.check_header(s)?;
        self.check_aliens(s)?;
        self.check_terrain(s)?;
        let standing = self.check_units(s)?;
        self.check_forces(s)?;
        self.check_objective(s)?;
        self.check_ambush(s, standing)
    }

    /// Every problem `check` can tell apart, in `check`'s order, so the first is the one
    /// `check` returns. Each section of checks (header, aliens, forces, objective, ambush) gives its
    /// first problem; each terrain feature and each unit gives its own first problem.
    fn check_all(&self, s: &Scenario) -> Vec<Problem> {
        let mut found = Vec::new();
        found.extend(self.check_header(s).err());
        found.extend(self.check_aliens(s).err());
        found.extend((0..s.terrain.len()).filter_map(|i| self.check_feature(s, i).err()));
        let mut standing = units::Standing::default();
        for (i, u) in s.units.iter().enumerate() {
            let checked = self.check_unit(s, i, &standing);
            standing.add(
                &units::UnitAt::force(i),
                &u.label,
                checked.as_ref().ok().copied(),
            );
            found.extend(checked.err());
        }
        found.extend(self.check_forces(s).err());
        found.extend(self.check_objective(s).err());
        found.extend(self.check_ambush(s, standing).err());
        found
    }
}

/// Names joined for an error message, or "none".
fn names_or_none<T: std::fmt::Display>(names: impl Iterator<Item = T>) -> String {
    let names: Vec<String> = names.map(|n| n.to_string()).collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(", ")
    }
}
