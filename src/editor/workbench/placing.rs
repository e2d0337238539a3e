//! Placing with one drag or click: groups of units, the ambush's hidden units, dummies, set-up zone, route and spring point, and the size handles of rectangles and circles.

use super::bases::{alien_troop, base_size, first_troop};
use super::tools::GroupShape;
use super::{Pick, Workbench};
use crate::editor::{
    Arrangement, Edit, ahead_and_right, compass, free_labels, new_ambush, translate,
};
use ambush_data::ambush_spec::{AmbushSpec, AmbushUnitSpec};
use ambush_data::board::Side;
use ambush_data::check::MAX_UNITS;
use ambush_data::geometry::{Shape, distance_along, route_of};
use ambush_data::scenario::Scenario;
use glam::Vec2;

/// A zone placed with a click rather than a drag, inches: room for a group of hidden units.
const CLICKED_ZONE: (f32, f32) = (12.0, 8.0);

/// A compass bearing of the vector `d` (0 north, 90 east).
fn bearing_of(d: Vec2) -> f32 {
    compass(d.x.atan2(d.y).to_degrees())
}

impl Workbench {
    /// The edit that changes the ambush section by `change`, made on a copy of it (or of a new
    /// ambush when the scenario has none yet).
    pub(super) fn ambush_edit(&self, change: impl FnOnce(&mut AmbushSpec)) -> Option<Edit> {
        let mut a = self
            .draft
            .scenario()
            .ambush
            .clone()
            .unwrap_or_else(new_ambush);
        change(&mut a);
        Some(Edit::SetAmbush(Some(Box::new(a))))
    }

    /// Makes an ambush edit and selects the piece `pick` of the new section.
    fn apply_ambush(
        &mut self,
        change: impl FnOnce(&mut AmbushSpec),
        pick: fn(&AmbushSpec) -> Option<Pick>,
    ) {
        let Some(edit) = self.ambush_edit(change) else {
            return;
        };
        let added = self.draft.scenario().ambush.is_none();
        if self.apply(edit).is_ok() {
            let chosen = self.draft.scenario().ambush.as_ref().and_then(pick);
            self.select(chosen);
            if added {
                self.status = format!(
                    "Added an ambush to the scenario (the humans walk into hidden aliens, a simple set-up; change it under Ambush); {}",
                    self.status
                );
            }
        }
    }

    /// A hidden unit of the ambushing side at `at`: a copy of the selected hidden unit or the
    /// side's last one, else a unit of the side's first troop type (aliens take the scenario's
    /// alien weapons).
    pub fn place_hidden_unit(&mut self, at: (f32, f32)) {
        let s = self.draft.scenario().clone();
        let a = s.ambush.clone().unwrap_or_else(new_ambush);
        let side = a.ambushed.other();
        let like = match self.selected {
            Some(Pick::AmbushUnit(i)) => a.units.get(i),
            _ => a.units.iter().rev().find(|u| u.side == side),
        };
        let mut unit = like.cloned().unwrap_or_else(|| {
            let rules = self.draft.rules();
            let (troop, weapons) = match side {
                Side::Aliens => (alien_troop(rules), Vec::new()),
                Side::Humans => (
                    first_troop(rules),
                    rules.weapons.weapons.keys().take(1).cloned().collect(),
                ),
            };
            AmbushUnitSpec {
                label: String::new(),
                side,
                troop,
                at,
                facing: 0.0,
                weapons,
                armour: false,
                traits: None,
            }
        });
        let after = match (unit.label.is_empty(), unit.side) {
            (false, _) => unit.label.clone(),
            (true, Side::Aliens) => "A1".into(),
            (true, Side::Humans) => "H1".into(),
        };
        let Some(label) = self.free_label(&s, &after) else {
            return;
        };
        unit.label = label;
        unit.at = at;
        self.apply_ambush(
            |a| a.units.push(unit),
            |a| a.units.len().checked_sub(1).map(Pick::AmbushUnit),
        );
    }

    /// The next label free after `after`, or a refusal on the status line.
    fn free_label(&mut self, s: &Scenario, after: &str) -> Option<String> {
        match free_labels(s, after, 1) {
            Ok(mut l) => Some(l.remove(0)),
            Err(why) => {
                self.status = format!("Refused: {why}");
                None
            }
        }
    }

