//! Crashed-ship games per second, AI against AI (release: `cargo bench --bench games`).

use ambush::batch::{play_game, play_game_between, simulate};
use ambush_data::Rules;
use ambush_data::check::load_scenario_file;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{AiPlayer, Controller, Controllers};
use ambush_engine::play::layouts::marine_block;
use std::path::Path;
use std::sync::Arc;

fn main() {
    divan::main();
}

fn crashed_ship() -> ambush_data::scenario::Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    load_scenario_file(&path, Rules::bundled()).expect("the bundled scenario loads")
}

/// One whole game on one thread, roll log off (as `ambush simulate` without `--roll-log`).
#[divan::bench(sample_count = 30, sample_size = 10)]
fn one_game(bencher: divan::Bencher) {
    let scenario = crashed_ship();
    let rules = Arc::new(Rules::bundled().clone());
    let mut game = 0u64;
    bencher.bench_local(|| {
        game += 1;
        play_game(&scenario, rules.clone(), 1, game, None, false)
    });
}

/// One whole game with both sides played by the commander at the normal level (as `ambush
/// simulate --humans normal --aliens normal`), against `one_game`'s scripted sides.
#[divan::bench(sample_count = 30, sample_size = 10)]
fn one_game_normal_commanders(bencher: divan::Bencher) {
    let scenario = crashed_ship();
    let rules = Arc::new(Rules::bundled().clone());
    let normal = Controller::Ai(AiPlayer::Commander(AiLevel::Normal));
    let sides = Controllers {
        humans: normal,
        aliens: normal,
    };
    let mut game = 0u64;
    bencher.bench_local(|| {
        game += 1;
        play_game_between(&scenario, rules.clone(), 1, game, sides, None, false)
    });
}

/// 512 games across every core, as the simulator runs them.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn batch_of_512(bencher: divan::Bencher) {
    let scenario = crashed_ship();
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(512usize))
        .bench_local(|| {
            let sides = Controllers::all_ai();
            simulate(&scenario, rules.clone(), 512, 1, sides, None, false, |_| {})
        });
}

/// The crashed ship's table and kit grown to `marines` marine units: the table keeps about 40
/// square inches a marine, squads of six stand in line abreast along the south edge, and every
/// marine heads for the ship in the middle while the alien waves come on, for `turns` turns.
/// The stress test of the cost of one unit's turn as the table fills.
fn stress(marines: usize, turns: u32) -> ambush_data::scenario::Scenario {
    let mut s = crashed_ship();
    let side = ((marines as f32 * 40.0).sqrt()).max(36.0);
    s.table = (side * 1.5, side);
    // Only the ship stays, in the middle.
    s.terrain.retain(|f| f.name == "ship");
    for f in &mut s.terrain {
        if let ambush_data::geometry::Shape::Rect { center, .. } = &mut f.shape {
            *center = (side * 0.75, side * 0.5);
        }
    }
    s.turn_limit = turns;
    let per_row = ((s.table.0 - 4.0) / 8.0).floor().max(1.0) as usize;
    s.units = squads(&s.units[0], marines, per_row);
    s
}

/// `marines` copies of `template` labelled M1, M2 and on, in squads of six in line abreast
/// (bases in contact), `per_rank` squads to a rank 8" apart and the ranks 3" apart, from the
/// table's south-west corner.
fn squads(
    template: &ambush_data::scenario::UnitSpec,
    marines: usize,
    per_rank: usize,
) -> Vec<ambush_data::scenario::UnitSpec> {
    (0..marines)
        .map(|i| {
            let (squad, place) = (i / 6, i % 6);
            let mut u = template.clone();
            u.label = format!("M{}", i + 1);
            u.at = (
                2.5 + (squad % per_rank) as f32 * 8.0 + place as f32,
                1.0 + (squad / per_rank) as f32 * 3.0,
            );
            u
        })
        .collect()
}

/// One game with 10 to 1,000 marines on a table grown to match, for 4 turns; divan counts marine
/// turns, so its throughput is the cost of one marine's turn (the waves' aliens included).
#[divan::bench(args = [10, 30, 100, 300, 1000], sample_count = 5, sample_size = 1)]
fn marine_turns(bencher: divan::Bencher, marines: usize) {
    const TURNS: u32 = 4;
    let scenario = stress(marines, TURNS);
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(marines * TURNS as usize))
        .bench_local(|| play_game(&scenario, rules.clone(), 1, 0, None, false));
}

