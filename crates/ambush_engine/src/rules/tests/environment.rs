//! 003's hostile environments (issue 12): under water and in space, each test quoting the sentence it checks.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::drift::{Course, carry, drift_all, drift_course, launch, launch_speed};
use crate::rules::environment::{air_clock, descend, turns_of};
use crate::rules::log::RollKind;
use crate::rules::melee::{break_off, contact_modifiers, engagements};
use crate::rules::movement::{CannotMove, MoveError, allowance, cannot_move, plan_move};
use crate::rules::orders::{Decision, Order, Step};
use crate::rules::phases::DecisionPhase;
use crate::rules::phases::movement::MovementState;
use crate::rules::shooting::{ShotError, plan_shot};
use crate::rules::table::{MoveKind, Presence};
use ambush_data::board::{Going, TerrainFeature};
use ambush_data::geometry::Shape;
use ambush_data::scenario::Environment;
use glam::Vec2;

fn underwater(depth: f32) -> Table {
    let mut t = open_table();
    t.config.scenario_mut().environment = Some(Environment::Underwater { depth });
    t
}

fn in_space() -> Table {
    let mut t = open_table();
    t.config.scenario_mut().environment = Some(Environment::Space);
    t
}

/// A plain rectangle of terrain.
fn feature(name: &str, center: (f32, f32), size: (f32, f32), going: Going) -> TerrainFeature {
    let shape = Shape::Rect {
        center,
        size,
        rotation: 0.0,
    };
    TerrainFeature::new(name, shape, going)
}

fn kinds(dice: &DiceService, kind: RollKind) -> usize {
    dice.log.iter().filter(|e| e.kind == kind).count()
}

#[test]
fn under_water_a_move_is_a_quarter_of_the_rate_except_for_swimmers_and_water_freedom() {
    // 003: "Subtract 2 from all movement rates except swimming"; 2 APs off a distance is a
    // quarter of it. "the water freedom power negates all underwater penalties".
    let mut t = underwater(30.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let r = rules();
    assert_eq!(allowance(&t, r, m, MoveKind::StraightForward), 1.0);
    let err = plan_move(&t, r, m, Vec2::new(10.0, 12.0), 0.0, false).unwrap_err();
    assert!(matches!(err, MoveError::BeyondAllowance { .. }), "{err}");
    assert!(plan_move(&t, r, m, Vec2::new(10.0, 11.0), 0.0, false).is_ok());
    // A swimming troop type keeps its rate.
    let mut swimmers = r.clone();
    if let Some(p) = swimmers
        .troops
        .troops
        .get_mut(&TroopType::known("Infantry"))
    {
        p.swims = true;
    }
    assert_eq!(allowance(&t, &swimmers, m, MoveKind::StraightForward), 4.0);
    // So does a unit at home in the water.
    t.unit_mut(m).unwrap().traits.water_freedom = true;
    assert_eq!(allowance(&t, r, m, MoveKind::StraightForward), 4.0);
    // On dry land, as ever.
    let mut dry = open_table();
    let m = marine(&mut dry, "M1", (10.0, 10.0), 0.0);
    assert_eq!(allowance(&dry, r, m, MoveKind::StraightForward), 4.0);
}

#[test]
fn under_water_a_side_the_water_hampers_takes_the_initiative_penalty() {
    // 003: "Subtract 5 from the Initiative score of each character that is underwater": on the
    // movement initiative die of a side with units the water hampers (the natives have water
    // freedom). Humans roll 4, aliens 3: on land the marines would win.
    let mut t = underwater(30.0);
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.unit_mut(a).unwrap().traits.water_freedom = true;
    let r = rules();
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, r));
    let mut dice = DiceService::scripted(&[4, 3]);
    let step = flow.advance(&mut t, r, &mut dice);
    assert_eq!(
        step,
        Step::Need(Decision::Move {
            side: Side::Aliens,
            moves_left: Some(2)
        })
    );
    let roll = &dice.log[0];
    assert_eq!(roll.kind, RollKind::MovementInitiative);
    assert!(
        has_modifier(&roll.modifiers, "marines underwater", -3),
        "{:?}",
        roll.modifiers
    );
    assert!(roll.effect.contains("aliens move two"), "{}", roll.effect);
    // If both sides suffer it, both take it: 4-3 against 3-3, the marines win again.
    t.unit_mut(a).unwrap().traits.water_freedom = false;
    let mut flow = MovementState::default();
    flow.start(&mut t, r);
    let mut dice = DiceService::scripted(&[4, 3]);
    flow.advance(&mut t, r, &mut dice);
    assert_eq!(dice.log[0].modifiers.len(), 2);
    assert_eq!(flow.initiative, Some(Side::Humans));
}

