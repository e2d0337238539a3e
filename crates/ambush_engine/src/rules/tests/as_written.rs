//! Rules read again against the texts (a third pass): each test quotes its sentence and fails on the behaviour it replaced.

use super::ambush::doom_on_the_marines;
use super::*;
use crate::rules::ambush::spring::{circumstances, spring_ambush};
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::phases::end_of_turn::end_of_turn;
use crate::rules::shooting::{RangeBand, plan_shot};
use crate::rules::table::{Outcome, Presence, Surprise};
use ambush_data::ambush_spec::{
    AmbushSetup, AmbushSpec, AmbushUnitSpec, Detection, SurpriseEffects,
};
use ambush_data::scenario::Darkness;

#[test]
fn a_full_moon_doubles_the_sight_range_for_the_closing_range_check_too() {
    // 003: "In the dark, normal sight can recognize shapes up to 100 yards away (5 APs
    // distance). A full moon will double this range to 6 APs." 002's party check asks whether
    // the parties can sense each other; under a full moon they see twice as far.
    let mut t = open_table();
    t.config.scenario_mut().ambush = Some(doom_on_the_marines());
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    // Bases 3" apart: inside closing range (a full move, 4"), beyond a 2" night's sight.
    alien(&mut t, "A1", (10.0, 14.75), 180.0);
    let spec = t.config.scenario.ambush.clone().unwrap();
    t.config.scenario_mut().darkness = Some(Darkness {
        sight_range: 2.0,
        full_moon: false,
    });
    let dark = circumstances(&t, rules(), &spec).unwrap_err();
    assert!(dark.to_string().contains("sense"), "{dark}");
    t.config.scenario_mut().darkness = Some(Darkness {
        sight_range: 2.0,
        full_moon: true,
    });
    assert_eq!(
        circumstances(&t, rules(), &spec),
        Ok(()),
        "the moon shows them"
    );
}

/// One alien ambushing one marine 20" away, beyond any closing range, with `detection`.
fn ambush_from_afar(detection: Detection) -> (Table, UnitId) {
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.config.scenario_mut().ambush = Some(AmbushSpec {
        setup: AmbushSetup::None,
        detection,
        effects: SurpriseEffects::Megs,
        units: vec![AmbushUnitSpec {
            label: "A1".into(),
            side: Side::Aliens,
            troop: TroopType::known("Alien"),
            at: (10.0, 31.0),
            facing: 180.0,
            weapons: Vec::new(),
            armour: false,
            traits: None,
        }],
        ..doom_on_the_marines()
    });
    (t, m)
}

#[test]
fn only_002s_party_check_needs_closing_range_for_a_surprise() {
    // 002: "The parties must be close enough to interact ... This distance is known as closing
    // range." 003 sets no distance: "Before a surprise is sprung, the ST must give the player
    // being surprised a special perception check". So 003's ambusher 20" away still surprises a
    // marine who fails the check (a double 1 fails).
    let (mut t, m) = ambush_from_afar(Detection::Perception);
    let mut dice = DiceService::scripted(&[1, 1]);
    spring_ambush(&mut t, rules(), &mut dice);
    assert_eq!(
        t.unit(m).unwrap().surprise,
        Surprise::Megs { turns_left: 1 },
        "caught from afar"
    );
    assert!(
        !dice.log.iter().any(|e| e.effect.contains("closing range")),
        "no closing range asked"
    );
    // 002's own check still needs it: nobody is caught, and the log says why.
    let (mut t, m) = ambush_from_afar(Detection::PartyCheck);
    let mut dice = DiceService::scripted(&[1, 1]);
    spring_ambush(&mut t, rules(), &mut dice);
    assert_eq!(t.unit(m).unwrap().surprise, Surprise::Alert);
    assert!(
        dice.log
            .iter()
            .any(|e| e.kind == RollKind::SurpriseCheck && e.effect.contains("closing range")),
        "the log says why"
    );
}

#[test]
fn a_close_quarter_weapon_fires_at_one_inch_and_that_counts_as_medium_range() {
    // 001: "Close Quarter Weapons can be fired at one quarter SMR (1"), which counts as medium
    // range for dice modification purposes." Edge to edge: the marine's front edge at y 10.5,
    // the alien's near edge at 10.5 + d (its base is 1.5" deep).
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let shot = |t: &Table, d: f32| {
        let mut t = t.clone();
        let a = alien(&mut t, "A", (10.0, 10.5 + d + 0.75), 180.0);
        plan_shot(&t, rules(), m, a, Some("laser_pistol"))
    };
    for d in [0.5, 1.0] {
        let plan = shot(&t, d).expect("within a quarter SMR");
        assert_eq!(plan.band, RangeBand::Medium, "at {d}\"");
        assert!(
            !plan.modifiers.iter().any(|x| x.name.contains("long")),
            "no long-range penalty at {d}\": {:?}",
            plan.modifiers
        );
    }
    assert!(
        shot(&t, 1.1).is_err(),
        "past 1\" a close quarter weapon cannot reach"
    );
}

