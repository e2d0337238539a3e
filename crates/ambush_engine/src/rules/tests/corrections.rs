//! Rules corrected against the texts (issue 12): each test quotes its source and fails on the behaviour it replaced.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::melee::{
    ContactResult, contact_modifiers, disengage_candidates, engagements, physical_contact,
};
use crate::rules::shooting::cannot_shoot;
use crate::rules::table::{MoveKind, Surprise};
use ambush_data::tables::Hold;

#[test]
fn a_surprised_unit_that_wins_a_melee_only_defends_and_strikes_no_blow() {
    // 000: the surprised "cannot move nor attack in response"; 002: "A surprised character may
    // defend, poorly". Before, a frozen marine that won the roll wounded its attacker.
    let (mut t, m, a) = duel();
    t.unit_mut(m).unwrap().surprise = Surprise::Ladder {
        unit: 1,
        hold: Hold::Frozen,
    };
    let e = engagements(&t, rules(), |_, c| c[0]);
    // The alien rolls 1 (+4 claws = 5), the marine 6 (+2 = 8): the marine wins.
    let mut dice = DiceService::scripted(&[1, 6]);
    let (ra, rd) = physical_contact(&mut t, rules(), &mut dice, &e[0]);
    assert_eq!((ra, rd), (ContactResult::Lost, ContactResult::Won));
    assert_eq!(t.unit(a).unwrap().wounds, 0, "no blow struck");
    assert!(
        t.unit(a)
            .unwrap()
            .cards
            .as_ref()
            .is_none_or(|s| s.turned.is_empty())
    );
    assert!(
        dice.log[1].effect.contains("only defends"),
        "{}",
        dice.log[1].effect
    );
    // Had it lost, it would have taken its wound as ever: defending is not immunity.
    let (mut t, m, _) = duel();
    t.unit_mut(m).unwrap().surprise = Surprise::Doom { turns_left: 1 };
    let e = engagements(&t, rules(), |_, c| c[0]);
    let mut dice = DiceService::scripted(&[6, 1, 6]);
    physical_contact(&mut t, rules(), &mut dice, &e[0]);
    assert!(t.unit(m).unwrap().wounds >= 1);
}

#[test]
fn a_surprised_mounted_unit_may_not_disengage_until_it_recovers() {
    // 000: the surprised "cannot move nor attack in response".
    let mut t = open_table();
    let jb = jet_bike(&mut t, "JB1", (30.0, 10.0));
    alien(&mut t, "A1", (30.0, 11.75), 180.0);
    assert_eq!(disengage_candidates(&t, rules()), vec![jb]);
    t.unit_mut(jb).unwrap().surprise = Surprise::Megs { turns_left: 1 };
    assert!(disengage_candidates(&t, rules()).is_empty());
}

#[test]
fn blindside_and_surprise_bonuses_apply_to_physical_contact_too() {
    // 003: "+1 to all attacks" against a blindsided or surprised defender; before, only shooting
    // and close quarter took them.
    let (mut t, m, a) = duel();
    let has = |t: &Table, who, name: &str| {
        contact_modifiers(t, rules(), who, if who == m { a } else { m }, 0)
            .iter()
            .any(|x| x.name == name && x.value == 1)
    };
    assert!(!has(&t, a, "target surprised"));
    t.unit_mut(m).unwrap().surprise = Surprise::Megs { turns_left: 1 };
    assert!(
        has(&t, a, "target surprised"),
        "the alien attacks a surprised marine"
    );
    // A blindside: the alien behind the marine, unlocated.
    let (mut t, _, _) = duel();
    t.config.scenario_mut().blindsides = true;
    t.unit_mut(a).unwrap().base.center = glam::Vec2::new(30.0, 8.75);
    assert!(has(&t, a, "blindside"));
}

