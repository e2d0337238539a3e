//! What a player sees before giving an order: the unit under the pointer, move and charge
//! previews with the rule that forbids them, and the targets a shooter has.

use crate::rules::drift;
use crate::rules::orders::OrderError;
use crate::rules::phases::CheckedOrder;
use crate::rules::phases::movement::MoveChecked;
use crate::rules::phases::run_away::RunChecked;
use crate::rules::phases::shooting::ShotChecked;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;

use crate::rules::movement::{self, classify, path_cost};
use crate::rules::shooting::{self, ShotPlan};
use crate::rules::table::{MoveKind, Table, UnitId};
use ambush_data::board::Side;
use ambush_data::geometry::Footprint;
use ambush_data::tables::Rules;
use glam::Vec2;

/// The unit on the table whose base holds `p`, if any (the last one placed wins an overlap).
pub fn unit_at(table: &Table, p: Vec2) -> Option<UnitId> {
    table
        .units
        .iter()
        .rev()
        .find(|u| u.on_table() && u.base.contains(p))
        .map(|u| u.id)
}

/// The units that move with `unit` when it is ordered as a group: itself and every friend linked
/// to it by base contact (001: "a group of units in base contact may move together").
pub fn group(table: &Table, rules: &Rules, unit: UnitId) -> Vec<UnitId> {
    table.group_of(unit, rules.general.contact_tolerance)
}

/// A move as it would happen, shown before it is committed.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePreview {
    pub unit: UnitId,
    /// Where each unit of the move would end.
    pub ghosts: Vec<(UnitId, Footprint)>,
    /// The leader's path, start to end.
    pub from: Vec2,
    pub to: Vec2,
    /// Straight-line length of the path, inches.
    pub length: f32,
    /// What the path costs with bad going counted (the extra over `length` is the going's cost).
    pub cost: f32,
    /// The allowance for this kind of move.
    pub allowance: f32,
    pub kind: MoveKind,
    /// `Ok` when the rules allow the move, or the reason they forbid it.
    pub verdict: Result<(), OrderError>,
}

impl MovePreview {
    /// The inches that bad going adds to the path.
    pub fn going_cost(&self) -> f32 {
        (self.cost - self.length).max(0.0)
    }
    pub fn legal(&self) -> bool {
        self.verdict.is_ok()
    }
}

/// Previews moving `unit` (with its group when `group`) so its centre ends at `to`, facing
/// `facing` (radians). The verdict is the same check the rules make when the order is given.
pub fn preview_move(
    table: &Table,
    rules: &Rules,
    unit: UnitId,
    to: Vec2,
    facing: f32,
    group: bool,
) -> Option<MovePreview> {
    let leader = table.unit(unit)?;
    let from = leader.base.center;
    // 003 space: the order is a launch, alone, at up to its launch speed if the check holds.
    if drift::is_launch(table, rules, unit, to) {
        let (end, kind) = drift::launch_reach(table, rules, unit, to)?;
        let verdict = drift::check_launch(table, rules, unit).map_err(Into::into);
        return Some(MovePreview {
            unit,
            ghosts: vec![(unit, Footprint::new(end, leader.base.size, facing))],
            from,
            to: end,
            length: from.distance(end),
            cost: from.distance(end),
            allowance: drift::launch_speed(table, rules, unit),
            kind,
            verdict,
        });
    }
    // The leader's category, as the rules classify it.
    let kind = if from.distance(to) < MEASURING_SLACK {
        MoveKind::NoMove
    } else if movement::moves_any_direction(rules, leader) {
        MoveKind::AnyDirection
    } else {
        classify(&leader.base, to)
    };
    let (ghosts, verdict) = match movement::plan_move(table, rules, unit, to, facing, group) {
        Ok(plan) => (plan.poses, Ok(())),
        Err(why) => {
            // Refused: still show where the bases would end.
            let members = if group {
                table.group_of(unit, rules.general.contact_tolerance)
            } else {
                vec![unit]
            };
            let shift = to - from;
            let ghosts = members
                .iter()
                .filter_map(|m| table.unit(*m))
                .map(|u| {
                    (
                        u.id,
                        Footprint::new(u.base.center + shift, u.base.size, facing),
                    )
                })
                .collect();
            (ghosts, Err(why.into()))
        }
    };
    Some(MovePreview {
        unit,
        ghosts,
        from,
        to,
        length: from.distance(to),
        cost: path_cost(table, rules, from, to),
        allowance: movement::allowance(table, rules, unit, kind),
        kind,
        verdict,
    })
}

/// Puts into the previews the numbers of the plan the rules checked for the order they show:
/// where the bases end and the shot's need and modifiers are the commit's own, not a second
/// working-out that could differ from it.
pub fn show_checked(
    checked: &CheckedOrder,
    movement: Option<&mut MovePreview>,
    charge: Option<&mut ChargePreview>,
    shot: Option<&mut ShotPreview>,
) {
    match checked {
        CheckedOrder::Movement(MoveChecked::Move(plan))
        | CheckedOrder::RunAway(RunChecked::Run(plan)) => {
            if let Some(m) = movement {
                m.ghosts.clone_from(&plan.poses);
            }
        }
        CheckedOrder::Movement(MoveChecked::Charge(plan)) => {
            if let Some(c) = charge {
                c.ghost = plan.poses.first().map(|(_, p)| *p);
                c.verdict = Ok(plan.kind);
            }
        }
        CheckedOrder::Shooting(ShotChecked::Shoot { plan, .. }) => {
            if let Some(s) = shot {
                s.verdict = Ok(plan.clone());
            }
        }
        _ => {}
    }
}

