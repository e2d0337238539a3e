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
