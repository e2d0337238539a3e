//! 004's column and counters: the column marches on from the table edge, the ambusher chooses
//! where it springs, and hidden units and dummy counters stay hidden into the game until they
//! act or are spotted.

use super::ambush::doom_on_the_marines;
use super::*;
use crate::rules::ambush::approach::{approach_turn, begin_approach};
use crate::rules::ambush::spring::spring_ambush;
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::movement::MovementState;
use crate::rules::table::{ApproachEnd, MoveKind, Presence};
use ambush_data::ambush_spec::SurpriseEffects;
use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec, AmbushUnitSpec, Detection};
use ambush_data::tables::Traits;

/// A complex ambush on four marines marching north up the middle of the table, with one alien
/// hidden beside the trail that is quick to lose its nerve (Leadership 2 on a D6).
fn column_of_four() -> (Table, Vec<UnitId>) {
    let mut t = open_table();
    let ids = (1..=4)
        .map(|i| marine(&mut t, &format!("M{i}"), (36.0, 20.0 - 3.0 * i as f32), 0.0))
        .collect();
    t.config.scenario_mut().ambush = Some(AmbushSpec {
        setup: AmbushSetup::Complex,
        detection: Detection::Spotting,
        effects: SurpriseEffects::Megs,
        route: vec![(36.0, 0.5), (36.0, 46.0)],
        spacing: 3.0,
        spring_at: Some(30.0),
        units: vec![AmbushUnitSpec {
            label: "A1".into(),
            side: Side::Aliens,
            troop: TroopType::known("Alien"),
            at: (32.0, 9.0),
            facing: 90.0,
            weapons: Vec::new(),
            armour: false,
            traits: Some(Traits {
                leadership: 2,
                quality: 6,
                ..Default::default()
            }),
        }],
        ..doom_on_the_marines()
    });
    (t, ids)
}

fn presence(t: &Table, id: UnitId) -> Presence {
    t.unit(id).unwrap().status.presence
}

#[test]
fn the_column_starts_with_its_lead_on_the_table_edge_and_the_rest_off_it() {
    // 004: "The first unit in the ambushed player's convoy/column is moved onto the edge of the
    // table."
    let (mut t, ids) = column_of_four();
    let mut dice = DiceService::scripted(&[]);
    begin_approach(&mut t, rules(), &mut dice);
    assert_eq!(presence(&t, ids[0]), Presence::OnTable);
    assert!((t.unit(ids[0]).unwrap().base.center.y - 0.5).abs() < 1e-4);
    for id in &ids[1..] {
        assert_eq!(presence(&t, *id), Presence::Waiting);
    }
    // Waiting units are still in the fight.
    assert_eq!(t.humans_alive(), 4);
}

#[test]
fn each_approach_turn_places_the_rest_behind_the_lead_as_far_as_the_edge() {
    // 004: "the lead unit in column is moved it's full movement, and the rest of the column's
    // units are placed on the table behind it, at the indicated separation distance."
    let (mut t, ids) = column_of_four();
    // The alien holds its nerve (4 > 2 + (-1)); every spotting roll fails.
    let mut dice = DiceService::scripted(&[4, 1, 1, 1, 1]);
    assert!(!approach_turn(&mut t, rules(), &mut dice));
    let full = crate::rules::movement::allowance(&t, rules(), ids[0], MoveKind::StraightForward);
    let along = |id: UnitId| t.unit(id).unwrap().base.center.y - 0.5;
    assert!(
        (along(ids[0]) - full).abs() < 1e-4,
        "lead at {}",
        along(ids[0])
    );
    for (i, id) in ids.iter().enumerate() {
        let behind = full - 3.0 * i as f32;
        let expected = if behind >= 0.0 {
            Presence::OnTable
        } else {
            Presence::Waiting
        };
        assert_eq!(presence(&t, *id), expected, "unit {i} at {behind}\"");
    }
    // Only units on the table made a spotting attempt.
    let spotters: Vec<_> = dice
        .log
        .iter()
        .filter(|e| e.kind == crate::rules::log::RollKind::Spotting)
        .filter_map(|e| e.actor.clone())
        .collect();
    let on = ids
        .iter()
        .filter(|id| t.unit(**id).unwrap().on_table())
        .count();
    assert_eq!(spotters.len(), on, "{spotters:?}");
}

