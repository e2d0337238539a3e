//! Passes egui the modifier keys only when they change, so a window at rest stays at rest.
//!
//! bevy_egui 0.42 tells egui the state of Shift, Ctrl and Alt every frame as an event; egui takes
//! any event for input and asks for the next frame, so the window, which sleeps between inputs
//! (`screen::awake`), never slept: 138% of a core at the table with nothing happening. egui reads
//! the keys' state from its raw input's `modifiers` field, which is left as it is; only the
//! repeated event goes.

use bevy::prelude::*;
use bevy_egui::{EguiInput, EguiInputSet, EguiPreUpdateSet, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .in_set(EguiPreUpdateSet::ProcessInput)
            .after(EguiInputSet::WriteEguiEvents),
    );
}

/// Drops each context's `ModifiersChanged` event that repeats the keys it last passed on.
fn drop_unchanged_modifiers(
    mut inputs: Query<(Entity, &mut EguiInput)>,
    mut last: Local<Vec<(Entity, egui::Modifiers)>>,
) {
    for (entity, mut input) in &mut inputs {
        let known = last.iter().position(|(e, _)| *e == entity);
        let mut seen = known.map(|k| last[k].1);
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) if seen == Some(*m) => false,
            egui::Event::ModifiersChanged(m) => {
                seen = Some(*m);
                true
            }
            _ => true,
        });
        match (known, seen) {
            (Some(k), Some(m)) => last[k].1 = m,
            (None, Some(m)) => last.push((entity, m)),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_change_of_the_modifier_keys_reaches_egui() {
        let mut app = App::new();
        app.add_systems(Update, drop_unchanged_modifiers);
        let context = app.world_mut().spawn(EguiInput::default()).id();
        let send = |app: &mut App, events: Vec<egui::Event>| -> Vec<egui::Event> {
            app.world_mut()
                .get_mut::<EguiInput>(context)
                .expect("the input")
                .0
                .events = events;
            app.update();
            app.world()
                .get::<EguiInput>(context)
                .expect("the input")
                .0
                .events
                .clone()
        };
        let none = egui::Event::ModifiersChanged(egui::Modifiers::NONE);
        let shift = egui::Event::ModifiersChanged(egui::Modifiers::SHIFT);
        let key = egui::Event::Text("x".into());
        // The first frame passes the keys on; the same keys again are dropped, other events kept.
        assert_eq!(send(&mut app, vec![none.clone()]), vec![none.clone()]);
        assert_eq!(send(&mut app, vec![none.clone()]), vec![]);
        assert_eq!(send(&mut app, vec![key.clone(), none.clone()]), vec![key]);
        // A change passes, once.
        assert_eq!(send(&mut app, vec![shift.clone()]), vec![shift.clone()]);
        assert_eq!(send(&mut app, vec![shift]), vec![]);
        assert_eq!(send(&mut app, vec![none.clone()]), vec![none]);
    }
}
