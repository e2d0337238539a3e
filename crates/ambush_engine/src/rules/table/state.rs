//! What a game is besides its units: the scenario's settings (`GameConfig`), its progress, the ambush's counters and approach, and 003's hostile environments.

use super::UnitId;
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::Edge;
use ambush_data::board::Side;
use ambush_data::board::SideNames;
use ambush_data::scenario::AlienProfile;
use ambush_data::scenario::AttackOver;
use ambush_data::scenario::Darkness;
use ambush_data::scenario::Environment;
use ambush_data::scenario::InferiorWeaponRules;
use ambush_data::scenario::Objective;
use ambush_data::scenario::WoundMethod;
use ambush_data::tables::Traits;
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// The scenario's settings for one game, fixed once it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct GameConfig {
    pub scenario: String,
    /// What the players call each side.
    pub side_names: SideNames,
    pub table: Vec2,
    pub friendly_edge: Edge,
    pub turn_limit: u32,
    pub automatic_wave_turn: u32,
    pub human_wounds: WoundMethod,
    pub human_morale: bool,
    pub inferior_weapons: Option<Side>,
    pub inferior_weapon_rules: InferiorWeaponRules,
    pub aliens: AlienProfile,
    pub objective: Option<Objective>,
    pub attack_over: AttackOver,
    /// The scenario's ambush, if it is one.
    pub ambush: Option<AmbushSpec>,
    /// A night battle.
    pub darkness: Option<Darkness>,
    /// 003 blindsides are in play.
    pub blindsides: bool,
    /// 003 explosives are in play.
    pub explosives: bool,
    /// 003's hostile environment the battle is fought in, if any.
    pub environment: Option<Environment>,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    HumansWin,
    AliensWin,
    Draw,
}

/// Game-wide progress that is not a unit's.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    pub turn: u32,
    pub waves: u32,
    /// Turn of the last wave generated.
    pub last_wave_turn: Option<u32>,
    pub next_unit_id: UnitId,
    pub humans_at_start: u32,
    pub morale_broken: bool,
    /// The crashed ship's power.
    pub power_restored: bool,
    /// Every surviving human is aboard: the ship takes off in the next movement phase.
    pub takeoff_pending: bool,
    pub outcome: Option<Outcome>,
    /// Why the game ended, in words.
    pub ending: String,
    pub aliens_killed: u32,
    /// The scenario's ambush has been sprung (its units placed, its detection rolled).
    pub ambush_sprung: bool,
    /// Who activates first in the turn the ambush is sprung: the ambusher, or the column that
    /// spotted it (004).
    pub ambush_first: Option<Side>,
    /// 002: how many units of the surprised party there were, and how many were already lost,
    /// when the ambush was sprung (for the morale check once surprise has run its course).
    pub surprised_party: Option<(u32, u32)>,
    /// 004's complex set-up while the column approaches, turn by turn, before the first turn.
    pub approach: Option<Approach>,
    /// 004's counters still on the table once the ambush is sprung: hidden ambushers not yet
    /// found, and dummies not yet exposed.
    pub counters: Vec<Counter>,
    /// 002: turns of the party's surprise still to run, as rolled; a unit that recovers early
    /// is limited until they have.
    pub surprise_phases_left: Option<u32>,
}

/// A counter on the table: a hidden ambusher or a dummy, during a complex set-up's approach and
/// into the game until it is found. Both sides see the counter; only the ambusher knows which it
/// is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Counter {
    /// The public name, like `"counter 3"`, numbered by place on the table, not by kind.
    pub name: String,
    /// The ambusher's unit under it, or `None` for a dummy.
    pub unit: Option<String>,
    pub at: Vec2,
}

/// Where a complex set-up's approach stands (004).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Approach {
    /// Approach turns played so far.
    pub turns: u32,
    /// Inches along the route from its start to the lead unit.
    pub lead: f32,
    /// Where the ambusher wants the lead unit when it springs the ambush, inches along the route.
    pub spring_at: f32,
    /// The column in order of march, the lead first.
    pub column: Vec<UnitId>,
    /// The counters still on the table.
    pub counters: Vec<Counter>,
    /// How it ended, once it has.
    pub ended: Option<ApproachEnd>,
}

/// How a complex set-up's approach ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ApproachEnd {
    /// An ambusher failed its reaction test: sprung early, the ambusher acts first.
    Premature,
    /// The lead unit reached the spring point: the ambusher acts first.
    SpringPoint,
    /// A unit of the column spotted a real ambusher: the column acts first, nobody surprised.
    Spotted,
}

/// What 003's hostile environment has done to one unit so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct UnitExposure {
    /// It has made its descent to the scenario's depth (and taken the depth's attacks).
    pub descended: bool,
    /// Turns it has spent without air (held breath, then drowning or suffocating).
    pub turns_without_air: u32,
    /// Turns of air its action check won once its breath was out; `None` before the check.
    pub extra_air_turns: Option<u32>,
    /// Its drift in zero-g, inches per turn along the table; `None` at rest.
    pub drift: Option<Vec2>,
}

/// The hostile environment's hold on each unit, by unit. Empty in every other battle.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Exposure {
    pub units: std::collections::BTreeMap<UnitId, UnitExposure>,
}

impl Exposure {
    /// What the environment has done to unit `id` (nothing yet, if it has no line).
    pub fn of(&self, id: UnitId) -> UnitExposure {
        self.units.get(&id).copied().unwrap_or_default()
    }
    /// The line of unit `id`, made when first needed.
    pub fn of_mut(&mut self, id: UnitId) -> &mut UnitExposure {
        self.units.entry(id).or_default()
    }
    /// Its drift in zero-g, if it is drifting.
    pub fn drift(&self, id: UnitId) -> Option<Vec2> {
        self.units.get(&id).and_then(|e| e.drift)
    }
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
}

impl GameConfig {
    /// A plain open table with 001's defaults, for tests and quick set-ups.
    pub fn plain(width: f32, depth: f32) -> Self {
        GameConfig {
            scenario: "test".into(),
            side_names: SideNames::default(),
            table: Vec2::new(width, depth),
            friendly_edge: Edge::South,
            turn_limit: 20,
            automatic_wave_turn: 2,
            human_wounds: WoundMethod::Degradation,
            human_morale: false,
            inferior_weapons: None,
            inferior_weapon_rules: InferiorWeaponRules::default(),
            aliens: AlienProfile {
                weapons: vec!["claws".into()],
                traits: Traits {
                    species: ambush_data::tables::Species::Alien,
                    ..Traits::default()
                },
            },
            objective: None,
            attack_over: AttackOver::HumansWin,
            ambush: None,
            darkness: None,
            blindsides: false,
            explosives: false,
            environment: None,
        }
    }
}
