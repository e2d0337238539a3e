//! Turns the player's requests into a selection, a draft order and, on commit, an `Order`.

use crate::input::{OrderDraft, Request, Selection};
use ambush_data::board::Side;
use ambush_data::geometry::{distance_along, route_of};
use ambush_data::tables::Rules;
use ambush_engine::rules::ambush::run_away;
use ambush_engine::rules::formation;
use ambush_engine::rules::movement;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::orders::Order;
use ambush_engine::rules::orders::passing_order;
use ambush_engine::rules::phases::movement::boarders;
use ambush_engine::rules::preview::{self, facing_toward, unit_at};
use ambush_engine::rules::shooting;
use ambush_engine::rules::table::{Table, UnitId};

/// The units the player may act with for `decision`, in table order (Tab cycles through them).
pub fn actors(table: &Table, rules: &Rules, decision: &Decision) -> Vec<UnitId> {
    match decision {
        Decision::Move { side, .. } => preview::movers(table, rules, *side),
        Decision::Shoot { side } => preview::shooters(table, rules, *side),
        Decision::Board { .. } => boarders(table, rules),
        Decision::Engage { candidates, .. } => candidates.clone(),
        Decision::Disengage { unit, .. } | Decision::BreakOff { unit, .. } => vec![*unit],
        Decision::RunAway { side } => run_away::runners(table, rules, *side),
        // The spring point is a place on the route, not a unit's order.
        Decision::Spring { .. } => Vec::new(),
    }
}

fn own(table: &Table, unit: UnitId, side: Side) -> bool {
    table.unit(unit).is_some_and(|u| u.side == side)
}

/// Applies one request to the selection. Returns the order to give when the request commits one.
/// `decision` is what the rules wait for from a human, if anything; without one, clicks only
/// select units to inspect.
pub fn handle(
    request: &Request,
    decision: Option<&Decision>,
    table: &Table,
    rules: &Rules,
    sel: &mut Selection,
) -> Option<(Side, Order)> {
    match request {
        Request::Click(_) | Request::Pick(_) => sel.by_keys = false,
        Request::NextUnit
        | Request::PreviousUnit
        | Request::NextTarget
        | Request::Cursor(_)
        | Request::KeyClick(_) => sel.by_keys = true,
        _ => {}
    }
    if let Some(d @ Decision::Spring { from, to, hint, .. }) = decision {
        return spring_request(request, d, table, sel, (*from, *to, *hint));
    }
    match request {
        Request::SpringAt(_) => None,
        Request::Click(p) | Request::KeyClick(p) => match unit_at(table, *p) {
            Some(u) => pick(u, decision, table, rules, sel),
            None => {
                place(*p, decision, table, rules, sel);
                None
            }
        },
        Request::Pick(u) => pick(*u, decision, table, rules, sel),
        Request::Commit => commit(decision?, table, sel),
        Request::Pass => {
            let d = decision?;
            sel.draft = None;
            sel.unit = None;
            Some((d.side(), passing_order(d)))
        }
        Request::Cancel => {
            if sel.draft.take().is_none() {
                sel.unit = None;
            }
            None
        }
        Request::ToggleGroup => {
            sel.alone = !sel.alone;
            None
        }
        Request::Turn(delta) => {
            turn(decision, table, rules, sel, |f| f + delta);
            None
        }
        Request::FacePointer(p) => {
            let p = *p;
            match sel.draft {
                Some(OrderDraft::Move { to, facing }) => {
                    sel.draft = Some(OrderDraft::Move {
                        to,
                        facing: facing_toward(to, p, facing),
                    });
                }
                _ => {
                    let from = sel.unit.and_then(|u| table.unit(u)).map(|u| u.base.center);
                    if let Some(from) = from {
                        turn(decision, table, rules, sel, |f| facing_toward(from, p, f));
                    }
                }
            }
            None
        }
        Request::ChangeFormation(unit, to) => {
            let d = decision?;
            if !matches!(d, Decision::Move { .. }) || !own(table, *unit, d.side()) {
                return None;
            }
            sel.draft = None;
            Some((
                d.side(),
                Order::ChangeFormation {
                    unit: *unit,
                    to: *to,
                },
            ))
        }
        Request::NextUnit | Request::PreviousUnit => {
            let list = decision
                .map(|d| actors(table, rules, d))
                .unwrap_or_default();
            let forward = matches!(request, Request::NextUnit);
            if let Some(next) = cycle(&list, sel.unit, forward) {
                sel.unit = Some(next);
                sel.draft = None;
            }
            None
        }
        Request::NextTarget => {
            let current = match sel.draft {
                Some(OrderDraft::Shot { target }) | Some(OrderDraft::Charge { target }) => {
                    Some(target)
                }
                _ => None,
            };
            let (list, draft): (Vec<UnitId>, fn(UnitId) -> OrderDraft) = match decision {
                Some(Decision::Shoot { side })
                    if sel.unit.is_some_and(|s| own(table, s, *side)) =>
                {
                    let shooter = sel.unit?;
                    (
                        shooting::targets(table, rules, shooter)
                            .into_iter()
                            .map(|(t, _)| t)
                            .collect(),
                        |target| OrderDraft::Shot { target },
                    )
                }
                Some(Decision::Move { side, .. })
                    if sel.unit.is_some_and(|s| {
                        own(table, s, *side) && movement::free_to_move(table, rules, s)
                    }) =>
                {
                    (charge_targets(table, sel.unit?), |target| {
                        OrderDraft::Charge { target }
                    })
                }
                _ => return None,
            };
            if let Some(next) = cycle(&list, current, true) {
                sel.draft = Some(draft(next));
            }
            None
        }
        Request::Cursor(p) => {
            place(*p, decision, table, rules, sel);
            None
        }
        Request::NextFormation => {
            let d = decision?;
            let u = sel.unit.and_then(|u| table.unit(u))?;
            if !matches!(d, Decision::Move { .. }) || u.side != d.side() {
                return None;
            }
            let to = *formation::choices(rules, u).first()?;
            sel.draft = None;
            Some((d.side(), Order::ChangeFormation { unit: u.id, to }))
        }
    }
}

