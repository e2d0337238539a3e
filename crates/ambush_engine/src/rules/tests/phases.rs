//! Turn-flow tests: generation, initiative, movement limits, shooting alternation, repairs, morale.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::morale::morale;
use crate::rules::movement::plan_move;
use crate::rules::orders::Decision;
use crate::rules::orders::Order;
use crate::rules::orders::Step;
use crate::rules::phases::DecisionPhase;
use crate::rules::phases::end_of_turn::end_of_turn;
use crate::rules::phases::generation::alien_generation;
use crate::rules::phases::movement::MovementState;
use crate::rules::phases::shooting::ShootingState;
use crate::rules::table::Outcome;
use ambush_data::board::Going;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Shape;
use ambush_data::geometry::bearing_to_angle;
use ambush_data::scenario::Objective;
use glam::Vec2;

/// Gives `side`'s order to move `unit` alone to `to`, facing `facing`, in the movement phase
/// `flow`, which must accept it.
fn move_unit(
    flow: &mut MovementState,
    t: &mut Table,
    dice: &mut DiceService,
    side: Side,
    unit: UnitId,
    to: Vec2,
    facing: f32,
) {
    let order = Order::Move {
        unit,
        to,
        facing,
        group: false,
    };
    flow.apply_order(t, rules(), dice, side, &order)
        .unwrap_or_else(|e| panic!("{order:?} refused: {e}"));
}

#[test]
fn doubles_generate_a_wave_of_five_on_the_rolled_edge_and_section() {
    // 001: "At the start of each turn, roll 2 D6. Any doubles result in the appearance of a new
    // wave of aliens. Aliens are generated in waves of five. Each Alien is dealt ten card".
    let mut t = open_table();
    t.progress.turn = 5;
    let mut dice = DiceService::scripted(&[3, 4]);
    alien_generation(&mut t, rules(), &mut dice);
    assert_eq!(t.units.len(), 0);
    assert_eq!(dice.log[0].success, Some(false));
    // doubles, edge 4 (opposite: north), section 2 of 6
    dice.push_script(&[2, 2, 4, 2]);
    alien_generation(&mut t, rules(), &mut dice);
    assert_eq!(t.units.len(), 5);
    let kinds: Vec<_> = dice.log.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds[1..],
        [
            RollKind::AlienGeneration,
            RollKind::WaveEdge,
            RollKind::WaveSection
        ]
    );
    let xs: Vec<f32> = t.units.iter().map(|u| u.base.center.x).collect();
    let mean = xs.iter().sum::<f32>() / 5.0;
    assert!(
        (mean - 18.0).abs() < 1e-3,
        "centred on section 2 of the 72\" north edge"
    );
    assert!(
        t.units
            .iter()
            .all(|u| (u.base.center.y - 47.25).abs() < 1e-3)
    );
    assert!(
        t.units
            .iter()
            .all(|u| u.cards.as_ref().unwrap().face_down.len() == 10)
    );
    // in base contact with each other, line abreast, facing into the table (south)
    assert!((xs[1] - xs[0] - 1.5).abs() < 1e-3);
    assert!((t.units[0].base.facing - bearing_to_angle(180.0)).abs() < 1e-4);
}

#[test]
fn automatic_wave_turn_needs_no_roll() {
    // 001: "One wave of aliens is automatically generated on turn 2."
    let mut t = open_table();
    t.progress.turn = 2;
    let mut dice = DiceService::scripted(&[6, 1]);
    alien_generation(&mut t, rules(), &mut dice);
    assert_eq!(t.units.len(), 5);
    assert_eq!(dice.log[0].dice, "none");
    assert_eq!(dice.log[1].rolls, vec![6]); // the edge die: friendly (south)
    assert!(t.units.iter().all(|u| u.base.center.y < 1.0));
}

#[test]
fn crowded_spot_moves_the_wave_one_smr_from_the_unit() {
    // 001: "If there is a unit where a wave would be placed, or if a unit would immediately be in
    // base to base contact with a wave, then place the wave one standard movement rate (4") away
    // from that unit."
    let mut t = open_table();
    t.progress.turn = 2;
    let m = marine(&mut t, "M1", (18.0, 47.0), 180.0);
    let mut dice = DiceService::scripted(&[4, 2]);
    alien_generation(&mut t, rules(), &mut dice);
    let marine_base = t.unit(m).unwrap().base;
    let closest = t
        .units
        .iter()
        .filter(|u| u.side == Side::Aliens)
        .map(|u| ambush_data::geometry::base_distance(&u.base, &marine_base))
        .fold(f32::INFINITY, f32::min);
    assert!(closest >= 4.0 - 1e-3, "closest alien is {closest}\" away");
}

