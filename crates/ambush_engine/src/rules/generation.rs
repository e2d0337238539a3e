//! Alien generation and placement: the 2D6 doubles roll, the automatic wave, the edge and section
//! dice, the line-abreast formation and the crowding rule.

use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::table::{Table, Unit};
use ambush_data::board::Edge;
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};
use ambush_data::tables::EdgeChoice;
use ambush_data::tables::Rules;
use glam::Vec2;

/// The edge a wave enters from, given the humans' friendly edge.
pub fn edge_for(choice: EdgeChoice, friendly: Edge) -> Edge {
    // Left and right are as seen by the humans looking into the table from their friendly edge.
    let (left, right, opposite) = match friendly {
        Edge::South => (Edge::West, Edge::East, Edge::North),
        Edge::North => (Edge::East, Edge::West, Edge::South),
        Edge::West => (Edge::North, Edge::South, Edge::East),
        Edge::East => (Edge::South, Edge::North, Edge::West),
    };
    match choice {
        EdgeChoice::LeftFlank => left,
        EdgeChoice::RightFlank => right,
        EdgeChoice::Opposite => opposite,
        EdgeChoice::Friendly => friendly,
    }
}

/// Rolls for a new wave at the start of a turn (or takes the automatic one). Returns whether a
/// wave arrives. 001: "At the start of each turn, roll 2 D6. Any doubles result in the
/// appearance of a new wave of aliens."
pub fn roll_for_wave(table: &Table, dice: &mut DiceService) -> bool {
    let turn = table.progress.turn;
    if turn == table.config.automatic_wave_turn {
        dice.record_with(|| {
            RollEntry::dice(RollKind::AlienGeneration, "none", Vec::new())
                .success(true)
                .effect(format!("automatic wave on turn {turn}"))
        });
        return true;
    }
    let rolls = dice.roll(2, 6);
    let doubles = rolls[0] == rolls[1];
    dice.record_with(|| {
        RollEntry::dice(RollKind::AlienGeneration, "2d6", rolls)
            .success(doubles)
            .effect(if doubles {
                format!(
                    "doubles: a new wave of {}",
                    table.config.side_names.of(Side::Aliens)
                )
            } else {
                "no doubles: no wave".to_string()
            })
    });
    doubles
}

/// The centre of section `section` (1-based) of an edge, and the inward direction.
fn section_spot(edge: Edge, section: u32, sections: u32, size: Vec2) -> (Vec2, Vec2, Vec2) {
    let frac = (section as f32 - 0.5) / sections as f32;
    match edge {
        Edge::South => (Vec2::new(size.x * frac, 0.0), Vec2::Y, Vec2::X),
        Edge::North => (Vec2::new(size.x * frac, size.y), -Vec2::Y, Vec2::X),
        Edge::West => (Vec2::new(0.0, size.y * frac), Vec2::X, Vec2::Y),
        Edge::East => (Vec2::new(size.x, size.y * frac), -Vec2::X, Vec2::Y),
    }
}

/// The bases of a wave in line abreast, centred at `centre` on the edge, facing `inward`.
fn formation(rules: &Rules, count: u32, centre: Vec2, inward: Vec2, along: Vec2) -> Vec<Footprint> {
    let (w, d) = rules.troop(rules.generation.troop).base;
    let facing = geometry::angle_of(inward);
    let span = w * count as f32;
    (0..count)
        .map(|i| {
            let off = -span * 0.5 + w * (i as f32 + 0.5);
            Footprint::new(
                centre + along * off + inward * (d * 0.5),
                Vec2::new(w, d),
                facing,
            )
        })
        .collect()
}

/// Places a new wave: edge die, section die, formation, crowding; deals its cards.
pub fn place_wave(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let g = &rules.generation;
    let edge_roll = dice.d6();
    let choice = g
        .edge_by_roll
        .get(&edge_roll)
        .copied()
        .unwrap_or(EdgeChoice::Opposite);
    let edge = edge_for(choice, table.config.scenario.friendly_edge);
    dice.record_with(|| {
        RollEntry::dice(RollKind::WaveEdge, "1d6", vec![edge_roll]).effect(format!(
            "{} ({edge:?} edge)",
            match choice {
                EdgeChoice::LeftFlank => "left flank",
                EdgeChoice::RightFlank => "right flank",
                EdgeChoice::Opposite => "opposite edge",
                EdgeChoice::Friendly => "friendly edge",
            }
        ))
    });
    let section = dice.die(g.sections);
    dice.record_with(|| {
        RollEntry::dice(
            RollKind::WaveSection,
            &format!("1d{}", g.sections),
            vec![section],
        )
        .effect(format!("centred on section {section} of {}", g.sections))
    });
    let size = table.config.table();
    let (spot, inward, along) = section_spot(edge, section, g.sections, size);
    let bases = fit_on_edge(table, rules, spot, inward, along);
    table.progress.waves += 1;
    table.progress.last_wave_turn = Some(table.progress.turn);
    let wave = table.progress.waves;
    let per_pack = rules.generation.wave_size as usize;
    let stacks = table
        .ledger
        .deal_wave(bases.len(), per_pack, dice, &rules.cards);
    // Labels start with the side's initial: A2.3 for an alien, W2.3 for a mod's warrior.
    let prefix: String = table
        .config
        .side_names
        .one(Side::Aliens)
        .chars()
        .next()
        .map_or_else(|| "A".to_string(), |c| c.to_uppercase().collect());
    for (i, (base, stack)) in bases.into_iter().zip(stacks).enumerate() {
        let id = table.take_unit_id();
        let label = format!("{prefix}{wave}.{}", i + 1);
        let weapons = table.config.scenario.aliens.weapons.clone().into();
        table.units.push(Unit {
            wave: Some(wave),
            cards: Some(stack),
            traits: table.config.scenario.aliens.traits,
            ..Unit::new(
                id,
                &label,
                Side::Aliens,
                rules.generation.troop,
                base,
                weapons,
            )
        });
    }
}

