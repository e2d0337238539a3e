//! What a game is besides its units: the scenario's settings (`GameConfig`), its progress, the ambush's counters and approach, and 003's hostile environments.

use super::UnitId;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::board::SideNames;
use ambush_data::scenario::AlienProfile;
use ambush_data::scenario::Scenario;
use ambush_data::scenario::WoundMethod;
use glam::Vec2;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// The scenario's settings for one game, fixed once it starts: the scenario itself, and the two
/// settings it may leave to the rules, settled. A new scenario setting is a field of `Scenario`
/// (and its default in `Scenario::new`) and nothing here: the rules read it as
/// `config.scenario.<field>`.
#[derive(Debug, Clone, PartialEq)]
pub struct GameConfig {
    /// The scenario as played: as written, with the game's own choice of wound method. Its
    /// units and terrain are the start's; the table holds them as they stand. Shared, since a
    /// table is copied to try orders: the one setting play writes (the spring point a simple
    /// ambush set-up announces) goes through `scenario_mut`, which copies it first if shared.
    pub scenario: Arc<Scenario>,
    /// What the players call each side: the scenario's names, else the rules' terms.
    pub side_names: SideNames,
    /// The turn whose wave comes without a roll: the scenario's, else the rules' default.
    pub automatic_wave_turn: u32,
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
    /// The settings of a game of `scenario` under `rules`, with `wounds` in place of the
    /// scenario's wound method if given.
    pub fn new(scenario: &Scenario, rules: &Rules, wounds: Option<WoundMethod>) -> Self {
        GameConfig {
            side_names: scenario.names(rules).clone(),
            automatic_wave_turn: scenario
                .automatic_wave_turn
                .unwrap_or(rules.generation.default_automatic_wave_turn),
            scenario: Arc::new(Scenario {
                human_wounds: wounds.unwrap_or(scenario.human_wounds),
                ..scenario.clone()
            }),
        }
    }

    /// A plain open table with 001's defaults (20 turns, no morale, aliens with claws), for
    /// tests and quick set-ups.
    pub fn plain(width: f32, depth: f32) -> Self {
        GameConfig {
            scenario: Arc::new(Scenario {
                turn_limit: 20,
                human_morale: false,
                aliens: AlienProfile {
                    weapons: vec!["claws".into()],
                    ..Scenario::new("test", (width, depth)).aliens
                },
                ..Scenario::new("test", (width, depth))
            }),
            side_names: SideNames::default(),
            automatic_wave_turn: 2,
        }
    }

    /// The table's width (west–east) and depth (south–north), inches.
    pub fn table(&self) -> Vec2 {
        Vec2::new(self.scenario.table.0, self.scenario.table.1)
    }

    /// The scenario to change a setting of: the announced spring point, the ambusher's secrets
    /// taken out of a player's copy of the table, and tests' set-ups.
    pub fn scenario_mut(&mut self) -> &mut Scenario {
        Arc::make_mut(&mut self.scenario)
    }
}
