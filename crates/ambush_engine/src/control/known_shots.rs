//! The marine AI's shots remembered between the decisions of a phase: each shooter's targets, planned again only for the units that changed since.

use crate::rules::grid::UnitGrid;
use crate::rules::shooting;
use crate::rules::table::{Exposure, Presence, Progress, Table, Unit};
use ambush_data::Rules;
use ambush_data::geometry::Footprint;
use std::sync::{Mutex, MutexGuard};

/// What a shot is worth to the marine AI: its chance to hit, then its nearness (the distance
/// negated).
pub type ShotKey = (f32, f32);

/// Each shooter's targets as last planned, with everything the plans read: kept between
/// decisions, so a shooting phase of many shooters plans each pair once while nothing it reads
/// changes, instead of every pair at every shot. Exact: a pair is planned again whenever its
/// shooter or target changed, and every pair when any unit moved, came or went (a line of sight
/// or a contact may have changed) or anything beyond the units did.
#[derive(Default)]
pub struct KnownShots(Mutex<Option<Known>>);

struct Known {
    /// The rules the plans read, by address: a table is played under one set of rules.
    rules: usize,
    /// The units' revision when the plans were last brought up to date.
    revision: u64,
    progress: Progress,
    exposure: Exposure,
    terrain: u64,
    /// Where each unit stood, by place: lines of sight and contacts read this alone.
    standing: Vec<Standing>,
    /// Each unit's targets by place, in table order, with their keys; `None`: to plan afresh.
    targets: Vec<Option<Targets>>,
}

/// A shooter's targets as last planned.
#[derive(Clone)]
struct Targets {
    /// Whether it was free to shoot: only a change to it or a move of a unit can change that.
    free: bool,
    /// Its targets by place, in table order, with their keys.
    list: Vec<(usize, ShotKey)>,
}

/// What of a unit lines of sight and contacts read.
#[derive(Clone, Copy, PartialEq)]
struct Standing {
    base: Footprint,
    presence: Presence,
    hidden: bool,
}

impl Standing {
    fn of(u: &Unit) -> Standing {
        Standing {
            base: u.base,
            presence: u.status.presence,
            hidden: u.status.hidden,
        }
    }
}

impl std::fmt::Debug for KnownShots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KnownShots")
    }
}

impl Clone for KnownShots {
    /// A copy starts with nothing known: the plans are only a saving.
    fn clone(&self) -> Self {
        KnownShots::default()
    }
}

impl KnownShots {
    fn lock(&self) -> MutexGuard<'_, Option<Known>> {
        // A panic elsewhere while it was held: whatever is left is checked before any use.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Calls `each(shooter, target, key)` for every target of each of `shooters` (places in the
    /// table, in the order given), each shooter's in table order: what planning
    /// `shooting::targets_via_grid` for each would give. `grid` is the table's as it stands and
    /// `terrain` its `shooting::terrain_print`.
    pub fn each_target(
        &self,
        table: &Table,
        rules: &Rules,
        grid: &UnitGrid,
        terrain: u64,
        shooters: &[usize],
        mut each: impl FnMut(usize, usize, ShotKey),
    ) {
        let mut kept = self.lock();
        let rules_at = rules as *const Rules as usize;
        let changed = kept
            .as_ref()
            .and_then(|k| k.changed_places(table, rules_at, terrain));
        let changed = match (kept.as_mut(), changed) {
            (Some(k), Some(changed)) => {
                k.revision = table.units.revision();
                changed
            }
            _ => {
                *kept = Some(Known {
                    rules: rules_at,
                    revision: table.units.revision(),
                    progress: table.progress.clone(),
                    exposure: table.exposure.clone(),
                    terrain,
                    standing: table.units.iter().map(Standing::of).collect(),
                    targets: vec![None; table.units.len()],
                });
                Vec::new()
            }
        };
        let Some(k) = kept.as_mut() else {
            return;
        };
        for &place in &changed {
            k.targets[place] = None;
        }
        let key = |plan: &shooting::ShotPlan| (plan.chance(), -plan.distance);
        let mut visited = vec![false; k.targets.len()];
        for &s in shooters {
            let Some(shooter) = table.units.get(s) else {
                continue;
            };
            visited[s] = true;
            let known = k.targets[s].get_or_insert_with(|| Targets {
                free: shooting::free_to_shoot(table, rules, shooter.id),
                list: shooting::targets_via_grid(table, rules, grid, terrain, shooter.id)
                    .iter()
                    .filter_map(|(t, plan)| Some((table.index(*t)?, key(plan))))
                    .collect(),
            });
            // The pairs aimed at a unit that changed are planned again (a shooter not free to
            // shoot has none).
            if known.free {
                for &t in &changed {
                    if t == s {
                        continue;
                    }
                    known.list.retain(|e| e.0 != t);
                    let target = table.units[t].id;
                    if let Some(plan) =
                        shooting::target_via_grid(table, rules, grid, terrain, shooter.id, target)
                    {
                        let at = known.list.partition_point(|e| e.0 < t);
                        known.list.insert(at, (t, key(&plan)));
                    }
                }
            }
            for &(t, k) in known.list.iter() {
                each(s, t, k);
            }
        }
        // A list not brought up to date now is planned afresh when next asked for.
        if !changed.is_empty() {
            for (place, list) in k.targets.iter_mut().enumerate() {
                if !visited[place] {
                    *list = None;
                }
            }
        }
    }
}

impl Known {
    /// The places of the units that changed since the plans were made, if only units changed
    /// and none of them moved, came or went; `None` when every plan must be made afresh.
    fn changed_places(&self, table: &Table, rules: usize, terrain: u64) -> Option<Vec<usize>> {
        if self.rules != rules
            || self.terrain != terrain
            || self.standing.len() != table.units.len()
            || self.progress != table.progress
            || self.exposure != table.exposure
        {
            return None;
        }
        let mut changed: Vec<usize> = table.units.touched_since(self.revision)?.collect();
        changed.sort_unstable();
        changed.dedup();
        changed
            .iter()
            .all(|&p| Standing::of(&table.units[p]) == self.standing[p])
            .then_some(changed)
    }
}
