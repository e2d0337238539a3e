//! The table camera: 1 world unit = 1 inch; pan, zoom and fit the whole table.

use crate::game::resources::GameInPlay;
use crate::game::state::GameNumber;
use crate::input::actions::PlayerInput;
use crate::input::{InputSet, PlayerAction, Pointer};
use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, RequestRedraw};
use leafwing_input_manager::prelude::ActionState;

/// Screen areas the overlay's panels took last frame (logical pixels), and whether a text field
/// has the keyboard. The overlay writes it; clicks there are the overlay's, not the table's.
#[derive(Resource, Debug, Clone, Default)]
pub struct PanelRects {
    pub rects: Vec<Rect>,
    pub typing: bool,
}

/// Marks the camera that looks at the table.
#[derive(Component, Debug, Default)]
pub struct TableCamera;

pub(super) fn plugin(app: &mut App) {
    // The window's own plugin declares it; the headless apps have no window.
    app.init_resource::<CameraTarget>()
        .init_resource::<PanelRects>()
        .add_message::<RequestRedraw>();
    app.add_systems(Startup, spawn_camera);
    app.add_systems(
        Update,
        (
            fit_new_table,
            keep_clear_of_panels,
            pan_and_zoom,
            apply_opening_zoom,
        )
            .chain()
            .in_set(InputSet::Read),
    );
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        TableCamera,
        Camera2d,
        // Multisampling would multiply the cost of every pixel on a software renderer; the
        // table's art is flat shapes and reads well without it.
        Msaa::Off,
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

/// Fits the table when a game starts (each game's number, so a resumed game or a test play
/// opens framed, not where the last game or the editor left the camera), and again over the
/// next frames while the overlay's panels settle their sizes.
fn fit_new_table(
    game: Option<Res<GameInPlay>>,
    number: Option<Res<State<GameNumber>>>,
    window: Query<&Window, With<PrimaryWindow>>,
    panels: Res<PanelRects>,
    mut fitted: Local<Option<GameNumber>>,
    mut settle: Local<u32>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let Some(game) = game else { return };
    let number = number.map(|n| *n.get());
    if game.is_added() || *fitted != number {
        *fitted = number;
        *settle = 5;
    }
    if *settle == 0 {
        return;
    }
    *settle -= 1;
    if let Ok(w) = window.single() {
        fit(game.table.config.table(), w, &panels, &mut camera);
    }
}

/// When a panel widens or narrows (the inspector opens on a unit), the view follows the space
/// the panels leave: a table that was in view whole is fitted again, and otherwise the point at
/// the free area's centre stays at its centre, so nothing on the table slips under a panel.
fn keep_clear_of_panels(
    game: Option<Res<GameInPlay>>,
    window: Query<&Window, With<PrimaryWindow>>,
    panels: Res<PanelRects>,
    mut last: Local<Option<Rect>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let (Some(game), Ok(w)) = (game, window.single()) else {
        return;
    };
    let free = free_area(w, &panels);
    let Some(before) = last.replace(free) else {
        return;
    };
    if before.min.distance(free.min) < 1.0 && before.max.distance(free.max) < 1.0 {
        return;
    }
    let size = game.table.config.table();
    let whole = camera
        .iter()
        .next()
        .is_some_and(|(t, p)| shows_whole(t, p, w, before, size));
    if whole {
        fit(size, w, &panels, &mut camera);
        return;
    }
    // Screen y runs down, the table's y up.
    let shift = free.center() - before.center();
    for (mut t, p) in camera.iter_mut() {
        if let Projection::Orthographic(o) = &*p {
            t.translation.x -= shift.x * o.scale;
            t.translation.y += shift.y * o.scale;
        }
    }
}

/// Whether the whole table (`size` inches) is in view inside `area` of the window.
fn shows_whole(t: &Transform, p: &Projection, window: &Window, area: Rect, size: Vec2) -> bool {
    let Projection::Orthographic(o) = p else {
        return false;
    };
    let half = Vec2::new(window.width(), window.height()) * 0.5;
    let on_screen = |inches: Vec2| {
        let d = (inches - t.translation.truncate()) / o.scale;
        Vec2::new(half.x + d.x, half.y - d.y)
    };
    let slack = Rect::from_corners(area.min - Vec2::ONE, area.max + Vec2::ONE);
    slack.contains(on_screen(Vec2::ZERO)) && slack.contains(on_screen(size))
}

/// Shows the whole table, with a margin, in the part of the window the panels leave free.
fn fit(
    size: Vec2,
    window: &Window,
    panels: &PanelRects,
    camera: &mut Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let (ww, wh) = (window.width(), window.height());
    let free = free_area(window, panels);
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

/// A zoom asked for on the command line (`play --zoom`), pixels to the inch: once the selected
/// unit is on the table the view closes in on it, for a few frames while the table settles, and
/// then the camera is the player's again.
#[derive(Resource, Debug, Clone, Copy, PartialEq)]
pub struct OpeningZoom(pub f32);

fn apply_opening_zoom(
    zoom: Option<Res<OpeningZoom>>,
    selection: Res<crate::input::Selection>,
    view: Res<crate::game::visibility::PlayerView>,
    mut frames: Local<u32>,
    mut commands: Commands,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
) {
    let Some(zoom) = zoom else { return };
    let Some(at) = view
        .table
        .as_ref()
        .and_then(|t| t.unit(selection.unit?))
        .map(|u| u.base.center)
    else {
        return;
    };
    for (mut t, mut p) in camera.iter_mut() {
        if let Projection::Orthographic(o) = &mut *p {
            o.scaling_mode = ScalingMode::WindowSize;
            o.scale = 1.0 / zoom.0.clamp(2.0, 400.0);
        }
        t.translation.x = at.x;
        t.translation.y = at.y;
    }
    *frames += 1;
    if *frames > 10 {
        commands.remove_resource::<OpeningZoom>();
    }
}

/// Where the player asked the camera to look, such as a roll-log entry's units (double-click):
/// the camera glides there.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq)]
pub struct CameraTarget(pub Option<Vec2>);

/// The camera's new centre when zooming from `scale` to `new_scale` (inches per pixel) about
/// `pointer`: the table point under the pointer stays under it.
pub fn zoom_at(centre: Vec2, scale: f32, pointer: Vec2, new_scale: f32) -> Vec2 {
    pointer + (centre - pointer) * (new_scale / scale)
}

/// How hard the pointer at `cursor` (window pixels, y down) pushes the view at the edge of the
/// table's free area `free`: a unit vector per edge within `band` pixels of it, table axes (y up).
pub fn edge_push(cursor: Vec2, free: Rect, band: f32) -> Vec2 {
    if !free.contains(cursor) {
        return Vec2::ZERO;
    }
    let mut push = Vec2::ZERO;
    if cursor.x - free.min.x < band {
        push.x -= 1.0;
    }
    if free.max.x - cursor.x < band {
        push.x += 1.0;
    }
    if cursor.y - free.min.y < band {
        push.y += 1.0;
    }
    if free.max.y - cursor.y < band {
        push.y -= 1.0;
    }
    push
}

/// The window less the overlay's panels along its sides: where the table shows.
pub(crate) fn free_area(window: &Window, panels: &PanelRects) -> Rect {
    let (ww, wh) = (window.width(), window.height());
    let mut free = Rect::new(0.0, 0.0, ww, wh);
    for r in &panels.rects {
        // A bar across the top or the bottom: the whole width, or a short panel against that
        // edge (the orders panel under the table, between the side panels).
        let short_at_an_edge = r.height() < wh * 0.5 && (r.min.y <= 1.0 || r.max.y >= wh - 1.0);
        if r.width() >= ww * 0.9 || short_at_an_edge {
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
        Rect::new(0.0, 0.0, ww, wh)
    } else {
        free
    }
}

/// The pan keys and the pointer at the table's edge move the view, easing in and out; the zoom
/// keys and wheel zoom about the pointer; Fit shows the whole table; holding Drag moves the table
/// with the pointer; a `CameraTarget` glides the view to it.
#[allow(clippy::too_many_arguments)]
fn pan_and_zoom(
    input: Query<&ActionState<PlayerAction>, With<PlayerInput>>,
    pointer: Res<Pointer>,
    time: Res<Time>,
    game: Option<Res<GameInPlay>>,
    window: Query<&Window, With<PrimaryWindow>>,
    panels: Res<PanelRects>,
    mut target: ResMut<CameraTarget>,
    mut drag_anchor: Local<Option<Vec2>>,
    mut velocity: Local<Vec2>,
    mut camera: Query<(&mut Transform, &mut Projection), With<TableCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Ok(actions) = input.single() else { return };
    if pointer.typing {
        return;
    }
    if actions.just_pressed(&PlayerAction::Fit)
        && let (Some(g), Ok(w)) = (&game, window.single())
    {
        fit(g.table.config.table(), w, &panels, &mut camera);
        target.0 = None;
        return;
    }
    let dt = time.delta_secs();
    // Dragging keeps the point grabbed under the pointer.
    if actions.pressed(&PlayerAction::Drag) && !pointer.over_panel {
        match (*drag_anchor, pointer.world) {
            (None, Some(p)) => *drag_anchor = Some(p),
            (Some(anchor), Some(p)) => {
                for (mut t, _) in camera.iter_mut() {
                    t.translation += (anchor - p).extend(0.0);
                }
                target.0 = None;
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
    if let Ok(w) = window.single()
        && let Some(cursor) = w.cursor_position()
        && game.is_some()
        && w.focused
        && !pointer.over_panel
        && drag_anchor.is_none()
    {
        pan += edge_push(cursor, free_area(w, &panels), 8.0);
    }
    if pan != Vec2::ZERO {
        target.0 = None;
    }
    let mut zoom = 0.0;
    // The wheel gives single clicks; held keys zoom smoothly.
    for (action, sign) in [(PlayerAction::ZoomIn, -1.0), (PlayerAction::ZoomOut, 1.0)] {
        if actions.pressed(&action) {
            zoom += sign
                * if actions.just_pressed(&action) {
                    0.1
                } else {
                    dt
                };
        }
    }
    if pointer.over_panel {
        zoom = 0.0;
    }
    // Pan eases in and out: the view's speed follows the keys within about a tenth of a second.
    let ease = 1.0 - (-dt * 12.0).exp();
    *velocity = velocity.lerp(pan.normalize_or_zero(), ease);
    if velocity.length() < 1e-3 {
        *velocity = Vec2::ZERO;
    }
    for (mut t, mut p) in camera.iter_mut() {
        let Projection::Orthographic(o) = &mut *p else {
            continue;
        };
        // Between 2 and 400 pixels to the inch.
        let new_scale = (o.scale * (1.0 + zoom)).clamp(0.0025, 0.5);
        if new_scale != o.scale {
            let centre = t.translation.truncate();
            let about = pointer.world.unwrap_or(centre);
            let moved = zoom_at(centre, o.scale, about, new_scale);
            t.translation.x = moved.x;
            t.translation.y = moved.y;
            o.scale = new_scale;
        }
        // About half the window's width a second, at any zoom.
        let speed = 700.0 * o.scale * dt;
        t.translation += (*velocity * speed).extend(0.0);
        if let Some(to) = target.0 {
            let now = t.translation.truncate();
            let next = now.lerp(to, 1.0 - (-dt * 8.0).exp());
            t.translation.x = next.x;
            t.translation.y = next.y;
            if next.distance(to) < 0.05 {
                target.0 = None;
            }
        }
    }
    // The window sleeps between inputs (`screen::awake`): a view still moving asks for the next
    // frame (a held key sends no new event).
    if *velocity != Vec2::ZERO || pan != Vec2::ZERO || zoom != 0.0 || target.0.is_some() {
        redraw.write(RequestRedraw);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zooming_keeps_the_point_under_the_pointer_where_it_was() {
        // A window 1000 px wide: a point's offset from the centre in pixels is its offset in
        // inches over the scale (inches per pixel).
        let centre = Vec2::new(36.0, 24.0);
        let pointer = Vec2::new(50.0, 10.0);
        for (scale, new_scale) in [(0.1, 0.05), (0.1, 0.2), (0.02, 0.0025), (0.5, 0.5)] {
            let pixels_before = (pointer - centre) / scale;
            let moved = zoom_at(centre, scale, pointer, new_scale);
            let pixels_after = (pointer - moved) / new_scale;
            assert!(
                (pixels_before - pixels_after).length() < 1e-3,
                "the pointer's table point moved on screen zooming {scale} to {new_scale}"
            );
        }
        // Zooming about the centre leaves the view where it was.
        assert_eq!(zoom_at(centre, 0.1, centre, 0.05), centre);
    }

    #[test]
    fn the_panel_under_the_table_between_the_side_panels_is_not_free_room() {
        // A square table (The Gauntlet, 48" x 48") was framed as if the orders panel were not
        // there, so the marines at its south edge stood under the panel.
        let mut window = Window::default();
        window.resolution.set(1440.0, 900.0);
        let panels = PanelRects {
            rects: vec![
                Rect::new(0.0, 0.0, 1440.0, 22.0),
                Rect::new(0.0, 22.0, 230.0, 900.0),
                Rect::new(1000.0, 22.0, 1440.0, 900.0),
                Rect::new(230.0, 750.0, 1000.0, 900.0),
            ],
            ..PanelRects::default()
        };
        assert_eq!(
            free_area(&window, &panels),
            Rect::new(230.0, 22.0, 1000.0, 750.0)
        );
    }

    /// Whether the camera shows the whole table of the game in play, the window less no panel.
    fn shows_the_whole_table(app: &mut App) -> bool {
        let size = app.world().resource::<GameInPlay>().table.config.table();
        let window = app
            .world_mut()
            .query_filtered::<&Window, With<PrimaryWindow>>()
            .single(app.world())
            .expect("a window")
            .clone();
        let area = free_area(&window, &PanelRects::default());
        let mut cameras = app
            .world_mut()
            .query_filtered::<(&Transform, &Projection), With<TableCamera>>();
        let (t, p) = cameras.single(app.world()).expect("the table camera");
        shows_whole(t, p, &window, area, size)
    }

    #[test]
    fn every_new_game_opens_framed_wherever_the_last_one_left_the_camera() {
        // A resumed game or a test play after another game opened where the last game (zoomed
        // in on a corner) left the camera, until F was pressed.
        let rules = std::sync::Arc::new(ambush_data::Rules::bundled().clone());
        let scenario = |f: &str| crate::game::test_support::scenario(f);
        let first = ambush_engine::play::new_game::NewGame::new(scenario("crashed_ship.ron"), 1, 0);
        let mut app = crate::input::player_app(&first, rules.clone());
        app.world_mut().spawn((Window::default(), PrimaryWindow));
        for _ in 0..8 {
            app.update();
        }
        assert!(
            shows_the_whole_table(&mut app),
            "the first game opens framed"
        );
        let zoom_into_a_corner = |app: &mut App| {
            let mut cameras = app
                .world_mut()
                .query_filtered::<(&mut Transform, &mut Projection), With<TableCamera>>();
            for (mut t, mut p) in cameras.iter_mut(app.world_mut()) {
                t.translation = Vec3::new(2.0, 3.0, 100.0);
                if let Projection::Orthographic(o) = &mut *p {
                    o.scale = 0.01;
                }
            }
        };
        zoom_into_a_corner(&mut app);
        for _ in 0..8 {
            app.update();
        }
        assert!(
            !shows_the_whole_table(&mut app),
            "the player's own view is left alone during a game"
        );
        for file in ["crashed_ship.ron", "night_raid.ron"] {
            let next = ambush_engine::play::new_game::NewGame::new(scenario(file), 2, 0);
            crate::game::start::start_game(app.world_mut(), &next, rules.clone());
            for _ in 0..8 {
                app.update();
            }
            assert!(shows_the_whole_table(&mut app), "{file} opens framed");
            zoom_into_a_corner(&mut app);
        }
    }

    #[test]
    fn the_pointer_at_the_tables_edge_pans_that_way_and_inside_it_does_not() {
        let free = Rect::new(200.0, 30.0, 1000.0, 700.0);
        assert_eq!(edge_push(Vec2::new(600.0, 400.0), free, 8.0), Vec2::ZERO);
        assert_eq!(edge_push(Vec2::new(203.0, 400.0), free, 8.0), Vec2::NEG_X);
        assert_eq!(
            edge_push(Vec2::new(995.0, 35.0), free, 8.0),
            Vec2::new(1.0, 1.0)
        );
        assert_eq!(edge_push(Vec2::new(600.0, 698.0), free, 8.0), Vec2::NEG_Y);
        // Over a panel, outside the free area, it does nothing.
        assert_eq!(edge_push(Vec2::new(100.0, 400.0), free, 8.0), Vec2::ZERO);
    }
}
