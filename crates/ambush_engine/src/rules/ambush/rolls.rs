//! Ambush detection and surprise as pure rolls over the dice service: AWE detection and the
//! ambush-units ladder (000), the party surprise check (002), perception on the action table
//! (003), reaction tests, premature triggers, spotting and blind fire (004).

use crate::rules::dice::DiceService;
use crate::rules::log::{Modifier, RollEntry, RollKind, sum};
use ambush_data::board::Side;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::AmbushNature;
use ambush_data::tables::AmbushTable;
use ambush_data::tables::Hold;
use ambush_data::tables::JoinTest;
use ambush_data::tables::Species;
use ambush_data::tables::Traits;

/// The attributes an ambush roll reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Senses {
    pub awe: i32,
    pub dex: i32,
    pub species: Species,
}

impl From<Traits> for Senses {
    fn from(t: Traits) -> Self {
        Senses {
            awe: t.awe,
            dex: t.dex,
            species: t.species,
        }
    }
}

/// 000 Table 34.1: the AWE roll against the die the ambush's nature sets. Detected when the roll
/// is no more than AWE (plus a feline's or avarian's bonus).
pub fn awe_detection(
    dice: &mut DiceService,
    t: &AmbushTable,
    unit: &str,
    senses: Senses,
    nature: AmbushNature,
) -> bool {
    let sides = t.detection_die.get(&nature).copied().unwrap_or(20);
    let bonus = t
        .species_detection_bonus
        .get(&senses.species)
        .copied()
        .unwrap_or(0);
    let face = dice.die(sides);
    let limit = senses.awe + bonus;
    let ok = face as i32 <= limit;
    let species = if bonus != 0 {
        format!(" {bonus:+} {:?}", senses.species).to_lowercase()
    } else {
        String::new()
    };
    dice.record_with(|| {
        RollEntry::dice(RollKind::AweDetection, &format!("1d{sides}"), vec![face])
            .actor(unit)
            .need(limit)
            .success(ok)
            .effect(format!(
                "{nature:?} ambush: {face} against AWE {}{species} (at most {limit}): {}",
                senses.awe,
                if ok {
                    "detected, joins the initiative"
                } else {
                    "surprised"
                }
            ))
    });
    ok
}

/// What a surprised unit does in one turn of the ambush-units ladder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ladder {
    /// It joins the initiative and acts normally from now on.
    Joins,
    /// It stays surprised this turn, held as the table says.
    Held(Hold),
}

/// 000 Table 34.2: the roll a still-surprised unit makes in combat unit (turn) `turn` (1-based)
/// to join. Turn 1 is the detection roll itself. A unit damaged in physical contact joins at once
/// (000: "Any persona that took damage from a type A ... weapon ... may automatically join").
pub fn ambush_units_turn(
    dice: &mut DiceService,
    t: &AmbushTable,
    unit: &str,
    senses: Senses,
    nature: AmbushNature,
    turn: u32,
    damaged_in_contact: bool,
) -> Ladder {
    let Some(line) = t.ambush_units.get(turn.saturating_sub(1) as usize).copied() else {
        return Ladder::Joins;
    };
    if turn > 1 && damaged_in_contact && t.contact_damage_joins {
        dice.record_with(|| {
            RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                .actor(unit)
                .success(true)
                .effect("damaged in physical contact: joins without a roll")
        });
        return Ladder::Joins;
    }
    let sides = t.detection_die.get(&nature).copied().unwrap_or(20);
    let (joined, rolls) = match line.test {
        JoinTest::NoRoll => {
            dice.record_with(|| {
                RollEntry::dice(RollKind::AmbushRecovery, "none", Vec::new())
                    .actor(unit)
                    .success(true)
                    .effect(format!("unit {turn} of the ambush: every unit joins"))
            });
            return Ladder::Joins;
        }
        JoinTest::Detection => {
            let ok = awe_detection(dice, t, unit, senses, nature);
            return if ok {
                Ladder::Joins
            } else {
                Ladder::Held(line.on_failure)
            };
        }
        JoinTest::AweAndDex => {
            let (a, d) = (dice.die(sides), dice.die(sides));
            (a as i32 <= senses.awe && d as i32 <= senses.dex, vec![a, d])
        }
        JoinTest::AweOrDex => {
            let a = dice.die(sides);
            if a as i32 <= senses.awe {
                (true, vec![a])
            } else {
                let d = dice.die(sides);
                (d as i32 <= senses.dex, vec![a, d])
            }
        }
    };
    let what = match line.test {
        JoinTest::AweAndDex => "AWE and DEX",
        _ => "AWE or DEX",
    };
    let held = match line.on_failure {
        Hold::Frozen => "may not attack or move",
        Hold::MoveOnly => "may not attack, may move",
    };
    dice.record_with(|| {
        RollEntry::dice(RollKind::AmbushRecovery, &format!("1d{sides}"), rolls)
            .actor(unit)
            .success(joined)
            .effect(format!(
                "unit {turn} of the ambush, needs {what} (AWE {}, DEX {}): {}",
                senses.awe,
                senses.dex,
                if joined {
                    "joins the initiative".to_string()
                } else {
                    format!("still surprised, {held}")
                }
            ))
    });
    if joined {
        Ladder::Joins
    } else {
        Ladder::Held(line.on_failure)
    }
}

