//! 004's hidden units in play: counters stay on the table after the spring until the enemy spots them, touches them or sees the unit under one act.

use crate::rules::ambush::rolls::spotting;
use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::table::{Counter, MoveKind, Presence, Surprise, Table, UnitId};
use ambush_data::board::Side;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, Footprint, PlacedBase};
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

/// The table as `side`'s player knows it, when the other side hides units under counters: a
/// counter is not a figure, so what hides under it takes no room and blocks nothing until it
/// is found. `None` when nothing is hidden from `side`. An order is judged on this table, so
/// the rules never refuse one for what its player could not see, and a refusal never tells
/// a real counter from a dummy.
pub fn as_known_to(table: &Table, side: Side) -> Option<Table> {
    let hides = |u: &crate::rules::table::Unit| u.status.hidden && u.side != side && u.on_table();
    if !table.units.iter().any(hides) {
        return None;
    }
    let mut known = table.clone();
    for u in known.units.iter_mut().filter(|u| hides(u)) {
        u.status.presence = Presence::LeftTable;
    }
    Some(known)
}

/// What a move ran into on its way.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Found {
    /// A hidden unit's base: the mover stops in contact with it.
    Unit(UnitId),
    /// A dummy counter within touch: the mover stops there.
    Dummy,
}

/// 004: a counter is found by touching it. A move judged on the table its side knows
/// (`as_known_to`) may run into a counter on its way: the movers stop where the first of them
/// touches it, a hidden unit is revealed ("an enemy runs into it") and a dummy is taken off
/// (`after_move`). The move is made and counts, for a real counter or a dummy alike, so a
/// move is never a free probe of which counters are real. `poses` are the movers' ends, cut
/// short here when they run into one. Returns the hidden unit run into.
pub fn run_into_counters(
    table: &Table,
    rules: &Rules,
    side: Side,
    poses: &mut [(UnitId, Footprint)],
) -> Option<UnitId> {
    if table.progress.counters.is_empty() {
        return None;
    }
    let tol = rules.general.contact_tolerance;
    let touch = rules.ambush.spotting.dummy_touch;
    let hidden: Vec<(PlacedBase, UnitId)> = table
        .units
        .iter()
        .filter(|u| u.status.hidden && u.side != side && u.on_table())
        .map(|u| (PlacedBase::new(u.base), u.id))
        .collect();
    let seeks = ambushed_side(table) == Some(side);
    let dummies: Vec<glam::Vec2> = table
        .progress
        .counters
        .iter()
        .filter(|c| c.unit.is_none() && seeks)
        .map(|c| c.at)
        .collect();
    // The first thing any mover runs into, as the fraction of the way the movers had made.
    let mut first: Option<(f32, Found)> = None;
    for (id, end) in poses.iter() {
        let Some(start) = table.unit(*id).map(|u| u.base) else {
            continue;
        };
        let fwd = start.forward();
        let pose = |t: f32| start.at(start.center.lerp(end.center, t));
        let here = PlacedBase::new(start);
        // What it touches where it stands was found already, or is its own way out.
        let hidden: Vec<&(PlacedBase, UnitId)> = hidden
            .iter()
            .filter(|(h, _)| !here.overlaps(h, tol))
            .collect();
        let dummies: Vec<glam::Vec2> = dummies
            .iter()
            .copied()
            .filter(|d| start.distance_to_point(*d) > touch)
            .collect();
        let runs_into = |t: f32| -> Option<Found> {
            let placed = PlacedBase::along(pose(t), fwd);
            if let Some((_, u)) = hidden.iter().find(|(h, _)| placed.overlaps(h, tol)) {
                return Some(Found::Unit(*u));
            }
            dummies
                .iter()
                .any(|d| pose(t).distance_to_point(*d) <= touch)
                .then_some(Found::Dummy)
        };
        // Half-inch steps, as a path is checked: no base or touch is narrower.
        let steps = (start.center.distance(end.center) / 0.5).ceil().max(1.0) as usize;
        let Some(i) = (1..=steps).find(|i| runs_into(*i as f32 / steps as f32).is_some()) else {
            continue;
        };
        // Where between the last clear step and this one it first runs into something.
        let (mut lo, mut hi) = ((i - 1) as f32 / steps as f32, i as f32 / steps as f32);
        for _ in 0..16 {
            let mid = (lo + hi) * 0.5;
            if runs_into(mid).is_some() {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let found = runs_into(hi).unwrap_or(Found::Dummy);
        // Against a unit it stops just short of overlapping it, in contact; at a dummy, within
        // touch of it.
        let stop = match found {
            Found::Unit(_) => lo,
            Found::Dummy => hi,
        };
        if first.is_none_or(|(f, _)| stop < f) {
            first = Some((stop, found));
        }
    }
    let (stop, found) = first?;
    // A move that ends where it first touches keeps its end, facing and all.
    for (id, end) in poses.iter_mut().filter(|_| stop < 1.0) {
        if let Some(start) = table.unit(*id).map(|u| u.base) {
            *end = start.at(start.center.lerp(end.center, stop));
        }
    }
    match found {
        Found::Unit(u) => Some(u),
        Found::Dummy => None,
    }
}

/// The side the ambush was set for: the one that looks for the counters.
fn ambushed_side(table: &Table) -> Option<ambush_data::board::Side> {
    table.config.scenario.ambush.as_ref().map(|a| a.ambushed)
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
