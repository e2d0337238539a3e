//! Where the ambush puts units: the ambushers from the scenario, and a column spaced along its route.

use crate::rules::movement;
use crate::rules::table::MoveKind;
use crate::rules::wounds::placement_clear;
use ambush_data::geometry::{along, route_of};

use crate::rules::dice::DiceService;
use crate::rules::table::{Presence, Table, Unit, UnitId};
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::scenario::PlacedUnit;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Puts the ambush's units on the table; aliens are dealt their card stacks a wave of five at a
/// time.
pub(super) fn place_units(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    spec: &AmbushSpec,
) {
    let aliens = spec.units.iter().filter(|u| u.side == Side::Aliens).count();
    let mut stacks = table
        .ledger
        .deal_wave(
            aliens,
            rules.generation.wave_size as usize,
            dice,
            &rules.cards,
        )
        .into_iter();
    // 001: "Aliens are generated in waves of five", "One pack of playing cards ... per wave of
    // attackers": each five dealt from one pack are a wave of their own, so a Joker turned for
    // one of them withdraws those five, not every ambusher.
    let per_wave = (rules.generation.wave_size as usize).max(1);
    let first_wave = table.progress.waves + 1;
    if aliens > 0 {
        table.progress.waves += aliens.div_ceil(per_wave) as u32;
        table.progress.last_wave_turn = Some(table.progress.turn);
    }
    let mut aliens_placed = 0usize;
    for spec_unit in &spec.units {
        let is_alien = spec_unit.side == Side::Aliens;
        let weapons: Vec<String> = if spec_unit.weapons.is_empty() && is_alien {
            table.config.scenario.aliens.weapons.clone()
        } else {
            spec_unit.weapons.clone()
        };
        let traits = spec_unit.traits.unwrap_or(if is_alien {
            table.config.scenario.aliens.traits
        } else {
            Default::default()
        });
        let id = table.take_unit_id();
        let base = spec_unit
            .placed()
            .footprint(rules.troop(spec_unit.troop).base);
        let (side, troop) = (spec_unit.side, spec_unit.troop);
        table.units.push(Unit {
            armour: spec_unit.armour,
            wave: is_alien.then(|| first_wave + (aliens_placed / per_wave) as u32),
            cards: if is_alien { stacks.next() } else { None },
            traits,
            ..Unit::new(id, &spec_unit.label, side, troop, base, weapons.into())
        });
        if is_alien {
            aliens_placed += 1;
        } else {
            table.progress.humans_at_start += 1;
        }
    }
}

/// Places the column on its route: the lead `lead` inches along it, each next unit `spacing`
/// behind, facing the way they march. A unit whose place falls before the route's start is still
/// off the table, waiting to march on (004: the lead is "moved onto the edge of the table", and
/// "the rest of the column's units are placed on the table behind it").
pub(super) fn place_column(
    table: &mut Table,
    route: &[Vec2],
    column: &[UnitId],
    lead: f32,
    spacing: f32,
) {
    for (i, id) in column.iter().enumerate() {
        let behind = lead - spacing * i as f32;
        let (p, dir) = along(route, behind);
        if let Some(u) = table.unit_mut(*id) {
            u.base = u.base.at(p).facing(geometry::angle_of(dir));
            u.status.presence = if behind < -MEASURING_SLACK {
                Presence::Waiting
            } else {
                Presence::OnTable
            };
        }
    }
}

/// Marches a column's waiting units onto the table at the start of a movement phase, in order of
/// march: each comes on along the route, a full move in less the spacing of those ahead of it
/// that come on with it, and that is its move for the turn. One whose place is taken waits.
pub fn march_on(table: &mut Table, rules: &Rules) {
    let Some(spec) = table.config.scenario.ambush.as_ref() else {
        return;
    };
    let (route, _) = route_of(&spec.route);
    let spacing = spec.spacing;
    if route.len() < 2 {
        return;
    }
    let waiting: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.status.presence == Presence::Waiting)
        .map(|u| u.id)
        .collect();
    for (k, id) in waiting.into_iter().enumerate() {
        let full = movement::allowance(table, rules, id, MoveKind::StraightForward);
        let Some(u) = table.unit(id) else { continue };
        let mut at = full - spacing * k as f32;
        // A place a million inches along a route is no place (the scenario check keeps the
        // spacing and the allowances sane): never step toward it, as a step back from a number
        // that large, or from one that is not a number, never arrives.
        if at.is_nan() || at.abs() >= FARTHEST_MARCH {
            continue;
        }
        // The farthest clear place along the route, stepping back to its start.
        let place = loop {
            if at < -MEASURING_SLACK {
                break None;
            }
            let (p, dir) = along(&route, at);
            let base = u.base.at(p).facing(geometry::angle_of(dir));
            if placement_clear(table, rules, &base, &[id]) {
                break Some(base);
            }
            at -= MARCH_ON_STEP;
        };
        if let (Some(base), Some(u)) = (place, table.unit_mut(id)) {
            u.base = base;
            u.status.presence = Presence::OnTable;
            u.marks.moved = Some(MoveKind::StraightForward);
        }
    }
}

/// How far back along the route a unit marching on tries next when its place is taken, inches.
const MARCH_ON_STEP: f32 = 0.25;

/// Beyond this many inches along a route no unit marches on: far past any table, and well short
/// of where stepping back by `MARCH_ON_STEP` stops changing an `f32`.
const FARTHEST_MARCH: f32 = 1.0e6;
