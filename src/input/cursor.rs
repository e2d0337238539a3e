//! The keyboard's table cursor: moved by keys in steps the player sets, it places a selected unit's move and clicks where it stands, so every order can be given without the mouse.

use crate::game::start::PerGame;
use crate::game::visibility::PlayerView;
use crate::input::actions::{PlayerAction, PlayerInput};
use crate::input::camera::{CameraTarget, TableCamera};
use crate::input::{InputSet, OrderDraft, Pointer, Request, Selection};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use glam::Vec2;
use leafwing_input_manager::prelude::ActionState;

/// The steps the cursor moves by, in inches: a tabletop's tape reads to a tenth.
pub const CURSOR_STEPS: [f32; 6] = [0.1, 0.25, 0.5, 1.0, 2.0, 4.0];
/// The step a game starts with: an inch.
const FIRST_STEP: usize = 3;
/// A held cursor key moves again after this long, then every `REPEAT_EVERY`: a desktop's own
/// key repeat waits half a second or more, so a press is never taken for two.
const REPEAT_AFTER: f32 = 0.6;
const REPEAT_EVERY: f32 = 0.1;

/// Where the keyboard's cursor stands on the table, and how far one press moves it.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct TableCursor {
    /// `None` until a cursor key is first pressed: the mouse player never sees it.
    pub at: Option<Vec2>,
    /// The unit selected when the cursor last moved: a new selection starts it on that unit.
    pub for_unit: Option<ambush_engine::rules::table::UnitId>,
    /// Index into `CURSOR_STEPS`.
    pub step: usize,
}

impl Default for TableCursor {
    fn default() -> Self {
        TableCursor {
            at: None,
            for_unit: None,
            step: FIRST_STEP,
        }
    }
}

impl TableCursor {
    /// How far one press moves the cursor, in inches.
    pub fn step_inches(&self) -> f32 {
        CURSOR_STEPS[self.step.min(CURSOR_STEPS.len() - 1)]
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_per_game_resource::<TableCursor>();
    app.add_systems(
        Update,
        (move_cursor, keep_cursor_in_view)
            .chain()
            .in_set(InputSet::Read),
    );
}

/// Where a cursor key moves from: the move drawn up, else the cursor if it still belongs to the
/// selected unit, else the selected unit, else the cursor, else the table's middle.
fn start_point(cursor: &TableCursor, selection: &Selection, view: &PlayerView) -> Vec2 {
    if let Some(OrderDraft::Move { to, .. }) = selection.draft {
        return to;
    }
    if let Some(at) = cursor.at
        && cursor.for_unit == selection.unit
    {
        return at;
    }
    let table = view.table.as_ref();
    if let Some(u) = selection.unit.and_then(|id| table.and_then(|t| t.unit(id))) {
        return u.base.center;
    }
    cursor
        .at
        .or_else(|| table.map(|t| t.config.table() * 0.5))
        .unwrap_or_default()
}

/// The cursor keys: a press moves one step, a held key repeats; each move places the selected
/// unit's move there (the rules' preview then says whether it is legal).
fn move_cursor(
    input: Query<&ActionState<PlayerAction>, With<PlayerInput>>,
    pointer: Res<Pointer>,
    view: Res<PlayerView>,
    selection: Res<Selection>,
    time: Res<Time>,
    mut cursor: ResMut<TableCursor>,
    mut held: Local<f32>,
    mut requests: MessageWriter<Request>,
) {
    let Ok(actions) = input.single() else { return };
    if pointer.typing || view.table.is_none() {
        return;
    }
    if actions.just_pressed(&PlayerAction::CursorFiner) {
        cursor.step = cursor.step.saturating_sub(1);
    }
    if actions.just_pressed(&PlayerAction::CursorCoarser) {
        cursor.step = (cursor.step + 1).min(CURSOR_STEPS.len() - 1);
    }
    let mut direction = Vec2::ZERO;
    let mut fresh = false;
    for (action, dir) in [
        (PlayerAction::CursorUp, Vec2::Y),
        (PlayerAction::CursorDown, Vec2::NEG_Y),
        (PlayerAction::CursorLeft, Vec2::NEG_X),
        (PlayerAction::CursorRight, Vec2::X),
    ] {
        if actions.pressed(&action) {
            direction += dir;
            fresh |= actions.just_pressed(&action);
        }
    }
    let at = cursor.at;
    if actions.just_pressed(&PlayerAction::ClickAtCursor) {
        let p = at.unwrap_or_else(|| start_point(&cursor, &selection, &view));
        cursor.at = Some(p);
        requests.write(Request::KeyClick(p));
    }
    if direction == Vec2::ZERO {
        *held = 0.0;
        return;
    }
    // A press moves at once; a held key waits, then repeats.
    let before = *held;
    *held += time.delta_secs();
    let repeats = |t: f32| ((t - REPEAT_AFTER) / REPEAT_EVERY).floor().max(-1.0);
    if !fresh && repeats(*held) <= repeats(before) {
        return;
    }
    let size = view
        .table
        .as_ref()
        .map_or(Vec2::splat(f32::MAX), |t| t.config.table());
    let from = start_point(&cursor, &selection, &view);
    let to = (from + direction * cursor.step_inches()).clamp(Vec2::ZERO, size);
    cursor.at = Some(to);
    cursor.for_unit = selection.unit;
    requests.write(Request::Cursor(to));
}

/// A cursor moved out of the part of the window the panels leave is brought back into view.
fn keep_cursor_in_view(
    cursor: Res<TableCursor>,
    window: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    panels: Res<crate::input::camera::PanelRects>,
    mut target: ResMut<CameraTarget>,
) {
    if !cursor.is_changed() {
        return;
    }
    let (Some(at), Ok(w), Ok((camera, placed))) = (cursor.at, window.single(), camera.single())
    else {
        return;
    };
    let Ok(on_screen) = camera.world_to_viewport(placed, at.extend(0.0)) else {
        return;
    };
    let free = crate::input::camera::free_area(w, &panels);
    // A margin, so the cursor never sits on a panel's edge.
    if !free.inflate(-40.0).contains(on_screen) {
        target.0 = Some(at);
    }
}
