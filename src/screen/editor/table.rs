//! The editor's table: the draft drawn in the game's art with its units, the ambush's pieces, the selection and the problems; clicks and drags go to the workbench, and the view pans and zooms as the game's camera does.

use super::*;
use crate::editor::workbench::DUMMY_SIZE;
use crate::view::art::{self, Palette, Triangles};
use ambush_data::board::Side;
use ambush_data::geometry::{Shape, along, route_of};
use bevy::prelude::*;
use bevy_egui::egui;

/// How far the view zooms out and in, against the whole table fitting the panel.
pub(super) const ZOOM: std::ops::RangeInclusive<f32> = 0.5..=12.0;

const HUMANS: egui::Color32 = egui::Color32::from_rgb(40, 90, 220);
const ALIENS: egui::Color32 = egui::Color32::from_rgb(170, 40, 50);
const ZONE: egui::Color32 = egui::Color32::from_rgb(242, 190, 76);
const ROUTE: egui::Color32 = egui::Color32::from_rgb(250, 240, 200);

/// Where the table lies in the panel: inches to points and back.
#[derive(Clone, Copy)]
struct Frame {
    middle: egui::Pos2,
    centre: (f32, f32),
    scale: f32,
}

impl Frame {
    fn to_screen(self, x: f32, y: f32) -> egui::Pos2 {
        egui::pos2(
            self.middle.x + (x - self.centre.0) * self.scale,
            self.middle.y - (y - self.centre.1) * self.scale,
        )
    }

    fn to_table(self, p: egui::Pos2) -> (f32, f32) {
        (
            self.centre.0 + (p.x - self.middle.x) / self.scale,
            self.centre.1 - (p.y - self.middle.y) / self.scale,
        )
    }
}