#[test]
fn a_wave_with_no_room_on_its_edge_comes_on_further_in_and_never_onto_a_base() {
    // 001: "If there is a unit where a wave would be placed, or if a unit would immediately be in
    // base to base contact with a wave, then place the wave one standard movement rate (4") away
    // from that unit." With the whole north edge lined with marines, and a second line one SMR
    // in, there is no place along the edge nor one SMR from it: the wave comes on further in,
    // clear of every base (the soak found waves landing on units).
    let mut t = open_table();
    t.progress.turn = 2;
    for i in 0..36 {
        marine(
            &mut t,
            &format!("M{i}"),
            (1.0 + 2.0 * i as f32, 47.0),
            180.0,
        );
        marine(
            &mut t,
            &format!("N{i}"),
            (1.0 + 2.0 * i as f32, 43.25),
            180.0,
        );
    }
    let mut dice = DiceService::scripted(&[4, 2]);
    alien_generation(&mut t, rules(), &mut dice);
    let tol = rules().general.contact_tolerance;
    let aliens: Vec<_> = t.units.iter().filter(|u| u.side == Side::Aliens).collect();
    assert_eq!(aliens.len(), 5, "the wave found room");
    for a in &aliens {
        for u in t.units.iter().filter(|u| u.id != a.id) {
            assert!(
                !ambush_data::geometry::bases_overlap(&a.base, &u.base, tol),
                "{} lands on {}",
                a.label,
                u.label
            );
        }
    }
}

#[test]
fn initiative_reroll_on_tie_winner_moves_two_loser_one() {
    // 001: "Both sides roll D6 - roll again if the scores tie. The highest may move ... any two
    // units or groups of their choice. The other player may then move ... one of his units or
    // groups. Both sides roll again and the procedure is repeated".
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    marine(&mut t, "M2", (20.0, 10.0), 0.0);
    let aliens: Vec<_> = (0..3)
        .map(|i| {
            alien(
                &mut t,
                &format!("A{i}"),
                (40.0 + 3.0 * i as f32, 40.0),
                180.0,
            )
        })
        .collect();
    let r = rules();
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, r));
    // humans 3 v aliens 3: tie; then 2 v 5: aliens win.
    let mut dice = DiceService::scripted(&[3, 3, 2, 5, 6, 1]);
    let need = |side, left| {
        Step::Need(Decision::Move {
            side,
            moves_left: left,
        })
    };
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        need(Side::Aliens, Some(2))
    );
    assert_eq!(dice.log.len(), 2, "a tie, then a second roll");
    assert_eq!(dice.log[0].effect, "tie at 3: roll again");
    flow.apply_order(
        &mut t,
        r,
        &mut dice,
        Side::Aliens,
        &Order::Rotate {
            unit: aliens[0],
            facing: 0.0,
        },
    )
    .unwrap();
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        need(Side::Aliens, Some(1))
    );
    flow.apply_order(
        &mut t,
        r,
        &mut dice,
        Side::Aliens,
        &Order::Rotate {
            unit: aliens[1],
            facing: 0.0,
        },
    )
    .unwrap();
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        need(Side::Humans, Some(1))
    );
    let to = t.unit(m1).unwrap().base.center + Vec2::new(0.0, 2.0);
    let facing = t.unit(m1).unwrap().base.facing;
    move_unit(&mut flow, &mut t, &mut dice, Side::Humans, m1, to, facing);
    // a new roll: humans 6 v aliens 1
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        need(Side::Humans, Some(2))
    );
    assert_eq!(dice.log.len(), 3);
    // a unit moves only once a phase
    assert!(
        flow.apply_order(
            &mut t,
            r,
            &mut dice,
            Side::Humans,
            &Order::Rotate {
                unit: m1,
                facing: 0.0
            }
        )
        .is_err()
    );
    // "Once one side has moved all the units they wish to move, the other side may then move the remainder"
    flow.apply_order(&mut t, r, &mut dice, Side::Humans, &Order::EndMovement)
        .unwrap();
    assert_eq!(flow.advance(&mut t, r, &mut dice), need(Side::Aliens, None));
}

