//! Everything needed to start one game, and the table it starts on: the scenario's units, turn 1.

use crate::control::Controllers;
use crate::rules::table::{GameConfig, Progress, Status, Table, Unit};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::WoundMethod;
use ambush_data::scenario::{PlacedUnit, Scenario};

/// The seed of a game when none is given: the menu's first game, the command line's `--seed`.
pub const DEFAULT_SEED: u64 = 1;

/// Everything needed to start one game.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub scenario: Scenario,
    pub seed: u64,
    /// The game's number in a run: with the seed, it picks the dice.
    pub game: u64,
    /// Overrides the scenario's human wound method.
    pub wounds: Option<WoundMethod>,
    pub controllers: Controllers,
    /// Keep the roll log (the simulator turns it off when nobody reads it).
    pub keep_log: bool,
    /// Record every order with a hash of the table after it, for saves, autosave and undo
    /// (the simulator turns it off unless it writes a save).
    pub record_orders: bool,
    /// Seeds the dice take at given points instead of the run's seed: a game played by file,
    /// whose dice both players made together (empty in every other game).
    pub dice_schedule: DiceSchedule,
}

/// Where a game's dice are seeded anew: at its start, and just before given orders. A game
/// played by file seeds each message's stretch from both players' contributions; its save
/// keeps the seeds so that it replays as any game does.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct DiceSchedule {
    /// The seed at the start, before the game's first step.
    #[serde(default)]
    pub start: Option<Seed>,
    /// The seed just before the order of each number (from 0, every order given counted).
    #[serde(default)]
    pub before_order: std::collections::BTreeMap<usize, Seed>,
}

/// A dice seed of 32 bytes, written as 64 hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seed(pub [u8; 32]);

impl serde::Serialize for Seed {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&blake3::Hash::from_bytes(self.0).to_hex())
    }
}

impl<'de> serde::Deserialize<'de> for Seed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        blake3::Hash::from_hex(&text)
            .map(|h| Seed(*h.as_bytes()))
            .map_err(|_| serde::de::Error::custom("expected a seed of 64 hex digits"))
    }
}

impl DiceSchedule {
    pub fn is_empty(&self) -> bool {
        self.start.is_none() && self.before_order.is_empty()
    }
}

impl NewGame {
    pub fn new(scenario: Scenario, seed: u64, game: u64) -> Self {
        NewGame {
            scenario,
            seed,
            game,
            wounds: None,
            controllers: Controllers::all_ai(),
            keep_log: true,
            record_orders: true,
            dice_schedule: DiceSchedule::default(),
        }
    }
}

/// The table at the start of the game: the scenario's units, turn 1.
pub fn initial_table(setup: &NewGame, rules: &Rules) -> Table {
    let s = &setup.scenario;
    let units: Vec<Unit> = s
        .units
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let base = spec.placed().footprint(rules.troop(spec.troop).base);
            let weapons = spec.weapons.clone().into();
            Unit {
                armour: spec.armour,
                traits: spec.traits,
                status: Status {
                    formation: spec.formation,
                    ..Status::default()
                },
                ..Unit::new(
                    i as u32,
                    &spec.label,
                    Side::Humans,
                    spec.troop,
                    base,
                    weapons,
                )
            }
        })
        .collect();
    let progress = Progress {
        turn: 1,
        next_unit_id: units.len() as u32,
        humans_at_start: units.len() as u32,
        ..Default::default()
    };
    let mut table = Table::new(GameConfig::new(s, rules, setup.wounds));
    table.terrain = s.terrain.clone();
    table.units = units.into();
    table.progress = progress;
    table
}
