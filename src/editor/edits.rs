//! The editor's edits: each change a person can make to a draft scenario, refused with an `EditError` when it names nothing or breaks a hard limit.

use ambush_data::ambush_spec::AmbushUnitSpec;
use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec, Detection, SurpriseEffects};
use ambush_data::board::{Edge, Side, SideNames, TerrainFeature};
use ambush_data::check::{MAX_POLYGON_POINTS, MAX_TERRAIN, MAX_UNITS};
use ambush_data::geometry::Shape;
use ambush_data::scenario::{
    AlienProfile, AttackOver, Darkness, Environment, InferiorWeaponRules, Objective, Scenario,
    UnitSpec, WoundMethod,
};
use ambush_data::tables::{AmbushNature, Traits};

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

/// `other`'s field set as `after`'s when the person changed it (`before` to `after`).
fn carry<T: PartialEq + Clone>(before: &T, after: &T, other: &mut T) {
    if before != after {
        *other = after.clone();
    }
}

/// The weapons ticked (in `after`, not `before`) added to `other`'s, and those unticked taken
/// from it; `other`'s others stay.
fn carry_weapons(before: &[String], after: &[String], other: &mut Vec<String>) {
    other.retain(|w| after.contains(w) || !before.contains(w));
    for w in after {
        if !before.contains(w) && !other.contains(w) {
            other.push(w.clone());
        }
    }
}

/// Each trait the person changed, carried onto `other`'s traits.
pub fn carry_traits(before: &Traits, after: &Traits, other: &mut Traits) {
    // Every field by name: a new trait fails to compile here until it is carried too.
    let Traits {
        awe,
        dex,
        int,
        recovery,
        leadership,
        quality,
        species,
        night_vision,
        sealed,
        water_freedom,
        jets,
        spacecraft,
    } = after;
    carry(&before.awe, awe, &mut other.awe);
    carry(&before.dex, dex, &mut other.dex);
    carry(&before.int, int, &mut other.int);
    carry(&before.recovery, recovery, &mut other.recovery);
    carry(&before.leadership, leadership, &mut other.leadership);
    carry(&before.quality, quality, &mut other.quality);
    carry(&before.species, species, &mut other.species);
    carry(&before.night_vision, night_vision, &mut other.night_vision);
    carry(&before.sealed, sealed, &mut other.sealed);
    carry(
        &before.water_freedom,
        water_freedom,
        &mut other.water_freedom,
    );
    carry(&before.jets, jets, &mut other.jets);
    carry(&before.spacecraft, spacecraft, &mut other.spacecraft);
}

/// The change a person made to one unit of a selection (`before` to `after`), made to another
/// selected unit: each field changed is set on `other` (a weapon ticked is added to its weapons,
/// a trait to its traits), the rest of `other` stays. Its label and place are its own.
pub fn carry_unit(before: &UnitSpec, after: &UnitSpec, other: &mut UnitSpec) {
    let UnitSpec {
        label: _,
        troop,
        formation,
        at: _,
        facing,
        weapons,
        armour,
        traits,
    } = after;
    carry(&before.troop, troop, &mut other.troop);
    carry(&before.formation, formation, &mut other.formation);
    carry(&before.facing, facing, &mut other.facing);
    carry_weapons(&before.weapons, weapons, &mut other.weapons);
    carry(&before.armour, armour, &mut other.armour);
    carry_traits(&before.traits, traits, &mut other.traits);
}

/// `carry_unit` for the ambush's hidden units.
pub fn carry_hidden_unit(
    before: &AmbushUnitSpec,
    after: &AmbushUnitSpec,
    other: &mut AmbushUnitSpec,
) {
    let AmbushUnitSpec {
        label: _,
        side,
        troop,
        at: _,
        facing,
        weapons,
        armour,
        traits,
    } = after;
    carry(&before.side, side, &mut other.side);
    carry(&before.troop, troop, &mut other.troop);
    carry(&before.facing, facing, &mut other.facing);
    carry_weapons(&before.weapons, weapons, &mut other.weapons);
    carry(&before.armour, armour, &mut other.armour);
    match (&before.traits, traits, &mut other.traits) {
        (Some(b), Some(a), Some(o)) => carry_traits(b, a, o),
        (b, a, o) => carry(b, a, o),
    }
}

