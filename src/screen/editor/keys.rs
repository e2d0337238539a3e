//! The editor's keys, from the bindings file the game's table uses: a key for each tool, undo and redo, the selection's edits, saving, and the camera's pan, zoom and fit.

use super::*;
use crate::editor::MirrorAxis;
use crate::editor::workbench::GroupShape;
use crate::input::PlayerAction;
use leafwing_input_manager::prelude::ActionState;

/// The tool an action picks, if it picks one.
pub fn tool_of(action: PlayerAction) -> Option<Tool> {
    use PlayerAction as A;
    Some(match action {
        A::ToolSelect => Tool::Select,
        A::ToolWood => Tool::Terrain(TerrainKind::Wood),
        A::ToolRough => Tool::Terrain(TerrainKind::Rough),
        A::ToolRocks => Tool::Terrain(TerrainKind::Rocks),
        A::ToolBuilding => Tool::Terrain(TerrainKind::Building),
        A::ToolStream => Tool::Terrain(TerrainKind::Stream),
        A::ToolWall => Tool::Terrain(TerrainKind::Wall),
        A::ToolUnit => Tool::Unit,
        A::ToolLine => Tool::Group(GroupShape::Line),
        A::ToolColumn => Tool::Group(GroupShape::Column),
        A::ToolBlock => Tool::Group(GroupShape::Block),
        A::ToolHiddenUnit => Tool::HiddenUnit,
        A::ToolDummy => Tool::Dummy,
        A::ToolZone => Tool::Zone,
        A::ToolRoute => Tool::Route,
        A::ToolSpring => Tool::Spring,
        _ => return None,
    })
}

/// The action that picks `tool`: its key is shown on the tool's button.
pub fn action_of(tool: Tool) -> Option<PlayerAction> {
    PlayerAction::ALL
        .into_iter()
        .find(|a| tool_of(*a) == Some(tool))
}

impl EditorWorkbench {
    /// Does what a pressed editor action asks. Camera actions are the table's (`TableView`).
    pub fn act(&mut self, action: PlayerAction, folders: &EditorFolders) {
        use PlayerAction as A;
        if let Some(tool) = tool_of(action) {
            self.pick_tool(tool);
            return;
        }
        match action {
            A::EditorUndo => self.undo(),
            A::EditorRedo => self.redo(),
            A::EditorDelete => self.delete_selected(),
            A::EditorDuplicate => self.duplicate_selected(),
            A::EditorSelectAll => self.select_all(),
            A::EditorSave => self.save(folders),
            A::EditorSnap => self.cycle_snap(),
            A::EditorMirrorLeftRight => self.mirror_selection(MirrorAxis::LeftRight, false),
            A::EditorMirrorTopBottom => self.mirror_selection(MirrorAxis::TopBottom, false),
            A::EditorMirrorCopyLeftRight => self.mirror_selection(MirrorAxis::LeftRight, true),
            A::EditorMirrorCopyTopBottom => self.mirror_selection(MirrorAxis::TopBottom, true),
            A::TurnLeft => self.turn_selected(true),
            A::TurnRight => self.turn_selected(false),
            A::Cancel => {
                self.select(None);
                self.confirm_overwrite = false;
            }
            A::Help => self.help = !self.help,
            A::Fit => self.view = TableView::default(),
            _ => {}
        }
    }
}

/// The actions pressed this frame, done; the pan and zoom keys held move the view. Nothing
/// while a text field has the keyboard (a button that had it was given it back before).
pub(super) fn act_on_keys(
    ctx: &bevy_egui::egui::Context,
    actions: &ActionState<PlayerAction>,
    workbench: &mut EditorWorkbench,
    folders: &EditorFolders,
    seconds: f32,
) {
    workbench.view.dragging = actions.pressed(&PlayerAction::Drag);
    if ctx.text_edit_focused() {
        return;
    }
    for action in PlayerAction::ALL {
        if action.in_the_editor() && actions.just_pressed(&action) {
            workbench.act(action, folders);
        }
    }
    // Held pan keys move the view by its own width in about a second and a half.
    let mut pan = (0.0, 0.0);
    for (action, dir) in [
        (PlayerAction::PanLeft, (-1.0, 0.0)),
        (PlayerAction::PanRight, (1.0, 0.0)),
        (PlayerAction::PanUp, (0.0, 1.0)),
        (PlayerAction::PanDown, (0.0, -1.0)),
    ] {
        if actions.pressed(&action) {
            pan = (pan.0 + dir.0, pan.1 + dir.1);
        }
    }
    workbench.view.pan = (pan.0 * seconds / 1.5, pan.1 * seconds / 1.5);
    // A wheel click or key press zooms a step; a held key zooms on smoothly, as in the game.
    let mut zoom = 0.0;
    for (action, sign) in [(PlayerAction::ZoomIn, 1.0), (PlayerAction::ZoomOut, -1.0)] {
        if actions.pressed(&action) {
            zoom += sign
                * if actions.just_pressed(&action) {
                    0.15
                } else {
                    seconds
                };
        }
    }
    workbench.view.zoom_by = zoom;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::Bindings;

    /// Issue 24: "every tool has a binding in the bindings file": each tool is picked by an
    /// action with a default key, and each editor action is listed in the editor's help.
    #[test]
    fn every_tool_has_a_key() {
        let bindings = Bindings::default();
        for tool in Tool::ALL {
            let action = action_of(tool).unwrap_or_else(|| panic!("{tool:?} has no action"));
            assert!(!bindings.labels(action).is_empty(), "{action:?} has no key");
            assert!(action.in_the_editor());
        }
        // No two of the editor's actions share a key.
        let mut seen = std::collections::BTreeMap::new();
        for a in PlayerAction::ALL.into_iter().filter(|a| a.in_the_editor()) {
            for b in &bindings.0[&a] {
                if let Some(other) = seen.insert(b.label(), a) {
                    panic!("{a:?} and {other:?} share {}", b.label());
                }
            }
        }
    }
}