#[test]
fn straight_forward_limit_and_bad_going_costs_double() {
    // rules.md: infantry straight forward 1 SMR (4"); "Bad going costs 2" for every 1" moved."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let f = t.unit(m).unwrap().base.facing;
    assert!(plan_move(&t, rules(), m, Vec2::new(10.0, 14.0), f, false).is_ok());
    assert!(plan_move(&t, rules(), m, Vec2::new(10.0, 14.5), f, false).is_err());
    // advance left/right is limited to half an SMR
    assert!(plan_move(&t, rules(), m, Vec2::new(12.0, 10.0), f, false).is_ok());
    assert!(plan_move(&t, rules(), m, Vec2::new(12.5, 10.0), f, false).is_err());
    t.terrain.push(TerrainFeature {
        name: "wood".into(),
        shape: Shape::Rect {
            center: (10.0, 13.0),
            size: (6.0, 2.0),
            rotation: 0.0,
        },
        going: Going::Bad,
        tall: false,
        water: false,
        linear_defence: false,
        height: 0.0,
        look: None,
    });
    // 2" open + 2" of wood (costs 4") = 6" > 4"
    assert!(plan_move(&t, rules(), m, Vec2::new(10.0, 14.0), f, false).is_err());
    assert!(plan_move(&t, rules(), m, Vec2::new(10.0, 12.5), f, false).is_ok());
}

#[test]
fn falling_back_sideways_must_face_the_way_it_moved() {
    // 001: "If a unit 'falling back', ends up more than one base width to the left a right of its
    // original position, it must be faced in the direction to which it moved."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let plan = plan_move(&t, rules(), m, Vec2::new(11.5, 9.0), 0.3, false).unwrap();
    let expected = (Vec2::new(1.5, -1.0)).to_angle();
    assert!((plan.poses[0].1.facing - expected).abs() < 1e-4);
}

#[test]
fn shooting_alternates_and_declining_ends_a_sides_shooting() {
    // 001: "Shooting then alternates ... Once one side declines to shoot, they may not shoot again
    // that turn, the other may then shoot with his remaining units."
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let m2 = marine(&mut t, "M2", (14.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (12.0, 18.0), 180.0);
    t.unit_mut(a).unwrap().weapons = vec!["alien_firearm".to_string()].into();
    stack(&mut t, a, &[(5, Some(Suit::Spades)); 4]);
    let mut flow = ShootingState::default();
    flow.start(&mut t, Side::Humans);
    let mut dice = DiceService::scripted(&[1, 1, 1, 1]);
    let r = rules();
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        Step::Need(Decision::Shoot { side: Side::Humans })
    );
    flow.apply_order(
        &mut t,
        r,
        &mut dice,
        Side::Humans,
        &Order::Shoot {
            shooter: m1,
            target: a,
            weapon: None,
        },
    )
    .unwrap();
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        Step::Need(Decision::Shoot { side: Side::Aliens })
    );
    flow.apply_order(&mut t, r, &mut dice, Side::Aliens, &Order::DeclineShooting)
        .unwrap();
    assert_eq!(
        flow.advance(&mut t, r, &mut dice),
        Step::Need(Decision::Shoot { side: Side::Humans })
    );
    flow.apply_order(
        &mut t,
        r,
        &mut dice,
        Side::Humans,
        &Order::Shoot {
            shooter: m2,
            target: a,
            weapon: None,
        },
    )
    .unwrap();
    // M1 and M2 have shot, the aliens declined: the phase ends, and A1 faces the last shooter.
    assert_eq!(flow.advance(&mut t, r, &mut dice), Step::Done);
    let face = t.unit(a).unwrap().base.facing;
    let want = (t.unit(m2).unwrap().base.center - t.unit(a).unwrap().base.center).to_angle();
    assert!(
        (face - want).abs() < 1e-4,
        "aliens turn to face the last unit that shot at them"
    );
}

