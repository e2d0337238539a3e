//! Ambush tests: the texts' own worked examples replayed with scripted dice, and every table of
//! `assets/rules/ambush.ron` (000, 002, 003, 004).

use super::*;
use crate::rules::ambush::rolls::*;
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::shooting::blast_strength;
use ambush_data::tables::AmbushNature;
use ambush_data::tables::AmbushTable;
use ambush_data::tables::Hold;
use ambush_data::tables::Species;

fn t() -> &'static AmbushTable {
    &rules().ambush
}

/// A roll-for-doom ambush on the marines, with nothing else set.
pub(super) fn doom_on_the_marines() -> ambush_data::ambush_spec::AmbushSpec {
    use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec, Detection, SurpriseEffects};
    AmbushSpec::new(
        ambush_data::board::Side::Humans,
        AmbushSetup::None,
        Detection::PartyCheck,
        SurpriseEffects::RollForDoom,
    )
}

fn person(awe: i32, dex: i32) -> Senses {
    Senses {
        awe,
        dex,
        species: Species::Human,
    }
}

#[test]
fn table_34_1_sets_the_die_by_the_nature_of_the_ambush() {
    // 000 Table 34.1: Easy 1d10, Normal 1d20, Hard 1d30, Tough 1d50, Impossible 1d100,
    // Bizarre 1d1000.
    let dice: Vec<u32> = AmbushNature::ALL
        .iter()
        .map(|n| t().detection_die[n])
        .collect();
    assert_eq!(dice, vec![10, 20, 30, 50, 100, 1000]);
    // The die named in the log is the table's.
    let mut d = DiceService::scripted(&[999]);
    assert!(!awe_detection(
        &mut d,
        t(),
        "M1",
        person(60, 50),
        AmbushNature::Bizarre
    ));
    assert_eq!(d.log[0].dice, "1d1000");
    assert_eq!(d.log[0].kind, RollKind::AweDetection);
}

#[test]
fn the_000_example_feline_and_lucky_detect_the_rest_climb_the_ladder() {
    // 000 "Example Ambush": indigenous ambushers, so "each target persona must make an Ambush
    // Detection Roll of Improbable (1d100)" (Table 34.1's Impossible). "One of the target
    // personas is a feline, and she makes her ... roll. The next ... is just plain lucky ...
    // All the remaining personas ... fail".
    let nature = AmbushNature::Impossible;
    let feline = Senses {
        awe: 40,
        dex: 40,
        species: Species::Feline,
    };
    let mut d = DiceService::scripted(&[45, 7, 80, 91]);
    assert!(
        awe_detection(&mut d, t(), "feline", feline, nature),
        "45 <= 40 + 10"
    );
    assert!(awe_detection(&mut d, t(), "lucky", person(12, 30), nature));
    assert!(!awe_detection(&mut d, t(), "P3", person(30, 25), nature));
    assert!(!awe_detection(&mut d, t(), "P4", person(30, 25), nature));
    // Second unit: "If they make both ... AWE and DEX attribute rolls they can join".
    let mut d = DiceService::scripted(&[20, 60, 10, 5]);
    let p3 = ambush_units_turn(&mut d, t(), "P3", person(30, 25), nature, 2, false);
    assert_eq!(p3, Ladder::Held(Hold::Frozen), "AWE passed, DEX failed");
    let p4 = ambush_units_turn(&mut d, t(), "P4", person(30, 25), nature, 2, false);
    assert_eq!(p4, Ladder::Joins);
    // "Any persona that took damage from a type A (thrusting or striking) weapon ... may
    // automatically join": no dice.
    let mut d = DiceService::scripted(&[]);
    let hurt = ambush_units_turn(&mut d, t(), "P5", person(1, 1), nature, 2, true);
    assert_eq!(hurt, Ladder::Joins);
    assert!(d.log[0].rolls.is_empty());
    // Third unit: "either an Improbable DEX or an Improbable AWE roll"; failing, "they may move
    // but not attack".
    let mut d = DiceService::scripted(&[70, 10, 90, 90]);
    let a = ambush_units_turn(&mut d, t(), "P3", person(30, 25), nature, 3, false);
    assert_eq!(a, Ladder::Joins, "AWE failed, DEX passed");
    let b = ambush_units_turn(&mut d, t(), "P6", person(30, 25), nature, 3, false);
    assert_eq!(b, Ladder::Held(Hold::MoveOnly));
    // Fourth unit: "all may participate in combat as normal".
    let mut d = DiceService::scripted(&[]);
    let c = ambush_units_turn(&mut d, t(), "P6", person(1, 1), nature, 4, false);
    assert_eq!(c, Ladder::Joins);
    assert_eq!(d.log[0].kind, RollKind::AmbushRecovery);
}