#[test]
fn darkness_costs_physical_contact_too_unless_night_vision() {
    // 003: "When a physical attack occurs in natural darkness, the attacker must be able to see
    // the defender ... the defender receives +2 OV": in this game's D6, the darkness modifier.
    let (mut t, m, a) = duel();
    t.config.scenario_mut().darkness = Some(ambush_data::scenario::Darkness {
        sight_range: 6.0,
        full_moon: false,
    });
    let dark = |t: &Table, who, other| {
        contact_modifiers(t, rules(), who, other, 0)
            .iter()
            .any(|x| x.name == "darkness" && x.value == rules().ambush.darkness_to_hit)
    };
    assert!(dark(&t, m, a) && dark(&t, a, m));
    t.unit_mut(m).unwrap().traits.night_vision = true;
    assert!(!dark(&t, m, a), "night vision sees in the dark");
}

#[test]
fn troops_whose_morale_broke_still_fire_as_they_withdraw() {
    // 001: "On losing one third of its units, morale is broken, the army withdraws from the
    // table, heading for its own base edge. It can still fire its weapons."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    alien(&mut t, "A1", (30.0, 20.0), 180.0);
    t.unit_mut(m).unwrap().marks.moved = Some(MoveKind::AnyDirection);
    assert!(
        cannot_shoot(&t, rules(), m).is_some(),
        "moving any way forbids it"
    );
    t.unit_mut(m).unwrap().status.withdrawing = true;
    assert_eq!(cannot_shoot(&t, rules(), m), None);
}

#[test]
fn roll_for_doom_ambushers_close_and_strike_while_the_surprised_cannot_respond() {
    // 002: during surprise the active party may "Move up to 20% of movement rate (if not
    // engaged)", but also "Shift position to engage a surprised foe", "Charge an opponent",
    // "Engage a foe when reaching melee distance"; surprise needs the parties within closing
    // range, "close enough that one of the parties can close the gap between them". Before, the
    // 20% held every move and charge, so ambushers 3" away never reached their victims.
    use crate::rules::movement::{allowance, plan_charge};
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 14.0), 180.0);
    t.config.scenario_mut().ambush = Some(super::ambush::doom_on_the_marines());
    t.unit_mut(m).unwrap().surprise = Surprise::Doom { turns_left: 2 };
    let rate = rules().general.smr;
    let ordinary = allowance(&t, rules(), a, MoveKind::AnyDirection);
    assert!(
        (ordinary - 0.2 * rate).abs() < 1e-4,
        "ordinary moves: a fifth"
    );
    let charge = plan_charge(&t, rules(), a, m, None).expect("the ambusher charges home");
    assert!(charge.poses.iter().any(|(id, _)| *id == a));
    // The surprised marine cannot respond: it may not move, nor charge back.
    assert!(plan_charge(&t, rules(), m, a, None).is_err());
    // Beyond closing range the charge falls short, as ever.
    t.unit_mut(a).unwrap().base.center = glam::Vec2::new(10.0, 10.0 + 1.0 + rate * 1.5);
    assert!(plan_charge(&t, rules(), a, m, None).is_err());
}

#[test]
fn an_inferior_weapon_takes_the_penalties_its_scenario_chooses() {
    // 001: "employ one or more of the following modifications: The inferior weapon may not fire
    // above medium range; the inferior weapon receives -1 on either the 'to hit' or 'hit effect'
    // dice." Before, every inferior weapon took the range limit and the -1 to hit.
    use crate::rules::shooting::plan_shot;
    use crate::rules::wounds::resolve_hit_dice;
    use ambush_data::scenario::{InferiorPenalty, InferiorWeaponRules};
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    // 16" away: long range for a blaster (medium 12", long 20").
    let a = alien(&mut t, "A1", (30.0, 26.75), 180.0);
    t.config.scenario_mut().inferior_weapons = Some(Side::Humans);
    assert!(plan_shot(&t, rules(), m, a, None).is_err(), "no long range");
    t.config.scenario_mut().inferior_weapon_rules = InferiorWeaponRules {
        no_long_range: false,
        penalty: InferiorPenalty::HitEffect,
    };
    let plan = plan_shot(&t, rules(), m, a, None).expect("long range allowed");
    assert!(
        !has_modifier(&plan.modifiers, "inferior weapon", -1),
        "not on the to-hit die"
    );
    // The hit effect: the target's save gets +1.
    let mut dice = DiceService::scripted(&[4]);
    resolve_hit_dice(&mut t, rules(), &mut dice, m, a, 1);
    assert!(has_modifier(&dice.log[0].modifiers, "inferior weapon", 1));
    assert_eq!(
        (dice.log[0].total, dice.log[0].success),
        (5, Some(true)),
        "4 + 1 saves"
    );
    t.config.scenario_mut().inferior_weapon_rules.penalty = InferiorPenalty::ToHit;
    let plan = plan_shot(&t, rules(), m, a, None).expect("long range allowed");
    assert!(has_modifier(&plan.modifiers, "inferior weapon", -1));
}