/// Slides the formation along the edge to satisfy the crowding rule: "If there is a unit where a
/// wave would be placed, or if a unit would immediately be in base to base contact with a wave,
/// then place the wave one standard movement rate (4") away from that unit."
fn fit_on_edge(
    table: &Table,
    rules: &Rules,
    spot: Vec2,
    inward: Vec2,
    along: Vec2,
) -> Vec<Footprint> {
    let count = rules.generation.wave_size;
    let tol = rules.general.contact_tolerance;
    let keep = rules.generation.crowding_distance * rules.general.smr;
    let (w, _) = rules.troop(rules.generation.troop).base;
    let half_span = w * count as f32 * 0.5;
    let size = table.config.table();
    let edge_len = if along.x.abs() > 0.5 { size.x } else { size.y };
    // Keep the line on the table; a line longer than the edge is centred on it.
    let pos = if edge_len >= 2.0 * half_span {
        spot.dot(along).clamp(half_span, edge_len - half_span)
    } else {
        edge_len * 0.5
    };
    let base_spot = spot - along * spot.dot(along) + along * pos;
    let at = |shift: f32| formation(rules, count, base_spot + along * shift, inward, along);
    let first = at(0.0);
    // A base whose centre is this much farther away than the two bases reach is surely farther
    // than `limit` edge to edge, and is not measured exactly (the margin is far above rounding).
    let surely_beyond = |b: &Footprint, u: &Unit, limit: f32| {
        geometry::base_distance_at_least(b, &u.base) > limit + BROAD_PHASE_MARGIN
    };
    let crowders: Vec<&Unit> = table
        .units
        .iter()
        .filter(|u| u.on_table())
        .filter(|u| {
            first
                .iter()
                .any(|b| !surely_beyond(b, u, tol) && geometry::base_distance(b, &u.base) <= tol)
        })
        .collect();
    let blocked_by_terrain = |bases: &[Footprint]| {
        bases.iter().any(|b| {
            table
                .terrain
                .iter()
                .any(|f| f.going == Going::Impassable && f.shape.overlaps(b, tol))
        })
    };
    let fits = |bases: &[Footprint]| {
        bases
            .iter()
            .all(|b| geometry::on_table(b, size, MEASURING_SLACK))
            && !blocked_by_terrain(bases)
            && bases.iter().all(|b| {
                table.units.iter().filter(|u| u.on_table()).all(|u| {
                    let crowder = crowders.iter().any(|c| c.id == u.id);
                    if surely_beyond(b, u, if crowder { tol.max(keep) } else { tol }) {
                        return true;
                    }
                    let d = geometry::base_distance(b, &u.base);
                    d > tol && (!crowder || d >= keep - MEASURING_SLACK)
                })
            })
    };
    if crowders.is_empty() && !blocked_by_terrain(&first) {
        return first;
    }
    let mut shift = 0.5f32;
    while shift <= edge_len {
        for s in [shift, -shift] {
            let bases = at(s);
            if fits(&bases) {
                return bases;
            }
        }
        shift += 0.5;
    }
    // Nowhere along the edge: come in one SMR further from the edge, and further again, until
    // the line finds clear ground; a wave never lands on a base already there.
    let step = keep.max(0.5);
    let depth_limit = if along.x.abs() > 0.5 { size.y } else { size.x };
    let mut depth = step;
    while depth <= depth_limit {
        let line = base_spot + inward * depth;
        let mut shift = 0.0f32;
        while shift <= edge_len {
            for s in [shift, -shift] {
                let bases = formation(rules, count, line + along * s, inward, along);
                if fits(&bases) {
                    return bases;
                }
            }
            shift += 0.5;
        }
        depth += step;
    }
    // No clear ground for the whole line anywhere on the table: no alien of it comes on.
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edge_table_relative_to_friendly_edge() {
        // rules.md "Which edge (D6)": 1 left flank, 2 right flank, 3-5 opposite, 6 friendly.
        let r = ambush_data::Rules::bundled();
        let e = |roll: u32| edge_for(r.generation.edge_by_roll[&roll], Edge::South);
        assert_eq!(e(1), Edge::West);
        assert_eq!(e(2), Edge::East);
        assert_eq!(e(3), Edge::North);
        assert_eq!(e(5), Edge::North);
        assert_eq!(e(6), Edge::South);
    }
}