#[test]
fn marines_still_marching_on_keep_the_game_going_when_those_on_the_table_fall() {
    // 004: "The first unit in the ambushed player's convoy/column is moved onto the edge of the
    // table", and "the rest of the column's units are placed on the table behind it". A unit
    // still waiting off the table is in the fight: the aliens win only once "every marine is
    // destroyed" (001's crashed ship), not when the ones on the table are.
    let mut t = open_table();
    let lead = marine(&mut t, "M1", (10.0, 1.0), 0.0);
    let behind = marine(&mut t, "M2", (10.0, -2.0), 0.0);
    alien(&mut t, "A1", (10.0, 4.0), 180.0);
    t.unit_mut(lead).unwrap().status.presence = Presence::Destroyed;
    t.unit_mut(behind).unwrap().status.presence = Presence::Waiting;
    let mut dice = DiceService::scripted(&[]);
    assert!(
        !end_of_turn(&mut t, rules(), &mut dice),
        "M2 is still coming"
    );
    assert_eq!(t.progress.outcome, None);
    t.unit_mut(behind).unwrap().status.presence = Presence::Destroyed;
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::AliensWin));
}

#[test]
fn no_shooter_with_more_than_one_wound_may_shoot_whatever_its_wound_method() {
    // 001 "To shoot": "The shooter must not be in base contact with enemy troops, have received
    // more than one wound, or have exceeded movement restrictions relating to weapons fire."
    // The sentence names no wound method: it holds for sudden death and for aliens too.
    use crate::rules::shooting::{CannotShoot, cannot_shoot};
    use ambush_data::scenario::WoundMethod;
    let mut t = open_table();
    t.config.scenario_mut().human_wounds = WoundMethod::SuddenDeath;
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = t.add(
        rules(),
        "A1",
        Side::Aliens,
        TroopType::known("Alien"),
        (30.0, 30.0),
        180.0,
        &["alien_firearm"],
    );
    for id in [m, a] {
        t.unit_mut(id).unwrap().wounds = 1;
        assert_eq!(
            cannot_shoot(&t, rules(), id),
            None,
            "one wound: still shoots"
        );
        t.unit_mut(id).unwrap().wounds = 2;
        assert!(
            matches!(
                cannot_shoot(&t, rules(), id),
                Some(CannotShoot::Crippled(_))
            ),
            "two wounds: {:?}",
            cannot_shoot(&t, rules(), id)
        );
    }
}

#[test]
fn on_the_turn_the_ambush_is_sprung_the_ambusher_shoots_first_though_the_column_moved_last() {
    // 004: "The ambush scenario now begins, with the ambushing player being allowed to activate
    // his units first (even if he has more units on the table than the ambushed player)." 001
    // gives the first shot to "The side that moved the last unit"; on the sprung turn the
    // ambusher activates first in shooting too.
    use crate::rules::phases::movement::MovementState;
    use crate::rules::phases::{DecisionPhase, PhaseStates};
    let mut t = open_table();
    t.config.scenario_mut().ambush = Some(doom_on_the_marines());
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.progress.turn = 1;
    t.progress.ambush_sprung = true;
    t.progress.ambush_first = Some(Side::Aliens);
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    let mut dice = DiceService::scripted(&[]);
    flow.advance(&mut t, rules(), &mut dice);
    assert_eq!(
        flow.initiative,
        Some(Side::Aliens),
        "the ambusher moves first"
    );
    // The marines moved the last unit.
    flow.last_mover = Some(Side::Humans);
    let mut states = PhaseStates::default();
    flow.close(&mut states);
    assert_eq!(states.shooting.to_act, Some(Side::Aliens));
    // On later turns the last mover shoots first, as 001 says.
    t.progress.turn = 2;
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    let mut dice = DiceService::scripted(&[5, 2]);
    flow.advance(&mut t, rules(), &mut dice);
    flow.last_mover = Some(Side::Humans);
    flow.close(&mut states);
    assert_eq!(states.shooting.to_act, Some(Side::Humans));
}

