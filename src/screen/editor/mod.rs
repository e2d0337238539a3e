//! The scenario editor's window: the draft's table in the game's art, tools that place and move terrain and units, the checks beside it, undo and redo, and saving into a user's mod.
//!
//! What the editor does to a draft is `crate::editor`'s (edits, undo, checks, files, and the
//! workbench at work on a draft, with no Bevy or egui, so tests drive it as a person would); this
//! screen turns clicks, drags and keys into its calls. `EditorWorkbench` is the resource around
//! that workbench, with the balance run beside it.

mod balance;
mod balance_run;
mod inspector;
mod keys;
mod panels;
mod settings;
mod table;
#[cfg(test)]
mod tests;
mod workbench;

pub use balance_run::{BALANCE_GAMES, BalancePlayers, BalanceRun};
use panels::ERROR;
pub use workbench::EditorWorkbench;

pub use crate::editor::workbench::{GroupShape, NEW_TABLE, Pick, TableView, TerrainKind, Tool};
use crate::editor::workbench::{VERTEX_REACH, footprint};

use crate::editor::{Draft, Origin, files};
use crate::input::actions::PlayerInput;
use crate::input::{Bindings, BindingsSource, PlayerAction};
use crate::screen::{Catalogue, DeploymentWizard, GameOptions, GameRequest, Screen};
use crate::ui::EguiPass;
use crate::view::DisplaySettings;
use ambush_data::Rules;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use leafwing_input_manager::prelude::ActionState;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the editor writes: the user's mods (never the game's own folders) and its autosave.
#[derive(Resource, Debug, Clone)]
pub struct EditorFolders {
    /// The folder of the user's mods (`~/.local/share/ambush/mods` on Linux): a save goes into
    /// one of its mods, made if need be.
    pub mods_root: PathBuf,
    /// Folders the editor never writes into: the game's `scenarios/` and its bundled mods.
    pub protected: Vec<PathBuf>,
    /// Where the draft is autosaved after every edit.
    pub autosave: PathBuf,
    /// The folder holding the game's `scenarios/`: the menu names them relative to it.
    pub game_root: PathBuf,
}

/// `ambush edit [FILE]`: open the editor at start, on this file or on a new table.
#[derive(Resource, Debug, Clone)]
pub struct EditStart(pub Option<PathBuf>);

/// A game played from the editor: leaving it, or its end, returns to the editor with the draft
/// as it was.
#[derive(Resource, Debug, Clone, Copy)]
pub struct TestPlay;

/// Who plays a test game from the editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestPlayers {
    Solo,
    HotSeat,
    AiAgainstAi,
}

/// A draft the editor left behind (its autosave), found when the menu opens: the menu offers to
/// reopen it.
#[derive(Resource, Debug, Clone, Default)]
pub struct DraftLeft(pub Option<files::Recovered>);

/// Why `ambush edit FILE` could not open its file, shown in the window until dismissed (the
/// menu opens instead).
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct OpenFailed(pub String);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DraftLeft>();
    app.add_systems(
        EguiPrimaryContextPass,
        show_open_failed
            .in_set(EguiPass::Screens)
            .run_if(resource_exists::<OpenFailed>),
    );
    app.add_systems(
        OnEnter(Screen::Menu),
        (back_to_the_editor, open_directly, look_for_a_draft_left).chain(),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_editor
            .in_set(EguiPass::Screens)
            .run_if(in_state(Screen::Editor)),
    );
}

/// A test game left (its end's "main menu", the game menu, or the set-up's "back") goes back to
/// the editor, whose draft is as it was.
fn back_to_the_editor(
    test: Option<Res<TestPlay>>,
    workbench: Option<Res<EditorWorkbench>>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
) {
    if test.is_some() {
        commands.remove_resource::<TestPlay>();
        if workbench.is_some() {
            screen.set(Screen::Editor);
        }
    }
}

/// Whether the editor left a draft behind (a crash, or leaving without saving), for the menu to
/// offer; looked for once each time the menu opens.
fn look_for_a_draft_left(
    folders: Option<Res<EditorFolders>>,
    workbench: Option<Res<EditorWorkbench>>,
    mut left: ResMut<DraftLeft>,
) {
    left.0 = match (folders, workbench) {
        (Some(f), None) => files::find_autosave(&f.autosave).ok().flatten(),
        // The editor's own workbench is still open: nothing was lost.
        _ => None,
    };
}

/// A workbench on the draft the editor left behind, with the rules of the file it came from.
pub fn reopen(left: &files::Recovered, rules: Arc<Rules>) -> EditorWorkbench {
    let file = match &left.origin {
        Origin::Bundled { file } | Origin::Elsewhere { file } | Origin::Mod { file, .. } => {
            Some(file.clone())
        }
        Origin::New => None,
    };
    let rules = file
        .as_deref()
        .and_then(|f| files::rules_for(f).ok())
        .unwrap_or(rules);
    let stem = file
        .as_deref()
        .and_then(|f| f.file_stem())
        .map_or("new_scenario".into(), |s| s.to_string_lossy().into_owned());
    let draft = Draft::recovered(left.scenario.clone(), rules, left.origin.clone());
    let mut workbench = EditorWorkbench::new(draft, &stem);
    workbench.status = "Reopened the draft the editor left unsaved.".into();
    workbench
}