#[test]
fn a_large_party_counts_once_per_ten_critters() {
    // 002: "other party is large (per ten critters): +1". Before, the +1 was flat, whatever the
    // number.
    use crate::rules::ambush::rolls::{scale_per_ten_critters, surprise_modifiers};
    let named = [("other party is large (per ten critters)".to_string(), None)];
    let mods = surprise_modifiers(&rules().ambush, &named).unwrap();
    let value = |n| {
        scale_per_ten_critters(mods.clone(), n)
            .iter()
            .map(|m| m.value)
            .sum::<i32>()
    };
    assert_eq!((value(6), value(10), value(19), value(25)), (0, 1, 1, 2));
}

#[test]
fn the_002_recovery_options_shorten_surprise_but_never_below_one_phase() {
    // 002 "Suggested Rule: ... The use of Intelligence to determine a recovery bonus seems to fit
    // better." "Optional Rule: Any character may recover early from surprise by succeeding on a
    // saving throw ... one phase earlier than the surprise roll result. The character will still
    // suffer at least one phase of surprise."
    use crate::rules::ambush::spring::spring_ambush;
    let spring = |from_int: bool, save: bool, int: i32, script: &[u32]| {
        let mut t = open_table();
        let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
        alien(&mut t, "A1", (30.0, 13.0), 180.0);
        t.unit_mut(m).unwrap().traits.int = int;
        let mut spec = super::ambush::doom_on_the_marines();
        spec.recovery_from_int = from_int;
        spec.recovery_save = save;
        t.config.scenario_mut().ambush = Some(spec);
        let mut dice = DiceService::scripted(script);
        spring_ambush(&mut t, rules(), &mut dice);
        (t.unit(m).unwrap().surprise, dice)
    };
    // The party check rolls 2+1 = 3: three phases (turns) of surprise.
    assert_eq!(
        spring(false, false, 3, &[2, 1]).0,
        Surprise::Doom { turns_left: 3 }
    );
    // INT 6 at one phase per 3 INT: two phases early, one left.
    assert_eq!(
        spring(true, false, 6, &[2, 1]).0,
        Surprise::Doom { turns_left: 1 }
    );
    // INT 12 would take four: never below one phase.
    assert_eq!(
        spring(true, false, 12, &[2, 1]).0,
        Surprise::Doom { turns_left: 1 }
    );
    // The saving throw: a 5 recovers one phase early, a 4 does not; it is in the log.
    let (s, dice) = spring(false, true, 3, &[2, 1, 5]);
    assert_eq!(s, Surprise::Doom { turns_left: 2 });
    assert!(
        dice.log
            .iter()
            .any(|e| e.effect.contains("recovers a phase early"))
    );
    assert_eq!(
        spring(false, true, 3, &[2, 1, 4]).0,
        Surprise::Doom { turns_left: 3 }
    );
}

#[test]
fn a_full_moon_doubles_the_sight_range_at_night() {
    // 003: "In the dark, normal sight can recognize shapes up to 100 yards away (5 APs distance).
    // A full moon will double this range to 6 APs."
    use crate::rules::shooting::plan_shot;
    let mut t = open_table();
    t.config.scenario_mut().darkness = Some(ambush_data::scenario::Darkness {
        sight_range: 6.0,
        full_moon: false,
    });
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    // About 10" away: beyond 6", within 12".
    let a = alien(&mut t, "A1", (10.0, 21.25), 180.0);
    assert!(
        plan_shot(&t, rules(), m, a, None).is_err(),
        "too dark to see"
    );
    t.config.scenario_mut().darkness = Some(ambush_data::scenario::Darkness {
        sight_range: 6.0,
        full_moon: true,
    });
    let plan = plan_shot(&t, rules(), m, a, None).expect("the moon lights it");
    assert!(
        has_modifier(&plan.modifiers, "darkness", -1),
        "still dark: -1"
    );
}