#[test]
fn units_left_off_the_table_by_an_early_spring_march_on_in_the_first_movement_phase() {
    // 004: "Roll the movement die type for the lead unit in the column. This is the number of
    // inches the lead unit moves before the ambush is sprung prematurely. The rest of the units
    // ... are placed on the table behind it": those that do not fit come on along the route.
    let (mut t, ids) = column_of_four();
    // The alien fails (1 is not > 1) and the lead moves 4".
    let mut dice = DiceService::scripted(&[1, 4]);
    spring_ambush(&mut t, rules(), &mut dice);
    assert_eq!(presence(&t, ids[0]), Presence::OnTable);
    assert_eq!(presence(&t, ids[1]), Presence::OnTable);
    assert_eq!(presence(&t, ids[2]), Presence::Waiting);
    assert_eq!(presence(&t, ids[3]), Presence::Waiting);
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, rules()));
    let full = crate::rules::movement::allowance(&t, rules(), ids[2], MoveKind::StraightForward);
    for (k, id) in ids[2..].iter().enumerate() {
        let u = t.unit(*id).unwrap();
        assert!(u.on_table(), "{} still waits", u.label);
        // Its move for the turn: a full move in along the route, less the spacing.
        assert_eq!(u.marks.moved, Some(MoveKind::StraightForward));
        let at = u.base.center.y - 0.5;
        assert!(
            at <= full - 3.0 * k as f32 + 1e-4 && at >= 0.0,
            "{} at {at}",
            u.label
        );
    }
    // Nobody overlaps anybody.
    let tol = rules().general.contact_tolerance;
    for a in &t.units {
        for b in &t.units {
            if a.id < b.id && a.on_table() && b.on_table() {
                assert!(!ambush_data::geometry::bases_overlap(&a.base, &b.base, tol));
            }
        }
    }
}

/// A simple ambush on two marines by one alien hidden 3" east of the trail, with a dummy counter
/// on the other side: sprung with the lead 10" along.
fn simple_ambush() -> (Table, UnitId, UnitId) {
    let (mut t, ids) = column_of_four();
    t.units.retain(|u| u.id == ids[0] || u.id == ids[1]);
    if let Some(a) = t.config.scenario_mut().ambush.as_mut() {
        a.setup = AmbushSetup::Simple;
        a.spring_at = Some(10.0);
        a.units[0].at = (39.0, 9.0);
        a.dummies = vec![(31.0, 9.0)];
    }
    let mut dice = DiceService::scripted(&[]);
    spring_ambush(&mut t, rules(), &mut dice);
    // Caught or not, the marines here are over their surprise.
    for u in t.units.iter_mut() {
        u.surprise = crate::rules::table::Surprise::Alert;
    }
    let alien = t.units.iter().find(|u| u.side == Side::Aliens).unwrap().id;
    (t, ids[0], alien)
}

#[test]
fn a_simple_ambush_keeps_its_units_and_dummies_under_counters_into_the_game() {
    // 004 Simple Ambush: "the player conducting the ambush places his figures on the tabletop,
    // or places hidden unit counters and dummy counters on the tabletop."
    let (t, lead, alien) = simple_ambush();
    let a = t.unit(alien).unwrap();
    assert!(a.status.hidden);
    // Two counters, numbered by place: the dummy (west) before the alien (east).
    let names: Vec<_> = t
        .progress
        .counters
        .iter()
        .map(|c| (c.name.as_str(), c.unit.as_deref()))
        .collect();
    assert_eq!(names, vec![("counter 1", None), ("counter 2", Some("A1"))]);
    assert_eq!(t.public_name(a), "counter 2");
    // The marines cannot aim at it, and do not know of it.
    assert!(crate::rules::shooting::plan_shot(&t, rules(), lead, alien, None).is_err());
    assert!(crate::rules::shooting::targets(&t, rules(), lead).is_empty());
    let charge = crate::rules::movement::plan_charge(&t, rules(), lead, alien, None);
    assert!(
        matches!(&charge, Err(crate::rules::movement::MoveError::NotAnEnemy(n)) if n == "counter 2"),
        "{charge:?}"
    );
    assert_eq!(t.known_enemies(Side::Humans).count(), 0);
}

