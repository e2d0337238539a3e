//! The scenario's ambush in play: springing it (its units onto the table, each ambushed unit's
//! detection rolled) and the ambush-units phase that moves every surprised unit on.

use crate::rules::ambush::{
    self, Ladder, Senses, ambush_units_turn, blind_fire, premature_advance, reaction_test,
    recovered_phases, spotting, surprise_check, surprise_modifiers,
};
use crate::rules::dice::DiceService;
use crate::rules::geometry;
use crate::rules::geometry::{Footprint, bearing_to_angle};
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::movement;
use crate::rules::shooting;
use crate::rules::table::MoveKind;
use crate::rules::table::{Approach, ApproachEnd, Counter, Surprise, Table, Unit, UnitId};
use crate::rules::tables::{Hold, Rules, Traits, WeaponClass};
use crate::scenario::format::{AmbushSetup, AmbushSpec, Detection, Going, Side, SurpriseEffects};
use glam::Vec2;

/// The side that activates first in the first turn: the ambusher, or a column that spotted it.
pub fn ambusher_first(table: &Table) -> Option<Side> {
    table.config.ambush.as_ref()?;
    (table.progress.turn == 1 && table.progress.ambush_sprung)
        .then_some(table.progress.ambush_first)
        .flatten()
}

/// The most approach turns a complex set-up plays before the ambusher springs it anyway.
const MAX_APPROACH_TURNS: u32 = 60;

/// Springs the scenario's ambush once, at the start of the first turn.
pub fn spring_ambush(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(spec) = table.config.ambush.clone() else {
        return;
    };
    if table.progress.ambush_sprung {
        return;
    }
    // Callers that do not step the approach turn by turn (the pure tests) play it out here.
    while !approach_turn(table, rules, dice) {}
    table.progress.ambush_sprung = true;
    let approach = table.progress.approach.take();
    let spotted = approach.and_then(|a| a.ended) == Some(ApproachEnd::Spotted);
    // An alien column in a complex set-up came onto the table when its approach began.
    if !(spec.setup == AmbushSetup::Complex && spec.ambushed == Side::Aliens) {
        place_units(table, rules, dice, &spec);
    }
    if spec.setup == AmbushSetup::Simple && spec.route.len() >= 2 {
        // 004 simple ambush: "the player conducting the ambush indicates where he wants the lead
        // unit to be when the ambush is sprung ... then he places all of the other units in the
        // column ... at the correct distance separating them."
        let (route, total) = route_of(&spec.route);
        let column: Vec<UnitId> = table.side_on_table(spec.ambushed).map(|u| u.id).collect();
        // The whole column stands on the route: its last unit at the start at the least.
        let least = (spec.spacing * column.len().saturating_sub(1) as f32).min(total);
        let lead = spec.spring_at.unwrap_or(total).clamp(least, total);
        place_column(table, &route, &column, lead, spec.spacing);
    }
    if spotted {
        // 004: "the game begins with the column at their current position. The ambushed player
        // ... activate first" — and nobody is surprised.
        table.progress.ambush_first = Some(spec.ambushed);
        return;
    }
    table.progress.ambush_first = Some(spec.ambushed.other());
    if let Err(why) = circumstances(table, rules, &spec) {
        // 002: surprise needs closing range, senses and a way to engage; the ambusher still
        // activates first, but nobody is caught.
        dice.record(
            RollEntry::dice(RollKind::SurpriseCheck, "none", Vec::new())
                .success(true)
                .effect(why),
        );
        return;
    }
    let ambushed: Vec<UnitId> = table.side_on_table(spec.ambushed).map(|u| u.id).collect();
    let t = &rules.ambush;
    let surprised: Vec<(UnitId, Surprise)> = match spec.detection {
        Detection::Awe => ambushed
            .iter()
            .filter_map(|id| {
                let u = table.unit(*id)?;
                let senses = Senses::from(u.traits);
                let label = u.label.clone();
                match ambush_units_turn(dice, t, &label, senses, spec.nature, 1, false) {
                    Ladder::Joins => None,
                    Ladder::Held(hold) => Some((*id, effect(&spec, rules, 1, Some(hold)))),
                }
            })
            .collect(),
        Detection::PartyCheck => {
            // The scenario's modifiers were checked when it loaded.
            let mods = surprise_modifiers(t, &spec.modifiers).unwrap_or_default();
            let party = match spec.ambushed {
                Side::Humans => "marines",
                Side::Aliens => "aliens",
            };
            let phases = surprise_check(dice, t, party, mods);
            if phases > 0 {
                let lost = table
                    .units
                    .iter()
                    .filter(|u| u.side == spec.ambushed && !u.alive())
                    .count() as u32;
                table.progress.surprised_party = Some((ambushed.len() as u32, lost));
            }
            ambushed
                .iter()
                .filter_map(|id| {
                    let u = table.unit(*id)?;
                    let own = recovered_phases(t, phases, u.traits.recovery);
                    (own > 0).then(|| (*id, effect(&spec, rules, own, None)))
                })
                .collect()
        }
        Detection::Perception => {
            // "the INT/WILL of the attacker who set the ambush": the ambushers' best.
            let setter = table
                .side_on_table(spec.ambushed.other())
                .max_by_key(|u| u.traits.int)
                .map(|u| (u.label.clone(), u.traits.int));
            let Some((setter, setter_int)) = setter else {
                return;
            };
            ambushed
                .iter()
                .filter_map(|id| {
                    let u = table.unit(*id)?;
                    let (label, int) = (u.label.clone(), u.traits.int);
                    let seen = ambush::perception(dice, t, &label, &setter, int, setter_int);
                    (!seen).then(|| (*id, effect(&spec, rules, 1, None)))
                })
                .collect()
        }
        // Spotting was the column's one chance, and it failed: every unit is caught.
        Detection::Spotting => ambushed
            .iter()
            .map(|id| (*id, effect(&spec, rules, 1, None)))
            .collect(),
    };
    for (id, s) in surprised {
        if let Some(u) = table.unit_mut(id) {
            u.surprise = s;
        }
    }
}

