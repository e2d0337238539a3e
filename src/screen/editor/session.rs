//! The editor at work on one draft: the tool, the selection, drags and what a click does, with no egui in it so tests drive it as a person would.

use super::*;
use crate::editor::{
    Concern, Draft, DraftProblem, Edit, EditError, Origin, files, free_labels, free_terrain_name,
    snap,
};
use crate::editor::{compass, translate};
use crate::screen::{GameChoice, SessionOptions};
use ambush_data::Rules;
use ambush_data::ambush_spec::{AmbushSpec, AmbushUnitSpec};
use ambush_data::board::{Going, TerrainFeature, TerrainLook};
use ambush_data::geometry::{Footprint, Shape, bearing_to_angle};
use ambush_data::scenario::{Scenario, UnitSpec};
use ambush_data::tables::TroopType;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use bevy::prelude::*;
use std::sync::Arc;

/// How near a polygon's point, inches, a press must come to take hold of it.
pub(super) const VERTEX_REACH: f32 = 0.75;

/// How far one press of a turn key turns the selected piece, degrees.
pub const TURN_STEP: f32 = 15.0;

/// Said before an ambush tool is used on a scenario with no ambush: its first piece adds one.
pub const ADDS_AN_AMBUSH: &str = "This scenario has no ambush yet: the first click adds one (the humans walk into hidden aliens, a simple set-up; change it under Ambush).";

/// A new table's size, inches: the crashed ship's.
pub const NEW_TABLE: (f32, f32) = (72.0, 48.0);

/// What a click on the table does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Pick a piece; drag it to move it.
    Select,
    /// Place terrain of this kind.
    Terrain(TerrainKind),
    /// Place a unit of the human side.
    Unit,
    /// Drag out a group of units copied from the selected (or last) unit: the drag's length
    /// says how many.
    Group(GroupShape),
    /// Place one of the ambusher's hidden units.
    HiddenUnit,
    /// Place a dummy counter.
    Dummy,
    /// Drag out a rectangle of the ambusher's set-up zone.
    Zone,
    /// Add a point to the end of the column's route.
    Route,
    /// Put the spring point where the route passes nearest the click.
    Spring,
}

impl Tool {
    /// Every tool, in the order of the tool bar.
    pub const ALL: [Tool; 16] = [
        Tool::Select,
        Tool::Terrain(TerrainKind::Wood),
        Tool::Terrain(TerrainKind::Rough),
        Tool::Terrain(TerrainKind::Rocks),
        Tool::Terrain(TerrainKind::Building),
        Tool::Terrain(TerrainKind::Stream),
        Tool::Terrain(TerrainKind::Wall),
        Tool::Unit,
        Tool::Group(GroupShape::Line),
        Tool::Group(GroupShape::Column),
        Tool::Group(GroupShape::Block),
        Tool::HiddenUnit,
        Tool::Dummy,
        Tool::Zone,
        Tool::Route,
        Tool::Spring,
    ];

    /// The tool's name on its button.
    pub fn label(self) -> &'static str {
        match self {
            Tool::Select => "select and drag",
            Tool::Terrain(kind) => kind.label(),
            Tool::Unit => "unit",
            Tool::Group(GroupShape::Line) => "group: line",
            Tool::Group(GroupShape::Column) => "group: column",
            Tool::Group(GroupShape::Block) => "group: block",
            Tool::HiddenUnit => "hidden unit",
            Tool::Dummy => "dummy counter",
            Tool::Zone => "set-up zone",
            Tool::Route => "route point",
            Tool::Spring => "spring point",
        }
    }

    /// What a click on the table does with this tool, for the status line.
    pub fn hint(self) -> &'static str {
        match self {
            Tool::Select => {
                "Click: select a piece (Shift: add it to the selection). Drag: move it, a polygon's or the route's point, or a size handle."
            }
            Tool::Terrain(_) => "Click: place this terrain there.",
            Tool::Unit => "Click: place a unit like the selected one.",
            Tool::Group(GroupShape::Line) => {
                "Drag: a line of units abreast along the drag, facing to its left (with snapping on, along the grid)."
            }
            Tool::Group(GroupShape::Column) => {
                "Drag: a column of units, the first at the press, facing away from the drag."
            }
            Tool::Group(GroupShape::Block) => {
                "Drag: a block of ranks filling the drag's rectangle, facing like the selected unit."
            }
            Tool::HiddenUnit => "Click: place a hidden unit of the ambushing side.",
            Tool::Dummy => "Click: place a dummy counter.",
            Tool::Zone => "Drag: a rectangle where the ambusher may set up (a click: 12\" by 8\").",
            Tool::Route => "Click: add a point to the end of the column's route.",
            Tool::Spring => "Click: spring the ambush where the route passes nearest.",
        }
    }
}

