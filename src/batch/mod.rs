//! The batch simulator: many AI-v-AI games over seeds, in parallel, with statistics.

pub mod fuzz;

use crate::game::components::{Base, UnitStatus};
use crate::game::resources::{Battle, Dice};
use crate::game::start::{GameSetup, start_game};
use crate::rules::log::RollEntry;
use crate::rules::table::{Outcome, Presence};
use crate::save::{SaveFile, SaveSource, save_of};
use crate::{headless_app, run_to_end};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::scenario::WoundMethod;
use bevy::prelude::App;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// What one game came to.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    pub game: u64,
    /// `None` if the game hit the frame cap without ending (a bug; counted as a draw).
    pub outcome: Option<Outcome>,
    pub turns: u32,
    pub marine_casualties: u32,
    pub aliens_killed: u32,
    pub waves: u32,
    pub ending: String,
    pub log: Vec<RollEntry>,
}

/// Plays game number `game` of a run seeded with `seed`, both sides under AI control.
pub fn play_game(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    keep_log: bool,
) -> GameResult {
    play_game_in(&mut None, scenario, rules, seed, game, wounds, keep_log)
}

/// Like `play_game`, but reuses the app in `slot` when there is one (starting a game resets
/// every resource and entity of the last), which spares building the schedules again.
pub fn play_game_in(
    slot: &mut Option<App>,
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    keep_log: bool,
) -> GameResult {
    let mut setup = GameSetup::new(scenario.clone(), seed, game);
    setup.wounds = wounds;
    setup.keep_log = keep_log;
    // Hashing every order costs time; only a save needs it.
    setup.record_orders = false;
    let app = match slot {
        Some(app) => {
            start_game(app.world_mut(), &setup, rules);
            app
        }
        None => slot.insert(headless_app(&setup, rules)),
    };
    // Five phases a turn, plus slack for take-off after the last turn.
    let cap = (scenario.turn_limit as usize + 2) * 8 + 16;
    run_to_end(app, cap);
    read_result(app, game)
}

/// What the game in `app` came to; its roll log is taken out of the world.
fn read_result(app: &mut App, game: u64) -> GameResult {
    let world = app.world_mut();
    let casualties = world
        .query::<(&Base, &UnitStatus)>()
        .iter(world)
        .filter(|(b, s)| b.side == Side::Humans && s.0.presence == Presence::Destroyed)
        .count() as u32;
    let battle = world.resource::<Battle>();
    let progress = battle.progress.clone();
    let log = std::mem::take(&mut world.resource_mut::<Dice>().log);
    GameResult {
        game,
        outcome: progress.outcome,
        turns: progress.turn,
        marine_casualties: casualties,
        aliens_killed: progress.aliens_killed,
        waves: progress.waves,
        ending: progress.ending,
        log,
    }
}

/// Plays game number `game` of a run seeded with `seed` under AI control, recording every
/// order, and returns its result with the save that replays it (`simulate --save`).
pub fn play_saved_game(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    source: SaveSource,
) -> (GameResult, SaveFile) {
    let mut setup = GameSetup::new(scenario.clone(), seed, game);
    setup.wounds = wounds;
    let mut app = headless_app(&setup, rules.clone());
    let cap = (scenario.turn_limit as usize + 2) * 8 + 16;
    run_to_end(&mut app, cap);
    let save = save_of(app.world_mut(), &setup, &rules, source);
    (read_result(&mut app, game), save)
}

/// A mean.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Mean {
    pub mean: f64,
}

/// Casualties: the mean and how many games ended with 0, 1, 2, … casualties.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Casualties {
    pub mean: f64,
    pub histogram: Vec<u64>,
}

/// The summary `ambush simulate --json` prints.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Summary {
    pub scenario: String,
    pub games: u64,
    pub seed: u64,
    pub marine_wins: u64,
    pub alien_wins: u64,
    pub draws: u64,
    pub marine_casualties: Casualties,
    pub turns: Mean,
    pub aliens_killed: Mean,
    pub waves: Mean,
    pub elapsed_s: f64,
    pub games_per_s: f64,
}

/// Accumulates results into a summary.
#[derive(Debug, Default)]
pub struct Tally {
    games: u64,
    wins: [u64; 3],
    casualties: Vec<u64>,
    sum_casualties: u64,
    sum_turns: u64,
    sum_killed: u64,
    sum_waves: u64,
}

impl Tally {
    pub fn add(&mut self, r: &GameResult) {
        self.games += 1;
        match r.outcome {
            Some(Outcome::HumansWin) => self.wins[0] += 1,
            Some(Outcome::AliensWin) => self.wins[1] += 1,
            Some(Outcome::Draw) | None => self.wins[2] += 1,
        }
        let c = r.marine_casualties as usize;
        if self.casualties.len() <= c {
            self.casualties.resize(c + 1, 0);
        }
        self.casualties[c] += 1;
        self.sum_casualties += r.marine_casualties as u64;
        self.sum_turns += r.turns as u64;
        self.sum_killed += r.aliens_killed as u64;
        self.sum_waves += r.waves as u64;
    }

    pub fn summary(&self, scenario: &str, seed: u64, elapsed_s: f64) -> Summary {
        let n = self.games.max(1) as f64;
        Summary {
            scenario: scenario.to_string(),
            games: self.games,
            seed,
            marine_wins: self.wins[0],
            alien_wins: self.wins[1],
            draws: self.wins[2],
            marine_casualties: Casualties {
                mean: self.sum_casualties as f64 / n,
                histogram: self.casualties.clone(),
            },
            turns: Mean {
                mean: self.sum_turns as f64 / n,
            },
            aliens_killed: Mean {
                mean: self.sum_killed as f64 / n,
            },
            waves: Mean {
                mean: self.sum_waves as f64 / n,
            },
            elapsed_s,
            games_per_s: if elapsed_s > 0.0 {
                self.games as f64 / elapsed_s
            } else {
                0.0
            },
        }
    }
}

/// Plays games `0..games` in parallel chunks; each chunk's results reach `each` in game order,
/// so the roll log is the same whatever the thread count.
pub fn simulate(
    scenario: &Scenario,
    rules: Arc<Rules>,
    games: u64,
    seed: u64,
    wounds: Option<WoundMethod>,
    keep_log: bool,
    mut each: impl FnMut(&GameResult),
) -> Tally {
    const CHUNK: u64 = 256;
    let mut tally = Tally::default();
    let mut start = 0;
    while start < games {
        let end = (start + CHUNK).min(games);
        let results: Vec<GameResult> = (start..end)
            .into_par_iter()
            .map_init(
                || None,
                |slot, g| play_game_in(slot, scenario, rules.clone(), seed, g, wounds, keep_log),
            )
            .collect();
        for r in &results {
            tally.add(r);
            each(r);
        }
        start = end;
    }
    tally
}