    /// A dummy counter at `at`.
    pub fn place_dummy(&mut self, at: (f32, f32)) {
        self.apply_ambush(
            |a| a.dummies.push(at),
            |a| a.dummies.len().checked_sub(1).map(Pick::Dummy),
        );
    }

    /// A point added to the end of the column's route.
    pub fn add_route_point(&mut self, at: (f32, f32)) {
        self.apply_ambush(|a| a.route.push(at), |_| None);
    }

    /// The spring point put where the route passes nearest `at`: that many inches along it.
    pub fn set_spring_point(&mut self, at: (f32, f32)) {
        let Some(a) = &self.draft.scenario().ambush else {
            self.status =
                "Draw the column's route first (the route tool), then its spring point.".into();
            return;
        };
        if a.route.len() < 2 {
            self.status = "The route needs two points or more before its spring point.".into();
            return;
        }
        let (route, _) = route_of(&a.route);
        let d = distance_along(&route, Vec2::from(at));
        // To the tenth of an inch, as a person would write it.
        let d = (d * 10.0).round() / 10.0;
        self.apply_ambush(|a| a.spring_at = Some(d), |_| None);
    }

    /// The group a drag from `from` to `to` places: copies of the selected (or last) unit,
    /// base to base (plus the gap), as many as the drag's length holds.
    pub fn group_edit(&self, shape: GroupShape, from: (f32, f32), to: (f32, f32)) -> Option<Edit> {
        let start = self.snapped(from);
        let mut template = self.new_unit(start);
        // With snapping on, a group runs along the grid: its facing a quarter turn, so each
        // unit of it stands on the grid too.
        let square = |facing: f32| match self.snap {
            Some(_) => compass((facing / 90.0).round() * 90.0),
            None => facing,
        };
        template.facing = square(template.facing);
        let (w, d) = base_size(&self.draft, &template.troop);
        let gap = self.group_gap.max(0.0);
        let drag = Vec2::from(to) - Vec2::from(start);
        let long = drag.length() > 0.25;
        let fits = |length: f32, spacing: f32| (length.max(0.0) / spacing).floor() as usize + 1;
        let (count, spacing, arrangement) = match shape {
            GroupShape::Line => {
                // The line runs to the units' right: they face 90° to the left of the drag.
                if long {
                    template.facing = square(compass(bearing_of(drag) - 90.0));
                }
                let spacing = w + gap;
                (fits(drag.length(), spacing), spacing, Arrangement::Line)
            }
            GroupShape::Column => {
                // The column runs back from its head: it faces against the drag.
                if long {
                    template.facing = square(compass(bearing_of(drag) + 180.0));
                }
                let spacing = d + gap;
                (fits(drag.length(), spacing), spacing, Arrangement::Column)
            }
            GroupShape::Block => {
                let spacing = w.max(d) + gap;
                let (ahead, right) = ahead_and_right(template.facing);
                let (ahead, right) = (Vec2::from(ahead), Vec2::from(right));
                let (across, back) = (drag.dot(right), -drag.dot(ahead));
                // The template stands at the front left corner, whichever way the drag went.
                let corner = Vec2::from(start) + right * across.min(0.0) - ahead * back.min(0.0);
                template.at = self.snapped(corner.into());
                let abreast = fits(across.abs(), spacing);
                let ranks = fits(back.abs(), spacing);
                (abreast * ranks, spacing, Arrangement::Block { abreast })
            }
        };
        let room = MAX_UNITS.saturating_sub(self.draft.scenario().units.len());
        let count = count.min(room);
        (count > 0).then_some(Edit::PlaceGroup {
            template,
            count,
            spacing,
            arrangement,
        })
    }

    /// The zone rectangle a drag from `from` to `to` draws; a click draws one of 12" by 8".
    pub fn zone_edit(&self, from: (f32, f32), to: (f32, f32)) -> Option<Edit> {
        let (a, b) = (Vec2::from(self.snapped(from)), Vec2::from(self.snapped(to)));
        let size = (b - a).abs();
        let shape = if size.x < 0.5 || size.y < 0.5 {
            Shape::Rect {
                center: a.into(),
                size: CLICKED_ZONE,
                rotation: 0.0,
            }
        } else {
            Shape::Rect {
                center: ((a + b) / 2.0).into(),
                size: size.into(),
                rotation: 0.0,
            }
        };
        self.ambush_edit(|am| am.zone.push(shape))
    }