#[test]
fn the_002_example_minus_one_and_a_seven_is_not_surprised() {
    // 002: "The PCs have a total of -1 in modifiers: they suspect dirtspawn are near and the
    // spawn are camouflaged ... A dice roll of 7 and the -1 modifier adjusts the PCs' roll to 6,
    // so they're not surprised".
    let mods = surprise_modifiers(
        t(),
        &[
            ("suspicion hostiles are near".into(), None),
            ("other party is camouflaged".into(), None),
        ],
    )
    .unwrap();
    let mut d = DiceService::scripted(&[3, 4]);
    assert_eq!(surprise_check(&mut d, t(), "marines", mods.clone()), 0);
    let e = &d.log[0];
    assert_eq!(
        (e.kind, e.dice.as_str(), e.total),
        (RollKind::SurpriseCheck, "2d6", 6)
    );
    assert_eq!(e.modifiers.len(), 2);
    // "Roll of 2 or 3: three phases; Roll of 4: two; Roll of 5: one".
    for (faces, phases) in [([1, 3], 3), ([2, 3], 2), ([3, 3], 1), ([1, 1], 3)] {
        let mut d = DiceService::scripted(&faces);
        assert_eq!(surprise_check(&mut d, t(), "marines", mods.clone()), phases);
    }
}

#[test]
fn the_002_modifier_list_is_checked_and_ranges_need_a_value() {
    // 002: "other party is distracted +1 to +3"; "Fog (may vary) -1 to -3".
    assert_eq!(t().surprise_modifiers.len(), 15);
    assert!(surprise_modifiers(t(), &[("other party is distracted".into(), None)]).is_err());
    let m = surprise_modifiers(t(), &[("fog".into(), Some(-3))]).unwrap();
    assert_eq!(m[0].value, -3);
    assert!(surprise_modifiers(t(), &[("fog".into(), Some(-4))]).is_err());
    assert!(surprise_modifiers(t(), &[("thunder".into(), None)]).is_err());
}

#[test]
fn the_002_recovery_bonus_never_removes_the_last_phase() {
    // 002: "Party A is surprised for three phases ... a recovery bonus allowing for one fewer
    // phase ... is surprised for only two phases"; "the GM rolls one phase ... still suffers one".
    assert_eq!(recovered_phases(t(), 3, 1), 2);
    assert_eq!(recovered_phases(t(), 1, 1), 1);
    assert_eq!(recovered_phases(t(), 2, 5), 1);
    assert_eq!(recovered_phases(t(), 0, 1), 0);
}

