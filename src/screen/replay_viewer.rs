//! The replay viewer: a saved game shown order by order, forward and back or by turn, with the table and the roll log in step; a finished game shows everything.

use crate::save::{SaveFile, load_save};
use crate::screen::{GameChoice, GameRequest, Screen};
use crate::ui::EguiPass;
use ambush_engine::control::Controllers;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::Path;
use std::sync::Arc;

/// The save being watched, and how many of its orders the table shows.
#[derive(Resource, Debug, Clone)]
pub struct ReplayViewer {
    pub save: SaveFile,
    pub file: String,
    pub shown: usize,
}

impl ReplayViewer {
    /// The game after the first `shown` orders, for the table: nobody plays on from there, and
    /// a finished game hides nothing (both players have seen its end).
    pub fn choice(&self) -> GameChoice {
        let mut setup = ambush_engine::play::new_game::NewGame::new(
            self.save.scenario.clone(),
            self.save.seed,
            self.save.game,
        );
        setup.wounds = self.save.wounds;
        // Nobody decides anything while watching: both sides wait on "players" who never act.
        setup.controllers = Controllers::hot_seat();
        GameChoice::from_save(
            setup,
            Arc::new(self.save.rules.clone()),
            Some(self.file.clone()),
            self.save.source.clone(),
            self.save.orders[..self.shown].to_vec(),
        )
        .watched(self.save.summary.finished)
    }

    /// How many orders were given before turn `turn` began.
    pub fn start_of_turn(&self, turn: u32) -> usize {
        self.save
            .orders
            .iter()
            .take_while(|o| o.turn < turn)
            .count()
    }

    /// The last turn any order was given in.
    pub fn last_turn(&self) -> u32 {
        self.save.orders.last().map_or(1, |o| o.turn.max(1))
    }
}

/// Opens a save for watching: it is replayed and checked first, then shown from its start.
pub fn watch_save(path: &Path) -> Result<(ReplayViewer, GameChoice), String> {
    let replayed = load_save(path).map_err(|e| e.to_string())?;
    let viewer = ReplayViewer {
        save: replayed.save,
        file: path.display().to_string(),
        shown: 0,
    };
    let choice = viewer.choice();
    Ok((viewer, choice))
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_viewer
            .in_set(EguiPass::Screens)
            .run_if(in_state(Screen::Table).and_then(resource_exists::<ReplayViewer>)),
    );
}

fn draw_viewer(
    mut contexts: EguiContexts,
    mut viewer: ResMut<ReplayViewer>,
    mut requests: MessageWriter<GameRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let total = viewer.save.orders.len();
    let mut go_to = None;
    egui::Window::new("Replay")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 40.0))
        .show(ctx, |ui| {
            let turn = viewer
                .save
                .orders
                .get(viewer.shown.saturating_sub(1))
                .map_or(1, |o| o.turn);
            ui.label(format!(
                "{}: order {} of {total}, turn {turn}{}",
                viewer.save.summary.scenario,
                viewer.shown,
                if viewer.save.summary.finished {
                    " · a finished game: everything is shown"
                } else {
                    ""
                }
            ));
            ui.horizontal(|ui| {
                let shown = viewer.shown;
                if ui
                    .add_enabled(shown > 0, egui::Button::new("⏮ Start"))
                    .clicked()
                {
                    go_to = Some(0);
                }
                if ui
                    .add_enabled(shown > 0, egui::Button::new("◀ Back"))
                    .clicked()
                {
                    go_to = Some(shown - 1);
                }
                if ui
                    .add_enabled(shown < total, egui::Button::new("Forward ▶"))
                    .clicked()
                {
                    go_to = Some(shown + 1);
                }
                if ui
                    .add_enabled(shown < total, egui::Button::new("End ⏭"))
                    .clicked()
                {
                    go_to = Some(total);
                }
                if ui.button("Close").clicked() {
                    requests.write(GameRequest::MainMenu);
                }
            });
            let last = viewer.last_turn();
            let mut jump = turn;
            ui.horizontal(|ui| {
                ui.label("Turn");
                if ui.add(egui::Slider::new(&mut jump, 1..=last)).changed() {
                    go_to = Some(viewer.start_of_turn(jump));
                }
            });
        });
    if let Some(k) = go_to {
        viewer.shown = k.min(total);
        requests.write(GameRequest::Start(Box::new(viewer.choice())));
    }
    Ok(())
}
