//! Clicks and drags on the table: placing a piece of the tool's kind, and moving a piece, a polygon's or the route's point, or a size handle, each drag one edit.

use super::bases::first_troop;
use super::selecting::VERTEX_REACH;
use super::tools::Tool;
use super::{Pick, Workbench};
use crate::editor::{Edit, free_labels, free_terrain_name, translate};
use ambush_data::geometry::Shape;
use ambush_data::scenario::UnitSpec;
use glam::Vec2;

impl Workbench {
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
}

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