#[test]
fn in_space_the_aps_beyond_a_weapons_range_are_added_to_the_ov_not_shifted() {
    // 003: "Add the APs of distance that exceed the maximum range of the weapon to the OV." On
    // the MEGS table two APs of OV are one column, and two columns a point of the D6: 1 to 4
    // APs beyond cost -1, 5 to 8 cost -2 (the penalty took a column per AP, twice the text's).
    use crate::rules::environment::beyond_range_modifier;
    let r = rules();
    let penalty = |aps: i32| beyond_range_modifier(r, 20.0 * 2f32.powi(aps) - 0.5, 20.0).value;
    assert_eq!(
        [1, 2, 3, 4, 5, 8, 9].map(penalty),
        [-1, -1, -1, -1, -2, -2, -3]
    );
}

#[test]
fn a_unit_held_by_the_third_ambush_unit_runs_away_only_at_the_end_of_the_turn() {
    // 000, Example Ambush, Third Unit: "For those personas that are still not part of the action
    // they may move but not attack. More precisely they may run away but they can only do this
    // at the end of the unit." One combat unit is one game turn: such a marine may not move in
    // the movement phase (it moved there before the aliens charged or shot); it runs in a step
    // of its own after the melee, before the end-of-turn checks.
    use crate::rules::movement::cannot_move;
    use crate::rules::orders::{Decision, Order, Step};
    use crate::rules::phases::melee::MeleeState;
    use crate::rules::phases::movement::MovementState;
    use crate::rules::phases::run_away::RunAwayState;
    use crate::rules::phases::{DecisionPhase, PhaseStates};
    use crate::rules::table::MoveKind;
    use crate::rules::turn::Phase;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    alien(&mut t, "A1", (10.0, 20.0), 180.0);
    held_to_run(&mut t, m);
    let away = Order::Move {
        unit: m,
        to: glam::Vec2::new(10.0, 8.0),
        facing: 0.0,
        group: false,
    };
    // Not in the movement phase.
    let why = cannot_move(&t, rules(), m).expect("held still in the movement phase");
    assert!(
        why.to_string().contains("run away at the end of the turn"),
        "{why}"
    );
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    assert!(flow.check(&t, rules(), Side::Humans, &away).is_err());
    // The turn runs melee, then the run-away step, then the end of the turn.
    let mut states = PhaseStates::default();
    assert_eq!(MeleeState::default().close(&mut states), Phase::RunAway);
    let mut run = RunAwayState::default();
    assert_eq!(run.close(&mut states), Phase::EndOfTurn);
    assert!(run.open(&mut t, rules()));
    let mut dice = DiceService::scripted(&[]);
    assert_eq!(
        run.advance(&mut t, rules(), &mut dice),
        Step::Need(Decision::RunAway { side: Side::Humans }),
        "the marines choose whether and where to run"
    );
    // Not toward the enemy, nor across it.
    let toward = Order::Move {
        unit: m,
        to: glam::Vec2::new(10.0, 11.0),
        facing: 0.0,
        group: false,
    };
    let refused = run.check(&t, rules(), Side::Humans, &toward).unwrap_err();
    assert!(refused.to_string().contains("no farther"), "{refused}");
    // The aliens have no say in it.
    assert!(run.check(&t, rules(), Side::Aliens, &away).is_err());
    run.apply_order(&mut t, rules(), &mut dice, Side::Humans, &away)
        .expect("away from the enemy");
    let u = t.unit(m).unwrap();
    assert!(u.base.center.distance(glam::Vec2::new(10.0, 8.0)) < 1e-3);
    assert_eq!(u.marks.moved, Some(MoveKind::FallBack), "the ordinary move");
    // It runs once, and then nothing is asked: the step is over, with no die rolled.
    assert!(run.check(&t, rules(), Side::Humans, &away).is_err());
    assert_eq!(run.advance(&mut t, rules(), &mut dice), Step::Done);
    assert!(dice.log.is_empty());
    // The step may also be passed: the unit stays.
    let mut t2 = open_table();
    let m2 = marine(&mut t2, "M1", (10.0, 10.0), 0.0);
    alien(&mut t2, "A1", (10.0, 20.0), 180.0);
    held_to_run(&mut t2, m2);
    let mut run = RunAwayState::default();
    run.open(&mut t2, rules());
    run.advance(&mut t2, rules(), &mut dice);
    run.apply_order(
        &mut t2,
        rules(),
        &mut dice,
        Side::Humans,
        &Order::EndRunAway,
    )
    .unwrap();
    assert_eq!(run.advance(&mut t2, rules(), &mut dice), Step::Done);
    assert_eq!(
        t2.unit(m2).unwrap().base.center,
        glam::Vec2::new(10.0, 10.0)
    );
}