    /// The shape of a terrain piece or zone shape.
    fn shape_of(&self, pick: Pick) -> Option<&Shape> {
        let s = self.draft.scenario();
        match pick {
            Pick::Terrain(i) => s.terrain.get(i).map(|f| &f.shape),
            Pick::Zone(i) => s.ambush.as_ref()?.zone.get(i),
            _ => None,
        }
    }

    /// The selected rectangle's or circle's size handle: a rectangle's corner ahead and to the
    /// left of its turn, a circle's east point.
    pub fn size_handle(&self) -> Option<(Pick, (f32, f32))> {
        let pick = self.selected?;
        let at = match self.shape_of(pick)? {
            Shape::Rect { .. } => self.shape_of(pick)?.polygon()?[2],
            Shape::Circle { center, radius } => Vec2::new(center.0 + radius, center.1),
            Shape::Polygon { .. } => return None,
        };
        Some((pick, at.into()))
    }

    /// The edit that drags the size handle of `pick` to `now`: a rectangle keeps its centre and
    /// turn and reaches the point with its corner; a circle reaches it with its edge. Sizes
    /// snap to the grid.
    pub fn resize_edit(&self, pick: Pick, now: (f32, f32)) -> Option<Edit> {
        let step = self.snap.unwrap_or(0.0);
        let snap_len = |v: f32, least: f32| {
            let v = if step > 0.0 {
                (v / step).round() * step
            } else {
                v
            };
            v.max(least)
        };
        let mut shape = self.shape_of(pick)?.clone();
        match &mut shape {
            Shape::Rect {
                center,
                size,
                rotation,
            } => {
                let d = Vec2::from(now) - Vec2::from(*center);
                let a = rotation.to_radians();
                let (along, across) = (Vec2::new(a.cos(), a.sin()), Vec2::new(-a.sin(), a.cos()));
                *size = (
                    snap_len(2.0 * d.dot(along).abs(), 0.5),
                    snap_len(2.0 * d.dot(across).abs(), 0.5),
                );
            }
            Shape::Circle { center, radius } => {
                *radius = snap_len(Vec2::from(now).distance(Vec2::from(*center)), 0.25);
            }
            Shape::Polygon { .. } => return None,
        }
        match pick {
            Pick::Terrain(index) => {
                let mut feature = self.draft.scenario().terrain.get(index)?.clone();
                feature.shape = shape;
                Some(Edit::ReplaceTerrain { index, feature })
            }
            Pick::Zone(i) => self.ambush_edit(|a| {
                if let Some(z) = a.zone.get_mut(i) {
                    *z = shape;
                }
            }),
            _ => None,
        }
    }

