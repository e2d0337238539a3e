//! Keeps the keyboard for the table while the overlay is up: Tab never walks egui's buttons, and no button keeps the keys after a click.
//!
//! egui gives a clicked or Tabbed-to button the keyboard: Enter or Space then press it again. At
//! the table those keys are the game's (Tab selects the next unit, Enter gives the order), so a
//! player who pressed Tab then Enter took back an order they never meant to. Only a text field
//! may hold the keys here.

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};

/// Whether the table's overlay was drawn last frame, and a text field of it had the keyboard.
#[derive(Resource, Debug, Default, Clone, Copy)]
pub struct OverlayKeys {
    pub shown: bool,
    pub typing: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OverlayKeys>();
    app.add_systems(
        PreUpdate,
        drop_tab_at_the_table
            .in_set(EguiPreUpdateSet::ProcessInput)
            .after(EguiInputSet::WriteEguiEvents),
    );
}

/// Drops the Tab key from egui's input while the table's overlay is up and no text field has
/// the keyboard: Tab is the game's. The menus keep Tab for walking their buttons.
fn drop_tab_at_the_table(mut overlay: ResMut<OverlayKeys>, mut inputs: Query<&mut EguiInput>) {
    let keys = std::mem::take(&mut *overlay);
    if !keys.shown || keys.typing {
        return;
    }
    for mut input in &mut inputs {
        input.0.events.retain(|e| {
            !matches!(
                e,
                egui::Event::Key {
                    key: egui::Key::Tab,
                    ..
                }
            )
        });
    }
}

/// A widget other than a text field gives up the keyboard (the overlay at the end of its pass,
/// the editor before it reads its keys). Returns whether a text field has it.
pub fn release_buttons(ctx: &egui::Context) -> bool {
    let typing = ctx.text_edit_focused();
    if !typing && let Some(id) = ctx.memory(|m| m.focused()) {
        ctx.memory_mut(|m| m.surrender_focus(id));
    }
    typing
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tab() -> egui::Event {
        egui::Event::Key {
            key: egui::Key::Tab,
            physical_key: None,
            pressed: true,
            repeat: false,
            modifiers: egui::Modifiers::NONE,
        }
    }

    #[test]
    fn tab_reaches_egui_only_away_from_the_table_or_in_a_text_field() {
        let mut app = App::new();
        app.init_resource::<OverlayKeys>();
        app.add_systems(Update, drop_tab_at_the_table);
        let context = app.world_mut().spawn(EguiInput::default()).id();
        let send = |app: &mut App, keys: OverlayKeys| -> usize {
            *app.world_mut().resource_mut::<OverlayKeys>() = keys;
            app.world_mut()
                .get_mut::<EguiInput>(context)
                .expect("the input")
                .0
                .events = vec![tab()];
            app.update();
            app.world()
                .get::<EguiInput>(context)
                .expect("input")
                .0
                .events
                .len()
        };
        let table = OverlayKeys {
            shown: true,
            typing: false,
        };
        assert_eq!(send(&mut app, table), 0, "at the table Tab is the game's");
        let field = OverlayKeys {
            shown: true,
            typing: true,
        };
        assert_eq!(send(&mut app, field), 1, "a text field walks on with Tab");
        assert_eq!(
            send(&mut app, OverlayKeys::default()),
            1,
            "the menus keep Tab"
        );
    }

    #[test]
    fn a_button_with_the_keyboard_gives_it_back_and_a_text_field_keeps_it() {
        let ctx = egui::Context::default();
        let mut ids = (None, None);
        let frame = |ctx: &egui::Context, ids: &mut (Option<egui::Id>, Option<egui::Id>), give| {
            let mut typing = None;
            let mut out = ctx.run_ui(egui::RawInput::default(), |ui| {
                let button = ui.button("Take back last order").id;
                let mut name = String::new();
                let field = ui.text_edit_singleline(&mut name).id;
                *ids = (Some(button), Some(field));
                if let Some(to) = give {
                    let to = if to { button } else { field };
                    ui.ctx().memory_mut(|m| m.request_focus(to));
                }
                typing = Some(release_buttons(ui.ctx()));
            });
            // No renderer takes the font texture here.
            out.textures_delta.clear();
            typing
        };
        // A button given the keys (by a click, or Tab) loses them at the end of the pass.
        frame(&ctx, &mut ids, None);
        assert_eq!(frame(&ctx, &mut ids, Some(true)), Some(false));
        assert_eq!(
            ctx.memory(|m| m.focused()),
            None,
            "no button keeps the keys"
        );
        // A text field keeps them: the player is typing.
        assert_eq!(frame(&ctx, &mut ids, Some(false)), Some(true));
        assert_eq!(ctx.memory(|m| m.focused()), ids.1);
    }
}
