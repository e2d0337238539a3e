//! Ambush: a digital tabletop for sci-fi skirmishes of marines against alien waves.

pub mod batch;
pub mod command;
pub mod control;
pub mod rules;
pub mod scenario;
pub mod screen;
pub mod turn;
pub mod ui;
pub mod view;
pub mod window;

use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use rules::Rules;
use scenario::spawn::{GameSetup, start_game};
use std::sync::Arc;
use turn::RulesPlugin;
use turn::phase::Phase;

/// A windowless app with only the rules, running one game on one thread (the simulator's unit).
pub fn headless_app(setup: &GameSetup, rules: Arc<Rules>) -> App {
    let mut app = App::new();
    app.add_plugins((StatesPlugin, RulesPlugin));
    // The simulator runs games in parallel itself; inside a game one thread is fastest.
    let mut schedules = app.world_mut().resource_mut::<Schedules>();
    for (_, schedule) in schedules.iter_mut() {
        schedule.set_executor(SingleThreadedExecutor::new());
    }
    start_game(app.world_mut(), setup, rules);
    app
}

/// A windowless app with the rules and the player's input, selection, previews and orders, as
/// the window has them: for tests that play through input, and for the per-frame benchmark.
pub fn player_app(setup: &GameSetup, rules: Arc<Rules>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    // The user's own bindings file has no place in a test.
    app.insert_resource(command::Bindings::default());
    app.add_plugins((RulesPlugin, command::CommandPlugin));
    start_game(app.world_mut(), setup, rules);
    app
}

/// Runs frames until the game is over, or `max_frames` pass. Returns whether it ended.
pub fn run_to_end(app: &mut App, max_frames: usize) -> bool {
    for _ in 0..max_frames {
        app.update();
        if *app.world().resource::<State<Phase>>().get() == Phase::GameOver {
            return true;
        }
    }
    false
}
