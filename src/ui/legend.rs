//! The map legend, each terrain look of this table with its game effect and the tokens' shapes, and the name of the feature under the pointer.

use crate::view::art::{self, Palette, Triangles};
use ambush_data::board::{Going, Side, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::tables::UnitSymbol;
use ambush_engine::rules::table::Table;
use bevy::prelude::Vec2;
use bevy_egui::egui;

/// What a feature does in the game, in a player's words.
pub fn effects(f: &TerrainFeature) -> String {
    let mut words: Vec<String> = Vec::new();
    match f.going {
        Going::Good => {}
        Going::Bad if f.water => words.push("bad going, no cover".into()),
        Going::Bad => words.push("bad going, cover".into()),
        Going::Impassable => words.push("impassable".into()),
    }
    if f.tall {
        words.push("blocks sight".into());
    }
    if f.linear_defence {
        words.push("cover to a unit in frontal contact".into());
    }
    if f.height > 0.0 {
        words.push(format!("{:.0} ft up: a unit driven off it falls", f.height));
    }
    if words.is_empty() {
        words.push("open ground, no effect".into());
    }
    words.join(", ")
}

/// Each look on this table with the effects of its features, in the legend's order.
pub fn legend_rows(terrain: &[TerrainFeature]) -> Vec<(TerrainLook, Vec<String>)> {
    let mut rows: Vec<(TerrainLook, Vec<String>)> = Vec::new();
    for f in terrain {
        let look = f.look();
        let effect = effects(f);
        match rows.iter_mut().find(|(l, _)| *l == look) {
            Some((_, e)) if !e.contains(&effect) => e.push(effect),
            Some(_) => {}
            None => rows.push((look, vec![effect])),
        }
    }
    rows.sort_by_key(|(l, _)| TerrainLook::ALL.iter().position(|a| a == l));
    rows
}

/// A small swatch of a look, drawn by the table's own art.
fn swatch(ui: &mut egui::Ui, paints: Vec<art::Paint>, size: Vec2) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(44.0, 28.0), egui::Sense::hover());
    let (to_screen, _) = art::fit_table(rect, size);
    ui.painter().add(egui::Shape::mesh(
        Triangles::of(&paints).egui_mesh(to_screen),
    ));
}

/// The legend window, collapsible, and the name of the terrain under the pointer beside it.
/// Returns the window's area.
pub(super) fn show(
    ctx: &egui::Context,
    table: &Table,
    palette: Palette,
    pointer: Option<Vec2>,
    pointer_over_panel: bool,
) -> Option<egui::Rect> {
    // Opened and closed by the status bar's Legend button (the whole button, not a small
    // arrow), and dragged anywhere by its title: it never has to sit over the table's units.
    let mut open = legend_open(ctx);
    let window = egui::Window::new("Legend")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_pos(ctx.content_rect().right_top() + egui::vec2(-900.0, 60.0))
        .show(ctx, |ui| {
            egui::Grid::new("legend").striped(true).show(ui, |ui| {
                for (look, effects) in legend_rows(&table.terrain) {
                    let feature = TerrainFeature {
                        look: Some(look),
                        ..TerrainFeature::new(
                            look.label(),
                            Shape::Rect {
                                center: (3.0, 2.0),
                                size: (6.0, 4.0),
                                rotation: 0.0,
                            },
                            Going::Bad,
                        )
                    };
                    let mut paints = art::cloth(Vec2::new(6.0, 4.0), None, palette);
                    paints.truncate(1);
                    paints.extend(art::terrain(&feature, palette));
                    swatch(ui, paints, Vec2::new(6.0, 4.0));
                    ui.strong(look.label());
                    ui.label(effects.join("; "));
                    ui.end_row();
                }
                for (side, symbol, words) in [
                    (
                        Side::Humans,
                        UnitSymbol::Infantry,
                        "square frame: the human side; the bright edge is the front",
                    ),
                    (
                        Side::Aliens,
                        UnitSymbol::Alien,
                        "diamond frame: the alien side",
                    ),
                ] {
                    let paints = art::placed(
                        art::token(side, symbol, Vec2::splat(1.5), palette),
                        Vec2::new(3.0, 1.0),
                        std::f32::consts::FRAC_PI_2,
                    );
                    swatch(ui, paints, Vec2::new(6.0, 2.0));
                    ui.strong(table.config.side_names.of(side));
                    ui.label(words);
                    ui.end_row();
                }
                ui.label("");
                ui.strong("symbols");
                ui.label("X infantry, / mounted, wheel weapon crew, wings fliers, claws aliens");
                ui.end_row();
            });
        })
        .map(|r| r.response.rect);
    set_legend_open(ctx, open);
    // The unit and the feature under the pointer, the topmost drawn (the last listed): a unit
    // too small for its label is named here.
    let Some(p) = pointer.filter(|_| !pointer_over_panel) else {
        return window;
    };
    let unit = table
        .units
        .iter()
        .rev()
        .find(|u| u.on_table() && u.base.contains(p));
    let feature = table.terrain.iter().rev().find(|f| f.shape.contains(p));
    if unit.is_some() || feature.is_some() {
        egui::Tooltip::always_open(
            ctx.clone(),
            egui::LayerId::background(),
            egui::Id::new("terrain under pointer"),
            egui::PopupAnchor::Pointer,
        )
        .gap(16.0)
        .show(|ui| {
            if let Some(u) = unit {
                ui.strong(format!("{} · {}", u.label, u.troop.as_str()));
            }
            if let Some(f) = feature {
                ui.strong(&f.name);
                ui.label(format!("{}: {}", f.look().label(), effects(f)));
            }
        });
    }
    window
}

fn legend_id() -> egui::Id {
    egui::Id::new("legend open")
}

/// Whether the legend window is open (the status bar's button toggles it).
pub fn legend_open(ctx: &egui::Context) -> bool {
    ctx.data(|d| d.get_temp::<bool>(legend_id()))
        .unwrap_or(false)
}

pub fn set_legend_open(ctx: &egui::Context, open: bool) {
    ctx.data_mut(|d| d.insert_temp(legend_id(), open));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_lists_each_look_once_with_every_effect_its_features_have() {
        let rect = |x: f32| Shape::Rect {
            center: (x, 1.0),
            size: (1.0, 1.0),
            rotation: 0.0,
        };
        let f = |name: &str, x, going, tall, water| TerrainFeature {
            tall,
            water,
            ..TerrainFeature::new(name, rect(x), going)
        };
        let terrain = vec![
            f("north wood", 1.0, Going::Bad, false, false),
            f("east wood", 3.0, Going::Bad, false, false),
            f("stream", 5.0, Going::Bad, false, true),
            f("fallen tree", 7.0, Going::Impassable, true, false),
        ];
        let rows = legend_rows(&terrain);
        assert_eq!(rows.len(), 2, "{rows:?}");
        assert_eq!(rows[0].0, TerrainLook::Woods);
        assert_eq!(
            rows[0].1,
            vec!["bad going, cover", "impassable, blocks sight"]
        );
        assert_eq!(
            rows[1],
            (TerrainLook::Water, vec!["bad going, no cover".into()])
        );
    }
}
