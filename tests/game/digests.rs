//! Roll logs are a contract: every scenario's log for a few seeds matches a stored digest.
//!
//! A change that makes the game faster or tidier leaves every roll where it was. Only a commit
//! that means to change a rule or a scenario updates `tests/fixtures/roll_digests.txt`, and says
//! so: run `AMBUSH_BLESS_DIGESTS=1 cargo test digests` to write the file anew.

use crate::{every_scenario, root};
use ambush::batch::{play_game, result_of, simulated_sides, step_cap};
use ambush::game::resources::GameInPlay;
use ambush::game::{headless_app, run_to_end};
use ambush_data::Rules;
use ambush_data::scenario::Scenario;
use ambush_engine::play::new_game::NewGame;
use std::sync::Arc;

/// The seeds each scenario is played with, and the games of each seed.
const SEEDS: [u64; 3] = [1, 2, 3];
const GAMES: u64 = 2;

/// One line per scenario and seed: the name, the seed, the rolls, and a digest of their JSON.
fn digests() -> String {
    let mut out = String::new();
    for (scenario, rules) in every_scenario() {
        for seed in SEEDS {
            let mut hasher = blake3::Hasher::new();
            let mut rolls = 0;
            for game in 0..GAMES {
                let result = play_game(&scenario, rules.clone(), seed, game, None, true);
                for entry in &result.log {
                    hasher.update(entry.to_json().as_bytes());
                    hasher.update(b"\n");
                }
                rolls += result.log.len();
            }
            out.push_str(&format!(
                "{} | seed {seed} | {rolls} rolls | {}\n",
                scenario.name,
                &hasher.finalize().to_hex()[..32]
            ));
        }
    }
    out
}

#[test]
fn every_scenarios_roll_log_matches_its_stored_digest() {
    let path = root().join("tests/fixtures/roll_digests.txt");
    let now = digests();
    if std::env::var_os("AMBUSH_BLESS_DIGESTS").is_some() {
        std::fs::write(&path, &now).expect("write the digests");
        return;
    }
    let stored = std::fs::read_to_string(&path).expect("tests/fixtures/roll_digests.txt");
    let changed: Vec<String> = now
        .lines()
        .zip(stored.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("  now    {a}\n  stored {b}"))
        .collect();
    assert!(
        changed.is_empty() && now.lines().count() == stored.lines().count(),
        "roll logs changed; a commit that means to change a rule or a scenario blesses them \
         (AMBUSH_BLESS_DIGESTS=1) and says so:\n{}",
        changed.join("\n")
    );
}

/// Plays a game in the headless app, frame by frame, as the window's rules run.
fn play_game_in_app(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
) -> ambush::batch::GameResult {
    let mut setup = NewGame::new(scenario.clone(), seed, game);
    setup.controllers = simulated_sides(scenario, None, None);
    setup.record_orders = false;
    let mut app = headless_app(&setup, rules);
    run_to_end(&mut app, step_cap(scenario));
    let played = app
        .world_mut()
        .remove_resource::<GameInPlay>()
        .expect("a game");
    result_of(game, played.0)
}

/// The simulator plays games on a plain `Game`, without the ECS; the window's headless app holds
/// one as a resource and steps it in its phase systems, frame by frame. Both give every scenario
/// the same game.
#[test]
fn the_simulators_loop_and_the_apps_frames_play_the_same_game() {
    for (scenario, rules) in every_scenario() {
        for game in 0..2 {
            let plain = play_game(&scenario, rules.clone(), 4, game, None, true);
            let app = play_game_in_app(&scenario, rules.clone(), 4, game);
            assert!(!plain.log.is_empty(), "{}", scenario.name);
            assert_eq!(plain, app, "{} game {game}", scenario.name);
        }
    }
}
