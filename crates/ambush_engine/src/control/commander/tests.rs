//! The commander's choices on small tables: cover, charges, pressing in or holding back as the objective asks, breaking off.

use super::*;
use crate::rules::orders::{Decision, Order};
use crate::rules::table::UnitId;
use crate::rules::tests::{alien, marine, open_table, rules};
use crate::rules::wounds::placement_clear;
use ambush_data::board::{Going, Side, TerrainFeature};
use ambush_data::geometry::Shape;
use glam::Vec2;

/// The commander's order, with memos of its own (a game's, new).
fn decide(table: &Table, rules: &Rules, decision: &Decision, level: AiLevel) -> Order {
    super::decide(table, rules, decision, level, &AiMemos::default())
}

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

/// A marine at (20, 10) and an alien coming for it from (20, 40), a wood beside the alien's
/// path: a normal alien with no objective steps aside into the wood.
fn an_alien_past_a_wood() -> (Table, UnitId) {
    let mut t = open_table();
    marine(&mut t, "M1", (20.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (20.0, 40.0), 180.0);
    wood(&mut t, (21.5, 36.5), (2.0, 2.0));
    (t, a)
}

/// Where the alien `a` moves to at `level`.
fn alien_step(t: &Table, a: UnitId, level: AiLevel) -> Vec2 {
    match decide(t, rules(), &move_decision(Side::Aliens), level) {
        Order::Move { unit, to, .. } if unit == a => to,
        other => panic!("{level:?} moves the alien, not {other:?}"),
    }
}

/// An objective under which the clock is against neither side's closing: the aliens must get
/// out by the south edge, past the marine.
fn aliens_exit_south() -> ambush_data::scenario::Objective {
    ambush_data::scenario::Objective::ExitEdge {
        side: Side::Aliens,
        edge: ambush_data::board::Edge::South,
        count: 1,
    }
}

/// The common ground of each level's pursuit under `objective`, asserted: on its way past a wood
/// a normal alien steps aside into it and the hard one goes straight on, gaining more ground;
/// in the open, 20" from a marine, the cautious one keeps its distance. Returns the ground each
/// level gains there, in `AiLevel::ALL`'s order.
fn assert_hard_presses_and_cautious_hangs_back(
    objective: Option<ambush_data::scenario::Objective>,
) -> [f32; 3] {
    let marine_at = Vec2::new(20.0, 10.0);
    let gained = |t: &Table, unit: UnitId, to: Vec2| {
        t.unit(unit).unwrap().base.center.distance(marine_at) - to.distance(marine_at)
    };
    let (mut t, a) = an_alien_past_a_wood();
    t.config.scenario_mut().objective = objective.clone();
    let normal = alien_step(&t, a, AiLevel::Normal);
    let hard = alien_step(&t, a, AiLevel::Hard);
    assert!(
        t.in_cover_terrain(normal),
        "{objective:?}: normal ends at {normal}, in the open"
    );
    assert!(
        !t.in_cover_terrain(hard),
        "{objective:?}: hard ends at {hard}, in the wood"
    );
    assert!(
        gained(&t, a, hard) > gained(&t, a, normal),
        "{objective:?}: hard gains more ground: {hard} against {normal}"
    );
    let mut open = open_table();
    marine(&mut open, "M1", (marine_at.x, marine_at.y), 0.0);
    let b = alien(&mut open, "A1", (20.0, 30.0), 180.0);
    open.config.scenario_mut().objective = objective.clone();
    let gains = AiLevel::ALL.map(|level| gained(&open, b, alien_step(&open, b, level)));
    assert!(
        gains[0] < 1.0,
        "{objective:?}: in the open cautious gains {}",
        gains[0]
    );
    gains
}

#[test]
fn against_the_clock_cautious_hangs_back_normal_closes_from_cover_and_hard_presses_in() {
    // A holding action: the humans win if any of them "still stands on the table when the turn
    // limit is reached", so the aliens must destroy them in time (001: the aliens win by
    // destroying the humans). Normal steps aside into cover on its way, hard goes straight on,
    // and in the open the normal alien closes in where the cautious one keeps its distance.
    // With no objective the aliens, who win only by destroying the humans, have the clock
    // against them too; with the clock against neither (the aliens to get out by an edge), the
    // hard alien plays as normal.
    use ambush_data::scenario::Objective;
    for objective in [Some(Objective::HoldUntilTurnLimit), None] {
        let [_, normal, _] = assert_hard_presses_and_cautious_hangs_back(objective.clone());
        assert!(
            normal > 3.0,
            "{objective:?}: in the open normal gains {normal}"
        );
    }
    let (mut t, a) = an_alien_past_a_wood();
    t.config.scenario_mut().objective = Some(aliens_exit_south());
    assert_eq!(
        alien_step(&t, a, AiLevel::Hard),
        alien_step(&t, a, AiLevel::Normal)
    );
}

#[test]
fn pressing_in_the_hard_level_spreads_its_attack_over_the_enemy() {
    // 001: "Only one unit may engage in a physical contact melee against another, other units
    // in contact provide support". M1 is already fought by A1; A2, nearer M1 than M2, makes
    // for M1 at normal, where its charge could only support A1's, and for M2, whom nobody is
    // near, at hard, which presses in against the clock (a holding action). Measured
    // (docs/ai.md): on Night Raid hard's aliens then win 662 games of 1,000 against normal's
    // marines, where going for the nearest they won 481.
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    t.config.scenario_mut().objective = Some(Objective::HoldUntilTurnLimit);
    let m1 = Vec2::new(20.0, 10.0);
    let m2 = Vec2::new(30.0, 10.0);
    marine(&mut t, "M1", (m1.x, m1.y), 0.0);
    marine(&mut t, "M2", (m2.x, m2.y), 0.0);
    alien(&mut t, "A1", (20.0, 11.25), 180.0);
    let a2 = alien(&mut t, "A2", (22.0, 25.0), 180.0);
    let u = t.unit(a2).unwrap();
    let picture = aims::Picture::of(&t, rules(), Side::Aliens);
    assert_eq!(picture.goal(&t, rules(), u), Some(m1), "the nearest");
    let spread = picture.spreading(&t, rules());
    assert_eq!(
        spread.goal(&t, rules(), u),
        Some(m2),
        "the one nobody is near"
    );
    let from = u.base.center;
    // Which marine a step brings the alien nearer, by its full move.
    let heads_for = |to: Vec2| {
        [m1, m2]
            .into_iter()
            .find(|m| from.distance(*m) - to.distance(*m) > 3.5)
    };
    let normal = alien_step(&t, a2, AiLevel::Normal);
    let hard = alien_step(&t, a2, AiLevel::Hard);
    assert_eq!(heads_for(normal), Some(m1), "normal steps to {normal}");
    assert_eq!(heads_for(hard), Some(m2), "hard steps to {hard}");
}

#[test]
fn a_hidden_ambusher_against_the_clock_closes_in_at_once_unless_cautious() {
    // 004: a hidden unit gives itself away when it moves, so a commander's ambusher waits for
    // the enemy to come within its charge. A holding action's attackers must destroy the
    // holders before the turn limit: normal's and hard's close in at once, cautious's never
    // (measured, docs/ai.md: in Jungle Patrol normal's ambushers then win 188 games of 1,000
    // against cautious's marines, and cautious's 21 against normal's).
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    marine(&mut t, "M1", (20.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (20.0, 34.0), 180.0);
    t.unit_mut(a).unwrap().status.hidden = true;
    t.progress.turn = 1;
    let order = |t: &Table, level| decide(t, rules(), &move_decision(Side::Aliens), level);
    let closes = |t: &Table, level| match order(t, level) {
        Order::Move { unit, to, .. } => unit == a && to.distance(Vec2::new(20.0, 10.0)) < 23.0,
        _ => false,
    };
    t.config.scenario_mut().objective = Some(Objective::HoldUntilTurnLimit);
    for level in [AiLevel::Normal, AiLevel::Hard] {
        assert!(
            closes(&t, level),
            "the {level:?} ambusher closes in at once"
        );
    }
    assert_eq!(order(&t, AiLevel::Cautious), Order::EndMovement);
    // With the clock against neither side's closing, it waits at every level.
    t.config.scenario_mut().objective = Some(aliens_exit_south());
    for level in AiLevel::ALL {
        assert_eq!(order(&t, level), Order::EndMovement, "{level:?}");
    }
}

#[test]
fn the_hard_level_boards_in_groups_as_the_crashed_ship_script_moves_and_only_then() {
    // 001's crashed ship: the humans must "repair the ship and board it" before the turn limit,
    // so the clock is against them. Hard's marines advance on the ship as the script does, the
    // group together (measured, docs/ai.md: they board twice as often against normal aliens);
    // the normal level moves one marine at a time. Without that objective, for the aliens, and
    // adrift in zero-g, hard plays as normal.
    use ambush_data::scenario::{Environment, Objective};
    let mut t = open_table();
    for x in [19.5, 20.5, 21.5] {
        marine(&mut t, "M", (x, 6.0), 0.0);
    }
    alien(&mut t, "A1", (60.0, 44.0), 180.0);
    let ship = Shape::Rect {
        center: (20.0, 30.0),
        size: (8.0, 4.0),
        rotation: 0.0,
    };
    t.terrain
        .push(TerrainFeature::new("ship", ship, Going::Impassable));
    let order = |t: &Table, side, level| decide(t, rules(), &move_decision(side), level);
    let script = |t: &Table| {
        let memos = AiMemos::default();
        crate::control::marine_ai::decide(t, rules(), &move_decision(Side::Humans), &memos)
    };
    let same_as_normal = |t: &Table| {
        [Side::Humans, Side::Aliens]
            .iter()
            .all(|side| order(t, *side, AiLevel::Hard) == order(t, *side, AiLevel::Normal))
    };
    assert!(same_as_normal(&t), "no objective");
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "ship".into(),
    });
    let hard = order(&t, Side::Humans, AiLevel::Hard);
    assert_eq!(hard, script(&t));
    assert!(
        matches!(hard, Order::Move { group: true, .. }),
        "the group advances together: {hard:?}"
    );
    assert_ne!(hard, order(&t, Side::Humans, AiLevel::Normal));
    assert_eq!(
        order(&t, Side::Aliens, AiLevel::Hard),
        order(&t, Side::Aliens, AiLevel::Normal),
        "the aliens have the clock on their side"
    );
    t.config.scenario_mut().environment = Some(Environment::Space);
    assert!(same_as_normal(&t), "adrift");
}

