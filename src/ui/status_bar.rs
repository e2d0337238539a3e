//! The bar along the top: scenario, turn, phase, whose decision it is, and the result.

use crate::game::resources::Awaiting;
use crate::rules::orders::Decision;
use crate::rules::table::Progress;
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use bevy_egui::egui;

fn phase_name(p: Phase) -> &'static str {
    match p {
        Phase::Setup => "setting up",
        Phase::Approach => "ambush approach",
        Phase::AlienGeneration => "alien generation",
        Phase::Movement => "movement",
        Phase::Shooting => "shooting",
        Phase::Melee => "melee",
        Phase::EndOfTurn => "end of turn",
        Phase::GameOver => "game over",
    }
}

fn waiting_for(d: &Decision) -> String {
    match d {
        Decision::Move { side, moves_left } => match moves_left {
            Some(n) => format!("{side:?} to move ({n} left on this initiative)"),
            None => format!("{side:?} to move the remainder"),
        },
        Decision::Board { side } => format!("{side:?} to board the ship"),
        Decision::Shoot { side } => format!("{side:?} to shoot or decline"),
        Decision::Disengage { side, .. } => format!("{side:?}: disengage?"),
        Decision::Engage { side, .. } => format!("{side:?}: choose whom to engage"),
        Decision::BreakOff { side, .. } => format!("{side:?}: break off?"),
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
                ui.strong(&b.config.scenario);
                ui.separator();
                if phase == Phase::Approach {
                    ui.label(format!("Before turn 1 of {}", b.config.turn_limit));
                } else {
                    ui.label(format!(
                        "Turn {} of {}",
                        b.progress.turn, b.config.turn_limit
                    ));
                }
                ui.separator();
                ui.label(phase_name(phase));
                if let Some(line) = approach_line(&b.progress, dark) {
                    ui.separator();
                    ui.strong(line);
                }
                match awaiting.and_then(|a| a.0.as_ref()) {
                    Some(d) => {
                        ui.separator();
                        ui.strong(waiting_for(d));
                    }
                    None if matches!(phase, Phase::Movement | Phase::Shooting | Phase::Melee) => {
                        ui.separator();
                        ui.label("the aliens are acting");
                    }
                    None => {}
                }
                ui.separator();
                ui.label(format!(
                    "waves {} · aliens killed {} · power {}",
                    b.progress.waves,
                    b.progress.aliens_killed,
                    if b.progress.power_restored {
                        "restored"
                    } else {
                        "off"
                    }
                ));
                if let Some(o) = b.progress.outcome {
                    ui.separator();
                    ui.strong(format!("{o:?}: {}", b.progress.ending));
                }
            });
        })
        .response
        .rect
}
