//! The editor's workbench, the editor at work on one draft: the tool, the selection, drags and what a click does, with no Bevy or egui in it, so tests drive it as a person would. One file a job; the window's editor (`screen::editor`) holds it as its resource and draws it.

mod bases;
mod changing;
mod dragging;
mod forms;
mod placing;
mod saving;
mod selecting;
mod tools;

pub use bases::{DUMMY_SIZE, base_size, first_troop, footprint};
pub use forms::{FieldsForm, Form};
pub use saving::SaveFolders;
pub use selecting::VERTEX_REACH;
pub use tools::{ADDS_AN_AMBUSH, GroupShape, NEW_TABLE, TURN_STEP, TerrainKind, Tool};

use crate::editor::{Draft, DraftProblem, Edit, EditError, Origin};
use ambush_data::Rules;
use ambush_data::scenario::Scenario;
use std::sync::Arc;

/// A piece of the draft, by its place in the scenario's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pick {
    Terrain(usize),
    Unit(usize),
    /// `ambush.units[i]`: a hidden unit (or the column the ambushers await).
    AmbushUnit(usize),
    /// `ambush.dummies[i]`.
    Dummy(usize),
    /// `ambush.zone[i]`: a shape of the ambusher's set-up zone.
    Zone(usize),
}

/// The editor's workbench: one draft with everything the person at it is doing to it (the tool
/// in hand, the selection, a drag, a form half filled in, the status line). The draft is the
/// scenario and its undo history; the workbench is the work on it.
pub struct Workbench {
    pub draft: Draft,
    pub tool: Tool,
    /// The piece the inspector shows.
    pub selected: Option<Pick>,
    /// Pieces selected beside it (Shift+click), for a mirror.
    pub also: Vec<Pick>,
    /// Every problem the checks find, refreshed after each edit.
    pub problems: Vec<DraftProblem>,
    /// The grid points are snapped to, inches (0.5 or 1), or none.
    pub snap: Option<f32>,
    /// The user's mod a save goes into, and the file's name there.
    pub mod_name: String,
    pub file_name: String,
    /// What the last action did or why it was refused: the status line.
    pub status: String,
    /// The selected piece as the inspector edits it, written to the draft as one edit when a
    /// field is done with (a drag released, a text left, a box ticked).
    pub form: Option<Form>,
    /// The piece being dragged and where the drag began, inches.
    pub drag: Option<(Pick, (f32, f32))>,
    /// The point of the selected polygon being dragged: its feature and place in the outline.
    pub vertex_drag: Option<(usize, usize)>,
    /// The route's point being dragged.
    pub route_drag: Option<usize>,
    /// The selected rectangle's or circle's size handle being dragged.
    pub resize_drag: Option<Pick>,
    /// Where a group's or a zone's drag began, inches.
    pub stretch: Option<(f32, f32)>,
    /// The gap between the bases of a group placed with one drag, inches (0: base to base,
    /// as the game's groups stand).
    pub group_gap: f32,
    /// The table's view: its zoom and centre, moved with the game's camera keys.
    pub view: TableView,
    /// Whether the help (F1) is open.
    pub help: bool,
    /// A save that waits for the user's word: it would replace a file this draft did not
    /// write, or lose a file's hand-written comments.
    pub confirm_overwrite: bool,
    /// The settings and ambush panels' copy of the scenario.
    pub fields: Option<FieldsForm>,
    /// The table's button went down while a text field had the keyboard: that press only ends
    /// the typing, and neither places nor picks a piece, until the button comes up.
    pub press_ends_typing: bool,
}

/// How much of the table the editor shows: `zoom` 1 fits the whole table, and `centre` is the
/// point in the middle of the view, inches (`None`: the table's centre). The camera keys of
/// this frame ask for `pan` and `zoom_by`, which the table applies.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TableView {
    pub zoom: f32,
    pub centre: Option<(f32, f32)>,
    /// How far to move the view this frame, in views' widths and depths.
    pub pan: (f32, f32),
    /// How much to zoom this frame: the zoom is multiplied by its exponential.
    pub zoom_by: f32,
    /// The Drag action is held: the pointer's moves drag the table.
    pub dragging: bool,
}

impl Default for TableView {
    fn default() -> Self {
        TableView {
            zoom: 1.0,
            centre: None,
            pan: (0.0, 0.0),
            zoom_by: 0.0,
            dragging: false,
        }
    }
}

impl Workbench {
    /// A workbench on `draft`, saved by default as `file_name` in the mod "my scenarios".
    pub fn new(draft: Draft, file_name: &str) -> Workbench {
        let problems = draft.problems();
        let mod_name = match draft.origin() {
            Origin::Mod { dir, .. } => dir
                .file_name()
                .map_or("my scenarios".into(), |n| n.to_string_lossy().into_owned()),
            _ => "my scenarios".into(),
        };
        Workbench {
            draft,
            tool: Tool::Select,
            selected: None,
            also: Vec::new(),
            problems,
            snap: Some(0.5),
            mod_name,
            file_name: file_name.into(),
            status: String::new(),
            form: None,
            drag: None,
            vertex_drag: None,
            route_drag: None,
            resize_drag: None,
            stretch: None,
            group_gap: 0.0,
            view: TableView::default(),
            help: false,
            confirm_overwrite: false,
            fields: None,
            press_ends_typing: false,
        }
    }

    /// A new, empty table.
    pub fn new_scenario(rules: Arc<Rules>) -> Workbench {
        let draft = Draft::new_empty("New scenario", NEW_TABLE, rules);
        Workbench::new(draft, "new_scenario")
    }

    /// Makes an edit: on success the checks run again and the selection is kept where it still
    /// names a piece; a refusal leaves the draft as it was and says why on the status line.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let result = self.draft.apply(edit);
        match &result {
            Ok(()) => self.after_change("done"),
            Err(why) => self.status = format!("Refused: {why}"),
        }
        result
    }

    pub fn undo(&mut self) {
        if self.draft.undo() {
            self.after_change("undone");
        } else {
            self.status = "Nothing to undo.".into();
        }
    }

    pub fn redo(&mut self) {
        if self.draft.redo() {
            self.after_change("redone");
        } else {
            self.status = "Nothing to redo.".into();
        }
    }

    fn after_change(&mut self, what: &str) {
        self.problems = self.draft.problems();
        let s = self.draft.scenario();
        let exists = |p: &Pick| piece_exists(s, *p);
        self.selected = self.selected.filter(exists);
        self.also.retain(exists);
        self.form = None;
        self.status = match self.problems.len() {
            0 => format!("{what}; the scenario passes every check"),
            1 => format!("{what}; 1 problem"),
            n => format!("{what}; {n} problems"),
        };
    }
}

/// Whether the piece is still in the scenario.
fn piece_exists(s: &Scenario, pick: Pick) -> bool {
    let a = s.ambush.as_ref();
    match pick {
        Pick::Terrain(i) => i < s.terrain.len(),
        Pick::Unit(i) => i < s.units.len(),
        Pick::AmbushUnit(i) => a.is_some_and(|a| i < a.units.len()),
        Pick::Dummy(i) => a.is_some_and(|a| i < a.dummies.len()),
        Pick::Zone(i) => a.is_some_and(|a| i < a.zone.len()),
    }
}
