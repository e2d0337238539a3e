//! The title at the head of the menu: the game's name over a skirmish drawn with the table's own tokens.

use crate::view::art::{self, Palette, Triangles};
use ambush_data::board::Side;
use ambush_data::tables::UnitSymbol;
use bevy::prelude::Vec2;
use bevy_egui::egui;

/// The scene behind the title, in inches on a strip 80" by 8": a marine squad on the left, a
/// wave of aliens on the right, a stream, woods and rocks between, and the squad's fire.
pub fn title_scene(palette: Palette) -> Triangles {
    use ambush_data::board::{Going, TerrainFeature};
    use ambush_data::geometry::Shape;
    let feature = |name: &str, shape, going, water| TerrainFeature {
        tall: going == Going::Impassable,
        water,
        ..TerrainFeature::new(name, shape, going)
    };
    let circle = |x: f32, y: f32, r: f32| Shape::Circle {
        center: (x, y),
        radius: r,
    };
    let size = Vec2::new(80.0, 8.0);
    let terrain = [
        feature("west wood", circle(4.0, 6.5, 3.0), Going::Bad, false),
        feature(
            "stream",
            Shape::Rect {
                center: (27.0, 4.0),
                size: (14.0, 1.4),
                rotation: 70.0,
            },
            Going::Bad,
            true,
        ),
        feature("wood", circle(40.0, 6.0, 2.6), Going::Bad, false),
        feature("rocks", circle(47.0, 2.2, 1.5), Going::Impassable, false),
        feature("east wood", circle(76.0, 1.8, 3.0), Going::Bad, false),
        feature("crag", circle(62.0, 6.8, 1.4), Going::Impassable, false),
    ];
    let mut paints = art::table(size, &terrain, None, palette);
    for (i, y) in [2.0, 4.0, 6.0].into_iter().enumerate() {
        let at = Vec2::new(13.0 + i as f32 * 0.6, y);
        paints.extend(art::placed(
            art::token(Side::Humans, UnitSymbol::Infantry, Vec2::ONE, palette),
            at,
            0.0,
        ));
        // A line of fire toward the aliens.
        paints.push(art::Paint::Stroke {
            points: vec![at + Vec2::new(0.8, 0.0), Vec2::new(65.0, y * 0.8 + 1.0)],
            width: 0.06,
            colour: art::marks::FIRE,
            closed: false,
        });
    }
    for (x, y) in [(67.0, 2.2), (68.5, 4.6), (66.5, 6.4), (70.5, 3.0)] {
        paints.extend(art::placed(
            art::token(Side::Aliens, UnitSymbol::Alien, Vec2::splat(1.5), palette),
            Vec2::new(x, y),
            std::f32::consts::PI,
        ));
    }
    Triangles::of(&paints)
}

/// Paints the title strip across `ui`'s width: the scene, darkened under the name, the name and
/// a line saying what the game is.
pub fn title_banner(ui: &mut egui::Ui, scene: &Triangles) {
    let width = ui.available_width();
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 130.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    // The 80" by 8" scene fills the strip, cropped at the top and bottom or at the sides.
    let scale = (rect.width() / 80.0).max(rect.height() / 8.0);
    let centre = rect.center();
    let to_screen = |p: Vec2| {
        egui::pos2(
            centre.x + (p.x - 40.0) * scale,
            centre.y - (p.y - 4.0) * scale,
        )
    };
    painter.add(egui::Shape::mesh(scene.egui_mesh(to_screen)));
    painter.rect_filled(
        egui::Rect::from_center_size(rect.center(), egui::vec2(rect.width() * 0.42, 110.0)),
        12.0,
        egui::Color32::from_black_alpha(170),
    );
    let name = egui::FontId::proportional(64.0);
    let shadow = egui::Color32::from_black_alpha(200);
    let ink = egui::Color32::from_rgb(245, 225, 160);
    let at = rect.center() - egui::vec2(0.0, 12.0);
    painter.text(
        at + egui::vec2(3.0, 3.0),
        egui::Align2::CENTER_CENTER,
        "AMBUSH",
        name.clone(),
        shadow,
    );
    painter.text(at, egui::Align2::CENTER_CENTER, "AMBUSH", name, ink);
    painter.text(
        rect.center() + egui::vec2(0.0, 36.0),
        egui::Align2::CENTER_CENTER,
        "Skirmishes on a digital tabletop. Every roll is shown and explained.",
        egui::FontId::proportional(15.0),
        egui::Color32::from_gray(230),
    );
}
