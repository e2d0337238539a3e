//! The batch simulator: many AI-v-AI games over seeds, in parallel, with statistics.

pub mod arena;
pub mod fuzz;
pub mod plot;
pub mod report;
pub mod soak;

use crate::save::{SaveFile, SaveSource, save_of};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::scenario::WoundMethod;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{AiPlayer, Controller, Controllers};
use ambush_engine::play::Game;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::table::Outcome;
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

/// The AI that plays `side` of `scenario` in AI-against-AI games: the commander at `level`, or,
/// with none, the side's own (`AiPlayer::unattended`: the humans the crashed-ship script, so the
/// balance figures of `docs/scenarios.md` stay comparable; the aliens 001's random monster,
/// unless the scenario's `alien_player` gives them the commander).
pub fn simulated_player(side: Side, level: Option<AiLevel>, scenario: &Scenario) -> AiPlayer {
    level.map_or(AiPlayer::unattended(side, scenario), AiPlayer::Commander)
}

/// Both sides of AI-against-AI games of `scenario`, each `simulated_player`'s at its level.
pub fn simulated_sides(
    scenario: &Scenario,
    humans: Option<AiLevel>,
    aliens: Option<AiLevel>,
) -> Controllers {
    Controllers {
        humans: Controller::Ai(simulated_player(Side::Humans, humans, scenario)),
        aliens: Controller::Ai(simulated_player(Side::Aliens, aliens, scenario)),
    }
}

/// Plays game number `game` of a run seeded with `seed`, both sides under their own AIs
/// (`simulated_sides` with no level), by the same steps the window's game takes a frame at a
/// time: the same seed gives the same game, roll for roll.
pub fn play_game(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    keep_log: bool,
) -> GameResult {
    let sides = simulated_sides(scenario, None, None);
    play_game_between(scenario, rules, seed, game, sides, wounds, keep_log)
}

/// `play_game` with the sides under `controllers` (AIs both): the arena's games, and a
/// simulation of chosen levels.
pub fn play_game_between(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    controllers: Controllers,
    wounds: Option<WoundMethod>,
    keep_log: bool,
) -> GameResult {
    let mut setup = setup_of(scenario, seed, game, controllers, wounds);
    setup.keep_log = keep_log;
    // Hashing every order costs time, and nobody reads the record here.
    setup.record_orders = false;
    let mut played = Game::new(&setup, rules);
    played.play_to_end(step_cap(scenario));
    result_of(game, played)
}

/// Game number `game` of a run seeded with `seed`, its sides under `controllers`, with the
/// human wound method `wounds` overrides.
fn setup_of(
    scenario: &Scenario,
    seed: u64,
    game: u64,
    controllers: Controllers,
    wounds: Option<WoundMethod>,
) -> NewGame {
    let mut setup = NewGame::new(scenario.clone(), seed, game);
    setup.controllers = controllers;
    setup.wounds = wounds;
    setup
}

/// What `played`, game number `game` of its run, came to; its roll log is moved into the result.
pub fn result_of(game: u64, played: Game) -> GameResult {
    let casualties = played.table.human_casualties();
    let progress = played.table.progress;
    GameResult {
        game,
        outcome: progress.outcome,
        turns: progress.turn,
        marine_casualties: casualties,
        aliens_killed: progress.aliens_killed,
        waves: progress.waves,
        ending: progress.ending,
        log: played.dice.log,
    }
}

pub use ambush_engine::play::step_cap;

/// Plays game number `game` of a run seeded with `seed` under AI control, recording every
/// order, and returns its result with the save that replays it (`simulate --save`).
pub fn play_saved_game(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    controllers: Controllers,
    wounds: Option<WoundMethod>,
    source: SaveSource,
) -> (GameResult, SaveFile) {
    let setup = setup_of(scenario, seed, game, controllers, wounds);
    let mut played = Game::new(&setup, rules);
    played.play_to_end(step_cap(scenario));
    let save = save_of(&played, &setup, source);
    (result_of(game, played), save)
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
    /// Who played the humans (`AiPlayer::describe`).
    pub humans_ai: String,
    /// Who played the aliens.
    pub aliens_ai: String,
    pub marine_casualties: Casualties,
    pub turns: Mean,
    pub aliens_killed: Mean,
    pub waves: Mean,
    pub elapsed_s: f64,
    pub games_per_s: f64,
}

/// What a summary calls the player of a side.
fn played_by(controller: Controller) -> String {
    match controller {
        Controller::Ai(ai) => ai.describe(),
        Controller::Human => "a person".to_string(),
    }
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

    /// The summary of the games added, which `sides` played, `elapsed_s` seconds in all.
    pub fn summary(
        &self,
        scenario: &str,
        seed: u64,
        sides: Controllers,
        elapsed_s: f64,
    ) -> Summary {
        let n = self.games.max(1) as f64;
        Summary {
            scenario: scenario.to_string(),
            games: self.games,
            seed,
            marine_wins: self.wins[0],
            alien_wins: self.wins[1],
            draws: self.wins[2],
            humans_ai: played_by(sides.humans),
            aliens_ai: played_by(sides.aliens),
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
    controllers: Controllers,
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
            .map(|g| {
                let rules = rules.clone();
                play_game_between(scenario, rules, seed, g, controllers, wounds, keep_log)
            })
            .collect();
        for r in &results {
            tally.add(r);
            each(r);
        }
        start = end;
    }
    tally
}
