//! Whole crashed-ship games of a block of marines through the engine alone: the time a marine-turn and each game's end.
//!
//! `cargo run --release -p ambush_engine --example block_games -- MARINES GAP GAMES [TURNS]`
//! plays games 0 to GAMES-1 (seed 1) of `play::layouts::marine_block` (24 to a rank, GAP
//! inches apart: 0 is one group) and prints the wall time a marine-turn and a hash of every
//! game's end table, which a change that means to keep every game must keep. Under
//! `valgrind --tool=callgrind` it counts instructions, the same on a busy machine as on an idle
//! one (docs/performance.md).

use ambush_data::Rules;
use ambush_data::mods::load_scenario_with_rules;
use ambush_engine::play::layouts::marine_block;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::{Game, hashing, step_cap};
use std::path::Path;
use std::sync::Arc;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize, name: &str| -> Result<Option<f64>, String> {
        args.get(i)
            .map(|a| a.parse().map_err(|_| format!("{name}: not a number: {a}")))
            .transpose()
    };
    let usage = "usage: block_games MARINES GAP GAMES [TURNS]";
    let marines = arg(0, "MARINES")?.ok_or(usage)? as usize;
    let gap = arg(1, "GAP")?.ok_or(usage)? as f32;
    let games = arg(2, "GAMES")?.ok_or(usage)? as u64;
    let turns = arg(3, "TURNS")?.map_or(20, |t| t as u32);
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/crashed_ship.ron");
    let (ship, _) = load_scenario_with_rules(&file).map_err(|e| e.to_string())?;
    let rules = Rules::bundled();
    let scenario = marine_block(ship, rules, marines, 24, gap, turns);
    let rules = Arc::new(rules.clone());
    let started = std::time::Instant::now();
    let mut ends = String::new();
    for game in 0..games {
        let mut setup = NewGame::new(scenario.clone(), 1, game);
        setup.record_orders = false;
        let mut game = Game::new(&setup, rules.clone());
        game.play_to_end(step_cap(&scenario));
        ends.push_str(&hashing::table_hash(&game.table));
    }
    let seconds = started.elapsed().as_secs_f64();
    let marine_turns = (games * u64::from(turns)) as f64 * marines as f64;
    println!(
        "{marines} marines, gap {gap}, {games} games: {:.1} µs a marine-turn, ends {}",
        seconds * 1e6 / marine_turns,
        &blake3::hash(ends.as_bytes()).to_hex()[..16]
    );
    Ok(())
}
