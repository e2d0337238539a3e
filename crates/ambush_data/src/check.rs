//! Scenario checks: every rule serde cannot see, each problem named by its field path.
//!
//! The checks work on the parsed `Scenario` alone, so the set-up screen can ask them about a
//! scenario in memory; `parse_scenario` turns a problem's path into a line and column with the
//! locator (`locate.rs`).

use crate::ambush_spec::{AmbushSetup, AmbushSpec, Detection, SurpriseEffects};
use crate::board::{Going, Side};
use crate::error::{DataError, parse_ron};
use crate::geometry::{
    Footprint, MEASURING_SLACK, Shape, bases_overlap, bearing_to_angle, on_table,
};
use crate::locate::{FieldPath, Seg, locate};
use crate::scenario::{Environment, MAX_DEPTH_FEET, Objective, Scenario};
use crate::tables::Rules;
use Seg::{Item, Key};
use glam::Vec2;
use std::path::Path;

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

/// Reads a scenario file such as `scenarios/crashed_ship.ron` and parses and checks it.
pub fn load_scenario_file(path: &Path, rules: &Rules) -> Result<Scenario, DataError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| DataError::at(&file, 1, 1, format!("cannot read: {e}")))?;
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
    }
}

/// A shape a table can hold: its centre on the table, no larger than the table's diagonal, and
/// turned by sane degrees. It may run off an edge (a stream leaving the table), not lie off it.
fn shape_problem(shape: &Shape, table: (f32, f32)) -> Option<(&'static str, String)> {
    let diagonal = Vec2::new(table.0, table.1).length();
    match *shape {
        Shape::Rect {
            center,
            size,
            rotation,
        } => {
            if !point_on_table(center, table) {
                return Some((
                    "center",
                    format!(
                        "the centre ({}, {}) lies off the {}x{} table",
                        center.0, center.1, table.0, table.1
                    ),
                ));
            }
            if !positive2(size) || size.0 > diagonal || size.1 > diagonal {
                return Some((
                    "size",
                    format!(
                        "expected a width and depth above 0 and at most the table's diagonal ({diagonal:.0} inches), found ({}, {})",
                        size.0, size.1
                    ),
                ));
            }
            if !degrees_ok(rotation) {
                return Some((
                    "rotation",
                    format!(
                        "expected degrees from -{MAX_DEGREES} to {MAX_DEGREES}, found {rotation}"
                    ),
                ));
            }
        }
        Shape::Circle { center, radius } => {
            if !point_on_table(center, table) {
                return Some((
                    "center",
                    format!(
                        "the centre ({}, {}) lies off the {}x{} table",
                        center.0, center.1, table.0, table.1
                    ),
                ));
            }
            if !(radius.is_finite() && radius > 0.0 && radius <= diagonal) {
                return Some((
                    "radius",
                    format!(
                        "expected a radius above 0 and at most the table's diagonal ({diagonal:.0} inches), found {radius}"
                    ),
                ));
            }
        }
    }
    None
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
        self.check_units(s)?;
        self.check_objective(s)?;
        self.check_ambush(s)
    }

    /// The ambush section: a set-up, detection and effects that go together, 002 modifiers that
    /// exist, and units placed like any other.
    fn check_ambush(&self, s: &Scenario) -> Result<(), Problem> {
        let Some(a) = &s.ambush else { return Ok(()) };
        let field = |name| [Key("ambush"), Key(name)];
        let pair_error =
            |name, why: &str| Err(self.fail(&field(name), format!("field `ambush.{name}`: {why}")));
        match (a.detection, a.effects) {
            (d, SurpriseEffects::AmbushUnits) if d != Detection::Awe => {
                return pair_error(
                    "effects",
                    "AmbushUnits (000 Table 34.2) begins with the AWE detection roll; it needs `detection: Awe`",
                );
            }
            (d, SurpriseEffects::RollForDoom) if d != Detection::PartyCheck => {
                return pair_error(
                    "effects",
                    "RollForDoom (002) lasts as long as the party check says; it needs `detection: PartyCheck`",
                );
            }
            _ => {}
        }
        if a.detection == Detection::Spotting && a.setup != AmbushSetup::Complex {
            return pair_error(
                "detection",
                "Spotting (004) happens as the column advances in a complex set-up; it needs `setup: Complex`",
            );
        }
        // Every set-up reads the spacing: the column marches on, and a simple ambush places it
        // behind its lead, that far apart. A spacing of 0 stacks the bases, and one that is not a
        // number places them nowhere.
        if !(a.spacing.is_finite() && a.spacing > 0.0 && a.spacing <= MAX_TABLE_INCHES) {
            return pair_error(
                "spacing",
                &format!(
                    "expected inches between the column's units, above 0 and at most {MAX_TABLE_INCHES}"
                ),
            );
        }
        if a.setup == AmbushSetup::Complex {
            if a.units.iter().any(|u| u.side != Side::Aliens) {
                return pair_error(
                    "units",
                    "in a complex set-up every ambush unit is an alien: the hidden ambushers when the marines are the column (`ambushed: Humans`), or the column the marines lie in wait for (`ambushed: Aliens`)",
                );
            }
            if !route_on_table(&a.route, s.table) {
                return pair_error(
                    "route",
                    "a complex set-up needs a route of two or more points on the table",
                );
            }
        } else if a.spotting_by_fire {
            return pair_error(
                "spotting_by_fire",
                "spotting by fire happens while the column approaches in a complex set-up; it needs `setup: Complex`",
            );
        } else if a.setup == AmbushSetup::None && !a.dummies.is_empty() {
            return pair_error(
                "dummies",
                "dummy counters need hidden units: use `setup: Simple` or `setup: Complex`",
            );
        } else if a.setup == AmbushSetup::None && (!a.route.is_empty() || a.spring_at.is_some()) {
            return pair_error(
                "route",
                "a route and a spring point need a Simple or Complex set-up",
            );
        } else if !a.route.is_empty() && !route_on_table(&a.route, s.table) {
            return pair_error("route", "a route needs two or more points on the table");
        }
        let (_, length) = crate::geometry::route_of(&a.route);
        if a.spring_at
            .is_some_and(|d| !(d.is_finite() && d >= 0.0 && d <= length))
        {
            return pair_error(
                "spring_at",
                &format!("expected inches along the route, from 0 to its length ({length:.1})"),
            );
        }
        if (a.recovery_from_int || a.recovery_save) && a.detection != Detection::PartyCheck {
            return pair_error(
                "recovery_from_int",
                "002's recovery rules shorten its party check's surprise; they need `detection: PartyCheck`",
            );
        }
        if !a.modifiers.is_empty() && a.detection != Detection::PartyCheck {
            return pair_error(
                "modifiers",
                "002's surprise modifiers apply to its party check; they need `detection: PartyCheck`",
            );
        }
        let table_mods = &self.rules.ambush.surprise_modifiers;
        for (i, (name, value)) in a.modifiers.iter().enumerate() {
            let path = [Key("ambush"), Key("modifiers"), Item(i)];
            let Some((least, most)) = table_mods.get(name).copied() else {
                let known: Vec<&str> = table_mods.keys().map(String::as_str).collect();
                return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" is not one of 002's surprise modifiers; expected one of: {}", known.join(", "))));
            };
            match value {
                Some(v) if !(least..=most).contains(v) => {
                    return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" is {v}, outside its range {least:+} to {most:+}")));
                }
                None if least != most => {
                    return Err(self.fail(&path, format!("field `ambush.modifiers[{i}]`: \"{name}\" ranges from {least:+} to {most:+}; give its value, e.g. (\"{name}\", Some({least}))")));
                }
                _ => {}
            }
        }
        if let Some(i) = a.dummies.iter().position(|p| !point_on_table(*p, s.table)) {
            let (x, y) = a.dummies[i];
            return Err(self.fail(
                &[Key("ambush"), Key("dummies"), Item(i)],
                format!(
                    "field `ambush.dummies[{i}]`: ({x}, {y}) lies off the {}x{} table",
                    s.table.0, s.table.1
                ),
            ));
        }
        self.check_zone(s, a)?;
        let tolerance = self.rules.general.contact_tolerance;
        let mut placed: Vec<(String, Footprint)> = s
            .units
            .iter()
            .filter_map(|u| {
                let p = self.rules.troops.troops.get(&u.troop)?;
                Some((
                    u.label.clone(),
                    Footprint::new(
                        Vec2::new(u.at.0, u.at.1),
                        Vec2::new(p.base.0, p.base.1),
                        bearing_to_angle(u.facing),
                    ),
                ))
            })
            .collect();
        for (i, u) in a.units.iter().enumerate() {
            let who = format!("ambush.units[{i}] (\"{}\")", u.label);
            let path = |f| [Key("ambush"), Key("units"), Item(i), Key(f)];
            if u.label.trim().is_empty() || placed.iter().any(|(l, _)| *l == u.label) {
                return Err(self.fail(
                    &path("label"),
                    format!("{who}, field `label`: expected a label used by no other unit"),
                ));
            }
            let wave = self.rules.generation.troop;
            if (u.side == Side::Aliens) != (u.troop == wave) {
                return Err(self.fail(
                    &path("troop"),
                    format!(
                        "{who}, field `troop`: a unit of the alien side is troop {wave} (the rules' generated troop type), and only they are"
                    ),
                ));
            }
            for (j, w) in u.weapons.iter().enumerate() {
                if self.rules.weapon(w).is_none() {
                    return Err(self.fail(&[Key("ambush"), Key("units"), Item(i), Key("weapons"), Item(j)], format!("{who}, field `weapons[{j}]`: unknown weapon \"{w}\"; expected one of: {}", self.known_weapons())));
                }
            }
            if let Some(j) = self.heavy_without_crew(u.troop, &u.weapons) {
                return Err(self.fail(
                    &[Key("ambush"), Key("units"), Item(i), Key("weapons"), Item(j)],
                    format!(
                        "{who}, field `weapons[{j}]`: \"{}\" is a heavy weapon, which needs a weapon crew; troop type {} is not one",
                        u.weapons[j], u.troop
                    ),
                ));
            }
            if !finite2(u.at) {
                return Err(self.fail(
                    &path("at"),
                    format!("{who}, field `at`: expected finite coordinates"),
                ));
            }
            if !degrees_ok(u.facing) {
                return Err(self.fail(
                    &path("facing"),
                    format!("{who}, field `facing`: expected a bearing in degrees from -{MAX_DEGREES} to {MAX_DEGREES}, found {}", u.facing),
                ));
            }
            if u.weapons.len() > MAX_WEAPONS_PER_UNIT {
                return Err(self.fail(
                    &path("weapons"),
                    format!("{who}, field `weapons`: {} weapons; a unit may carry at most {MAX_WEAPONS_PER_UNIT}", u.weapons.len()),
                ));
            }
            if let Some((field, why)) = u.traits.as_ref().and_then(traits_problem) {
                return Err(self.fail(
                    &[
                        Key("ambush"),
                        Key("units"),
                        Item(i),
                        Key("traits"),
                        Key(field),
                    ],
                    format!("{who}, field `traits.{field}`: {why}"),
                ));
            }
            let Some(p) = self.rules.troops.troops.get(&u.troop) else {
                return Err(self.fail(
                    &path("troop"),
                    format!("{who}, field `troop`: no line in troops.ron"),
                ));
            };
            let base = Footprint::new(
                Vec2::new(u.at.0, u.at.1),
                Vec2::new(p.base.0, p.base.1),
                bearing_to_angle(u.facing),
            );
            let bases: Vec<Footprint> = placed.iter().map(|(_, b)| *b).collect();
            let why = match misplaced(s, tolerance, &base, &bases) {
                None => None,
                Some(Misplaced::OffTable) => Some(format!(
                    "base lies off the {}x{} table",
                    s.table.0, s.table.1
                )),
                Some(Misplaced::Impassable(k)) => Some(format!(
                    "base overlaps impassable terrain \"{}\"",
                    s.terrain[k].name
                )),
                Some(Misplaced::Overlaps(k)) => Some(format!(
                    "base overlaps the base of \"{}\"; bases may touch but not overlap",
                    placed[k].0
                )),
            };
            if let Some(why) = why {
                return Err(self.fail(&path("at"), format!("{who}, field `at`: {why}")));
            }
            placed.push((u.label.clone(), base));
        }
        let has = |side: Side| {
            a.units.iter().any(|u| u.side == side) || (side == Side::Humans && !s.units.is_empty())
        };
        if !has(a.ambushed) || !has(a.ambushed.other()) {
            return pair_error(
                "units",
                "both the ambusher and the ambushed side need units on the table when the ambush is sprung",
            );
        }
        Ok(())
    }

    /// 004's set-up zone: the ambusher's units and dummies stand inside it.
    fn check_zone(&self, s: &Scenario, a: &AmbushSpec) -> Result<(), Problem> {
        for (i, z) in a.zone.iter().enumerate() {
            if let Some((field, why)) = shape_problem(z, s.table) {
                return Err(self.fail(
                    &[Key("ambush"), Key("zone"), Item(i), Key(field)],
                    format!("field `ambush.zone[{i}].{field}`: {why}"),
                ));
            }
        }
        if a.zone.is_empty() {
            return Ok(());
        }
        if a.setup == AmbushSetup::None {
            return Err(self.fail(
                &[Key("ambush"), Key("zone")],
                "field `ambush.zone`: a set-up zone needs a Simple or Complex set-up".to_string(),
            ));
        }
        let outside = "stands outside the ambusher's set-up zone (`ambush.zone`)";
        if a.ambushed == Side::Aliens {
            if let Some((i, u)) = s.units.iter().enumerate().find(|(_, u)| !a.in_zone(u.at)) {
                return Err(self.fail(
                    &[Key("units"), Item(i), Key("at")],
                    format!("units[{i}] (\"{}\"), field `at`: {outside}", u.label),
                ));
            }
        } else if let Some((i, u)) = a
            .units
            .iter()
            .enumerate()
            .find(|(_, u)| u.side != a.ambushed && !a.in_zone(u.at))
        {
            return Err(self.fail(
                &[Key("ambush"), Key("units"), Item(i), Key("at")],
                format!("ambush.units[{i}] (\"{}\"), field `at`: {outside}", u.label),
            ));
        }
        if let Some(i) = a.dummies.iter().position(|d| !a.in_zone(*d)) {
            return Err(self.fail(
                &[Key("ambush"), Key("dummies"), Item(i)],
                format!("field `ambush.dummies[{i}]`: {outside}"),
            ));
        }
        Ok(())
    }

    fn check_header(&self, s: &Scenario) -> Result<(), Problem> {
        let r = s.inferior_weapon_rules;
        if s.inferior_weapons.is_some()
            && !r.no_long_range
            && r.penalty == crate::scenario::InferiorPenalty::None
        {
            return Err(self.fail(
                &[Key("inferior_weapon_rules")],
                "field `inferior_weapon_rules`: an inferior weapon takes \"one or more of\" 001's penalties; expected `no_long_range: true` or a `penalty`".to_string(),
            ));
        }
        // A stranger's scenario may not ask the game for more than a table can hold.
        let counts = [
            ("units", s.units.len(), MAX_UNITS),
            ("terrain", s.terrain.len(), MAX_TERRAIN),
        ];
        for (field, n, most) in counts {
            if n > most {
                return Err(self.fail(
                    &[Key(field)],
                    format!("field `{field}`: {n} entries; a scenario may have at most {most}"),
                ));
            }
        }
        if let Some(a) = &s.ambush {
            let counts = [
                ("units", a.units.len(), MAX_UNITS),
                ("route", a.route.len(), MAX_ROUTE_POINTS),
                ("dummies", a.dummies.len(), MAX_DUMMIES),
                ("zone", a.zone.len(), MAX_ZONE_SHAPES),
                ("modifiers", a.modifiers.len(), MAX_MODIFIERS),
            ];
            for (field, n, most) in counts {
                if n > most {
                    return Err(self.fail(
                        &[Key("ambush"), Key(field)],
                        format!(
                            "field `ambush.{field}`: {n} entries; an ambush may have at most {most}"
                        ),
                    ));
                }
            }
        }
        if s.table.0 > MAX_TABLE_INCHES || s.table.1 > MAX_TABLE_INCHES {
            return Err(self.fail(
                &[Key("table")],
                format!("field `table`: at most {MAX_TABLE_INCHES} inches a side"),
            ));
        }
        if s.turn_limit > MAX_TURNS {
            return Err(self.fail(
                &[Key("turn_limit")],
                format!("field `turn_limit`: at most {MAX_TURNS} turns"),
            ));
        }
        if !positive2(s.table) || s.table.0 < MIN_TABLE_INCHES || s.table.1 < MIN_TABLE_INCHES {
            return Err(self.fail(
                &[Key("table")],
                format!(
                    "field `table`: width and depth must be finite inches, at least {MIN_TABLE_INCHES}, found ({}, {})",
                    s.table.0, s.table.1
                ),
            ));
        }
        if s.turn_limit < 1 {
            return Err(self.fail(
                &[Key("turn_limit")],
                "field `turn_limit`: must be at least 1, found 0".to_string(),
            ));
        }
        if let Some(d) = s.darkness
            && !(d.sight_range.is_finite()
                && d.sight_range > 0.0
                && d.sight_range <= MAX_SIGHT_INCHES)
        {
            return Err(self.fail(
                &[Key("darkness"), Key("sight_range")],
                format!(
                    "field `darkness.sight_range`: expected inches above 0 and at most {MAX_SIGHT_INCHES}, found {}",
                    d.sight_range
                ),
            ));
        }
        if let Some(Environment::Underwater { depth }) = s.environment
            && !(depth.is_finite() && (0.0..=MAX_DEPTH_FEET).contains(&depth))
        {
            return Err(self.fail(
                &[Key("environment"), Key("depth")],
                format!(
                    "field `environment.depth`: expected feet from 0 to {MAX_DEPTH_FEET}, found {depth}"
                ),
            ));
        }
        if let Some(turn) = s.automatic_wave_turn
            && turn > MAX_TURNS
        {
            return Err(self.fail(
                &[Key("automatic_wave_turn")],
                format!("field `automatic_wave_turn`: at most {MAX_TURNS}, found {turn}"),
            ));
        }
        if s.automatic_wave_turn == Some(0) {
            return Err(self.fail(
                &[Key("automatic_wave_turn")],
                "field `automatic_wave_turn`: must be at least 1 (turns count from 1), found 0"
                    .to_string(),
            ));
        }
        Ok(())
    }

    fn check_aliens(&self, s: &Scenario) -> Result<(), Problem> {
        if s.aliens.weapons.len() > MAX_WEAPONS_PER_UNIT {
            return Err(self.fail(
                &[Key("aliens"), Key("weapons")],
                format!("field `aliens.weapons`: {} weapons; a unit may carry at most {MAX_WEAPONS_PER_UNIT}", s.aliens.weapons.len()),
            ));
        }
        if let Some((field, why)) = traits_problem(&s.aliens.traits) {
            return Err(self.fail(
                &[Key("aliens"), Key("traits"), Key(field)],
                format!("field `aliens.traits.{field}`: {why}"),
            ));
        }
        for (j, weapon) in s.aliens.weapons.iter().enumerate() {
            if self.rules.weapon(weapon).is_none() {
                return Err(self.fail(
                    &[Key("aliens"), Key("weapons"), Item(j)],
                    format!(
                        "field `aliens.weapons[{j}]`: unknown weapon \"{weapon}\"; expected one of: {}",
                        self.known_weapons()
                    ),
                ));
            }
        }
        let wave = self.rules.generation.troop;
        if let Some(j) = self.heavy_without_crew(wave, &s.aliens.weapons) {
            return Err(self.fail(
                &[Key("aliens"), Key("weapons"), Item(j)],
                format!(
                    "field `aliens.weapons[{j}]`: \"{}\" is a heavy weapon, which needs a weapon crew; the generated troop type {wave} is not one",
                    s.aliens.weapons[j]
                ),
            ));
        }
        Ok(())
    }

    fn check_terrain(&self, s: &Scenario) -> Result<(), Problem> {
        for (i, t) in s.terrain.iter().enumerate() {
            let who = format!("terrain[{i}] (\"{}\")", t.name);
            if let Some(first) = s.terrain[..i].iter().position(|o| o.name == t.name) {
                return Err(self.fail(
                    &[Key("terrain"), Item(i), Key("name")],
                    format!(
                        "{who}, field `name`: the name is already used by terrain[{first}]; terrain names must be unique"
                    ),
                ));
            }
            if let Some((field, why)) = shape_problem(&t.shape, s.table) {
                return Err(self.fail(
                    &[Key("terrain"), Item(i), Key("shape"), Key(field)],
                    format!("{who}, field `shape.{field}`: {why}"),
                ));
            }
            if !(t.height.is_finite() && (0.0..=MAX_HEIGHT_FEET).contains(&t.height)) {
                return Err(self.fail(
                    &[Key("terrain"), Item(i), Key("height")],
                    format!(
                        "{who}, field `height`: expected feet from 0 to {MAX_HEIGHT_FEET}, found {}",
                        t.height
                    ),
                ));
            }
        }
        Ok(())
    }

    fn check_units(&self, s: &Scenario) -> Result<(), Problem> {
        let tolerance = self.rules.general.contact_tolerance;
        let mut placed: Vec<Footprint> = Vec::with_capacity(s.units.len());
        for (i, u) in s.units.iter().enumerate() {
            let who = format!("units[{i}] (\"{}\")", u.label);
            let path = |field| [Key("units"), Item(i), Key(field)];
            if u.label.trim().is_empty() {
                return Err(self.fail(
                    &path("label"),
                    format!("{who}, field `label`: expected a non-empty label such as \"M1\""),
                ));
            }
            if let Some(first) = s.units[..i].iter().position(|o| o.label == u.label) {
                return Err(self.fail(
                    &path("label"),
                    format!("{who}, field `label`: the label is already used by units[{first}]; unit labels must be unique"),
                ));
            }
            if u.troop == self.rules.generation.troop {
                return Err(self.fail(
                    &path("troop"),
                    format!(
                        "{who}, field `troop`: {} are generated in waves, not placed; expected one of: {}",
                        u.troop,
                        self.placeable_troops()
                    ),
                ));
            }
            for (j, weapon) in u.weapons.iter().enumerate() {
                if self.rules.weapon(weapon).is_none() {
                    return Err(self.fail(
                        &[Key("units"), Item(i), Key("weapons"), Item(j)],
                        format!(
                            "{who}, field `weapons[{j}]`: unknown weapon \"{weapon}\"; expected one of: {}",
                            self.known_weapons()
                        ),
                    ));
                }
            }
            if !finite2(u.at) {
                return Err(self.fail(
                    &path("at"),
                    format!(
                        "{who}, field `at`: expected finite coordinates, found ({}, {})",
                        u.at.0, u.at.1
                    ),
                ));
            }
            if !degrees_ok(u.facing) {
                return Err(self.fail(
                    &path("facing"),
                    format!(
                        "{who}, field `facing`: expected a bearing in degrees from -{MAX_DEGREES} to {MAX_DEGREES}, found {}",
                        u.facing
                    ),
                ));
            }
            if u.weapons.len() > MAX_WEAPONS_PER_UNIT {
                return Err(self.fail(
                    &path("weapons"),
                    format!("{who}, field `weapons`: {} weapons; a unit may carry at most {MAX_WEAPONS_PER_UNIT}", u.weapons.len()),
                ));
            }
            if let Some((field, why)) = traits_problem(&u.traits) {
                return Err(self.fail(
                    &[Key("units"), Item(i), Key("traits"), Key(field)],
                    format!("{who}, field `traits.{field}`: {why}"),
                ));
            }
            let Some(profile) = self.rules.troops.troops.get(&u.troop) else {
                return Err(self.fail(
                    &path("troop"),
                    format!(
                        "{who}, field `troop`: troop type {} has no line in the rules' troops.ron; expected one of: {}",
                        u.troop,
                        self.placeable_troops()
                    ),
                ));
            };
            if let Some(j) = self.heavy_without_crew(u.troop, &u.weapons) {
                return Err(self.fail(
                    &[Key("units"), Item(i), Key("weapons"), Item(j)],
                    format!(
                        "{who}, field `weapons[{j}]`: \"{}\" is a heavy weapon, which needs a weapon crew; troop type {} is not one (`crew: true` in troops.ron)",
                        u.weapons[j], u.troop
                    ),
                ));
            }
            if let Some(f) = u.formation
                && !profile.formations.contains_key(&f)
            {
                return Err(self.fail(
                    &path("formation"),
                    format!(
                        "{who}, field `formation`: troop type {} has no formation {f}; it has: {}",
                        u.troop,
                        names_or_none(profile.formations.keys())
                    ),
                ));
            }
            let base = Footprint::new(
                Vec2::new(u.at.0, u.at.1),
                Vec2::new(profile.base.0, profile.base.1),
                bearing_to_angle(u.facing),
            );
            let size = format!("{}x{}", profile.base.0, profile.base.1);
            let why = match misplaced(s, tolerance, &base, &placed) {
                None => None,
                Some(Misplaced::OffTable) => Some(format!(
                    "base lies off the {}x{} table (its {size} base centred at ({}, {}) facing {} must lie wholly on it)",
                    s.table.0, s.table.1, u.at.0, u.at.1, u.facing
                )),
                Some(Misplaced::Impassable(k)) => Some(format!(
                    "base overlaps impassable terrain terrain[{k}] (\"{}\"); expected a place clear of it",
                    s.terrain[k].name
                )),
                Some(Misplaced::Overlaps(k)) => {
                    let label = s.units.get(k).map(|o| o.label.as_str()).unwrap_or("");
                    Some(format!(
                        "base overlaps the base of units[{k}] (\"{label}\"); bases may touch but not overlap"
                    ))
                }
            };
            if let Some(why) = why {
                return Err(self.fail(&path("at"), format!("{who}, field `at`: {why}")));
            }
            placed.push(base);
        }
        Ok(())
    }

    fn check_objective(&self, s: &Scenario) -> Result<(), Problem> {
        match &s.objective {
            None | Some(Objective::HoldUntilTurnLimit) => Ok(()),
            Some(Objective::RepairAndBoard { feature }) => {
                let path = [Key("objective"), Key("feature")];
                match s.terrain.iter().find(|t| &t.name == feature) {
                    None => {
                        let names: Vec<&str> = s.terrain.iter().map(|t| t.name.as_str()).collect();
                        Err(self.fail(
                            &path,
                            format!(
                                "field `objective.feature`: no terrain feature is named \"{feature}\"; expected one of: {}",
                                if names.is_empty() { "(no terrain)".to_string() } else { names.join(", ") }
                            ),
                        ))
                    }
                    Some(t) if t.going != Going::Impassable => Err(self.fail(
                        &path,
                        format!(
                            "field `objective.feature`: terrain feature \"{feature}\" is {:?} going; the ship to repair and board must be Impassable",
                            t.going
                        ),
                    )),
                    Some(t) if !shape_on_table(&t.shape, s.table, MEASURING_SLACK) => Err(self.fail(
                        &path,
                        format!(
                            "field `objective.feature`: terrain feature \"{feature}\" must lie wholly on the {}x{} table, for the marines to reach and board it",
                            s.table.0, s.table.1
                        ),
                    )),
                    Some(_) => Ok(()),
                }
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    fn rules() -> Rules {
        Rules::bundled().clone()
    }

    const VALID: &str = r#"// A minimal scenario.
(
    name: "Test",
    briefing: "Two marines and a ship.",
    table: (72.0, 48.0),
    friendly_edge: South,
    turn_limit: 20,
    automatic_wave_turn: 3,
    human_wounds: Degradation,
    human_morale: false,
    aliens: (weapons: ["claws"]),
    terrain: [
        (name: "ship", shape: Rect(center: (36.0, 24.0), size: (6.0, 3.0)), going: Impassable, tall: true),
        (name: "wood", shape: Circle(center: (10.0, 10.0), radius: 3.0), going: Bad),
    ],
    units: [
        (label: "M1", troop: Infantry, at: (35.5, 1.0), facing: 0.0, weapons: ["blaster", "laser_pistol"], armour: true),
        (label: "M2", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: ["blaster"], armour: true),
    ],
    objective: RepairAndBoard(feature: "ship"),
    attack_over: Continue,
)
"#;

    /// 1-based line of the first line containing `needle`.
    fn line_of(text: &str, needle: &str) -> usize {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i + 1)
            .expect("needle in text")
    }

    fn parse(text: &str) -> Result<Scenario, DataError> {
        parse_scenario("test.ron", text, &rules())
    }

    #[test]
    fn a_valid_minimal_scenario_parses() {
        let s = parse(VALID).expect("valid");
        assert_eq!(s.units.len(), 2);
        assert_eq!(s.automatic_wave_turn, Some(3));
        assert_eq!(
            s.objective,
            Some(Objective::RepairAndBoard {
                feature: "ship".into()
            })
        );
    }

    #[test]
    fn explicit_some_and_struct_name_also_parse() {
        let text = VALID
            .replace("automatic_wave_turn: 3", "automatic_wave_turn: Some(3)")
            .replace(
                "objective: RepairAndBoard(feature: \"ship\")",
                "objective: Some(RepairAndBoard(feature: \"ship\"))",
            );
        parse(&text).expect("valid");
    }

    #[test]
    fn unknown_troop_type_is_a_ron_error_at_its_line() {
        let text = VALID.replacen("troop: Infantry", "troop: Dragoon", 1);
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "Dragoon"), "{e}");
        assert!(e.message.contains("Dragoon"), "{e}");
        assert!(e.to_string().starts_with("test.ron:"), "{e}");
    }

    #[test]
    fn negative_turn_limit_is_an_error() {
        let text = VALID.replace("turn_limit: 20", "turn_limit: -1");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "turn_limit"), "{e}");
    }

    #[test]
    fn zero_turn_limit_and_zero_wave_turn_are_errors() {
        let e = parse(&VALID.replace("turn_limit: 20", "turn_limit: 0")).unwrap_err();
        assert_eq!(e.line, line_of(VALID, "turn_limit"), "{e}");
        assert!(e.message.contains("`turn_limit`"), "{e}");
        let e =
            parse(&VALID.replace("automatic_wave_turn: 3", "automatic_wave_turn: 0")).unwrap_err();
        assert_eq!(e.line, line_of(VALID, "automatic_wave_turn"), "{e}");
    }

    #[test]
    fn an_environment_parses_and_an_absurd_depth_is_refused_at_its_field() {
        // 003's hostile environments: water a depth in feet, space none.
        let water = VALID.replace(
            "attack_over: Continue,",
            "attack_over: Continue,\n    environment: Some(Underwater(depth: 400.0)),",
        );
        let s = parse(&water).expect("valid");
        assert_eq!(
            s.environment,
            Some(Environment::Underwater { depth: 400.0 })
        );
        let space = VALID.replace(
            "attack_over: Continue,",
            "attack_over: Continue,\n    environment: Space,",
        );
        assert_eq!(
            parse(&space).expect("valid").environment,
            Some(Environment::Space)
        );
        for depth in ["-3.0", "60000.0"] {
            let text = water.replace("400.0", depth);
            let e = parse(&text).unwrap_err();
            let line = line_of(&text, "environment:");
            let col = text.lines().nth(line - 1).unwrap().find("depth").unwrap() + 1;
            assert_eq!((e.line, e.column), (line, col), "{e}");
            assert!(e.message.contains("`environment.depth`"), "{e}");
        }
        // A misspelled field is refused too.
        let e = parse(&water.replace("depth:", "deep:")).unwrap_err();
        assert_eq!(e.line, line_of(&water, "environment:"), "{e}");
    }

    #[test]
    fn bad_table_is_an_error() {
        let text = VALID.replace("table: (72.0, 48.0)", "table: (0.0, 48.0)");
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.column), (line_of(&text, "table:"), 5), "{e}");
        assert!(e.message.contains("`table`"), "{e}");
        // Not a number is refused where it stands, before any field is read.
        let text = VALID.replace("table: (72.0, 48.0)", "table: (inf, 48.0)");
        let e = parse(&text).unwrap_err();
        assert_eq!((e.line, e.column), (line_of(&text, "table:"), 13), "{e}");
        assert!(e.message.contains("`inf` is not a finite number"), "{e}");
    }

    #[test]
    fn unit_off_the_table_is_an_error_at_its_at_field() {
        let text = VALID.replace("at: (36.5, 1.0)", "at: (36.5, 0.2)");
        let e = parse(&text).unwrap_err();
        let line = line_of(&text, "\"M2\"");
        assert_eq!(e.line, line, "{e}");
        let col = text.lines().nth(line - 1).unwrap().find("at:").unwrap() + 1;
        assert_eq!(e.column, col, "{e}");
        assert!(e.message.contains("units[1] (\"M2\"), field `at`"), "{e}");
        assert!(e.message.contains("off the 72x48 table"), "{e}");
    }

    #[test]
    fn overlapping_bases_are_an_error() {
        let text = VALID.replace("at: (36.5, 1.0)", "at: (36.0, 1.2)");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
        assert!(e.message.contains("units[1] (\"M2\"), field `at`"), "{e}");
        assert!(e.message.contains("units[0] (\"M1\")"), "{e}");
    }

    #[test]
    fn touching_bases_are_fine_but_impassable_terrain_is_not() {
        // M1 and M2 are in base contact in VALID; put M2 inside the ship.
        let text = VALID.replace("at: (36.5, 1.0)", "at: (36.0, 23.0)");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
        assert!(
            e.message
                .contains("impassable terrain terrain[0] (\"ship\")"),
            "{e}"
        );
        // Bad going is allowed.
        parse(&VALID.replace("at: (36.5, 1.0)", "at: (10.0, 10.0)")).expect("in the wood");
    }

    #[test]
    fn unknown_weapon_is_an_error_naming_the_known_ones() {
        let text = VALID.replace(
            "weapons: [\"blaster\"]",
            "weapons: [\"blaster\", \"lazer\"]",
        );
        let e = parse(&text).unwrap_err();
        let line = line_of(&text, "\"lazer\"");
        assert_eq!(e.line, line, "{e}");
        let col = text
            .lines()
            .nth(line - 1)
            .unwrap()
            .find("\"lazer\"")
            .unwrap()
            + 1;
        assert_eq!(e.column, col, "{e}");
        assert!(
            e.message.contains("units[1] (\"M2\"), field `weapons[1]`"),
            "{e}"
        );
        assert!(
            e.message.contains("blaster") && e.message.contains("plasma_cannon"),
            "{e}"
        );

        let text = VALID.replace("[\"claws\"]", "[\"talons\"]");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "talons"), "{e}");
        assert!(e.message.contains("`aliens.weapons[0]`"), "{e}");
    }

    #[test]
    fn duplicate_label_is_an_error() {
        let text = VALID.replace("label: \"M2\"", "label: \"M1\"");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "at: (36.5, 1.0)"), "{e}");
        assert!(
            e.message.contains("units[1] (\"M1\"), field `label`"),
            "{e}"
        );
        assert!(e.message.contains("units[0]"), "{e}");

        let e = parse(&VALID.replace("label: \"M2\"", "label: \"\"")).unwrap_err();
        assert!(e.message.contains("field `label`"), "{e}");
    }

    #[test]
    fn duplicate_terrain_name_is_an_error() {
        let text = VALID.replace("(name: \"wood\"", "(name: \"ship\"");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "Circle"), "{e}");
        assert!(
            e.message.contains("terrain[1] (\"ship\"), field `name`"),
            "{e}"
        );
    }

    #[test]
    fn bad_shapes_are_errors() {
        let text = VALID.replace("radius: 3.0", "radius: -3.0");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "radius"), "{e}");
        assert!(e.message.contains("`shape.radius`"), "{e}");
        let text = VALID.replace("size: (6.0, 3.0)", "size: (6.0, 0.0)");
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("`shape.size`"), "{e}");
        let text = VALID.replace(
            "facing: 0.0, weapons: [\"blaster\"]",
            "facing: NaN, weapons: [\"blaster\"]",
        );
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "facing: NaN"), "{e}");
        assert!(e.message.contains("`NaN` is not a finite number"), "{e}");
    }

    #[test]
    fn a_ship_off_the_table_is_refused_at_its_centre() {
        // Issue 13: a ship at x = 99999999999 passed, and the marine AI panicked in a clamp.
        let text = VALID.replace("center: (36.0, 24.0)", "center: (99999999999.0, 24.0)");
        let e = parse(&text).unwrap_err();
        let line = line_of(&text, "\"ship\"");
        let col = text.lines().nth(line - 1).unwrap().find("center").unwrap() + 1;
        assert_eq!((e.line, e.column), (line, col), "{e}");
        assert!(
            e.message.contains("`shape.center`") && e.message.contains("off the 72x48 table"),
            "{e}"
        );
        // A ship hanging over the edge cannot be reached and boarded.
        let text = VALID.replace("center: (36.0, 24.0)", "center: (71.0, 24.0)");
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("wholly on the 72x48 table"), "{e}");
    }

    #[test]
    fn absurd_sizes_rotations_traits_and_counts_are_refused_with_their_field() {
        let cases = [
            ("radius: 3.0", "radius: 1000.0", "`shape.radius`"),
            (
                "size: (6.0, 3.0)",
                "size: (6.0, 3.0), rotation: 720.0",
                "`shape.rotation`",
            ),
            (
                "facing: 0.0, weapons: [\"blaster\"]",
                "facing: 1e9, weapons: [\"blaster\"]",
                "`facing`",
            ),
            ("table: (72.0, 48.0)", "table: (72.0, 2.0)", "`table`"),
            (
                "automatic_wave_turn: 3",
                "automatic_wave_turn: 4000000000",
                "`automatic_wave_turn`",
            ),
            (
                "armour: true),\n    ],",
                "armour: true, traits: (awe: 2147483647)),\n    ],",
                "`traits.awe`",
            ),
            (
                "(weapons: [\"claws\"])",
                "(weapons: [\"claws\"], traits: (quality: 0))",
                "`aliens.traits.quality`",
            ),
            ("tall: true),", "tall: true, height: 1e9),", "`height`"),
        ];
        for (old, new, field) in cases {
            let text = VALID.replacen(old, new, 1);
            assert_ne!(text, VALID, "{old}");
            let e = parse(&text).unwrap_err();
            assert!(e.message.contains(field), "{field}: {e}");
            assert!(e.line > 1, "{e}");
        }
    }

    #[test]
    fn placed_aliens_are_an_error() {
        let text = VALID.replace("\"M2\", troop: Infantry", "\"M2\", troop: Alien");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
        assert!(e.message.contains("field `troop`"), "{e}");
    }

    #[test]
    fn only_a_weapon_crew_carries_a_heavy_weapon() {
        // 001: heavy weapons are "a line of sight weapon, requiring a unit of Weapon Crew to
        // operate it".
        let text = VALID.replace(
            "\"M2\", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: [\"blaster\"]",
            "\"M2\", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: [\"plasma_cannon\"]",
        );
        assert_ne!(text, VALID, "the test edits a unit");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "plasma_cannon"), "{e}");
        assert!(e.message.contains("needs a weapon crew"), "{e}");
        let crewed = text.replace("\"M2\", troop: Infantry", "\"M2\", troop: WeaponCrew");
        assert!(parse(&crewed).is_ok());
    }

    #[test]
    fn objective_must_name_impassable_terrain() {
        let text = VALID.replace("feature: \"ship\"", "feature: \"shipp\"");
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "shipp"), "{e}");
        assert!(
            e.message.contains("`objective.feature`") && e.message.contains("ship, wood"),
            "{e}"
        );
        let e = parse(&VALID.replace("feature: \"ship\"", "feature: \"wood\"")).unwrap_err();
        assert!(e.message.contains("Impassable"), "{e}");
    }

    #[test]
    fn truncated_and_mangled_text_gives_errors_not_panics() {
        let rules = rules();
        for (i, _) in VALID.char_indices() {
            let _ = parse_scenario("t.ron", &VALID[..i], &rules);
            let mangled: String = VALID
                .char_indices()
                .map(|(j, c)| {
                    if j == i {
                        ['(', ')', '"', ',', '-', 'x', '/', '#'][i % 8]
                    } else {
                        c
                    }
                })
                .collect();
            let _ = parse_scenario("t.ron", &mangled, &rules);
        }
    }

    #[test]
    fn the_shipped_scenarios_are_valid() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        let rules = rules();
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).expect("scenarios/") {
            let path = entry.expect("entry").path();
            if path.extension().is_some_and(|e| e == "ron") {
                load_scenario_file(&path, &rules).unwrap_or_else(|e| panic!("{e}"));
                n += 1;
            }
        }
        assert!(n >= 4);
    }

    #[test]
    fn a_scenario_may_rename_the_sides() {
        // The mod schema: side names come from the scenario, marines and aliens by default.
        let s = parse(VALID).expect("valid");
        assert_eq!(s.names(&rules()).of(Side::Humans), "marines");
        assert_eq!(s.names(&rules()).one(Side::Aliens), "alien");
        let renamed = VALID.replace(
            "name: \"Test\",",
            "name: \"Test\",\n    side_names: (humans: \"troopers\", aliens: \"bugs\"),",
        );
        let s = parse(&renamed).expect("valid");
        assert_eq!(s.names(&rules()).of(Side::Humans), "troopers");
        assert_eq!(s.names(&rules()).one(Side::Aliens), "bug");
        let e = parse(&VALID.replace(
            "name: \"Test\",",
            "name: \"Test\",\n    side_names: (humans: \"x\"),",
        ))
        .unwrap_err();
        assert_eq!(e.line, 4, "{e}");
        assert!(e.message.contains("aliens"), "{e}");
    }
}
