//! The editor's table: the draft drawn in the game's art with its units, selection and problems; clicks and drags go to the session.

use super::*;
use crate::editor::Edit;
use crate::view::art::{self, Palette, Triangles};
use ambush_data::geometry::Shape;
use bevy::prelude::*;
use bevy_egui::egui;

/// The table in the game's art with the units, the selection and the problems; clicks and
/// drags go to the session.
pub(super) fn table(ui: &mut egui::Ui, session: &mut EditorSession, palette: Palette) {
    let s = session.draft.scenario().clone();
    let (w, d) = s.table;
    let avail = ui.available_size();
    let scale = (avail.x / w).min(avail.y / d).max(1.0);
    let (response, painter) = ui.allocate_painter(
        egui::vec2(w * scale, d * scale),
        egui::Sense::click_and_drag(),
    );
    let origin = response.rect.left_bottom();
    let to_screen = |x: f32, y: f32| egui::pos2(origin.x + x * scale, origin.y - y * scale);
    let to_table = |p: egui::Pos2| ((p.x - origin.x) / scale, (origin.y - p.y) / scale);
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    let dragging = pointer.and_then(|p| session.drag_offset(to_table(p)));
    let mut shown = dragged_scenario(&s, dragging);
    if let (Some((terrain, vertex)), Some(p)) = (session.vertex_drag, pointer) {
        let to = session.snapped(to_table(p));
        let moved = Edit::MoveVertex {
            terrain,
            vertex,
            to,
        };
        let mut preview = shown.clone();
        if moved.apply_to(&mut preview).is_ok() {
            shown = preview;
        }
    }
    let mesh = art::table(Vec2::new(w, d), &shown.terrain, shown.environment, palette);
    painter.add(egui::Shape::mesh(
        Triangles::of(&mesh).egui_mesh(|p| to_screen(p.x, p.y)),
    ));
    let outline = |sh: &Shape, stroke: egui::Stroke| match sh {
        Shape::Circle { center, radius } => {
            painter.circle_stroke(to_screen(center.0, center.1), radius * scale, stroke);
        }
        Shape::Rect { .. } => {
            if let Some(corners) = sh.polygon() {
                let mut points: Vec<_> = corners.iter().map(|c| to_screen(c.x, c.y)).collect();
                points.push(points[0]);
                painter.add(egui::Shape::line(points, stroke));
            }
        }
        Shape::Polygon { points } => {
            let mut line: Vec<_> = points.iter().map(|p| to_screen(p.0, p.1)).collect();
            if let Some(first) = line.first().copied() {
                line.push(first);
            }
            painter.add(egui::Shape::line(line, stroke));
        }
    };
    let font = egui::FontId::proportional(12.0);
    for (i, f) in shown.terrain.iter().enumerate() {
        let pick = Pick::Terrain(i);
        let faulty = session.problems_of(pick).next();
        if let Some(p) = faulty {
            outline(&f.shape, egui::Stroke::new(2.5, ERROR));
            let c = f.shape.center();
            painter.text(
                to_screen(c.x, c.y),
                egui::Align2::CENTER_CENTER,
                &p.problem.message,
                font.clone(),
                ERROR,
            );
        }
        if session.selected == Some(pick) {
            outline(&f.shape, egui::Stroke::new(2.0, egui::Color32::WHITE));
        }
    }
    // The selected polygon's points, as handles to drag.
    if let Some(Pick::Terrain(t)) = session.selected
        && let Some(Shape::Polygon { points }) = shown.terrain.get(t).map(|f| &f.shape)
    {
        for p in points {
            painter.circle(
                to_screen(p.0, p.1),
                (VERTEX_REACH * scale * 0.5).clamp(3.0, 8.0),
                egui::Color32::WHITE,
                egui::Stroke::new(1.0, egui::Color32::BLACK),
            );
        }
    }
    for (i, u) in shown.units.iter().enumerate() {
        let pick = Pick::Unit(i);
        let corners = footprint(&session.draft, u).corners();
        let points: Vec<_> = corners.iter().map(|c| to_screen(c.x, c.y)).collect();
        let stroke = if session.selected == Some(pick) {
            egui::Stroke::new(2.0, egui::Color32::WHITE)
        } else if session.problems_of(pick).next().is_some() {
            egui::Stroke::new(2.5, ERROR)
        } else {
            egui::Stroke::new(1.0, egui::Color32::BLACK)
        };
        painter.add(egui::Shape::convex_polygon(
            points,
            egui::Color32::from_rgb(40, 90, 220),
            stroke,
        ));
        let c = to_screen(u.at.0, u.at.1);
        painter.text(
            c + egui::vec2(0.0, 0.6 * scale + 2.0),
            egui::Align2::CENTER_TOP,
            &u.label,
            font.clone(),
            egui::Color32::WHITE,
        );
        if let Some(p) = session.problems_of(pick).next() {
            painter.text(
                c + egui::vec2(0.8 * scale, 0.0),
                egui::Align2::LEFT_CENTER,
                &p.problem.message,
                font.clone(),
                ERROR,
            );
        }
    }
    // A drag starts where the button went down, not where the pointer is once it counts as a
    // drag: a small base would be left behind.
    if response.drag_started()
        && let Some(p) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        session.drag_start(to_table(p));
    }
    if response.drag_stopped()
        && let Some(p) = pointer
    {
        session.drag_end(to_table(p));
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
    {
        session.click(to_table(p));
    }
}

/// The scenario as drawn while a piece is dragged: that piece where the pointer has it, moved
/// by the very edit the drag will make.
fn dragged_scenario(
    s: &ambush_data::scenario::Scenario,
    dragging: Option<(Pick, (f32, f32))>,
) -> ambush_data::scenario::Scenario {
    let mut shown = s.clone();
    let edit = match dragging {
        Some((Pick::Terrain(index), by)) => Edit::MoveTerrain { index, by },
        Some((Pick::Unit(index), by)) => Edit::MoveUnit { index, by },
        None => return shown,
    };
    if edit.apply_to(&mut shown).is_err() {
        return s.clone();
    }
    shown
}