#[test]
fn the_normal_level_holds_back_where_its_side_denies_the_objective_and_only_then() {
    // The crashed ship: "repair the ship and board it" before the turn limit, so the aliens
    // need only keep the humans from it. Measured (docs/ai.md), aliens that wait in cover for
    // the marines to come let them board far less than aliens that go out to meet them. With
    // their own way out past the marine to the south instead, they go forward.
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let marine_at = Vec2::new(20.0, 10.0);
    marine(&mut t, "M1", (marine_at.x, marine_at.y), 0.0);
    let start = Vec2::new(20.0, 40.0);
    let a = alien(&mut t, "A1", (start.x, start.y), 180.0);
    wood(&mut t, (22.5, 39.0), (2.0, 2.0));
    // Where the alien ends its move (where it stands, if it does not move).
    let end = |t: &Table, level| match decide(t, rules(), &move_decision(Side::Aliens), level) {
        Order::Move { unit, to, .. } if unit == a => to,
        _ => start,
    };
    t.config.scenario_mut().objective = Some(aliens_exit_south());
    let closing = [AiLevel::Normal, AiLevel::Hard].map(|l| end(&t, l));
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "ship".into(),
    });
    let denying = [AiLevel::Normal, AiLevel::Hard].map(|l| end(&t, l));
    for (level, (deny, close)) in ["normal", "hard"].iter().zip(denying.iter().zip(&closing)) {
        assert!(
            deny.distance(marine_at) > close.distance(marine_at) + 1.0,
            "{level} holds back: {deny} against {close} on its way out"
        );
        assert!(
            t.in_cover_terrain(*deny),
            "{level} waits in cover, not at {deny}"
        );
    }
}

