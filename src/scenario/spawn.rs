//! Turns a scenario into a game: the initial table, and the world's resources and entities.

use crate::control::Controllers;
use crate::rules::Rules;
use crate::rules::dice::DiceService;
use crate::rules::geometry::{Footprint, bearing_to_angle};
use crate::rules::table::{GameConfig, Progress, Table, Unit};
use crate::scenario::format::{Scenario, Side, WoundMethod};
use crate::turn::components::UnitNumber;
use crate::turn::phase::Phase;
use crate::turn::resources::{Awaiting, Battle, Dice, Flows, PendingOrders, RuleBook};
use crate::turn::table_access::spawn_unit;
use bevy::prelude::*;
use glam::Vec2;
use std::sync::Arc;

/// Everything needed to start one game.
#[derive(Debug, Clone)]
pub struct GameSetup {
    pub scenario: Scenario,
    pub seed: u64,
    /// The game's number in a run: with the seed, it picks the dice.
    pub game: u64,
    /// Overrides the scenario's human wound method.
    pub wounds: Option<WoundMethod>,
    pub controllers: Controllers,
    /// Keep the roll log (the simulator turns it off when nobody reads it).
    pub keep_log: bool,
}

impl GameSetup {
    pub fn new(scenario: Scenario, seed: u64, game: u64) -> Self {
        GameSetup {
            scenario,
            seed,
            game,
            wounds: None,
            controllers: Controllers::all_ai(),
            keep_log: true,
        }
    }
}

/// The table at the start of the game: the scenario's units, turn 1.
pub fn initial_table(setup: &GameSetup, rules: &Rules) -> Table {
    let s = &setup.scenario;
    let units: Vec<Unit> = s
        .units
        .iter()
        .enumerate()
        .map(|(i, spec)| {
            let (w, d) = rules.troop(spec.troop).base;
            let base = Footprint::new(
                Vec2::new(spec.at.0, spec.at.1),
                Vec2::new(w, d),
                bearing_to_angle(spec.facing),
            );
            let weapons = spec.weapons.clone().into();
            Unit {
                armour: spec.armour,
                traits: spec.traits,
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
    Table {
        config: GameConfig {
            scenario: s.name.clone(),
            table: Vec2::new(s.table.0, s.table.1),
            friendly_edge: s.friendly_edge,
            turn_limit: s.turn_limit,
            automatic_wave_turn: s
                .automatic_wave_turn
                .unwrap_or(rules.generation.default_automatic_wave_turn),
            human_wounds: setup.wounds.unwrap_or(s.human_wounds),
            human_morale: s.human_morale,
            inferior_weapons: s.inferior_weapons,
            aliens: s.aliens.clone(),
            objective: s.objective.clone(),
            attack_over: s.attack_over,
            ambush: s.ambush.clone(),
            darkness: s.darkness,
            blindsides: s.blindsides,
            explosives: s.explosives,
        },
        terrain: s.terrain.clone(),
        units,
        progress,
        ledger: Default::default(),
    }
}

/// Starts a game in `world`: removes any previous game's units, inserts the game's resources,
/// spawns the units and opens turn 1.
pub fn start_game(world: &mut World, setup: &GameSetup, rules: Arc<Rules>) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<UnitNumber>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    let table = initial_table(setup, &rules);
    let mut dice = DiceService::seeded(setup.seed, setup.game);
    dice.keep_log = setup.keep_log;
    {
        let mut commands = world.commands();
        for u in &table.units {
            spawn_unit(&mut commands, u);
        }
    }
    world.flush();
    world.insert_resource(Battle {
        config: table.config,
        terrain: table.terrain,
        progress: table.progress,
        ledger: table.ledger,
    });
    world.insert_resource(RuleBook(rules));
    world.insert_resource(Dice(dice));
    world.insert_resource(Flows::default());
    world.insert_resource(PendingOrders::default());
    world.insert_resource(Awaiting::default());
    world.insert_resource(setup.controllers);
    // A complex ambush's approach comes first; otherwise that phase hands straight on.
    world.insert_resource(NextState::Pending(Phase::Approach));
}
