//! The commander's choices on small tables: cover, charges, concentrated fire, breaking off.

use super::*;
use crate::rules::orders::{Decision, Order};
use crate::rules::tests::{alien, marine, open_table, rules};
use ambush_data::board::{Going, Side, TerrainFeature};
use ambush_data::geometry::Shape;

fn move_decision(side: Side) -> Decision {
    Decision::Move {
        side,
        moves_left: None,
    }
}

fn wood(t: &mut Table, center: (f32, f32), size: (f32, f32)) {
    let shape = Shape::Rect {
        center,
        size,
        rotation: 0.0,
    };
    t.terrain
        .push(TerrainFeature::new("wood", shape, Going::Bad));
}

#[test]
fn level_names_are_the_ones_typed() {
    for level in AiLevel::ALL {
        assert_eq!(AiLevel::named(level.name()), Some(level));
    }
    assert_eq!(AiLevel::named("deity"), None);
}

#[test]
fn a_holding_marine_in_the_open_steps_into_cover_within_its_move() {
    // 001: "A target is considered to be in cover if it is in ... bad going". A holding action
    // has no ground to gain, so a marine in the open takes the cover within its move.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    wood(&mut t, (20.0, 14.0), (4.0, 3.0));
    alien(&mut t, "A1", (20.0, 40.0), 180.0);
    for level in AiLevel::ALL {
        let order = decide(&t, rules(), &move_decision(Side::Humans), level);
        let Order::Move { unit, to, .. } = order else {
            panic!("{level:?} moves into the wood, not {order:?}");
        };
        assert_eq!(unit, m);
        assert!(t.in_cover_terrain(to), "{level:?} ends at {to} in the open");
    }
}

#[test]
fn aliens_charge_a_marine_they_can_reach() {
    // The aliens win only by destroying the humans, in melee: a commander's alien charges the
    // marine it can reach, at every level (it has nothing to shoot).
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 17.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 20.0), 180.0);
    for level in AiLevel::ALL {
        assert_eq!(
            decide(&t, rules(), &move_decision(Side::Aliens), level),
            Order::Charge {
                unit: a,
                target: m,
                edge: None
            },
            "{level:?}"
        );
    }
}

#[test]
fn a_marine_out_of_reach_holds_its_shot_rather_than_walk_off_sideways() {
    // 001: infantry "may shoot after: no move, or straight forward". With an alien in range and
    // no cover near, a holding marine keeps its shot.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    alien(&mut t, "A1", (30.0, 30.0), 180.0);
    let order = decide(&t, rules(), &move_decision(Side::Humans), AiLevel::Normal);
    match order {
        Order::Rotate { unit, .. } => assert_eq!(unit, m),
        Order::Move { unit, to, .. } => {
            assert_eq!(unit, m);
            let u = t.unit(m).unwrap();
            assert!(
                aims::keeps_shot(rules(), u, to),
                "a move that costs the shot: {to}"
            );
        }
        other => panic!("stands or steps forward, not {other:?}"),
    }
}

#[test]
fn the_hard_level_shoots_the_wounded_of_two_equal_targets() {
    // Concentrated fire: of two aliens at the same chance to hit, the hard commander shoots
    // the one already wounded; the others take the nearer.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (28.0, 22.0), 180.0);
    let hurt = alien(&mut t, "A2", (32.5, 22.5), 180.0);
    t.unit_mut(hurt).unwrap().wounds = 1;
    let shot = |level| decide(&t, rules(), &Decision::Shoot { side: Side::Humans }, level);
    assert_eq!(
        shot(AiLevel::Hard),
        Order::Shoot {
            shooter: m,
            target: hurt,
            weapon: None
        }
    );
    assert_eq!(
        shot(AiLevel::Normal),
        Order::Shoot {
            shooter: m,
            target: near,
            weapon: None
        }
    );
}

#[test]
fn a_cautious_marine_breaks_off_from_an_alien_it_is_unlikely_to_beat() {
    // 001 Break Off: "Any engaged unit that wins or draws ... may attempt to break away". A
    // marine with a pistol against an alien's claws is the weaker in physical contact.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    let odds = melee::chance_to_win(&t, rules(), m, a, 0);
    let d = Decision::BreakOff {
        side: Side::Humans,
        unit: m,
        draw: false,
    };
    let attempt = |level| match decide(&t, rules(), &d, level) {
        Order::BreakOff { attempt, .. } => attempt,
        other => panic!("{other:?}"),
    };
    assert!(odds < 0.6, "the marine's odds {odds}");
    assert!(attempt(AiLevel::Cautious));
}

#[test]
fn a_side_that_must_reach_a_zone_heads_for_it() {
    // A patrol that must get through makes for its zone rather than holding its ground.
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (36.0, 10.0), 0.0);
    alien(&mut t, "A1", (10.0, 40.0), 180.0);
    let zone = Shape::Rect {
        center: (36.0, 44.0),
        size: (20.0, 6.0),
        rotation: 0.0,
    };
    t.config.scenario_mut().objective = Some(Objective::ReachZone {
        side: Side::Humans,
        zone: zone.clone(),
        count: 1,
    });
    for level in AiLevel::ALL {
        let order = decide(&t, rules(), &move_decision(Side::Humans), level);
        let Order::Move { unit, to, .. } = order else {
            panic!("{level:?} moves toward the zone, not {order:?}");
        };
        assert_eq!(unit, m);
        let before = t.unit(m).unwrap().base.center.distance(zone.center());
        assert!(
            to.distance(zone.center()) < before - 1.0,
            "{level:?} gains ground toward the zone: {to}"
        );
    }
}