#[test]
fn under_water_every_attack_and_every_dice_action_that_moves_suffers_unless_water_freedom() {
    // 003: "All attacks made using powers or skills underwater suffer a +2 column shift penalty
    // to OV" (-1, as darkness's +2) and "Add +1 column shift to the right on any dice action's
    // RV involving movement" (-1 on break off and disengage).
    let r = rules();
    let mut t = underwater(30.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 14.0), 180.0);
    let plan = plan_shot(&t, r, m, a, None).expect("in range and sight");
    assert!(has_modifier(&plan.modifiers, "underwater", -1));
    // Physical contact: both sides attack.
    let (mut t, m, a) = duel();
    t.config.scenario_mut().environment = Some(Environment::Underwater { depth: 30.0 });
    t.unit_mut(a).unwrap().traits.water_freedom = true;
    assert!(has_modifier(
        &contact_modifiers(&t, r, m, a, 0),
        "underwater",
        -1
    ));
    assert!(
        contact_modifiers(&t, r, a, m, 0)
            .iter()
            .all(|x| x.name != "underwater"),
        "water freedom"
    );
    // Breaking off needs 5; with the water's -1 a 5 is not enough.
    let mut dice = DiceService::scripted(&[5]);
    break_off(&mut t, r, &mut dice, m, false);
    assert!(has_modifier(
        &dice.log[0].modifiers,
        "underwater movement",
        -1
    ));
    assert_eq!(dice.log[0].success, Some(false));
}

#[test]
fn under_water_thrown_weapons_reach_a_quarter_as_far_even_for_water_freedom() {
    // 003: "Items that are not continually propelled, such as thrown rocks or arrows, have a
    // range that is 2 APs shorter than normal when fired though water. ... the water freedom
    // power negates all underwater penalties except for thrown items."
    let r = rules();
    for water_freedom in [false, true] {
        let mut t = underwater(10.0);
        let thrower = t.add(
            r,
            "G1",
            Side::Humans,
            TroopType::known("Infantry"),
            (10.0, 10.0),
            0.0,
            &["grenades"],
        );
        t.unit_mut(thrower).unwrap().traits.water_freedom = water_freedom;
        // Half an inch away: inside the grenades' 1" on land, beyond their 1/4" under water.
        let a = alien(&mut t, "A1", (10.0, 11.75), 180.0);
        let err = plan_shot(&t, r, thrower, a, None).unwrap_err();
        assert!(matches!(err, ShotError::OutOfRange { .. }), "{err}");
        t.config.scenario_mut().environment = None;
        assert!(plan_shot(&t, r, thrower, a, None).is_ok(), "on land");
    }
    // A laser pistol is not thrown: its inch holds under water.
    let mut t = underwater(10.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 11.75), 180.0);
    assert!(plan_shot(&t, r, m, a, Some("laser_pistol")).is_ok());
}