#[test]
fn the_002_circumstances_closing_range_senses_and_engagement() {
    // 002: "close enough that one of the parties can close the gap between them in no more than a
    // half move"; "If the terrain prevents them seeing and/or hearing each other ... no surprise";
    // "If the two parties cannot physically engage ... surprise again becomes moot."
    let c = &t().surprise_check;
    assert_eq!((c.active_attacks, c.defence_modifier), (2, -2));
    assert!((c.active_move_fraction - 0.2).abs() < 1e-6);
    assert_eq!(c.morale_fraction, (1, 3));
    // rules.md: one surprise phase is one game turn, so closing range is a full move here.
    assert!(surprise_possible(t(), 4.0, 4.0, true, true).is_ok());
    assert!(
        surprise_possible(t(), 4.5, 4.0, true, true)
            .unwrap_err()
            .to_string()
            .contains("closing range")
    );
    assert!(
        surprise_possible(t(), 1.0, 4.0, false, true)
            .unwrap_err()
            .to_string()
            .contains("sense")
    );
    assert!(
        surprise_possible(t(), 1.0, 4.0, true, false)
            .unwrap_err()
            .to_string()
            .contains("engage")
    );
}

#[test]
fn the_003_perception_check_on_the_action_table() {
    // 003: "the INT/WILL of the defender is the AV/EV, and the INT/WILL of the attacker ... is
    // the OV/RV. Any positive RAPs means that the ambush ... has been detected one phase before".
    let p = &t().perception;
    assert_eq!(p.need_for(5, 5), 11, "equal values need 11");
    assert!(p.need_for(2, 9) > p.need_for(9, 2));
    let mut d = DiceService::scripted(&[4, 5]);
    assert!(!perception(&mut d, t(), "M1", "A1", (5, 5), None), "9 < 11");
    // Doubles roll again and add.
    let mut d = DiceService::scripted(&[5, 5, 3, 4]);
    assert!(perception(&mut d, t(), "M1", "A1", (5, 5), None));
    assert_eq!(d.log[0].rolls, vec![5, 5, 3, 4]);
    assert_eq!(d.log[0].dice, "2d10");
    // A double 1 fails.
    let mut d = DiceService::scripted(&[1, 1, 10, 10]);
    assert!(!perception(&mut d, t(), "M1", "A1", (30, 0), None));
}

#[test]
fn the_004_threat_level_minus_one_exempts_leadership_1() {
    // 004: "The test is at Threat Level -1. This means that the test is not made by units with a
    // Leadership value of 1." rules.md: passes "if the quality die is greater than Leadership +
    // Threat Level".
    let mut d = DiceService::scripted(&[]);
    assert_eq!(reaction_test(&mut d, t(), "A1", 1, 6), None);
    assert!(d.log.is_empty());
    let mut d = DiceService::scripted(&[2, 3]);
    assert_eq!(
        reaction_test(&mut d, t(), "A2", 3, 6),
        Some(false),
        "2 is not above 2"
    );
    assert_eq!(reaction_test(&mut d, t(), "A3", 3, 6), Some(true));
    assert_eq!(d.log[0].kind, RollKind::ReactionTest);
    // "Roll the movement die type for the lead unit."
    let mut d = DiceService::scripted(&[3]);
    assert_eq!(premature_advance(&mut d, "M1", 4), 3);
    assert_eq!(d.log[0].dice, "1d4");
}

#[test]
fn spotting_needs_more_with_range_and_cover_and_has_a_limit() {
    // 004 "each unit in the column can make one spotting attempt" (numbers reconstructed: need 6,
    // +2 per full SMR, +2 in cover, out to 3 SMR).
    let smr = rules().general.smr;
    let mut d = DiceService::scripted(&[7, 8, 9]);
    assert!(!spotting(&mut d, t(), smr, "M1", 10, 1.0 * smr, false));
    assert!(spotting(&mut d, t(), smr, "M1", 10, 1.0 * smr, false));
    assert_eq!(d.log[0].need, Some(8));
    assert!(
        !spotting(&mut d, t(), smr, "M1", 10, 1.0 * smr, true),
        "cover adds 2"
    );
    let mut d = DiceService::scripted(&[]);
    assert!(!spotting(&mut d, t(), smr, "M1", 12, 3.5 * smr, false));
    assert!(d.log.is_empty(), "no roll beyond the spotting range");
}