#[test]
fn repairs_on_a_six_by_marines_touching_the_ship_who_did_not_shoot() {
    // 001: "After the melee phase, roll 1D6 per marine attempting repairs - a six indicates success."
    let mut t = open_table();
    crashed_ship(&mut t);
    let m1 = marine(&mut t, "M1", (35.0, 22.0), 0.0);
    let m2 = marine(&mut t, "M2", (37.0, 22.0), 0.0);
    t.unit_mut(m2).unwrap().marks.shot = true;
    let mut dice = DiceService::scripted(&[5]);
    end_of_turn(&mut t, rules(), &mut dice);
    assert_eq!(dice.log.len(), 1, "only M1 repairs");
    assert!(!t.progress.power_restored);
    dice.push_script(&[6]);
    end_of_turn(&mut t, rules(), &mut dice);
    assert!(t.progress.power_restored);
    let _ = m1;
}

#[test]
fn morale_breaks_at_one_third_losses() {
    // 001: "On losing one third of its units, morale is broken, the army withdraws from the table".
    let mut t = open_table();
    t.config.scenario_mut().human_morale = true;
    let ids: Vec<_> = (0..6)
        .map(|i| marine(&mut t, &format!("M{i}"), (10.0 + 2.0 * i as f32, 10.0), 0.0))
        .collect();
    t.unit_mut(ids[0]).unwrap().status.presence = crate::rules::table::Presence::Destroyed;
    morale(&mut t, rules());
    assert!(!t.progress.morale_broken);
    t.unit_mut(ids[1]).unwrap().status.presence = crate::rules::table::Presence::Destroyed;
    morale(&mut t, rules());
    assert!(t.progress.morale_broken);
    assert!(t.units.iter().all(|u| u.status.withdrawing));
}

#[test]
fn every_marine_destroyed_is_an_alien_win() {
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.unit_mut(m).unwrap().status.presence = crate::rules::table::Presence::Destroyed;
    let mut dice = DiceService::scripted(&[]);
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::AliensWin));
}

#[test]
fn a_holding_action_still_standing_at_the_turn_limit_wins() {
    // The turn limit is a draw, unless the scenario is a holding action (the colonial square:
    // 001's "Period extras like ... infantry squares").
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.progress.turn = t.config.scenario.turn_limit;
    let mut draw = t.clone();
    let mut dice = DiceService::scripted(&[]);
    assert!(end_of_turn(&mut draw, rules(), &mut dice));
    assert_eq!(draw.progress.outcome, Some(Outcome::Draw));
    t.config.scenario_mut().objective = Some(Objective::HoldUntilTurnLimit);
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
    assert!(
        t.progress.ending.contains("still hold"),
        "{}",
        t.progress.ending
    );
}

/// A 10" square zone centred on `at`.
fn zone_at(at: (f32, f32)) -> Shape {
    Shape::Rect {
        center: at,
        size: (10.0, 10.0),
        rotation: 0.0,
    }
}

#[test]
fn a_side_that_reaches_its_zone_wins_at_the_end_of_that_turn() {
    // 001: "Most games work best when the opposing forces have a realistic objective or task to
    // perform": a patrol that must get through wins once enough of it stands in the zone.
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (30.0, 40.0), 0.0);
    marine(&mut t, "M2", (30.0, 10.0), 0.0);
    alien(&mut t, "A1", (60.0, 10.0), 180.0);
    t.config.scenario_mut().objective = Some(Objective::ReachZone {
        side: Side::Humans,
        zone: zone_at((30.0, 42.0)),
        count: 2,
    });
    let mut dice = DiceService::scripted(&[]);
    let mut one = t.clone();
    assert!(
        !end_of_turn(&mut one, rules(), &mut dice),
        "one of the two needed is in"
    );
    t.unit_mut(m1).unwrap().base.center = Vec2::new(28.0, 41.0);
    let m2 = t.units.iter().find(|u| &*u.label == "M2").unwrap().id;
    t.unit_mut(m2).unwrap().base.center = Vec2::new(32.0, 44.0);
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
    assert!(
        t.progress.ending.contains("reach the objective"),
        "{}",
        t.progress.ending
    );
}

