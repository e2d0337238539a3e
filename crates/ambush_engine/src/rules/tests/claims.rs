//! Tests for rows of docs/rules.md whose cited tests did not check them (issue 12): each fails if its rule is broken.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::melee::{contact_modifiers, engage_order, face_attacker};
use crate::rules::movement::{allowance, plan_move};
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::DecisionPhase;
use crate::rules::phases::end_of_turn::end_of_turn;
use crate::rules::phases::movement::MovementState;
use crate::rules::shooting::{CannotShoot, RangeBand, cannot_shoot, plan_shot};
use crate::rules::table::{MoveKind, Outcome, Presence};
use crate::rules::wounds::apply_wound;
use ambush_data::scenario::WoundMethod;
use glam::Vec2;

#[test]
fn the_defender_engages_the_attacker_closest_to_its_front_then_the_widest_then_its_choice() {
    // 001 "Multiple Attacks": "the unit engages the one closest to the front edge (defender
    // chooses if units are equidistant). If two units are both in contact with the front edge,
    // then the unit occupying the most frontage is engaged."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let front = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    let flank = alien(&mut t, "A2", (31.25, 9.5), 270.0);
    let (order, tie) = engage_order(&t, rules(), m, &[flank, front]);
    assert_eq!((order[0], tie), (front, false), "the front edge first");
    // Both on the front edge: the one covering more of it.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    // A1 covers the whole 1" front; A2, beside it, touches only its corner.
    let wide = alien(&mut t, "A1", (29.75, 11.25), 180.0);
    let narrow = alien(&mut t, "A2", (31.25, 11.25), 180.0);
    let (order, tie) = engage_order(&t, rules(), m, &[narrow, wide]);
    assert_eq!((order[0], tie), (wide, false), "the most frontage");
    // Equidistant and equal: the defender chooses.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let left = alien(&mut t, "A1", (28.75, 10.0), 90.0);
    let right = alien(&mut t, "A2", (31.25, 10.0), 270.0);
    let (_, tie) = engage_order(&t, rules(), m, &[left, right]);
    assert!(tie, "the defender's choice");
}

#[test]
fn each_supporting_unit_adds_one_to_the_physical_contact_factor() {
    // 001 "Support": "The other units in contact ... give support by adding one to the physical
    // contact factor of the engaged unit."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    let total = |n| {
        contact_modifiers(&t, rules(), m, a, n)
            .iter()
            .map(|x| x.value)
            .sum::<i32>()
    };
    assert_eq!(total(1) - total(0), 1);
    assert_eq!(total(2) - total(0), 2);
    assert_eq!(rules().melee.contact_modifiers.per_supporting_unit, 1);
}

#[test]
fn the_defender_turns_to_face_its_attacker() {
    // 001: "turn the defender to face the front edge of the attacker".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (31.25, 10.0), 270.0);
    face_attacker(&mut t, rules(), m, a);
    let d = &t.unit(m).unwrap().base;
    let toward = (t.unit(a).unwrap().base.center - d.center).normalize();
    assert!(d.forward().dot(toward) > 0.99, "it faces the attacker");
    assert!(ambush_data::geometry::front_touches(
        d,
        &t.unit(a).unwrap().base,
        rules().general.contact_tolerance
    ));
}

#[test]
fn a_killed_aliens_face_down_cards_are_discarded_unseen() {
    // 001: a killed alien's remaining cards are not turned (rules.md "Alien wounds").
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 20.0), 180.0);
    stack(
        &mut t,
        a,
        &[
            (12, Some(Suit::Hearts)),
            (5, Some(Suit::Clubs)),
            (7, Some(Suit::Spades)),
        ],
    );
    let mut dice = DiceService::scripted(&[]);
    apply_wound(&mut t, rules(), &mut dice, m, a);
    let u = t.unit(a).unwrap();
    assert_eq!(u.status.presence, Presence::Destroyed);
    let s = u.cards.as_ref().unwrap();
    assert_eq!(s.turned.len(), 1, "only the killing card was turned");
    assert!(s.face_down.is_empty());
    assert_eq!(t.ledger.discarded.len(), 2, "the rest went unseen");
}