#[test]
fn a_run_away_ends_farther_from_every_enemy_its_side_can_see_and_never_in_contact() {
    // 000: "they may run away": away from the enemy, which the game measures as every enemy
    // unit its side can see on the table being farther from the unit's centre at the end of the
    // move than at its start. An enemy still hidden under a counter is not one it can see: it
    // neither bars a run nor is a reason for one.
    use crate::rules::orders::{Order, Step};
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::run_away::RunAwayState;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (20.0, 20.0), 0.0);
    alien(&mut t, "A1", (20.0, 30.0), 180.0);
    let east = alien(&mut t, "A2", (30.0, 20.0), 270.0);
    held_to_run(&mut t, m);
    let run = RunAwayState::default();
    let to = |x: f32, y: f32| Order::Move {
        unit: m,
        to: glam::Vec2::new(x, y),
        facing: 0.0,
        group: false,
    };
    // South-west: farther from both.
    assert_eq!(
        run.check(&t, rules(), Side::Humans, &to(19.0, 18.5)),
        Ok(())
    );
    // South-east: farther from A1, nearer A2.
    let why = run
        .check(&t, rules(), Side::Humans, &to(21.0, 18.5))
        .unwrap_err();
    assert!(why.to_string().contains("A2"), "{why}");
    // Hidden, A2 does not count: the run that neared it is away from every enemy in sight.
    t.unit_mut(east).unwrap().status.hidden = true;
    assert_eq!(
        run.check(&t, rules(), Side::Humans, &to(21.0, 18.5)),
        Ok(())
    );
    // With no enemy in sight there is nothing to run from: the step asks nothing.
    let mut t2 = open_table();
    let m2 = marine(&mut t2, "M1", (20.0, 20.0), 0.0);
    let a = alien(&mut t2, "A1", (20.0, 30.0), 180.0);
    held_to_run(&mut t2, m2);
    t2.unit_mut(a).unwrap().status.hidden = true;
    let mut run2 = RunAwayState::default();
    let mut dice = DiceService::scripted(&[]);
    assert_eq!(run2.advance(&mut t2, rules(), &mut dice), Step::Done);
    // In base contact it may not run (it leaves contact only by 001's break off, disengage, a
    // card or withdrawal), and a unit the ambush does not hold to running may not run at all.
    let mut t3 = open_table();
    let m3 = marine(&mut t3, "M1", (20.0, 20.0), 0.0);
    let alert = marine(&mut t3, "M2", (30.0, 20.0), 0.0);
    alien(&mut t3, "A1", (20.0, 20.75), 180.0);
    held_to_run(&mut t3, m3);
    let contact = Order::Move {
        unit: m3,
        to: glam::Vec2::new(20.0, 18.5),
        facing: 0.0,
        group: false,
    };
    let why = run.check(&t3, rules(), Side::Humans, &contact).unwrap_err();
    assert!(why.to_string().contains("contact"), "{why}");
    let alert_run = Order::Move {
        unit: alert,
        to: glam::Vec2::new(30.0, 18.5),
        facing: 0.0,
        group: false,
    };
    let why = run
        .check(&t3, rules(), Side::Humans, &alert_run)
        .unwrap_err();
    assert!(why.to_string().contains("may not run away"), "{why}");
    // In zero-g (003 space) a marine without jets moves only by pushing off in the movement
    // phase: held, it does not run.
    let mut t4 = open_table();
    let m4 = marine(&mut t4, "M1", (20.0, 20.0), 0.0);
    alien(&mut t4, "A1", (20.0, 30.0), 180.0);
    held_to_run(&mut t4, m4);
    t4.config.scenario_mut().environment = Some(ambush_data::scenario::Environment::Space);
    let drift = Order::Move {
        unit: m4,
        to: glam::Vec2::new(20.0, 18.5),
        facing: 0.0,
        group: false,
    };
    let why = run.check(&t4, rules(), Side::Humans, &drift).unwrap_err();
    assert!(why.to_string().contains("zero-g"), "{why}");
    assert_eq!(
        crate::rules::ambush::run_away::runners(&t4, rules(), Side::Humans),
        Vec::<UnitId>::new()
    );
}
