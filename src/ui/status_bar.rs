//! The bar along the top: scenario, turn, phase, whose decision it is, and the result.

use ambush_data::board::{Side, SideNames};
use ambush_engine::play::seats::Awaiting;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::table::{Outcome, Progress};
use ambush_engine::rules::turn::Phase;
use bevy_egui::egui;

fn phase_name(p: Phase, names: &SideNames) -> String {
    match p {
        Phase::NoGame => "setting up".into(),
        Phase::Approach => "ambush approach".into(),
        Phase::AlienGeneration => format!("{} generation", names.one(Side::Aliens)),
        Phase::Movement => "movement".into(),
        Phase::Shooting => "shooting".into(),
        Phase::Melee => "melee".into(),
        Phase::RunAway => "running away".into(),
        Phase::EndOfTurn => "end of turn".into(),
        Phase::GameOver => "game over".into(),
    }
}

fn waiting_for(d: &Decision, names: &SideNames) -> String {
    let side = names.of(d.side());
    match d {
        Decision::Move { moves_left, .. } => match moves_left {
            Some(n) => format!("{side} to move ({n} left on this initiative)"),
            None => format!("{side} to move the remainder"),
        },
        Decision::Board { .. } => format!("{side} to board the ship"),
        Decision::Shoot { .. } => format!("{side} to shoot or decline"),
        Decision::Disengage { .. } => format!("{side}: disengage?"),
        Decision::Engage { .. } => format!("{side}: choose whom to engage"),
        Decision::BreakOff { .. } => format!("{side}: break off?"),
        Decision::RunAway { .. } => format!("{side}: run away with the units the ambush holds?"),
        Decision::Spring { march_on: true, .. } => {
            format!("{side}: spring the ambush, or march on?")
        }
        Decision::Spring { .. } => {
            format!("{side}: where the column's lead is when the ambush springs")
        }
    }
}

/// A complex ambush's approach, as the player at the screen may know it: a player kept in the
/// dark learns neither the spring point nor which counters are real.
pub fn approach_line(p: &Progress, dark: bool) -> Option<String> {
    let a = p.approach.as_ref().filter(|_| !p.ambush_sprung)?;
    let n = a.counters.len();
    Some(if dark {
        format!(
            "approach turn {}: your column advances; {n} counters in sight",
            a.turns
        )
    } else {
        let real = a.counters.iter().filter(|c| c.unit.is_some()).count();
        format!(
            "approach turn {}: lead {:.0}\" along the route, spring point {:.0}\"; {n} counters, {real} real",
            a.turns, a.lead, a.spring_at
        )
    })
}

/// Draws the bar along the top of `root`.
pub(super) fn show(
    root: &mut egui::Ui,
    table: Option<&Table>,
    phase: Phase,
    awaiting: Option<&Awaiting>,
    dark: bool,
) -> egui::Rect {
    egui::Panel::top("status")
        .show(root, |ui| {
            ui.horizontal(|ui| {
                let Some(b) = table else {
                    ui.label("No game loaded");
                    return;
                };
                let open = super::legend::legend_open(ui.ctx());
                if ui
                    .selectable_label(open, "Legend")
                    .on_hover_text("What each look of terrain does, and the tokens' shapes")
                    .clicked()
                {
                    super::legend::set_legend_open(ui.ctx(), !open);
                }
                ui.separator();
                ui.strong(&b.config.scenario.name);
                ui.separator();
                if phase == Phase::Approach {
                    ui.label(format!("Before turn 1 of {}", b.config.scenario.turn_limit));
                } else {
                    ui.label(format!(
                        "Turn {} of {}",
                        b.progress.turn, b.config.scenario.turn_limit
                    ));
                }
                ui.separator();
                ui.label(phase_name(phase, &b.config.side_names));
                if let Some(line) = approach_line(&b.progress, dark) {
                    ui.separator();
                    ui.strong(line);
                }
                match awaiting.and_then(|a| a.0.as_ref()) {
                    Some(d) => {
                        ui.separator();
                        ui.strong(waiting_for(d, &b.config.side_names));
                    }
                    None if matches!(
                        phase,
                        Phase::Movement | Phase::Shooting | Phase::Melee | Phase::RunAway
                    ) =>
                    {
                        ui.separator();
                        ui.label(format!(
                            "the {} are acting",
                            b.config.side_names.of(Side::Aliens)
                        ));
                    }
                    None => {}
                }
                ui.separator();
                let names = &b.config.side_names;
                ui.label(format!(
                    "waves {} · {} killed {}",
                    b.progress.waves,
                    names.of(Side::Aliens),
                    b.progress.aliens_killed,
                ));
                if b.config.scenario.objective.is_some() {
                    ui.label(if b.progress.power_restored {
                        "· power restored"
                    } else {
                        "· power off"
                    });
                }
                if let Some(o) = b.progress.outcome {
                    ui.separator();
                    let result = match o {
                        Outcome::HumansWin => format!("the {} win", names.of(Side::Humans)),
                        Outcome::AliensWin => format!("the {} win", names.of(Side::Aliens)),
                        Outcome::Draw => "a draw".to_string(),
                    };
                    ui.strong(format!("{result}: {}", b.progress.ending));
                }
            });
        })
        .response
        .rect
}