#[test]
fn a_hidden_unit_that_moves_or_fires_shows_itself_and_the_log_says_which_counter_it_was() {
    let (mut t, lead, alien) = simple_ambush();
    let mut dice = DiceService::scripted(&[]);
    crate::rules::ambush::hidden::after_shot(&mut t, &mut dice, alien, &[]);
    assert!(!t.unit(alien).unwrap().status.hidden);
    let e = dice.log.last().unwrap();
    assert_eq!(e.kind, crate::rules::log::RollKind::Reveal);
    assert_eq!(e.effect, "counter 2 is A1: it fires");
    assert_eq!(t.progress.counters.len(), 1);
    assert!(crate::rules::shooting::plan_shot(&t, rules(), lead, alien, None).is_ok());
    // Moving shows it as well.
    let (mut t, _, alien) = simple_ambush();
    t.unit_mut(alien).unwrap().marks.moved = Some(MoveKind::AnyDirection);
    crate::rules::ambush::hidden::after_move(&mut t, rules(), &mut dice);
    assert!(!t.unit(alien).unwrap().status.hidden);
    assert_eq!(dice.log.last().unwrap().effect, "counter 2 is A1: it moves");
    // Turning on the spot does not.
    let (mut t, _, alien) = simple_ambush();
    t.unit_mut(alien).unwrap().marks.moved = Some(MoveKind::NoMove);
    crate::rules::ambush::hidden::after_move(&mut t, rules(), &mut dice);
    assert!(t.unit(alien).unwrap().status.hidden);
}

#[test]
fn running_into_a_counter_finds_what_is_under_it() {
    let (mut t, lead, alien) = simple_ambush();
    let mut dice = DiceService::scripted(&[]);
    // The lead steps onto the dummy: it is taken away.
    let dummy = t.progress.counters[0].at;
    let u = t.unit_mut(lead).unwrap();
    u.base = u.base.at(dummy + glam::Vec2::new(0.0, 0.6));
    crate::rules::ambush::hidden::after_move(&mut t, rules(), &mut dice);
    assert_eq!(t.progress.counters.len(), 1);
    assert_eq!(
        dice.log.last().unwrap().effect,
        "counter 1 is a dummy counter: removed"
    );
    // Then into base contact with the hidden alien: found.
    let at = t.unit(alien).unwrap().base.center - glam::Vec2::new(1.0, 0.0);
    let u = t.unit_mut(lead).unwrap();
    u.base = u.base.at(at).facing(0.0);
    crate::rules::ambush::hidden::after_move(&mut t, rules(), &mut dice);
    assert!(!t.unit(alien).unwrap().status.hidden);
    assert!(t.progress.counters.is_empty());
}

#[test]
fn at_the_end_of_each_turn_the_ambushed_side_looks_for_the_counters_left() {
    // 004's spotting, carried into the game: each alert unit looks at the nearest counter.
    let (mut t, lead, alien) = simple_ambush();
    let other = t
        .units
        .iter()
        .find(|u| u.side == Side::Humans && u.id != lead)
        .unwrap()
        .id;
    // The second marine is still surprised: it does not look.
    t.unit_mut(other).unwrap().surprise = crate::rules::table::Surprise::Megs { turns_left: 1 };
    let from = t.unit(lead).unwrap().base.center;
    let nearest = t
        .progress
        .counters
        .iter()
        .min_by(|a, b| from.distance(a.at).total_cmp(&from.distance(b.at)))
        .unwrap()
        .clone();
    let mut dice = DiceService::scripted(&[8]);
    crate::rules::ambush::hidden::spot_counters(&mut t, rules(), &mut dice);
    let spots: Vec<_> = dice
        .log
        .iter()
        .filter(|e| e.kind == crate::rules::log::RollKind::Spotting)
        .collect();
    assert_eq!(spots.len(), 1, "one look, by the alert marine");
    assert_eq!(spots[0].target.as_deref(), Some(nearest.name.as_str()));
    assert!(spots[0].success == Some(true));
    match nearest.unit {
        Some(_) => assert!(!t.unit(alien).unwrap().status.hidden),
        None => assert_eq!(t.progress.counters.len(), 1),
    }
}

/// The lead of `simple_ambush` set at `at` facing `bearing`, and its move `ahead` inches
/// straight on, given to the movement phase: what the rules answer.
fn lead_moves(
    t: &mut Table,
    dice: &mut DiceService,
    lead: UnitId,
    at: (f32, f32),
    bearing: f32,
    ahead: f32,
) -> Result<(), crate::rules::orders::OrderError> {
    use crate::rules::phases::DecisionPhase;
    let facing = ambush_data::geometry::bearing_to_angle(bearing);
    let u = t.unit_mut(lead).unwrap();
    u.base = u.base.at(glam::Vec2::from(at)).facing(facing);
    let to = u.base.center + u.base.forward() * ahead;
    let mut flow = MovementState::default();
    assert!(flow.start(t, rules()));
    let order = crate::rules::orders::Order::Move {
        unit: lead,
        to,
        facing,
        group: false,
    };
    flow.apply_order(t, rules(), dice, Side::Humans, &order)?;
    // The move is made: the unit may not move again this phase.
    assert!(flow.check(t, rules(), Side::Humans, &order).is_err());
    Ok(())
}