#[test]
fn the_003_blast_loses_two_per_ap_from_the_first_fraction_outside_the_circle() {
    // 003: "full damage to everyone in the target area (a circular area with a diameter of 10
    // feet, or 0 APs) ... Each AP of distance from the target area reduces the blast's AV/EV by 2
    // APs"; "if a character is standing 3 APs from the target area of a 10 AP howitzer blast, the
    // AV/EV is reduced by 6 APs to 4/4. A character that is standing 4 APs away ... 2/2."
    // MEGS distances double with each AP: 1, 3, 7 and 15 diameters out are 1, 2, 3 and 4 APs.
    // The plasma cannon's blast circle, an inch across (weapons.ron `blast`, a radius of 0.5").
    let across = 1.0;
    assert_eq!(
        blast_strength(t(), 10, 0.0, across),
        10,
        "inside the circle"
    );
    assert_eq!(blast_strength(t(), 10, 1.0 * across, across), 8);
    assert_eq!(blast_strength(t(), 10, 3.0 * across, across), 6);
    assert_eq!(
        blast_strength(t(), 10, 7.0 * across, across),
        4,
        "3 APs: 4/4"
    );
    assert_eq!(
        blast_strength(t(), 10, 15.0 * across, across),
        2,
        "4 APs: 2/2"
    );
    assert_eq!(blast_strength(t(), 10, 31.0 * across, across), 0);
    // The first fraction of an AP already costs: no full strength just outside the circle.
    assert_eq!(blast_strength(t(), 2, 0.05, across), 1);
    assert_eq!(blast_strength(t(), 2, 0.4, across), 1);
    assert_eq!(blast_strength(t(), 2, 0.5, across), 0);
    // Before, anything under 4" outside the circle took full strength: two dice at 3.9".
    assert_eq!(blast_strength(t(), 2, 3.9, across), 0);
    assert_eq!(
        (
            t().megs.to_hit_bonus,
            t().blindside_to_hit,
            t().darkness_to_hit
        ),
        (1, 1, -1)
    );
}

#[test]
fn surprise_effects_hold_units_as_their_model_says() {
    // 000 Table 34.2 "May not attack or move" / "May not attack. May move." (at the end of the
    // unit, Example Ambush); 002 "Move up to
    // 20% of movement rate" for the active party, the surprised "may defend ... -2"; 003 the
    // surprised are hit at +1 (rules.md).
    use crate::rules::movement::{allowance, cannot_move, plan_charge};
    use crate::rules::shooting::{cannot_shoot, plan_shot};
    use crate::rules::table::{MoveKind, Surprise};
    let mut table = open_table();
    let m = marine(&mut table, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut table, "A1", (10.0, 16.0), 180.0);
    table.unit_mut(m).unwrap().surprise = Surprise::Ladder {
        unit: 1,
        hold: Hold::Frozen,
    };
    assert!(
        cannot_move(&table, rules(), m)
            .unwrap()
            .to_string()
            .contains("may not attack or move")
    );
    assert!(cannot_shoot(&table, rules(), m).is_some());
    table.unit_mut(m).unwrap().surprise = Surprise::Ladder {
        unit: 3,
        hold: Hold::MoveOnly,
    };
    // "they may run away but they can only do this at the end of the unit": not in the
    // movement phase (the run-away step at the end of the turn moves it).
    assert!(
        cannot_move(&table, rules(), m)
            .unwrap()
            .to_string()
            .contains("run away at the end of the turn")
    );
    assert!(table.unit(m).unwrap().surprise.may_run_away());
    assert!(cannot_shoot(&table, rules(), m).is_some());
    assert!(plan_charge(&table, rules(), m, a, None).is_err());
    // Roll for doom: the alien (active) moves a fifth of its rate.
    table.config.scenario_mut().ambush = Some(doom_on_the_marines());
    let full = allowance(&table, rules(), a, MoveKind::AnyDirection);
    table.unit_mut(m).unwrap().surprise = Surprise::Doom { turns_left: 2 };
    let limited = allowance(&table, rules(), a, MoveKind::AnyDirection);
    assert!((limited - full * 0.2).abs() < 1e-4, "{limited} of {full}");
    let mods = crate::rules::melee::contact_modifiers(&table, rules(), m, a, 0);
    assert!(mods.iter().any(|x| x.value == -2), "{mods:?}");
    // MEGS: +1 to hit the surprised.
    table.unit_mut(m).unwrap().surprise = Surprise::Megs { turns_left: 1 };
    let plan = plan_shot(&table, rules(), a, m, Some("claws"));
    let plan = plan.or_else(|_| {
        table.unit_mut(a).unwrap().weapons = vec!["alien_firearm".to_string()].into();
        plan_shot(&table, rules(), a, m, None)
    });
    let plan = plan.unwrap();
    assert!(has_modifier(&plan.modifiers, "target surprised", 1));
}

