//! Per-frame cost of the game's own systems with 300 units on the table and a 10,000-entry roll
//! log (release: `cargo bench --bench frame`). Rendering is the GPU's and is not counted.

use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush::input::player_app;
use ambush::input::{Pointer, Previews, Selection};
use ambush::ui::{OverlayFrame, RollLogView, draw};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::check::load_scenario_file;
use ambush_data::geometry::{Footprint, bearing_to_angle};
use ambush_data::scenario::UnitSpec;
use ambush_data::tables::TroopType;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::{RollEntry, RollKind};
use ambush_engine::rules::table::{Status, TurnMarks, Unit};
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;
use std::sync::Arc;

fn main() {
    divan::main();
}

const MARINES: usize = 150;
const ALIENS: usize = 150;
const LOG_ENTRIES: usize = 10_000;

/// A 120" x 80" table with 150 marines in the south and 150 aliens in the north, the player to
/// move with one marine selected and the pointer previewing its move, and a full roll log.
fn busy_game() -> App {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    let mut scenario = load_scenario_file(&path, Rules::bundled()).expect("scenario");
    scenario.table = (120.0, 80.0);
    scenario.units = (0..MARINES)
        .map(|i| UnitSpec {
            label: format!("M{}", i + 1),
            troop: TroopType::known("Infantry"),
            formation: None,
            at: (6.0 + (i % 25) as f32 * 4.0, 4.0 + (i / 25) as f32 * 3.0),
            facing: 0.0,
            weapons: vec!["blaster".into(), "laser_pistol".into()],
            armour: true,
            traits: Default::default(),
        })
        .collect();
    let mut setup = NewGame::new(scenario, 1, 0);
    setup.controllers = Controllers::solo();
    let mut app = player_app(&setup, Arc::new(Rules::bundled().clone()));
    {
        // The aliens join the game's table; the mirror spawns their entities next frame.
        let mut game = app.world_mut().resource_mut::<GameInPlay>();
        for i in 0..ALIENS {
            let unit = Unit {
                id: (MARINES + i) as u32,
                label: format!("A{}.{}", i / 5 + 1, i % 5 + 1).into(),
                side: Side::Aliens,
                troop: TroopType::known("Alien"),
                base: Footprint::new(
                    Vec2::new(6.0 + (i % 25) as f32 * 4.0, 76.0 - (i / 25) as f32 * 3.0),
                    Vec2::new(1.5, 1.5),
                    bearing_to_angle(180.0),
                ),
                weapons: vec!["claws".to_string()].into(),
                armour: false,
                wounds: 0,
                wave: Some((i / 5 + 1) as u32),
                status: Status::default(),
                marks: TurnMarks::default(),
                cards: None,
                traits: Default::default(),
                surprise: Default::default(),
                located: Vec::new(),
            };
            game.table.units.push(unit);
        }
        game.table.progress.next_unit_id = (MARINES + ALIENS) as u32;
    }
    for _ in 0..20 {
        app.update();
    }
    assert!(
        app.world().resource::<GameInPlay>().awaiting.0.is_some(),
        "the player is to move"
    );
    let entry = RollEntry::dice(RollKind::ToHit, "1d6", vec![4])
        .actor("M1")
        .target("A1.1")
        .need(5)
        .success(false)
        .effect("missed with blaster at medium range");
    let mut game = app.world_mut().resource_mut::<GameInPlay>();
    while game.dice.log.len() < LOG_ENTRIES {
        game.dice.log.push(entry.clone());
    }
    let m1 = Vec2::new(6.0, 4.0);
    app.world_mut().resource_mut::<Selection>().unit = Some(0);
    app.world_mut().resource_mut::<Pointer>().world = Some(m1 + Vec2::new(2.0, 1.5));
    app.update();
    assert!(
        app.world().resource::<Previews>().movement.is_some(),
        "{:?} {:?}",
        app.world().resource::<GameInPlay>().awaiting.0,
        app.world().resource::<State<TurnPhase>>().get()
    );
    app
}

/// One frame of the game's ECS systems: rules, input, the table snapshot and the previews.
#[divan::bench(sample_count = 50, sample_size = 20)]
fn systems(bencher: divan::Bencher) {
    let mut app = busy_game();
    assert_eq!(
        *app.world().resource::<State<TurnPhase>>().get(),
        Phase::Movement
    );
    bencher.bench_local(|| app.update());
}

/// One frame of the overlay: building every panel over the 10,000-entry log, and tessellating.
#[divan::bench(sample_count = 50, sample_size = 5)]
fn overlay(bencher: divan::Bencher) {
    let app = busy_game();
    let w = app.world();
    let ctx = egui::Context::default();
    let mut log_view = RollLogView::default();
    let mut help = false;
    let input = || egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1440.0, 900.0),
        )),
        ..Default::default()
    };
    let log: Vec<&RollEntry> = w.resource::<GameInPlay>().dice.log.iter().collect();
    let frame = OverlayFrame::from_world(w, &log, w.resource::<Selection>());
    bencher.bench_local(|| {
        let mut out = ctx.run_ui(input(), |ui| {
            draw(ui.ctx(), &frame, &mut log_view, &mut help, &mut None);
        });
        // The renderer would upload the font atlas; here it is dropped.
        out.textures_delta.clear();
        ctx.tessellate(out.shapes, out.pixels_per_point)
    });
}
