//! Picking and selecting: the tool in hand, the grid, the piece under a point, the selection, the handles within reach, and the problems of a piece.

use super::bases::{DUMMY_SIZE, footprint};
use super::tools::{ADDS_AN_AMBUSH, Tool};
use super::{Pick, Workbench};
use crate::editor::{Concern, DraftProblem, snap};
use ambush_data::geometry::Shape;
use glam::Vec2;

/// How near a polygon's point, inches, a press must come to take hold of it.
pub const VERTEX_REACH: f32 = 0.75;

impl Workbench {
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
            .find(|(_, u)| footprint(&self.draft, *u).contains(p) || near(u.at));
        if let Some((i, _)) = unit {
            return Some(Pick::Unit(i));
        }
        let ambush = s.ambush.as_ref();
        let hidden = ambush.and_then(|a| {
            a.units
                .iter()
                .enumerate()
                .rev()
                .find(|(_, u)| footprint(&self.draft, *u).contains(p) || near(u.at))
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