#[test]
fn under_water_sight_shrinks_with_depth_and_lamps_light_the_dark_of_it() {
    // 003: "Normal vision underwater is 5 APs (300 Feet). For every 2 APs of depth, 1 AP is
    // subtracted from the normal range of vision due to darkness." At 10 feet to the inch, 5 APs
    // (320 feet) is 32"; at 400 feet (6 APs) 3 APs come off: 2 APs, 40 feet, 4".
    let r = rules();
    let mut t = underwater(400.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 16.75), 180.0);
    match plan_shot(&t, r, m, a, None) {
        Err(ShotError::Murk { sight, .. }) => assert_eq!(sight, 4.0),
        other => panic!("expected the murk, got {other:?}"),
    }
    // Lamps (night vision) light the depth's dark: the water's own 5 APs (32") remain.
    t.unit_mut(m).unwrap().traits.night_vision = true;
    assert!(plan_shot(&t, r, m, a, None).is_ok());
    assert_eq!(
        crate::rules::environment::sight_under_water(&t, r, t.unit(m).unwrap()),
        Some(32.0)
    );
    // Water freedom sees as on land.
    let mut t = underwater(400.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 16.75), 180.0);
    t.unit_mut(m).unwrap().traits.water_freedom = true;
    assert!(plan_shot(&t, r, m, a, None).is_ok());
}