#[test]
fn barring_a_patrols_way_hard_presses_in_normal_closes_from_cover_and_cautious_hangs_back() {
    // A patrol that must get out by the north edge: the aliens must catch it before it gets
    // through, and waiting only lets it. Normal steps aside into cover on its way, hard goes
    // straight on, and in the open the hard alien closes in where the cautious one keeps its
    // distance.
    use ambush_data::board::Edge;
    use ambush_data::scenario::Objective;
    let [_, _, hard] = assert_hard_presses_and_cautious_hangs_back(Some(Objective::ExitEdge {
        side: Side::Humans,
        edge: Edge::North,
        count: 1,
    }));
    assert!(hard > 3.0, "in the open hard gains {hard}");
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

/// Plays `phases` movement phases of `side`'s decisions with the commander at `level`, the other
/// side moving nothing: the commander's moves as the rules' movement phase takes them.
fn move_phases(t: &mut Table, side: Side, level: AiLevel, phases: usize) {
    use crate::rules::dice::DiceService;
    use crate::rules::phases::DecisionPhase;
    use crate::rules::phases::movement::MovementState;
    for _ in 0..phases {
        let mut flow = MovementState::default();
        assert!(flow.start(t, rules()));
        // The other side has nothing to move: every move is this side's.
        flow.done[side.other().index()] = true;
        let mut dice = DiceService::scripted(&[]);
        for _ in 0..t.units.len() + 1 {
            let order = decide(t, rules(), &move_decision(side), level);
            if order == Order::EndMovement {
                break;
            }
            flow.apply_order(t, rules(), &mut dice, side, &order)
                .unwrap_or_else(|e| panic!("{level:?}: {order:?} refused: {e}"));
        }
    }
}

#[test]
fn a_patrol_that_must_get_out_by_an_edge_makes_for_it_and_leaves_by_it() {
    // A patrol that must get through by the north edge heads for it rather than holding its
    // ground, and its move ends at the edge, where it leaves the table (`at_edge`).
    use ambush_data::board::Edge;
    use ambush_data::scenario::Objective;
    for level in AiLevel::ALL {
        let mut t = open_table();
        let m = marine(&mut t, "M1", (20.0, 30.0), 0.0);
        alien(&mut t, "A1", (60.0, 5.0), 180.0);
        t.config.scenario_mut().objective = Some(Objective::ExitEdge {
            side: Side::Humans,
            edge: Edge::North,
            count: 1,
        });
        let Order::Move { unit, to, .. } = decide(&t, rules(), &move_decision(Side::Humans), level)
        else {
            panic!("{level:?} moves toward the edge");
        };
        assert_eq!(unit, m);
        assert!(
            to.y > 30.0 + 1.0,
            "{level:?} gains ground toward the edge: {to}"
        );
        move_phases(&mut t, Side::Humans, level, 6);
        assert_eq!(t.exited(Side::Humans), 1, "{level:?} leaves by the edge");
    }
}

#[test]
fn the_side_barring_a_patrols_way_closes_on_it() {
    // The aliens must get out by the west edge: the marines, who would hold their ground in
    // 001's own game, close on them to bar the way.
    use ambush_data::board::Edge;
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (50.0, 30.0), 270.0);
    t.config.scenario_mut().objective = Some(Objective::ExitEdge {
        side: Side::Aliens,
        edge: Edge::West,
        count: 1,
    });
    let picture = aims::Picture::of(&t, rules(), Side::Humans);
    let goal = picture.goal(&t, rules(), t.unit(m).unwrap());
    assert_eq!(goal, Some(t.unit(a).unwrap().base.center));
    // And the aliens make for the west edge, not for the marine.
    let picture = aims::Picture::of(&t, rules(), Side::Aliens);
    let goal = picture
        .goal(&t, rules(), t.unit(a).unwrap())
        .expect("a goal");
    assert!(goal.x < 0.0, "beyond the west edge: {goal}");
}