#[test]
fn a_second_wound_halves_movement_under_degradation() {
    // 001 Degradation: "Two wounds: move at half rate and may not shoot".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let full = allowance(&t, rules(), m, MoveKind::StraightForward);
    t.unit_mut(m).unwrap().wounds = 1;
    assert_eq!(allowance(&t, rules(), m, MoveKind::StraightForward), full);
    t.unit_mut(m).unwrap().wounds = 2;
    let half = allowance(&t, rules(), m, MoveKind::StraightForward);
    assert!((half - full * 0.5).abs() < 1e-4, "{half} of {full}");
    assert!(matches!(
        cannot_shoot(&t, rules(), m),
        Some(CannotShoot::Crippled(_))
    ));
    // Sudden death has no degradation.
    t.config.scenario_mut().human_wounds = WoundMethod::SuddenDeath;
    assert_eq!(allowance(&t, rules(), m, MoveKind::StraightForward), full);
}

#[test]
fn turning_on_the_spot_is_no_move_for_shooting_and_who_may_shoot() {
    // 001: turning "does not count as movement"; a unit "in base contact with an enemy may not
    // shoot"; each unit shoots once a turn.
    let mut t = open_table();
    let hw = weapon_crew(&mut t, "HW1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 25.0), 180.0);
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    let mut dice = DiceService::scripted(&[6, 1]);
    flow.advance(&mut t, rules(), &mut dice);
    flow.apply_order(
        &mut t,
        rules(),
        &mut dice,
        Side::Humans,
        &Order::Rotate {
            unit: hw,
            facing: 0.3,
        },
    )
    .expect("it turns");
    assert_eq!(t.unit(hw).unwrap().marks.moved, Some(MoveKind::NoMove));
    assert_eq!(
        cannot_shoot(&t, rules(), hw),
        None,
        "a weapon crew that only turned"
    );
    t.unit_mut(hw).unwrap().marks.shot = true;
    assert!(matches!(
        cannot_shoot(&t, rules(), hw),
        Some(CannotShoot::AlreadyShot(_))
    ));
    t.unit_mut(hw).unwrap().marks.shot = false;
    // Facing north again, with the alien against its front edge.
    let north = t.unit(hw).unwrap().base.facing(std::f32::consts::FRAC_PI_2);
    t.unit_mut(hw).unwrap().base = north;
    t.unit_mut(a).unwrap().base.center = Vec2::new(30.0, 11.75);
    let why = cannot_shoot(&t, rules(), hw);
    assert!(matches!(why, Some(CannotShoot::InContact(_))), "{why:?}");
}

#[test]
fn heavy_weapons_reach_18_inches_at_medium_and_30_at_long() {
    // 001: "Heavy: medium 18", long 30"" (4.5 and 7.5 SMR).
    let mut t = open_table();
    let hw = weapon_crew(&mut t, "HW1", (30.0, 5.0), 0.0);
    // Base edges: the crew's front at y = 6.0, the alien's rear edge 0.75 below its centre.
    let at = |gap: f32| 6.0 + gap + 0.75;
    let a = alien(&mut t, "A1", (30.0, at(17.5)), 180.0);
    assert_eq!(
        plan_shot(&t, rules(), hw, a, None).unwrap().band,
        RangeBand::Medium
    );
    t.unit_mut(a).unwrap().base.center.y = at(18.5);
    assert_eq!(
        plan_shot(&t, rules(), hw, a, None).unwrap().band,
        RangeBand::Long
    );
    t.unit_mut(a).unwrap().base.center.y = at(29.5);
    assert_eq!(
        plan_shot(&t, rules(), hw, a, None).unwrap().band,
        RangeBand::Long
    );
    t.unit_mut(a).unwrap().base.center.y = at(30.5);
    assert!(plan_shot(&t, rules(), hw, a, None).is_err(), "out of range");
}

#[test]
fn aliens_ignore_morale_however_many_fall() {
    // 001: "Aliens don't worry about morale, they just keep coming."
    let mut t = open_table();
    t.config.scenario_mut().human_morale = true;
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let aliens: Vec<_> = (0..3)
        .map(|i| {
            alien(
                &mut t,
                &format!("A{i}"),
                (20.0 + 3.0 * i as f32, 30.0),
                180.0,
            )
        })
        .collect();
    for a in &aliens[..2] {
        t.unit_mut(*a).unwrap().status.presence = Presence::Destroyed;
    }
    crate::rules::morale::morale(&mut t, rules());
    assert!(!t.progress.morale_broken);
    assert!(
        t.units.iter().all(|u| !u.status.withdrawing),
        "nobody withdraws"
    );
}

#[test]
fn a_group_moves_as_one_and_a_lone_order_moves_one() {
    // 001: "Any units moving as a group must complete their movement as a group".
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let m2 = marine(&mut t, "M2", (31.0, 10.0), 0.0);
    let plan = plan_move(&t, rules(), m1, Vec2::new(30.0, 13.0), 0.0, true).expect("legal");
    let moved: Vec<UnitId> = plan.poses.iter().map(|(id, _)| *id).collect();
    assert_eq!(moved, vec![m1, m2]);
    let m2_to = plan
        .poses
        .iter()
        .find(|(id, _)| *id == m2)
        .unwrap()
        .1
        .center;
    assert!(
        (m2_to - Vec2::new(31.0, 13.0)).length() < 1e-4,
        "the same shift"
    );
    let alone = plan_move(&t, rules(), m1, Vec2::new(30.0, 13.0), 0.0, false).expect("legal");
    assert_eq!(alone.poses.len(), 1);
}

#[test]
fn the_turn_limit_is_a_draw_and_the_automatic_wave_comes_on_its_turn() {
    // rules.md: the game is a draw at the scenario's turn limit; 001's crashed ship: "A wave of
    // aliens is automatically generated at the beginning of the third turn."
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.progress.turn = t.config.scenario.turn_limit - 1;
    let mut dice = DiceService::scripted(&[]);
    assert!(
        !end_of_turn(&mut t, rules(), &mut dice),
        "the turn before the limit plays on"
    );
    t.progress.turn = t.config.scenario.turn_limit;
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::Draw));
    let mut t = open_table();
    t.config.automatic_wave_turn = 3;
    t.progress.turn = 3;
    let mut dice = DiceService::scripted(&[]);
    assert!(crate::rules::generation::roll_for_wave(&t, &mut dice));
    assert!(
        dice.log[0].rolls.is_empty(),
        "no dice on the automatic turn"
    );
    t.progress.turn = 4;
    let mut dice = DiceService::scripted(&[3, 4]);
    assert!(!crate::rules::generation::roll_for_wave(&t, &mut dice));
}

