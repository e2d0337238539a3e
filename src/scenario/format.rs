//! The RON scenario format: what a modder writes in `scenarios/*.ron`.
//!
//! This file is also compiled into `build.rs`, so it may only use std, serde and the rules tables.

use crate::rules::geometry::Shape;
use crate::rules::tables::{AmbushNature, Species, Traits, TroopKind};
use serde::{Deserialize, Serialize};

/// A whole scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// Shown in the menu.
    pub briefing: String,
    /// Table width (west–east) and depth (south–north), inches.
    pub table: (f32, f32),
    /// The edge the humans nominate as friendly.
    pub friendly_edge: Edge,
    /// The game ends in a draw after this turn, if nobody has won.
    pub turn_limit: u32,
    /// The turn whose wave comes without a roll; `None` uses the rules' default (turn 2).
    #[serde(default)]
    pub automatic_wave_turn: Option<u32>,
    /// How human units take wounds.
    pub human_wounds: WoundMethod,
    /// Whether the human side's one-third morale rule is in play.
    pub human_morale: bool,
    /// Who shoots with an inferior weapon (−1 to hit), if anyone.
    #[serde(default)]
    pub inferior_weapons: Option<Side>,
    /// What every generated alien carries.
    pub aliens: AlienProfile,
    #[serde(default)]
    pub terrain: Vec<TerrainFeature>,
    /// The human units at the start.
    pub units: Vec<UnitSpec>,
    /// The scenario's own objective, if any.
    #[serde(default)]
    pub objective: Option<Objective>,
    /// What happens when the alien attack is over (001: every alien gone and no wave for six turns).
    #[serde(default = "default_attack_over")]
    pub attack_over: AttackOver,
    /// An ambush at the start of the game, if the scenario is one (000, 002, 003, 004).
    #[serde(default)]
    pub ambush: Option<AmbushSpec>,
    /// A night battle (003 darkness): shooting only within the sight range, at -1, unless the
    /// shooter has night vision.
    #[serde(default)]
    pub darkness: Option<Darkness>,
    /// 003 blindsides: +1 for an attack from outside the target's front arc by an enemy it has
    /// not located; a perception check at the end of the turn locates it.
    #[serde(default)]
    pub blindsides: bool,
    /// 003 explosives: a hit by a weapon with a blast radius hits everyone in its circle, and
    /// less beyond it.
    #[serde(default)]
    pub explosives: bool,
}

/// 003's natural darkness.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Darkness {
    /// How far a unit without night vision can see to shoot, inches.
    pub sight_range: f32,
}

/// How a scenario's ambush is set up, detected and felt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushSpec {
    /// The side caught in the ambush; the other side sets it.
    pub ambushed: Side,
    /// 000 Table 34.1's nature of the ambush (the AWE detection die).
    #[serde(default = "default_nature")]
    pub nature: AmbushNature,
    pub setup: AmbushSetup,
    pub detection: Detection,
    pub effects: SurpriseEffects,
    /// 004: the column may fire blindly at suspected positions.
    #[serde(default)]
    pub spotting_by_fire: bool,
    /// 002's modifiers, by name, with a value for the ranged ones: `("fog", Some(-2))`.
    #[serde(default)]
    pub modifiers: Vec<(String, Option<i32>)>,
    /// The ambusher's units, placed on the table when the ambush is sprung (the hidden
    /// ambushers, or an alien column the marines ambush).
    #[serde(default)]
    pub units: Vec<AmbushUnitSpec>,
    /// The column's route, start to end (complex and simple set-ups). The column is the
    /// ambushed side's units, in order of march, the first leading.
    #[serde(default)]
    pub route: Vec<(f32, f32)>,
    /// Complex set-up: inches between the units of the column.
    #[serde(default = "default_spacing")]
    pub spacing: f32,
    /// Complex set-up: how far along the route (inches) the ambusher springs it on the lead
    /// unit; `None` is the end of the route.
    #[serde(default)]
    pub spring_at: Option<f32>,
    /// Complex set-up: dummy counters beside the hidden units (004).
    #[serde(default)]
    pub dummies: Vec<(f32, f32)>,
    /// Where the ambusher may set up (004: "Typically, the ambusher has restrictions on where on
    /// the table he can set up"): each of its units and dummies stands inside one of these
    /// shapes. Empty is anywhere on the table.
    #[serde(default)]
    pub zone: Vec<Shape>,
}

