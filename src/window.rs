//! The desktop window: the table, the overlay and the rules in one app, and the screenshot mode.

use crate::frame_meter::{self, FrameMeter};
use crate::game::RulesPlugin;
use crate::game::frame::FrameSet;
use crate::game::frame::order_frame;
use crate::game::visibility::VisibilityPlugin;
use crate::input::{PlayerInputPlugin, ScriptedSelection};
use crate::screen::{
    DirectStart, EditStart, EditorFolders, GameChoice, GameOptions, ModRoots, ReplayViewer, Screen,
    ScreenPlugin,
};
use crate::ui::{EguiPass, order_egui_pass};
use crate::{ui, view};
use bevy::asset::io::AssetSourceBuilder;
use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bevy::window::WindowResolution;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass};
use std::path::PathBuf;

/// How to run the window.
#[derive(Debug, Clone, Default)]
pub struct WindowOptions {
    /// Save a PNG of the window after `frames` frames, then exit.
    pub screenshot: Option<(PathBuf, u32)>,
    /// The menu's starting options: alien pace, seed, wound method.
    pub game_options: GameOptions,
    /// Skip the menu and play this game at once.
    pub direct: Option<GameChoice>,
    /// The folders searched for mods (see `mod_roots`).
    pub mod_roots: Vec<PathBuf>,
    /// A save to watch in the replay viewer (`play --replay`).
    pub viewer: Option<ReplayViewer>,
    /// A unit to select, and a target to aim at, once on the table (`play --select --aim`).
    pub select: Option<ScriptedSelection>,
    /// Pixels to the inch to close in on the selected unit at (`play --zoom`).
    pub zoom: Option<f32>,
    /// Time frames and exit (`play --measure-frames`), in a window without vsync.
    pub measure: Option<FrameMeter>,
    /// Open the scenario editor at start (`ambush edit [FILE]`): on this file, or a new table.
    pub edit: Option<Option<PathBuf>>,
    /// Play a turn of a game played by file (`ambush pbem open MSG` without `--ai`).
    pub turn_by_file: crate::screen::by_file::TurnToOpen,
}

/// The screenshot to take, and when.
#[derive(Resource, Debug)]
struct ScreenshotPlan {
    path: PathBuf,
    at_frame: u32,
    frame: u32,
    requested: bool,
}

/// Opens the window, on the menu or straight on a game, and runs it until the window closes.
/// Plays this side's turn of a game played by file in the window (`ambush pbem open MSG`
/// without `--ai`), its answer written to `out`: what the opened message came to, or why the
/// turn was not played. A window closed before the turn is over sends nothing.
pub fn play_turn_by_file(
    turn: Box<crate::remote::Turn>,
    out: &std::path::Path,
    screenshot: Option<(PathBuf, u32)>,
) -> Result<crate::remote::Opened, String> {
    let result = crate::screen::by_file::TurnResult::default();
    let options = WindowOptions {
        turn_by_file: crate::screen::by_file::TurnToOpen::of(crate::screen::by_file::TurnStart {
            turn,
            out: out.to_path_buf(),
            result: result.clone(),
            back_to_menu: false,
            live: false,
        }),
        screenshot,
        ..Default::default()
    };
    let _ = run(options);
    let taken = result.lock().unwrap_or_else(|p| p.into_inner()).take();
    taken.unwrap_or_else(|| {
        Err("the window closed before the turn was over: nothing was sent, and opening the message again plays the turn".into())
    })
}

pub fn run(options: WindowOptions) -> AppExit {
    let mut app = App::new();
    // Scenarios live beside `assets/`, where modders find them; they get an asset source of
    // their own so the loading state can read the folder.
    let root = data_root();
    // Said on the terminal at every start: a player with no scenarios learns where the game
    // looked (the menu says it too).
    let found = crate::install::game_folder();
    if found.root.is_some() {
        eprintln!("{}", found.describe());
    } else {
        eprintln!("error: {}", found.describe());
    }
    app.register_asset_source(
        "scenarios",
        AssetSourceBuilder::platform_default(&root.join("scenarios").to_string_lossy(), None),
    );
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(if options.measure.is_some() {
                    frame_meter::measured_window()
                } else {
                    Window {
                        title: "Ambush".into(),
                        resolution: WindowResolution::new(1440, 900),
                        ..default()
                    }
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: root.join("assets").to_string_lossy().into_owned(),
                ..default()
            }),
    );
    // Screenshots and frame timing count frames: they keep Bevy's default, a frame as soon as
    // the last is drawn. A player's window sleeps until something changes.
    if options.screenshot.is_none() && options.measure.is_none() {
        app.insert_resource(crate::screen::awake::reactive_window());
    }
    order_frame(&mut app);
    app.add_plugins((
        EguiPlugin::default(),
        RulesPlugin,
        VisibilityPlugin,
        PlayerInputPlugin,
        ScreenPlugin,
        view::plugin,
        ui::plugin,
    ));
    order_egui_pass(&mut app);
    // The overlay belongs to the table; the menu and set-up screens draw their own windows.
    app.configure_sets(
        EguiPrimaryContextPass,
        EguiPass::Overlay.run_if(in_state(Screen::Table)),
    );
    app.insert_resource(ClearColor(Color::srgb(0.08, 0.09, 0.10)));
    app.insert_resource(options.game_options);
    app.insert_resource(ModRoots(options.mod_roots));
    app.insert_resource(editor_folders(&root));
    if let Some(file) = options.edit {
        app.insert_resource(EditStart(file));
    }
    if let Some(viewer) = options.viewer {
        app.insert_resource(viewer);
    }
    if let Some(select) = options.select {
        app.insert_resource(select);
    }
    if let Some(meter) = options.measure {
        app.insert_resource(meter);
        app.add_plugins(frame_meter::plugin);
    }
    if let Some(zoom) = options.zoom {
        app.insert_resource(crate::input::camera::OpeningZoom(zoom));
    }
    if let Some(setup) = options.direct {
        app.insert_resource(DirectStart(setup));
    }
    if let Some(turn) = options.turn_by_file.take() {
        app.insert_resource(turn);
    }
    if let Some((path, frames)) = options.screenshot {
        // An old file must not be taken for the new screenshot.
        let _ = std::fs::remove_file(&path);
        app.insert_resource(ScreenshotPlan {
            path,
            at_frame: frames.max(1),
            frame: 0,
            requested: false,
        });
        app.add_systems(Update, take_screenshot.in_set(FrameSet::Presentation));
    }
    app.run()
}

/// Where the scenario editor writes: a mod in the user's data folder, never the game's own
/// `scenarios/` or bundled `mods/`; its autosave beside the saves (`AMBUSH_SAVES` moves both).
fn editor_folders(root: &std::path::Path) -> EditorFolders {
    let saves = crate::screen::SaveFolder::default().0;
    EditorFolders {
        mods_root: crate::paths::user_mods_root(),
        protected: vec![root.join("scenarios"), root.join("mods")],
        autosave: saves.join("editor"),
        game_root: root.to_path_buf(),
    }
}

/// The folder holding `assets/`, `scenarios/` and the bundled `mods/` (`install` finds it).
fn data_root() -> PathBuf {
    crate::install::game_folder().path()
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