/// A charge as it would happen: the charger's end pose in contact, or why it cannot charge.
#[derive(Debug, Clone, PartialEq)]
pub struct ChargePreview {
    pub unit: UnitId,
    pub target: UnitId,
    pub ghost: Option<Footprint>,
    pub verdict: Result<MoveKind, OrderError>,
}

/// Previews `unit` charging `target` into base contact.
pub fn preview_charge(table: &Table, rules: &Rules, unit: UnitId, target: UnitId) -> ChargePreview {
    match movement::plan_charge(table, rules, unit, target, None) {
        Ok(plan) => ChargePreview {
            unit,
            target,
            ghost: plan.poses.first().map(|(_, p)| *p),
            verdict: Ok(plan.kind),
        },
        Err(why) => ChargePreview {
            unit,
            target,
            ghost: None,
            verdict: Err(why.into()),
        },
    }
}

/// A target a shooter may shoot now, with its range band and to-hit plan.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetMark {
    pub target: UnitId,
    pub plan: ShotPlan,
}

/// Every target `shooter` has in range and in sight, for highlighting (001 "To shoot").
pub fn target_marks(table: &Table, rules: &Rules, shooter: UnitId) -> Vec<TargetMark> {
    shooting::targets(table, rules, shooter)
        .into_iter()
        .map(|(target, plan)| TargetMark { target, plan })
        .collect()
}

/// A shot looked at before it is made: the sight line and the plan, or why it cannot be made.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPreview {
    pub shooter: UnitId,
    pub target: UnitId,
    /// Centre to centre, as line of sight is traced.
    pub line: (Vec2, Vec2),
    /// The terrain feature that blocks the sight line, if one does.
    pub blocker: Option<String>,
    pub verdict: Result<ShotPlan, OrderError>,
}

/// Previews `shooter` shooting at `target` with its best weapon.
pub fn preview_shot(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    target: UnitId,
) -> Option<ShotPreview> {
    let s = table.unit(shooter)?;
    let t = table.unit(target)?;
    Some(ShotPreview {
        shooter,
        target,
        line: (s.base.center, t.base.center),
        blocker: shooting::los_blocker(table, shooter, target).map(str::to_string),
        verdict: shooting::plan_shot(table, rules, shooter, target, None).map_err(Into::into),
    })
}

/// The units of `side` that may still move this phase.
pub fn movers(table: &Table, rules: &Rules, side: Side) -> Vec<UnitId> {
    table
        .side_on_table(side)
        .filter(|u| movement::free_to_move(table, rules, u.id))
        .map(|u| u.id)
        .collect()
}

/// The units of `side` that may shoot at something now.
pub fn shooters(table: &Table, rules: &Rules, side: Side) -> Vec<UnitId> {
    table
        .side_on_table(side)
        .filter(|u| shooting::has_target(table, rules, u.id))
        .map(|u| u.id)
        .collect()
}

/// Why `shooter` has no target now, in the player's words, or `None` when it has one: what
/// holds its fire (001 "To shoot"), else why it cannot shoot the nearest enemy (out of range,
/// sight blocked by a unit or terrain, the dark), else that no enemy is on the table. Asked of
/// the table as the player may see it, so it names nothing the player may not know.
pub fn why_no_shot(table: &Table, rules: &Rules, shooter: UnitId) -> Option<String> {
    let s = table.unit(shooter)?;
    if let Some(held) = shooting::cannot_shoot(table, rules, shooter) {
        return Some(held.to_string());
    }
    if shooting::has_target(table, rules, shooter) {
        return None;
    }
    let nearest = table
        .units
        .iter()
        .filter(|t| t.side != s.side && t.on_table())
        .min_by(|a, b| {
            geometry::base_distance(&s.base, &a.base)
                .total_cmp(&geometry::base_distance(&s.base, &b.base))
                .then(a.id.cmp(&b.id))
        });
    Some(match nearest {
        Some(t) => match shooting::plan_shot(table, rules, shooter, t.id, None) {
            // "M4 cannot see A1: ..." names the shooter already.
            Err(why) if why.to_string().starts_with(&*s.label) => why.to_string(),
            Err(why) => format!("{}: {why}", s.label),
            Ok(_) => format!("{}: no target", s.label),
        },
        None => format!("{}: no enemy in sight on the table", s.label),
    })
}

/// The facing that points a base at `p` from `from`, or `current` when `p` is on top of it.
pub fn facing_toward(from: Vec2, p: Vec2, current: f32) -> f32 {
    if from.distance(p) < 0.2 {
        current
    } else {
        geometry::angle_of(p - from)
    }
}
