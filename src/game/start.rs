//! Starts a game in the world: the `Game` resource, its units' entities, per-game state put back to its defaults, and the game's number that ends the last game's entities.

use crate::game::mirror::spawn_unit;
use crate::game::resources::GameInPlay;
use crate::game::state::{GameNumber, TurnPhase};
use ambush_data::Rules;
use ambush_engine::play::Game;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::turn::Phase;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use bevy::state::state::StateTransition;
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

/// Starts a game in `world`: the last game's entities go at once (its number is left), every
/// per-game resource is reset, the new `Game` is inserted and its units spawned; the approach
/// (or turn 1) comes next frame.
pub fn start_game(world: &mut World, setup: &NewGame, rules: Arc<Rules>) {
    let last = world
        .get_resource::<State<GameNumber>>()
        .map_or(0, |s| s.get().0);
    let number = GameNumber(last + 1);
    world.insert_resource(NextState::Pending(number));
    // Left now, not next frame, so no system meets the last game's entities beside the new
    // game's. Only apps with states have this schedule.
    let _ = world.try_run_schedule(StateTransition);
    // Only apps with per-game state have this schedule.
    let _ = world.try_run_schedule(GameStart);
    let game = Game::new(setup, rules);
    {
        let mut commands = world.commands();
        for u in game.table.units.iter() {
            spawn_unit(&mut commands, u, number);
        }
    }
    world.flush();
    world.insert_resource(GameInPlay(game));
    // A complex ambush's approach comes first; otherwise that phase hands straight on.
    world.insert_resource(NextState::Pending(TurnPhase(Phase::Approach)));
}
