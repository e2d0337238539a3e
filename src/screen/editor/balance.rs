//! The balance window: a balance run of the draft asked for, its progress, and the shares of each result with their intervals.

use super::balance_run::BalanceRun;
use super::workbench::EditorWorkbench;
use crate::batch::report::{mean_interval, shares, wilson};
use crate::screen::GameOptions;
use bevy_egui::egui;

/// The balance window's egui id.
pub(super) const BALANCE_WINDOW: &str = "editor balance";

/// The balance window, while open: anchored under the top bar at the table's right, sized to
/// what it shows, so the run's progress and results are in sight without scrolling.
pub(super) fn window(ctx: &egui::Context, workbench: &mut EditorWorkbench, options: &GameOptions) {
    let mut open = workbench.balance_open;
    egui::Window::new("Balance")
        .id(egui::Id::new(BALANCE_WINDOW))
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-12.0, 96.0))
        .show(ctx, |ui| balance(ui, workbench, options));
    workbench.balance_open = open;
}

/// The balance run: N AI-against-AI games of the draft in the background, with a progress bar,
/// then the shares of each result with their 95% intervals, the mean casualties and their
/// distribution. It runs again only when asked, and says when the draft has changed since.
fn balance(ui: &mut egui::Ui, workbench: &mut EditorWorkbench, options: &GameOptions) {
    // The model and the run beside it, borrowed apart.
    let EditorWorkbench {
        workbench: model,
        balance,
        balance_games,
        ..
    } = workbench;
    let passes = model.problems.is_empty();
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(balance_games).range(10..=20_000));
        ui.label("AI-against-AI games");
        if ui.add_enabled(passes, egui::Button::new("Run")).clicked() {
            *balance = Some(BalanceRun::start(
                model.draft.scenario().clone(),
                model.draft.rules().clone(),
                *balance_games,
                options,
            ));
        }
    });
    if !passes {
        ui.small("The scenario must pass every check first.");
    }
    let Some(run) = balance.as_mut() else {
        return;
    };
    run.poll();
    let stale = run.scenario != *model.draft.scenario();
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
    let names = run.scenario.names(model.draft.rules());
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
