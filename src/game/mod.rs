//! The ECS game: components, the phase state and its ordered sets, one plugin per phase.

mod approach;
pub mod components;
pub mod drive;
mod end_of_turn;
pub mod engine;
mod generation;
mod log;
mod melee;
mod movement;
pub mod phase;
pub mod record;
pub mod resources;
mod shooting;
pub mod start;
pub mod table_access;
pub mod visibility;

use crate::control::Controllers;
use bevy::prelude::*;
use resources::{AiSteps, Awaiting, Flows, OrderRejected, PendingOrders, RollMade};
use start::PerGame;

/// The rules of the game as ECS systems. Runs in the window, the headless tests and the simulator.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<RollMade>()
            .add_message::<OrderRejected>()
            .init_resource::<AiSteps>()
            .init_resource::<Controllers>()
            .init_per_game_resource::<Flows>()
            .init_per_game_resource::<PendingOrders>()
            .init_per_game_resource::<Awaiting>();
        app.add_plugins((
            phase::plugin,
            approach::plugin,
            generation::plugin,
            movement::plugin,
            shooting::plugin,
            melee::plugin,
            end_of_turn::plugin,
            log::plugin,
        ));
    }
}

/// What the game's unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    use super::components::GameEntity;
    use ambush_data::Rules;
    use ambush_data::scenario::Scenario;
    use bevy::prelude::*;
    use std::path::Path;

    /// A bundled scenario, such as `crashed_ship.ron`, loaded and checked.
    pub fn scenario(file: &str) -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file);
        ambush_data::load_scenario_file(&path, Rules::bundled()).expect("a bundled scenario loads")
    }

    /// How many entities of the game being played the world holds.
    pub fn game_entities(app: &mut App) -> usize {
        let world = app.world_mut();
        world
            .query_filtered::<(), With<GameEntity>>()
            .iter(world)
            .count()
    }
}