#[test]
fn a_marine_who_fought_does_not_repair() {
    // 001: "Any marine in contact with the ship and not shooting or meleeing can attempt to make
    // repairs".
    let mut t = open_table();
    crashed_ship(&mut t);
    let m = marine(&mut t, "M1", (35.0, 22.0), 0.0);
    t.unit_mut(m).unwrap().marks.fought = true;
    let mut dice = DiceService::scripted(&[6]);
    end_of_turn(&mut t, rules(), &mut dice);
    assert!(
        dice.log.is_empty(),
        "no repair roll for a marine who fought"
    );
    assert!(!t.progress.power_restored);
}

#[test]
fn aliens_are_moved_as_individual_units_never_as_a_group() {
    // 001: "Aliens are moved as individual units." Two aliens in base contact: an order to move
    // one with its group is refused, and the same move alone is accepted.
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 5.0), 0.0);
    let a1 = alien(&mut t, "A1", (30.0, 30.0), 180.0);
    alien(&mut t, "A2", (31.5, 30.0), 180.0);
    assert_eq!(t.group_of(a1, rules().general.contact_tolerance).len(), 2);
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    // The aliens win the initiative and move first.
    let mut dice = DiceService::scripted(&[1, 6]);
    let step = flow.advance(&mut t, rules(), &mut dice);
    assert!(
        matches!(
            step,
            Step::Need(Decision::Move {
                side: Side::Aliens,
                ..
            })
        ),
        "{step:?}"
    );
    let order = |group| Order::Move {
        unit: a1,
        to: Vec2::new(30.0, 28.0),
        facing: std::f32::consts::PI * 1.5,
        group,
    };
    assert!(matches!(
        flow.check(&t, rules(), Side::Aliens, &order(true)),
        Err(OrderError::AliensMoveAlone(_))
    ));
    assert_eq!(flow.check(&t, rules(), Side::Aliens, &order(false)), Ok(()));
}