/// What a modifier named "... (per ten critters)" marks: its value counts once per ten.
pub const PER_TEN_CRITTERS: &str = "(per ten critters)";

/// 002's "other party is large (per ten critters)": +1 for every ten of the other party, so its
/// value scales with their number (none below ten). `critters` counts the other party's units
/// (001: one figure per base). Other modifiers are left as they are.
pub fn scale_per_ten_critters(mods: Vec<Modifier>, critters: usize) -> Vec<Modifier> {
    mods.into_iter()
        .filter_map(|m| {
            if !m.name.ends_with(PER_TEN_CRITTERS) {
                return Some(m);
            }
            let tens = (critters / 10) as i32;
            (tens > 0).then(|| Modifier::named(format!("{} x{tens}", m.name), m.value * tens))
        })
        .collect()
}

/// The modifiers a scenario names, checked against 002's list: each must be on it, and a ranged
/// one ("+1 to +3") must be given a value inside its range.
pub fn surprise_modifiers(
    t: &AmbushTable,
    named: &[(String, Option<i32>)],
) -> Result<Vec<Modifier>, String> {
    named
        .iter()
        .map(|(name, value)| {
            let Some((least, most)) = t.surprise_modifiers.get(name).copied() else {
                return Err(format!("`{name}` is not one of 002's surprise modifiers"));
            };
            let v = match value {
                Some(v) if (least..=most).contains(v) => *v,
                Some(v) => {
                    return Err(format!(
                        "`{name}` is {v}, outside its range {least:+} to {most:+}"
                    ));
                }
                None if least == most => least,
                None => {
                    return Err(format!(
                        "`{name}` ranges from {least:+} to {most:+}: give its value"
                    ));
                }
            };
            Ok(Modifier::named(name.clone(), v))
        })
        .collect()
}

/// 002 "Surprise Check Roll": 2D6 plus the modifiers. Returns the phases of surprise (0: none).
pub fn surprise_check(
    dice: &mut DiceService,
    t: &AmbushTable,
    party: &str,
    modifiers: Vec<Modifier>,
) -> u32 {
    let c = &t.surprise_check;
    let rolls = dice.roll(c.dice, c.sides);
    let total = rolls.iter().sum::<u32>() as i32 + sum(&modifiers);
    let phases = c
        .phases_by_total
        .iter()
        .find(|l| total <= l.at_most)
        .map_or(0, |l| l.phases);
    let not_surprised_from = c.phases_by_total.last().map_or(0, |l| l.at_most + 1);
    dice.record_with(|| {
        RollEntry::dice(
            RollKind::SurpriseCheck,
            &format!("{}d{}", c.dice, c.sides),
            rolls,
        )
        .actor(party)
        .modifiers(modifiers)
        .need(not_surprised_from)
        .success(phases == 0)
        .effect(if phases == 0 {
            "not surprised".to_string()
        } else {
            format!("surprised for {phases} phase(s)")
        })
    });
    phases
}