#[test]
fn the_descent_past_five_aps_of_depth_attacks_once_per_ap_and_spares_water_freedom() {
    // 003: "Each AP of depth over 5 causes the descending character to suffer a physical attack
    // with the APs of depth as the AV/EV ... A new attack is made every time the character
    // descends an additional one AP of depth." 700 feet is 7 APs: attacks at 6 and 7 APs, of
    // one and two hit dice.
    let r = rules();
    let mut t = underwater(700.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let native = alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.unit_mut(native).unwrap().traits.water_freedom = true;
    // Saves: 6 (saved), then 1 and 6: one wound.
    let mut dice = DiceService::scripted(&[6, 1, 6]);
    descend(&mut t, r, &mut dice);
    let depth: Vec<&str> = dice
        .log
        .iter()
        .filter(|e| e.kind == RollKind::Depth)
        .map(|e| e.effect.as_str())
        .collect();
    assert_eq!(depth.len(), 2, "{depth:?}");
    assert!(depth[0].contains("6 APs") && depth[0].contains("one hit die"));
    assert!(depth[1].contains("7 APs") && depth[1].contains("two hit dice"));
    assert_eq!(kinds(&dice, RollKind::Save), 3);
    assert_eq!(t.unit(m).unwrap().wounds, 1);
    assert!(dice.log.iter().all(|e| e.actor.as_deref() != Some("A1")));
    // Once down, a unit is not attacked again; a newcomer is.
    let m2 = marine(&mut t, "M2", (20.0, 10.0), 0.0);
    let mut dice = DiceService::scripted(&[6, 6, 6]);
    descend(&mut t, r, &mut dice);
    assert_eq!(kinds(&dice, RollKind::Depth), 2);
    assert!(dice.log.iter().all(|e| e.actor.as_deref() == Some("M2")));
    assert_eq!(t.unit(m2).unwrap().wounds, 0);
    // 320 feet is 5 APs: no harm.
    let mut t = underwater(320.0);
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let mut dice = DiceService::scripted(&[]);
    descend(&mut t, r, &mut dice);
    assert!(dice.log.is_empty());
}

#[test]
fn held_breath_runs_out_then_the_check_then_a_wound_a_minute() {
    // 003: "A character may hold his breath for 5 APs of time (two minutes). If he stays
    // underwater beyond this time, the character must make an action check ... Any positive
    // RAPs, up to a maximum of 5, are the APs of time that the character may remain ... he
    // will take 1 point of physical damage per minute (4 APs of time)". A turn is 2 APs: 8
    // turns of breath, a wound every 4 turns.
    let r = rules();
    assert_eq!(
        (
            turns_of(r, 5),
            turns_of(r, 4),
            turns_of(r, 1),
            turns_of(r, 3)
        ),
        (8, 4, 0, 2)
    );
    let mut t = underwater(30.0);
    let diver = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let suited = marine(&mut t, "M2", (20.0, 10.0), 0.0);
    t.unit_mut(suited).unwrap().traits.sealed = true;
    let native = alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.unit_mut(native).unwrap().traits.water_freedom = true;
    // The check fails (1): drowning, a wound 4 turns later and every 4 turns after.
    let mut dice = DiceService::scripted(&[1]);
    let mut wounds_at = Vec::new();
    for turn in 1..=16 {
        let before = t.unit(diver).unwrap().wounds;
        air_clock(&mut t, r, &mut dice);
        if turn == 7 {
            assert!(dice.log.is_empty(), "still holding its breath");
        }
        if t.unit(diver).unwrap().wounds > before {
            wounds_at.push(turn);
        }
    }
    let check = &dice.log[0];
    assert_eq!(
        (check.kind, check.success),
        (RollKind::Drowning, Some(false))
    );
    assert_eq!(wounds_at, vec![12, 16]);
    assert!(
        dice.log
            .iter()
            .all(|e| e.actor.as_deref() == Some("M1") && e.kind == RollKind::Drowning),
        "the suited marine and the native need no air"
    );
    // A 6 beats the need of 4 by two: three APs of time, two more turns.
    let mut t = underwater(30.0);
    let diver = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let mut dice = DiceService::scripted(&[6]);
    let mut first_wound = None;
    for turn in 1..=20 {
        air_clock(&mut t, r, &mut dice);
        if first_wound.is_none() && t.unit(diver).unwrap().wounds > 0 {
            first_wound = Some(turn);
        }
    }
    assert!(
        dice.log[0].effect.contains("3 APs"),
        "{}",
        dice.log[0].effect
    );
    assert_eq!(first_wound, Some(8 + 2 + 4));
}

#[test]
fn in_space_the_suffocation_check_is_harder_without_the_spacecraft_skill() {
    // 003: "Unless a character in space has the sealed systems power, he will begin to
    // suffocate ... Use the rules for drowning ... except that the OV/RVs of the action check
    // are increased by +2 column shifts unless the character has the spacecraft sub skill".
    let r = rules();
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let pilot = marine(&mut t, "M2", (20.0, 10.0), 0.0);
    t.unit_mut(pilot).unwrap().traits.spacecraft = true;
    let suited = marine(&mut t, "M3", (30.0, 10.0), 0.0);
    t.unit_mut(suited).unwrap().traits.sealed = true;
    // Both roll 4: the marine's -1 fails it, the pilot passes.
    let mut dice = DiceService::scripted(&[4, 4]);
    for _ in 0..8 {
        air_clock(&mut t, r, &mut dice);
    }
    assert_eq!(dice.log.len(), 2, "the sealed marine needs no air");
    let (a, b) = (&dice.log[0], &dice.log[1]);
    assert_eq!(
        (a.kind, b.kind),
        (RollKind::Suffocation, RollKind::Suffocation)
    );
    assert_eq!(a.actor.as_deref(), Some("M1"));
    assert!(has_modifier(
        &a.modifiers,
        "vacuum, no spacecraft skill",
        -1
    ));
    assert_eq!((a.success, b.success), (Some(false), Some(true)));
    assert!(b.modifiers.is_empty());
    assert_eq!(t.unit(m).unwrap().wounds, 0, "no wound yet");
}

#[test]
fn in_space_attacks_suffer_by_the_attackers_means_of_control() {
    // 003: "All dice actions attempted by a character in space have their OVs increased by +3
    // column shifts. This is reduced to +2 column shifts if a character has some means of
    // controlling his position ... and is reduced to a +1 column shift if a character has the
    // space craft sub skill": -2, -1 and -1.
    let r = rules();
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 14.0), 180.0);
    let shot = |t: &Table| plan_shot(t, r, m, a, None).expect("a shot").modifiers;
    assert!(has_modifier(&shot(&t), "in space, adrift", -2));
    t.unit_mut(m).unwrap().traits.jets = true;
    assert!(has_modifier(&shot(&t), "in space, flight or jets", -1));
    t.unit_mut(m).unwrap().traits.jets = false;
    t.unit_mut(m).unwrap().traits.spacecraft = true;
    assert!(has_modifier(&shot(&t), "in space, spacecraft skill", -1));
    // A troop type that flies steers itself.
    let mut fliers = r.clone();
    if let Some(p) = fliers.troops.troops.get_mut(&TroopType::known("Alien")) {
        p.flies = true;
    }
    let (mut t, m, a) = duel();
    t.config.scenario_mut().environment = Some(Environment::Space);
    assert!(has_modifier(
        &contact_modifiers(&t, &fliers, a, m, 0),
        "in space, flight or jets",
        -1
    ));
    assert!(has_modifier(
        &contact_modifiers(&t, &fliers, m, a, 0),
        "in space, adrift",
        -2
    ));
}

