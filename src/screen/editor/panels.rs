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
    session: &mut EditorSession,
    folders: &EditorFolders,
    screen: &mut NextState<Screen>,
    commands: &mut Commands,
) -> Option<TestPlayers> {
    let mut test = None;
    ui.horizontal(|ui| {
        ui.heading(format!("Editing: {}", session.draft.scenario().name));
        if session.draft.changed_since_saved() {
            ui.label("(changed)");
        }
    });
    ui.horizontal(|ui| {
        if ui
            .add_enabled(session.draft.can_undo(), egui::Button::new("Undo (Ctrl+Z)"))
            .clicked()
        {
            session.undo();
        }
        if ui
            .add_enabled(session.draft.can_redo(), egui::Button::new("Redo (Ctrl+Y)"))
            .clicked()
        {
            session.redo();
        }
        ui.separator();
        ui.label("Mod");
        let mod_name =
            ui.add(egui::TextEdit::singleline(&mut session.mod_name).desired_width(140.0));
        ui.label("File");
        let file_name =
            ui.add(egui::TextEdit::singleline(&mut session.file_name).desired_width(140.0));
        // The question was about the old place: a new name asks again when saved.
        if mod_name.changed() || file_name.changed() {
            session.confirm_overwrite = false;
        }
        if ui.button("Save (Ctrl+S)").clicked() {
            session.save(folders);
        }
        ui.separator();
        ui.label("Test play:");
        let passes = session.problems.is_empty();
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
            .selectable_label(session.balance_open, "Balance run")
            .on_hover_text("AI-against-AI games of the draft, in a window of their own")
            .clicked()
        {
            session.balance_open = !session.balance_open;
        }
        ui.separator();
        if ui.button("Back to the menu").clicked() {
            // The session closes; an unsaved draft stays in the autosave, which the menu
            // offers to reopen.
            commands.remove_resource::<EditorSession>();
            screen.set(Screen::Menu);
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(&session.status);
        if session.confirm_overwrite {
            if ui.button("Overwrite").clicked() {
                session.save_anyway(folders);
            }
            if ui.button("Cancel").clicked() {
                session.confirm_overwrite = false;
                session.status = "Not saved: change the file name to save as a new file.".into();
            }
        }
    });
    test
}

pub(super) fn tools(ui: &mut egui::Ui, session: &mut EditorSession, bindings: &Bindings) {
    let key = |tool: Tool| {
        super::keys::action_of(tool)
            .map(|a| bindings.labels(a))
            .filter(|k| !k.is_empty())
    };
    let button = |ui: &mut egui::Ui, session: &mut EditorSession, tool: Tool| {
        let text = match key(tool) {
            Some(k) => format!("{} ({k})", tool.label()),
            None => tool.label().to_string(),
        };
        if ui
            .selectable_label(session.tool == tool, text)
            .on_hover_text(session.tool_hint(tool))
            .clicked()
        {
            session.pick_tool(tool);
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
                button(ui, session, *tool);
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label("Snap to");
        ui.selectable_value(&mut session.snap, None, "off");
        ui.selectable_value(&mut session.snap, Some(0.5), "0.5\"");
        ui.selectable_value(&mut session.snap, Some(1.0), "1\"");
        ui.label("Gap in groups");
        ui.add(
            egui::DragValue::new(&mut session.group_gap)
                .speed(0.25)
                .range(0.0..=12.0)
                .suffix("\""),
        );
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Selection");
        let picked = !session.selection().is_empty();
        for (axis, copy, label) in [
            (MirrorAxis::LeftRight, true, "mirrored copy left-right"),
            (MirrorAxis::TopBottom, true, "mirrored copy top-bottom"),
            (MirrorAxis::LeftRight, false, "mirror left-right"),
            (MirrorAxis::TopBottom, false, "mirror top-bottom"),
        ] {
            if ui.add_enabled(picked, egui::Button::new(label)).clicked() {
                session.mirror_selection(axis, copy);
            }
        }
        if ui.button("select all").clicked() {
            session.select_all();
        }
    });
    ui.small(
        "Drag a piece to move it; Shift+click adds one to the selection. Delete removes the selection, Q and E turn it, Ctrl+D copies it. The wheel zooms and the right button drags the table.",
    );
}

/// Every problem the checks find; a click selects the piece it concerns.
pub(super) fn problems(ui: &mut egui::Ui, session: &mut EditorSession) {
    if session.problems.is_empty() {
        ui.label("Checks: the scenario passes every check.");
        return;
    }
    ui.colored_label(
        ERROR,
        format!("Checks: {} problem(s)", session.problems.len()),
    );
    let mut chosen = None;
    for p in &session.problems {
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
        session.selected = Some(pick);
        session.tool = Tool::Select;
        session.form = None;
    }
}
