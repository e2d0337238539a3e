//! Finds the pointer on the table, in inches, and whether an overlay panel is under it.

use crate::input::camera::{PanelRects, TableCamera};
use crate::input::{InputSet, Pointer};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, read_pointer.in_set(InputSet::Pointer));
}

/// Without a window (the headless tests) the pointer is left as the test set it.
fn read_pointer(
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    panels: Res<PanelRects>,
    mut pointer: ResMut<Pointer>,
) {
    let (Ok(window), Ok((camera, at))) = (window.single(), camera.single()) else {
        return;
    };
    let cursor = window.cursor_position();
    pointer.over_panel = cursor.is_some_and(|c| panels.rects.iter().any(|r| r.contains(c)));
    pointer.typing = panels.typing;
    pointer.world = cursor.and_then(|c| camera.viewport_to_world_2d(at, c).ok());
}
