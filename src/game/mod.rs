//! The ECS game: it holds the `play::Game` being played as a resource, steps it in one system set per phase, and mirrors its units as components.

mod apps;
pub mod components;
pub mod frame;
mod log;
pub mod mirror;
pub mod phase;
pub mod resources;
pub mod start;
pub mod state;
pub mod visibility;

pub use apps::{headless_app, run_to_end};

use crate::game::resources::OrderRefused;
use bevy::prelude::*;
use resources::RollMade;

/// The rules of the game as ECS systems. Runs in the window and the headless tests.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<RollMade>().add_message::<OrderRefused>();
        app.add_plugins((phase::plugin, mirror::plugin, log::plugin));
    }
}

/// What the game's unit tests share.
#[cfg(test)]
pub(crate) mod test_support {
    use super::state::GameNumber;
    use bevy::prelude::*;

    pub use crate::install::test_support::scenario;

    /// How many entities of the game being played the world holds.
    pub fn game_entities(app: &mut App) -> usize {
        let world = app.world_mut();
        world
            .query_filtered::<(), With<DespawnOnExit<GameNumber>>>()
            .iter(world)
            .count()
    }
}