#[test]
fn at_the_turn_limit_the_side_alone_in_the_zone_holds_it_and_wins() {
    // Ground to hold at the end: the side alone in the zone at the turn limit wins; both sides,
    // or neither, in it is a draw.
    let mut t = open_table();
    let a = alien(&mut t, "A1", (36.0, 24.0), 180.0);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.config.scenario_mut().objective = Some(Objective::HoldZone {
        zone: zone_at((36.0, 24.0)),
    });
    t.progress.turn = t.config.scenario.turn_limit;
    let mut dice = DiceService::scripted(&[]);
    let mut alone = t.clone();
    assert!(end_of_turn(&mut alone, rules(), &mut dice));
    assert_eq!(alone.progress.outcome, Some(Outcome::AliensWin));
    t.unit_mut(m).unwrap().base.center = Vec2::new(33.0, 21.0);
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::Draw));
    assert!(
        t.progress.ending.contains("contested"),
        "{}",
        t.progress.ending
    );
    // Before the turn limit nobody wins by holding it.
    let mut early = alone.clone();
    early.progress = Default::default();
    early.progress.turn = 3;
    early.unit_mut(a).unwrap().base.center = Vec2::new(36.0, 24.0);
    assert!(!end_of_turn(&mut early, rules(), &mut dice));
}

#[test]
fn a_patrol_that_reaches_its_exit_edge_leaves_by_it_and_wins_once_enough_are_through() {
    // 001: "Most games work best when the opposing forces have a realistic objective or task to
    // perform": a patrol that must get through. The texts give no rule for leaving the table on
    // purpose (reconstructed): a unit of the side whose move ends at the edge leaves by it,
    // through and not a casualty, and the side wins once `count` are through.
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (30.0, 44.0), 0.0);
    let m2 = marine(&mut t, "M2", (40.0, 10.0), 0.0);
    alien(&mut t, "A1", (60.0, 10.0), 180.0);
    t.config.scenario_mut().objective = Some(Objective::ExitEdge {
        side: Side::Humans,
        edge: ambush_data::board::Edge::North,
        count: 2,
    });
    let r = rules();
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, r));
    // humans 6 v aliens 1: the humans move two.
    let mut dice = DiceService::scripted(&[6, 1]);
    flow.advance(&mut t, r, &mut dice);
    let to = Vec2::new(30.0, 47.4);
    let facing = t.unit(m1).unwrap().base.facing;
    move_unit(&mut flow, &mut t, &mut dice, Side::Humans, m1, to, facing);
    let presence = |t: &Table, id| t.unit(id).unwrap().status.presence;
    assert_eq!(presence(&t, m1), crate::rules::table::Presence::Exited);
    assert_eq!(t.exited(Side::Humans), 1);
    assert_eq!(t.human_casualties(), 0, "through, not a casualty");
    // A move that ends short of the edge leaves nobody.
    move_unit(
        &mut flow,
        &mut t,
        &mut dice,
        Side::Humans,
        m2,
        Vec2::new(40.0, 13.0),
        facing,
    );
    assert_eq!(presence(&t, m2), crate::rules::table::Presence::OnTable);
    let mut one = t.clone();
    assert!(
        !end_of_turn(&mut one, r, &mut dice),
        "one of the two needed is through"
    );
    t.unit_mut(m2).unwrap().status.presence = crate::rules::table::Presence::Exited;
    assert!(end_of_turn(&mut t, r, &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
    assert!(
        t.progress.ending.contains("left by the north edge"),
        "{}",
        t.progress.ending
    );
    // The aliens' move to the same edge is only a move: the objective is the humans'.
    let mut other = open_table();
    let a = alien(&mut other, "A1", (30.0, 44.0), 0.0);
    other.config.scenario_mut().objective = t.config.scenario.objective.clone();
    let mut flow = MovementState::default();
    assert!(flow.start(&mut other, r));
    let mut dice = DiceService::scripted(&[1, 6]);
    flow.advance(&mut other, r, &mut dice);
    move_unit(
        &mut flow,
        &mut other,
        &mut dice,
        Side::Aliens,
        a,
        Vec2::new(30.0, 46.5),
        0.0,
    );
    assert!(other.unit(a).unwrap().on_table());
}

#[test]
fn a_side_that_must_destroy_wins_once_every_enemy_is_gone_and_loses_if_one_survives_the_limit() {
    // Destroy or survive: 001's aliens "win" by destroying the humans, who win by surviving;
    // `Destroy` gives either side that part. With the humans the destroyers, an empty table of
    // aliens wins for them, and aliens still standing at the turn limit win for the aliens.
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (40.0, 40.0), 180.0);
    t.config.scenario_mut().objective = Some(Objective::Destroy { side: Side::Humans });
    let mut dice = DiceService::scripted(&[]);
    let mut limit = t.clone();
    assert!(!end_of_turn(&mut t, rules(), &mut dice), "an alien stands");
    limit.progress.turn = limit.config.scenario.turn_limit;
    assert!(end_of_turn(&mut limit, rules(), &mut dice));
    assert_eq!(limit.progress.outcome, Some(Outcome::AliensWin));
    t.unit_mut(a).unwrap().status.presence = crate::rules::table::Presence::Destroyed;
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
    // No alien has come yet: nothing is destroyed, and play goes on.
    let mut empty = open_table();
    marine(&mut empty, "M1", (10.0, 10.0), 0.0);
    empty.config.scenario_mut().objective = Some(Objective::Destroy { side: Side::Humans });
    assert!(!end_of_turn(&mut empty, rules(), &mut dice));
    // With the aliens the destroyers, it is 001's own game, as a holding action plays it.
    let mut own = open_table();
    marine(&mut own, "M1", (10.0, 10.0), 0.0);
    alien(&mut own, "A1", (40.0, 40.0), 180.0);
    own.progress.turn = own.config.scenario.turn_limit;
    let mut hold = own.clone();
    own.config.scenario_mut().objective = Some(Objective::Destroy { side: Side::Aliens });
    hold.config.scenario_mut().objective = Some(Objective::HoldUntilTurnLimit);
    assert!(end_of_turn(&mut own, rules(), &mut dice));
    assert!(end_of_turn(&mut hold, rules(), &mut dice));
    assert_eq!(own.progress.outcome, Some(Outcome::HumansWin));
    assert_eq!(own.progress.outcome, hold.progress.outcome);
    assert_eq!(own.progress.ending, hold.progress.ending);
}