/// `carry_unit` for terrain: its going, height, sight, cover and look. Its name and shape are
/// its own.
pub fn carry_terrain(before: &TerrainFeature, after: &TerrainFeature, other: &mut TerrainFeature) {
    let TerrainFeature {
        name: _,
        shape: _,
        going,
        tall,
        water,
        linear_defence,
        height,
        look,
    } = after;
    carry(&before.going, going, &mut other.going);
    carry(&before.tall, tall, &mut other.tall);
    carry(&before.water, water, &mut other.water);
    carry(
        &before.linear_defence,
        linear_defence,
        &mut other.linear_defence,
    );
    carry(&before.height, height, &mut other.height);
    carry(&before.look, look, &mut other.look);
}

/// The ambush a scenario gets when its first ambush piece is placed: the marines walk into
/// hidden aliens (000's ambush units on the AWE roll, with 004's simple set-up).
pub fn new_ambush() -> AmbushSpec {
    AmbushSpec {
        ambushed: Side::Humans,
        nature: AmbushNature::Hard,
        setup: AmbushSetup::Simple,
        detection: Detection::Awe,
        effects: SurpriseEffects::AmbushUnits,
        spotting_by_fire: false,
        modifiers: Vec::new(),
        recovery_from_int: false,
        recovery_save: false,
        units: Vec::new(),
        route: Vec::new(),
        spacing: 2.0,
        spring_at: None,
        dummies: Vec::new(),
        zone: Vec::new(),
    }
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

/// A scenario setting: every field of the file that is not terrain, units or the ambush.
#[derive(Debug, Clone, PartialEq)]
pub enum Setting {
    Name(String),
    Briefing(String),
    /// Width (west–east) and depth (south–north), inches.
    Table((f32, f32)),
    SideNames(Option<SideNames>),
    FriendlyEdge(Edge),
    TurnLimit(u32),
    AutomaticWaveTurn(Option<u32>),
    HumanWounds(WoundMethod),
    HumanMorale(bool),
    InferiorWeapons(Option<Side>),
    InferiorWeaponRules(InferiorWeaponRules),
    /// The aliens' profile: their weapons and traits.
    Aliens(AlienProfile),
    Objective(Option<Objective>),
    AttackOver(AttackOver),
    Darkness(Option<Darkness>),
    Blindsides(bool),
    Explosives(bool),
    Environment(Option<Environment>),
}

impl Setting {
    /// The scenario file's field this setting writes, as problems' field paths name it.
    pub fn field(&self) -> &'static str {
        match self {
            Setting::Name(_) => "name",
            Setting::Briefing(_) => "briefing",
            Setting::Table(_) => "table",
            Setting::SideNames(_) => "side_names",
            Setting::FriendlyEdge(_) => "friendly_edge",
            Setting::TurnLimit(_) => "turn_limit",
            Setting::AutomaticWaveTurn(_) => "automatic_wave_turn",
            Setting::HumanWounds(_) => "human_wounds",
            Setting::HumanMorale(_) => "human_morale",
            Setting::InferiorWeapons(_) => "inferior_weapons",
            Setting::InferiorWeaponRules(_) => "inferior_weapon_rules",
            Setting::Aliens(_) => "aliens",
            Setting::Objective(_) => "objective",
            Setting::AttackOver(_) => "attack_over",
            Setting::Darkness(_) => "darkness",
            Setting::Blindsides(_) => "blindsides",
            Setting::Explosives(_) => "explosives",
            Setting::Environment(_) => "environment",
        }
    }

    /// The settings in which `after` differs from `before`, in the file's order: what a panel
    /// that edits a copy of the scenario has changed. Terrain, units and the ambush are not
    /// settings.
    pub fn changed(before: &Scenario, after: &Scenario) -> Vec<Setting> {
        let mut out = Vec::new();
        macro_rules! each {
            ($($field:ident => $setting:ident),* $(,)?) => {
                $(if before.$field != after.$field {
                    out.push(Setting::$setting(after.$field.clone()));
                })*
            };
        }
        each!(
            name => Name,
            briefing => Briefing,
            table => Table,
            side_names => SideNames,
            friendly_edge => FriendlyEdge,
            turn_limit => TurnLimit,
            automatic_wave_turn => AutomaticWaveTurn,
            human_wounds => HumanWounds,
            human_morale => HumanMorale,
            inferior_weapons => InferiorWeapons,
            inferior_weapon_rules => InferiorWeaponRules,
            aliens => Aliens,
            objective => Objective,
            attack_over => AttackOver,
            darkness => Darkness,
            blindsides => Blindsides,
            explosives => Explosives,
            environment => Environment,
        );
        out
    }

    fn write(self, s: &mut Scenario) {
        match self {
            Setting::Name(v) => s.name = v,
            Setting::Briefing(v) => s.briefing = v,
            Setting::Table(v) => s.table = v,
            Setting::SideNames(v) => s.side_names = v,
            Setting::FriendlyEdge(v) => s.friendly_edge = v,
            Setting::TurnLimit(v) => s.turn_limit = v,
            Setting::AutomaticWaveTurn(v) => s.automatic_wave_turn = v,
            Setting::HumanWounds(v) => s.human_wounds = v,
            Setting::HumanMorale(v) => s.human_morale = v,
            Setting::InferiorWeapons(v) => s.inferior_weapons = v,
            Setting::InferiorWeaponRules(v) => s.inferior_weapon_rules = v,
            Setting::Aliens(v) => s.aliens = v,
            Setting::Objective(v) => s.objective = v,
            Setting::AttackOver(v) => s.attack_over = v,
            Setting::Darkness(v) => s.darkness = v,
            Setting::Blindsides(v) => s.blindsides = v,
            Setting::Explosives(v) => s.explosives = v,
            Setting::Environment(v) => s.environment = v,
        }
    }
}

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

