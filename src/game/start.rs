//! Turns a scenario into a game: the initial table, and the world's resources and entities.

use crate::control::Controllers;
use crate::game::components::GameEntity;
use crate::game::record::{OrderRecord, ReplayQueue};
use crate::game::resources::{Battle, Dice, RuleBook};
use crate::game::table_access::spawn_unit;
use crate::rules::dice::DiceService;
use crate::rules::table::{GameConfig, Progress, Status, Table, Unit};
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::bearing_to_angle;
use ambush_data::scenario::Scenario;
use ambush_data::scenario::WoundMethod;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use glam::Vec2;
use std::sync::Arc;

/// Runs once each time a game starts, before its units come onto the table: every plugin puts
/// its per-game state back here (see `PerGame`), so a new game never inherits the last one's.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameStart;

/// Registration of state that lives for one game.
pub trait PerGame {
    /// A resource that starts at its default with every game.
    fn init_per_game_resource<R: Resource + Default>(&mut self) -> &mut Self;
}

impl PerGame for App {
    fn init_per_game_resource<R: Resource + Default>(&mut self) -> &mut Self {
        self.init_resource::<R>()
            .add_systems(GameStart, |mut commands: Commands| {
                commands.insert_resource(R::default())
            })
    }
}

/// Removes every entity of the game being played.
pub fn despawn_game_entities(world: &mut World) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<GameEntity>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
}

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
    /// Record every order with a hash of the table after it, for saves, autosave and undo
    /// (the simulator turns it off unless it writes a save).
    pub record_orders: bool,
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
            record_orders: true,
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
    Table {
        config: GameConfig {
            scenario: s.name.clone(),
            side_names: s.names(rules).clone(),
            table: Vec2::new(s.table.0, s.table.1),
            friendly_edge: s.friendly_edge,
            turn_limit: s.turn_limit,
            automatic_wave_turn: s
                .automatic_wave_turn
                .unwrap_or(rules.generation.default_automatic_wave_turn),
            human_wounds: setup.wounds.unwrap_or(s.human_wounds),
            human_morale: s.human_morale,
            inferior_weapons: s.inferior_weapons,
            inferior_weapon_rules: s.inferior_weapon_rules,
            aliens: s.aliens.clone(),
            objective: s.objective.clone(),
            attack_over: s.attack_over,
            ambush: s.ambush.clone(),
            darkness: s.darkness,
            blindsides: s.blindsides,
            explosives: s.explosives,
            environment: s.environment,
        },
        terrain: s.terrain.clone(),
        units: units.into(),
        progress,
        ledger: Default::default(),
        exposure: Default::default(),
        spatial: Default::default(),
        fruitless: Default::default(),
        resting: Default::default(),
    }
}

/// Starts a game in `world`: removes any previous game's entities, resets every per-game
/// resource, inserts the game's own resources, spawns the units and opens turn 1.
pub fn start_game(world: &mut World, setup: &GameSetup, rules: Arc<Rules>) {
    despawn_game_entities(world);
    // Only apps with per-game state have this schedule (the simulator's has none).
    let _ = world.try_run_schedule(GameStart);
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
        exposure: table.exposure,
    });
    world.insert_resource(RuleBook(rules));
    world.insert_resource(Dice(dice));
    world.insert_resource(setup.controllers);
    world.insert_resource(OrderRecord {
        on: setup.record_orders,
        orders: Vec::new(),
    });
    world.insert_resource(ReplayQueue::default());
    // A complex ambush's approach comes first; otherwise that phase hands straight on.
    world.insert_resource(NextState::Pending(Phase::Approach));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{game_entities, scenario};
    use crate::game::visibility::PlayerView;
    use crate::input::{Refusal, Selection};

    #[test]
    fn a_new_game_starts_with_fresh_per_game_state_and_none_of_the_last_games_entities() {
        let scenario = scenario("crashed_ship.ron");
        let units = scenario.units.len();
        let rules = Arc::new(Rules::bundled().clone());
        let setup = GameSetup::new(scenario, 1, 0);
        let mut app = crate::player_app(&setup, rules.clone());
        for _ in 0..40 {
            app.update();
        }
        assert!(
            game_entities(&mut app) > units,
            "aliens have come on by now"
        );
        app.world_mut().resource_mut::<Selection>().unit = Some(0);
        app.world_mut().resource_mut::<Refusal>().0 = Some("left over".into());
        assert!(app.world().resource::<PlayerView>().table.is_some());
        start_game(app.world_mut(), &setup, rules);
        assert_eq!(
            game_entities(&mut app),
            units,
            "only the new game's marines"
        );
        assert_eq!(*app.world().resource::<Selection>(), Selection::default());
        assert_eq!(app.world().resource::<Refusal>().0, None);
        assert!(app.world().resource::<PlayerView>().table.is_none());
        assert_eq!(app.world().resource::<Battle>().progress.turn, 1);
    }

    #[test]
    fn leaving_a_game_for_the_menu_leaves_nothing_of_it_on_the_table() {
        let setup = GameSetup::new(scenario("crashed_ship.ron"), 1, 0);
        let mut app = crate::player_app(&setup, Arc::new(Rules::bundled().clone()));
        for _ in 0..5 {
            app.update();
        }
        assert!(app.world().resource::<PlayerView>().table.is_some());
        // What the session does on "Main menu".
        app.world_mut()
            .resource_mut::<NextState<Phase>>()
            .set(Phase::Setup);
        app.update();
        assert_eq!(game_entities(&mut app), 0);
        assert!(app.world().resource::<PlayerView>().table.is_none());
    }
}
