//! The editor at work on one draft: the tool, the selection, drags and what a click does, with no egui in it so tests drive it as a person would.

use super::*;
use crate::control::Controllers;
use crate::editor::{
    Concern, Draft, DraftProblem, Edit, EditError, Origin, files, free_labels, free_terrain_name,
    snap,
};
use crate::play::new_game::NewGame;
use crate::screen::{GameChoice, SessionOptions};
use ambush_data::Rules;
use ambush_data::board::{Going, TerrainFeature, TerrainLook};
use ambush_data::geometry::{Footprint, Shape, bearing_to_angle};
use ambush_data::scenario::UnitSpec;
use ambush_data::tables::TroopType;
use bevy::prelude::*;
use std::sync::Arc;

/// How near a polygon's point, inches, a press must come to take hold of it.
pub(super) const VERTEX_REACH: f32 = 0.75;

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
}

/// The editor at work on one draft.
#[derive(Resource)]
pub struct EditorSession {
    pub draft: Draft,
    pub tool: Tool,
    pub selected: Option<Pick>,
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
    /// The last balance run, if one was asked for.
    pub balance: Option<BalanceRun>,
    /// How many games the next balance run plays.
    pub balance_games: u64,
}

/// The inspector's copy of the selected piece.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Form {
    Terrain(usize, TerrainFeature),
    Unit(usize, UnitSpec),
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
            problems,
            snap: Some(0.5),
            mod_name,
            file_name: file_name.into(),
            status: String::new(),
            form: None,
            drag: None,
            vertex_drag: None,
            balance: None,
            balance_games: BALANCE_GAMES,
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
        self.selected = self.selected.filter(|p| match *p {
            Pick::Terrain(i) => i < s.terrain.len(),
            Pick::Unit(i) => i < s.units.len(),
        });
        self.form = None;
        self.status = match self.problems.len() {
            0 => format!("{what}; the scenario passes every check"),
            1 => format!("{what}; 1 problem"),
            n => format!("{what}; {n} problems"),
        };
    }

    /// The point snapped to the grid, when snapping is on.
    pub fn snapped(&self, at: (f32, f32)) -> (f32, f32) {
        self.snap.map_or(at, |step| snap(at, step))
    }

    /// The piece under the point: a unit over terrain, the last drawn first.
    pub fn pick_at(&self, at: (f32, f32)) -> Option<Pick> {
        let s = self.draft.scenario();
        let p = Vec2::new(at.0, at.1);
        let unit = s.units.iter().enumerate().rev().find(|(_, u)| {
            footprint(&self.draft, u).contains(p) || Vec2::from(u.at).distance(p) < 0.5
        });
        if let Some((i, _)) = unit {
            return Some(Pick::Unit(i));
        }
        s.terrain
            .iter()
            .enumerate()
            .rev()
            .find(|(_, f)| f.shape.contains(p))
            .map(|(i, _)| Pick::Terrain(i))
    }

    /// A click on the table at `at`: select what is there, or place a piece of the tool's kind.
    pub fn click(&mut self, at: (f32, f32)) {
        match self.tool {
            Tool::Select => {
                self.selected = self.pick_at(at);
                self.form = None;
            }
            Tool::Terrain(kind) => {
                let name = free_terrain_name(self.draft.scenario(), kind.name());
                let feature = kind.feature(name, self.snapped(at));
                if self.apply(Edit::AddTerrain(feature)).is_ok() {
                    self.selected = Some(Pick::Terrain(self.draft.scenario().terrain.len() - 1));
                }
            }
            Tool::Unit => {
                let unit = self.new_unit(self.snapped(at));
                if self.apply(Edit::AddUnit(unit)).is_ok() {
                    self.selected = Some(Pick::Unit(self.draft.scenario().units.len() - 1));
                }
            }
        }
    }

    /// A unit to place: a copy of the selected or last unit (its troop type, weapons, armour
    /// and traits), else an infantry unit with the rules' first weapon, facing north.
    fn new_unit(&self, at: (f32, f32)) -> UnitSpec {
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
        let p = Vec2::from(at);
        points
            .iter()
            .enumerate()
            .map(|(k, q)| (k, Vec2::from(*q).distance(p)))
            .filter(|(_, d)| *d <= VERTEX_REACH)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(k, _)| (t, k))
    }

    /// A drag of the selected tool's piece begins at `at`: a point of the selected polygon
    /// when one is within reach, else the piece there.
    pub fn drag_start(&mut self, at: (f32, f32)) {
        if self.tool != Tool::Select {
            return;
        }
        if let Some(vertex) = self.vertex_at(at) {
            self.vertex_drag = Some(vertex);
            self.form = None;
            return;
        }
        let pick = self.pick_at(at);
        self.selected = pick;
        self.form = None;
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

    /// The drag ends at `at`: the piece (or the polygon's point) moves there as one edit.
    pub fn drag_end(&mut self, at: (f32, f32)) {
        if let Some((terrain, vertex)) = self.vertex_drag.take() {
            let to = self.snapped(at);
            let _ = self.apply(Edit::MoveVertex {
                terrain,
                vertex,
                to,
            });
            return;
        }
        let moved = self.drag_offset(at);
        self.drag = None;
        let Some((pick, by)) = moved else { return };
        if by.0.abs() < 1e-4 && by.1.abs() < 1e-4 {
            return;
        }
        let _ = self.apply(match pick {
            Pick::Terrain(index) => Edit::MoveTerrain { index, by },
            Pick::Unit(index) => Edit::MoveUnit { index, by },
        });
    }

    fn position_of(&self, pick: Pick) -> Option<(f32, f32)> {
        let s = self.draft.scenario();
        match pick {
            Pick::Terrain(i) => s.terrain.get(i).map(|f| f.shape.center().into()),
            Pick::Unit(i) => s.units.get(i).map(|u| u.at),
        }
    }

    /// Deletes the selected piece.
    pub fn delete_selected(&mut self) {
        let edit = match self.selected {
            Some(Pick::Terrain(index)) => Edit::DeleteTerrain { index },
            Some(Pick::Unit(index)) => Edit::DeleteUnit { index },
            None => return,
        };
        if self.apply(edit).is_ok() {
            self.selected = None;
        }
    }

    /// Turns the selected piece: terrain counter-clockwise, a unit clockwise (a compass
    /// bearing), by `degrees`.
    pub fn rotate_selected(&mut self, degrees: f32) {
        let edit = match self.selected {
            Some(Pick::Terrain(index)) => Edit::RotateTerrain { index, degrees },
            Some(Pick::Unit(index)) => Edit::RotateUnit { index, degrees },
            None => return,
        };
        let _ = self.apply(edit);
    }

    /// A copy of the selected piece beside it, selected.
    pub fn duplicate_selected(&mut self) {
        let offset = (2.0, -2.0);
        let (edit, pick): (Edit, fn(usize) -> Pick) = match self.selected {
            Some(Pick::Terrain(index)) => (Edit::DuplicateTerrain { index, offset }, Pick::Terrain),
            Some(Pick::Unit(index)) => (Edit::DuplicateUnit { index, offset }, Pick::Unit),
            None => return,
        };
        if self.apply(edit).is_ok() {
            let s = self.draft.scenario();
            self.selected = Some(match pick(0) {
                Pick::Terrain(_) => Pick::Terrain(s.terrain.len() - 1),
                Pick::Unit(_) => Pick::Unit(s.units.len() - 1),
            });
        }
    }

    /// The problems that concern `pick`.
    pub fn problems_of(&self, pick: Pick) -> impl Iterator<Item = &DraftProblem> {
        self.problems.iter().filter(move |p| {
            matches!(
                (p.concern, pick),
                (Concern::Terrain(a), Pick::Terrain(b)) | (Concern::Unit(a), Pick::Unit(b)) if a == b
            )
        })
    }

    /// Saves the draft into the user's mod `mod_name` as `file_name`: into its `scenarios/`
    /// when it passes every check, else into its `drafts/`, which the menu never lists.
    pub fn save(&mut self, folders: &EditorFolders) {
        let result = files::save_into_mod(
            &mut self.draft,
            &folders.mods_root,
            &self.mod_name,
            &self.file_name,
            &folders.protected,
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
        Some(GameChoice {
            setup,
            rules: self.draft.rules().clone(),
            file: None,
            source: None,
            orders: Vec::new(),
            view_only: false,
            reveal: false,
            set_up: false,
        })
    }

    /// Writes the autosave; a failure is said on the status line, never lost silently.
    pub(super) fn autosave(&mut self, folders: &EditorFolders) {
        if let Err(why) = files::autosave(&self.draft, &folders.autosave) {
            self.status = format!("The autosave failed: {why}");
        }
    }
}

/// The troop type a new unit takes: infantry where the rules have it, else their first.
fn first_troop(rules: &Rules) -> TroopType {
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
    let size = draft
        .rules()
        .troops
        .troops
        .get(&u.troop)
        .map_or((1.0, 1.0), |p| p.base);
    Footprint::new(
        Vec2::new(u.at.0, u.at.1),
        Vec2::new(size.0, size.1),
        bearing_to_angle(u.facing),
    )
}
