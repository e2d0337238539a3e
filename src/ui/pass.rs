//! The order inside egui's pass (the screens' windows, then the table's overlay) and the root `Ui` they lay out in.

use bevy::prelude::*;

/// A root egui `Ui` over the whole window, behind egui's windows: what the overlay, the menu,
/// the set-up screens (and the frame-cost baseline) lay their panels out in.
pub fn window_ui(ctx: &bevy_egui::egui::Context, id: &'static str) -> bevy_egui::egui::Ui {
    use bevy_egui::egui;
    egui::Ui::new(
        ctx.clone(),
        id.into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}

/// The order inside egui's pass (`EguiPrimaryContextPass`): a screen's own windows, then the
/// table's overlay. Only the window has this pass.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EguiPass {
    Screens,
    Overlay,
}

/// Declares the order inside egui's pass (the window only).
pub fn order_egui_pass(app: &mut App) {
    app.configure_sets(
        bevy_egui::EguiPrimaryContextPass,
        (EguiPass::Screens, EguiPass::Overlay).chain(),
    );
}
