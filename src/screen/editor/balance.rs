//! A balance run of the draft: AI-against-AI games on a background thread, and the panel that shows their results.

use super::*;
use crate::batch::report::{mean_interval, shares, wilson};
use crate::batch::{Summary, Tally, play_game};
use crate::screen::SessionOptions;
use ambush_data::Rules;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool, block_on, poll_once};
use bevy_egui::egui;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// How many AI-against-AI games a balance run plays unless told otherwise.
pub const BALANCE_GAMES: u64 = 500;

/// A balance run of the draft: AI-against-AI games on a background thread, counted as they go.
pub struct BalanceRun {
    /// The scenario the games play: the draft as it stood when the run was asked for.
    pub scenario: ambush_data::scenario::Scenario,
    pub games: u64,
    /// Games played so far, written by the background thread.
    done: Arc<AtomicU64>,
    /// Set to stop the run early (a new run, or the editor closing).
    stop: Arc<AtomicBool>,
    task: Option<Task<Summary>>,
    /// The result, once every game is played.
    pub summary: Option<Summary>,
}

impl BalanceRun {
    /// Starts `games` games of `scenario` with the menu's seed and wound method, one at a time
    /// on the background pool so the window keeps its frame.
    pub fn start(
        scenario: ambush_data::scenario::Scenario,
        rules: Arc<Rules>,
        games: u64,
        options: &SessionOptions,
    ) -> BalanceRun {
        let done = Arc::new(AtomicU64::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (played, stopped) = (done.clone(), stop.clone());
        let (seed, wounds) = (options.seed, options.human_wounds);
        let games_of = scenario.clone();
        let task = AsyncComputeTaskPool::get_or_init(TaskPool::new).spawn(async move {
            let started = std::time::Instant::now();
            let mut tally = Tally::default();
            for g in 0..games {
                if stopped.load(Ordering::Relaxed) {
                    break;
                }
                tally.add(&play_game(&games_of, rules.clone(), seed, g, wounds, false));
                played.store(g + 1, Ordering::Relaxed);
            }
            tally.summary(&games_of.name, seed, started.elapsed().as_secs_f64())
        });
        BalanceRun {
            scenario,
            games,
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

/// The balance window's egui id.
pub(super) const BALANCE_WINDOW: &str = "editor balance";

/// The balance window, while open: anchored under the top bar at the table's right, sized to
/// what it shows, so the run's progress and results are in sight without scrolling.
pub(super) fn window(ctx: &egui::Context, session: &mut EditorSession, options: &SessionOptions) {
    let mut open = session.balance_open;
    egui::Window::new("Balance")
        .id(egui::Id::new(BALANCE_WINDOW))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 96.0))
        .show(ctx, |ui| balance(ui, session, options));
    session.balance_open = open;
}

/// The balance run: N AI-against-AI games of the draft in the background, with a progress bar,
/// then the shares of each result with their 95% intervals, the mean casualties and their
/// distribution. It runs again only when asked, and says when the draft has changed since.
fn balance(ui: &mut egui::Ui, session: &mut EditorSession, options: &SessionOptions) {
    let passes = session.problems.is_empty();
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(&mut session.balance_games).range(10..=20_000));
        ui.label("AI-against-AI games");
        if ui.add_enabled(passes, egui::Button::new("Run")).clicked() {
            session.balance = Some(BalanceRun::start(
                session.draft.scenario().clone(),
                session.draft.rules().clone(),
                session.balance_games,
                options,
            ));
        }
    });
    if !passes {
        ui.small("The scenario must pass every check first.");
    }
    let Some(run) = session.balance.as_mut() else {
        return;
    };
    run.poll();
    let stale = run.scenario != *session.draft.scenario();
    let Some(summary) = &run.summary else {
        let played = run.played();
        ui.add(
            egui::ProgressBar::new(played as f32 / run.games.max(1) as f32)
                .text(format!("{played} of {} games", run.games)),
        );
        // The bar moves while nobody touches the window.
        ui.ctx().request_repaint();
        return;
    };
    if stale {
        ui.colored_label(
            egui::Color32::from_rgb(242, 190, 76),
            "The draft has changed since this run: run it again to see the new balance.",
        );
    }
    let names = run.scenario.names(session.draft.rules());
    let n = summary.games;
    let share = |k: u64, what: String| {
        let i = wilson(k, n);
        format!(
            "{what}: {:.0}% (95%: {:.0} to {:.0}%)",
            k as f64 / n.max(1) as f64 * 100.0,
            i.low * 100.0,
            i.high * 100.0
        )
    };
    ui.label(share(
        summary.marine_wins,
        format!("{} win", names.of(ambush_data::board::Side::Humans)),
    ));
    ui.label(share(
        summary.alien_wins,
        format!("{} win", names.of(ambush_data::board::Side::Aliens)),
    ));
    ui.label(share(summary.draws, "draws".into()));
    let (mean, i) = mean_interval(&summary.marine_casualties.histogram);
    ui.label(format!(
        "{} casualties: {mean:.2} a game (95%: {:.2} to {:.2}), {:.1} turns, {n} games",
        names.one(ambush_data::board::Side::Humans),
        i.low,
        i.high,
        summary.turns.mean
    ));
    let bars = shares(&summary.marine_casualties.histogram);
    crate::ui::casualty_chart(ui, &bars, u32::MAX);
}
