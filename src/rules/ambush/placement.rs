//! Where the ambush puts units: the ambushers from the scenario, and a column spaced along its route.

use ambush_data::geometry::along;

use crate::rules::dice::DiceService;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::bearing_to_angle;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Puts the ambush's units on the table; aliens are dealt their card stacks as a wave.
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
    let wave = if aliens > 0 {
        table.progress.waves += 1;
        table.progress.last_wave_turn = Some(table.progress.turn);
        Some(table.progress.waves)
    } else {
        None
    };
    for spec_unit in &spec.units {
        let (w, d) = rules.troop(spec_unit.troop).base;
        let is_alien = spec_unit.side == Side::Aliens;
        let weapons: Vec<String> = if spec_unit.weapons.is_empty() && is_alien {
            table.config.aliens.weapons.clone()
        } else {
            spec_unit.weapons.clone()
        };
        let traits = spec_unit.traits.unwrap_or(if is_alien {
            table.config.aliens.traits
        } else {
            Default::default()
        });
        let id = table.take_unit_id();
        let base = Footprint::new(
            Vec2::new(spec_unit.at.0, spec_unit.at.1),
            Vec2::new(w, d),
            bearing_to_angle(spec_unit.facing),
        );
        let (side, troop) = (spec_unit.side, spec_unit.troop);
        table.units.push(Unit {
            armour: spec_unit.armour,
            wave: if is_alien { wave } else { None },
            cards: if is_alien { stacks.next() } else { None },
            traits,
            ..Unit::new(id, &spec_unit.label, side, troop, base, weapons.into())
        });
        if !is_alien {
            table.progress.humans_at_start += 1;
        }
    }
}

/// Places the column on its route: the lead `lead` inches along it, each next unit `spacing`
/// behind, facing the way they march.
pub(super) fn place_column(
    table: &mut Table,
    route: &[Vec2],
    column: &[UnitId],
    lead: f32,
    spacing: f32,
) {
    for (i, id) in column.iter().enumerate() {
        let (p, dir) = along(route, lead - spacing * i as f32);
        if let Some(u) = table.unit_mut(*id) {
            u.base = u.base.at(p).facing(geometry::angle_of(dir));
        }
    }
}