#[test]
fn in_space_every_weapon_reaches_what_it_sees_losing_for_each_ap_beyond_its_range() {
    // 003: "Thrown objects and projectiles have an unlimited potential range, but the character
    // using them must be able to see his target in order to aim his shots. Add the APs of
    // distance that exceed the maximum range of the weapon to the OV". A blaster reaches 20";
    // each doubling beyond is an AP, and 2 shifts are a point of the D6, rounded up.
    let r = rules();
    let mut t = Table::new(GameConfig::plain(120.0, 48.0));
    t.config.scenario_mut().environment = Some(Environment::Space);
    let m = marine(&mut t, "M1", (5.0, 10.0), 90.0);
    let a = alien(&mut t, "A1", (40.0, 10.0), 270.0);
    // About 33" apart: one AP beyond 20".
    let plan = plan_shot(&t, r, m, a, Some("blaster")).expect("unlimited range");
    assert!(has_modifier(
        &plan.modifiers,
        "long range",
        r.shooting.modifiers.long_range
    ));
    assert!(has_modifier(&plan.modifiers, "beyond its range (1 AP)", -1));
    // About 88": three APs beyond, added to the OV: one and a half columns, -1.
    t.unit_mut(a).unwrap().base.center = Vec2::new(95.0, 10.0);
    let plan = plan_shot(&t, r, m, a, Some("blaster")).expect("unlimited range");
    assert!(has_modifier(
        &plan.modifiers,
        "beyond its range (3 APs)",
        -1
    ));
    // It must still see its target.
    t.terrain.push(TerrainFeature {
        tall: true,
        ..feature("bulkhead", (60.0, 10.0), (2.0, 10.0), Going::Impassable)
    });
    assert!(matches!(
        plan_shot(&t, r, m, a, Some("blaster")),
        Err(ShotError::Sight { .. })
    ));
    // Out of space, out of range.
    t.terrain.clear();
    t.config.scenario_mut().environment = None;
    assert!(matches!(
        plan_shot(&t, r, m, a, Some("blaster")),
        Err(ShotError::OutOfRange { .. })
    ));
}

