//! The egui backend: the same triangles as an egui mesh, fitted into a rectangle of the menu, the set-up screens or the legend.

use super::*;
use bevy::prelude::*;
use bevy_egui::egui;

/// egui's colour for a Bevy colour.
pub fn egui_colour(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

impl Triangles {
    /// The same triangles as an egui mesh, each point placed by `to_screen`: how the menu's
    /// maps and the set-up screen draw the table with the table's own art.
    pub fn egui_mesh(&self, to_screen: impl Fn(Vec2) -> egui::Pos2) -> egui::Mesh {
        let mut mesh = egui::Mesh::default();
        mesh.reserve_vertices(self.positions.len());
        mesh.reserve_triangles(self.positions.len() / 3);
        for (i, (p, c)) in self.positions.iter().zip(&self.colours).enumerate() {
            mesh.colored_vertex(to_screen(*p), egui_colour(*c));
            if i % 3 == 2 {
                let i = i as u32;
                mesh.add_triangle(i - 2, i - 1, i);
            }
        }
        mesh
    }
}

/// Maps table inches (y north) into `rect` (y down), the table fitted and centred, aspect kept.
/// Returns the mapping and the rectangle the table fills.
pub fn fit_table(rect: egui::Rect, size: Vec2) -> (impl Fn(Vec2) -> egui::Pos2, egui::Rect) {
    let scale = (rect.width() / size.x.max(1e-3)).min(rect.height() / size.y.max(1e-3));
    let used = egui::vec2(size.x * scale, size.y * scale);
    let min = rect.center() - used * 0.5;
    let filled = egui::Rect::from_min_size(min, used);
    let bottom = filled.bottom();
    (
        move |p: Vec2| egui::pos2(min.x + p.x * scale, bottom - p.y * scale),
        filled,
    )
}
