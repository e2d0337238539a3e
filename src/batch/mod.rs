//! The batch simulator: many AI-v-AI games over seeds, in parallel, with statistics.

pub mod fuzz;
pub mod plot;
pub mod report;
pub mod soak;

use crate::game::components::{Base, UnitStatus};
use crate::game::engine::play_to_end;
use crate::game::resources::{Battle, Dice};
use crate::game::start::{GameSetup, initial_table};
use crate::rules::dice::DiceService;
use crate::rules::log::RollEntry;
use crate::rules::table::{Outcome, Presence, Progress};
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

/// Plays game number `game` of a run seeded with `seed`, both sides under AI control. The game is
/// played on a plain table by the same phase steps the app's systems run, without the ECS around
/// them: the same seed gives the same game, roll for roll, as the headless app.
pub fn play_game(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    keep_log: bool,
) -> GameResult {
    let mut setup = GameSetup::new(scenario.clone(), seed, game);
    setup.wounds = wounds;
    let mut table = initial_table(&setup, &rules);
    let mut dice = DiceService::seeded(seed, game);
    dice.keep_log = keep_log;
    play_to_end(
        &mut table,
        &rules,
        &mut dice,
        setup.controllers,
        step_cap(scenario),
    );
    let casualties = table.human_casualties();
    result_of(game, table.progress, casualties, dice.log)
}

/// A game's result from its progress at the end, its marine casualties and its roll log.
fn result_of(game: u64, progress: Progress, casualties: u32, log: Vec<RollEntry>) -> GameResult {
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

/// The most frames (or steps) a game may take: five phases a turn, plus slack for take-off after
/// the last turn. A game that hits it has a bug; it counts as a draw.
pub fn step_cap(scenario: &Scenario) -> usize {
    (scenario.turn_limit as usize + 2) * 8 + 16
}

/// What the game in `app` came to; its roll log is taken out of the world.
fn read_result(app: &mut App, game: u64) -> GameResult {
    let world = app.world_mut();
    let casualties = world
        .query::<(&Base, &UnitStatus)>()
        .iter(world)
        .filter(|(b, s)| b.side == Side::Humans && s.0.presence == Presence::Destroyed)
        .count() as u32;
    let progress = world.resource::<Battle>().progress.clone();
    let log = std::mem::take(&mut world.resource_mut::<Dice>().log);
    result_of(game, progress, casualties, log)
}

/// Plays a game in the headless app, frame by frame, as the window's rules run: the check that
/// the simulator's loop without the ECS plays the same game.
pub fn play_game_in_app(
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    game: u64,
    keep_log: bool,
) -> GameResult {
    let mut setup = GameSetup::new(scenario.clone(), seed, game);
    setup.keep_log = keep_log;
    setup.record_orders = false;
    let mut app = headless_app(&setup, rules);
    run_to_end(&mut app, step_cap(scenario));
    read_result(&mut app, game)
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
    run_to_end(&mut app, step_cap(scenario));
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
            .map(|g| play_game(scenario, rules.clone(), seed, g, wounds, keep_log))
            .collect();
        for r in &results {
            tally.add(r);
            each(r);
        }
        start = end;
    }
    tally
}