#[test]
fn a_move_into_a_counter_is_never_refused_and_stops_where_it_finds_what_is_under_it() {
    // 004: hidden units "stay hidden ... until spotted or sprung", and a counter is found by
    // touching it. A move onto a counter that hides a unit was refused ("path is blocked by
    // counter 2") while one onto a dummy was made, so the column could probe every counter for
    // free. Both are made now, and both stop the mover where it touches the counter.
    let (mut t, lead, alien) = simple_ambush();
    let mut dice = DiceService::scripted(&[]);
    // East, straight through the hidden alien at (39, 9).
    lead_moves(&mut t, &mut dice, lead, (36.0, 9.0), 90.0, 4.0).expect("the move is made");
    let (l, a) = (t.unit(lead).unwrap(), t.unit(alien).unwrap());
    assert!(!a.status.hidden, "found");
    assert_eq!(
        dice.log.last().unwrap().effect,
        "counter 2 is A1: an enemy runs into it"
    );
    let tol = rules().general.contact_tolerance;
    assert!(
        ambush_data::geometry::in_contact(&l.base, &a.base, tol),
        "stopped in contact: {:?} and {:?}",
        l.base.center,
        a.base.center
    );
    assert!(!ambush_data::geometry::bases_overlap(&l.base, &a.base, tol));
    assert!(l.base.center.x < 39.0);

    // West, straight over the dummy at (31, 9): the move is made and stops at the dummy.
    let (mut t, lead, alien) = simple_ambush();
    let mut dice = DiceService::scripted(&[]);
    lead_moves(&mut t, &mut dice, lead, (34.0, 9.0), 270.0, 4.0).expect("the move is made");
    let l = t.unit(lead).unwrap();
    assert!(
        l.base.center.x > 31.0,
        "stopped at the dummy: {:?}",
        l.base.center
    );
    assert!(l.base.distance_to_point(glam::Vec2::new(31.0, 9.0)) <= 0.5 + 1e-3);
    assert_eq!(
        dice.log.last().unwrap().effect,
        "counter 1 is a dummy counter: removed"
    );
    assert!(
        t.unit(alien).unwrap().status.hidden,
        "the real one stays hidden"
    );
}

#[test]
fn a_shot_is_judged_on_the_table_its_side_knows_so_a_counter_blocks_no_line_of_sight() {
    // A shot refused as "blocked by counter 2" told the column that counter 2 was real.
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::shooting::ShootingState;
    let (mut t, lead, alien) = simple_ambush();
    // The alien shows itself at (39, 9); a second, hidden alien stands between it and the lead.
    let mut dice = DiceService::scripted(&[]);
    crate::rules::ambush::hidden::after_shot(&mut t, &mut dice, alien, &[]);
    let mut hidden = t.unit(alien).unwrap().clone();
    hidden.id = t.take_unit_id();
    hidden.label = "A2".into();
    hidden.status.hidden = true;
    hidden.base = hidden.base.at(glam::Vec2::new(37.5, 9.0));
    t.units.push(hidden);
    let u = t.unit_mut(lead).unwrap();
    u.base = u.base.at(glam::Vec2::new(34.0, 9.0));
    assert!(
        crate::rules::shooting::line_of_sight(&t, lead, alien).is_err(),
        "the hidden unit stands in the line"
    );
    let flow = ShootingState::default();
    let order = crate::rules::orders::Order::Shoot {
        shooter: lead,
        target: alien,
        weapon: None,
    };
    assert_eq!(flow.check(&t, rules(), Side::Humans, &order), Ok(()));
}

