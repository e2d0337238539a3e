//! Springing the ambush at the start of the first turn: its units onto the table, then each ambushed
//! unit's detection rolled, or the reason nobody is caught.

use crate::rules::ambush::approach::{approach_turn, make_counters};
use crate::rules::ambush::hidden::hide_under_counters;
use crate::rules::ambush::placement::place_column;
use crate::rules::ambush::placement::place_units;
use crate::rules::ambush::rolls;
use crate::rules::ambush::rolls::Ladder;
use crate::rules::ambush::rolls::NoSurprise;
use crate::rules::ambush::rolls::Senses;
use crate::rules::ambush::rolls::ambush_units_turn;
use crate::rules::ambush::rolls::recovered_phases;
use crate::rules::ambush::rolls::surprise_check;
use crate::rules::ambush::rolls::{scale_per_ten_critters, surprise_modifiers};
use ambush_data::geometry::route_of;

use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::movement;
use crate::rules::shooting;
use crate::rules::table::{ApproachEnd, Surprise, Table, UnitId};
use ambush_data::ambush_spec::AmbushSetup;
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::ambush_spec::Detection;
use ambush_data::ambush_spec::SurpriseEffects;
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::tables::Hold;
use ambush_data::tables::Rules;
use ambush_data::tables::WeaponClass;

/// The side that activates first in the first turn: the ambusher, or a column that spotted it.
pub fn ambusher_first(table: &Table) -> Option<Side> {
    table.config.scenario.ambush.as_ref()?;
    (table.progress.turn == 1 && table.progress.ambush_sprung)
        .then_some(table.progress.ambush_first)
        .flatten()
}

