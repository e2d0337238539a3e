//! The end-of-game window: the result, why, the casualties, and play again.

use crate::rules::table::{Outcome, Table};
use crate::ui::SummaryChoice;
use ambush_data::board::Side;
use bevy_egui::egui;

pub(super) fn show(
    ctx: &egui::Context,
    table: &Table,
    requests: &mut Vec<SummaryChoice>,
) -> Option<egui::Rect> {
    let p = &table.progress;
    egui::Window::new("Game over")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            let names = &table.config.side_names;
            ui.heading(match p.outcome {
                Some(Outcome::HumansWin) => format!("The {} win", names.of(Side::Humans)),
                Some(Outcome::AliensWin) => format!("The {} win", names.of(Side::Aliens)),
                Some(Outcome::Draw) => "A draw".to_string(),
                None => "The game is over".to_string(),
            });
            ui.label(&p.ending);
            ui.separator();
            egui::Grid::new("summary").num_columns(2).show(ui, |ui| {
                ui.label("turns played");
                ui.label(p.turn.to_string());
                ui.end_row();
                ui.label(format!(
                    "{} casualties (the score)",
                    names.one(Side::Humans)
                ));
                ui.label(format!(
                    "{} of {}",
                    table.human_casualties(),
                    p.humans_at_start
                ));
                ui.end_row();
                ui.label(format!("{} killed", names.of(Side::Aliens)));
                ui.label(p.aliens_killed.to_string());
                ui.end_row();
                ui.label("waves");
                ui.label(p.waves.to_string());
                ui.end_row();
            });
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button("Play again").clicked() {
                    requests.push(SummaryChoice::PlayAgain);
                }
                if ui.button("Main menu").clicked() {
                    requests.push(SummaryChoice::MainMenu);
                }
            });
        })
        .map(|r| r.response.rect)
}