#[test]
fn under_destroy_the_destroyer_closes_and_the_survivor_holds_its_ground() {
    // Destroy or survive: with the humans the destroyers, a marine closes on the nearest alien,
    // and an alien, which needs only to survive to the turn limit, holds its ground rather
    // than charging a marine out of its reach; under the aliens' own game, as before.
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 30.0), 180.0);
    let goal_of = |t: &Table, side: Side, id| {
        aims::Picture::of(t, rules(), side).goal(t, rules(), t.unit(id).unwrap())
    };
    assert_eq!(goal_of(&t, Side::Humans, m), None, "001's humans hold");
    assert!(goal_of(&t, Side::Aliens, a).is_some(), "001's aliens close");
    t.config.scenario_mut().objective = Some(Objective::Destroy { side: Side::Humans });
    assert_eq!(
        goal_of(&t, Side::Humans, m),
        Some(t.unit(a).unwrap().base.center)
    );
    assert_eq!(goal_of(&t, Side::Aliens, a), None);
    for level in AiLevel::ALL {
        let order = decide(&t, rules(), &move_decision(Side::Humans), level);
        let to = match order {
            Order::Move { to, .. } => to,
            other => panic!("{level:?}: the marine moves on the alien, not {other:?}"),
        };
        let before = t
            .unit(m)
            .unwrap()
            .base
            .center
            .distance(Vec2::new(30.0, 30.0));
        assert!(
            to.distance(Vec2::new(30.0, 30.0)) < before,
            "{level:?} closes: {to}"
        );
        // The alien gains nothing by closing: it stands (turning to face) or keeps away.
        match decide(&t, rules(), &move_decision(Side::Aliens), level) {
            Order::Rotate { unit, .. } => assert_eq!(unit, a),
            Order::Move { to, .. } => assert!(
                to.distance(Vec2::new(30.0, 10.0)) >= 20.0 - 1e-3,
                "{level:?}: the alien keeps away: {to}"
            ),
            other => panic!("{level:?}: the alien holds, not {other:?}"),
        }
    }
}

