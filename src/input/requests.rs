//! Turns pressed actions into requests, and requests into the selection and the rules' orders.

use crate::game::resources::GameInPlay;
use crate::game::resources::OrderRefused;
use crate::game::visibility::PlayerView;
use crate::input::actions::{PlayerAction, PlayerInput};
use crate::input::orders::handle;
use crate::input::{InputSet, Pointer, Refusal, Request, Selection};
use ambush_engine::control::Controller;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::preview::unit_at;
use bevy::prelude::*;
use leafwing_input_manager::prelude::ActionState;
use std::f32::consts::PI;

/// One press of a turn key turns the preview this much.
const TURN_STEP: f32 = PI / 12.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            actions_to_requests.in_set(InputSet::Read),
            (apply_requests, note_refusals, say_what_is_awaited)
                .chain()
                .in_set(InputSet::Apply),
        ),
    );
}

fn actions_to_requests(
    input: Query<&ActionState<PlayerAction>, With<PlayerInput>>,
    pointer: Res<Pointer>,
    mut requests: MessageWriter<Request>,
) {
    let Ok(actions) = input.single() else { return };
    let pressed = |a| actions.just_pressed(&a);
    if pressed(PlayerAction::Select)
        && !pointer.over_panel
        && let Some(p) = pointer.world
    {
        requests.write(Request::Click(p));
    }
    if pointer.typing {
        return;
    }
    for (action, request) in [
        (PlayerAction::Commit, Request::Commit),
        (PlayerAction::Cancel, Request::Cancel),
        (PlayerAction::Pass, Request::Pass),
        (PlayerAction::ToggleGroup, Request::ToggleGroup),
        (PlayerAction::TurnLeft, Request::Turn(TURN_STEP)),
        (PlayerAction::TurnRight, Request::Turn(-TURN_STEP)),
        (PlayerAction::NextUnit, Request::NextUnit),
        (PlayerAction::PreviousUnit, Request::PreviousUnit),
        (PlayerAction::NextTarget, Request::NextTarget),
        (PlayerAction::ChangeFormation, Request::NextFormation),
    ] {
        if pressed(action) {
            requests.write(request);
        }
    }
    if pressed(PlayerAction::FacePointer)
        && let Some(p) = pointer.world
    {
        requests.write(Request::FacePointer(p));
    }
}

fn apply_requests(
    mut requests: MessageReader<Request>,
    view: Res<PlayerView>,
    game: Option<ResMut<GameInPlay>>,
    pointer: Res<Pointer>,
    mut selection: ResMut<Selection>,
    mut refusal: ResMut<Refusal>,
) {
    let (Some(table), Some(mut game)) = (&view.table, game) else {
        requests.clear();
        return;
    };
    let rules = game.rules.clone();
    selection.hover = pointer
        .world
        .filter(|_| !pointer.over_panel)
        .and_then(|p| unit_at(table, p));
    let decision = game.awaiting.0.clone();
    let before = (selection.unit, selection.draft);
    for request in requests.read() {
        if let Some((side, order)) =
            handle(request, decision.as_ref(), table, &rules, &mut selection)
        {
            refusal.0 = None;
            game.pending.push(side, order);
            // One order per frame: the next decision is not known until the rules take this one.
            break;
        }
    }
    requests.clear();
    // A refusal speaks of the order it refused: once the player changes it, it goes.
    if (selection.unit, selection.draft) != before {
        refusal.0 = None;
    }
    // A unit that left the table cannot stay selected.
    if selection
        .unit
        .is_some_and(|u| table.unit(u).is_none_or(|x| !x.on_table()))
    {
        *selection = Selection {
            alone: selection.alone,
            ..Default::default()
        };
    }
}

/// Settles a given order: when the rules refuse a player's order, keeps the reason for the
/// orders panel and the selection with its draft (to mend it); once they take it, the selection
/// is cleared for the next order.
fn note_refusals(
    mut rejected: MessageReader<OrderRefused>,
    game: Option<Res<GameInPlay>>,
    mut selection: ResMut<Selection>,
    mut refusal: ResMut<Refusal>,
) {
    let human = |side| {
        game.as_ref()
            .is_some_and(|g| g.controllers.get(side) == Controller::Human)
    };
    if let Some(r) = rejected.read().filter(|r| human(r.side)).last() {
        refusal.0 = Some(r.reason.to_string());
        selection.committed = false;
        return;
    }
    // The order left the queue without a refusal: the rules took it.
    let waiting = game.as_ref().is_some_and(|g| !g.pending.0.is_empty());
    if selection.committed && !waiting {
        *selection = Selection {
            alone: selection.alone,
            ..Default::default()
        };
    }
}

/// Says on the terminal each decision the game waits for from a player at this machine, once:
/// a log to read a played game by, and what the window tests drive the keyboard by.
fn say_what_is_awaited(game: Option<Res<GameInPlay>>, mut last: Local<Option<String>>) {
    let Some(game) = game else {
        *last = None;
        return;
    };
    // What is awaited changes only with the game: no line to make on a frame that left it be.
    if !game.is_changed() {
        return;
    }
    let now = game
        .awaiting
        .0
        .as_ref()
        .filter(|d| game.controllers.get(d.side()) == Controller::Human)
        .map(|d| {
            let what = match d {
                Decision::Move { .. } => "move",
                Decision::Board { .. } => "board",
                Decision::Shoot { .. } => "shoot",
                Decision::Disengage { .. } => "disengage",
                Decision::Engage { .. } => "engage",
                Decision::BreakOff { .. } => "break off",
                Decision::RunAway { .. } => "run away",
                Decision::Spring { .. } => "spring the ambush",
            };
            format!(
                "waiting for the {:?} to {what} (turn {}, order {})",
                d.side(),
                game.table.progress.turn,
                game.record.orders.len()
            )
        });
    if now != *last {
        if let Some(line) = &now {
            info!("{line}");
        }
        *last = now;
    }
}