/// 002 "The Circumstances of the Encounter", checked on the closest pair of an ambusher and an
/// ambushed unit that can see each other: closing range (half the ambusher's move), a sight line
/// (and within the night's sight range), and a way to engage (an open path, or a firearm).
fn circumstances(table: &Table, rules: &Rules, spec: &AmbushSpec) -> Result<(), String> {
    let t = &rules.ambush;
    let mut best: Option<Result<(), String>> = None;
    for a in table.side_on_table(spec.ambushed.other()) {
        for b in table.side_on_table(spec.ambushed) {
            let distance = geometry::base_distance(&a.base, &b.base);
            let sees = shooting::line_of_sight(table, a.id, b.id).is_ok()
                && table
                    .config
                    .darkness
                    .is_none_or(|d| a.traits.night_vision || distance <= d.sight_range);
            let open_path = !table.terrain.iter().any(|f| {
                f.going == Going::Impassable && f.shape.crosses(a.base.center, b.base.center)
            });
            let firearm = a.weapons.iter().any(|w| {
                rules
                    .weapon(w)
                    .is_some_and(|p| p.class != WeaponClass::PhysicalContact)
            });
            let rate = movement::max_allowance(table, rules, a.id);
            let verdict = ambush::surprise_possible(t, distance, rate, sees, open_path || firearm);
            if verdict.is_ok() {
                return Ok(());
            }
            best.get_or_insert(verdict);
        }
    }
    best.unwrap_or(Err("no surprise: no ambusher faces an ambushed unit".into()))
}

/// The surprise a unit is left in, by the scenario's effects model.
fn effect(spec: &AmbushSpec, rules: &Rules, phases: u32, hold: Option<Hold>) -> Surprise {
    match spec.effects {
        SurpriseEffects::AmbushUnits => Surprise::Ladder {
            unit: 1,
            hold: hold.unwrap_or(
                rules
                    .ambush
                    .ambush_units
                    .first()
                    .map_or(Hold::Frozen, |l| l.on_failure),
            ),
        },
        SurpriseEffects::RollForDoom => Surprise::Doom {
            turns_left: phases.max(1),
        },
        SurpriseEffects::Megs => Surprise::Megs {
            turns_left: rules.ambush.megs.no_initiative_turns.max(1),
        },
    }
}

