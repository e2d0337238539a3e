//! Line of sight and cover: what blocks the line between two units, the terrain's fingerprint, and whether a target is in cover.

use crate::rules::grid::{SightBlock, UnitGrid};
use crate::rules::table::{Table, UnitId};
use ambush_data::board::Going;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::Rules;

/// What blocks a line of sight: tall terrain or a unit, by name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("blocked by {0}")]
pub struct SightBlocked(pub String);

/// What blocks the line of sight from `a` to `b`, if anything: tall terrain or another unit
/// (001: "Any terrain feature that is taller than the figures ... or any other troop units that
/// lie directly between shooter and target, block the line of sight").
pub fn line_of_sight(table: &Table, a: UnitId, b: UnitId) -> Result<(), SightBlocked> {
    match los_blocker(table, a, b) {
        None => Ok(()),
        Some(name) => Err(SightBlocked(name.to_string())),
    }
}

/// The name of what blocks the line of sight from `a` to `b`, if anything.
pub fn los_blocker(table: &Table, a: UnitId, b: UnitId) -> Option<&str> {
    let (Some(ia), Some(ib)) = (table.index(a), table.index(b)) else {
        return Some("nothing: no such unit");
    };
    blocker_name(table, sight_block(table, ia, ib))
}

/// `los_blocker`, asking `grid` (of this table as it stands) for a line already drawn since
/// the units last moved; `terrain` is `terrain_print(table)`.
pub fn los_blocker_via_grid<'t>(
    table: &'t Table,
    grid: &UnitGrid,
    terrain: u64,
    a: UnitId,
    b: UnitId,
) -> Option<&'t str> {
    let (Some(ia), Some(ib)) = (table.index(a), table.index(b)) else {
        return Some("nothing: no such unit");
    };
    blocker_name(
        table,
        grid.sight(ia, ib, terrain, || sight_block_near(table, grid, ia, ib)),
    )
}

/// How a plan finds its line of sight: drawn afresh, or asked of a grid (of the table as it
/// stands) that remembers the lines drawn since the units last moved, over terrain of the
/// given fingerprint (`terrain_print`).
#[derive(Clone, Copy)]
pub(super) enum Sight<'g> {
    /// Draw each line of sight afresh.
    Draw,
    /// Ask the grid of the table as it stands (with the table's terrain print) for the lines it
    /// drew since the units last moved.
    FromGrid(&'g UnitGrid, u64),
}

