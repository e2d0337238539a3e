//! 004's complex set-up played turn by turn: the column advances, the ambushers test their nerve,
//! the column tries to spot them, until the ambush is sprung.

use crate::rules::ambush::hidden::nearest_counter_in_sight;
use crate::rules::ambush::placement::place_column;
use crate::rules::ambush::placement::place_units;
use crate::rules::ambush::rolls::blind_fire;
use crate::rules::ambush::rolls::premature_advance;
use crate::rules::ambush::rolls::reaction_test;
use crate::rules::ambush::rolls::spotting;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::geometry::route_of;

use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::movement;
use crate::rules::table::MoveKind;
use crate::rules::table::{Approach, ApproachEnd, Counter, Table, UnitId};
use ambush_data::ambush_spec::AmbushSetup;
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::Side;
use ambush_data::tables::Rules;
use ambush_data::tables::Traits;
use glam::Vec2;

/// The most approach turns a complex set-up plays before the ambusher springs it anyway.
pub(super) const MAX_APPROACH_TURNS: u32 = 60;

/// The farthest any of these weapons reaches, inches.
pub(super) fn longest_range(rules: &Rules, weapons: &[String]) -> f32 {
    weapons
        .iter()
        .filter_map(|w| rules.weapon(w))
        .filter_map(|p| rules.weapons.ranges.get(&p.class))
        .map(|b| b.long.unwrap_or(b.medium).max(b.medium) * rules.general.smr)
        .fold(0.0, f32::max)
}