/// Puts the ambush's units on the table; aliens are dealt their card stacks as a wave.
fn place_units(table: &mut Table, rules: &Rules, dice: &mut DiceService, spec: &AmbushSpec) {
    let aliens = spec.units.iter().filter(|u| u.side == Side::Aliens).count();
    let mut stacks = table
        .ledger
        .deal_wave(aliens, dice, &rules.cards)
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

/// 003: "until he can locate the source of the attack using a perception check": each unit
/// blindsided this turn checks INT against its attacker's INT.
pub fn locate_blindsiders(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if !table.config.blindsides {
        return;
    }
    let checks: Vec<(UnitId, UnitId)> = table
        .units
        .iter()
        .filter(|u| u.alive())
        .filter_map(|u| Some((u.id, u.marks.blindsided_by?)))
        .collect();
    for (id, attacker) in checks {
        let (Some(u), Some(a)) = (table.unit(id), table.unit(attacker)) else {
            continue;
        };
        let (label, int, a_label, a_int) =
            (u.label.clone(), u.traits.int, a.label.clone(), a.traits.int);
        if ambush::perception(dice, &rules.ambush, &label, &a_label, int, a_int)
            && let Some(u) = table.unit_mut(id)
        {
            u.located.push(attacker);
        }
    }
}

/// The ambush-units phase: 000's ladder rolls for the next combat unit; 002's and 003's
/// surprise runs down a turn. Every step is in the log.
pub fn advance_surprise(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(nature) = table.config.ambush.as_ref().map(|a| a.nature) else {
        return;
    };
    let t = &rules.ambush;
    let ids: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.alive() && u.surprise != Surprise::Alert)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = table.unit(id) else { continue };
        let label = u.label.clone();
        let next = match u.surprise {
            Surprise::Alert => Surprise::Alert,
            Surprise::Ladder { unit, .. } => {
                let senses = Senses::from(u.traits);
                let hurt = u.marks.hurt_in_contact;
                match ambush_units_turn(dice, t, &label, senses, nature, unit + 1, hurt) {
                    Ladder::Joins => Surprise::Alert,
                    Ladder::Held(hold) => Surprise::Ladder {
                        unit: unit + 1,
                        hold,
                    },
                }
            }
            Surprise::Doom { turns_left } | Surprise::Megs { turns_left } => {
                let left = turns_left.saturating_sub(1);
                let next = match (u.surprise, left) {
                    (_, 0) => Surprise::Alert,
                    (Surprise::Doom { .. }, n) => Surprise::Doom { turns_left: n },
                    (_, n) => Surprise::Megs { turns_left: n },
                };
                dice.record(
                    RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                        .actor(&label)
                        .success(left == 0)
                        .effect(if left == 0 {
                            "the surprise is over: acts normally".to_string()
                        } else {
                            format!("still surprised for {left} more turn(s)")
                        }),
                );
                next
            }
        };
        if let Some(u) = table.unit_mut(id) {
            u.surprise = next;
        }
    }
    doom_morale(table, rules, dice);
}

/// 002: "If the active party incapacitates one-third (or more) of the surprised party ... the
/// surprised party has to check morale once surprise has run its course." Humans' morale breaks
/// as 001's does (001 has no morale roll); aliens ignore morale (001).
fn doom_morale(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some((party, lost_before)) = table.progress.surprised_party else {
        return;
    };
    let Some(side) = table.config.ambush.as_ref().map(|a| a.ambushed) else {
        return;
    };
    let still = table
        .units
        .iter()
        .any(|u| u.alive() && matches!(u.surprise, Surprise::Doom { .. }));
    if still {
        return;
    }
    table.progress.surprised_party = None;
    let lost = table
        .units
        .iter()
        .filter(|u| u.side == side && !u.alive())
        .count() as u32
        - lost_before;
    let (num, den) = rules.ambush.surprise_check.morale_fraction;
    let breaks = side == Side::Humans && lost * den >= party * num && lost > 0;
    dice.record(
        RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
            .success(!breaks)
            .effect(format!(
                "surprise over: {lost} of {party} lost while surprised; {}",
                if breaks {
                    "a third or more: morale breaks, the marines withdraw"
                } else if side == Side::Aliens {
                    "aliens ignore morale"
                } else {
                    "morale holds"
                }
            )),
    );
    if breaks && !table.progress.morale_broken {
        crate::rules::flow::break_human_morale(table);
    }
}

/// The farthest any of these weapons reaches, inches.
fn longest_range(rules: &Rules, weapons: &[String]) -> f32 {
    weapons
        .iter()
        .filter_map(|w| rules.weapon(w))
        .filter_map(|p| rules.weapons.ranges.get(&p.class))
        .map(|b| b.long.unwrap_or(b.medium).max(b.medium) * rules.general.smr)
        .fold(0.0, f32::max)
}

/// A scenario's route as points, and its length in inches.
pub fn route_of(points: &[(f32, f32)]) -> (Vec<Vec2>, f32) {
    let route: Vec<Vec2> = points.iter().map(|p| Vec2::new(p.0, p.1)).collect();
    let length = route.windows(2).map(|w| w[0].distance(w[1])).sum();
    (route, length)
}

