//! The desktop window: the table, the overlay and the rules in one app, and the screenshot mode.

use crate::rules::Rules;
use crate::scenario::spawn::{GameSetup, start_game};
use crate::turn::RulesPlugin;
use crate::turn::phase::GameSet;
use crate::turn::resources::AiSteps;
use crate::{ui, view};
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::WindowResolution;
use bevy_egui::EguiPlugin;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to run the window.
#[derive(Debug, Clone)]
pub struct WindowOptions {
    /// Save a PNG of the window after `frames` frames, then exit.
    pub screenshot: Option<(PathBuf, u32)>,
    /// Time between AI steps, so each phase can be watched; zero plays instantly.
    pub pace: Duration,
}

/// Paces the AI in the window: one AI order per tick.
#[derive(Resource, Debug)]
struct Pace(Timer);

/// The screenshot to take, and when.
#[derive(Resource, Debug)]
struct ScreenshotPlan {
    path: PathBuf,
    at_frame: u32,
    frame: u32,
    requested: bool,
}

/// Opens the window on a game and runs it until the window closes.
pub fn run(setup: GameSetup, options: WindowOptions) -> AppExit {
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: format!("Ambush — {}", setup.scenario.name),
            resolution: WindowResolution::new(1440, 900),
            ..default()
        }),
        ..default()
    }));
    app.add_plugins((EguiPlugin::default(), RulesPlugin, view::plugin, ui::plugin));
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.10)));
    if !options.pace.is_zero() {
        app.insert_resource(Pace(Timer::new(options.pace, TimerMode::Repeating)));
        app.add_systems(Update, tick_pace.in_set(GameSet::Input));
    }
    if let Some((path, frames)) = options.screenshot {
        app.insert_resource(ScreenshotPlan {
            path,
            at_frame: frames.max(1),
            frame: 0,
            requested: false,
        });
        app.add_systems(Update, take_screenshot.in_set(GameSet::Presentation));
    }
    start_game(app.world_mut(), &setup, Arc::new(Rules::bundled().clone()));
    app.run()
}

fn tick_pace(time: Res<Time>, mut pace: ResMut<Pace>, mut steps: ResMut<AiSteps>) {
    pace.0.tick(time.delta());
    steps.0 = Some(pace.0.times_finished_this_tick().min(1));
}

/// Asks for the screenshot at the planned frame, and exits once the file is written.
fn take_screenshot(
    mut plan: ResMut<ScreenshotPlan>,
    mut commands: Commands,
    mut exit: MessageWriter<AppExit>,
) {
    plan.frame += 1;
    if !plan.requested && plan.frame >= plan.at_frame {
        plan.requested = true;
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(plan.path.clone()));
        return;
    }
    let written = std::fs::metadata(&plan.path).is_ok_and(|m| m.len() > 0);
    if plan.requested && (written || plan.frame > plan.at_frame + 600) {
        exit.write(if written {
            AppExit::Success
        } else {
            AppExit::error()
        });
    }
}