#[test]
fn a_side_whose_only_targets_hide_under_counters_is_not_asked_to_shoot() {
    // 004: hidden units are "not revealed until they are spotted" or act. Asking the column to
    // shoot when the only enemy in its reach is under a counter told it one stood there; and
    // played by file, the column's copy of the table (without the hidden unit) never asked,
    // so it never answered.
    use crate::rules::orders::{Decision, Step};
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::shooting::ShootingState;
    let (mut t, _, alien) = simple_ambush();
    assert!(crate::rules::shooting::side_can_shoot(
        &t,
        rules(),
        Side::Humans
    ));
    let mut flow = ShootingState::default();
    flow.start(&mut t, Side::Humans);
    let mut dice = DiceService::scripted(&[]);
    assert_eq!(flow.advance(&mut t, rules(), &mut dice), Step::Done);
    // Once the alien shows itself, the lead is asked.
    let (mut t, _, _) = simple_ambush();
    crate::rules::ambush::hidden::after_shot(&mut t, &mut dice, alien, &[]);
    let mut flow = ShootingState::default();
    flow.start(&mut t, Side::Humans);
    assert_eq!(
        flow.advance(&mut t, rules(), &mut dice),
        Step::Need(Decision::Shoot { side: Side::Humans })
    );
}

/// The approach step's next decision on `t`, or `None` when it is done.
fn spring_decision(t: &mut Table, dice: &mut DiceService) -> Option<Decision> {
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::approach::ApproachState;
    match ApproachState::default().advance(t, rules(), dice) {
        Step::Need(d) => Some(d),
        Step::Done => None,
    }
}

/// Gives the ambusher's `order` to the approach step.
fn spring_order(t: &mut Table, dice: &mut DiceService, order: Order) -> Result<(), OrderError> {
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::approach::ApproachState;
    let mut state = ApproachState::default();
    state.apply_order(t, rules(), dice, Side::Aliens, &order)
}

#[test]
fn in_a_complex_approach_the_ambusher_springs_now_with_the_lead_anywhere_within_its_full_move() {
    // 004 Complex Ambush: "This process ... occurs until ambusher is ready to spring the ambush.
    // The ambusher determines where the ambush will take place. The ambusher must still make
    // Reaction Tests for his units ... If no reaction test was failed, the lead unit is moved
    // either its full movement distance, or to the point where the ambusher wants the unit.
    // This point must be on the unit's movement path, and the lead unit must move less than or
    // equal to its full movement distance."
    let (mut t, ids) = column_of_four();
    // The alien holds its nerve: 4 > 2 + (-1).
    let mut dice = DiceService::scripted(&[4]);
    let Some(Decision::Spring {
        side,
        from,
        to,
        hint,
        march_on,
    }) = spring_decision(&mut t, &mut dice)
    else {
        panic!("the approach waits on the ambusher's choice");
    };
    let full = crate::rules::movement::allowance(&t, rules(), ids[0], MoveKind::StraightForward);
    assert_eq!(
        (side, from, hint, march_on),
        (Side::Aliens, 0.0, 30.0, true)
    );
    assert!(
        (to - full).abs() < 1e-4,
        "the lead's full move: {to} against {full}"
    );
    // Past its full move, or behind where it stands, is off its path this turn.
    for at in [full + 1.0, -1.0, f32::NAN] {
        let refused = spring_order(&mut t, &mut dice, Order::SpringAt { at });
        assert!(
            matches!(refused, Err(OrderError::OffThePath { .. })),
            "{at}: {refused:?}"
        );
    }
    assert!(dice.log.is_empty(), "a refused choice rolls nothing");
    // Sprung with the lead 3" on, short of its full move: the reaction test first, then no
    // spotting attempt, since the ambush is sprung.
    spring_order(&mut t, &mut dice, Order::SpringAt { at: 3.0 }).expect("on its path");
    let a = t.progress.approach.as_ref().expect("the approach");
    assert_eq!((a.lead, a.ended), (3.0, Some(ApproachEnd::SpringPoint)));
    assert!((t.unit(ids[0]).unwrap().base.center.y - 3.5).abs() < 1e-4);
    assert!(
        dice.log
            .iter()
            .all(|e| e.kind == crate::rules::log::RollKind::ReactionTest),
        "{:?}",
        dice.log
    );
    assert_eq!(
        spring_decision(&mut t, &mut dice),
        None,
        "nothing left to choose"
    );
}