/// A ledge `feet` high, 20" by 4" around (30, 20), with a marine on its south edge and an alien
/// in front of it, to push it off.
fn on_a_ledge(feet: f32) -> (Table, UnitId, glam::Vec2) {
    use ambush_data::board::{Going, TerrainFeature};
    use ambush_data::geometry::Shape;
    let mut t = open_table();
    t.terrain.push(TerrainFeature {
        name: "ledge".into(),
        shape: Shape::Rect {
            center: (30.0, 20.0),
            size: (20.0, 4.0),
            rotation: 0.0,
        },
        going: Going::Good,
        tall: false,
        water: false,
        linear_defence: false,
        height: feet,
        look: None,
    });
    let m = marine(&mut t, "M1", (30.0, 18.5), 0.0);
    let a = alien(&mut t, "A1", (30.0, 19.75), 180.0);
    let from = t.unit(a).unwrap().base.center;
    (t, m, from)
}

#[test]
fn a_unit_knocked_off_a_height_falls_and_the_fall_is_counted_in_aps() {
    // 003 "Falling": "Make an action check using the APs of distance that the character falls
    // multiplied by 2 as the AV/EV, and the character's BODY/BODY as the OV/RV ... If the
    // distance that the character is falling is greater than 7 APs, treat it as 7 APs". Ten
    // feet is 0 APs and each AP doubles it; each AP of AV/EV beyond an ordinary BODY (5) is a
    // hit die.
    use crate::rules::log::RollKind;
    use crate::rules::wounds::{fall_aps, push_away};
    let r = rules();
    let aps: Vec<u32> = [10.0, 11.0, 20.0, 21.0, 40.0, 41.0, 1280.0, 5000.0]
        .iter()
        .map(|f| fall_aps(r, *f))
        .collect();
    assert_eq!(aps, vec![0, 1, 1, 2, 2, 3, 7, 7]);
    let fall_of = |dice: &DiceService| {
        let fall = dice.log.iter().find(|e| e.kind == RollKind::Fall);
        fall.expect("a fall").effect.clone()
    };
    // Off a 30-foot ledge: 2 APs, AV 4 against BODY 5, no harm.
    let (mut t, m, from) = on_a_ledge(30.0);
    let mut dice = DiceService::scripted(&[]);
    push_away(&mut t, r, &mut dice, m, from, 2.0);
    let said = fall_of(&dice);
    assert!(
        said.contains("falls 30 feet (2 APs, AV 4 against BODY 5): unhurt"),
        "{said}"
    );
    assert_eq!(t.unit(m).unwrap().wounds, 0);
    // Off a 160-foot cliff: 4 APs, AV 8, three hit dice, saved on 5-6.
    let (mut t, m, from) = on_a_ledge(160.0);
    let mut dice = DiceService::scripted(&[6, 1, 6]);
    push_away(&mut t, r, &mut dice, m, from, 2.0);
    let said = fall_of(&dice);
    assert!(
        said.contains("falls 160 feet (4 APs, AV 8 against BODY 5): 3 hit dice"),
        "{said}"
    );
    let saves = dice.log.iter().filter(|e| e.kind == RollKind::Save).count();
    assert_eq!(saves, 3);
    assert_eq!(t.unit(m).unwrap().wounds, 1);
    // Pushed along the ledge, it does not fall.
    let mut t2 = t.clone();
    t2.unit_mut(m).unwrap().base.center = glam::Vec2::new(25.0, 20.0);
    let mut dice = DiceService::scripted(&[]);
    push_away(&mut t2, r, &mut dice, m, glam::Vec2::new(24.0, 20.0), 2.0);
    assert!(dice.log.is_empty(), "still on the ledge");
}

