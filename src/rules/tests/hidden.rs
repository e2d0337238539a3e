//! 004's column and counters: the column marches on from the table edge, and hidden units and
//! dummy counters stay hidden into the game until they act or are spotted.

use super::ambush::doom_on_the_marines;
use super::*;
use crate::rules::ambush::approach::{approach_turn, begin_approach};
use crate::rules::ambush::spring::spring_ambush;
use crate::rules::dice::DiceService;
use crate::rules::phases::movement::MovementFlow;
use crate::rules::table::{MoveKind, Presence};
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
    t.config.ambush = Some(AmbushSpec {
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
    let mut flow = MovementFlow::default();
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