/// `ambush edit [FILE]` opens the editor once the files are loaded.
fn open_directly(
    start: Option<Res<EditStart>>,
    folders: Option<Res<EditorFolders>>,
    catalogue: Option<Res<Catalogue>>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
) {
    let Some(start) = start else { return };
    commands.remove_resource::<EditStart>();
    let protected = folders.map(|f| f.protected.clone()).unwrap_or_default();
    let rules = catalogue.map_or_else(|| Arc::new(Rules::bundled().clone()), |c| c.rules.clone());
    let workbench = match &start.0 {
        None => Ok(EditorWorkbench::new_scenario(rules)),
        Some(path) => open_file(path, &protected),
    };
    match workbench {
        Ok(workbench) => {
            info!(
                "editor: open on {}",
                ambush_data::text::plain(&workbench.draft.scenario().name)
            );
            commands.insert_resource(workbench);
            screen.set(Screen::Editor);
        }
        Err(why) => {
            error!("{why}");
            commands.insert_resource(OpenFailed(why));
        }
    }
}

/// The editor could not open the file it was given: why, in the window, until dismissed.
fn show_open_failed(
    mut contexts: EguiContexts,
    failed: Res<OpenFailed>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("The editor could not open this scenario")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.colored_label(ERROR, &failed.0);
            if ui.button("OK").clicked() {
                commands.remove_resource::<OpenFailed>();
            }
        });
    Ok(())
}

/// A workbench on the scenario file at `path`, with its mod's rules.
pub fn open_file(path: &std::path::Path, protected: &[PathBuf]) -> Result<EditorWorkbench, String> {
    let draft = files::open_with_its_rules(path, protected).map_err(|e| e.to_string())?;
    let stem = path
        .file_stem()
        .map_or("scenario".into(), |s| s.to_string_lossy().into_owned());
    Ok(EditorWorkbench::new(draft, &stem))
}

/// What the editor reads of the player's input: the actions of the bindings file, and time.
#[derive(bevy::ecs::system::SystemParam)]
struct EditorInput<'w, 's> {
    actions: Query<'w, 's, &'static ActionState<PlayerAction>, With<PlayerInput>>,
    bindings: Res<'w, Bindings>,
    source: Res<'w, BindingsSource>,
    time: Res<'w, Time>,
}

#[allow(clippy::too_many_arguments)]
fn draw_editor(
    mut contexts: EguiContexts,
    input: EditorInput,
    workbench: Option<ResMut<EditorWorkbench>>,
    folders: Option<Res<EditorFolders>>,
    mut screen: ResMut<NextState<Screen>>,
    display: Res<DisplaySettings>,
    options: Res<GameOptions>,
    mut requests: MessageWriter<GameRequest>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(mut workbench), Some(folders)) = (workbench, folders) else {
        return Ok(());
    };
    let palette = display.palette();
    let revision = workbench.draft.scenario().clone();
    // Whether a text field had the keyboard as the frame began: its keys are its own, and a
    // click on the table then only ends the typing. A button a click left with the keyboard
    // gives it back, so the editor's keys and the next click on the table work at once.
    let typing = crate::ui::release_buttons(ctx);
    if let Ok(actions) = input.actions.single() {
        keys::act_on_keys(
            ctx,
            actions,
            &mut workbench,
            &folders,
            input.time.delta_secs(),
        );
    }
    let mut root = crate::ui::window_ui(ctx, "editor");
    let mut test = None;
    egui::Panel::top("editor bar").show(&mut root, |ui| {
        test = panels::top_bar(ui, &mut workbench, &folders, &mut screen, &mut commands);
    });
    if let Some(players) = test
        && let Some(choice) = workbench.test_game(players, &options)
    {
        commands.insert_resource(TestPlay);
        // The set-up screens come first when a player has a part in them, as from the menu.
        match DeploymentWizard::new(choice.setup.clone(), choice.rules.clone()) {
            Some(wizard) => {
                commands.insert_resource(wizard);
                screen.set(Screen::Deployment);
            }
            None => {
                requests.write(GameRequest::Start(Box::new(choice)));
            }
        }
    }
    let mut fields = workbench.take_fields();
    let mut fields_done = false;
    egui::Panel::left("editor tools")
        .default_size(340.0)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| {
                panels::tools(ui, &mut workbench, &input.bindings);
                ui.separator();
                inspector::inspector(ui, &mut workbench);
                ui.separator();
                panels::problems(ui, &mut workbench);
                ui.separator();
                egui::CollapsingHeader::new("Ambush")
                    .default_open(true)
                    .show(ui, |ui| {
                        fields_done |= settings::ambush(ui, &workbench, &mut fields.edited);
                    });
                egui::CollapsingHeader::new("Scenario, forces and conditions")
                    .default_open(false)
                    .show(ui, |ui| {
                        fields_done |= settings::settings(ui, &workbench, &mut fields.edited);
                    });
            });
        });
    workbench.commit_fields(fields, fields_done);
    balance::window(ctx, &mut workbench, &options);
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        table::table(ui, &mut workbench, palette, typing);
    });
    let mut help = workbench.help;
    crate::ui::help::show(
        ctx,
        &mut help,
        &input.bindings,
        &input.source,
        crate::ui::help::HelpFor::Editor,
    );
    workbench.help = help;
    // Every change is autosaved at once: a crash loses at most the edit being made.
    if *workbench.draft.scenario() != revision {
        workbench.autosave(&folders);
    }
    Ok(())
}