/// The unit after (or before) `current` in `list`, going round; the first when `current` is not
/// in it.
fn cycle(list: &[UnitId], current: Option<UnitId>, forward: bool) -> Option<UnitId> {
    if list.is_empty() {
        return None;
    }
    let n = list.len();
    Some(
        match current.and_then(|u| list.iter().position(|x| *x == u)) {
            Some(i) if forward => list[(i + 1) % n],
            Some(i) => list[(i + n - 1) % n],
            None if forward => list[0],
            None => list[n - 1],
        },
    )
}

/// The enemies on the player's table that `unit` might charge, nearest first: the charge's
/// preview then says whether the rules allow it.
fn charge_targets(table: &Table, unit: UnitId) -> Vec<UnitId> {
    let Some(u) = table.unit(unit) else {
        return Vec::new();
    };
    let mut enemies: Vec<(f32, UnitId)> = table
        .units
        .iter()
        .filter(|e| e.side != u.side && e.on_table())
        .map(|e| (e.base.center.distance(u.base.center), e.id))
        .collect();
    enemies.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    enemies.into_iter().map(|(_, id)| id).collect()
}

/// A click on (or a pick of) a unit.
fn pick(
    u: UnitId,
    decision: Option<&Decision>,
    table: &Table,
    rules: &Rules,
    sel: &mut Selection,
) -> Option<(Side, Order)> {
    let selected_own = |side| sel.unit.is_some_and(|s| own(table, s, side));
    match decision {
        // Clicking an enemy with one of your units selected previews a charge on it.
        Some(Decision::Move { side, .. })
            if !own(table, u, *side)
                && selected_own(*side)
                && sel
                    .unit
                    .is_some_and(|s| movement::free_to_move(table, rules, s)) =>
        {
            sel.draft = Some(OrderDraft::Charge { target: u });
            return None;
        }
        Some(Decision::Shoot { side }) if !own(table, u, *side) && selected_own(*side) => {
            sel.draft = Some(OrderDraft::Shot { target: u });
            return None;
        }
        Some(Decision::Engage {
            side,
            defender,
            candidates,
        }) if candidates.contains(&u) => {
            sel.unit = Some(u);
            return Some((
                *side,
                Order::Engage {
                    defender: *defender,
                    attacker: u,
                },
            ));
        }
        _ => {}
    }
    sel.unit = Some(u);
    sel.draft = None;
    None
}

/// How far one press of a turn key moves the spring point along the route, inches.
const SPRING_STEP: f32 = 1.0;

/// A request while the ambusher chooses its spring point (004): a click, or the keyboard's
/// cursor, puts it at the nearest point of the route; the turn keys move it an inch along;
/// the slider sets it; commit springs there, pass marches on (or springs at the scenario's
/// point, in a simple set-up).
fn spring_request(
    request: &Request,
    decision: &Decision,
    table: &Table,
    sel: &mut Selection,
    (from, to, hint): (f32, f32, f32),
) -> Option<(Side, Order)> {
    let now = match sel.draft {
        Some(OrderDraft::Spring { at }) => at,
        _ => hint.clamp(from, to),
    };
    let at = match request {
        Request::Click(p) | Request::KeyClick(p) | Request::Cursor(p) => {
            let spec = table.config.scenario.ambush.as_ref()?;
            let (route, _) = route_of(&spec.route);
            distance_along(&route, *p)
        }
        Request::Turn(delta) => now + SPRING_STEP * delta.signum(),
        Request::SpringAt(at) => *at,
        Request::Commit => {
            sel.committed = true;
            return drafted(decision, table, sel);
        }
        Request::Pass => {
            sel.draft = None;
            return Some((decision.side(), passing_order(decision)));
        }
        Request::Cancel => {
            sel.draft = None;
            return None;
        }
        _ => return None,
    };
    sel.draft = Some(OrderDraft::Spring {
        at: at.clamp(from, to),
    });
    None
}

