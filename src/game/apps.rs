//! The windowless app of the rules alone: one game on one thread, frame by frame, as the window's rules run.

use crate::game::RulesPlugin;
use crate::game::frame::order_frame;
use crate::game::start::start_game;
use crate::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::turn::Phase;
use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::sync::Arc;

/// A windowless app with only the rules, running one game on one thread.
pub fn headless_app(setup: &NewGame, rules: Arc<Rules>) -> App {
    let mut app = App::new();
    order_frame(&mut app);
    app.add_plugins((StatesPlugin, RulesPlugin));
    // Inside a game one thread is fastest; the simulator runs games in parallel itself.
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    start_game(app.world_mut(), setup, rules);
    app
}

/// Runs frames until the game is over, or `max_frames` pass. Returns whether it ended.
pub fn run_to_end(app: &mut App, max_frames: usize) -> bool {
    for _ in 0..max_frames {
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::components::*;
    use crate::game::resources::GameInPlay;
    use crate::game::test_support::scenario;

    /// The mirror (`mirror.rs`) keeps up with the game in the app that runs it.
    #[test]
    fn the_components_mirror_every_unit_of_the_game_after_each_frame() {
        let setup = NewGame::new(scenario("crashed_ship.ron"), 3, 0);
        let mut app = headless_app(&setup, Arc::new(Rules::bundled().clone()));
        let mut dealt = false;
        for _ in 0..120 {
            app.update();
            let world = app.world_mut();
            let mut mirrored: Vec<_> = world
                .query::<(
                    &UnitNumber,
                    &Base,
                    &Facing,
                    &Wounds,
                    &UnitStatus,
                    Option<&CardStack>,
                )>()
                .iter(world)
                .map(|(n, b, f, w, s, c)| (n.0, b.position, f.0, w.0, s.0, c.map(|c| c.0.clone())))
                .collect();
            mirrored.sort_by_key(|m| m.0);
            let game = world.resource::<GameInPlay>();
            let truth: Vec<_> = game
                .table
                .units
                .iter()
                .map(|u| {
                    (
                        u.id,
                        u.base.center,
                        u.base.facing,
                        u.wounds,
                        u.status,
                        u.cards.clone(),
                    )
                })
                .collect();
            assert_eq!(mirrored, truth, "turn {}", game.table.progress.turn);
            dealt |= truth.iter().any(|u| u.5.is_some());
        }
        assert!(dealt, "aliens with card stacks came on within 120 frames");
    }
}
