//! Whether a base's path is clear: the sweep of a sliding base against the table's edge, impassable terrain and other bases.

use super::refusals::PathBlocked;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::board::Going;
use ambush_data::geometry;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};
use ambush_data::geometry::{Footprint, PlacedBase, PlacedShape};
use ambush_data::tables::Rules;

/// Whether a base can slide from `start` to `end` without crossing impassable terrain or another
/// base (other than `ignore`). Samples every half inch; the base keeps its facing until the end.
pub fn path_clear(
    table: &Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    ignore: &[UnitId],
) -> Result<(), PathBlocked> {
    path_blocker(table, rules, start, end, ignore).map_err(|b| b.in_words(table))
}

/// `path_clear`, with what blocks the way not yet in words.
pub(super) fn path_blocker<'t>(
    table: &'t Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    ignore: &[UnitId],
) -> Result<(), Blocker<'t>> {
    let others = table
        .units
        .iter()
        .filter(|u| u.on_table() && !ignore.contains(&u.id))
        .map(|u| (u, None));
    let walls = impassable_walls(table);
    path_clear_of_bases(table, rules, start, end, others, &walls, &mut Vec::new())
}

/// Impassable terrain, each feature worked out once, with its name.
pub(super) fn impassable_walls(table: &Table) -> Vec<(PlacedShape, &str)> {
    table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Impassable)
        .map(|f| (f.shape.placed(), f.name.as_str()))
        .collect()
}

/// What stops a base on its way, before it is put in words (`PathBlocked`): a search that only
/// asks whether a path is clear never builds the words.
#[derive(Debug, Clone, Copy)]
pub(super) enum Blocker<'t> {
    LeavesTable,
    Wall(&'t str),
    Base(&'t Unit),
}

impl Blocker<'_> {
    pub(super) fn in_words(self, table: &Table) -> PathBlocked {
        match self {
            Blocker::LeavesTable => PathBlocked::LeavesTable,
            Blocker::Wall(name) => PathBlocked::Impassable(name.to_string()),
            Blocker::Base(u) => PathBlocked::By(table.public_name(u).to_string()),
        }
    }
}

/// `path_clear` against `others` (the bases that may be in the way, in table order) and
/// `walls`, with `near` to work in. Samples every half inch; the base keeps its facing until
/// the end.
pub(super) fn path_clear_of_bases<'t, 'p>(
    table: &Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    others: impl Iterator<Item = (&'t Unit, Option<&'p PlacedBase>)>,
    walls: &[(PlacedShape, &'t str)],
    near: &mut Vec<(PlacedBase, &'t Unit)>,
) -> Result<(), Blocker<'t>> {
    let len = start.center.distance(end.center);
    // Half-inch steps: no base is narrower than an inch, so none can be stepped over.
    let steps = (len / 0.5).ceil().max(1.0) as usize;
    let tol = rules.general.contact_tolerance;
    let reach = len + start.size.length() + 2.0;
    let me = PlacedBase::new(*start);
    // Only what could touch the base somewhere on its way is tested at each step: the rest is
    // farther from the path than the two bases' reach (with a margin for rounding).
    near.clear();
    near.extend(
        others
            .filter(|(u, _)| {
                u.base.center.distance(start.center) <= reach
                    && geometry::point_segment_distance(u.base.center, start.center, end.center)
                        <= u.base.size.length() * 0.5 + me.radius + tol + BROAD_PHASE_MARGIN
            })
            .map(|(u, p)| (p.copied().unwrap_or_else(|| PlacedBase::new(u.base)), u)),
    );
    let walls: Vec<&(PlacedShape, &str)> = walls
        .iter()
        .filter(|(s, _)| s.may_reach_path(start.center, end.center, me.radius, BROAD_PHASE_MARGIN))
        .collect();
    sweep(table, start, end, steps, near, &walls, tol)
}

/// Steps a base from `start` to `end` in `steps` equal steps (keeping its facing until the
/// last), testing each against the table's edge, the `walls` and the `near` bases in turn.
fn sweep<'t>(
    table: &Table,
    start: &Footprint,
    end: &Footprint,
    steps: usize,
    near: &[(PlacedBase, &'t Unit)],
    walls: &[&(PlacedShape, &'t str)],
    tol: f32,
) -> Result<(), Blocker<'t>> {
    let fwd = start.forward();
    for i in 1..=steps {
        let t = i as f32 / steps as f32;
        let b = if i == steps {
            *end
        } else {
            start.at(start.center.lerp(end.center, t))
        };
        // The last step may turn to the end's facing; every other keeps the start's.
        let placed = if i == steps {
            PlacedBase::new(b)
        } else {
            PlacedBase::along(b, fwd)
        };
        if !placed.on_table(table.config.table(), MEASURING_SLACK) {
            return Err(Blocker::LeavesTable);
        }
        if let Some((_, name)) = walls.iter().find(|(s, _)| s.overlaps(&placed, tol)) {
            return Err(Blocker::Wall(name));
        }
        if let Some((_, u)) = near.iter().find(|(p, _)| placed.overlaps(p, tol)) {
            return Err(Blocker::Base(u));
        }
    }
    Ok(())
}
