//! The scenario's ambush in play: springing it (its units onto the table, each ambushed unit's
//! detection rolled) and the ambush-units phase that moves every surprised unit on.

use crate::rules::ambush::{
    self, Ladder, Senses, ambush_units_turn, recovered_phases, surprise_check, surprise_modifiers,
};
use crate::rules::dice::DiceService;
use crate::rules::geometry::{Footprint, bearing_to_angle};
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::table::{Status, Surprise, Table, TurnMarks, Unit, UnitId};
use crate::rules::tables::{Hold, Rules};
use crate::scenario::format::{AmbushSpec, Detection, Side, SurpriseEffects};
use glam::Vec2;

/// The side that sets the ambush and activates first, while the scenario's first turn lasts.
pub fn ambusher_first(table: &Table) -> Option<Side> {
    let spec = table.config.ambush.as_ref()?;
    (table.progress.turn == 1 && table.progress.ambush_sprung).then_some(spec.ambushed.other())
}

/// Springs the scenario's ambush once, at the start of the first turn.
pub fn spring_ambush(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(spec) = table.config.ambush.clone() else {
        return;
    };
    if table.progress.ambush_sprung {
        return;
    }
    table.progress.ambush_sprung = true;
    place_units(table, rules, dice, &spec);
    let ambushed: Vec<UnitId> = table.side_on_table(spec.ambushed).map(|u| u.id).collect();
    let t = &rules.ambush;
    let surprised: Vec<(UnitId, Surprise)> = match spec.detection {
        Detection::Awe => ambushed
            .iter()
            .filter_map(|id| {
                let u = table.unit(*id)?;
                let senses = Senses {
                    awe: u.traits.awe,
                    dex: u.traits.dex,
                    species: u.traits.species,
                };
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
        // The complex set-up rolls spotting as the column advances; the scenario check refuses it
        // until that set-up is played.
        Detection::Spotting => Vec::new(),
    };
    for (id, s) in surprised {
        if let Some(u) = table.unit_mut(id) {
            u.surprise = s;
        }
    }
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
        let id = table.progress.next_unit_id;
        table.progress.next_unit_id += 1;
        table.units.push(Unit {
            id,
            label: spec_unit.label.as_str().into(),
            side: spec_unit.side,
            troop: spec_unit.troop,
            base: Footprint::new(
                Vec2::new(spec_unit.at.0, spec_unit.at.1),
                Vec2::new(w, d),
                bearing_to_angle(spec_unit.facing),
            ),
            weapons: weapons.into(),
            armour: spec_unit.armour,
            wounds: 0,
            wave: if is_alien { wave } else { None },
            status: Status::default(),
            marks: TurnMarks::default(),
            cards: if is_alien { stacks.next() } else { None },
            traits,
            surprise: Surprise::Alert,
        });
        if !is_alien {
            table.progress.humans_at_start += 1;
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
                let senses = Senses {
                    awe: u.traits.awe,
                    dex: u.traits.dex,
                    species: u.traits.species,
                };
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
}