#[test]
fn blindside_plus_one_until_the_target_locates_its_attacker() {
    // 003: "When a character is blindsided, his OV is shifted -1 column ... for all attacks from
    // that attacker until he can locate the source of the attack using a perception check"
    // (+1 to hit on this game's D6, rules.md).
    use crate::rules::ambush::recovery::locate_blindsiders;
    use crate::rules::shooting::{plan_shot, shoot};
    let mut table = open_table();
    table.config.scenario_mut().blindsides = true;
    let m = marine(&mut table, "M1", (10.0, 10.0), 0.0);
    // The alien faces away, north: the marine is behind it.
    let a = alien(&mut table, "A1", (10.0, 16.0), 0.0);
    let plan = plan_shot(&table, rules(), m, a, None).unwrap();
    assert!(has_modifier(&plan.modifiers, "blindside", 1));
    let mut d = DiceService::scripted(&[1]);
    let mut pending = Vec::new();
    shoot(&mut table, rules(), &mut d, m, a, None, &mut pending).unwrap();
    assert_eq!(table.unit(a).unwrap().marks.blindsided_by, Some(m));
    // The perception check at the end of the turn: double 5 then 3 + 4 = 17 >= 11.
    let mut d = DiceService::scripted(&[5, 5, 3, 4]);
    locate_blindsiders(&mut table, rules(), &mut d);
    assert_eq!(d.log[0].kind, RollKind::Perception);
    assert!(table.unit(a).unwrap().located.contains(&m));
    table.unit_mut(m).unwrap().marks = Default::default();
    let plan = plan_shot(&table, rules(), m, a, None).unwrap();
    assert!(plan.modifiers.iter().all(|x| x.name != "blindside"));
    // Without the scenario option there are no blindsides.
    table.config.scenario_mut().blindsides = false;
    table.unit_mut(a).unwrap().located.clear();
    let plan = plan_shot(&table, rules(), m, a, None).unwrap();
    assert!(plan.modifiers.iter().all(|x| x.name != "blindside"));
}

#[test]
fn spotting_by_fire_needs_the_to_hit_roll_less_one_within_weapon_range() {
    // 004 Options: "The scenario may or may not allow 'spotting by fire' ... to fire blindly in
    // the hope of hitting a hidden unit" (the roll is reconstructed: to-hit need, -1 blind).
    let need = rules().shooting.to_hit_need;
    let mut d = DiceService::scripted(&[5, 6]);
    assert!(!blind_fire(&mut d, t(), need, "M1", "dummy 1", 6.0, 20.0));
    assert!(blind_fire(&mut d, t(), need, "M1", "dummy 1", 6.0, 20.0));
    assert_eq!(d.log[1].modifiers[0].name, "firing blind");
    assert_eq!(d.log[1].kind, RollKind::Spotting);
    let mut d = DiceService::scripted(&[]);
    assert!(
        !blind_fire(&mut d, t(), need, "M1", "J1", 30.0, 20.0),
        "out of range: no shot"
    );
    assert!(d.log.is_empty());
}

