//! How long an AI takes over one decision, per scenario: the median, 95th percentile and longest, over whole games (release: `cargo bench --bench decisions`).
//!
//! Every decision of both sides is timed, each side played by the commander at the level named
//! by `AMBUSH_LEVEL` (default hard) on every bundled scenario, the mods' included.

use ambush_data::Rules;
use ambush_data::scenario::Scenario;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::memos::AiMemos;
use ambush_engine::control::{AiPlayer, Controller, Controllers};
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::{Chooser, Game, step_cap};
use ambush_engine::rules::orders::{Decision, Order};
use ambush_engine::rules::table::Table;
use ambush_engine::visibility::as_seen_by;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Games a scenario plays.
const GAMES: u64 = 20;

/// Decides as the AI does in a game, timing each decision.
struct Timed {
    ai: AiPlayer,
    memos: AiMemos,
    times: Vec<Duration>,
}

impl Chooser for Timed {
    fn choose(
        &mut self,
        table: &Table,
        rules: &Rules,
        decision: &Decision,
        _legal: &mut dyn FnMut(&Order) -> bool,
    ) -> Order {
        let started = Instant::now();
        let seen = as_seen_by(table, decision.side());
        let order = self.ai.decide(&seen, rules, decision, &self.memos);
        self.times.push(started.elapsed());
        order
    }
}

fn scenarios() -> Vec<(Scenario, Arc<Rules>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = ["scenarios", "mods/colonial/scenarios"]
        .iter()
        .flat_map(|d| std::fs::read_dir(root.join(d)).expect("a scenarios folder"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| ambush_data::mods::load_scenario_with_rules(p).expect("a bundled scenario loads"))
        .collect()
}

fn main() {
    let level = std::env::var("AMBUSH_LEVEL")
        .ok()
        .and_then(|l| AiLevel::named(&l))
        .unwrap_or(AiLevel::Hard);
    let ai = AiPlayer::Commander(level);
    println!(
        "{} commander, both sides, {GAMES} games a scenario",
        level.name()
    );
    println!(
        "{:<32} {:>9} {:>9} {:>9} {:>9}",
        "scenario", "decisions", "median", "p95", "longest"
    );
    for (scenario, rules) in scenarios() {
        let mut timed = Timed {
            ai,
            memos: AiMemos::default(),
            times: Vec::new(),
        };
        for game in 0..GAMES {
            let mut setup = NewGame::new(scenario.clone(), 1, game);
            setup.controllers = Controllers {
                humans: Controller::Ai(ai),
                aliens: Controller::Ai(ai),
            };
            setup.keep_log = false;
            setup.record_orders = false;
            let mut played = Game::new(&setup, rules.clone());
            timed.memos = AiMemos::default();
            played.play_with(step_cap(&scenario), Some(&mut timed));
        }
        let mut t = timed.times;
        t.sort();
        let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
        println!(
            "{:<32} {:>9} {:>7.2}ms {:>7.2}ms {:>7.2}ms",
            scenario.name,
            t.len(),
            at(0.5).as_secs_f64() * 1e3,
            at(0.95).as_secs_f64() * 1e3,
            t[t.len() - 1].as_secs_f64() * 1e3
        );
    }
}
