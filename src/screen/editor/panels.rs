//! The editor's panels: the top bar, tools, the inspector of the selected piece, the problems list and the scenario's settings.

use super::*;
use crate::editor::{Concern, MirrorAxis};
use crate::input::Bindings;
use crate::screen::Screen;
use bevy::prelude::*;
use bevy_egui::egui;

pub(super) const ERROR: egui::Color32 = egui::Color32::from_rgb(255, 110, 90);

/// The title, undo and redo, saving, test play and the way back; the test play asked for.
pub(super) fn top_bar(
    ui: &mut egui::Ui,
    workbench: &mut EditorWorkbench,
    folders: &EditorFolders,
    screen: &mut NextState<Screen>,
    commands: &mut Commands,
) -> Option<TestPlayers> {
    let mut test = None;
    ui.horizontal(|ui| {
        ui.heading(format!("Editing: {}", workbench.draft.scenario().name));
        if workbench.draft.changed_since_saved() {
            ui.label("(changed)");
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(
                workbench.draft.can_undo(),
                egui::Button::new("Undo (Ctrl+Z)"),
            )
            .clicked()
        {
            workbench.undo();
        }
        if ui
            .add_enabled(
                workbench.draft.can_redo(),
                egui::Button::new("Redo (Ctrl+Y)"),
            )
            .clicked()
        {
            workbench.redo();
        }
        ui.separator();
        ui.label("Mod");
        let mod_name =
            ui.add(egui::TextEdit::singleline(&mut workbench.mod_name).desired_width(140.0));
        ui.label("File");
        let file_name =
            ui.add(egui::TextEdit::singleline(&mut workbench.file_name).desired_width(140.0));
        // The question was about the old place: a new name asks again when saved.
        if mod_name.changed() || file_name.changed() {
            workbench.confirm_overwrite = false;
        }
        if ui.button("Save (Ctrl+S)").clicked() {
            workbench.save(folders);
        }
        ui.separator();
        ui.label("Test play:");
        let passes = workbench.problems.is_empty();
        for (players, label) in [
            (TestPlayers::Solo, "solo"),
            (TestPlayers::HotSeat, "hot-seat"),
            (TestPlayers::AiAgainstAi, "AI against AI"),
        ] {
            if ui.add_enabled(passes, egui::Button::new(label)).clicked() {
                test = Some(players);
            }
        }
        ui.separator();
        if ui
            .selectable_label(workbench.balance_open, "Balance run")
            .on_hover_text("AI-against-AI games of the draft, in a window of their own")
            .clicked()
        {
            workbench.balance_open = !workbench.balance_open;
        }
        ui.separator();
        if ui.button("Back to the menu").clicked() {
            // The workbench closes; an unsaved draft stays in the autosave, which the menu
            // offers to reopen.
            commands.remove_resource::<EditorWorkbench>();
            screen.set(Screen::Menu);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(&workbench.status);
        if workbench.confirm_overwrite {
            if ui.button("Overwrite").clicked() {
                workbench.save_anyway(folders);
            }
            if ui.button("Cancel").clicked() {
                workbench.confirm_overwrite = false;
                workbench.status = "Not saved: change the file name to save as a new file.".into();
            }
        }
    });
    test
}

pub(super) fn tools(ui: &mut egui::Ui, workbench: &mut EditorWorkbench, bindings: &Bindings) {
    let key = |tool: Tool| {
        super::keys::action_of(tool)
            .map(|a| bindings.labels(a))
            .filter(|k| !k.is_empty())
    };
    let button = |ui: &mut egui::Ui, workbench: &mut EditorWorkbench, tool: Tool| {
        let text = match key(tool) {
            Some(k) => format!("{} ({k})", tool.label()),
            None => tool.label().to_string(),
        };
        if ui
            .selectable_label(workbench.tool == tool, text)
            .on_hover_text(workbench.tool_hint(tool))
            .clicked()
        {
            workbench.pick_tool(tool);
        }
    };
    ui.strong("Tool: what a click on the table does (F1 lists the keys)");
    for (heading, tools) in [
        ("Table", &Tool::ALL[..7]),
        ("Forces", &Tool::ALL[7..11]),
        ("Ambush", &Tool::ALL[11..]),
    ] {
        ui.horizontal_wrapped(|ui| {
            ui.label(heading);
            for tool in tools {
                button(ui, workbench, *tool);
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label("Snap to");
        ui.selectable_value(&mut workbench.snap, None, "off");
        ui.selectable_value(&mut workbench.snap, Some(0.5), "0.5\"");
        ui.selectable_value(&mut workbench.snap, Some(1.0), "1\"");
        ui.label("Gap in groups");
        ui.add(
            egui::DragValue::new(&mut workbench.group_gap)
                .speed(0.25)
                .range(0.0..=12.0)
                .suffix("\""),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Selection");
        let picked = !workbench.selection().is_empty();
        for (axis, copy, label) in [
            (MirrorAxis::LeftRight, true, "mirrored copy left-right"),
            (MirrorAxis::TopBottom, true, "mirrored copy top-bottom"),
            (MirrorAxis::LeftRight, false, "mirror left-right"),
            (MirrorAxis::TopBottom, false, "mirror top-bottom"),
        ] {
            if ui.add_enabled(picked, egui::Button::new(label)).clicked() {
                workbench.mirror_selection(axis, copy);
            }
        }
        if ui.button("select all").clicked() {
            workbench.select_all();
        }
    });
    ui.small(
        "Drag a piece to move it; Shift+click adds one to the selection. Delete removes the selection, Q and E turn it, Ctrl+D copies it. The wheel zooms and the right button drags the table.",
    );
}

/// Every problem the checks find; a click selects the piece it concerns.
pub(super) fn problems(ui: &mut egui::Ui, workbench: &mut EditorWorkbench) {
    if workbench.problems.is_empty() {
        ui.label("Checks: the scenario passes every check.");
        return;
    }
    ui.colored_label(
        ERROR,
        format!("Checks: {} problem(s)", workbench.problems.len()),
    );
    let mut chosen = None;
    for p in &workbench.problems {
        if ui.link(&p.problem.message).clicked() {
            chosen = match p.concern {
                Concern::Terrain(i) => Some(Pick::Terrain(i)),
                Concern::Unit(i) => Some(Pick::Unit(i)),
                Concern::AmbushUnit(i) => Some(Pick::AmbushUnit(i)),
                _ => None,
            };
        }
    }
    if let Some(pick) = chosen {
        workbench.selected = Some(pick);
        workbench.tool = Tool::Select;
        workbench.form = None;
    }
}