#[test]
fn falls_and_the_descent_are_one_conversion_so_the_deeper_always_hurts_more() {
    // 003: a fall is "an action check using the APs of distance that the character falls
    // multiplied by 2 as the AV/EV"; the descent "a physical attack with the APs of depth as
    // the AV/EV", both against the character's BODY. One conversion (AV/EV beyond an ordinary
    // BODY, a hit die an AP) keeps 003's order: a 20-foot fall (AV 2) hurts less than a
    // descent to 640 feet (AV 6), which hurts less than a 640-foot fall (AV 12).
    use crate::rules::wounds::{distance_aps, fall_aps, world_attack_hit_dice};
    let r = rules();
    let fall = |feet: f32| world_attack_hit_dice(r, fall_aps(r, feet) * r.ambush.fall_av_per_ap);
    let descent = |feet: f32| -> u32 {
        let safe = r.environment.underwater.safe_depth_aps;
        (safe + 1..=distance_aps(feet))
            .map(|ap| world_attack_hit_dice(r, ap))
            .sum()
    };
    assert_eq!(fall(20.0), 0);
    assert_eq!(descent(640.0), 1);
    assert_eq!(fall(640.0), 7);
    assert!(fall(20.0) < descent(640.0) && descent(640.0) < fall(640.0));
    // Deeper is never kinder, for either.
    for feet in [10.0, 20.0, 40.0, 80.0, 160.0, 320.0, 640.0, 1280.0, 2560.0] {
        assert!(fall(feet) <= fall(feet * 2.0) && descent(feet) <= descent(feet * 2.0));
    }
}

#[test]
fn a_unit_that_recovers_early_may_move_and_fight_back_but_not_attack_until_the_surprise_ends() {
    // 002 "Early Recovery from Surprise": "Party A is surprised for three phases. One of the PCs
    // ... is surprised for only two phases and may begin acting normally in the third"; and "A
    // character recovering early from surprise is able to take action: moving, readying a
    // weapon, or other non-attack if not engaged; defending normally and/or a snap attack if
    // engaged."
    use crate::rules::ambush::recovery::advance_surprise;
    let mut t = open_table();
    t.config.scenario_mut().ambush = Some(super::ambush::doom_on_the_marines());
    let quick = marine(&mut t, "Sgt", (10.0, 10.0), 0.0);
    let slow = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    alien(&mut t, "A1", (10.0, 20.0), 180.0);
    t.progress.surprise_phases_left = Some(3);
    t.unit_mut(quick).unwrap().surprise = Surprise::Doom { turns_left: 2 };
    t.unit_mut(slow).unwrap().surprise = Surprise::Doom { turns_left: 3 };
    let mut dice = DiceService::scripted(&[]);
    let surprise = |t: &Table, id| t.unit(id).unwrap().surprise;
    advance_surprise(&mut t, rules(), &mut dice);
    assert_eq!(surprise(&t, quick), Surprise::Doom { turns_left: 1 });
    advance_surprise(&mut t, rules(), &mut dice);
    // The third phase: the sergeant acts, within the limits of an early recovery.
    let s = surprise(&t, quick);
    assert_eq!(s, Surprise::Recovering { turns_left: 1 });
    assert!(s.may_move());
    assert!(!s.may_attack());
    assert!(s.strikes_when_engaged());
    assert!(matches!(
        cannot_shoot(&t, rules(), quick),
        Some(crate::rules::shooting::CannotShoot::Surprised(..))
    ));
    assert!(!Surprise::Doom { turns_left: 1 }.strikes_when_engaged());
    assert_eq!(surprise(&t, slow), Surprise::Doom { turns_left: 1 });
    assert!(
        dice.log
            .iter()
            .any(|e| e.actor.as_deref() == Some("Sgt") && e.effect.starts_with("recovers early"))
    );
    // "All surprised individuals recover from surprise when the surprise phases are finished."
    advance_surprise(&mut t, rules(), &mut dice);
    assert_eq!(surprise(&t, quick), Surprise::Alert);
    assert_eq!(surprise(&t, slow), Surprise::Alert);
    assert_eq!(t.progress.surprise_phases_left, None);
}
