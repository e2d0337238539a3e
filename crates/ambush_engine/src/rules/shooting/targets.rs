//! The targets search for the AIs: every shot a unit could make now, whether it or its side has any, and how far shots reach.

use super::may_shoot::{fire_free_asking, free_to_shoot};
use super::plan::{ShotPlan, kit_of, longest_class_range, plan_checked_shooter, plan_with_kit};
use super::sight::{Sight, los_blocker_via_grid, terrain_print};
use crate::rules::environment;
use crate::rules::grid::UnitGrid;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::Rules;

/// How far, inches, any shooter's plan may reach by `base_distance_at_least` before it is
/// refused as beyond every range: a shooter with no enemy within it has no target. `None` in
/// space, where a shot reaches anywhere.
pub fn farthest_plan(table: &Table, rules: &Rules) -> Option<f32> {
    (!environment::in_space(table))
        .then(|| longest_class_range(rules) * rules.general.smr + MEASURING_SLACK)
}

/// Every target unit `shooter` could shoot now, with its plan.
pub fn targets(table: &Table, rules: &Rules, shooter: UnitId) -> Vec<(UnitId, ShotPlan)> {
    targets_seeing(table, rules, shooter, Sight::Draw)
}

/// `targets`, asking `grid` (of this table as it stands) for the lines of sight: a search that
/// asks for every shooter's targets at every decision of a phase draws each line once while
/// the units stand still. `terrain` is `terrain_print(table)`.
pub fn targets_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    terrain: u64,
    shooter: UnitId,
) -> Vec<(UnitId, ShotPlan)> {
    targets_seeing(table, rules, shooter, Sight::FromGrid(grid, terrain))
}

/// The plan of `shooter`'s shot at `target`, for a shooter free to shoot (`free_to_shoot`), if
/// it is one of `targets_via_grid(shooter)`: that list's entry for the pair, planned alone, for
/// a search that remembers the list and plans again only the pairs whose units changed
/// (`control::known_shots`).
pub fn target_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    terrain: u64,
    shooter: UnitId,
    target: UnitId,
) -> Option<ShotPlan> {
    let (s, t) = (table.unit(shooter)?, table.unit(target)?);
    if t.side == s.side || !t.on_table() {
        return None;
    }
    plan_checked_shooter(
        table,
        rules,
        shooter,
        target,
        None,
        Sight::FromGrid(grid, terrain),
    )
    .ok()
}

fn targets_seeing(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    sight: Sight,
) -> Vec<(UnitId, ShotPlan)> {
    let Some(s) = table.unit(shooter) else {
        return Vec::new();
    };
    if !free_to_shoot(table, rules, shooter) {
        return Vec::new();
    }
    let kit = kit_of(rules, s);
    table
        .units
        .iter()
        .filter(|t| t.side != s.side && t.on_table())
        .filter_map(|t| {
            plan_with_kit(table, rules, &kit, shooter, t.id, None, sight)
                .ok()
                .map(|p| (t.id, p))
        })
        .collect()
}

/// Whether `shooter` could shoot at anything now: `targets` is not empty, found without planning
/// every shot.
pub fn has_target(table: &Table, rules: &Rules, shooter: UnitId) -> bool {
    let Some(s) = table.unit(shooter) else {
        return false;
    };
    free_to_shoot(table, rules, shooter)
        && table
            .units
            .iter()
            .filter(|t| t.side != s.side && t.on_table())
            .any(|t| plan_checked_shooter(table, rules, shooter, t.id, None, Sight::Draw).is_ok())
}

/// Whether a side has any unit that could shoot at anything.
pub fn side_can_shoot(table: &Table, rules: &Rules, side: Side) -> bool {
    first_shooter_among(table, rules, side, 0..table.units.len()).is_some()
}

/// The first of `places` (in `table.units`) holding a unit of `side` that could shoot at
/// something. Whether there is one does not hang on the order when `places` are all the list's:
/// the shooting phase tries them from where its last look found one
/// (`phases::LookFrom::places`), since in a block of marines the ranks that the front rank
/// screens come first in the list, and a look from the start passed them all at every shot.
pub fn first_shooter_among(
    table: &Table,
    rules: &Rules,
    side: Side,
    places: impl IntoIterator<Item = usize>,
) -> Option<usize> {
    let tol = rules.general.contact_tolerance;
    let grid = table.grid();
    let terrain = terrain_print(table);
    // The enemies on the table, found once rather than once a shooter.
    let enemies: Vec<&Unit> = table
        .units
        .iter()
        .filter(|t| t.side != side && t.on_table())
        .collect();
    places.into_iter().find(|&i| {
        let Some(u) = table.units.get(i) else {
            return false;
        };
        if u.side != side
            || !u.on_table()
            || !fire_free_asking(rules, u, || {
                table.in_enemy_contact_via_grid(&grid, u.id, tol)
            })
        {
            return false;
        }
        let reach = longest_reach(table, rules, u);
        enemies.iter().any(|t| {
            geometry::base_distance_at_least(&u.base, &t.base) <= reach
                && geometry::base_distance(&u.base, &t.base) <= reach
                && los_blocker_via_grid(table, &grid, terrain, u.id, t.id).is_none()
        })
    })
}

/// How far `s`'s longest-reaching weapon reaches, inches (with the measuring slack), before any
/// modifier: a target farther than this cannot be shot at all.
pub fn longest_reach(table: &Table, rules: &Rules, s: &Unit) -> f32 {
    let inferior = table.config.scenario.inferior_weapons == Some(s.side)
        && table.config.scenario.inferior_weapon_rules.no_long_range;
    let smr = rules.general.smr;
    let reaches = s
        .weapons
        .iter()
        .filter_map(|w| rules.weapon(w))
        .filter_map(|p| Some((p, rules.weapons.ranges.get(&p.class)?)));
    if environment::in_space(table) && !inferior {
        // 003 space: any shooting weapon reaches anywhere.
        reaches
            .map(|_| f32::INFINITY)
            .fold(f32::NEG_INFINITY, f32::max)
    } else {
        reaches
            .map(|(p, b)| {
                let band = match b.long {
                    Some(l) if !inferior => l.max(b.medium),
                    _ => b.medium,
                };
                band * environment::range_factor(table, rules, p)
            })
            .fold(f32::NEG_INFINITY, f32::max)
            * smr
            + MEASURING_SLACK
    }
}