#[test]
fn attack_is_over_after_six_quiet_turns_with_no_aliens() {
    // 001: "Once all alien units have been destroyed or left the table (if no alien waves are
    // generated in six turns), the attack is over."
    let mut t = open_table();
    marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.progress.waves = 1;
    t.progress.last_wave_turn = Some(2);
    t.progress.turn = 7;
    let mut dice = DiceService::scripted(&[]);
    assert!(
        !end_of_turn(&mut t, rules(), &mut dice),
        "five quiet turns are not enough"
    );
    t.progress.turn = 8;
    assert!(end_of_turn(&mut t, rules(), &mut dice));
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
    // A scenario whose objective outlasts the attack plays on.
    let mut t2 = t.clone();
    t2.progress.outcome = None;
    t2.config.scenario_mut().attack_over = ambush_data::scenario::AttackOver::Continue;
    assert!(!end_of_turn(&mut t2, rules(), &mut dice));
}

#[test]
fn only_marines_touching_the_repaired_ship_and_no_alien_may_board() {
    // 001's crashed ship: once power is restored, marines touching the ship board it at the end
    // of movement; one still in base contact with an alien is fighting, not boarding.
    use crate::rules::orders::OrderError;
    use crate::rules::phases::movement::boarders;
    let mut t = open_table();
    crashed_ship(&mut t);
    let m1 = marine(&mut t, "M1", (35.0, 22.0), 0.0);
    let m2 = marine(&mut t, "M2", (37.0, 22.0), 0.0);
    let far = marine(&mut t, "M3", (10.0, 10.0), 0.0);
    let a1 = alien(&mut t, "A1", (37.0, 20.75), 0.0);
    assert!(
        t.enemies_in_contact(m2, rules().general.contact_tolerance)
            .contains(&a1)
    );
    assert!(
        boarders(&t, rules()).is_empty(),
        "no boarding before power is restored"
    );
    t.progress.power_restored = true;
    assert_eq!(boarders(&t, rules()), vec![m1]);
    let flow = MovementState {
        boarding: true,
        ..MovementState::default()
    };
    assert_eq!(
        flow.check(&t, rules(), Side::Humans, &Order::Board { unit: m1 }),
        Ok(())
    );
    for unit in [m2, far] {
        assert!(matches!(
            flow.check(&t, rules(), Side::Humans, &Order::Board { unit }),
            Err(OrderError::CannotBoard(_))
        ));
    }
}

