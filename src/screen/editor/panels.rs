//! The editor's panels: the top bar, tools, the inspector of the selected piece, the problems list and the scenario's settings.

use super::*;
use crate::editor::{Concern, Edit};
use crate::screen::Screen;
use ambush_data::board::{Going, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::scenario::{UnitSpec, WoundMethod};
use ambush_data::tables::TroopType;
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
        ui.add(egui::TextEdit::singleline(&mut session.mod_name).desired_width(140.0));
        ui.label("File");
        ui.add(egui::TextEdit::singleline(&mut session.file_name).desired_width(140.0));
        if ui.button("Save").clicked() {
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
        if ui.button("Back to the menu").clicked() {
            // The session closes; an unsaved draft stays in the autosave, which the menu
            // offers to reopen.
            commands.remove_resource::<EditorSession>();
            screen.set(Screen::Menu);
        }
    });
    ui.label(&session.status);
    test
}

pub(super) fn tools(ui: &mut egui::Ui, session: &mut EditorSession) {
    ui.strong("Tool: what a click on the table does");
    ui.horizontal_wrapped(|ui| {
        ui.selectable_value(&mut session.tool, Tool::Select, "select and drag");
        for kind in TerrainKind::ALL {
            ui.selectable_value(&mut session.tool, Tool::Terrain(kind), kind.label());
        }
        ui.selectable_value(&mut session.tool, Tool::Unit, "unit");
    });
    ui.horizontal(|ui| {
        ui.label("Snap to");
        ui.selectable_value(&mut session.snap, None, "off");
        ui.selectable_value(&mut session.snap, Some(0.5), "0.5\"");
        ui.selectable_value(&mut session.snap, Some(1.0), "1\"");
    });
    ui.small(
        "Drag a piece to move it. Delete removes it, R and Shift+R turn it, Ctrl+D copies it.",
    );
}

/// The selected piece's fields. Each change is one edit, made when the field is done with.
pub(super) fn inspector(ui: &mut egui::Ui, session: &mut EditorSession) {
    let s = session.draft.scenario();
    let current = match session.selected {
        Some(Pick::Terrain(i)) => s.terrain.get(i).map(|f| Form::Terrain(i, f.clone())),
        Some(Pick::Unit(i)) => s.units.get(i).map(|u| Form::Unit(i, u.clone())),
        None => None,
    };
    let Some(current) = current else {
        ui.label("Nothing selected: pick a piece on the table.");
        return;
    };
    let same_piece = |a: &Form, b: &Form| matches!((a, b), (Form::Terrain(x, _), Form::Terrain(y, _)) | (Form::Unit(x, _), Form::Unit(y, _)) if x == y);
    let mut form = match session.form.take() {
        Some(f) if same_piece(&f, &current) => f,
        _ => current.clone(),
    };
    let troops: Vec<TroopType> = session
        .draft
        .rules()
        .troops
        .troops
        .keys()
        .copied()
        .collect();
    let done = match &mut form {
        Form::Terrain(_, f) => terrain_fields(ui, f),
        Form::Unit(_, u) => unit_fields(ui, u, &troops),
    };
    let pick = session.selected;
    for problem in pick.into_iter().flat_map(|p| session.problems_of(p)) {
        ui.colored_label(ERROR, &problem.problem.message);
    }
    ui.horizontal(|ui| {
        if ui.button("Duplicate").clicked() {
            session.duplicate_selected();
        }
        if ui.button("Delete").clicked() {
            session.delete_selected();
        }
    });
    if done && form != current {
        let edit = match form {
            Form::Terrain(index, feature) => Edit::ReplaceTerrain { index, feature },
            Form::Unit(index, unit) => Edit::ReplaceUnit { index, unit },
        };
        let _ = session.apply(edit);
    } else if session.selected == pick {
        session.form = Some(form);
    }
}

/// Whether a field's change is finished: a drag let go, a text left, a click.
fn finished(r: &egui::Response) -> bool {
    r.drag_stopped() || r.lost_focus() || (r.changed() && !r.dragged() && !r.has_focus())
}