/// 002 "Early Recovery from Surprise": the recovery bonus shortens surprise, but "never wholly
/// mitigates" it.
pub fn recovered_phases(t: &AmbushTable, phases: u32, recovery_bonus: u32) -> u32 {
    if phases == 0 {
        return 0;
    }
    phases
        .saturating_sub(recovery_bonus)
        .max(t.surprise_check.least_phases_after_recovery)
}

/// Why nobody is surprised (002 "The Circumstances of the Encounter").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum NoSurprise {
    #[error("no surprise: {distance:.1}\" apart, beyond closing range ({closing:.1}\")")]
    BeyondClosingRange { distance: f32, closing: f32 },
    #[error("no surprise: the parties cannot sense each other")]
    CannotSense,
    #[error("no surprise: neither party can engage (no way to melee, no missiles in range)")]
    CannotEngage,
    #[error("no surprise: no ambusher faces an ambushed unit")]
    NobodyFaces,
}

impl NoSurprise {
    /// The reason as the ambushed side may read it while the ambushers hide: no distance,
    /// which with the counters' places would pick out the real one.
    pub fn in_public(&self) -> String {
        match self {
            NoSurprise::BeyondClosingRange { .. } => {
                "no surprise: no ambusher was within closing range".to_string()
            }
            other => other.to_string(),
        }
    }
}

/// 002 "The Circumstances of the Encounter": surprise needs closing range (`closing_range_moves` of a move: one full move), a way to
/// sense each other, and a way to engage (melee, or missiles within closing range). `Err` says why
/// it is impossible.
pub fn surprise_possible(
    t: &AmbushTable,
    distance: f32,
    move_rate: f32,
    can_sense: bool,
    can_engage: bool,
) -> Result<(), NoSurprise> {
    let closing = move_rate * t.surprise_check.closing_range_moves;
    if distance > closing + MEASURING_SLACK {
        return Err(NoSurprise::BeyondClosingRange { distance, closing });
    }
    if !can_sense {
        return Err(NoSurprise::CannotSense);
    }
    if !can_engage {
        return Err(NoSurprise::CannotEngage);
    }
    Ok(())
}

/// 003's special perception check: the defender's INT (acting value) against the ambusher's INT
/// (opposing value) on the action table, 2d10 with doubles rolling again. Success detects the
/// ambush one phase early.
///
/// `secret_from`: the side that may not learn who the ambusher is while it hides under a
/// counter. That side's player reads only that its unit rolled and whether it detected the
/// ambush: the ambusher, its INT, the number needed and the dice (which bound that INT) wait
/// until every hidden unit is found.
pub fn perception(
    dice: &mut DiceService,
    t: &AmbushTable,
    defender: &str,
    ambusher: &str,
    (acting, opposing): (i32, i32),
    secret_from: Option<Side>,
) -> bool {
    let p = &t.perception;
    let need = p.need_for(acting, opposing);
    let mut rolls = Vec::new();
    let mut fumble = false;
    loop {
        let pair = dice.roll(p.dice, p.sides);
        let double = pair.windows(2).all(|w| w[0] == w[1]);
        let ones = pair.iter().all(|f| *f == 1);
        rolls.extend(pair);
        if double && ones && p.double_one_fails {
            fumble = true;
            break;
        }
        if !(double && p.doubles_roll_again) {
            break;
        }
    }
    let total = rolls.iter().sum::<u32>() as i32;
    let ok = !fumble && total >= need;
    dice.record_with(|| {
        let dice_named = format!("{}d{}", p.dice, p.sides);
        let outcome = if fumble {
            "double 1, fails"
        } else if ok {
            "the ambush is detected one phase early"
        } else {
            "not detected"
        };
        let full = RollEntry::dice(RollKind::Perception, &dice_named, rolls)
            .actor(defender)
            .target(ambusher)
            .need(need)
            .success(ok)
            .effect(format!("INT {acting} against INT {opposing}: {outcome}"));
        match secret_from {
            None => full,
            Some(side) => {
                let public = RollEntry::dice(RollKind::Perception, &dice_named, Vec::new())
                    .actor(defender)
                    .success(ok)
                    .effect(format!(
                        "INT {acting} against the hidden ambusher's (its roll is shown once every counter is found): {}",
                        if ok { "the ambush is detected one phase early" } else { "not detected" }
                    ));
                full.shown_to(side, public)
            }
        }
    });
    ok
}

