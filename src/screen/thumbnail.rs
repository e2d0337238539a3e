//! Scenario maps for the menu and the set-up screen, drawn by the table's own art code into egui, so a mod's scenario gets its map for free.

use crate::view::art::{self, Palette, Triangles};
use crate::view::troop_look;
use ambush_data::Rules;
use ambush_data::scenario::Scenario;
use bevy::prelude::Vec2;
use bevy_egui::egui;
use std::collections::HashMap;

/// A scenario's map before play, as triangles in table inches: terrain, deployments, the
/// ambush's zone and route, dummies and the objective.
pub fn scenario_triangles(s: &Scenario, rules: &Rules, palette: Palette) -> Triangles {
    let look = |side, troop: &ambush_data::tables::TroopType| troop_look(Some(rules), side, troop);
    Triangles::of(&art::scenario_map(s, &look, palette))
}

/// The egui mesh of a scenario's map fitted into `rect`, and the part of `rect` the table fills.
pub fn thumbnail(triangles: &Triangles, table: Vec2, rect: egui::Rect) -> (egui::Mesh, egui::Rect) {
    let (to_screen, filled) = art::fit_table(rect, table);
    (triangles.egui_mesh(to_screen), filled)
}

/// The maps already drawn, by scenario file and palette: a map is built once, not every frame.
#[derive(Debug, Default)]
pub struct MapCache(HashMap<(String, Palette), Triangles>);

impl MapCache {
    pub fn get(&mut self, file: &str, s: &Scenario, rules: &Rules, palette: Palette) -> &Triangles {
        self.0
            .entry((file.to_string(), palette))
            .or_insert_with(|| scenario_triangles(s, rules, palette))
    }

    /// Paints a scenario's map into `rect` of `ui`, with a thin frame.
    pub fn paint(
        &mut self,
        ui: &egui::Ui,
        rect: egui::Rect,
        file: &str,
        s: &Scenario,
        rules: &Rules,
        palette: Palette,
    ) {
        let table = Vec2::new(s.table.0, s.table.1);
        let (mesh, filled) = thumbnail(self.get(file, s, rules, palette), table, rect);
        let painter = ui.painter_at(rect);
        painter.add(egui::Shape::mesh(mesh));
        painter.rect_stroke(
            filled,
            0.0,
            egui::Stroke::new(1.0, egui::Color32::from_gray(20)),
            egui::StrokeKind::Outside,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::art::map_colours;
    use ambush_data::check::load_scenario_file;
    use std::path::Path;

    fn scenario(file: &str) -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
        load_scenario_file(&path, Rules::bundled()).expect("the bundled scenario loads")
    }

    fn has_colour(mesh: &egui::Mesh, c: bevy::prelude::Color) -> bool {
        let want = art::egui_colour(c);
        mesh.vertices.iter().any(|v| v.color == want)
    }

    #[test]
    fn a_thumbnail_fits_its_rectangle_and_shows_terrain_deployments_and_the_objective() {
        let s = scenario("scenarios/crashed_ship.ron");
        let rules = Rules::bundled();
        let palette = Palette::default();
        let rect = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(240.0, 120.0));
        let t = scenario_triangles(&s, rules, palette);
        let (mesh, filled) = thumbnail(&t, Vec2::new(s.table.0, s.table.1), rect);
        assert_eq!(mesh.vertices.len(), t.positions.len());
        assert_eq!(mesh.indices.len(), t.positions.len());
        // The table keeps its shape: 72" by 48" into 240 by 120 is 180 by 120, centred.
        assert!((filled.width() - 180.0).abs() < 0.01 && (filled.height() - 120.0).abs() < 0.01);
        assert!((filled.center() - rect.center()).length() < 0.01);
        // Nothing spills out but the table's frame and the tokens at its very edge.
        let slack = rect.expand(3.0);
        assert!(mesh.vertices.iter().all(|v| slack.contains(v.pos)));
        // Every terrain look of the scenario, the marines' tokens and the ship's star are there.
        for f in &s.terrain {
            assert!(
                has_colour(&mesh, palette.fill(f.look())),
                "the {} is drawn",
                f.name
            );
        }
        assert!(has_colour(
            &mesh,
            palette.side(ambush_data::board::Side::Humans)
        ));
        assert!(has_colour(&mesh, map_colours::OBJECTIVE));
    }

    #[test]
    fn an_ambush_map_shows_the_zone_route_and_column_but_never_where_the_ambushers_wait() {
        let rules = Rules::bundled();
        let palette = Palette::default();
        // Aliens ambush a marine column; marines ambush an alien patrol.
        for file in ["scenarios/jungle_patrol.ron", "scenarios/night_raid.ron"] {
            let s = scenario(file);
            let t = scenario_triangles(&s, rules, palette);
            let rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(300.0, 200.0));
            let (mesh, _) = thumbnail(&t, Vec2::new(s.table.0, s.table.1), rect);
            let a = s.ambush.as_ref().expect("an ambush scenario");
            if !a.zone.is_empty() {
                assert!(has_colour(&mesh, map_colours::ZONE), "{file}: the zone");
            }
            if a.route.len() >= 2 {
                assert!(has_colour(&mesh, map_colours::ROUTE), "{file}: the route");
            }
            assert!(
                has_colour(&mesh, palette.side(a.ambushed)),
                "{file}: the column is shown"
            );
            assert!(
                !has_colour(&mesh, palette.side(a.ambushed.other())),
                "{file}: the ambushers' places are left off the menu's map"
            );
        }
    }

    #[test]
    fn every_bundled_and_mod_scenario_has_a_map_and_the_cache_builds_each_once() {
        let mut cache = MapCache::default();
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files: Vec<_> = std::fs::read_dir(root.join("scenarios"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        let rules = Rules::bundled();
        for path in files {
            let s = load_scenario_file(&path, rules).expect("loads");
            let name = path.display().to_string();
            let n = cache
                .get(&name, &s, rules, Palette::default())
                .positions
                .len();
            assert!(n > 0, "{name} has a map");
            let again = cache
                .get(&name, &s, rules, Palette::default())
                .positions
                .len();
            assert_eq!(n, again);
        }
        assert!(cache.0.len() >= 10);
    }
}
