//! A balance run of the draft: AI-against-AI games on a background thread, counted as they go.

use crate::batch::{Summary, Tally, play_game_between, simulated_player, simulated_sides};
use crate::screen::GameOptions;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{AiPlayer, Controllers};
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool, block_on, poll_once};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How many AI-against-AI games a balance run plays unless told otherwise.
pub const BALANCE_GAMES: u64 = 500;

/// The AIs a balance run pits: for each side, the commander at a level, or, with none, the AI
/// the side plays by default in `simulate` (`batch::simulated_player`: the humans the
/// crashed-ship script; the aliens `AiPlayer::as_written` for the scenario, 001's random
/// monster unless it says otherwise).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BalancePlayers {
    pub humans: Option<AiLevel>,
    pub aliens: Option<AiLevel>,
}

impl BalancePlayers {
    /// The level chosen for `side`, to edit.
    pub fn level_mut(&mut self, side: Side) -> &mut Option<AiLevel> {
        match side {
            Side::Humans => &mut self.humans,
            Side::Aliens => &mut self.aliens,
        }
    }

    /// The AI that plays `side` of `scenario`.
    pub fn player(self, side: Side, scenario: &Scenario) -> AiPlayer {
        let level = match side {
            Side::Humans => self.humans,
            Side::Aliens => self.aliens,
        };
        simulated_player(side, level, scenario)
    }

    /// The controllers of a game of `scenario` between them.
    pub fn controllers(self, scenario: &Scenario) -> Controllers {
        simulated_sides(scenario, self.humans, self.aliens)
    }
}

/// A balance run of the draft: AI-against-AI games on a background thread, counted as they go.
pub struct BalanceRun {
    /// The scenario the games play: the draft as it stood when the run was asked for.
    pub scenario: ambush_data::scenario::Scenario,
    pub games: u64,
    /// The AIs its games pit.
    pub players: BalancePlayers,
    /// Games played so far, written by the background thread.
    done: Arc<AtomicU64>,
    /// Set to stop the run early (a new run, or the editor closing).
    stop: Arc<AtomicBool>,
    task: Option<Task<Summary>>,
    /// The result, once every game is played.
    pub summary: Option<Summary>,
}

impl BalanceRun {
    /// Starts `games` games of `scenario` between `players` with the menu's seed and wound
    /// method, one at a time on the background pool so the window keeps its frame.
    pub fn start(
        scenario: ambush_data::scenario::Scenario,
        rules: Arc<Rules>,
        games: u64,
        options: &GameOptions,
        players: BalancePlayers,
    ) -> BalanceRun {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (played, stopped) = (done.clone(), stop.clone());
        let (seed, wounds) = (options.seed, options.human_wounds);
        let games_of = scenario.clone();
        let controllers = players.controllers(&scenario);
        let task = AsyncComputeTaskPool::get_or_init(TaskPool::new).spawn(async move {
            let started = std::time::Instant::now();
            let mut tally = Tally::default();
            for g in 0..games {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                tally.add(&play_game_between(
                    &games_of,
                    rules.clone(),
                    seed,
                    g,
                    controllers,
                    wounds,
                    false,
                ));
                played.store(g + 1, Ordering::Relaxed);
            }
            let elapsed = started.elapsed().as_secs_f64();
            tally.summary(&games_of.name, seed, controllers, elapsed)
        });
        BalanceRun {
            scenario,
            games,
            players,
            done,
            stop,
            task: Some(task),
            summary: None,
        }
    }

    /// Games played so far.
    pub fn played(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// Takes the result once the background thread is done; never waits.
    pub fn poll(&mut self) {
        if let Some(task) = &mut self.task
            && task.is_finished()
        {
            self.summary = block_on(poll_once(task));
            self.task = None;
        }
    }
}

impl Drop for BalanceRun {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}