impl AmbushSpec {
    /// Whether a point is inside the ambusher's set-up zone.
    pub fn in_zone(&self, p: (f32, f32)) -> bool {
        self.zone.is_empty()
            || self
                .zone
                .iter()
                .any(|z| z.contains(glam::Vec2::new(p.0, p.1)))
    }
}

fn default_spacing() -> f32 {
    2.0
}

fn default_nature() -> AmbushNature {
    AmbushNature::Hard
}

/// 004's set-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmbushSetup {
    /// The ambush is sprung as the game begins.
    None,
    /// The ambusher picks the spring point and activates first.
    Simple,
    /// Reaction tests, premature triggers and spotting as the column advances.
    Complex,
}

/// How a unit may notice the ambush.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Detection {
    /// 000: an AWE roll on the Table 34.1 die, per unit.
    Awe,
    /// 002: one 2D6 check for the whole party.
    PartyCheck,
    /// 003: INT against the ambusher's INT on the action table, per unit.
    Perception,
    /// 004: spotting attempts during a complex set-up.
    Spotting,
}

/// What surprise does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SurpriseEffects {
    /// 000 Table 34.2's ladder, one combat unit per turn.
    AmbushUnits,
    /// 002: the surprised only defend, at −2, for the rolled phases.
    RollForDoom,
    /// 003: no initiative in the first turn, +1 to hit the surprised.
    Megs,
}

/// A unit an ambush brings onto the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushUnitSpec {
    pub label: String,
    pub side: Side,
    pub troop: TroopKind,
    pub at: (f32, f32),
    pub facing: f32,
    /// Weapon names; empty takes the scenario's alien weapons for an alien.
    #[serde(default)]
    pub weapons: Vec<String>,
    #[serde(default)]
    pub armour: bool,
    #[serde(default)]
    pub traits: Option<Traits>,
}

fn default_attack_over() -> AttackOver {
    AttackOver::HumansWin
}

/// A table edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edge {
    North,
    East,
    South,
    West,
}

/// The two sides.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Side {
    Humans,
    Aliens,
}

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Humans => Side::Aliens,
            Side::Aliens => Side::Humans,
        }
    }
    pub fn index(self) -> usize {
        match self {
            Side::Humans => 0,
            Side::Aliens => 1,
        }
    }
}

/// The human wound methods of 001.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WoundMethod {
    Degradation,
    SuddenDeath,
}

/// The kit of every alien in the scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlienProfile {
    /// Weapon names from `assets/rules/weapons.ron`, e.g. `["claws"]`.
    pub weapons: Vec<String>,
    /// Their attributes for the ambush rules.
    #[serde(default = "alien_traits")]
    pub traits: Traits,
}

fn alien_traits() -> Traits {
    Traits {
        species: Species::Alien,
        ..Traits::default()
    }
}

/// How a terrain feature affects movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Going {
    Good,
    Bad,
    Impassable,
}

/// One terrain feature.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainFeature {
    /// Unique within the scenario; objectives refer to it.
    pub name: String,
    pub shape: Shape,
    pub going: Going,
    /// Taller than the figures: blocks line of sight.
    #[serde(default)]
    pub tall: bool,
    /// A water feature: bad going that gives no cover.
    #[serde(default)]
    pub water: bool,
    /// A wall or sandbags: cover for a unit in frontal contact with it.
    #[serde(default)]
    pub linear_defence: bool,
}

/// One human unit at the start of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Unique label shown on the table and in the roll log, e.g. `"M1"`.
    pub label: String,
    pub troop: TroopKind,
    /// Centre of the base, inches from the south-west corner.
    pub at: (f32, f32),
    /// Compass bearing of the front edge, degrees (0 = north, 90 = east).
    pub facing: f32,
    /// Weapon names from `assets/rules/weapons.ron`.
    pub weapons: Vec<String>,
    /// Body armour: +1 on saves.
    #[serde(default)]
    pub armour: bool,
    /// Attributes for the ambush rules (AWE, DEX, INT, recovery, Leadership, quality, species).
    #[serde(default)]
    pub traits: Traits,
}

/// A scenario objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Objective {
    /// 001's crashed ship: repair it in contact, then board it; the ship takes off with every
    /// surviving human aboard. `feature` names the ship's terrain feature.
    RepairAndBoard { feature: String },
}

/// What the end of the alien attack means for this scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackOver {
    /// The humans have survived: they win.
    HumansWin,
    /// Play goes on toward the objective (or the turn limit).
    Continue,
}
