//! The table camera: 1 world unit = 1 inch; pan, zoom and fit the whole table.

use crate::game::resources::Battle;
use crate::input::actions::PlayerInput;
use crate::input::pointer::PanelRects;
use crate::input::{InputSet, PlayerAction, Pointer};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use leafwing_input_manager::prelude::ActionState;

/// Marks the camera that looks at the table.
#[derive(Component, Debug, Default)]
pub struct TableCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (fit_new_table, pan_and_zoom).chain().in_set(InputSet::Read),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        TableCamera,
        Camera2d,
        Projection::from(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: 80.0,
                min_height: 56.0,
            },
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_xyz(36.0, 24.0, 100.0),
    ));
}

/// Fits the table when a game starts, and again over the next frames while the overlay's
/// panels settle their sizes.
fn fit_new_table(
    battle: Option<Res<Battle>>,
    window: Query<&Window, With<PrimaryWindow>>,
    panels: Res<PanelRects>,
    mut settle: Local<u32>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let Some(battle) = battle else { return };
    if battle.is_added() {
        *settle = 5;
    }
    if *settle == 0 {
        return;
    }
    *settle -= 1;
    if let Ok(w) = window.single() {
        fit(&battle, w, &panels, &mut camera);
    }
}

/// Shows the whole table, with a margin, in the part of the window the panels leave free.
fn fit(
    battle: &Battle,
    window: &Window,
    panels: &PanelRects,
    camera: &mut Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let size = battle.config.table;
    let (ww, wh) = (window.width(), window.height());
    // The free area: the window less the panels along each side.
    let mut free = Rect::new(0.0, 0.0, ww, wh);
    for r in &panels.rects {
        if r.width() >= ww * 0.9 {
            if r.min.y <= 1.0 {
                free.min.y = free.min.y.max(r.max.y);
            } else {
                free.max.y = free.max.y.min(r.min.y);
            }
        } else if r.height() >= wh * 0.5 {
            if r.min.x <= 1.0 {
                free.min.x = free.min.x.max(r.max.x);
            } else {
                free.max.x = free.max.x.min(r.min.x);
            }
        }
    }
    if free.width() < 50.0 || free.height() < 50.0 {
        free = Rect::new(0.0, 0.0, ww, wh);
    }
    let margin = 2.0;
    let pixels_per_inch =
        (free.width() / (size.x + 2.0 * margin)).min(free.height() / (size.y + 2.0 * margin));
    // Where the free area's centre is, relative to the window's centre, in inches.
    let offset = (free.center() - Vec2::new(ww, wh) * 0.5) / pixels_per_inch;
    for (mut t, mut p) in camera.iter_mut() {
        t.translation.x = size.x * 0.5 - offset.x;
        t.translation.y = size.y * 0.5 + offset.y;
        if let Projection::Orthographic(o) = &mut *p {
            o.scaling_mode = ScalingMode::WindowSize;
            o.scale = 1.0 / pixels_per_inch;
        }
    }
}

/// The pan keys move the view, the zoom keys and wheel zoom, Fit shows the whole table, and
/// holding Drag moves the table with the pointer.
fn pan_and_zoom(
    input: Query<&ActionState<PlayerAction>, With<PlayerInput>>,
    pointer: Res<Pointer>,
    time: Res<Time>,
    battle: Option<Res<Battle>>,
    window: Query<&Window, With<PrimaryWindow>>,
    panels: Res<PanelRects>,
    mut drag_anchor: Local<Option<Vec2>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let Ok(actions) = input.single() else { return };
    if pointer.typing {
        return;
    }
    if actions.just_pressed(&PlayerAction::Fit)
        && let (Some(b), Ok(w)) = (&battle, window.single())
    {
        fit(b, w, &panels, &mut camera);
        return;
    }
    // Dragging keeps the point grabbed under the pointer.
    if actions.pressed(&PlayerAction::Drag) && !pointer.over_panel {
        match (*drag_anchor, pointer.world) {
            (None, Some(p)) => *drag_anchor = Some(p),
            (Some(anchor), Some(p)) => {
                for (mut t, _) in camera.iter_mut() {
                    t.translation += (anchor - p).extend(0.0);
                }
            }
            _ => {}
        }
    } else {
        *drag_anchor = None;
    }
    let mut pan = Vec2::ZERO;
    for (action, dir) in [
        (PlayerAction::PanLeft, Vec2::NEG_X),
        (PlayerAction::PanRight, Vec2::X),
        (PlayerAction::PanUp, Vec2::Y),
        (PlayerAction::PanDown, Vec2::NEG_Y),
    ] {
        if actions.pressed(&action) {
            pan += dir;
        }
    }
    let mut zoom = 0.0;
    // The wheel gives single clicks; held keys zoom smoothly.
    for (action, sign) in [(PlayerAction::ZoomIn, -1.0), (PlayerAction::ZoomOut, 1.0)] {
        if actions.pressed(&action) {
            zoom += sign
                * if actions.just_pressed(&action) {
                    0.1
                } else {
                    time.delta_secs()
                };
        }
    }
    if pointer.over_panel {
        zoom = 0.0;
    }
    for (mut t, mut p) in camera.iter_mut() {
        let Projection::Orthographic(o) = &mut *p else {
            continue;
        };
        // Between 2 and 400 pixels to the inch.
        o.scale = (o.scale * (1.0 + zoom)).clamp(0.0025, 0.5);
        // About half the window's width a second, at any zoom.
        let speed = 700.0 * o.scale * time.delta_secs();
        t.translation += (pan * speed).extend(0.0);
    }
}