fn room_for_terrain(s: &Scenario) -> Result<(), EditError> {
    if s.terrain.len() >= MAX_TERRAIN {
        return Err(EditError::TooMuchTerrain);
    }
    Ok(())
}

fn room_for_units(s: &Scenario, more: usize) -> Result<(), EditError> {
    let would_be = s.units.len().saturating_add(more);
    if would_be > MAX_UNITS {
        return Err(EditError::TooManyUnits { would_be });
    }
    Ok(())
}

fn finite(what: &'static str, v: f32) -> Result<(), EditError> {
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

fn finite_pair(what: &'static str, v: (f32, f32)) -> Result<(), EditError> {
    finite(what, v.0).and_then(|()| finite(what, v.1))
}

/// Moves a shape by `by`: its centre, or a polygon's every point.
/// Moves a shape by a vector, inches.
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

/// A bearing in 0..360 degrees.
/// A bearing in degrees brought into 0 to 360.
pub fn compass(degrees: f32) -> f32 {
    let d = degrees % 360.0;
    // Adding 0.0 turns a -0.0 into 0.0, which a file shows as plain "0.0".
    if d < 0.0 { d + 360.0 } else { d + 0.0 }
}

/// The unit vectors ahead of and to the right of a unit facing `bearing`, exact at the four
/// compass points so a group placed facing west stands on whole inches.
fn ahead_and_right(bearing: f32) -> ((f32, f32), (f32, f32)) {
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

/// `name` if no terrain feature has it, else `name 2`, `name 3`, … the first that is free.
pub fn free_terrain_name(s: &Scenario, name: &str) -> String {
    let taken = |n: &str| s.terrain.iter().any(|t| t.name == n);
    if !taken(name) {
        return name.to_string();
    }
    // "wood 2" duplicated gives "wood 3", not "wood 2 2".
    let (stem, _) = split_number(name);
    let stem = stem.trim_end();
    (2..)
        .map(|k| format!("{stem} {k}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| name.to_string())
}

/// A label split into its stem and its trailing number: "M12" is ("M", Some(12)).
fn split_number(label: &str) -> (&str, Option<u32>) {
    let stem = label.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem, label[stem.len()..].parse().ok())
}

/// `count` labels no unit of the scenario (nor of its ambush) has, following `label`'s stem
/// and number: from "M1" with M1 to M6 taken, M7, M8, …; with none taken, M1, M2, ….
pub fn free_labels(s: &Scenario, label: &str, count: usize) -> Result<Vec<String>, EditError> {
    let mut taken: std::collections::HashSet<&str> =
        s.units.iter().map(|u| u.label.as_str()).collect();
    if let Some(a) = &s.ambush {
        taken.extend(a.units.iter().map(|u| u.label.as_str()));
    }
    let (stem, number) = split_number(label);
    let mut labels = Vec::with_capacity(count);
    let mut k = number.unwrap_or(1);
    while labels.len() < count {
        let candidate = format!("{stem}{k}");
        if !taken.contains(candidate.as_str()) {
            labels.push(candidate);
        }
        k = k.checked_add(1).ok_or_else(|| EditError::NoFreeLabel {
            label: label.to_string(),
        })?;
    }
    Ok(labels)
}

fn place_group(
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
fn mirror(
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

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(label: &str, at: (f32, f32), facing: f32) -> UnitSpec {
        UnitSpec {
            label: label.into(),
            troop: ambush_data::Ident::known("Infantry"),
            formation: None,
            at,
            facing,
            weapons: vec!["blaster".into()],
            armour: true,
            traits: Default::default(),
        }
    }

    fn scenario() -> Scenario {
        super::super::draft::skeleton("Test", (72.0, 48.0))
    }

    #[test]
    fn a_change_to_one_piece_of_a_selection_carries_to_the_others() {
        // Ticking armour with four units selected changed only M1.
        let mut m1 = unit("M1", (10.0, 10.0), 0.0);
        m1.armour = false;
        let mut m2 = unit("M2", (11.0, 10.0), 90.0);
        m2.armour = false;
        m2.weapons = vec!["laser_pistol".into()];
        m2.traits.awe = 40;
        let mut after = m1.clone();
        after.label = "Sarge".into();
        after.at = (30.0, 30.0);
        after.armour = true;
        after.weapons.push("grenades".into());
        after.weapons.retain(|w| w != "blaster");
        after.traits.dex = 55;
        carry_unit(&m1, &after, &mut m2);
        assert_eq!(m2.label, "M2", "a label is its own");
        assert_eq!(m2.at, (11.0, 10.0), "so is a place");
        assert_eq!(m2.facing, 90.0, "facing was not changed");
        assert!(m2.armour);
        assert_eq!(m2.weapons, ["laser_pistol", "grenades"]);
        assert_eq!((m2.traits.awe, m2.traits.dex), (40, 55));
        // Terrain: the going and the look carry, the name and the shape stay.
        let wood = TerrainFeature::new(
            "wood",
            Shape::Circle {
                center: (5.0, 5.0),
                radius: 2.0,
            },
            ambush_data::board::Going::Bad,
        );
        let mut pond = wood.clone();
        pond.name = "pond".into();
        pond.water = true;
        let mut changed = wood.clone();
        changed.name = "big wood".into();
        changed.going = ambush_data::board::Going::Impassable;
        carry_terrain(&wood, &changed, &mut pond);
        assert_eq!(pond.name, "pond");
        assert_eq!(pond.going, ambush_data::board::Going::Impassable);
        assert!(pond.water, "not changed, so kept");
    }

    #[test]
    fn snap_goes_to_the_nearest_step() {
        assert_eq!(snap((1.26, 2.74), 0.5), (1.5, 2.5));
        assert_eq!(snap((1.26, 2.74), 1.0), (1.0, 3.0));
        assert_eq!(snap((1.26, 2.74), 0.0), (1.26, 2.74));
        assert_eq!(snap((-0.3, 0.2), 1.0), (-0.0, 0.0));
    }

    #[test]
    fn a_group_takes_the_next_free_labels_and_stands_in_its_arrangement() {
        // Issue 24: a group placed from a template gets unique labels, M7, M8… after M1 to M6.
        let mut s = scenario();
        for k in 1..=6 {
            s.units.push(unit(&format!("M{k}"), (10.0, k as f32), 0.0));
        }
        Edit::PlaceGroup {
            template: unit("M1", (20.0, 10.0), 0.0),
            count: 5,
            spacing: 1.5,
            arrangement: Arrangement::Block { abreast: 2 },
        }
        .apply_to(&mut s)
        .expect("room for five");
        let new: Vec<(&str, (f32, f32))> = s.units[6..]
            .iter()
            .map(|u| (u.label.as_str(), u.at))
            .collect();
        // Facing north: the rank runs east, the next rank stands south of it.
        assert_eq!(
            new,
            vec![
                ("M7", (20.0, 10.0)),
                ("M8", (21.5, 10.0)),
                ("M9", (20.0, 8.5)),
                ("M10", (21.5, 8.5)),
                ("M11", (20.0, 7.0)),
            ]
        );
    }

    #[test]
    fn a_column_runs_back_from_the_template() {
        let mut s = scenario();
        Edit::PlaceGroup {
            template: unit("A", (30.0, 30.0), 90.0),
            count: 3,
            spacing: 2.0,
            arrangement: Arrangement::Column,
        }
        .apply_to(&mut s)
        .expect("room");
        let at: Vec<(f32, f32)> = s.units.iter().map(|u| u.at).collect();
        // Facing east, the column trails west.
        assert_eq!(at, vec![(30.0, 30.0), (28.0, 30.0), (26.0, 30.0)]);
        let labels: Vec<&str> = s.units.iter().map(|u| u.label.as_str()).collect();
        assert_eq!(labels, vec!["A1", "A2", "A3"]);
    }

    #[test]
    fn the_settings_changed_are_each_field_that_differs_and_make_the_same_scenario() {
        let before = scenario();
        let mut after = before.clone();
        after.name = "Renamed".into();
        after.turn_limit += 3;
        after.blindsides = !after.blindsides;
        after.aliens.weapons = vec!["claws".into(), "spit".into()];
        let changed = Setting::changed(&before, &after);
        let fields: Vec<_> = changed.iter().map(Setting::field).collect();
        assert_eq!(fields, ["name", "turn_limit", "aliens", "blindsides"]);
        let mut s = before.clone();
        for setting in changed {
            Edit::SetSetting(setting)
                .apply_to(&mut s)
                .expect("a setting");
        }
        assert_eq!(s, after);
        assert!(Setting::changed(&after, &after).is_empty());
    }

    #[test]
    fn mirroring_moves_turns_and_faces_the_other_way() {
        let mut s = scenario();
        s.terrain.push(TerrainFeature::new(
            "wall",
            Shape::Rect {
                center: (10.0, 12.0),
                size: (6.0, 0.5),
                rotation: 30.0,
            },
            ambush_data::board::Going::Bad,
        ));
        s.units.push(unit("M1", (70.0, 20.0), 90.0));
        s.units.push(unit("M2", (70.0, 30.0), 30.0));
        Edit::Mirror {
            terrain: vec![0, 0],
            units: vec![0, 1],
            axis: MirrorAxis::LeftRight,
        }
        .apply_to(&mut s)
        .expect("all there");
        assert_eq!(
            s.terrain[0].shape,
            Shape::Rect {
                center: (62.0, 12.0),
                size: (6.0, 0.5),
                rotation: -30.0
            }
        );
        assert_eq!((s.units[0].at, s.units[0].facing), ((2.0, 20.0), 270.0));
        assert_eq!((s.units[1].at, s.units[1].facing), ((2.0, 30.0), 330.0));
        Edit::Mirror {
            terrain: vec![],
            units: vec![1],
            axis: MirrorAxis::TopBottom,
        }
        .apply_to(&mut s)
        .expect("there");
        // Facing north-north-west (330) mirrored top-bottom faces south-south-west (210).
        assert_eq!((s.units[1].at, s.units[1].facing), ((2.0, 18.0), 210.0));
    }

    #[test]
    fn edits_naming_what_is_not_there_or_too_much_are_refused() {
        // Issue 24: an edit naming an index that does not exist is refused, never a panic.
        let mut s = scenario();
        s.units.push(unit("M1", (10.0, 10.0), 0.0));
        let refused = [
            (
                Edit::MoveTerrain {
                    index: 0,
                    by: (1.0, 0.0),
                },
                EditError::NoSuchTerrain { index: 0, count: 0 },
            ),
            (
                Edit::DeleteUnit { index: 1 },
                EditError::NoSuchUnit { index: 1, count: 1 },
            ),
            (
                Edit::Mirror {
                    terrain: vec![],
                    units: vec![0, 5],
                    axis: MirrorAxis::LeftRight,
                },
                EditError::NoSuchUnit { index: 5, count: 1 },
            ),
            (
                Edit::PlaceGroup {
                    template: unit("M1", (10.0, 10.0), 0.0),
                    count: MAX_UNITS,
                    spacing: 1.0,
                    arrangement: Arrangement::Line,
                },
                EditError::TooManyUnits {
                    would_be: MAX_UNITS + 1,
                },
            ),
            (
                Edit::PlaceGroup {
                    template: unit("M1", (10.0, 10.0), 0.0),
                    count: 0,
                    spacing: 1.0,
                    arrangement: Arrangement::Line,
                },
                EditError::EmptyGroup,
            ),
            (
                Edit::RotateUnit {
                    index: 0,
                    degrees: f32::NAN,
                },
                EditError::BadNumber {
                    what: "the turn",
                    expected: "a finite number",
                    found: f32::NAN,
                },
            ),
        ];
        for (edit, want) in refused {
            let got = edit.clone().apply_to(&mut s.clone());
            // NaN is not equal to itself: compare the messages.
            assert_eq!(
                got.map_err(|e| e.to_string()),
                Err(want.to_string()),
                "{edit:?}"
            );
        }
        let mut full = scenario();
        for k in 0..MAX_TERRAIN {
            full.terrain.push(TerrainFeature::new(
                &format!("rock {k}"),
                Shape::Circle {
                    center: (1.0, 1.0),
                    radius: 1.0,
                },
                ambush_data::board::Going::Bad,
            ));
        }
        assert_eq!(
            Edit::DuplicateTerrain {
                index: 0,
                offset: (0.0, 0.0)
            }
            .apply_to(&mut full),
            Err(EditError::TooMuchTerrain)
        );
    }

    #[test]
    fn a_duplicate_gets_a_free_name_or_label() {
        let mut s = scenario();
        s.terrain.push(TerrainFeature::new(
            "wood",
            Shape::Circle {
                center: (5.0, 5.0),
                radius: 2.0,
            },
            ambush_data::board::Going::Bad,
        ));
        s.units.push(unit("M6", (10.0, 10.0), 0.0));
        for _ in 0..2 {
            Edit::DuplicateTerrain {
                index: s.terrain.len() - 1,
                offset: (4.0, 0.0),
            }
            .apply_to(&mut s)
            .expect("room");
        }
        Edit::DuplicateUnit {
            index: 0,
            offset: (1.0, 0.0),
        }
        .apply_to(&mut s)
        .expect("room");
        let names: Vec<&str> = s.terrain.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, vec!["wood", "wood 2", "wood 3"]);
        assert_eq!(
            s.terrain[2].shape,
            Shape::Circle {
                center: (13.0, 5.0),
                radius: 2.0
            }
        );
        assert_eq!(
            (s.units[1].label.as_str(), s.units[1].at),
            ("M7", (11.0, 10.0))
        );
    }

    fn square_polygon() -> TerrainFeature {
        TerrainFeature::new(
            "slab",
            Shape::Polygon {
                points: vec![(10.0, 10.0), (14.0, 10.0), (14.0, 14.0), (10.0, 14.0)],
            },
            ambush_data::board::Going::Bad,
        )
    }

    fn points(s: &Scenario, i: usize) -> Vec<(f32, f32)> {
        match &s.terrain[i].shape {
            Shape::Polygon { points } => points.clone(),
            other => panic!("not a polygon: {other:?}"),
        }
    }

    #[test]
    fn a_polygons_points_move_turn_scale_and_mirror() {
        let mut s = scenario();
        Edit::AddTerrain(square_polygon())
            .apply_to(&mut s)
            .expect("added");
        Edit::MoveTerrain {
            index: 0,
            by: (1.0, 2.0),
        }
        .apply_to(&mut s)
        .expect("moved");
        assert_eq!(points(&s, 0)[0], (11.0, 12.0));
        // A quarter turn about the centre (13, 14) takes the south-west corner to south-east.
        Edit::RotateTerrain {
            index: 0,
            degrees: 90.0,
        }
        .apply_to(&mut s)
        .expect("turned");
        let p = points(&s, 0)[0];
        assert!(
            (p.0 - 15.0).abs() < 1e-4 && (p.1 - 12.0).abs() < 1e-4,
            "{p:?}"
        );
        Edit::ResizeTerrain {
            index: 0,
            factor: (2.0, 0.5),
        }
        .apply_to(&mut s)
        .expect("scaled");
        let p = points(&s, 0)[0];
        assert!(
            (p.0 - 17.0).abs() < 1e-4 && (p.1 - 13.0).abs() < 1e-4,
            "{p:?}"
        );
        Edit::Mirror {
            terrain: vec![0],
            units: vec![],
            axis: MirrorAxis::LeftRight,
        }
        .apply_to(&mut s)
        .expect("mirrored");
        let p = points(&s, 0)[0];
        assert!(
            (p.0 - 55.0).abs() < 1e-4 && (p.1 - 13.0).abs() < 1e-4,
            "{p:?}"
        );
    }

    #[test]
    fn vertex_edits_move_insert_and_remove_points_and_refuse_what_is_not_there() {
        let mut s = scenario();
        Edit::AddTerrain(square_polygon())
            .apply_to(&mut s)
            .expect("added");
        Edit::AddTerrain(TerrainFeature::new(
            "pond",
            Shape::Circle {
                center: (30.0, 30.0),
                radius: 2.0,
            },
            ambush_data::board::Going::Bad,
        ))
        .apply_to(&mut s)
        .expect("added");
        Edit::MoveVertex {
            terrain: 0,
            vertex: 2,
            to: (15.0, 15.0),
        }
        .apply_to(&mut s)
        .expect("moved");
        assert_eq!(points(&s, 0)[2], (15.0, 15.0));
        Edit::InsertVertex {
            terrain: 0,
            vertex: 4,
            at: (9.0, 12.0),
        }
        .apply_to(&mut s)
        .expect("inserted last");
        assert_eq!(points(&s, 0).len(), 5);
        assert_eq!(points(&s, 0)[4], (9.0, 12.0));
        Edit::RemoveVertex {
            terrain: 0,
            vertex: 4,
        }
        .apply_to(&mut s)
        .expect("removed");
        Edit::RemoveVertex {
            terrain: 0,
            vertex: 1,
        }
        .apply_to(&mut s)
        .expect("removed");
        assert_eq!(points(&s, 0).len(), 3);
        let refused = [
            (
                Edit::RemoveVertex {
                    terrain: 0,
                    vertex: 0,
                },
                EditError::TooFewPoints,
            ),
            (
                Edit::MoveVertex {
                    terrain: 0,
                    vertex: 3,
                    to: (1.0, 1.0),
                },
                EditError::NoSuchVertex {
                    index: 0,
                    vertex: 3,
                    count: 3,
                },
            ),
            (
                Edit::InsertVertex {
                    terrain: 0,
                    vertex: 4,
                    at: (1.0, 1.0),
                },
                EditError::NoSuchVertex {
                    index: 0,
                    vertex: 4,
                    count: 3,
                },
            ),
            (
                Edit::RemoveVertex {
                    terrain: 1,
                    vertex: 0,
                },
                EditError::NotAPolygon { index: 1 },
            ),
            (
                Edit::MoveVertex {
                    terrain: 7,
                    vertex: 0,
                    to: (1.0, 1.0),
                },
                EditError::NoSuchTerrain { index: 7, count: 2 },
            ),
        ];
        for (edit, why) in refused {
            assert_eq!(edit.clone().apply_to(&mut s), Err(why), "{edit:?}");
        }
        assert!(matches!(
            Edit::MoveVertex {
                terrain: 0,
                vertex: 0,
                to: (f32::NAN, 1.0)
            }
            .apply_to(&mut s),
            Err(EditError::BadNumber { .. })
        ));
        let mut full = scenario();
        let many: Vec<(f32, f32)> = (0..MAX_POLYGON_POINTS)
            .map(|i| {
                let a = i as f32 / MAX_POLYGON_POINTS as f32 * std::f32::consts::TAU;
                (20.0 + 5.0 * a.cos(), 20.0 + 5.0 * a.sin())
            })
            .collect();
        let mut round = square_polygon();
        round.shape = Shape::Polygon { points: many };
        Edit::AddTerrain(round).apply_to(&mut full).expect("added");
        assert_eq!(
            Edit::InsertVertex {
                terrain: 0,
                vertex: 0,
                at: (1.0, 1.0)
            }
            .apply_to(&mut full),
            Err(EditError::TooManyPoints)
        );
    }
}