#[test]
fn in_zero_g_a_move_is_a_launch_and_the_unit_drifts_until_it_hits_something() {
    // 003: "Only characters with the flight power may move freely; other characters can try to
    // push off larger objects ... Any such attempt to move requires a perception check ... the
    // character will free-fall at a speed equal to his STR attribute" and "Characters moving as
    // described above will continue in the same direction until they hit another object".
    let r = rules();
    let mut t = in_space();
    t.terrain
        .push(feature("hull", (10.0, 10.0), (10.0, 10.0), Going::Good));
    t.terrain.push(feature(
        "bulkhead",
        (10.0, 30.0),
        (10.0, 1.0),
        Going::Impassable,
    ));
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    alien(&mut t, "A1", (60.0, 40.0), 180.0);
    let mut flow = MovementState::default();
    flow.start(&mut t, r);
    // Initiative 6 v 1 to the marines; the launch check 6.
    let mut dice = DiceService::scripted(&[6, 1, 6]);
    flow.advance(&mut t, r, &mut dice);
    let order = Order::Move {
        unit: m,
        to: Vec2::new(10.0, 13.0),
        facing: std::f32::consts::FRAC_PI_2,
        group: true,
    };
    flow.apply_order(&mut t, r, &mut dice, Side::Humans, &order)
        .expect("a launch");
    let launch = dice
        .log
        .iter()
        .find(|e| e.kind == RollKind::Launch)
        .unwrap();
    assert_eq!((launch.need, launch.success), (Some(5), Some(true)));
    assert_eq!(t.unit(m).unwrap().base.center, Vec2::new(10.0, 13.0));
    assert_eq!(t.exposure.drift(m), Some(Vec2::new(0.0, 3.0)));
    // Next turn, it may not move of itself.
    t.unit_mut(m).unwrap().marks = Default::default();
    assert_eq!(
        cannot_move(&t, r, m),
        Some(CannotMove::Drifting("M1".into()))
    );
    // Each later movement phase it drifts on by itself: 13 → 16 → … until the bulkhead at 29.5.
    for _ in 0..6 {
        t.unit_mut(m).unwrap().marks = Default::default();
        drift_all(&mut t, r, &mut dice);
    }
    let y = t.unit(m).unwrap().base.center.y;
    // Touching the bulkhead, within the contact tolerance.
    assert!((29.0..=29.06).contains(&y), "{y}");
    assert_eq!(t.exposure.drift(m), None, "stopped by the bulkhead");
    assert!(
        dice.log
            .iter()
            .any(|e| e.kind == RollKind::Drift && e.effect.contains("bulkhead"))
    );
    t.unit_mut(m).unwrap().marks = Default::default();
    assert_eq!(cannot_move(&t, r, m), None, "free to push off again");
}

#[test]
fn a_launch_pushing_off_terrain_goes_at_the_full_move_and_from_nothing_at_the_recoils() {
    // 003: "with a maximum speed equal to the weight of the object pushed off of (or the EV of
    // the weapon fired)": a marine's full move (4") off the hull, 2" from the recoil.
    let r = rules();
    let mut t = in_space();
    t.terrain
        .push(feature("hull", (10.0, 10.0), (4.0, 4.0), Going::Good));
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let loose = marine(&mut t, "M2", (40.0, 10.0), 0.0);
    assert_eq!(launch_speed(&t, r, m), 4.0);
    assert_eq!(launch_speed(&t, r, loose), 2.0);
    // A pilot (spacecraft skill) needs 4 on the launch check instead of 5.
    t.unit_mut(loose).unwrap().traits.spacecraft = true;
    let mut dice = DiceService::scripted(&[4]);
    launch(
        &mut t,
        r,
        &mut dice,
        loose,
        Vec2::new(40.0, 20.0),
        None,
        false,
    )
    .unwrap();
    assert_eq!(dice.log[0].need, Some(4));
    assert_eq!(t.exposure.drift(loose), Some(Vec2::new(0.0, 2.0)));
    // A unit with jets moves as on land: no launch, no drift.
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.unit_mut(m).unwrap().traits.jets = true;
    let mut flow = MovementState::default();
    flow.start(&mut t, r);
    let mut dice = DiceService::scripted(&[6, 1]);
    flow.advance(&mut t, r, &mut dice);
    let order = Order::Move {
        unit: m,
        to: Vec2::new(10.0, 13.0),
        facing: std::f32::consts::FRAC_PI_2,
        group: false,
    };
    flow.apply_order(&mut t, r, &mut dice, Side::Humans, &order)
        .unwrap();
    assert_eq!(kinds(&dice, RollKind::Launch), 0);
    assert_eq!(t.exposure.drift(m), None);
}