/// A fingerprint of what in the terrain can block a line of sight or give cover (each feature's
/// shape, height, going, water and linear defence): lines remembered over one terrain are not
/// taken for another's.
pub fn terrain_print(table: &Table) -> u64 {
    // A multiplicative mix of every word: cheap, and any change to a tall feature's shape (or
    // which features are tall) changes it.
    let mut h = table.terrain.len() as u64;
    let mut mix =
        |w: u32| h = (h.rotate_left(5) ^ u64::from(w)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    for f in &table.terrain {
        mix(u32::from(f.tall));
        mix(u32::from(f.water) | u32::from(f.linear_defence) << 1);
        mix(match f.going {
            Going::Good => 0,
            Going::Bad => 1,
            Going::Impassable => 2,
        });
        let words = match &f.shape {
            geometry::Shape::Rect {
                center,
                size,
                rotation,
            } => [0.0, center.0, center.1, size.0, size.1, *rotation],
            geometry::Shape::Circle { center, radius } => {
                [1.0, center.0, center.1, *radius, 0.0, 0.0]
            }
            geometry::Shape::Polygon { points } => {
                // Every point, after its count (no rectangle or circle starts with 2.0).
                mix(2.0f32.to_bits());
                mix(points.len() as u32);
                for p in points {
                    mix(p.0.to_bits());
                    mix(p.1.to_bits());
                }
                continue;
            }
        };
        for w in words {
            mix(w.to_bits());
        }
    }
    h
}

/// The name of what `block` names.
fn blocker_name(table: &Table, block: SightBlock) -> Option<&str> {
    match block {
        SightBlock::Clear => None,
        SightBlock::Terrain(i) => Some(&table.terrain[i as usize].name),
        SightBlock::Unit(i) => Some(table.public_name(&table.units[i as usize])),
    }
}

/// What blocks the line from the unit at place `a` to the one at place `b`: the first tall
/// feature it runs through, else the first other unit on the table it crosses.
fn sight_block(table: &Table, a: usize, b: usize) -> SightBlock {
    let (p, q) = (table.units[a].base.center, table.units[b].base.center);
    terrain_block(table, p, q)
        .unwrap_or_else(|| first_crossed(table, a, b, p, q, 0..table.units.len()))
}

/// `sight_block`, trying only the units `grid` (of the table as it stands) shows near the
/// line's box, in the table's order: every base the line crosses is among them, so the first
/// crossed is `sight_block`'s. In a block of 100 marines a line tried them all.
fn sight_block_near(table: &Table, grid: &UnitGrid, a: usize, b: usize) -> SightBlock {
    let (p, q) = (table.units[a].base.center, table.units[b].base.center);
    terrain_block(table, p, q)
        .unwrap_or_else(|| first_crossed(table, a, b, p, q, grid.scan_box(p.min(q), p.max(q), 0.0)))
}

/// The first tall feature the line from `p` to `q` runs through.
fn terrain_block(table: &Table, p: glam::Vec2, q: glam::Vec2) -> Option<SightBlock> {
    table
        .terrain
        .iter()
        .position(|f| f.tall && f.shape.length_inside(p, q) > MEASURING_SLACK)
        .map(|i| SightBlock::Terrain(i as u32))
}

/// The first unit among `places` (ascending), on the table and at neither end, whose base the
/// line from `p` to `q` crosses.
fn first_crossed(
    table: &Table,
    a: usize,
    b: usize,
    p: glam::Vec2,
    q: glam::Vec2,
    places: impl Iterator<Item = usize>,
) -> SightBlock {
    places
        .filter(|&i| i != a && i != b)
        .find(|&i| {
            table
                .units
                .get(i)
                .is_some_and(|u| u.on_table() && segment_crosses_base(p, q, &u.base))
        })
        .map_or(SightBlock::Clear, |i| SightBlock::Unit(i as u32))
}

fn segment_crosses_base(p: glam::Vec2, q: glam::Vec2, base: &Footprint) -> bool {
    // Broad phase: a base whose centre is farther from the line than its half-diagonal (and a
    // margin for rounding) has no point on it. Compared as squares, with the square of the
    // reach taken generously (r² + 0.02·max(r², 1) + 0.0001 is at least (r + 0.01)²), so no
    // root is needed and no base the exact test would catch is passed over.
    let r2 = base.size.length_squared() * 0.25;
    let reach2 = r2 + 0.02 * r2.max(1.0) + 1e-4;
    if geometry::point_segment_distance_squared(base.center, p, q) > reach2 {
        return false;
    }
    let fwd = base.forward();
    if base.contains_along(p, fwd) || base.contains_along(q, fwd) {
        return false;
    }
    let k = geometry::PlacedBase::along(*base, fwd).corners;
    [(k[0], k[1]), (k[1], k[2]), (k[2], k[3]), (k[3], k[0])]
        .iter()
        .any(|(c, d)| geometry::segments_intersect(p, q, *c, *d))
}

/// Whether the target is in cover from the shooter: "if it is in, or if the shooter has to shoot
/// through any intervening bad going except water features", or in frontal contact with a
/// linear defence facing the shooter.
pub fn in_cover(table: &Table, rules: &Rules, shooter: UnitId, target: UnitId) -> bool {
    let (Some(s), Some(t)) = (table.unit(shooter), table.unit(target)) else {
        return false;
    };
    let tol = rules.general.contact_tolerance;
    let (p, q) = (s.base.center, t.base.center);
    for f in &table.terrain {
        if f.going != Going::Bad || f.water {
            continue;
        }
        if f.linear_defence {
            let target_behind = front_contacts_shape(&t.base, &f.shape, tol)
                && t.base.in_front_arc(p)
                && f.shape.length_inside(p, q) > MEASURING_SLACK;
            // "this does not count against the unit as intervening bad going when that unit shoots over it"
            let shooter_over = front_contacts_shape(&s.base, &f.shape, tol);
            if target_behind || (!shooter_over && f.shape.length_inside(p, q) > MEASURING_SLACK) {
                return true;
            }
            continue;
        }
        // A unit shooting out of a wood it stands in is not shooting through it.
        if f.shape.contains(p) && !f.shape.contains(q) {
            continue;
        }
        if f.shape.contains(q) || f.shape.length_inside(p, q) > MEASURING_SLACK {
            return true;
        }
    }
    false
}

fn front_contacts_shape(base: &Footprint, shape: &geometry::Shape, tol: f32) -> bool {
    let (a, b) = base.front_edge();
    let probe = Footprint::new(
        (a + b) * 0.5,
        glam::Vec2::new(base.width(), 0.02),
        base.facing,
    );
    shape.touches(&probe, tol)
}
