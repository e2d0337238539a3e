//! Charges: whether a unit may charge a target, and the check of a charge into contact with the target's closest reachable edge.

use super::allowance::{
    SurpriseMove, allowance_while, bad_going, classify, moves_any_direction, path_cost_through,
};
use super::may_move::{cannot_move, held_by_formation};
use super::path::{Blocker, path_blocker};
use super::refusals::{CannotMove, MoveError};
use super::search::MovePlan;
use crate::rules::table::{MoveKind, Surprise, Table, UnitId};
use crate::rules::wounds::placement_clear;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Whether unit `id` may charge `target` at all, before any distance is measured: free to move
/// and to attack, and the target an enemy on the table. Returns where the target stands.
pub fn charge_target(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    target: UnitId,
) -> Result<Vec2, MoveError> {
    if let Some(why) = cannot_move(table, rules, id)
        .or_else(|| table.unit(id).and_then(|u| held_by_formation(rules, u)))
    {
        return Err(why.into());
    }
    let u = table.unit(id).ok_or(MoveError::NoSuchUnit)?;
    let t = table.unit(target).ok_or(MoveError::NoSuchTarget)?;
    if !u.surprise.may_attack() {
        return Err(CannotMove::Surprised(u.label.to_string(), u.surprise.why()).into());
    }
    // A hidden unit cannot be aimed at: the enemy knows only its counter.
    if t.side == u.side || !t.on_table() || t.status.hidden {
        return Err(MoveError::NotAnEnemy(table.public_name(t).to_string()));
    }
    Ok(t.base.center)
}

/// Checks a charge: unit `id` moves into contact with `target`, its front edge aligned with the
/// closest reachable edge of the target (001: "its front edge is positioned so that it aligns
/// with the closest edge of the enemy"). `edge` forces one edge (0 front, 1 right, 2 rear, 3 left).
pub fn plan_charge(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    target: UnitId,
    edge: Option<usize>,
) -> Result<MovePlan, MoveError> {
    charge_target(table, rules, id, target)?;
    let u = table.unit(id).ok_or(MoveError::NoSuchUnit)?;
    let t = table.unit(target).ok_or(MoveError::NoSuchTarget)?;
    let edges: Vec<usize> = match edge {
        Some(e) => vec![e.min(3)],
        None => {
            let mut e: Vec<usize> = (0..4).collect();
            e.sort_by(|a, b| {
                let pa = geometry::contact_pose(&u.base, &t.base, *a).center;
                let pb = geometry::contact_pose(&u.base, &t.base, *b).center;
                pa.distance(u.base.center)
                    .total_cmp(&pb.distance(u.base.center))
            });
            e
        }
    };
    // Why the last edge tried was refused, put in words only if every edge is.
    let mut last: Option<ChargeRefusal> = None;
    // The bad going, worked out once for every edge tried.
    let bad = bad_going(table);
    for e in edges {
        let pose = geometry::contact_pose(&u.base, &t.base, e);
        let kind = if moves_any_direction(rules, u) {
            MoveKind::AnyDirection
        } else {
            classify(&u.base, pose.center)
        };
        let cost = path_cost_through(&bad, rules, u.base.center, pose.center);
        let purpose = if matches!(t.surprise, Surprise::Doom { .. }) {
            SurpriseMove::OntoTheSurprised
        } else {
            SurpriseMove::Ordinary
        };
        let allow = allowance_while(table, rules, id, kind, purpose);
        if cost > allow + MEASURING_SLACK {
            last = Some(ChargeRefusal::BeyondAllowance { cost, kind, allow });
            continue;
        }
        if let Err(blocked) = path_blocker(
            table,
            rules,
            &u.base,
            &u.base.at(pose.center),
            &[id, target],
        ) {
            last = Some(ChargeRefusal::Path(blocked));
            continue;
        }
        if !placement_clear(table, rules, &pose, &[id]) {
            last = Some(ChargeRefusal::NoRoom);
            continue;
        }
        return Ok(MovePlan {
            poses: vec![(id, pose)],
            kinds: vec![kind],
            kind,
            cost,
            allowance: allow,
        });
    }
    Err(match last {
        None => MoveError::NoEdgeReachable,
        Some(ChargeRefusal::BeyondAllowance { cost, kind, allow }) => {
            MoveError::ChargeBeyondAllowance {
                unit: u.label.to_string(),
                target: t.label.to_string(),
                cost,
                kind: kind.name(),
                allowance: allow,
            }
        }
        Some(ChargeRefusal::Path(blocked)) => MoveError::Path {
            unit: u.label.to_string(),
            blocked: blocked.in_words(table),
        },
        Some(ChargeRefusal::NoRoom) => MoveError::NoRoomAtEdge {
            unit: u.label.to_string(),
            target: t.label.to_string(),
        },
    })
}

/// Why a charge at one edge is refused, before it is put in words (`MoveError`).
#[derive(Debug, Clone, Copy)]
enum ChargeRefusal<'t> {
    BeyondAllowance {
        cost: f32,
        kind: MoveKind,
        allow: f32,
    },
    Path(Blocker<'t>),
    NoRoom,
}