#[test]
fn a_broken_side_withdraws_to_its_own_edge_and_a_jokered_wave_to_the_nearest() {
    // 001 "Morale": "the army withdraws from the table, heading for its own base edge"; "If an
    // alien wave is ordered to withdraw ... all units in the wave move directly to the nearest
    // table edge."
    let mut t = open_table();
    // The marine stands 8" from the north edge, 40" from its own (south) edge.
    let m = marine(&mut t, "M1", (36.0, 40.0), 0.0);
    let leaving = marine(&mut t, "M2", (20.0, 1.5), 0.0);
    // The alien stands 6" from the east edge.
    let a = alien(&mut t, "A1", (66.0, 24.0), 180.0);
    for id in [m, leaving, a] {
        t.unit_mut(id).unwrap().status.withdrawing = true;
    }
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    let marine_now = t.unit(m).unwrap().base.center;
    assert!(
        marine_now.y < 40.0 - 3.0,
        "toward the south edge: {marine_now}"
    );
    let alien_now = t.unit(a).unwrap().base.center;
    assert!(
        alien_now.x > 66.0 + 1.0 && (alien_now.y - 24.0).abs() < 1.0,
        "toward the east edge: {alien_now}"
    );
    // One within a move of its edge leaves the table and does not come back.
    assert_eq!(
        t.unit(leaving).unwrap().status.presence,
        crate::rules::table::Presence::LeftTable
    );
}

#[test]
fn the_ship_takes_off_only_when_every_surviving_marine_is_aboard() {
    // 001's crashed ship: "The marines will not leave until all surviving members of the squad
    // are on board."
    use crate::rules::table::Presence;
    let mut t = open_table();
    crashed_ship(&mut t);
    let aboard = marine(&mut t, "M1", (35.0, 22.0), 0.0);
    let outside = marine(&mut t, "M2", (10.0, 10.0), 0.0);
    let dead = marine(&mut t, "M3", (12.0, 10.0), 0.0);
    alien(&mut t, "A1", (60.0, 40.0), 180.0);
    t.progress.power_restored = true;
    t.unit_mut(aboard).unwrap().status.presence = Presence::Aboard;
    t.unit_mut(dead).unwrap().status.presence = Presence::Destroyed;
    let mut dice = DiceService::scripted(&[]);
    end_of_turn(&mut t, rules(), &mut dice);
    assert!(!t.progress.takeoff_pending, "M2 is still outside");
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()), "the game goes on");
    assert_eq!(t.progress.outcome, None);
    // M2 boards; the dead M3 is no survivor and does not hold the ship.
    t.unit_mut(outside).unwrap().status.presence = Presence::Aboard;
    end_of_turn(&mut t, rules(), &mut dice);
    assert!(t.progress.takeoff_pending);
    assert!(
        !flow.start(&mut t, rules()),
        "the ship takes off at the next movement phase"
    );
    assert_eq!(t.progress.outcome, Some(Outcome::HumansWin));
}

#[test]
fn each_troop_type_moves_its_own_allowance() {
    // rules.md's movement table (SMR): mounted 2 / 1 / 1, weapon crew ½ / ½ / ½, aliens 1 in any
    // direction; infantry's own line is `straight_forward_limit_and_bad_going_costs_double`.
    let smr = rules().general.smr;
    let mut t = open_table();
    let bike = jet_bike(&mut t, "J1", (10.0, 10.0));
    let crew = weapon_crew(&mut t, "W1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (50.0, 30.0), 180.0);
    let can = |t: &Table, id, to: (f32, f32)| {
        let f = t.unit(id).unwrap().base.facing;
        plan_move(t, rules(), id, Vec2::new(to.0, to.1), f, false).is_ok()
    };
    // The jet bike: 2 SMR straight forward, 1 SMR advancing sideways.
    assert!(can(&t, bike, (10.0, 10.0 + 2.0 * smr)));
    assert!(!can(&t, bike, (10.0, 10.0 + 2.0 * smr + 0.5)));
    assert!(can(&t, bike, (10.0 + smr, 10.0)));
    assert!(!can(&t, bike, (10.0 + smr + 0.5, 10.0)));
    // The weapon crew: half an SMR any way it may move.
    assert!(can(&t, crew, (30.0, 10.0 + 0.5 * smr)));
    assert!(!can(&t, crew, (30.0, 10.0 + 0.5 * smr + 0.5)));
    // The alien: 1 SMR in any direction, backward as far as forward.
    assert!(can(&t, a, (50.0, 30.0 + smr)));
    assert!(can(&t, a, (50.0 - smr * 0.7, 30.0 - smr * 0.7)));
    assert!(!can(&t, a, (50.0, 30.0 + smr + 0.5)));
}