/// A point `at` inches along a route, and the direction of travel there.
pub fn along(route: &[Vec2], at: f32) -> (Vec2, Vec2) {
    let mut left = at.max(0.0);
    for w in route.windows(2) {
        let (a, b) = (w[0], w[1]);
        let len = a.distance(b);
        if left <= len || len < 1e-6 {
            let dir = (b - a).normalize_or(Vec2::Y);
            return (a + dir * left.min(len), dir);
        }
        left -= len;
    }
    let n = route.len();
    let dir = (route[n - 1] - route[n - 2]).normalize_or(Vec2::Y);
    (route[n - 1], dir)
}

/// Places the column on its route: the lead `lead` inches along it, each next unit `spacing`
/// behind, facing the way they march.
fn place_column(table: &mut Table, route: &[Vec2], column: &[UnitId], lead: f32, spacing: f32) {
    for (i, id) in column.iter().enumerate() {
        let (p, dir) = along(route, lead - spacing * i as f32);
        if let Some(u) = table.unit_mut(*id) {
            u.base = u.base.at(p).facing(geometry::angle_of(dir));
        }
    }
}

/// Whether the scenario's complex set-up still has approach turns to play.
pub fn approach_pending(table: &Table) -> bool {
    let complex = table
        .config
        .ambush
        .as_ref()
        .is_some_and(|a| a.setup == AmbushSetup::Complex);
    complex
        && !table.progress.ambush_sprung
        && table
            .progress
            .approach
            .as_ref()
            .is_none_or(|a| a.ended.is_none())
}

/// Plays one turn of 004's complex set-up, opening the approach first if need be: the
/// ambushers' reaction tests, the lead unit's advance, and one spotting attempt per unit of the
/// column. True when the approach is over and the ambush is ready to spring.
pub fn approach_turn(table: &mut Table, rules: &Rules, dice: &mut DiceService) -> bool {
    if !approach_pending(table) {
        return true;
    }
    begin_approach(table, rules, dice);
    let (Some(spec), Some(mut approach)) =
        (table.config.ambush.clone(), table.progress.approach.take())
    else {
        return true;
    };
    if approach.ended.is_none() {
        approach.ended = play_approach_turn(table, rules, dice, &spec, &mut approach);
    }
    let over = approach.ended.is_some();
    table.progress.approach = Some(approach);
    over
}

/// Opens a complex set-up's approach, once: the column on its route and the counters on the
/// table, before any approach turn is played.
pub fn begin_approach(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if !approach_pending(table) || table.progress.approach.is_some() {
        return;
    }
    if let Some(spec) = table.config.ambush.clone() {
        table.progress.approach = Some(open_approach(table, rules, dice, &spec));
    }
}

/// The ambusher's units as (label, traits, where): the ambush's own units when the marines are
/// the column, the marines on the table when they set the ambush.
fn ambushers(table: &Table, spec: &AmbushSpec) -> Vec<(String, Traits, Vec2)> {
    if spec.ambushed == Side::Aliens {
        return table
            .side_on_table(Side::Humans)
            .map(|u| (u.label.to_string(), u.traits, u.base.center))
            .collect();
    }
    let alien_traits = table.config.aliens.traits;
    spec.units
        .iter()
        .filter(|u| u.side != spec.ambushed)
        .map(|u| {
            let traits = u.traits.unwrap_or(if u.side == Side::Aliens {
                alien_traits
            } else {
                Traits::default()
            });
            (u.label.clone(), traits, Vec2::new(u.at.0, u.at.1))
        })
        .collect()
}

/// Opens the approach: "The first unit in the ambushed player's convoy/column is moved onto the
/// edge of the table" (here the whole column stands on the route behind it), and every hidden
/// unit and dummy becomes a counter. An alien column is the ambush's own units, placed now.
fn open_approach(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    spec: &AmbushSpec,
) -> Approach {
    if spec.ambushed == Side::Aliens {
        place_units(table, rules, dice, spec);
    }
    let (route, total) = route_of(&spec.route);
    let column: Vec<UnitId> = table.side_on_table(spec.ambushed).map(|u| u.id).collect();
    let spring_at = spec.spring_at.unwrap_or(total).clamp(0.0, total);
    let lead = (spec.spacing * column.len().saturating_sub(1) as f32).min(spring_at);
    if route.len() >= 2 {
        place_column(table, &route, &column, lead, spec.spacing);
    }
    let mut hidden: Vec<(Option<String>, Vec2)> = ambushers(table, spec)
        .into_iter()
        .map(|(label, _, at)| (Some(label), at))
        .chain(spec.dummies.iter().map(|d| (None, Vec2::new(d.0, d.1))))
        .collect();
    // Numbered by place, south to north and west to east, so a name says nothing of its kind.
    hidden.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)));
    let counters = hidden
        .into_iter()
        .enumerate()
        .map(|(i, (unit, at))| Counter {
            name: format!("counter {}", i + 1),
            unit,
            at,
        })
        .collect();
    let ended = (route.len() < 2 || column.is_empty()).then_some(ApproachEnd::SpringPoint);
    Approach {
        turns: 0,
        lead,
        spring_at,
        column,
        counters,
        ended,
    }
}

