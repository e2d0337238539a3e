//! The end-of-game window: the result, why, the casualties against AI games, and play again.

use crate::batch::Summary;
use crate::batch::report::shares;
use crate::ui::SummaryChoice;
use ambush_data::board::{Side, SideNames};
use ambush_engine::rules::table::{Outcome, Table};
use bevy::prelude::Resource;
use bevy_egui::egui;
use std::sync::Arc;

/// How AI-against-AI games of the scenario just played came out, for the end-of-game window to
/// set this game against (`screen::ai_games` plays them in the background).
#[derive(Resource, Debug, Clone, Default)]
pub enum AiGames {
    /// Not asked for yet (the game is not over).
    #[default]
    NotAsked,
    Simulating,
    Ready(Arc<Summary>),
}

/// The line under the chart: this game's casualties against the AI games'.
pub fn against_ai_games(casualties: u32, ai: &Summary, names: &SideNames) -> String {
    let wins = if ai.games == 0 {
        0.0
    } else {
        ai.marine_wins as f64 / ai.games as f64 * 100.0
    };
    format!(
        "this game: {casualties} {casualty_word}; AI games: {:.1} mean, {wins:.0}% {} wins ({} games)",
        ai.marine_casualties.mean,
        names.one(Side::Humans),
        ai.games,
        casualty_word = if casualties == 1 {
            "casualty"
        } else {
            "casualties"
        },
    )
}

/// The chart's bars: the share of AI games at each casualty count, up to this game's count if it
/// is past them all (an empty bar there, so that it can be highlighted).
pub fn casualty_bars(histogram: &[u64], this_game: u32) -> Vec<f64> {
    let mut bars = shares(histogram);
    if bars.len() <= this_game as usize {
        bars.resize(this_game as usize + 1, 0.0);
    }
    bars
}

/// Draws the AI games' casualty distribution as bars, this game's count highlighted (none for a
/// count past the bars: the editor's balance run has no game of its own).
pub fn casualty_chart(ui: &mut egui::Ui, bars: &[f64], this_game: u32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(300.0, 110.0), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let label_font = egui::FontId::proportional(11.0);
    let text = ui.visuals().text_color();
    // Room under the bars for the counts, above them for the tallest one's share.
    let plot = egui::Rect::from_min_max(
        rect.min + egui::vec2(0.0, 14.0),
        rect.max - egui::vec2(0.0, 16.0),
    );
    let tallest = bars
        .iter()
        .copied()
        .fold(0.0f64, f64::max)
        .max(f64::EPSILON);
    let slot = plot.width() / bars.len().max(1) as f32;
    for (k, share) in bars.iter().enumerate() {
        let highlighted = k == this_game as usize;
        let left = plot.left() + slot * k as f32;
        let height = (share / tallest) as f32 * plot.height();
        let bar = egui::Rect::from_min_max(
            egui::pos2(left + slot * 0.12, plot.bottom() - height.max(1.0)),
            egui::pos2(left + slot * 0.88, plot.bottom()),
        );
        let fill = if highlighted {
            egui::Color32::from_rgb(230, 159, 0)
        } else {
            egui::Color32::from_rgb(86, 120, 160)
        };
        painter.rect_filled(bar, 1.0, fill);
        if highlighted {
            painter.rect_stroke(bar, 1.0, (1.5, text), egui::StrokeKind::Outside);
        }
        if highlighted || *share == tallest {
            painter.text(
                bar.center_top() - egui::vec2(0.0, 2.0),
                egui::Align2::CENTER_BOTTOM,
                format!("{:.0}%", share * 100.0),
                label_font.clone(),
                text,
            );
        }
        painter.text(
            egui::pos2(bar.center().x, plot.bottom() + 2.0),
            egui::Align2::CENTER_TOP,
            k.to_string(),
            label_font.clone(),
            text,
        );
    }
    painter.line_segment([plot.left_bottom(), plot.right_bottom()], (1.0, text));
}

/// This game against the AI games: their chart and the line under it, or word that they are on
/// their way.
fn against_ai(ui: &mut egui::Ui, table: &Table, ai: Option<&AiGames>) {
    let names = &table.config.side_names;
    let casualties = table.human_casualties();
    match ai {
        Some(AiGames::Ready(summary)) => {
            ui.label(format!(
                "{} casualties in AI-against-AI games of this scenario",
                names.one(Side::Humans)
            ));
            let bars = casualty_bars(&summary.marine_casualties.histogram, casualties);
            casualty_chart(ui, &bars, casualties);
            ui.label(against_ai_games(casualties, summary, names));
        }
        Some(AiGames::Simulating) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("simulating AI games…");
            });
        }
        Some(AiGames::NotAsked) | None => {}
    }
}

pub(super) fn show(
    ctx: &egui::Context,
    table: &Table,
    ai: Option<&AiGames>,
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
            against_ai(ui, table, ai);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::batch::{Casualties, Mean};

    fn summary(histogram: Vec<u64>, marine_wins: u64) -> Summary {
        let games: u64 = histogram.iter().sum();
        Summary {
            scenario: "test".into(),
            games,
            seed: 1,
            marine_wins,
            alien_wins: games - marine_wins,
            draws: 0,
            humans_ai: "the crashed-ship script".into(),
            aliens_ai: "the random monster (the rules as written)".into(),
            marine_casualties: Casualties {
                mean: crate::batch::report::mean_interval(&histogram).0,
                histogram,
            },
            turns: Mean { mean: 8.0 },
            aliens_killed: Mean { mean: 1.0 },
            waves: Mean { mean: 2.0 },
            elapsed_s: 1.0,
            games_per_s: 1.0,
        }
    }

    #[test]
    fn the_bars_reach_this_games_count_even_past_every_ai_game() {
        assert_eq!(casualty_bars(&[3, 1], 0), vec![0.75, 0.25]);
        assert_eq!(casualty_bars(&[3, 1], 3), vec![0.75, 0.25, 0.0, 0.0]);
    }

    #[test]
    fn the_line_sets_this_game_against_the_ai_games() {
        let ai = summary(vec![100, 60, 40], 122);
        assert_eq!(
            against_ai_games(2, &ai, &SideNames::default()),
            "this game: 2 casualties; AI games: 0.7 mean, 61% marine wins (200 games)"
        );
        assert!(
            against_ai_games(1, &ai, &SideNames::default()).starts_with("this game: 1 casualty;")
        );
    }
}
