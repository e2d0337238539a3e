//! The egui overlay: the turn and phase bar, and the roll log with every modifier named.

mod roll_log;
mod status_bar;

use crate::turn::phase::{GameSet, Phase};
use crate::turn::resources::{Awaiting, Battle, Dice};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub use roll_log::{RollLogView, describe};

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RollLogView>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw_overlay.in_set(GameSet::Presentation),
    );
}

/// Lays the panels out around the table, in one root so they share the screen.
fn draw_overlay(
    mut contexts: EguiContexts,
    battle: Option<Res<Battle>>,
    phase: Res<State<Phase>>,
    awaiting: Option<Res<Awaiting>>,
    dice: Option<Res<Dice>>,
    mut view: ResMut<RollLogView>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = egui::Ui::new(
        ctx.clone(),
        "overlay".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    status_bar::show(
        &mut root,
        battle.as_deref(),
        *phase.get(),
        awaiting.as_deref(),
    );
    roll_log::show(&mut root, dice.as_deref(), &mut view);
    Ok(())
}