#[test]
fn after_doom_a_third_lost_the_surprised_marines_check_morale() {
    // 002 "Morale: If the active party incapacitates one-third (or more) of the surprised party
    // ... the surprised party has to check morale once surprise has run its course." A check,
    // which may hold: the best-led unit's quality die against its Leadership (before, the loss
    // alone broke the party's morale).
    use crate::rules::ambush::recovery::advance_surprise;
    use crate::rules::table::{Presence, Surprise};
    let setup = |lose: bool, script: &[u32]| {
        let mut table = open_table();
        table.config.scenario_mut().ambush = Some(doom_on_the_marines());
        // Morale on: a scenario that ignores it takes no check (`game::ambushes::with_morale_ignored_…`).
        table.config.scenario_mut().human_morale = true;
        let ids: Vec<_> = (0..3)
            .map(|i| {
                marine(
                    &mut table,
                    &format!("M{i}"),
                    (10.0 + 3.0 * i as f32, 10.0),
                    0.0,
                )
            })
            .collect();
        for id in &ids {
            table.unit_mut(*id).unwrap().surprise = Surprise::Doom { turns_left: 1 };
        }
        table.progress.surprised_party = Some((3, 0));
        if lose {
            table.unit_mut(ids[0]).unwrap().status.presence = Presence::Destroyed;
        }
        let mut d = DiceService::scripted(script);
        advance_surprise(&mut table, rules(), &mut d);
        (table, d)
    };
    // Leadership 2 at Threat Level 0 on a d8: 3 or more holds.
    let (table, d) = setup(true, &[2]);
    assert!(table.progress.morale_broken);
    let check = d.log.last().unwrap();
    assert_eq!(
        (check.kind, check.need, check.success),
        (RollKind::MoraleCheck, Some(3), Some(false))
    );
    assert!(check.effect.contains("morale breaks"));
    let (table, d) = setup(true, &[3]);
    assert!(!table.progress.morale_broken);
    assert!(d.log.last().unwrap().effect.contains("morale holds"));
    let (table, d) = setup(false, &[]);
    assert!(!table.progress.morale_broken);
    assert!(d.log.last().unwrap().effect.contains("no morale check"));
}

#[test]
fn explosives_hit_everyone_in_the_blast_circle() {
    // 003: "they do full damage to everyone in the target area ( a circular area with a diameter
    // of 10 feet, or 0 APs)", an inch across here; beyond it "Each AP of distance ... reduces the
    // blast's AV/EV by 2": a base touching the target, 0.25" outside the circle, is a third of an
    // AP away and takes one die of the two; one 1.25" outside (more than an AP) takes none.
    use crate::rules::shooting::shoot;
    use ambush_data::board::Side;
    use ambush_data::tables::TroopType;
    let mut table = open_table();
    table.config.scenario_mut().explosives = true;
    let hw = table.add(
        rules(),
        "HW1",
        Side::Humans,
        TroopType::known("WeaponCrew"),
        (10.0, 10.0),
        0.0,
        &["plasma_cannon"],
    );
    let a1 = alien(&mut table, "A1", (10.0, 20.0), 180.0);
    let a2 = alien(&mut table, "A2", (11.5, 20.0), 180.0);
    let a3 = alien(&mut table, "A3", (20.0, 20.0), 180.0);
    let a4 = alien(&mut table, "A4", (10.0, 22.5), 180.0);
    let a5 = alien(&mut table, "A5", (16.0, 20.0), 180.0);
    let mut d = DiceService::scripted(&[6]);
    let mut pending = Vec::new();
    shoot(&mut table, rules(), &mut d, hw, a1, None, &mut pending).unwrap();
    let dice_on = |id| {
        pending
            .iter()
            .filter(|p| p.target == id)
            .map(|p| p.dice)
            .sum::<u32>()
    };
    assert_eq!((dice_on(a1), dice_on(a2), dice_on(a3)), (2, 1, 0));
    assert_eq!((dice_on(a4), dice_on(a5)), (0, 0));
    assert!(
        d.log
            .iter()
            .any(|e| e.kind == RollKind::Blast && e.target.as_deref() == Some("A2"))
    );
    // Without the scenario's explosives a hit is a hit on the target alone.
    table.config.scenario_mut().explosives = false;
    table.unit_mut(hw).unwrap().marks = Default::default();
    let mut d = DiceService::scripted(&[6]);
    let mut pending = Vec::new();
    shoot(&mut table, rules(), &mut d, hw, a1, None, &mut pending).unwrap();
    assert_eq!(pending.len(), 1);
}

