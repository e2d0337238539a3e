//! The ECS game: components, the phase state and its ordered sets, one plugin per phase.

mod approach;
pub mod components;
pub mod drive;
mod end_of_turn;
mod generation;
mod log;
mod melee;
mod movement;
pub mod phase;
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