/// The table in the game's art with the units, the ambush, the selection and the problems;
/// clicks and drags go to the workbench.
/// `typing`: a text field had the keyboard as the frame began, so a press on the table only
/// ends the typing.
pub(super) fn table(
    ui: &mut egui::Ui,
    workbench: &mut EditorWorkbench,
    palette: Palette,
    typing: bool,
) {
    let s = workbench.draft.scenario().clone();
    let (w, d) = s.table;
    let (response, painter) =
        ui.allocate_painter(ui.available_size(), egui::Sense::click_and_drag());
    let rect = response.rect;
    let fit = (rect.width() / w).min(rect.height() / d).max(0.1);
    let centre = workbench.view.centre.unwrap_or((w / 2.0, d / 2.0));
    let before = Frame {
        middle: rect.center(),
        centre,
        scale: fit * workbench.view.zoom,
    };
    // The camera keys: pan by the view's size, zoom about the pointer (about the middle when
    // the pointer is off the table), and the Drag action moves the table with the pointer.
    let view = &mut workbench.view;
    let (pan, zoom_by) = (
        std::mem::take(&mut view.pan),
        std::mem::take(&mut view.zoom_by),
    );
    let mut centre = (
        centre.0 + pan.0 * rect.width() / before.scale,
        centre.1 + pan.1 * rect.height() / before.scale,
    );
    let hover = response.hover_pos();
    if zoom_by != 0.0 && (hover.is_some() || ui.input(|i| i.pointer.hover_pos().is_none())) {
        let p = hover.unwrap_or(rect.center());
        let under = before.to_table(p);
        view.zoom = (view.zoom * zoom_by.exp()).clamp(*ZOOM.start(), *ZOOM.end());
        let scale = fit * view.zoom;
        centre = (
            under.0 - (p.x - rect.center().x) / scale,
            under.1 + (p.y - rect.center().y) / scale,
        );
    }
    if view.dragging && hover.is_some() {
        let by = ui.input(|i| i.pointer.delta());
        let scale = fit * view.zoom;
        centre = (centre.0 - by.x / scale, centre.1 + by.y / scale);
    }
    view.centre = Some(centre);
    let frame = Frame {
        middle: rect.center(),
        centre,
        scale: fit * workbench.view.zoom,
    };
    let to_screen = |x: f32, y: f32| frame.to_screen(x, y);
    let scale = frame.scale;
    let pointer = response.interact_pointer_pos().or(response.hover_pos());
    // While a drag is on, the table shows what letting go would make.
    let mut shown = s.clone();
    if let Some(edit) = pointer.and_then(|p| workbench.drag_edit(frame.to_table(p))) {
        let mut preview = s.clone();
        if edit.apply_to(&mut preview).is_ok() {
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
        Shape::Rect { .. } | Shape::Polygon { .. } => {
            let mut line: Vec<_> = sh
                .polygon()
                .map(|c| c.iter().map(|c| to_screen(c.x, c.y)).collect())
                .unwrap_or_else(|| match sh {
                    Shape::Polygon { points } => {
                        points.iter().map(|p| to_screen(p.0, p.1)).collect()
                    }
                    _ => Vec::new(),
                });
            if let Some(first) = line.first().copied() {
                line.push(first);
            }
            painter.add(egui::Shape::line(line, stroke));
        }
    };
    let selection = workbench.selection();
    let chosen = egui::Stroke::new(2.0, egui::Color32::WHITE);
    let font = egui::FontId::proportional(12.0);
    // A check's message beside its piece, on a dark plate so it reads over any terrain.
    let message = |at: egui::Pos2, text: &str| {
        let galley = painter.layout(text.to_string(), font.clone(), ERROR, 320.0);
        let rect = egui::Align2::LEFT_CENTER.anchor_size(at, galley.size());
        painter.rect_filled(rect.expand(3.0), 3.0, egui::Color32::from_black_alpha(200));
        painter.galley(rect.min, galley, ERROR);
    };
    let mut labels = Labels::default();
    for (i, f) in shown.terrain.iter().enumerate() {
        let pick = Pick::Terrain(i);
        if let Some(p) = workbench.problems_of(pick).next() {
            outline(&f.shape, egui::Stroke::new(2.5, ERROR));
            let c = f.shape.center();
            message(to_screen(c.x, c.y), &p.problem.message);
        }
        if selection.contains(&pick) {
            outline(&f.shape, chosen);
        }
    }
    // The selected rectangle's or circle's size handle.
    if let Some((_, p)) = workbench.size_handle() {
        let c = to_screen(p.0, p.1);
        painter.rect(
            egui::Rect::from_center_size(c, egui::vec2(9.0, 9.0)),
            1.0,
            egui::Color32::WHITE,
            egui::Stroke::new(1.0, egui::Color32::BLACK),
            egui::StrokeKind::Middle,
        );
    }
    // The selected polygon's points, as handles to drag.
    if let Some(Pick::Terrain(t)) = workbench.selected
        && let Some(Shape::Polygon { points }) = shown.terrain.get(t).map(|f| &f.shape)
    {
        for p in points {
            handle(&painter, to_screen(p.0, p.1), scale, egui::Color32::WHITE);
        }
    }
    if let Some(a) = &shown.ambush {
        // The set-up zone: where the ambusher may stand.
        for (i, z) in a.zone.iter().enumerate() {
            let stroke = if selection.contains(&Pick::Zone(i)) {
                chosen
            } else {
                egui::Stroke::new(2.0, ZONE)
            };
            outline(z, stroke);
            let c = z.center();
            painter.text(
                to_screen(c.x, c.y),
                egui::Align2::CENTER_CENTER,
                "set-up zone",
                font.clone(),
                ZONE,
            );
        }
        // The column's route, its points as handles, and the spring point on it.
        let line: Vec<_> = a.route.iter().map(|p| to_screen(p.0, p.1)).collect();
        painter.add(egui::Shape::line(line, egui::Stroke::new(2.0, ROUTE)));
        for (k, p) in a.route.iter().enumerate() {
            let at = to_screen(p.0, p.1);
            handle(&painter, at, scale, ROUTE);
            painter.text(
                at + egui::vec2(6.0, -6.0),
                egui::Align2::LEFT_BOTTOM,
                format!("{}", k + 1),
                font.clone(),
                ROUTE,
            );
        }
        if let Some(at) = a.spring_at
            && a.route.len() >= 2
        {
            let (route, _) = route_of(&a.route);
            let (p, _) = along(&route, at);
            let c = to_screen(p.x, p.y);
            let r = 7.0;
            painter.add(egui::Shape::convex_polygon(
                vec![
                    c + egui::vec2(0.0, -r),
                    c + egui::vec2(r, 0.0),
                    c + egui::vec2(0.0, r),
                    c + egui::vec2(-r, 0.0),
                ],
                ERROR,
                egui::Stroke::new(1.0, egui::Color32::BLACK),
            ));
            painter.text(
                c + egui::vec2(9.0, 0.0),
                egui::Align2::LEFT_CENTER,
                format!("spring ({at:.1}\")"),
                font.clone(),
                ROUTE,
            );
        }
        for (i, p) in a.dummies.iter().enumerate() {
            let c = to_screen(p.0, p.1);
            let half = DUMMY_SIZE * scale / 2.0;
            let stroke = if selection.contains(&Pick::Dummy(i)) {
                chosen
            } else {
                egui::Stroke::new(1.0, egui::Color32::BLACK)
            };
            painter.rect(
                egui::Rect::from_center_size(c, egui::vec2(half * 2.0, half * 2.0)),
                2.0,
                egui::Color32::from_gray(90),
                stroke,
                egui::StrokeKind::Middle,
            );
            painter.text(
                c,
                egui::Align2::CENTER_CENTER,
                "?",
                font.clone(),
                egui::Color32::WHITE,
            );
        }
        for (i, u) in a.units.iter().enumerate() {
            let pick = Pick::AmbushUnit(i);
            let colour = match u.side {
                Side::Humans => HUMANS,
                Side::Aliens => ALIENS,
            };
            let corners = footprint(&workbench.draft, u).corners();
            let fault = workbench.problems_of(pick).next();
            base(
                &painter,
                corners.iter().map(|c| to_screen(c.x, c.y)).collect(),
                colour.gamma_multiply(0.6),
                stroke_of(selection.contains(&pick), fault.is_some()),
            );
            let c = to_screen(u.at.0, u.at.1);
            labels.put(
                &painter,
                c,
                scale,
                &format!("{} (hidden)", u.label),
                &font,
                selection.contains(&pick),
            );
            if let Some(p) = fault {
                message(c + egui::vec2(0.8 * scale, 0.0), &p.problem.message);
            }
        }
    }
    for (i, u) in shown.units.iter().enumerate() {
        let pick = Pick::Unit(i);
        let corners = footprint(&workbench.draft, u).corners();
        let fault = workbench.problems_of(pick).next();
        base(
            &painter,
            corners.iter().map(|c| to_screen(c.x, c.y)).collect(),
            HUMANS,
            stroke_of(selection.contains(&pick), fault.is_some()),
        );
        let c = to_screen(u.at.0, u.at.1);
        labels.put(
            &painter,
            c,
            scale,
            &u.label,
            &font,
            selection.contains(&pick),
        );
        if let Some(p) = fault {
            message(c + egui::vec2(0.8 * scale, 0.0), &p.problem.message);
        }
    }
    // Where the pointer is, in inches, and what a click would do: the status line's second half.
    if let Some(p) = response.hover_pos() {
        let (x, y) = frame.to_table(p);
        painter.text(
            rect.left_bottom() + egui::vec2(6.0, -6.0),
            egui::Align2::LEFT_BOTTOM,
            format!(
                "{x:.1}\", {y:.1}\" — {}",
                workbench.tool_hint(workbench.tool)
            ),
            font.clone(),
            egui::Color32::WHITE,
        );
    }
    // A press on the table while a field has the keyboard ends the typing (the field keeps
    // what was typed), and that press neither places nor picks anything.
    if typing && response.is_pointer_button_down_on() && ui.input(|i| i.pointer.primary_pressed()) {
        workbench.press_ends_typing = true;
        ui.memory_mut(|m| m.stop_text_input());
    }
    if workbench.press_ends_typing {
        if !ui.input(|i| i.pointer.primary_down()) {
            workbench.press_ends_typing = false;
        }
        return;
    }
    // A drag starts where the button went down, not where the pointer is once it counts as a
    // drag: a small base would be left behind.
    if response.drag_started_by(egui::PointerButton::Primary)
        && let Some(p) = ui
            .input(|i| i.pointer.press_origin())
            .or(response.interact_pointer_pos())
    {
        workbench.drag_start(frame.to_table(p));
    }
    if response.drag_stopped_by(egui::PointerButton::Primary)
        && let Some(p) = pointer
    {
        workbench.drag_end(frame.to_table(p));
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
    {
        if ui.input(|i| i.modifiers.shift) {
            workbench.shift_click(frame.to_table(p));
        } else {
            workbench.click(frame.to_table(p));
        }
    }
}

/// A point's handle, to drag.
fn handle(painter: &egui::Painter, at: egui::Pos2, scale: f32, fill: egui::Color32) {
    painter.circle(
        at,
        (VERTEX_REACH * scale * 0.5).clamp(3.0, 8.0),
        fill,
        egui::Stroke::new(1.0, egui::Color32::BLACK),
    );
}

/// The outline of a base: white when selected, red when a check names it.
fn stroke_of(selected: bool, faulty: bool) -> egui::Stroke {
    if selected {
        egui::Stroke::new(2.0, egui::Color32::WHITE)
    } else if faulty {
        egui::Stroke::new(2.5, ERROR)
    } else {
        egui::Stroke::new(1.0, egui::Color32::BLACK)
    }
}

fn base(
    painter: &egui::Painter,
    corners: Vec<egui::Pos2>,
    fill: egui::Color32,
    stroke: egui::Stroke,
) {
    painter.add(egui::Shape::convex_polygon(corners, fill, stroke));
}

/// Unit labels, each on a dark plate where it covers no label drawn before: below its unit, else
/// the next free row below or above, so a group in base contact reads M1, M2, M3, M4 rather than
/// "M1M2M3M4". A label with no free row near its unit is left out, unless its unit is selected.
#[derive(Default)]
struct Labels(Vec<egui::Rect>);

/// Rows tried above and below a unit before a label is left out.
const LABEL_ROWS: usize = 3;

impl Labels {
    fn put(
        &mut self,
        painter: &egui::Painter,
        at: egui::Pos2,
        scale: f32,
        text: &str,
        font: &egui::FontId,
        always: bool,
    ) {
        let galley = painter.layout_no_wrap(text.to_string(), font.clone(), egui::Color32::WHITE);
        let Some(rect) = self.place(at, 0.6 * scale, galley.size(), always) else {
            return;
        };
        painter.rect_filled(rect.expand(1.0), 2.0, egui::Color32::from_black_alpha(170));
        painter.galley(rect.min, galley, egui::Color32::WHITE);
    }

    /// Where a label of `size` goes for a unit at `at` whose base reaches `reach` points from
    /// its centre: the first free row below it, then above it, nearer rows first; `None` when
    /// every row is taken and the label is not `always` shown. The place is kept as taken.
    fn place(
        &mut self,
        at: egui::Pos2,
        reach: f32,
        size: egui::Vec2,
        always: bool,
    ) -> Option<egui::Rect> {
        let row = size.y + 2.0;
        let below = |k: usize| {
            egui::Align2::CENTER_TOP
                .anchor_size(at + egui::vec2(0.0, reach + 2.0 + k as f32 * row), size)
        };
        let above = |k: usize| {
            egui::Align2::CENTER_BOTTOM
                .anchor_size(at - egui::vec2(0.0, reach + 2.0 + k as f32 * row), size)
        };
        // A gap of a couple of points keeps neighbours' plates apart.
        let free = |r: &egui::Rect| !self.0.iter().any(|o| o.expand(1.5).intersects(*r));
        let tried = (0..LABEL_ROWS).flat_map(|k| [below(k), above(k)]);
        let rect = tried
            .clone()
            .find(|r| free(r))
            .or_else(|| always.then(|| (LABEL_ROWS..).map(below).find(|r| free(r)))?)?;
        self.0.push(rect);
        Some(rect)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Labels of a group in base contact overlapped ("M1M2M3M4"): each now has its own place,
    /// clear of the others, at the whole table's zoom.
    #[test]
    fn labels_of_units_in_base_contact_each_read() {
        // Four 1" bases side by side at 9 points an inch, labels about 14 points wide.
        let scale = 9.0;
        let size = egui::vec2(14.0, 12.0);
        let mut labels = Labels::default();
        let rects: Vec<egui::Rect> = (0..4)
            .map(|k| {
                let at = egui::pos2(100.0 + k as f32 * scale, 100.0);
                labels
                    .place(at, 0.6 * scale, size, false)
                    .expect("a place for each")
            })
            .collect();
        for (i, a) in rects.iter().enumerate() {
            for b in &rects[i + 1..] {
                assert!(!a.intersects(*b), "{a:?} and {b:?} overlap");
            }
        }
        // Each stays near its unit: within a few rows.
        for (k, r) in rects.iter().enumerate() {
            assert!((r.center().x - (100.0 + k as f32 * scale)).abs() < 0.01);
            assert!((r.center().y - 100.0).abs() < 5.0 * size.y, "{r:?}");
        }
        // A crowd beyond the rows: the unselected are left out, a selected one still shows.
        let at = egui::pos2(100.0, 100.0);
        let mut crowd = Labels::default();
        for _ in 0..2 * LABEL_ROWS {
            assert!(crowd.place(at, 5.0, size, false).is_some());
        }
        assert!(crowd.place(at, 5.0, size, false).is_none());
        assert!(crowd.place(at, 5.0, size, true).is_some());
    }
}