#[test]
fn a_failed_launch_drifts_off_its_line_and_an_impact_on_an_enemy_is_a_charge() {
    // 003: "Failure indicates that the character drifts off target" and "Any impact is treated
    // as a charging attack".
    let r = rules();
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    // The check fails (2); the scatter die's 6 turns it 60 degrees clockwise, toward the east.
    let mut dice = DiceService::scripted(&[2, 6]);
    launch(&mut t, r, &mut dice, m, Vec2::new(10.0, 12.0), None, false).unwrap();
    assert_eq!(dice.log[1].kind, RollKind::LaunchScatter);
    let v = t.exposure.drift(m).unwrap();
    assert!((v - Vec2::new(3f32.sqrt(), 1.0)).length() < 1e-4, "{v}");
    // A marine launched at an alien 1.25" ahead meets it this turn (its recoil carries it 2"):
    // contact, as the attacker.
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 12.5), 180.0);
    let mut flow = MovementState::default();
    flow.start(&mut t, r);
    let mut dice = DiceService::scripted(&[6, 1, 6]);
    flow.advance(&mut t, r, &mut dice);
    let charge = Order::Charge {
        unit: m,
        target: a,
        edge: None,
    };
    flow.apply_order(&mut t, r, &mut dice, Side::Humans, &charge)
        .expect("a launch at the enemy");
    assert!(t.unit(m).unwrap().marks.attacking);
    assert_eq!(t.exposure.drift(m), None, "the impact stopped it");
    assert!(
        dice.log
            .iter()
            .any(|e| e.kind == RollKind::Drift && e.effect.contains("a charge"))
    );
    let e = engagements(&t, r, |_, c| c[0]);
    assert_eq!((e[0].attacker, e[0].defender), (m, a));
}

#[test]
fn a_unit_drifting_off_the_table_is_lost() {
    // "continue in the same direction until they hit another object": past the table's edge
    // there is nothing to hit.
    let r = rules();
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 46.0), 0.0);
    t.exposure.of_mut(m).drift = Some(Vec2::new(0.0, 4.0));
    let mut dice = DiceService::scripted(&[]);
    carry(&mut t, r, &mut dice, m);
    assert_eq!(t.unit(m).unwrap().status.presence, Presence::LeftTable);
    assert_eq!(dice.log[0].kind, RollKind::Drift);
    assert!(dice.log[0].effect.contains("lost"));
}

#[test]
fn a_planned_drift_rests_against_what_is_in_its_way_or_is_lost_past_the_edge() {
    // 003: "Objects moving in space continue to move in a constant speed and direction until
    // acted upon by some outside force ... until they hit another object": a launch's plan ends
    // where `carry` would stop it, touching the first thing in its way, whatever the speed.
    let r = rules();
    let mut t = in_space();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.terrain
        .push(feature("mast", (10.0, 30.0), (4.0, 2.0), Going::Impassable));
    let start = t.unit(m).unwrap().base;
    let Course::Rests { at, travel } = drift_course(&t, r, m, &start, Vec2::new(0.0, 1.0)) else {
        panic!("the mast is in its way");
    };
    // The mast's near side is at y = 29; the base reaches half its depth ahead of its centre.
    let front = at.center.y + at.depth() * 0.5;
    assert!((front - 29.0).abs() < 0.05, "rests at {at:?}");
    assert!((travel - (at.center.y - 10.0)).abs() < 1e-4);
    // Carried turn after turn, the unit stops where the plan said.
    t.exposure.of_mut(m).drift = Some(Vec2::new(0.0, 30.0));
    carry(&mut t, r, &mut DiceService::scripted(&[]), m);
    assert!(t.unit(m).unwrap().base.center.distance(at.center) < 0.05);
    // Sideways, nothing is in the way before the edge.
    assert_eq!(
        drift_course(&t, r, m, &start, Vec2::new(1.0, 0.0)),
        Course::Lost
    );
}
