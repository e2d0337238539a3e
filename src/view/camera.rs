//! The table camera: 1 world unit = 1 inch; pan, zoom and fit the whole table.

use crate::turn::phase::GameSet;
use crate::turn::resources::Battle;
use bevy::camera::ScalingMode;
use bevy::input::mouse::AccumulatedMouseScroll;
use bevy::prelude::*;

/// Marks the camera that looks at the table.
#[derive(Component, Debug, Default)]
pub struct TableCamera;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (fit_new_table, pan_and_zoom).chain().in_set(GameSet::Input),
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

/// Centres the camera on a table when a game starts.
fn fit_new_table(
    battle: Option<Res<Battle>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let Some(battle) = battle else { return };
    if !battle.is_added() {
        return;
    }
    fit(&battle, &mut camera);
}

fn fit(battle: &Battle, camera: &mut Query<(&mut Transform, &mut Projection), With<TableCamera>>) {
    let size = battle.config.table;
    // The roll log takes about a third of the window on the right: leave the table the rest.
    let view_width = (size.x + 4.0) * 1.45;
    for (mut t, mut p) in camera.iter_mut() {
        t.translation.x = view_width * 0.5 - 2.0;
        t.translation.y = size.y * 0.5;
        if let Projection::Orthographic(o) = &mut *p {
            o.scaling_mode = ScalingMode::AutoMin {
                min_width: view_width,
                min_height: size.y + 6.0,
            };
            o.scale = 1.0;
        }
    }
}

/// Arrow keys or WASD pan, the wheel or +/- zoom, F fits the whole table.
fn pan_and_zoom(
    keys: Res<ButtonInput<KeyCode>>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    battle: Option<Res<Battle>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    if keys.just_pressed(KeyCode::KeyF)
        && let Some(b) = &battle
    {
        fit(b, &mut camera);
        return;
    }
    let mut pan = Vec2::ZERO;
    for (codes, dir) in [
        ([KeyCode::ArrowLeft, KeyCode::KeyA], Vec2::NEG_X),
        ([KeyCode::ArrowRight, KeyCode::KeyD], Vec2::X),
        ([KeyCode::ArrowUp, KeyCode::KeyW], Vec2::Y),
        ([KeyCode::ArrowDown, KeyCode::KeyS], Vec2::NEG_Y),
    ] {
        if keys.any_pressed(codes) {
            pan += dir;
        }
    }
    let mut zoom = -scroll.delta.y * 0.1;
    if keys.pressed(KeyCode::Equal) || keys.pressed(KeyCode::NumpadAdd) {
        zoom -= time.delta_secs();
    }
    if keys.pressed(KeyCode::Minus) || keys.pressed(KeyCode::NumpadSubtract) {
        zoom += time.delta_secs();
    }
    for (mut t, mut p) in camera.iter_mut() {
        let Projection::Orthographic(o) = &mut *p else {
            continue;
        };
        o.scale = (o.scale * (1.0 + zoom)).clamp(0.1, 3.0);
        let speed = 30.0 * o.scale * time.delta_secs();
        t.translation += (pan * speed).extend(0.0);
    }
}