#[test]
fn the_hard_level_holds_a_shot_that_risks_more_friends_than_it_gains_and_only_then() {
    // 001: "If shooting against enemy in base contact with a friendly unit and the unit fails to
    // hit: roll D6 for each friend in contact, a score of 1, 2 or 3 results in the friendly unit
    // receiving a hit." A1 is nearer M1 than A2 and as easy to hit, but locked in a melee with
    // M2: a miss may hit M2. Hard shoots A2; the other levels shoot the nearer.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (18.0, 20.0), 0.0);
    marine(&mut t, "M2", (18.0, 21.25), 180.0); // touching the alien's front
    let far = alien(&mut t, "A2", (23.0, 20.0), 180.0);
    let shot_at = |level| match decide(&t, rules(), &Decision::Shoot { side: Side::Humans }, level)
    {
        Order::Shoot {
            shooter, target, ..
        } => (shooter, target),
        other => panic!("{level:?} shoots, not {other:?}"),
    };
    assert_eq!(shot_at(AiLevel::Hard), (m, far));
    for level in [AiLevel::Cautious, AiLevel::Normal] {
        assert_eq!(shot_at(level), (m, near), "{level:?}");
    }
    // With nobody in the melee's way, hard takes the nearer shot as well.
    let mut clear = open_table();
    let m = marine(&mut clear, "M1", (20.0, 10.0), 0.0);
    let near = alien(&mut clear, "A1", (18.0, 20.0), 0.0);
    alien(&mut clear, "A2", (23.0, 20.0), 180.0);
    let order = decide(
        &clear,
        rules(),
        &Decision::Shoot { side: Side::Humans },
        AiLevel::Hard,
    );
    assert!(
        matches!(order, Order::Shoot { shooter, target, .. } if shooter == m && target == near),
        "{order:?}"
    );
}

#[test]
fn adrift_a_marine_launches_at_what_it_can_come_to_rest_against_on_its_way_to_the_ship() {
    // 003 zero-g: a push off carries a unit on "until they hit another object", and off the
    // table it is lost. A rock stands between the marine and the airlock it must reach; every
    // heading that clears the rock would carry it off the table, except the one at the mast,
    // from which a second push reaches the airlock. At every level it pushes off at the mast,
    // where it used to stand stuck behind the rock.
    use crate::rules::drift::{Course, drift_course};
    use ambush_data::scenario::{Environment, Objective};
    let mut t = open_table();
    t.config.scenario_mut().environment = Some(Environment::Space);
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "airlock".into(),
    });
    let m = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    alien(&mut t, "A1", (60.0, 44.0), 180.0);
    let rock = Shape::Circle {
        center: (20.0, 12.5),
        radius: 1.5,
    };
    let mast = Shape::Circle {
        center: (32.0, 10.0),
        radius: 1.0,
    };
    let airlock = Shape::Rect {
        center: (20.0, 30.0),
        size: (6.0, 2.0),
        rotation: 0.0,
    };
    for (name, shape) in [("rock", rock), ("mast", mast), ("airlock", airlock)] {
        t.terrain
            .push(TerrainFeature::new(name, shape, Going::Impassable));
    }
    let start = t.unit(m).unwrap().base;
    for level in AiLevel::ALL {
        let order = decide(&t, rules(), &move_decision(Side::Humans), level);
        let Order::Move { unit, to, .. } = order else {
            panic!("{level:?} pushes off, not {order:?}");
        };
        assert_eq!(unit, m);
        let Course::Rests { at, .. } = drift_course(&t, rules(), m, &start, to - start.center)
        else {
            panic!("{level:?} launches itself off the table toward {to}");
        };
        assert!(
            at.center.distance(Vec2::new(32.0, 10.0)) < 2.0,
            "{level:?} comes to rest at {at:?}, not at the mast"
        );
    }
}