/// How a group placed with one drag stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupShape {
    Line,
    Column,
    Block,
}

/// The kinds of terrain the tools place, each a usual piece of a wargames table; the
/// inspector then sets any field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TerrainKind {
    Wood,
    /// Rough ground, placed as a polygon whose points can then be dragged.
    Rough,
    Rocks,
    Building,
    Stream,
    Wall,
}

impl TerrainKind {
    pub const ALL: [TerrainKind; 6] = [
        TerrainKind::Wood,
        TerrainKind::Rough,
        TerrainKind::Rocks,
        TerrainKind::Building,
        TerrainKind::Stream,
        TerrainKind::Wall,
    ];

    /// The name a new piece of this kind takes ("wood", then "wood 2"…).
    pub fn name(self) -> &'static str {
        match self {
            TerrainKind::Wood => "wood",
            TerrainKind::Rough => "rough ground",
            TerrainKind::Rocks => "rocks",
            TerrainKind::Building => "building",
            TerrainKind::Stream => "stream",
            TerrainKind::Wall => "wall",
        }
    }

    /// The tool's label.
    pub fn label(self) -> &'static str {
        match self {
            TerrainKind::Wood => "wood",
            TerrainKind::Rough => "rough (polygon)",
            TerrainKind::Rocks => "rocks",
            TerrainKind::Building => "building",
            TerrainKind::Stream => "stream",
            TerrainKind::Wall => "wall",
        }
    }

    /// A piece of this kind centred at `at`: woods are bad going and cover, rocks and buildings
    /// impassable and tall, a stream is water, a wall a linear defence.
    fn feature(self, name: String, at: (f32, f32)) -> TerrainFeature {
        let rect = |w: f32, d: f32| Shape::Rect {
            center: at,
            size: (w, d),
            rotation: 0.0,
        };
        let (shape, going, look) = match self {
            TerrainKind::Wood => (rect(8.0, 6.0), Going::Bad, TerrainLook::Woods),
            TerrainKind::Rough => (
                Shape::Polygon {
                    points: [
                        (-4.0, -2.0),
                        (2.0, -3.0),
                        (4.5, 0.5),
                        (1.0, 3.0),
                        (-3.5, 2.0),
                    ]
                    .iter()
                    .map(|(x, y)| (at.0 + x, at.1 + y))
                    .collect(),
                },
                Going::Bad,
                TerrainLook::Rough,
            ),
            TerrainKind::Rocks => (
                Shape::Circle {
                    center: at,
                    radius: 2.0,
                },
                Going::Impassable,
                TerrainLook::Rocks,
            ),
            TerrainKind::Building => (rect(5.0, 4.0), Going::Impassable, TerrainLook::Ship),
            TerrainKind::Stream => (rect(12.0, 1.5), Going::Bad, TerrainLook::Water),
            TerrainKind::Wall => (rect(6.0, 0.5), Going::Good, TerrainLook::Wall),
        };
        let mut f = TerrainFeature::new(&name, shape, going);
        f.look = Some(look);
        f.tall = matches!(self, TerrainKind::Rocks | TerrainKind::Building);
        f.water = self == TerrainKind::Stream;
        f.linear_defence = self == TerrainKind::Wall;
        f
    }
}

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

/// The editor at work on one draft.
#[derive(Resource)]
pub struct EditorSession {
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
    pub(super) form: Option<Form>,
    /// The piece being dragged and where the drag began, inches.
    pub(super) drag: Option<(Pick, (f32, f32))>,
    /// The point of the selected polygon being dragged: its feature and place in the outline.
    pub(super) vertex_drag: Option<(usize, usize)>,
    /// The route's point being dragged.
    pub(super) route_drag: Option<usize>,
    /// The selected rectangle's or circle's size handle being dragged.
    pub(super) resize_drag: Option<Pick>,
    /// Where a group's or a zone's drag began, inches.
    pub(super) stretch: Option<(f32, f32)>,
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
    pub(super) fields: Option<super::settings::FieldsForm>,
    /// The last balance run, if one was asked for.
    pub balance: Option<BalanceRun>,
    /// How many games the next balance run plays.
    pub balance_games: u64,
    /// Whether the balance window is open: its run's progress and results in sight, whatever
    /// the side panel is scrolled to.
    pub balance_open: bool,
    /// The table's button went down while a text field had the keyboard: that press only ends
    /// the typing, and neither places nor picks a piece, until the button comes up.
    pub(super) press_ends_typing: bool,
}