/// 004's Reaction Test at the table's Threat Level: passes when the quality die beats Leadership
/// plus the Threat Level. `None` when the unit does not test (with Threat Level −1, "the test is
/// not made by units with a Leadership value of 1").
pub fn reaction_test(
    dice: &mut DiceService,
    t: &AmbushTable,
    unit: &str,
    leadership: i32,
    quality_die: u32,
) -> Option<bool> {
    let target = leadership + t.reaction_threat_level;
    if target < 1 {
        return None;
    }
    let face = dice.die(quality_die);
    let ok = face as i32 > target;
    dice.record_with(|| {
        RollEntry::dice(
            RollKind::ReactionTest,
            &format!("1d{quality_die}"),
            vec![face],
        )
        .actor(unit)
        .need(target + 1)
        .success(ok)
        .effect(format!(
            "Leadership {leadership}, Threat Level {:+}: {}",
            t.reaction_threat_level,
            if ok {
                "holds its fire"
            } else {
                "fires: the ambush is sprung early"
            }
        ))
    });
    Some(ok)
}

/// 004: after a failed reaction test, "Roll the movement die type for the lead unit": the inches
/// the lead unit moves before the ambush is sprung.
pub fn premature_advance(dice: &mut DiceService, lead: &str, full_move: u32) -> u32 {
    let face = dice.die(full_move.max(1));
    dice.record_with(|| {
        RollEntry::dice(
            RollKind::PrematureTrigger,
            &format!("1d{}", full_move.max(1)),
            vec![face],
        )
        .actor(lead)
        .effect(format!(
            "the ambush is sprung early: the lead unit moves {face}\" first"
        ))
    });
    face
}

/// 004 spotting (numbers reconstructed): the spotter's quality die must reach the base need, plus
/// a step per full SMR to the hidden unit and more if it hides in bad going. Beyond the spotting
/// range there is no roll.
pub fn spotting(
    dice: &mut DiceService,
    t: &AmbushTable,
    smr: f32,
    spotter: &str,
    quality_die: u32,
    distance: f32,
    in_cover: bool,
) -> bool {
    let s = &t.spotting;
    if distance > s.max_range_smr * smr {
        return false;
    }
    let cover = if in_cover { s.cover } else { 0 };
    let need = s.base_need + s.per_smr * (distance / smr).floor() as i32 + cover;
    let face = dice.die(quality_die);
    let ok = face as i32 >= need;
    dice.record_with(|| {
        RollEntry::dice(RollKind::Spotting, &format!("1d{quality_die}"), vec![face])
            .actor(spotter)
            .need(need)
            .success(ok)
            .effect(format!(
                "{distance:.1}\" to the hidden position{}: {}",
                if in_cover { " (in cover)" } else { "" },
                if ok {
                    "spotted the position"
                } else {
                    "nothing seen"
                }
            ))
    });
    ok
}

/// 004 "spotting by fire" (numbers reconstructed): a blind shot at a suspected position within
/// `range`, needing the normal to-hit roll with the blind-fire modifier. True on a hit.
pub fn blind_fire(
    dice: &mut DiceService,
    t: &AmbushTable,
    need: i32,
    shooter: &str,
    counter: &str,
    distance: f32,
    range: f32,
) -> bool {
    if distance > range {
        return false;
    }
    let face = dice.d6();
    let mods = vec![Modifier::new("firing blind", t.blind_fire_modifier)];
    let ok = face as i32 + sum(&mods) >= need;
    dice.record_with(|| {
        RollEntry::dice(RollKind::Spotting, "1d6", vec![face])
            .actor(shooter)
            .target(counter)
            .modifiers(mods)
            .need(need)
            .success(ok)
            .effect(format!(
                "spotting by fire at {distance:.1}\": {}",
                if ok {
                    "a hit on the position"
                } else {
                    "nothing"
                }
            ))
    });
    ok
}
