//! Move categories and allowances: 001's movement definitions, how far each kind of move may go, and what bad going costs.

use crate::rules::environment;
use crate::rules::formation;
use crate::rules::table::{MoveKind, Surprise, Table, Unit, UnitId};
use crate::rules::wounds::crippled;
use ambush_data::ambush_spec::SurpriseEffects;
use ambush_data::board::Going;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::geometry::{Footprint, PlacedShape};
use ambush_data::tables::Rules;
use glam::Vec2;

/// Classifies a move by 001's definitions, relative to the base's facing before it moved.
/// "Straight Forward: ... advanced in the direction to which it was originally facing, and not
/// ending its turn more than one base width to the left or right of its original position."
pub fn classify(start: &Footprint, to: Vec2) -> MoveKind {
    let d = to - start.center;
    if d.length() < MEASURING_SLACK {
        return MoveKind::NoMove;
    }
    let fwd = d.dot(start.forward());
    let lat = d.dot(start.right()).abs();
    if fwd > MEASURING_SLACK {
        if lat <= start.width() + 1e-4 {
            MoveKind::StraightForward
        } else {
            MoveKind::Advance
        }
    } else if fwd < -MEASURING_SLACK {
        MoveKind::FallBack
    } else {
        MoveKind::Advance
    }
}

/// Whether the unit moves freely in any direction in its present formation (aliens).
pub fn moves_any_direction(rules: &Rules, u: &Unit) -> bool {
    formation::movement_of(rules, u).is_some_and(|m| m.any_direction.is_some())
}

/// How far a unit may move in inches for a kind of move (halved for a crippled human).
pub fn allowance(table: &Table, rules: &Rules, id: UnitId, kind: MoveKind) -> f32 {
    allowance_while(table, rules, id, kind, SurpriseMove::Ordinary)
}

/// What a move is for, while 002's roll for doom holds the other side surprised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SurpriseMove {
    /// "Move up to 20% of movement rate (if not engaged)".
    Ordinary,
    /// "Shift position to engage a surprised foe", "Charge an opponent": the active party closes
    /// on a surprised unit across the closing range and strikes.
    OntoTheSurprised,
}

pub(super) fn allowance_while(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    kind: MoveKind,
    purpose: SurpriseMove,
) -> f32 {
    let Some(u) = table.unit(id) else { return 0.0 };
    let Some(m) = formation::movement_of(rules, u) else {
        return 0.0;
    };
    let smr = match (m.any_direction, kind) {
        (Some(any), _) => any,
        (None, MoveKind::NoMove) => 0.0,
        (None, MoveKind::StraightForward) => m.straight_forward,
        (None, MoveKind::Advance) => m.advance,
        (None, MoveKind::FallBack) => m.fall_back,
        (None, MoveKind::AnyDirection) => m.straight_forward,
        (None, MoveKind::Reformed | MoveKind::Drift) => 0.0,
    };
    let factor = if crippled(table, rules, id) {
        rules.wounds.degradation_half_move_factor
    } else {
        1.0
    } * environment::movement_factor(table, rules, u);
    // 002: while the other side is surprised, the active party may "Move up to 20% of movement
    // rate".
    let doom = table
        .config
        .scenario
        .ambush
        .as_ref()
        .is_some_and(|a| a.effects == SurpriseEffects::RollForDoom);
    let enemy_surprised = || {
        table.units.iter().any(|e| {
            e.side != u.side && e.on_table() && matches!(e.surprise, Surprise::Doom { .. })
        })
    };
    let check = &rules.ambush.surprise_check;
    let surprise = match purpose {
        _ if !(doom && enemy_surprised()) => 1.0,
        SurpriseMove::Ordinary => check.active_move_fraction,
        // The charge reaches as far as the closing range within which surprise was possible.
        SurpriseMove::OntoTheSurprised => check.closing_range_moves.min(1.0),
    };
    smr * rules.general.smr * factor * surprise
}

/// The largest allowance of any kind (for steering and reach checks).
pub fn max_allowance(table: &Table, rules: &Rules, id: UnitId) -> f32 {
    [
        MoveKind::StraightForward,
        MoveKind::Advance,
        MoveKind::FallBack,
    ]
    .iter()
    .map(|k| allowance(table, rules, id, *k))
    .fold(0.0, f32::max)
}

/// The cost of moving a base's centre from `a` to `b`: bad going costs extra per inch inside it.
pub fn path_cost(table: &Table, rules: &Rules, a: Vec2, b: Vec2) -> f32 {
    path_cost_through(&bad_going(table), rules, a, b)
}

/// The bad going of the table, each feature worked out once, in table order.
pub(super) fn bad_going(table: &Table) -> Vec<PlacedShape> {
    table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Bad)
        .map(|f| f.shape.placed())
        .collect()
}

/// `path_cost`, given the table's `bad_going` worked out once.
pub(super) fn path_cost_through(bad: &[PlacedShape], rules: &Rules, a: Vec2, b: Vec2) -> f32 {
    let extra: f32 = bad.iter().map(|f| f.length_inside(a, b)).sum();
    a.distance(b) + extra * (rules.general.bad_going_cost - 1.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::FRAC_PI_2;

    fn north_square(x: f32, y: f32) -> Footprint {
        Footprint::new(Vec2::new(x, y), Vec2::ONE, FRAC_PI_2)
    }

    #[test]
    fn movement_definitions_of_001() {
        // 001 "Movement Definitions": straight forward, advance left/right, fall back.
        let b = north_square(10.0, 10.0);
        assert_eq!(
            classify(&b, Vec2::new(10.0, 14.0)),
            MoveKind::StraightForward
        );
        // forward but ending one base width (1") to the side is still straight forward
        assert_eq!(
            classify(&b, Vec2::new(11.0, 13.0)),
            MoveKind::StraightForward
        );
        // "moves forward but ends its turn more than one base width to the left or right"
        assert_eq!(classify(&b, Vec2::new(11.5, 12.0)), MoveKind::Advance);
        // "moves sideways, without any forward or rearward movement"
        assert_eq!(classify(&b, Vec2::new(8.0, 10.0)), MoveKind::Advance);
        // "If the unit moves backwards from its original position"
        assert_eq!(classify(&b, Vec2::new(10.0, 9.0)), MoveKind::FallBack);
        assert_eq!(classify(&b, Vec2::new(10.0, 10.0)), MoveKind::NoMove);
    }
}