/// The inspector's copy of the selected piece.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Form {
    Terrain(usize, TerrainFeature),
    Unit(usize, UnitSpec),
    AmbushUnit(usize, AmbushUnitSpec),
    Dummy(usize, (f32, f32)),
    Zone(usize, Shape),
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

impl EditorSession {
    /// A session on `draft`, saved by default as `file_name` in the mod "my scenarios".
    pub fn new(draft: Draft, file_name: &str) -> EditorSession {
        let problems = draft.problems();
        let mod_name = match draft.origin() {
            Origin::Mod { dir, .. } => dir
                .file_name()
                .map_or("my scenarios".into(), |n| n.to_string_lossy().into_owned()),
            _ => "my scenarios".into(),
        };
        EditorSession {
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
            balance: None,
            balance_games: BALANCE_GAMES,
            balance_open: false,
            press_ends_typing: false,
        }
    }

    /// A new, empty table.
    pub fn new_scenario(rules: Arc<Rules>) -> EditorSession {
        let draft = Draft::new_empty("New scenario", NEW_TABLE, rules);
        EditorSession::new(draft, "new_scenario")
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

    /// What a click with `tool` does on this draft: the tool's hint, said first that the click
    /// adds an ambush when an ambush tool is used on a scenario that has none yet.
    pub fn tool_hint(&self, tool: Tool) -> String {
        let adds = matches!(
            tool,
            Tool::HiddenUnit | Tool::Dummy | Tool::Zone | Tool::Route
        ) && self.draft.scenario().ambush.is_none();
        if adds {
            format!("{} {}", ADDS_AN_AMBUSH, tool.hint())
        } else {
            tool.hint().to_string()
        }
    }

    /// Picks the tool, and says on the status line what a click with it does.
    pub fn pick_tool(&mut self, tool: Tool) {
        self.tool = tool;
        self.status = self.tool_hint(tool);
    }

    /// The point snapped to the grid, when snapping is on.
    pub fn snapped(&self, at: (f32, f32)) -> (f32, f32) {
        self.snap.map_or(at, |step| snap(at, step))
    }

    /// The piece under the point: units over counters over terrain over the set-up zone, the
    /// last drawn first.
    pub fn pick_at(&self, at: (f32, f32)) -> Option<Pick> {
        let s = self.draft.scenario();
        let p = Vec2::new(at.0, at.1);
        let near = |q: (f32, f32)| Vec2::from(q).distance(p) < 0.5;
        let unit = s
            .units
            .iter()
            .enumerate()
            .rev()
            .find(|(_, u)| footprint(&self.draft, u).contains(p) || near(u.at));
        if let Some((i, _)) = unit {
            return Some(Pick::Unit(i));
        }
        let ambush = s.ambush.as_ref();
        let hidden = ambush.and_then(|a| {
            a.units
                .iter()
                .enumerate()
                .rev()
                .find(|(_, u)| ambush_footprint(&self.draft, u).contains(p) || near(u.at))
        });
        if let Some((i, _)) = hidden {
            return Some(Pick::AmbushUnit(i));
        }
        let dummy = ambush.and_then(|a| {
            a.dummies
                .iter()
                .rposition(|d| near(*d) || { Vec2::from(*d).distance(p) < DUMMY_SIZE / 2.0 })
        });
        if let Some(i) = dummy {
            return Some(Pick::Dummy(i));
        }
        let terrain = s.terrain.iter().rposition(|f| f.shape.contains(p));
        if let Some(i) = terrain {
            return Some(Pick::Terrain(i));
        }
        ambush
            .and_then(|a| a.zone.iter().rposition(|z| z.contains(p)))
            .map(Pick::Zone)
    }

    /// Every selected piece: the inspector's first, then those added with Shift.
    pub fn selection(&self) -> Vec<Pick> {
        self.selected
            .into_iter()
            .chain(
                self.also
                    .iter()
                    .copied()
                    .filter(|p| Some(*p) != self.selected),
            )
            .collect()
    }

    /// Selects `pick` alone, or nothing.
    pub fn select(&mut self, pick: Option<Pick>) {
        self.selected = pick;
        self.also.clear();
        self.form = None;
    }

    /// Shift+click: adds the piece at `at` to the selection, or takes it out if it is in.
    pub fn shift_click(&mut self, at: (f32, f32)) {
        let Some(pick) = self.pick_at(at) else { return };
        let mut all = self.selection();
        match all.iter().position(|p| *p == pick) {
            Some(k) => {
                all.remove(k);
            }
            None => all.push(pick),
        }
        self.selected = all.first().copied();
        self.also = all.into_iter().skip(1).collect();
        self.form = None;
    }

    /// Selects every piece on the table.
    pub fn select_all(&mut self) {
        let s = self.draft.scenario();
        let mut all: Vec<Pick> = (0..s.terrain.len()).map(Pick::Terrain).collect();
        all.extend((0..s.units.len()).map(Pick::Unit));
        if let Some(a) = &s.ambush {
            all.extend((0..a.units.len()).map(Pick::AmbushUnit));
            all.extend((0..a.dummies.len()).map(Pick::Dummy));
            all.extend((0..a.zone.len()).map(Pick::Zone));
        }
        self.selected = all.first().copied();
        self.also = all.into_iter().skip(1).collect();
        self.form = None;
    }

    /// A click on the table at `at`: select what is there, or place a piece of the tool's kind.
    pub fn click(&mut self, at: (f32, f32)) {
        let at_grid = self.snapped(at);
        match self.tool {
            Tool::Select => self.select(self.pick_at(at)),
            Tool::Terrain(kind) => {
                let name = free_terrain_name(self.draft.scenario(), kind.name());
                let feature = kind.feature(name, at_grid);
                if self.apply(Edit::AddTerrain(feature)).is_ok() {
                    self.select(Some(Pick::Terrain(self.draft.scenario().terrain.len() - 1)));
                }
            }
            Tool::Unit => {
                let unit = self.new_unit(at_grid);
                if self.apply(Edit::AddUnit(unit)).is_ok() {
                    self.select(Some(Pick::Unit(self.draft.scenario().units.len() - 1)));
                }
            }
            // A click is a drag that never left the press.
            Tool::Group(_) | Tool::Zone => {
                self.stretch = Some(at);
                self.drag_end(at);
            }
            Tool::HiddenUnit => self.place_hidden_unit(at_grid),
            Tool::Dummy => self.place_dummy(at_grid),
            Tool::Route => self.add_route_point(at_grid),
            Tool::Spring => self.set_spring_point(at),
        }
    }

    /// A unit to place: a copy of the selected or last unit (its troop type, weapons, armour
    /// and traits), else an infantry unit with the rules' first weapon, facing north.
    pub(super) fn new_unit(&self, at: (f32, f32)) -> UnitSpec {
        let s = self.draft.scenario();
        let like = match self.selected {
            Some(Pick::Unit(i)) => s.units.get(i),
            _ => s.units.last(),
        };
        let mut unit = like.cloned().unwrap_or_else(|| {
            let rules = self.draft.rules();
            let troop = first_troop(rules);
            UnitSpec {
                label: String::new(),
                troop,
                formation: None,
                at,
                facing: 0.0,
                weapons: rules.weapons.weapons.keys().take(1).cloned().collect(),
                armour: false,
                traits: Default::default(),
            }
        });
        unit.at = at;
        unit.formation = None;
        // The next free label after the unit copied ("M3" gives M4 or the next one free).
        let after = if unit.label.is_empty() {
            "M1"
        } else {
            unit.label.as_str()
        };
        unit.label = free_labels(s, after, 1)
            .ok()
            .and_then(|l| l.into_iter().next())
            .unwrap_or_default();
        unit
    }

    /// The point of the selected polygon within reach of `at`, if any: its handle.
    pub fn vertex_at(&self, at: (f32, f32)) -> Option<(usize, usize)> {
        let Some(Pick::Terrain(t)) = self.selected else {
            return None;
        };
        let Shape::Polygon { points } = &self.draft.scenario().terrain.get(t)?.shape else {
            return None;
        };
        nearest_within(points, at, VERTEX_REACH).map(|k| (t, k))
    }

    /// The route's point within reach of `at`, if any.
    pub fn route_point_at(&self, at: (f32, f32)) -> Option<usize> {
        let route = &self.draft.scenario().ambush.as_ref()?.route;
        nearest_within(route, at, VERTEX_REACH)
    }

    /// A drag begins at `at`. With the select tool it takes a point of the selected polygon or
    /// of the route when one is within reach, else the piece there; the group and zone tools
    /// stretch from it.
    pub fn drag_start(&mut self, at: (f32, f32)) {
        match self.tool {
            Tool::Select => {}
            Tool::Group(_) | Tool::Zone => {
                self.stretch = Some(at);
                return;
            }
            _ => return,
        }
        self.form = None;
        if let Some(vertex) = self.vertex_at(at) {
            self.vertex_drag = Some(vertex);
            return;
        }
        if let Some(k) = self.route_point_at(at) {
            self.route_drag = Some(k);
            return;
        }
        if let Some((pick, handle)) = self.size_handle()
            && Vec2::from(handle).distance(Vec2::from(at)) <= VERTEX_REACH
        {
            self.resize_drag = Some(pick);
            return;
        }
        let pick = self.pick_at(at);
        // A piece of the selection drags alone; the rest of it stays selected.
        if !pick.is_some_and(|p| self.selection().contains(&p)) {
            self.select(pick);
        } else {
            self.selected = pick;
        }
        self.drag = pick.map(|p| (p, at));
    }

    /// How far the dragged piece has come, snapped, if one is dragged.
    pub fn drag_offset(&self, now: (f32, f32)) -> Option<(Pick, (f32, f32))> {
        let (pick, from) = self.drag?;
        let by = (now.0 - from.0, now.1 - from.1);
        // The piece's own position snaps, not the vector: a piece off the grid comes onto it.
        let origin = self.position_of(pick)?;
        let to = self.snapped((origin.0 + by.0, origin.1 + by.1));
        Some((pick, (to.0 - origin.0, to.1 - origin.1)))
    }

    /// The edit that a drag, if it ended at `now`, would make: what the table shows while the
    /// button is down.
    pub fn drag_edit(&self, now: (f32, f32)) -> Option<Edit> {
        if let Some((terrain, vertex)) = self.vertex_drag {
            return Some(Edit::MoveVertex {
                terrain,
                vertex,
                to: self.snapped(now),
            });
        }
        if let Some(k) = self.route_drag {
            let to = self.snapped(now);
            return self.ambush_edit(|a| {
                if let Some(p) = a.route.get_mut(k) {
                    *p = to;
                }
            });
        }
        if let Some(pick) = self.resize_drag {
            return self.resize_edit(pick, now);
        }
        if let Some(from) = self.stretch {
            return match self.tool {
                Tool::Group(shape) => self.group_edit(shape, from, now),
                Tool::Zone => self.zone_edit(from, now),
                _ => None,
            };
        }
        let (pick, by) = self.drag_offset(now)?;
        if by.0.abs() < 1e-4 && by.1.abs() < 1e-4 {
            return None;
        }
        let origin = self.position_of(pick)?;
        let to = self.snapped((origin.0 + by.0, origin.1 + by.1));
        self.move_edit(pick, by, to)
    }

    /// The drag ends at `at`: what it moved, or the group or zone it stretched, is one edit.
    pub fn drag_end(&mut self, at: (f32, f32)) {
        let edit = self.drag_edit(at);
        let placed = self.stretch.is_some().then_some(self.tool);
        self.drag = None;
        self.vertex_drag = None;
        self.route_drag = None;
        self.resize_drag = None;
        self.stretch = None;
        let Some(edit) = edit else { return };
        let before = self.draft.scenario().units.len();
        if self.apply(edit).is_ok() {
            let s = self.draft.scenario();
            match placed {
                Some(Tool::Group(_)) => {
                    self.selected = Some(Pick::Unit(before));
                    self.also = (before + 1..s.units.len()).map(Pick::Unit).collect();
                }
                Some(Tool::Zone) => {
                    let zones = s.ambush.as_ref().map_or(0, |a| a.zone.len());
                    self.select(zones.checked_sub(1).map(Pick::Zone));
                }
                _ => {}
            }
        }
    }

    /// The edit that moves a piece by `by`, its grid point (`position_of`) landing exactly on
    /// `to`: adding a vector in floating point would leave 53.49995 where 53.5 was meant.
    fn move_edit(&self, pick: Pick, by: (f32, f32), to: (f32, f32)) -> Option<Edit> {
        let s = self.draft.scenario();
        match pick {
            Pick::Terrain(index) => {
                let mut feature = s.terrain.get(index)?.clone();
                translate(&mut feature.shape, by);
                land_on(&mut feature.shape, to);
                Some(Edit::ReplaceTerrain { index, feature })
            }
            Pick::Unit(index) => {
                let mut unit = s.units.get(index)?.clone();
                unit.at = to;
                Some(Edit::ReplaceUnit { index, unit })
            }
            Pick::AmbushUnit(i) => self.ambush_edit(|a| {
                if let Some(u) = a.units.get_mut(i) {
                    u.at = to;
                }
            }),
            Pick::Dummy(i) => self.ambush_edit(|a| {
                if let Some(d) = a.dummies.get_mut(i) {
                    *d = to;
                }
            }),
            Pick::Zone(i) => self.ambush_edit(|a| {
                if let Some(z) = a.zone.get_mut(i) {
                    translate(z, by);
                    land_on(z, to);
                }
            }),
        }
    }

    /// The point of a piece that a drag puts on the grid: a unit's or counter's place, a
    /// rectangle's or circle's centre, a polygon's first point (so a polygon drawn on the grid
    /// stays on it).
    pub(super) fn position_of(&self, pick: Pick) -> Option<(f32, f32)> {
        let s = self.draft.scenario();
        let a = s.ambush.as_ref();
        match pick {
            Pick::Terrain(i) => s.terrain.get(i).map(|f| match &f.shape {
                Shape::Polygon { points } if !points.is_empty() => points[0],
                shape => shape.center().into(),
            }),
            Pick::Unit(i) => s.units.get(i).map(|u| u.at),
            Pick::AmbushUnit(i) => a?.units.get(i).map(|u| u.at),
            Pick::Dummy(i) => a?.dummies.get(i).copied(),
            Pick::Zone(i) => a?.zone.get(i).map(|z| z.center().into()),
        }
    }

    /// Deletes the selected pieces, as one edit.
    pub fn delete_selected(&mut self) {
        let picks = self.selection();
        if picks.is_empty() {
            return;
        }
        let mut terrain: Vec<usize> = Vec::new();
        let mut units: Vec<usize> = Vec::new();
        for p in &picks {
            match *p {
                Pick::Terrain(i) => terrain.push(i),
                Pick::Unit(i) => units.push(i),
                _ => {}
            }
        }
        // From the back, so each index still names its piece.
        terrain.sort_unstable_by(|a, b| b.cmp(a));
        units.sort_unstable_by(|a, b| b.cmp(a));
        let mut edits: Vec<Edit> = terrain
            .into_iter()
            .map(|index| Edit::DeleteTerrain { index })
            .chain(units.into_iter().map(|index| Edit::DeleteUnit { index }))
            .collect();
        if picks.iter().any(|p| is_ambush_piece(*p))
            && let Some(e) = self.ambush_edit(|a| remove_ambush_pieces(a, &picks))
        {
            edits.push(e);
        }
        if self.apply(Edit::Several(edits)).is_ok() {
            self.select(None);
        }
    }

    /// Turns the selected piece: terrain counter-clockwise, a unit clockwise (a compass
    /// bearing), by `degrees`.
    pub fn rotate_selected(&mut self, degrees: f32) {
        let edit = match self.selected {
            Some(Pick::Terrain(index)) => Some(Edit::RotateTerrain { index, degrees }),
            Some(Pick::Unit(index)) => Some(Edit::RotateUnit { index, degrees }),
            Some(Pick::AmbushUnit(i)) => self.ambush_edit(|a| {
                if let Some(u) = a.units.get_mut(i) {
                    u.facing = compass(u.facing + degrees);
                }
            }),
            Some(Pick::Zone(i)) => self.ambush_edit(|a| {
                if let Some(Shape::Rect { rotation, .. }) = a.zone.get_mut(i) {
                    *rotation = (*rotation + degrees) % 360.0;
                }
            }),
            Some(Pick::Dummy(_)) | None => None,
        };
        if let Some(edit) = edit {
            let _ = self.apply(edit);
        }
    }

    /// A copy of the selected piece beside it, selected.
    pub fn duplicate_selected(&mut self) {
        let offset = (2.0, -2.0);
        let Some(pick) = self.selected else { return };
        let edit = match pick {
            Pick::Terrain(index) => Some(Edit::DuplicateTerrain { index, offset }),
            Pick::Unit(index) => Some(Edit::DuplicateUnit { index, offset }),
            _ => self.duplicate_ambush_piece(pick, offset),
        };
        let Some(edit) = edit else { return };
        if self.apply(edit).is_ok() {
            let s = self.draft.scenario();
            let a = s.ambush.as_ref();
            let last = |n: usize| n.saturating_sub(1);
            self.select(Some(match pick {
                Pick::Terrain(_) => Pick::Terrain(last(s.terrain.len())),
                Pick::Unit(_) => Pick::Unit(last(s.units.len())),
                Pick::AmbushUnit(_) => Pick::AmbushUnit(last(a.map_or(0, |a| a.units.len()))),
                Pick::Dummy(_) => Pick::Dummy(last(a.map_or(0, |a| a.dummies.len()))),
                Pick::Zone(_) => Pick::Zone(last(a.map_or(0, |a| a.zone.len()))),
            }));
        }
    }

    /// The problems that concern `pick`.
    pub fn problems_of(&self, pick: Pick) -> impl Iterator<Item = &DraftProblem> {
        self.problems.iter().filter(move |p| {
            matches!(
                (p.concern, pick),
                (Concern::Terrain(a), Pick::Terrain(b))
                    | (Concern::Unit(a), Pick::Unit(b))
                    | (Concern::AmbushUnit(a), Pick::AmbushUnit(b)) if a == b
            )
        })
    }

    /// Saves the draft into the user's mod `mod_name` as `file_name`: into its `scenarios/`
    /// when it passes every check, else into its `drafts/`, which the menu never lists. A file
    /// there that this draft did not come from (another scenario's, or rule files a person put
    /// in a folder that is not a mod yet), or one with hand-written comments, is not replaced
    /// until the user says so (`save_anyway`) or picks another name.
    pub fn save(&mut self, folders: &EditorFolders) {
        let target = files::save_target(
            &self.draft,
            &folders.mods_root,
            &self.mod_name,
            &self.file_name,
            &folders.protected,
        );
        if let Ok(t) = &target {
            let shown = |files: &[std::path::PathBuf]| {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                names.join(", ")
            };
            let why = if !t.replaces.is_empty() {
                Some(format!(
                    "{} {} there already, which this draft did not write: saving replaces {}",
                    shown(&t.replaces),
                    if t.replaces.len() == 1 { "is" } else { "are" },
                    if t.replaces.len() == 1 { "it" } else { "them" },
                ))
            } else if t.loses_comments {
                Some(format!(
                    "{} has hand-written comments, which a save does not keep",
                    t.file.display()
                ))
            } else {
                None
            };
            if let Some(why) = why {
                self.confirm_overwrite = true;
                self.status = format!(
                    "{why}: overwrite, or change the mod or file name to save somewhere new."
                );
                return;
            }
        }
        self.write_save(folders, files::Overwrite::Refuse);
    }

    /// Saves, replacing what is there: the user has said to overwrite.
    pub fn save_anyway(&mut self, folders: &EditorFolders) {
        self.write_save(folders, files::Overwrite::Allowed);
    }

    fn write_save(&mut self, folders: &EditorFolders, overwrite: files::Overwrite) {
        self.confirm_overwrite = false;
        let result = files::save_into_mod(
            &mut self.draft,
            &folders.mods_root,
            &self.mod_name,
            &self.file_name,
            &folders.protected,
            overwrite,
        );
        self.status = match result {
            Ok(target) if target.as_draft => format!(
                "Saved as a draft to {} (it fails a check, so the menu does not offer it yet)",
                target.file.display()
            ),
            Ok(target) => {
                let _ = files::remove_autosave(&folders.autosave);
                format!("Saved to {}", target.file.display())
            }
            Err(why) => format!("Not saved: {why}"),
        };
    }

    /// Turns the selected piece a step to the left (`left`) or right, whatever its kind.
    pub fn turn_selected(&mut self, left: bool) {
        // Terrain and zones turn counter-clockwise for a positive angle, units clockwise.
        let ccw = matches!(self.selected, Some(Pick::Terrain(_) | Pick::Zone(_)));
        let step = if left == ccw { TURN_STEP } else { -TURN_STEP };
        self.rotate_selected(step);
    }

    /// The next snap in turn: 0.5", 1", off.
    pub fn cycle_snap(&mut self) {
        self.snap = match self.snap {
            Some(s) if s < 1.0 => Some(1.0),
            Some(_) => None,
            None => Some(0.5),
        };
        self.status = match self.snap {
            Some(s) => format!("Snapping to {s}\""),
            None => "Snapping off".into(),
        };
    }

    /// The game a test play starts: the draft as it stands, with the menu's options, seed and
    /// wound method, played by `players`. None while the draft fails a check: the game is only
    /// ever started on a scenario the checks pass.
    pub fn test_game(
        &mut self,
        players: TestPlayers,
        options: &SessionOptions,
    ) -> Option<GameChoice> {
        if !self.draft.passes_checks() {
            self.status = "Test play needs a scenario that passes every check.".into();
            return None;
        }
        let mut setup = NewGame::new(options.apply(self.draft.scenario()), options.seed, 0);
        setup.wounds = options.human_wounds;
        setup.controllers = match players {
            TestPlayers::Solo => Controllers::solo(),
            TestPlayers::HotSeat => Controllers::hot_seat(),
            TestPlayers::AiAgainstAi => Controllers::all_ai(),
        };
        // A test play never touches the player's own autosave.
        let rules = self.draft.rules().clone();
        Some(GameChoice::new_game(setup, rules, None, false))
    }

    /// Writes the autosave; a failure is said on the status line, never lost silently.
    pub(super) fn autosave(&mut self, folders: &EditorFolders) {
        if let Err(why) = files::autosave(&self.draft, &folders.autosave) {
            self.status = format!("The autosave failed: {why}");
        }
    }
}

/// The troop type a new unit takes: infantry where the rules have it, else their first.
pub(super) fn first_troop(rules: &Rules) -> TroopType {
    let troops = &rules.troops.troops;
    troops
        .keys()
        .find(|t| t.as_str() == "Infantry")
        .or_else(|| troops.keys().next())
        .copied()
        .unwrap_or_else(|| TroopType::known("Infantry"))
}

/// A unit's base on the table, as the game will place it.
pub(super) fn footprint(draft: &Draft, u: &UnitSpec) -> Footprint {
    base(draft, &u.troop, u.at, u.facing)
}

/// A hidden unit's base, where the ambush will place it.
pub(super) fn ambush_footprint(draft: &Draft, u: &AmbushUnitSpec) -> Footprint {
    base(draft, &u.troop, u.at, u.facing)
}

/// The base of a unit of this troop type, at `at` facing the bearing `facing`.
fn base(draft: &Draft, troop: &TroopType, at: (f32, f32), facing: f32) -> Footprint {
    let size = base_size(draft, troop);
    Footprint::new(
        Vec2::new(at.0, at.1),
        Vec2::new(size.0, size.1),
        bearing_to_angle(facing),
    )
}

/// A troop type's base, width by depth, inches (1" square when the tables lack it).
pub(super) fn base_size(draft: &Draft, troop: &TroopType) -> (f32, f32) {
    draft
        .rules()
        .troops
        .troops
        .get(troop)
        .map_or((1.0, 1.0), |p| p.base)
}

/// How wide a dummy counter is drawn and picked, inches.
pub(super) const DUMMY_SIZE: f32 = 1.0;

/// Puts a shape's grid point (a centre, a polygon's first point) exactly on `to`.
fn land_on(shape: &mut Shape, to: (f32, f32)) {
    match shape {
        Shape::Rect { center, .. } | Shape::Circle { center, .. } => *center = to,
        Shape::Polygon { points } => {
            if let Some(first) = points.first_mut() {
                *first = to;
            }
        }
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

/// Whether the piece belongs to the ambush section.
fn is_ambush_piece(pick: Pick) -> bool {
    matches!(pick, Pick::AmbushUnit(_) | Pick::Dummy(_) | Pick::Zone(_))
}

/// Takes the picked hidden units, dummies and zone shapes out of the ambush.
fn remove_ambush_pieces(a: &mut AmbushSpec, picks: &[Pick]) {
    fn without<T>(list: &mut Vec<T>, picked: impl Fn(usize) -> bool) {
        *list = std::mem::take(list)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !picked(*i))
            .map(|(_, x)| x)
            .collect();
    }
    without(&mut a.units, |i| picks.contains(&Pick::AmbushUnit(i)));
    without(&mut a.dummies, |i| picks.contains(&Pick::Dummy(i)));
    without(&mut a.zone, |i| picks.contains(&Pick::Zone(i)));
}

/// The point of `points` nearest `at` within `reach` inches.
fn nearest_within(points: &[(f32, f32)], at: (f32, f32), reach: f32) -> Option<usize> {
    let p = Vec2::from(at);
    points
        .iter()
        .enumerate()
        .map(|(k, q)| (k, Vec2::from(*q).distance(p)))
        .filter(|(_, d)| *d <= reach)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(k, _)| k)
}