#[test]
fn a_megs_surprised_unit_has_no_initiative_it_neither_moves_nor_attacks_nor_strikes_back() {
    // 003: "Surprised characters may not make any dice or automatic actions during the first
    // phase of combat (they have no initiative)."
    use crate::rules::movement::{cannot_move, plan_charge};
    use crate::rules::shooting::cannot_shoot;
    use crate::rules::table::Surprise;
    let mut table = open_table();
    let m = marine(&mut table, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut table, "A1", (10.0, 13.0), 180.0);
    assert!(cannot_move(&table, rules(), m).is_none());
    assert!(cannot_shoot(&table, rules(), m).is_none());
    assert!(plan_charge(&table, rules(), m, a, None).is_ok());
    table.unit_mut(m).unwrap().surprise = Surprise::Megs { turns_left: 1 };
    assert!(cannot_move(&table, rules(), m).is_some(), "no move");
    assert!(cannot_shoot(&table, rules(), m).is_some(), "no shot");
    assert!(
        plan_charge(&table, rules(), m, a, None).is_err(),
        "no charge"
    );
    let surprise = table.unit(m).unwrap().surprise;
    assert!(
        !surprise.strikes_when_engaged(),
        "no blow in a melee it is in"
    );
}

#[test]
fn six_ambushers_are_two_waves_and_a_joker_withdraws_only_its_own_five() {
    // 001: "Aliens are generated in waves of five"; "One pack of playing cards ... per wave of
    // attackers"; "If an alien wave is ordered to withdraw (turning up a Joker) then all units in
    // the wave move directly to the nearest table edge."
    use crate::rules::ambush::spring::spring_ambush;
    use crate::rules::wounds::withdraw_wave;
    use ambush_data::ambush_spec::AmbushUnitSpec;
    use ambush_data::board::Side;
    use ambush_data::tables::TroopType;
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let mut spec = doom_on_the_marines();
    spec.units = (0..6)
        .map(|i| AmbushUnitSpec {
            label: format!("A{}", i + 1),
            side: Side::Aliens,
            troop: TroopType::known("Alien"),
            at: (30.0 + 2.0 * i as f32, 40.0),
            facing: 180.0,
            weapons: Vec::new(),
            armour: false,
            traits: None,
        })
        .collect();
    t.config.scenario_mut().ambush = Some(spec);
    let mut dice = DiceService::seeded(1, 0);
    spring_ambush(&mut t, rules(), &mut dice);
    let waves: Vec<Option<u32>> = t
        .units
        .iter()
        .filter(|u| u.side == Side::Aliens)
        .map(|u| u.wave)
        .collect();
    assert_eq!(
        waves,
        [Some(1), Some(1), Some(1), Some(1), Some(1), Some(2)]
    );
    assert_eq!(t.progress.waves, 2);
    let first = t
        .units
        .iter()
        .find(|u| u.label.as_ref() == "A1")
        .unwrap()
        .id;
    withdraw_wave(&mut t, rules(), &mut dice, first);
    let withdrawing: Vec<bool> = t
        .units
        .iter()
        .filter(|u| u.side == Side::Aliens)
        .map(|u| u.status.withdrawing)
        .collect();
    assert_eq!(withdrawing, [true, true, true, true, true, false]);
}
