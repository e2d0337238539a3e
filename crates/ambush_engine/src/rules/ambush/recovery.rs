//! The ambush-units phase at the end of each turn: surprised units recover, blindsiders are
//! located, and a party caught by 002's roll for doom tests its morale.

use crate::rules::ambush::rolls;
use crate::rules::ambush::rolls::Ladder;
use crate::rules::ambush::rolls::Senses;
use crate::rules::ambush::rolls::ambush_units_turn;

use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::table::{Surprise, Table, UnitId};
use ambush_data::board::Side;
use ambush_data::tables::Rules;

/// 003: "until he can locate the source of the attack using a perception check": each unit
/// blindsided this turn checks INT against its attacker's INT.
pub fn locate_blindsiders(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if !table.config.scenario.blindsides {
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
        // An attacker still under its counter is not named to the side it attacked.
        let secret_from = a.status.hidden.then_some(u.side);
        if rolls::perception(
            dice,
            &rules.ambush,
            &label,
            &a_label,
            (int, a_int),
            secret_from,
        ) && let Some(u) = table.unit_mut(id)
        {
            u.located.push(attacker);
        }
    }
}

/// The ambush-units phase: 000's ladder rolls for the next combat unit; 002's and 003's
/// surprise runs down a turn. Every step is in the log.
pub fn advance_surprise(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(nature) = table.config.scenario.ambush.as_ref().map(|a| a.nature) else {
        return;
    };
    let t = &rules.ambush;
    // 002: the party's surprise runs the turns rolled, whoever shakes it off sooner.
    let party_left = table
        .progress
        .surprise_phases_left
        .map_or(0, |n| n.saturating_sub(1));
    table.progress.surprise_phases_left = (party_left > 0).then_some(party_left);
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
            Surprise::Doom { turns_left: 1 } if party_left > 0 => {
                // "A character recovering early from surprise is able to take action: moving
                // ... or other non-attack if not engaged; defending normally and/or a snap
                // attack if engaged."
                dice.record_with(|| {
                    RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                        .actor(&label)
                        .success(true)
                        .effect(format!(
                            "recovers early: may move, and defend and strike if engaged, but not attack while the surprise runs {party_left} more turn(s)"
                        ))
                });
                Surprise::Recovering {
                    turns_left: party_left,
                }
            }
            Surprise::Doom { turns_left }
            | Surprise::Megs { turns_left }
            | Surprise::Recovering { turns_left } => {
                let left = turns_left.saturating_sub(1);
                let next = match (u.surprise, left) {
                    (_, 0) => Surprise::Alert,
                    (Surprise::Recovering { .. }, n) => Surprise::Recovering { turns_left: n },
                    (Surprise::Doom { .. }, n) => Surprise::Doom { turns_left: n },
                    (_, n) => Surprise::Megs { turns_left: n },
                };
                dice.record_with(|| {
                    RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                        .actor(&label)
                        .success(left == 0)
                        .effect(if left == 0 {
                            "the surprise is over: acts normally".to_string()
                        } else {
                            format!("still surprised for {left} more turn(s)")
                        })
                });
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
    let Some(side) = table.config.scenario.ambush.as_ref().map(|a| a.ambushed) else {
        return;
    };
    let still = table.units.iter().any(|u| {
        u.alive()
            && matches!(
                u.surprise,
                Surprise::Doom { .. } | Surprise::Recovering { .. }
            )
    });
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
    let check = &rules.ambush.surprise_check;
    let (num, den) = check.morale_fraction;
    let must_check = lost * den >= party * num && lost > 0;
    let names = &table.config.side_names;
    let summary = format!("surprise over: {lost} of {party} lost while surprised");
    // 001: "morale can be ignored: troops will fight to the last man" where the scenario says
    // so (`human_morale: false`), and then 002's morale check is not taken either.
    let ignored = side == Side::Humans && !table.config.scenario.human_morale;
    if side == Side::Aliens || !must_check || ignored {
        let why = if side == Side::Aliens {
            format!("{} ignore morale", names.of(Side::Aliens))
        } else if !must_check {
            "no morale check".to_string()
        } else {
            format!(
                "{} ignore morale: they fight to the last man",
                names.of(Side::Humans)
            )
        };
        dice.record_with(|| {
            RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                .success(true)
                .effect(format!("{summary}; {why}"))
        });
        return;
    }
    // 002: "the surprised party has to check morale": a check, which may hold. Its best-led
    // surviving unit takes it (lowest Leadership is best; the first such unit on a tie).
    let Some(leader) = table
        .units
        .iter()
        .filter(|u| u.side == side && u.on_table())
        .min_by_key(|u| (u.traits.leadership, u.id))
        .map(|u| (u.label.clone(), u.traits.leadership, u.traits.quality))
    else {
        return;
    };
    let (label, leadership, quality) = leader;
    let target = leadership + check.morale_threat_level;
    let (holds, rolls) = if target < 1 {
        (true, Vec::new())
    } else {
        let face = dice.die(quality);
        (face as i32 > target, vec![face])
    };
    let dice_text = if rolls.is_empty() {
        "none".to_string()
    } else {
        format!("1d{quality}")
    };
    let mut entry = RollEntry::dice(RollKind::MoraleCheck, &dice_text, rolls)
        .actor(&label)
        .success(holds)
        .effect(format!(
            "{summary}; Leadership {leadership}, Threat Level {:+}: {}",
            check.morale_threat_level,
            if holds {
                "morale holds".to_string()
            } else {
                format!("morale breaks, the {} withdraw", names.of(Side::Humans))
            }
        ));
    if target >= 1 {
        entry = entry.need(target + 1);
    }
    dice.record_with(|| entry);
    let breaks = !holds;
    if breaks && !table.progress.morale_broken {
        crate::rules::morale::break_human_morale(table);
    }
}