fn terrain_fields(ui: &mut egui::Ui, f: &mut TerrainFeature) -> bool {
    let mut done = false;
    ui.strong("Terrain");
    ui.horizontal(|ui| {
        ui.label("Name");
        done |= finished(&ui.text_edit_singleline(&mut f.name));
    });
    ui.horizontal(|ui| {
        ui.label("Going");
        for going in [Going::Good, Going::Bad, Going::Impassable] {
            done |= ui
                .selectable_value(&mut f.going, going, format!("{going:?}"))
                .clicked();
        }
    });
    ui.horizontal_wrapped(|ui| {
        done |= ui.checkbox(&mut f.tall, "tall (blocks sight)").clicked();
        done |= ui.checkbox(&mut f.water, "water").clicked();
        done |= ui.checkbox(&mut f.linear_defence, "wall").clicked();
    });
    ui.horizontal(|ui| {
        ui.label("Height (feet)");
        done |= finished(&ui.add(egui::DragValue::new(&mut f.height).range(0.0..=10_000.0)));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Look");
        let mut look = f.look();
        for l in TerrainLook::ALL {
            if ui.selectable_value(&mut look, l, l.label()).clicked() {
                f.look = Some(look);
                done = true;
            }
        }
    });
    match &mut f.shape {
        Shape::Rect { size, rotation, .. } => {
            ui.horizontal(|ui| {
                ui.label("Size");
                done |= finished(
                    &ui.add(
                        egui::DragValue::new(&mut size.0)
                            .speed(0.25)
                            .range(0.5..=240.0)
                            .suffix("\""),
                    ),
                );
                done |= finished(
                    &ui.add(
                        egui::DragValue::new(&mut size.1)
                            .speed(0.25)
                            .range(0.5..=240.0)
                            .suffix("\""),
                    ),
                );
                ui.label("Turned");
                done |= finished(
                    &ui.add(
                        egui::DragValue::new(rotation)
                            .range(-360.0..=360.0)
                            .suffix("°"),
                    ),
                );
            });
        }
        Shape::Polygon { points } => {
            ui.label(format!(
                "A polygon of {} points: drag a point's handle on the table, or set it here.",
                points.len()
            ));
            for (k, p) in points.iter_mut().enumerate() {
                ui.horizontal(|ui| {
                    ui.label(format!("{}", k + 1));
                    done |=
                        finished(&ui.add(egui::DragValue::new(&mut p.0).speed(0.25).suffix("\"")));
                    done |=
                        finished(&ui.add(egui::DragValue::new(&mut p.1).speed(0.25).suffix("\"")));
                });
            }
            ui.horizontal(|ui| {
                // A new point halfway along the edge from the last point back to the first.
                if points.len() < ambush_data::check::MAX_POLYGON_POINTS
                    && ui.button("Add a point").clicked()
                    && let (Some(a), Some(b)) = (points.last().copied(), points.first().copied())
                {
                    points.push(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
                    done = true;
                }
                if points.len() > 3 && ui.button("Remove the last point").clicked() {
                    points.pop();
                    done = true;
                }
            });
        }
        Shape::Circle { radius, .. } => {
            ui.horizontal(|ui| {
                ui.label("Radius");
                done |= finished(
                    &ui.add(
                        egui::DragValue::new(radius)
                            .speed(0.25)
                            .range(0.25..=120.0)
                            .suffix("\""),
                    ),
                );
            });
        }
    }
    done
}

fn unit_fields(ui: &mut egui::Ui, u: &mut UnitSpec, troops: &[TroopType]) -> bool {
    let mut done = false;
    ui.strong("Unit");
    ui.horizontal(|ui| {
        ui.label("Label");
        done |= finished(&ui.text_edit_singleline(&mut u.label));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Troop type");
        for t in troops {
            done |= ui.selectable_value(&mut u.troop, *t, t.as_str()).clicked();
        }
    });
    ui.horizontal(|ui| {
        ui.label("Facing");
        done |= finished(
            &ui.add(
                egui::DragValue::new(&mut u.facing)
                    .range(0.0..=359.0)
                    .suffix("°"),
            ),
        );
        done |= ui.checkbox(&mut u.armour, "armour").clicked();
    });
    ui.horizontal(|ui| {
        ui.label("Weapons");
        let mut text = u.weapons.join(", ");
        if finished(&ui.text_edit_singleline(&mut text)) {
            u.weapons = text
                .split(',')
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .map(String::from)
                .collect();
            done = true;
        }
    });
    done
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

/// The scenario's own settings, each change one edit.
pub(super) fn settings(ui: &mut egui::Ui, session: &mut EditorSession) {
    use crate::editor::Setting;
    let s = session.draft.scenario().clone();
    ui.strong("Scenario");
    let mut edits = Vec::new();
    let mut name = s.name.clone();
    ui.horizontal(|ui| {
        ui.label("Name");
        if finished(&ui.text_edit_singleline(&mut name)) && name != s.name {
            edits.push(Setting::Name(name.clone()));
        }
    });
    ui.label("Briefing");
    let mut briefing = s.briefing.clone();
    if finished(&ui.text_edit_multiline(&mut briefing)) && briefing != s.briefing {
        edits.push(Setting::Briefing(briefing.clone()));
    }
    let mut table = s.table;
    ui.horizontal(|ui| {
        ui.label("Table");
        let w = ui.add(
            egui::DragValue::new(&mut table.0)
                .range(12.0..=240.0)
                .suffix("\""),
        );
        let d = ui.add(
            egui::DragValue::new(&mut table.1)
                .range(12.0..=240.0)
                .suffix("\""),
        );
        if (finished(&w) || finished(&d)) && table != s.table {
            edits.push(Setting::Table(table));
        }
    });
    let mut turns = s.turn_limit;
    ui.horizontal(|ui| {
        ui.label("Turn limit");
        if finished(&ui.add(egui::DragValue::new(&mut turns).range(1..=500)))
            && turns != s.turn_limit
        {
            edits.push(Setting::TurnLimit(turns));
        }
    });
    let mut wounds = s.human_wounds;
    let mut morale = s.human_morale;
    ui.horizontal(|ui| {
        ui.label("Human wounds");
        ui.selectable_value(&mut wounds, WoundMethod::Degradation, "degradation");
        ui.selectable_value(&mut wounds, WoundMethod::SuddenDeath, "sudden death");
        ui.checkbox(&mut morale, "morale");
    });
    if wounds != s.human_wounds {
        edits.push(Setting::HumanWounds(wounds));
    }
    if morale != s.human_morale {
        edits.push(Setting::HumanMorale(morale));
    }
    for setting in edits {
        let _ = session.apply(Edit::SetSetting(setting));
    }
}
