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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::resources::GameInPlay;
    use crate::save::SaveSource;
    use crate::screen::game_flow::start_choice;

    /// The table and roll count the viewer shows at `k` orders, in an app of its own.
    fn shown_at(viewer: &mut ReplayViewer, app: &mut App, k: usize) -> (String, usize, usize) {
        viewer.shown = k;
        start_choice(app.world_mut(), viewer.choice());
        for _ in 0..200 {
            app.update();
        }
        let game = app.world().resource::<GameInPlay>();
        assert!(game.replay.orders.is_empty());
        assert_eq!(game.replay.mismatch, None);
        (
            format!("{:?}", game.table),
            game.dice.log.len(),
            game.record.orders.len(),
        )
    }

    #[test]
    fn the_viewer_steps_forward_and_back_to_the_same_table_and_log() {
        let scenario = crate::game::test_support::scenario("night_raid.ron");
        let rules = std::sync::Arc::new(ambush_data::Rules::bundled().clone());
        let (_, save) = crate::batch::play_saved_game(
            &scenario,
            rules.clone(),
            2,
            0,
            Controllers::all_ai(),
            None,
            SaveSource::default(),
        );
        assert!(save.orders.len() > 20);
        let mut viewer = ReplayViewer {
            file: "night_raid.ron".into(),
            shown: 0,
            save,
        };
        let mut app = crate::game::headless_app(&viewer.choice().setup, rules);
        let at_12 = shown_at(&mut viewer, &mut app, 12);
        let at_13 = shown_at(&mut viewer, &mut app, 13);
        let back_12 = shown_at(&mut viewer, &mut app, 12);
        assert_eq!(
            at_12, back_12,
            "back one order is where forward one order was"
        );
        assert_eq!((at_12.2, at_13.2), (12, 13), "the orders given");
        assert!(at_13.1 >= at_12.1, "the log grows going forward");
        let start = shown_at(&mut viewer, &mut app, 0);
        assert_eq!(start.2, 0);
        // Everything is shown only for a finished game.
        assert!(viewer.save.summary.finished && viewer.choice().reveal);
        viewer.save.summary.finished = false;
        assert!(!viewer.choice().reveal);
        // Jumping to a turn shows its first order to come.
        let turn = viewer.save.orders[20].turn;
        let k = viewer.start_of_turn(turn);
        assert!(k <= 20 && viewer.save.orders[k].turn == turn);
        assert!(k == 0 || viewer.save.orders[k - 1].turn < turn);
    }
}