#[test]
fn a_group_must_end_its_move_still_in_contact() {
    // 001: "Any units moving as a group must complete their movement as a group (i.e. remaining
    // in contact at the end of their move)." Two jet bikes (1" wide, 2" deep) nose to tail: turned
    // to face east each becomes 2" wide and 1" deep about its own centre, an inch apart.
    use crate::rules::movement::MoveError;
    use ambush_data::geometry::bearing_to_angle;
    let mut t = open_table();
    let front = jet_bike(&mut t, "J1", (30.0, 12.0));
    let back = jet_bike(&mut t, "J2", (30.0, 10.0));
    assert_eq!(t.group_of(back, rules().general.contact_tolerance).len(), 2);
    let north = t.unit(back).unwrap().base.facing;
    let plan = plan_move(&t, rules(), back, Vec2::new(30.0, 11.0), north, true).expect("legal");
    assert_eq!(plan.poses.len(), 2, "straight on, the group holds together");
    let east = bearing_to_angle(90.0);
    assert_eq!(
        plan_move(&t, rules(), back, Vec2::new(30.0, 11.0), east, true).map(|p| p.poses.len()),
        Err(MoveError::GroupComesApart)
    );
    // Alone, either bike may turn where it stands.
    assert!(plan_move(&t, rules(), front, Vec2::new(30.0, 13.0), east, false).is_ok());
}

#[test]
fn each_member_of_a_group_counts_its_own_kind_of_move() {
    // 001's movement definitions are a unit's ("Straight Forward: the unit moves directly
    // forward"); a group is units "in base contact with each other (regardless of facing)", so
    // a group's step north is straight forward for a member facing north and an advance for one
    // facing east, and only the first keeps a straight-forward mover's shot.
    use ambush_data::geometry::bearing_to_angle;
    let mut t = open_table();
    let north = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let east = marine(&mut t, "M2", (31.0, 10.0), 90.0);
    let facing = t.unit(north).unwrap().base.facing;
    assert!((facing - bearing_to_angle(0.0)).abs() < 1e-6);
    let plan = plan_move(&t, rules(), north, Vec2::new(30.0, 11.0), facing, true).expect("legal");
    let kinds: Vec<(UnitId, MoveKind)> = plan
        .poses
        .iter()
        .map(|(id, _)| *id)
        .zip(plan.kinds.iter().copied())
        .collect();
    assert_eq!(kinds.len(), 2);
    assert!(
        kinds.contains(&(north, MoveKind::StraightForward)),
        "{kinds:?}"
    );
    assert!(
        kinds
            .iter()
            .any(|(id, k)| *id == east && *k != MoveKind::StraightForward),
        "{kinds:?}"
    );
    // Carried out, each unit is marked with its own kind.
    let mut flow = MovementState::default();
    flow.start(&mut t, rules());
    flow.execute(
        &mut t,
        rules(),
        &mut DiceService::scripted(&[]),
        Side::Humans,
        crate::rules::phases::movement::MoveChecked::Move(plan),
    );
    assert_eq!(
        t.unit(north).unwrap().marks.moved,
        Some(MoveKind::StraightForward)
    );
    assert_ne!(
        t.unit(east).unwrap().marks.moved,
        Some(MoveKind::StraightForward)
    );
}