/// Whether the scenario's complex set-up still has approach turns to play.
pub fn approach_pending(table: &Table) -> bool {
    let complex = table
        .config
        .scenario
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

/// Plays one turn of 004's complex set-up, opening the approach first if need be, with the
/// scenario's own choice for the ambusher (`scenario_point`): the ambushers' reaction tests,
/// the lead unit's advance, and one spotting attempt per unit of the column. True when the
/// approach is over and the ambush is ready to spring.
pub fn approach_turn(table: &mut Table, rules: &Rules, dice: &mut DiceService) -> bool {
    if !approach_pending(table) {
        return true;
    }
    begin_approach(table, rules, dice);
    let spring = approach_bounds(table, rules)
        .and_then(|(from, to, hint)| scenario_point(from, to, hint, true));
    approach_turn_with(table, rules, dice, spring)
}

/// Plays one approach turn on the ambusher's choice: `Some(at)` springs the ambush with the lead
/// `at` inches along the route (on its path, within its full move: `approach_bounds`'
/// bounds), `None` lets it march its full move. True when the approach is over.
pub fn approach_turn_with(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    spring: Option<f32>,
) -> bool {
    if !approach_pending(table) {
        return true;
    }
    begin_approach(table, rules, dice);
    let (Some(spec), Some(mut approach)) = (
        table.config.scenario.ambush.clone(),
        table.progress.approach.take(),
    ) else {
        return true;
    };
    if approach.ended.is_none() {
        approach.ended = play_approach_turn(table, rules, dice, &spec, &mut approach, spring);
    }
    let over = approach.ended.is_some();
    table.progress.approach = Some(approach);
    over
}

/// Where the ambusher may spring the ambush at the start of an approach turn, before its
/// reaction tests (004: "This process ... occurs until ambusher is ready to spring the ambush.
/// The ambusher determines where the ambush will take place"): `(from, to, hint)`, inches along
/// the route: from where the lead stands to its full move, and the scenario's own spring point.
/// `None` when the approach is not waiting on a turn.
pub fn approach_bounds(table: &Table, rules: &Rules) -> Option<(f32, f32, f32)> {
    let spec = table.config.scenario.ambush.as_ref()?;
    let a = table
        .progress
        .approach
        .as_ref()
        .filter(|a| a.ended.is_none() && a.turns < MAX_APPROACH_TURNS)?;
    let (route, total) = route_of(&spec.route);
    let lead = *a.column.first()?;
    if route.len() < 2 {
        return None;
    }
    let full = movement::allowance(table, rules, lead, MoveKind::StraightForward);
    Some((a.lead, (a.lead + full).min(total).max(a.lead), a.spring_at))
}

/// Where a simple set-up's ambusher may spring it (004: "Finally, the player conducting the
/// ambush indicates where he wants the lead unit to be when the ambush is sprung"): `(from,
/// to, hint)`, far enough along for the whole column to stand on the route behind the lead, to
/// the route's end, and the scenario's own point. `None` when there is no route or no column.
pub fn simple_bounds(table: &Table) -> Option<(f32, f32, f32)> {
    let spec = table.config.scenario.ambush.as_ref()?;
    let (route, total) = route_of(&spec.route);
    let column = match spec.ambushed {
        Side::Aliens => spec.units.iter().filter(|u| u.side == Side::Aliens).count(),
        Side::Humans => table.side_on_table(Side::Humans).count(),
    };
    if route.len() < 2 || column == 0 {
        return None;
    }
    let least = (spec.spacing * column.saturating_sub(1) as f32).min(total);
    Some((
        least,
        total,
        spec.spring_at.unwrap_or(total).clamp(least, total),
    ))
}

/// The scenario's own choice, the modder's default and the AI's: spring with the lead at the
/// scenario's point (`hint`) once the lead can reach it this turn (`Some`), and march on until
/// then (`None`; a simple set-up, without `march_on`, always springs).
pub fn scenario_point(from: f32, to: f32, hint: f32, march_on: bool) -> Option<f32> {
    (!march_on || hint <= to + MEASURING_SLACK).then(|| hint.clamp(from, to))
}

/// Opens a complex set-up's approach, once: the column on its route and the counters on the
/// table, before any approach turn is played.
pub fn begin_approach(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if !approach_pending(table) || table.progress.approach.is_some() {
        return;
    }
    if let Some(spec) = table.config.scenario.ambush.clone() {
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
    let alien_traits = table.config.scenario.aliens.traits;
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
/// edge of the table" (the units behind it wait off the table), and every hidden
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
    // "The first unit in the ambushed player's convoy/column is moved onto the edge of the
    // table": the lead stands at the route's start, and the units behind it wait off the table.
    let lead = 0.0;
    if route.len() >= 2 {
        place_column(table, &route, &column, lead, spec.spacing);
    }
    let counters = make_counters(table, spec);
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

/// Every hidden ambusher and dummy as a counter, numbered by place (south to north, then west to
/// east) so that a counter's name says nothing of its kind (004: "places hidden unit counters
/// and dummy counters on the tabletop").
pub(super) fn make_counters(table: &Table, spec: &AmbushSpec) -> Vec<Counter> {
    let mut hidden: Vec<(Option<String>, Vec2)> = ambushers(table, spec)
        .into_iter()
        .map(|(label, _, at)| (Some(label), at))
        .chain(spec.dummies.iter().map(|d| (None, Vec2::new(d.0, d.1))))
        .collect();
    hidden.sort_by(|a, b| a.1.y.total_cmp(&b.1.y).then(a.1.x.total_cmp(&b.1.x)));
    hidden
        .into_iter()
        .enumerate()
        .map(|(i, (unit, at))| Counter {
            name: format!("counter {}", i + 1),
            unit,
            at,
        })
        .collect()
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
    spring: Option<f32>,
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
    dice.record_with(|| {
        RollEntry::dice(RollKind::ReactionTest, "none", Vec::new())
            .success(true)
            .effect(format!(
                "approach turn {}: every ambusher holds its nerve; the column advances",
                a.turns
            ))
    });
    // "the lead unit is moved either its full movement distance, or to the point where the
    // ambusher wants the unit. This point must be on the unit's movement path, and the lead
    // unit must move less than or equal to its full movement distance."
    let reach = (a.lead + full).min(total);
    a.lead = match spring {
        Some(at) => at.clamp(a.lead, reach.max(a.lead)),
        None => reach,
    };
    place_column(table, &route, &a.column, a.lead, spec.spacing);
    // Sprung where the ambusher wants it, or at the route's end, where the column would leave.
    if spring.is_some() || a.lead >= total - MEASURING_SLACK {
        return Some(ApproachEnd::SpringPoint);
    }
    for id in a.column.clone() {
        // A unit still off the table sees nothing of it.
        let Some(u) = table.unit(id).filter(|u| u.on_table()) else {
            continue;
        };
        let (from, label, quality) = (u.base.center, u.label.clone(), u.traits.quality);
        let Some((k, distance)) = nearest_counter_in_sight(table, from, &a.counters) else {
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
                dice.record_with(|| {
                    RollEntry::dice(RollKind::Spotting, "none", Vec::new())
                        .actor(&label)
                        .target(&name)
                        .success(true)
                        .effect(format!(
                            "{name} is {unit}: the ambush is found and sprung, and the column acts first"
                        ))
                });
                return Some(ApproachEnd::Spotted);
            }
            dice.record_with(|| {
                RollEntry::dice(RollKind::Spotting, "none", Vec::new())
                    .actor(&label)
                    .target(&name)
                    .success(false)
                    .effect(format!("{name} is a dummy counter: removed"))
            });
        }
    }
    None
}