/// Springs the scenario's ambush once, at the start of the first turn.
pub fn spring_ambush(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(spec) = table.config.scenario.ambush.clone() else {
        return;
    };
    if table.progress.ambush_sprung {
        return;
    }
    // Callers that do not step the approach turn by turn (the pure tests) play it out here.
    while !approach_turn(table, rules, dice) {}
    table.progress.ambush_sprung = true;
    let approach = table.progress.approach.take();
    let spotted = approach.as_ref().and_then(|a| a.ended) == Some(ApproachEnd::Spotted);
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
    // 004's hidden units and dummies stay counters into the game until they are found: those
    // the approach left on the table, or, in a simple set-up, every ambusher and dummy.
    if spec.setup != AmbushSetup::None {
        let counters = match approach {
            Some(a) => a.counters,
            None => make_counters(table, &spec),
        };
        hide_under_counters(table, counters);
    }
    if spotted {
        // 004: "the game begins with the column at their current position. The ambushed player
        // ... activate first" — and nobody is surprised.
        table.progress.ambush_first = Some(spec.ambushed);
        return;
    }
    table.progress.ambush_first = Some(spec.ambushed.other());
    // 002's "The Circumstances of the Encounter" belong to 002's party check: 000's AWE roll,
    // 003's perception check and 004's spotting set no closing range of their own.
    let possible = if spec.detection == Detection::PartyCheck {
        circumstances(table, rules, &spec)
    } else {
        Ok(())
    };
    if let Err(why) = possible {
        // 002: surprise needs closing range, senses and a way to engage; the ambusher still
        // activates first, but nobody is caught.
        let hiding = table
            .side_on_table(spec.ambushed.other())
            .any(|u| u.status.hidden);
        dice.record_with(|| {
            let entry = |effect: String| {
                RollEntry::dice(RollKind::SurpriseCheck, "none", Vec::new())
                    .success(true)
                    .effect(effect)
            };
            let full = entry(why.to_string());
            if hiding {
                full.shown_to(spec.ambushed, entry(why.in_public()))
            } else {
                full
            }
        });
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
            let others = table.side_on_table(spec.ambushed.other()).count();
            let mods = scale_per_ten_critters(mods, others);
            let party = table.config.side_names.of(spec.ambushed).to_string();
            let phases = surprise_check(dice, t, &party, mods);
            if phases > 0 {
                table.progress.surprise_phases_left = Some(phases);
                let lost = table
                    .units
                    .iter()
                    .filter(|u| u.side == spec.ambushed && !u.alive())
                    .count() as u32;
                table.progress.surprised_party = Some((ambushed.len() as u32, lost));
            }
            let check = &t.surprise_check;
            ambushed
                .iter()
                .filter_map(|id| {
                    let u = table.unit(*id)?;
                    // 002's suggested rule takes the bonus from INT; its optional saving throw
                    // may take one phase more off. Neither ends surprise before one phase.
                    let mut bonus = if spec.recovery_from_int {
                        (u.traits.int / check.int_per_recovery_phase.max(1)).max(0) as u32
                    } else {
                        u.traits.recovery
                    };
                    if phases > 0 && spec.recovery_save {
                        let face = dice.d6();
                        let ok = face as i32 >= check.recovery_save_need;
                        dice.record_with(|| {
                            RollEntry::dice(RollKind::AmbushRecovery, "1d6", vec![face])
                                .actor(&u.label)
                                .need(check.recovery_save_need)
                                .success(ok)
                                .effect(if ok {
                                    "saving throw: recovers a phase early"
                                } else {
                                    "saving throw failed"
                                })
                        });
                        bonus += u32::from(ok);
                    }
                    let own = recovered_phases(t, phases, bonus);
                    (own > 0).then(|| (*id, effect(&spec, rules, own, None)))
                })
                .collect()
        }
        Detection::Perception => {
            // "the INT/WILL of the attacker who set the ambush": the ambushers' best.
            let setter = table
                .side_on_table(spec.ambushed.other())
                .max_by_key(|u| u.traits.int)
                // The saved log names it as the table did then: by its counter while it hides.
                .map(|u| {
                    (
                        table.public_name(u).to_string(),
                        u.traits.int,
                        u.status.hidden,
                    )
                });
            let Some((setter, setter_int, hidden)) = setter else {
                return;
            };
            // Which of the counters is the setter, and its INT, stay the ambusher's secrets.
            let secret_from = hidden.then_some(spec.ambushed);
            ambushed
                .iter()
                .filter_map(|id| {
                    let u = table.unit(*id)?;
                    let (label, int) = (u.label.clone(), u.traits.int);
                    let seen =
                        rolls::perception(dice, t, &label, &setter, (int, setter_int), secret_from);
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
/// ambushed unit that can see each other: closing range (the text says "no more than a half
/// move" and then wavers, "[Half move or full move? I keep wavering.]"; the game takes a full
/// move, `closing_range_moves` in `ambush.ron`), a sight line
/// (and within the night's sight range), and a way to engage (an open path, or a firearm).
pub(crate) fn circumstances(
    table: &Table,
    rules: &Rules,
    spec: &AmbushSpec,
) -> Result<(), NoSurprise> {
    let t = &rules.ambush;
    let mut best: Option<Result<(), NoSurprise>> = None;
    for a in table.side_on_table(spec.ambushed.other()) {
        for b in table.side_on_table(spec.ambushed) {
            let distance = geometry::base_distance(&a.base, &b.base);
            // 003: "A full moon will double this range": the night's sight, not its raw range.
            let sees = shooting::line_of_sight(table, a.id, b.id).is_ok()
                && table
                    .config
                    .scenario
                    .darkness
                    .is_none_or(|d| a.traits.night_vision || distance <= d.sight());
            let open_path = !table.terrain.iter().any(|f| {
                f.going == Going::Impassable && f.shape.crosses(a.base.center, b.base.center)
            });
            let firearm = a.weapons.iter().any(|w| {
                rules
                    .weapon(w)
                    .is_some_and(|p| p.class != WeaponClass::PhysicalContact)
            });
            let rate = movement::max_allowance(table, rules, a.id);
            let verdict = rolls::surprise_possible(t, distance, rate, sees, open_path || firearm);
            if verdict.is_ok() {
                return Ok(());
            }
            best.get_or_insert(verdict);
        }
    }
    best.unwrap_or(Err(NoSurprise::NobodyFaces))
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