#[test]
fn marching_on_moves_the_lead_its_full_move_and_a_failed_reaction_test_still_springs_it_early() {
    // 004: "If any fail, the lead unit is still moved a random number of inches forward on the
    // table. If this takes the unit past the point where the ambusher wants to spring the
    // ambush, too bad."
    let (mut t, ids) = column_of_four();
    // Holds its nerve (4); the column's spotting rolls all fail.
    let mut dice = DiceService::scripted(&[4, 1, 1, 1, 1]);
    spring_decision(&mut t, &mut dice);
    spring_order(&mut t, &mut dice, Order::MarchOn).expect("the approach goes on");
    let full = crate::rules::movement::allowance(&t, rules(), ids[0], MoveKind::StraightForward);
    let a = t.progress.approach.clone().expect("the approach");
    assert_eq!(a.ended, None);
    assert!((a.lead - full).abs() < 1e-4);
    // The ambusher wants the lead 1" on, but the alien loses its nerve (1 <= 2 - 1) and the
    // lead's movement die says 3.
    let mut dice = DiceService::scripted(&[1, 3]);
    let Some(Decision::Spring { from, .. }) = spring_decision(&mut t, &mut dice) else {
        panic!("a second approach turn");
    };
    assert!((from - full).abs() < 1e-4);
    spring_order(&mut t, &mut dice, Order::SpringAt { at: from + 1.0 }).expect("on its path");
    let a = t.progress.approach.as_ref().expect("the approach");
    assert_eq!(a.ended, Some(ApproachEnd::Premature));
    assert!(
        (a.lead - (full + 3.0)).abs() < 1e-4,
        "past the point: {}",
        a.lead
    );
}

#[test]
fn a_simple_set_up_asks_the_ambusher_where_the_lead_is_and_springs_it_there() {
    // 004 Simple Ambush: "Finally, the player conducting the ambush indicates where he wants the
    // lead unit to be when the ambush is sprung. The ambushed player places his first unit on
    // the table at the indicated location, then he places all of the other units in the column
    // on the table at the correct distance separating them."
    let (mut t, ids) = column_of_four();
    if let Some(a) = t.config.scenario_mut().ambush.as_mut() {
        a.setup = AmbushSetup::Simple;
        a.spring_at = Some(10.0);
    }
    let mut dice = DiceService::scripted(&[]);
    let d = spring_decision(&mut t, &mut dice).expect("the ambusher's one choice");
    // Four marines 3" apart stand on the route with the lead at least 9" along; the route is
    // 45.5" long.
    assert_eq!(
        d,
        Decision::Spring {
            side: Side::Aliens,
            from: 9.0,
            to: 45.5,
            hint: 10.0,
            march_on: false,
        }
    );
    assert_eq!(
        crate::rules::orders::passing_order(&d),
        Order::SpringAt { at: 10.0 }
    );
    for refused in [
        Order::MarchOn,
        Order::SpringAt { at: 5.0 },
        Order::SpringAt { at: 60.0 },
    ] {
        assert!(
            spring_order(&mut t, &mut dice, refused.clone()).is_err(),
            "{refused:?}"
        );
    }
    let by_humans = {
        use crate::rules::phases::DecisionPhase;
        let state = crate::rules::phases::approach::ApproachState::default();
        state.check(&t, rules(), Side::Humans, &Order::SpringAt { at: 20.0 })
    };
    assert!(by_humans.is_err(), "the column does not choose");
    spring_order(&mut t, &mut dice, Order::SpringAt { at: 20.0 }).expect("on the route");
    assert_eq!(
        t.config.scenario.ambush.as_ref().and_then(|a| a.spring_at),
        Some(20.0)
    );
    spring_ambush(&mut t, rules(), &mut dice);
    let y = |i: usize| t.unit(ids[i]).unwrap().base.center.y;
    assert!((y(0) - 20.5).abs() < 1e-4, "the lead 20\" along: {}", y(0));
    assert!(
        (y(3) - 11.5).abs() < 1e-4,
        "the last 9\" behind it: {}",
        y(3)
    );
}

#[test]
fn the_ai_springs_at_the_scenarios_point_once_the_lead_can_reach_it() {
    // The scenario's `spring_at` is the modder's default and the AI's plan: march on until the
    // lead can reach it, then spring there.
    use crate::rules::phases::approach::scenario_choice;
    let d = |from: f32, to: f32| Decision::Spring {
        side: Side::Aliens,
        from,
        to,
        hint: 30.0,
        march_on: true,
    };
    assert_eq!(scenario_choice(&d(0.0, 12.0)), Order::MarchOn);
    assert_eq!(
        scenario_choice(&d(24.0, 36.0)),
        Order::SpringAt { at: 30.0 }
    );
    assert_eq!(
        scenario_choice(&d(30.0, 42.0)),
        Order::SpringAt { at: 30.0 }
    );
}