/// The crashed ship with `marines` marines in two ranks three inches apart along the south edge
/// of a table 72 inches deep and as wide as the squads need, and a ship across the middle as
/// wide as the line: however many there are, each marine has the same neighbours (one rank
/// boxed in behind the other) and heads straight north for the ship, which no marine reaches
/// in `turns` turns. `stress` deepens its ranks as it grows (one rank at 10 marines, five at
/// 1,000) and draws every marine to one point, so each marine's turn costs more for the crowd's
/// sake; this one does not.
fn two_ranks(marines: usize, turns: u32) -> ambush_data::scenario::Scenario {
    let mut s = crashed_ship();
    let per_rank = marines.div_ceil(6).div_ceil(2).max(1);
    let width = (per_rank as f32 * 8.0 + 4.0).max(54.0);
    s.table = (width, 72.0);
    s.terrain.retain(|f| f.name == "ship");
    for f in &mut s.terrain {
        if let ambush_data::geometry::Shape::Rect { center, size, .. } = &mut f.shape {
            *center = (width * 0.5, 36.0);
            *size = (width - 8.0, 3.0);
        }
    }
    s.turn_limit = turns;
    s.units = squads(&s.units[0], marines, per_rank);
    s
}

/// `marine_turns` with the marines in two ranks however many there are (`two_ranks`): the cost
/// of a marine's turn where each marine's neighbourhood stays the same as the table grows.
#[divan::bench(args = [10, 30, 100, 300, 1000], sample_count = 5, sample_size = 1)]
fn marine_turns_two_ranks(bencher: divan::Bencher, marines: usize) {
    const TURNS: u32 = 4;
    let scenario = two_ranks(marines, TURNS);
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(marines * TURNS as usize))
        .bench_local(|| play_game(&scenario, rules.clone(), 1, 0, None, false));
}

/// The crashed ship's marines in one block (`marine_block`).
fn block(marines: usize, per_rank: usize, gap: f32, turns: u32) -> ambush_data::scenario::Scenario {
    marine_block(
        crashed_ship(),
        Rules::bundled(),
        marines,
        per_rank,
        gap,
        turns,
    )
}

/// One block of 24 to 1,000 marines in base contact, 24 to a rank, for 4 turns: divan counts
/// marine turns, so a flat throughput means a unit's turn costs the same in any size of group.
#[divan::bench(args = [24, 96, 1000], sample_count = 5, sample_size = 1)]
fn marine_turns_block(bencher: divan::Bencher, marines: usize) {
    const TURNS: u32 = 4;
    let scenario = block(marines, 24, 0.0, TURNS);
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(marines * TURNS as usize))
        .bench_local(|| play_game(&scenario, rules.clone(), 1, 0, None, false));
}

/// `marine_turns_block` with the marines 2" apart: no group, each marine on its own.
#[divan::bench(args = [24, 96, 1000], sample_count = 5, sample_size = 1)]
fn marine_turns_spread(bencher: divan::Bencher, marines: usize) {
    const TURNS: u32 = 4;
    let scenario = block(marines, 24, 2.0, TURNS);
    let rules = Arc::new(Rules::bundled().clone());
    bencher
        .counter(divan::counter::ItemsCount::new(marines * TURNS as usize))
        .bench_local(|| play_game(&scenario, rules.clone(), 1, 0, None, false));
}

/// Whole games (the crashed ship's 20 turns) of `block` with `marines` marines, `gap` inches
/// apart: besides the march of `marine_turns_block`, the waves arriving beside the group, the
/// melee against it and the group held at the ship, which 4 turns never reach. Divan counts
/// the marine turns of the turn limit (every game here lasts it).
fn whole_games(bencher: divan::Bencher, marines: usize, gap: f32) {
    let turns = crashed_ship().turn_limit;
    let scenario = block(marines, 24, gap, turns);
    let rules = Arc::new(Rules::bundled().clone());
    let mut game = 0u64;
    bencher
        .counter(divan::counter::ItemsCount::new(marines * turns as usize))
        .bench_local(|| {
            game += 1;
            play_game(&scenario, rules.clone(), 1, game, None, false)
        });
}

/// Whole games with the marines in one block in base contact, 24 to a rank.
#[divan::bench(args = [24, 96, 1000], sample_count = 1, sample_size = 1)]
fn whole_games_block(bencher: divan::Bencher, marines: usize) {
    whole_games(bencher, marines, 0.0);
}

/// Whole games with the marines 2" apart, 24 to a rank: no group.
#[divan::bench(args = [24, 96, 1000], sample_count = 1, sample_size = 1)]
fn whole_games_spread(bencher: divan::Bencher, marines: usize) {
    whole_games(bencher, marines, 2.0);
}