    /// A copy of a hidden unit (with the next free label), a dummy or a zone shape, moved by
    /// `offset`.
    pub(super) fn duplicate_ambush_piece(
        &mut self,
        pick: Pick,
        offset: (f32, f32),
    ) -> Option<Edit> {
        let s = self.draft.scenario().clone();
        let a = s.ambush.as_ref()?;
        let shift = |p: (f32, f32)| (p.0 + offset.0, p.1 + offset.1);
        match pick {
            Pick::AmbushUnit(i) => {
                let mut copy = a.units.get(i)?.clone();
                copy.label = self.free_label(&s, &copy.label)?;
                copy.at = shift(copy.at);
                self.ambush_edit(|a| a.units.push(copy))
            }
            Pick::Dummy(i) => {
                let d = shift(*a.dummies.get(i)?);
                self.ambush_edit(|a| a.dummies.push(d))
            }
            Pick::Zone(i) => {
                let mut z = a.zone.get(i)?.clone();
                translate(&mut z, offset);
                self.ambush_edit(|a| a.zone.push(z))
            }
            Pick::Terrain(_) | Pick::Unit(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::MirrorAxis;
    use crate::editor::workbench::{TerrainKind, Tool};
    use std::sync::Arc;

    fn workbench() -> Workbench {
        Workbench::new_scenario(Arc::new(ambush_data::Rules::bundled().clone()))
    }

    /// Issue 24: "Place groups in a line, column or block with one drag": the drag's length
    /// gives the count, base to base, and its direction the facing.
    #[test]
    fn one_drag_places_a_line_a_column_or_a_block() {
        let mut s = workbench();
        // A line dragged 4" east: five 1" bases abreast, facing north.
        s.tool = Tool::Group(GroupShape::Line);
        s.drag_start((10.0, 10.0));
        s.drag_end((14.0, 10.0));
        let units = &s.draft.scenario().units;
        assert_eq!(units.len(), 5);
        assert_eq!(units[4].at, (14.0, 10.0));
        assert!(units.iter().all(|u| u.facing == 0.0), "{units:?}");
        assert_eq!(s.selection().len(), 5, "the group stays selected");
        // A column dragged 3" south: four bases one behind the other, facing north.
        s.tool = Tool::Group(GroupShape::Column);
        s.drag_start((30.0, 20.0));
        s.drag_end((30.0, 17.0));
        let units = &s.draft.scenario().units[5..];
        assert_eq!(units.len(), 4);
        assert_eq!(units[3].at, (30.0, 17.0));
        assert!(units.iter().all(|u| u.facing == 0.0));
        // A block dragged from its back right to its front left: three abreast, two ranks,
        // the template at the front left.
        s.select(None);
        s.tool = Tool::Group(GroupShape::Block);
        s.drag_start((52.0, 30.0));
        s.drag_end((50.0, 31.0));
        let units = &s.draft.scenario().units[9..];
        assert_eq!(units.len(), 6, "{units:?}");
        assert_eq!(units[0].at, (50.0, 31.0));
        assert_eq!(units[5].at, (52.0, 30.0));
        // Fifteen units, one undo for each drag.
        assert_eq!(s.draft.scenario().units.len(), 15);
        s.undo();
        assert_eq!(s.draft.scenario().units.len(), 9);
        assert!(s.problems.is_empty(), "{:?}", s.problems);
    }

    /// Issue 24: the ambush section placed on the table: a zone drawn, hidden units and
    /// dummies in it, the route clicked point by point and the spring point on it.
    #[test]
    fn an_ambush_is_drawn_on_the_table() {
        let mut s = workbench();
        s.tool = Tool::Zone;
        s.drag_start((10.0, 10.0));
        s.drag_end((30.0, 30.0));
        assert_eq!(s.selected, Some(Pick::Zone(0)));
        s.tool = Tool::HiddenUnit;
        s.click((15.0, 15.0));
        s.click((20.0, 15.0));
        s.tool = Tool::Dummy;
        s.click((25.0, 25.0));
        s.tool = Tool::Route;
        for p in [(40.0, 1.0), (40.0, 20.0), (40.0, 47.0)] {
            s.click(p);
        }
        s.tool = Tool::Spring;
        s.click((38.0, 20.2));
        let a = s.draft.scenario().ambush.clone().expect("an ambush");
        assert_eq!(
            a.zone,
            vec![Shape::Rect {
                center: (20.0, 20.0),
                size: (20.0, 20.0),
                rotation: 0.0
            }]
        );
        let labels: Vec<_> = a.units.iter().map(|u| u.label.as_str()).collect();
        assert_eq!(labels, ["A1", "A2"]);
        assert!(
            a.units
                .iter()
                .all(|u| u.side == Side::Aliens && u.troop.as_str() == "Alien")
        );
        assert_eq!(a.dummies, vec![(25.0, 25.0)]);
        assert_eq!(a.route.len(), 3);
        assert_eq!(a.spring_at, Some(19.2), "nearest the click along the route");
        // A hidden unit dragged out of the zone is a problem of that unit.
        s.tool = Tool::Select;
        s.drag_start((20.0, 15.0));
        assert_eq!(s.selected, Some(Pick::AmbushUnit(1)));
        s.drag_end((50.0, 15.0));
        assert!(
            s.problems_of(Pick::AmbushUnit(1)).next().is_some(),
            "{:?}",
            s.problems
        );
        s.undo();
        // A route point dragged: one edit.
        s.drag_start((40.0, 20.0));
        s.drag_end((42.0, 20.0));
        let a = s.draft.scenario().ambush.clone().expect("an ambush");
        assert_eq!(a.route[1], (42.0, 20.0));
        // Shift+click gathers the dummy and a hidden unit; Delete removes both as one edit.
        s.select(None);
        s.shift_click((25.0, 25.0));
        s.shift_click((15.0, 15.0));
        assert_eq!(s.selection(), vec![Pick::Dummy(0), Pick::AmbushUnit(0)]);
        s.delete_selected();
        let a = s.draft.scenario().ambush.clone().expect("an ambush");
        assert!(a.dummies.is_empty());
        assert_eq!(a.units.len(), 1);
        s.undo();
        assert_eq!(
            s.draft.scenario().ambush.as_ref().map(|a| a.units.len()),
            Some(2)
        );
    }

    /// Issue 24: "Terrain: add, move, rotate and resize": the selected rectangle's corner and a
    /// circle's edge are handles whose drag resizes the piece, one edit each.
    #[test]
    fn a_size_handle_resizes_a_rectangle_or_a_circle() {
        let mut s = workbench();
        s.tool = Tool::Terrain(TerrainKind::Wood);
        s.click((20.0, 20.0));
        let (_, corner) = s.size_handle().expect("a rectangle has one");
        assert_eq!(corner, (24.0, 23.0), "8 by 6, its north-east corner");
        s.tool = Tool::Select;
        s.drag_start(corner);
        s.drag_end((26.0, 25.1));
        assert_eq!(
            s.draft.scenario().terrain[0].shape,
            Shape::Rect {
                center: (20.0, 20.0),
                size: (12.0, 10.0),
                rotation: 0.0
            }
        );
        s.tool = Tool::Terrain(TerrainKind::Rocks);
        s.click((50.0, 30.0));
        let (_, edge) = s.size_handle().expect("a circle has one");
        assert_eq!(edge, (52.0, 30.0));
        s.tool = Tool::Select;
        s.drag_start(edge);
        s.drag_end((50.0, 33.4));
        assert_eq!(
            s.draft.scenario().terrain[1].shape,
            Shape::Circle {
                center: (50.0, 30.0),
                radius: 3.5
            }
        );
        s.undo();
        assert_eq!(
            s.draft.scenario().terrain[1].shape,
            Shape::Circle {
                center: (50.0, 30.0),
                radius: 2.0
            },
            "each resize is one edit"
        );
    }

    /// Issue 24: "mirror a selection left-right or top-bottom for symmetrical tables": a
    /// mirrored copy of a wood, a unit and a hidden unit, one edit.
    #[test]
    fn a_mirrored_copy_makes_the_table_symmetrical() {
        let mut s = workbench();
        s.tool = Tool::Terrain(TerrainKind::Wood);
        s.click((10.0, 20.0));
        s.tool = Tool::Unit;
        s.click((5.0, 5.0));
        s.rotate_selected(90.0);
        s.tool = Tool::HiddenUnit;
        s.click((20.0, 30.0));
        s.tool = Tool::Select;
        s.select_all();
        assert_eq!(s.selection().len(), 3);
        s.mirror_selection(MirrorAxis::LeftRight, true);
        let sc = s.draft.scenario();
        assert_eq!(sc.terrain.len(), 2);
        assert_eq!(sc.terrain[1].shape.center(), Vec2::new(62.0, 20.0));
        assert_eq!((sc.units[1].at, sc.units[1].facing), ((67.0, 5.0), 270.0));
        assert_eq!(sc.units[1].label, "M2");
        let a = sc.ambush.as_ref().expect("an ambush");
        assert_eq!(
            (a.units[1].at, a.units[1].label.as_str()),
            ((52.0, 30.0), "A2")
        );
        assert_eq!(s.selection().len(), 3, "the copies are selected");
        s.undo();
        assert_eq!(s.draft.scenario().terrain.len(), 1, "one edit");
        // In place: the pieces themselves move.
        s.select_all();
        s.mirror_selection(MirrorAxis::TopBottom, false);
        assert_eq!(s.draft.scenario().units[0].at, (5.0, 43.0));
    }
}