/// Keeps the entries logged since `mark` from `side`'s player until the ambush is sprung.
fn hide_since(dice: &mut DiceService, mark: usize, side: Side) {
    for e in dice.log.iter_mut().skip(mark) {
        e.hidden_from = Some(side);
    }
}

/// One approach turn; `Some` when it ends the approach.
fn play_approach_turn(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    spec: &AmbushSpec,
    a: &mut Approach,
) -> Option<ApproachEnd> {
    let t = &rules.ambush;
    a.turns += 1;
    if a.turns > MAX_APPROACH_TURNS {
        return Some(ApproachEnd::SpringPoint);
    }
    let (route, total) = route_of(&spec.route);
    let lead_id = *a.column.first()?;
    let lead_label = table.label(lead_id).to_string();
    let full = movement::allowance(table, rules, lead_id, MoveKind::StraightForward);
    // "Each turn, the ambushing player makes a Reaction Test for all of his units" — rolled
    // where the column's player cannot see which units there are.
    let mark = dice.log.len();
    let mut sprung_early = false;
    for (label, traits, _) in ambushers(table, spec) {
        if reaction_test(dice, t, &label, traits.leadership, traits.quality) == Some(false) {
            sprung_early = true;
        }
    }
    hide_since(dice, mark, spec.ambushed);
    if sprung_early {
        let inches = premature_advance(dice, &lead_label, full.round().max(1.0) as u32);
        a.lead = (a.lead + inches as f32).min(total);
        place_column(table, &route, &a.column, a.lead, spec.spacing);
        return Some(ApproachEnd::Premature);
    }
    dice.record(
        RollEntry::dice(RollKind::ReactionTest, "none", Vec::new())
            .success(true)
            .effect(format!(
                "approach turn {}: every ambusher holds its nerve; the column advances",
                a.turns
            )),
    );
    // "the lead unit is moved either its full movement distance, or to the point where the
    // ambusher wants the unit."
    a.lead = (a.lead + full).min(a.spring_at);
    place_column(table, &route, &a.column, a.lead, spec.spacing);
    if a.lead >= a.spring_at - 1e-3 {
        return Some(ApproachEnd::SpringPoint);
    }
    for id in a.column.clone() {
        let Some(u) = table.unit(id) else { continue };
        let (from, label, quality) = (u.base.center, u.label.clone(), u.traits.quality);
        let nearest = a
            .counters
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                !table
                    .terrain
                    .iter()
                    .any(|f| f.tall && f.shape.crosses(from, c.at))
            })
            .min_by(|x, y| from.distance(x.1.at).total_cmp(&from.distance(y.1.at)))
            .map(|(k, c)| (k, from.distance(c.at)));
        let Some((k, distance)) = nearest else {
            continue;
        };
        let name = a.counters[k].name.clone();
        let in_cover = table.in_cover_terrain(a.counters[k].at);
        let mark = dice.log.len();
        let smr = rules.general.smr;
        let mut found = spotting(dice, t, smr, &label, quality, distance, in_cover);
        if let Some(e) = dice.log.get_mut(mark) {
            e.target = Some(name.clone());
        }
        if !found && spec.spotting_by_fire {
            let weapons = table
                .unit(id)
                .map(|u| u.weapons.clone())
                .unwrap_or_default();
            let range = longest_range(rules, &weapons);
            let need = rules.shooting.to_hit_need;
            found = blind_fire(dice, t, need, &label, &name, distance, range);
        }
        if found {
            let counter = a.counters.remove(k);
            if let Some(unit) = counter.unit {
                dice.record(
                    RollEntry::dice(RollKind::Spotting, "none", Vec::new())
                        .actor(&label)
                        .target(&name)
                        .success(true)
                        .effect(format!(
                            "{name} is {unit}: the ambush is found and sprung, and the column acts first"
                        )),
                );
                return Some(ApproachEnd::Spotted);
            }
            dice.record(
                RollEntry::dice(RollKind::Spotting, "none", Vec::new())
                    .actor(&label)
                    .target(&name)
                    .success(false)
                    .effect(format!("{name} is a dummy counter: removed")),
            );
        }
    }
    None
}