#[test]
fn a_marine_makes_for_a_free_place_along_the_hull_and_steps_onto_it_squarely() {
    // 001's crashed ship: the marines must "repair the ship and board it", in contact with it.
    // A marine with its back to the hull falls back onto its place there turned squarely to it,
    // at every level: turned to face the alien instead, a corner of its base would cut into the
    // ship, and the move would be refused. Where another base already stands at the nearest point
    // of the hull, it makes for the nearest free place along it.
    use crate::control::marine_ai::free_ship_slot;
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let ship = Shape::Rect {
        center: (30.0, 24.0),
        size: (6.0, 3.0),
        rotation: 0.0,
    };
    t.terrain
        .push(TerrainFeature::new("ship", ship.clone(), Going::Impassable));
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "ship".into(),
    });
    alien(&mut t, "A1", (5.0, 5.0), 0.0);
    let m = marine(&mut t, "M1", (35.0, 24.0), 90.0);
    let tol = rules().general.contact_tolerance;
    for level in AiLevel::ALL {
        let order = decide(&t, rules(), &move_decision(Side::Humans), level);
        let Order::Move {
            unit, to, facing, ..
        } = order
        else {
            panic!("{level:?} steps onto the hull, not {order:?}");
        };
        assert_eq!(unit, m);
        let base = t.unit(m).unwrap().base.at(to).facing(facing);
        assert!(t.touches_ship(&base, tol), "{level:?} ends at {base:?}");
        assert!(placement_clear(&t, rules(), &base, &[m]), "{level:?}");
    }
    // Another marine already stands at M1's nearest point of the hull.
    let other = marine(&mut t, "M2", (33.52, 24.0), 270.0);
    let (place, facing) = free_ship_slot(&t, rules(), &ship, t.unit(m).unwrap()).unwrap();
    let base = t.unit(m).unwrap().base.at(place).facing(facing);
    assert!(t.touches_ship(&base, tol), "{base:?}");
    assert!(placement_clear(&t, rules(), &base, &[m]), "{base:?}");
    let picture = aims::Picture::of(&t, rules(), Side::Humans);
    assert_eq!(
        picture.goal(&t, rules(), t.unit(m).unwrap()),
        Some(place),
        "the goal is the free place, not M2's"
    );
    assert!(place.distance(t.unit(other).unwrap().base.center) >= 1.0);
}

#[test]
fn the_hard_levels_boarders_step_onto_a_free_place_along_the_hull_before_the_scripts_walk() {
    // The script's walk makes for the nearest point of the hull, however crowded (001: the
    // marines must "repair the ship and board it", in contact with it). Hard's marine, whose
    // nearest point M2 already holds, steps squarely onto the free place beside M2 within its
    // move, where the script's own order does not bring it into contact.
    use ambush_data::scenario::Objective;
    let mut t = open_table();
    let ship = Shape::Circle {
        center: (30.0, 24.0),
        radius: 3.0,
    };
    t.terrain
        .push(TerrainFeature::new("ship", ship, Going::Impassable));
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "ship".into(),
    });
    alien(&mut t, "A1", (5.0, 5.0), 0.0);
    marine(&mut t, "M2", (33.52, 24.0), 270.0);
    let m = marine(&mut t, "M1", (34.9, 25.2), 246.0);
    let tol = rules().general.contact_tolerance;
    let ends_at_the_ship = |order: &Order| match order {
        Order::Move {
            unit, to, facing, ..
        } if *unit == m => t.touches_ship(&t.unit(m).unwrap().base.at(*to).facing(*facing), tol),
        _ => false,
    };
    let hard = decide(&t, rules(), &move_decision(Side::Humans), AiLevel::Hard);
    assert!(ends_at_the_ship(&hard), "{hard:?}");
    let memos = AiMemos::default();
    let script =
        crate::control::marine_ai::decide(&t, rules(), &move_decision(Side::Humans), &memos);
    assert!(!ends_at_the_ship(&script), "{script:?}");
}
