//! The scenario editor's answer time: one edit made and every check run again, as a drag's release does, on the largest bundled scenario and on one at the schema's limits.

use ambush::editor::{Draft, Edit, Origin};
use ambush_data::Rules;
use ambush_data::board::{Going, TerrainFeature};
use ambush_data::check::{MAX_TERRAIN, MAX_UNITS};
use ambush_data::geometry::Shape;
use std::sync::Arc;

fn main() {
    divan::main();
}

/// The colonial square (12 units, 5 terrain features, its mod's tables): the largest bundled
/// scenario by pieces.
fn square() -> Draft {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("mods/colonial/scenarios/the_square.ron");
    ambush::editor::files::open_with_its_rules(&path, &[]).expect("the square opens")
}

/// The crashed ship grown to the schema's limits: 200 units in ranks and 200 terrain features
/// (woods and rocks in a grid) on a 240" x 240" table.
fn at_the_limits() -> Draft {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    let text = std::fs::read_to_string(&path).expect("the crashed ship");
    let rules = Arc::new(Rules::bundled().clone());
    let mut s = ambush_data::check::parse_scenario("crashed_ship.ron", &text, &rules)
        .expect("the crashed ship parses");
    s.table = (240.0, 240.0);
    if let Some(ambush_data::scenario::Objective::RepairAndBoard { .. }) = s.objective {
        s.terrain.retain(|f| f.name == "ship");
        for f in &mut s.terrain {
            f.shape = Shape::Rect {
                center: (120.0, 230.0),
                size: (6.0, 3.0),
                rotation: 0.0,
            };
        }
    }
    let template = s.units[0].clone();
    s.units = (0..MAX_UNITS)
        .map(|i| {
            let mut u = template.clone();
            u.label = format!("M{}", i + 1);
            u.at = (10.0 + (i % 50) as f32 * 2.0, 10.0 + (i / 50) as f32 * 3.0);
            u
        })
        .collect();
    let room = MAX_TERRAIN - s.terrain.len();
    for k in 0..room {
        let center = (10.0 + (k % 15) as f32 * 15.0, 40.0 + (k / 15) as f32 * 13.0);
        let (shape, going) = if k % 2 == 0 {
            (
                Shape::Rect {
                    center,
                    size: (6.0, 4.0),
                    rotation: 15.0,
                },
                Going::Bad,
            )
        } else {
            (
                Shape::Circle {
                    center,
                    radius: 2.0,
                },
                Going::Impassable,
            )
        };
        s.terrain
            .push(TerrainFeature::new(&format!("piece {k}"), shape, going));
    }
    let draft = Draft::opened(s, rules, Origin::New);
    assert!(draft.passes_checks(), "{:?}", draft.problems().first());
    draft
}

/// A unit dragged 1" and let go: the edit, then every check.
fn edit_and_check(bencher: divan::Bencher, draft: Draft) {
    bencher
        .with_inputs(|| draft.clone())
        .bench_local_values(|mut d| {
            d.apply(Edit::MoveUnit {
                index: 0,
                by: (1.0, 0.0),
            })
            .expect("the move is an edit");
            d.problems().len()
        });
}

#[divan::bench(sample_count = 50)]
fn largest_bundled(bencher: divan::Bencher) {
    edit_and_check(bencher, square());
}

#[divan::bench(sample_count = 50)]
fn two_hundred_units_and_terrain(bencher: divan::Bencher) {
    edit_and_check(bencher, at_the_limits());
}
