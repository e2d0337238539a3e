//! 004's hidden units in play: counters stay on the table after the spring until the enemy spots them, touches them or sees the unit under one act.

use crate::rules::ambush::rolls::spotting;
use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::table::{Counter, MoveKind, Surprise, Table, UnitId};
use ambush_data::geometry::BROAD_PHASE_MARGIN;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Puts the ambusher's units under their counters as the game begins: each counter naming a unit
/// hides it, and the dummies stay beside them (004: "places hidden unit counters and dummy
/// counters on the tabletop").
pub fn hide_under_counters(table: &mut Table, counters: Vec<Counter>) {
    for c in &counters {
        let Some(label) = c.unit.as_deref() else {
            continue;
        };
        if let Some(u) = table.units.iter_mut().find(|u| &*u.label == label) {
            u.status.hidden = true;
        }
    }
    table.progress.counters = counters;
}

/// Takes unit `id` out from under its counter, saying in the log which counter it was and why.
pub fn reveal(table: &mut Table, dice: &mut DiceService, id: UnitId, why: &str) {
    let Some(u) = table.unit_mut(id).filter(|u| u.status.hidden) else {
        return;
    };
    u.status.hidden = false;
    let label = u.label.clone();
    let Some(k) = table
        .progress
        .counters
        .iter()
        .position(|c| c.unit.as_deref() == Some(&*label))
    else {
        return;
    };
    let counter = table.progress.counters.remove(k);
    dice.record_with(|| {
        RollEntry::dice(RollKind::Reveal, "none", Vec::new())
            .actor(&label)
            .target(&counter.name)
            .success(true)
            .effect(format!("{} is {label}: {why}", counter.name))
    });
}

/// Takes dummy counter `k` off the table, saying so in the log.
fn expose_dummy(table: &mut Table, dice: &mut DiceService, k: usize, by: &str) {
    let counter = table.progress.counters.remove(k);
    dice.record_with(|| {
        RollEntry::dice(RollKind::Reveal, "none", Vec::new())
            .actor(by)
            .target(&counter.name)
            .success(false)
            .effect(format!("{} is a dummy counter: removed", counter.name))
    });
}

/// After a move: a hidden unit that moved has shown itself, and an enemy that touches a counter
/// finds what is under it.
pub fn after_move(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if table.progress.counters.is_empty() {
        return;
    }
    let movers: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.status.hidden && u.marks.moved.is_some_and(|m| m != MoveKind::NoMove))
        .map(|u| u.id)
        .collect();
    for id in movers {
        reveal(table, dice, id, "it moves");
    }
    let tol = rules.general.contact_tolerance;
    let hidden: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.status.hidden && u.on_table())
        .map(|u| u.id)
        .collect();
    for id in hidden {
        if table.in_enemy_contact(id, tol) {
            reveal(table, dice, id, "an enemy runs into it");
        }
    }
    let touch = rules.ambush.spotting.dummy_touch;
    let seekers = ambushed_side(table);
    let mut k = 0;
    while k < table.progress.counters.len() {
        let c = &table.progress.counters[k];
        let toucher = c.unit.is_none().then(|| {
            table
                .units
                .iter()
                .filter(|u| u.on_table() && Some(u.side) == seekers)
                // Only a base whose centre is within its half-diagonal (and a margin) of the
                // touch distance can touch the counter: the rest are not measured exactly.
                .filter(|u| {
                    let reach = u.base.size.length() * 0.5 + touch + BROAD_PHASE_MARGIN;
                    u.base.center.distance_squared(c.at) <= reach * reach
                })
                .find(|u| u.base.distance_to_point(c.at) <= touch)
                .map(|u| u.label.to_string())
        });
        match toucher.flatten() {
            Some(by) => expose_dummy(table, dice, k, &by),
            None => k += 1,
        }
    }
}

/// The side the ambush was set for: the one that looks for the counters.
fn ambushed_side(table: &Table) -> Option<ambush_data::board::Side> {
    table.config.ambush.as_ref().map(|a| a.ambushed)
}

/// The counter nearest `from` that no tall terrain hides, by its place in `counters`, with its
/// distance: the one a spotter looks at (004).
pub(super) fn nearest_counter_in_sight(
    table: &Table,
    from: Vec2,
    counters: &[Counter],
) -> Option<(usize, f32)> {
    counters
        .iter()
        .enumerate()
        .filter(|(_, c)| {
            !table
                .terrain
                .iter()
                .any(|f| f.tall && f.shape.crosses(from, c.at))
        })
        .min_by(|x, y| from.distance(x.1.at).total_cmp(&from.distance(y.1.at)))
        .map(|(k, c)| (k, from.distance(c.at)))
}

/// A hidden unit that shoots, or is hit, is found.
pub fn after_shot(table: &mut Table, dice: &mut DiceService, shooter: UnitId, hit: &[UnitId]) {
    if table.progress.counters.is_empty() {
        return;
    }
    reveal(table, dice, shooter, "it fires");
    for id in hit {
        reveal(table, dice, *id, "it is hit");
    }
}

/// End of a turn: each alert unit of the ambushed side, not in contact with the enemy, makes one
/// spotting attempt at the nearest counter it can see, as it did on the approach. A real counter
/// found shows its unit; a dummy is removed.
pub fn spot_counters(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(side) = ambushed_side(table) else {
        return;
    };
    if table.progress.counters.is_empty() {
        return;
    }
    let tol = rules.general.contact_tolerance;
    let spotters: Vec<UnitId> = table
        .side_on_table(side)
        .filter(|u| u.surprise == Surprise::Alert)
        .map(|u| u.id)
        .collect();
    for id in spotters {
        if table.progress.counters.is_empty() {
            return;
        }
        if table.in_enemy_contact(id, tol) {
            continue;
        }
        let Some(u) = table.unit(id) else { continue };
        let (from, label, quality) = (u.base.center, u.label.to_string(), u.traits.quality);
        let Some((k, distance)) = nearest_counter_in_sight(table, from, &table.progress.counters)
        else {
            continue;
        };
        let c = table.progress.counters[k].clone();
        let in_cover = table.in_cover_terrain(c.at);
        let mark = dice.log.len();
        let smr = rules.general.smr;
        let found = spotting(
            dice,
            &rules.ambush,
            smr,
            &label,
            quality,
            distance,
            in_cover,
        );
        if let Some(e) = dice.log.get_mut(mark) {
            e.target = Some(c.name.clone());
        }
        if !found {
            continue;
        }
        match c.unit {
            Some(hidden) => {
                if let Some(h) = table.units.iter().find(|u| *u.label == *hidden) {
                    let h = h.id;
                    reveal(table, dice, h, &format!("spotted by {label}"));
                }
            }
            None => expose_dummy(table, dice, k, &label),
        }
    }
}
