//! The balance window: a balance run of the draft asked for, its progress, and the shares of each result with their intervals.

use super::balance_run::{BalancePlayers, BalanceRun};
use super::workbench::EditorWorkbench;
use crate::batch::report::{mean_interval, shares, wilson};
use crate::screen::GameOptions;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::control::commander::AiLevel;
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
        balance_players,
        ..
    } = workbench;
    let passes = model.problems.is_empty();
    players(
        ui,
        balance_players,
        model.draft.scenario(),
        model.draft.rules(),
    );
    ui.horizontal(|ui| {
        ui.add(egui::DragValue::new(balance_games).range(10..=20_000));
        ui.label("AI-against-AI games");
        if ui.add_enabled(passes, egui::Button::new("Run")).clicked() {
            *balance = Some(BalanceRun::start(
                model.draft.scenario().clone(),
                model.draft.rules().clone(),
                *balance_games,
                options,
                *balance_players,
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
    let stale = run.scenario != *model.draft.scenario() || run.players != *balance_players;
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
            "The draft or the AIs have changed since this run: run it again to see the new balance.",
        );
    }
    let names = run.scenario.names(model.draft.rules());
    ui.small(format!(
        "{} against {}",
        run.players.player(Side::Humans, &run.scenario).describe(),
        run.players.player(Side::Aliens, &run.scenario).describe()
    ));
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

/// Each side's AI for the next run: its default, or the commander at a level.
fn players(ui: &mut egui::Ui, players: &mut BalancePlayers, scenario: &Scenario, rules: &Rules) {
    let names = scenario.names(rules);
    for side in [Side::Humans, Side::Aliens] {
        let default = BalancePlayers::default().player(side, scenario).describe();
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("The {}:", names.of(side)));
            let level = players.level_mut(side);
            ui.selectable_value(level, None, "as written")
                .on_hover_text(default);
            for l in AiLevel::ALL {
                ui.selectable_value(level, Some(l), l.name());
            }
        });
    }
}
