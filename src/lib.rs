//! Ambush: a digital tabletop for sci-fi skirmishes of marines against alien waves.
//!
//! The layers, each using only those before it: the data crate (`ambush_data`: tables, the
//! scenario model and its checks, geometry) → `rules` (pure) → `control` (who decides) → `game`
//! (ECS) → `input`, `view`, `ui`, `screen` → `window` and the binary. `docs/architecture.md` has
//! the picture. This file assembles the apps and declares the frame's order, once.

pub mod batch;
pub mod control;
pub mod frame_meter;
pub mod game;
pub mod input;
pub mod rules;
pub mod save;
pub mod screen;
pub mod ui;
pub mod view;
pub mod window;

use bevy::ecs::schedule::{Schedules, SingleThreadedExecutor};
use bevy::input::InputPlugin;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use game::RulesPlugin;
use game::start::{GameSetup, start_game};
use game::visibility::VisibilityPlugin;
use rules::Rules;
use rules::turn::Phase;
use std::sync::Arc;

/// The allocator of every binary built on this crate (the game, its tests and benches): the
/// rules' many small, short-lived lists cost about half as much as with the system's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The frame's order in `Update`: input produces orders, the rules consume them, the roll log is
/// published, then presentation reads the result. Each plugin orders its own sets inside these.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrameSet {
    Input,
    Rules,
    Log,
    /// What the player at the screen may know is worked out (`game::visibility`).
    Visibility,
    Presentation,
}

/// A root egui `Ui` over the whole window, behind egui's windows: what the overlay, the menu,
/// the set-up screens (and the frame-cost baseline) lay their panels out in.
pub fn window_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    use bevy_egui::egui;
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The order inside egui's pass (`EguiPrimaryContextPass`): a screen's own windows, then the
/// table's overlay. Only the window has this pass.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EguiPass {
    Screens,
    Overlay,
}

/// Declares the frame's order in `Update`; every app calls it before adding its plugins.
pub fn order_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            FrameSet::Input,
            FrameSet::Rules,
            FrameSet::Log,
            FrameSet::Visibility,
            FrameSet::Presentation,
        )
            .chain(),
    );
}

/// Declares the order inside egui's pass (the window only).
pub fn order_egui_pass(app: &mut App) {
    app.configure_sets(
        bevy_egui::EguiPrimaryContextPass,
        (EguiPass::Screens, EguiPass::Overlay).chain(),
    );
}

/// A windowless app with only the rules, running one game on one thread (the simulator's unit).
pub fn headless_app(setup: &GameSetup, rules: Arc<Rules>) -> App {
    let mut app = App::new();
    order_frame(&mut app);
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
    order_frame(&mut app);
    app.add_plugins((MinimalPlugins, StatesPlugin, InputPlugin));
    // The user's own bindings file has no place in a test.
    app.insert_resource(input::Bindings::default());
    app.add_plugins((RulesPlugin, VisibilityPlugin, input::PlayerInputPlugin));
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
