//! The marine AI's shots remembered between the decisions of a phase: each shooter's targets, planned again only for the units that changed since.

use crate::control::cache::Cache;
use crate::rules::grid::UnitGrid;
use crate::rules::shooting;
use crate::rules::table::{Exposure, Presence, Progress, Table, Unit};
use ambush_data::Rules;
use ambush_data::geometry::Footprint;
use std::sync::MutexGuard;

/// What a shot is worth to the marine AI: its chance to hit, then its nearness (the distance
/// negated).
pub type ShotKey = (f32, f32);

/// Each shooter's targets as last planned, with everything the plans read: kept between
/// decisions, so a shooting phase of many shooters plans each pair once while nothing it reads
/// changes, instead of every pair at every shot. Exact: a pair is planned again whenever its
/// shooter changed or what a plan reads of its target did (`shooting::TargetReads`: a target
/// only shot at is not planned for again by the ~90 other shooters of a block), and every pair
/// when any unit moved, came or went (a line of sight or a contact may have changed) or anything
/// beyond the units did.
#[derive(Default, Clone, Debug)]
pub struct KnownShots(Cache<Option<Known>>);

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
    /// What else of each unit, by place, a plan aimed at it reads.
    aims: Vec<shooting::TargetReads>,
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

impl KnownShots {
    fn lock(&self) -> MutexGuard<'_, Option<Known>> {
        // A panic elsewhere while it was held: whatever is left is checked before any use.
        self.0.lock(|_| ())
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
                    aims: table.units.iter().map(shooting::TargetReads::of).collect(),
                    targets: vec![None; table.units.len()],
                });
                Vec::new()
            }
        };
        let Some(k) = kept.as_mut() else {
            return;
        };
        // A changed unit's own targets are planned afresh; the pairs aimed at it, only if what
        // a plan reads of a target changed.
        let mut aimed_at = Vec::new();
        for &place in &changed {
            k.targets[place] = None;
            let aim = shooting::TargetReads::of(&table.units[place]);
            if aim != k.aims[place] {
                k.aims[place] = aim;
                aimed_at.push(place);
            }
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
            // The pairs aimed at a unit whose `TargetReads` changed are planned again (a shooter
            // not free to shoot has none).
            if known.free {
                for &t in &aimed_at {
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
        if !aimed_at.is_empty() {
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

#[cfg(test)]
mod tests {
    //! The plans kept between shots are what planning afresh gives, whatever of a target changed.

    use super::*;
    use crate::rules::table::{GameConfig, Surprise, UnitId};
    use ambush_data::board::Side;
    use ambush_data::tables::TroopType;
    use std::sync::Arc;

    fn rules() -> &'static Rules {
        Rules::bundled()
    }

    /// Every (shooter, target, key) the humans' shooters are shown, through `known`.
    fn shown(known: &KnownShots, t: &Table) -> Vec<(usize, usize, ShotKey)> {
        let grid = t.grid();
        let terrain = shooting::terrain_print(t);
        let shooters: Vec<usize> = (0..t.units.len())
            .filter(|&i| t.units[i].side == Side::Humans)
            .collect();
        let mut out = Vec::new();
        known.each_target(t, rules(), &grid, terrain, &shooters, |s, target, key| {
            out.push((s, target, key))
        });
        out
    }

    #[test]
    fn a_kept_plan_is_made_again_when_what_it_reads_of_its_target_changes_and_only_then() {
        let mut t = Table::new(GameConfig::plain(72.0, 48.0));
        // 003 blindsides: the alien faces away, so the marine shoots from its blind side.
        Arc::make_mut(&mut t.config.scenario).blindsides = true;
        let (infantry, alien) = (TroopType::known("Infantry"), TroopType::known("Alien"));
        let m = t.add(
            rules(),
            "M1",
            Side::Humans,
            infantry,
            (10.0, 10.0),
            0.0,
            &["blaster"],
        );
        let a = t.add(
            rules(),
            "A1",
            Side::Aliens,
            alien,
            (10.0, 18.0),
            0.0,
            &["claws"],
        );
        let known = KnownShots::default();
        let mut before = shown(&known, &t);
        assert_eq!(before.len(), 1);
        // Each change, and whether it changes the shot's chance (rules.md's to-hit modifiers:
        // +1 at a target that has fired, +1 at one surprised by 003, +1 from its blind side).
        let changes: [(&str, fn(&mut crate::rules::table::Unit, UnitId), bool); 4] = [
            ("shot at", |u, m| u.marks.last_shot_by = Some(m), false),
            ("fired", |u, _| u.marks.fired_this_phase = true, true),
            (
                "surprised",
                |u, _| u.surprise = Surprise::Megs { turns_left: 1 },
                true,
            ),
            ("located its attacker", |u, m| u.located.push(m), true),
        ];
        for (what, change, changes_the_shot) in changes {
            change(t.unit_mut(a).unwrap(), m);
            let now = shown(&known, &t);
            assert_eq!(now, shown(&KnownShots::default(), &t), "{what}");
            assert_eq!(now != before, changes_the_shot, "{what}");
            before = now;
        }
    }
}
