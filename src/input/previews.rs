//! Works out what the selection's order would do, on the table as the player may see it.

use crate::game::resources::GameInPlay;
use crate::game::visibility::PlayerView;
use crate::input::orders::{actors, drafted};
use crate::input::{OrderDraft, Pointer, PreviewSet, Previews, Selection};
use ambush_data::board::Side;
use ambush_data::tables::Rules;
use ambush_engine::rules::ambush::run_away;
use ambush_engine::rules::movement;
use ambush_engine::rules::orders::{Decision, Order};
use ambush_engine::rules::preview::{
    preview_charge, preview_move, preview_shot, show_checked, target_marks,
};
use ambush_engine::rules::table::{Table, Unit};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, update_previews.in_set(PreviewSet::Previews));
}

fn update_previews(
    view: Res<PlayerView>,
    game: Option<Res<GameInPlay>>,
    selection: Res<Selection>,
    pointer: Res<Pointer>,
    mut previews: ResMut<Previews>,
) {
    *previews = Previews::default();
    let (Some(table), Some(game)) = (&view.table, game) else {
        return;
    };
    let rules = game.rules.clone();
    let Some(decision) = game.awaiting.0.as_ref() else {
        return;
    };
    previews.actors = actors(table, &rules, decision);
    let Some(unit) = selection.unit.and_then(|u| table.unit(u)) else {
        return;
    };
    if unit.side != decision.side() {
        return;
    }
    // The order each preview shows: the one a commit would give now.
    let mut order = None;
    match decision {
        Decision::Move { .. } => {
            if !movement::free_to_move(table, &rules, unit.id) {
                return;
            }
            // 001: "Aliens are moved as individual units".
            let group = !selection.alone && decision.side() == Side::Humans;
            match selection.draft {
                Some(OrderDraft::Move { to, facing }) => {
                    previews.movement = preview_move(table, &rules, unit.id, to, facing, group);
                }
                Some(OrderDraft::Rotate { facing }) => {
                    // A turn on the spot turns the selected unit alone.
                    previews.movement =
                        preview_move(table, &rules, unit.id, unit.base.center, facing, false);
                }
                Some(OrderDraft::Charge { target }) => {
                    previews.charge = Some(preview_charge(table, &rules, unit.id, target));
                }
                Some(OrderDraft::Shot { .. }) | Some(OrderDraft::Spring { .. }) => {}
                None => {
                    order = follow_pointer(
                        table,
                        &rules,
                        unit,
                        group,
                        &pointer,
                        &selection,
                        &mut previews,
                    );
                }
            }
        }
        // 000's third unit: a run away is a move, checked by the run-away step's rules.
        Decision::RunAway { side } => {
            if !run_away::runners(table, &rules, *side).contains(&unit.id) {
                return;
            }
            let group = !selection.alone && *side == Side::Humans;
            match selection.draft {
                Some(OrderDraft::Move { to, facing }) => {
                    previews.movement = preview_move(table, &rules, unit.id, to, facing, group);
                }
                None => {
                    order = follow_pointer(
                        table,
                        &rules,
                        unit,
                        group,
                        &pointer,
                        &selection,
                        &mut previews,
                    );
                }
                _ => {}
            }
        }
        Decision::Shoot { .. } => {
            previews.targets = target_marks(table, &rules, unit.id);
            let target = match selection.draft {
                Some(OrderDraft::Shot { target }) => Some(target),
                _ => selection
                    .hover
                    .filter(|h| table.unit(*h).is_some_and(|t| t.side != unit.side)),
            };
            if let Some(t) = target {
                previews.shot = preview_shot(table, &rules, unit.id, t);
                order = Some(Order::Shoot {
                    shooter: unit.id,
                    target: t,
                    weapon: None,
                });
            }
        }
        _ => {}
    }
    // The verdict is the rules' check of that order, the question the commit asks.
    let Some(order) = order.or_else(|| drafted(decision, table, &selection).map(|(_, o)| o)) else {
        return;
    };
    let checked = game
        .phase_states
        .check_plan(game.phase, table, &rules, decision.side(), &order);
    // An accepted order shows the numbers the commit will use.
    if let Ok(plan) = &checked {
        let shown = &mut *previews;
        show_checked(
            plan,
            shown.movement.as_mut(),
            shown.charge.as_mut(),
            shown.shot.as_mut(),
        );
    }
    let verdict = checked.map(drop);
    if let Some(m) = previews.movement.as_mut() {
        m.verdict = verdict.clone();
    }
    if let (Some(c), Err(why)) = (previews.charge.as_mut(), &verdict) {
        c.verdict = Err(why.clone());
    }
    if let (Some(s), Err(why)) = (previews.shot.as_mut(), &verdict) {
        s.verdict = Err(why.clone());
    }
    previews.verdict = Some((order, verdict));
}

/// The live preview of a move that follows the pointer over open table, and the order a commit
/// would give: none for a unit picked by keys, since the idle pointer may be anywhere.
fn follow_pointer(
    table: &Table,
    rules: &Rules,
    unit: &Unit,
    group: bool,
    pointer: &Pointer,
    selection: &Selection,
    previews: &mut Previews,
) -> Option<Order> {
    let p = pointer
        .world
        .filter(|_| !pointer.over_panel && selection.hover.is_none() && !selection.by_keys)?;
    previews.movement = preview_move(table, rules, unit.id, p, unit.base.facing, group);
    Some(Order::Move {
        unit: unit.id,
        to: p,
        facing: unit.base.facing,
        group,
    })
}
