//! The title screen and the strip at the head of the menu: the game's name over a skirmish drawn with the table's own tokens and terrain.

use crate::game::frame::FrameSet;
use crate::screen::Screen;
use crate::ui::EguiPass;
use crate::view::DisplaySettings;
use crate::view::art::{self, Palette, Triangles};
use ambush_data::board::Side;
use ambush_data::tables::UnitSymbol;
use bevy::prelude::*;
use bevy_egui::egui;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

/// The scene behind the title, in inches on a strip 80" by 8": a marine squad on the left, a
/// wave of aliens on the right, a stream, woods and rocks between, and the squad's fire; every
/// feature stays inside the strip.
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
        feature("west wood", circle(4.5, 4.5, 3.0), Going::Bad, false),
        feature(
            "stream",
            Shape::Rect {
                center: (27.0, 4.0),
                size: (7.4, 1.4),
                rotation: 75.0,
            },
            Going::Bad,
            true,
        ),
        feature("wood", circle(40.0, 5.0, 2.6), Going::Bad, false),
        feature("rocks", circle(47.0, 2.2, 1.5), Going::Impassable, false),
        feature("east wood", circle(75.5, 4.2, 3.0), Going::Bad, false),
        feature("crag", circle(62.0, 6.2, 1.4), Going::Impassable, false),
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
            colour: art::map_colours::FIRE,
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

/// The title screen, shown over the menu when the window opens until a key or a button is
/// pressed or `TITLE_SECONDS` pass. A game started from the command line skips it.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct TitleCard {
    pub showing: bool,
}

/// How long the title stands before the menu shows by itself.
pub const TITLE_SECONDS: f32 = 3.0;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(TitleCard { showing: true });
    app.add_systems(
        Update,
        keep_title_scene
            .in_set(FrameSet::Presentation)
            .run_if(in_state(Screen::Menu)),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_title_screen
            .in_set(EguiPass::Screens)
            .run_if(in_state(Screen::Menu)),
    );
    // Once past the menu, coming back to it shows the menu at once.
    app.add_systems(OnExit(Screen::Menu), |mut card: ResMut<TitleCard>| {
        card.showing = false;
    });
}

/// The title's scene in the player's palette, drawn once for the title screen and the menu's
/// strip alike, and again when the palette changes.
#[derive(Resource, Debug)]
pub struct TitleScene {
    palette: Palette,
    pub triangles: Triangles,
}

fn keep_title_scene(
    display: Res<DisplaySettings>,
    scene: Option<Res<TitleScene>>,
    mut commands: Commands,
) {
    let palette = display.palette();
    if scene.is_none_or(|s| s.palette != palette) {
        commands.insert_resource(TitleScene {
            palette,
            triangles: title_scene(palette),
        });
    }
}

/// Draws the title over the whole window: the scene large, the name, and how to go on.
fn draw_title_screen(
    mut contexts: EguiContexts,
    mut card: ResMut<TitleCard>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    time: Res<Time<Real>>,
    mut since: Local<Option<f32>>,
    scene: Option<Res<TitleScene>>,
) -> Result {
    if !card.showing {
        return Ok(());
    }
    let now = time.elapsed_secs();
    let start = *since.get_or_insert(now);
    if keys.get_just_pressed().next().is_some()
        || buttons.get_just_pressed().next().is_some()
        || now - start > TITLE_SECONDS
    {
        card.showing = false;
        return Ok(());
    }
    let Some(scene) = scene else {
        return Ok(());
    };
    let scene = &scene.triangles;
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("title screen"))
        .order(egui::Order::Foreground)
        .fixed_pos(screen.min)
        .show(ctx, |ui| {
            let (rect, _) = ui.allocate_exact_size(screen.size(), egui::Sense::click());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, 0.0, egui::Color32::from_rgb(20, 22, 24));
            // The scene across the window's middle, 80" wide.
            let band = egui::Rect::from_center_size(
                rect.center(),
                egui::vec2(rect.width(), rect.width() / 10.0),
            );
            let scale = band.width() / 80.0;
            let to_screen = |p: Vec2| {
                egui::pos2(
                    band.center().x + (p.x - 40.0) * scale,
                    band.center().y - (p.y - 4.0) * scale,
                )
            };
            painter.add(egui::Shape::mesh(scene.egui_mesh(to_screen)));
            let ink = egui::Color32::from_rgb(245, 225, 160);
            let above = band.top() - 70.0;
            painter.text(
                egui::pos2(rect.center().x + 4.0, above + 4.0),
                egui::Align2::CENTER_CENTER,
                "AMBUSH",
                egui::FontId::proportional(110.0),
                egui::Color32::from_black_alpha(220),
            );
            painter.text(
                egui::pos2(rect.center().x, above),
                egui::Align2::CENTER_CENTER,
                "AMBUSH",
                egui::FontId::proportional(110.0),
                ink,
            );
            painter.text(
                egui::pos2(rect.center().x, band.bottom() + 40.0),
                egui::Align2::CENTER_CENTER,
                "Marines against alien waves, ambushes and surprise, on a digital tabletop",
                egui::FontId::proportional(20.0),
                egui::Color32::from_gray(230),
            );
            painter.text(
                egui::pos2(rect.center().x, rect.bottom() - 60.0),
                egui::Align2::CENTER_CENTER,
                "press any key or click",
                egui::FontId::proportional(16.0),
                egui::Color32::from_gray(160),
            );
        });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_scene_stays_inside_its_strip_and_has_both_sides() {
        let palette = Palette::default();
        let t = title_scene(palette);
        // The table's border is a stroke centred on the edge; nothing else reaches past it.
        for p in &t.positions {
            assert!(
                (-0.2..=80.2).contains(&p.x) && (-0.2..=8.2).contains(&p.y),
                "{p} is outside the 80\" by 8\" strip"
            );
        }
        for side in [Side::Humans, Side::Aliens] {
            assert!(t.colours.contains(&palette.side(side)), "{side:?} is in it");
        }
    }
}