/// A click on open table: the destination of the selected unit's move.
fn place(
    p: glam::Vec2,
    decision: Option<&Decision>,
    table: &Table,
    rules: &Rules,
    sel: &mut Selection,
) {
    let Some(u) = sel.unit.and_then(|u| table.unit(u)) else {
        return;
    };
    let may = match decision {
        Some(Decision::Move { side, .. }) => {
            u.side == *side && movement::free_to_move(table, rules, u.id)
        }
        // 000's third unit runs away at the end of the turn.
        Some(Decision::RunAway { side }) => {
            u.side == *side && run_away::runners(table, rules, *side).contains(&u.id)
        }
        _ => false,
    };
    if !may {
        return;
    }
    let facing = match sel.draft {
        Some(OrderDraft::Move { facing, .. }) | Some(OrderDraft::Rotate { facing }) => facing,
        _ => u.base.facing,
    };
    sel.draft = Some(OrderDraft::Move { to: p, facing });
}

/// Turns the draft's facing, or starts a turn on the spot.
fn turn(
    decision: Option<&Decision>,
    table: &Table,
    rules: &Rules,
    sel: &mut Selection,
    new_facing: impl Fn(f32) -> f32,
) {
    match sel.draft {
        Some(OrderDraft::Move { to, facing }) => {
            sel.draft = Some(OrderDraft::Move {
                to,
                facing: new_facing(facing),
            });
        }
        Some(OrderDraft::Rotate { facing }) => {
            sel.draft = Some(OrderDraft::Rotate {
                facing: new_facing(facing),
            });
        }
        _ => {
            let Some(Decision::Move { side, .. }) = decision else {
                return;
            };
            let Some(u) = sel.unit.and_then(|u| table.unit(u)) else {
                return;
            };
            if u.side == *side && movement::free_to_move(table, rules, u.id) {
                sel.draft = Some(OrderDraft::Rotate {
                    facing: new_facing(u.base.facing),
                });
            }
        }
    }
}

/// Gives the drafted order, or answers "yes" to a melee question. The selection stays until the
/// rules answer (`Selection::committed`): a refused order is still drawn up, to be mended.
fn commit(decision: &Decision, table: &Table, sel: &mut Selection) -> Option<(Side, Order)> {
    let order = drafted(decision, table, sel)?;
    sel.committed = true;
    Some(order)
}

/// The order a commit would give now for the selection and its draft: what the previews ask the
/// rules to check, so that a preview's verdict is the commit's.
pub fn drafted(decision: &Decision, table: &Table, sel: &Selection) -> Option<(Side, Order)> {
    let side = decision.side();
    let order = match decision {
        Decision::Move { .. } => {
            let unit = sel.unit.filter(|u| own(table, *u, side))?;
            match sel.draft? {
                OrderDraft::Move { to, facing } => Order::Move {
                    unit,
                    to,
                    facing,
                    // 001: "Aliens are moved as individual units".
                    group: !sel.alone && side == Side::Humans,
                },
                OrderDraft::Rotate { facing } => Order::Rotate { unit, facing },
                OrderDraft::Charge { target } => Order::Charge {
                    unit,
                    target,
                    edge: None,
                },
                OrderDraft::Shot { .. } | OrderDraft::Spring { .. } => return None,
            }
        }
        Decision::RunAway { .. } => {
            let unit = sel.unit.filter(|u| own(table, *u, side))?;
            let Some(OrderDraft::Move { to, facing }) = sel.draft else {
                return None;
            };
            Order::Move {
                unit,
                to,
                facing,
                // 001: "Aliens are moved as individual units".
                group: !sel.alone && side == Side::Humans,
            }
        }
        Decision::Spring { from, to, hint, .. } => Order::SpringAt {
            at: match sel.draft {
                Some(OrderDraft::Spring { at }) => at,
                _ => hint.clamp(*from, *to),
            },
        },
        Decision::Board { .. } => Order::Board {
            unit: sel.unit.filter(|u| own(table, *u, side))?,
        },
        Decision::Shoot { .. } => {
            let shooter = sel.unit.filter(|u| own(table, *u, side))?;
            let Some(OrderDraft::Shot { target }) = sel.draft else {
                return None;
            };
            Order::Shoot {
                shooter,
                target,
                weapon: None,
            }
        }
        Decision::Disengage { unit, .. } => Order::Disengage {
            unit: *unit,
            attempt: true,
        },
        Decision::BreakOff { unit, .. } => Order::BreakOff {
            unit: *unit,
            attempt: true,
        },
        Decision::Engage {
            defender,
            candidates,
            ..
        } => Order::Engage {
            defender: *defender,
            attacker: sel.unit.filter(|u| candidates.contains(u))?,
        },
    };
    Some((side, order))
}
