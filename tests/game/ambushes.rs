//! Ambush scenarios, headless: the ambush is sprung as the first turn opens, every ambushed unit's
//! detection is in the log, surprised units are held as their model says, the ambush-units phase
//! moves them on, and a scenario that combines the models wrongly is refused with its line.

use crate::{root, scenario};
use ambush::game::components::{Base, SurpriseState, TurnRecord, UnitLabel};
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::check::parse_scenario;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::RollKind;
use ambush_engine::rules::table::Surprise;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use std::sync::Arc;

fn app(file: &str, seed: u64) -> App {
    app_for(scenario(file), seed)
}

/// A headless game of `scenario` under AI control.
fn app_for(scenario: ambush_data::scenario::Scenario, seed: u64) -> App {
    let setup = NewGame::new(scenario, seed, 0);
    ambush::game::headless_app(&setup, Arc::new(Rules::bundled().clone()))
}

fn surprised(app: &mut App, side: Side) -> Vec<(String, Surprise, bool)> {
    let world = app.world_mut();
    world
        .query::<(&UnitLabel, &Base, &SurpriseState, &TurnRecord)>()
        .iter(world)
        .filter(|(_, b, s, _)| b.side == side && s.0 != Surprise::Alert)
        .map(|(l, _, s, r)| (l.0.to_string(), s.0, r.0.moved.is_some() || r.0.shot))
        .collect()
}

#[test]
fn jungle_patrol_approaches_then_rolls_awe_for_every_marine_and_holds_the_surprised() {
    // 004 complex set-up: reaction tests and spotting each approach turn; 000: "The Ambush
    // Detection Roll (AWE attribute roll) is made by every persona that is being ambushed";
    // failures "cannot attack or move" in the first unit; the ambusher activates first, unless
    // the column spotted it.
    let mut sprung_by_aliens = 0;
    for seed in 1..13 {
        let mut app = app("jungle_patrol.ron", seed);
        // Alien generation springs the ambush; movement runs the first turn.
        for _ in 0..3 {
            app.update();
        }
        let log = app.world().resource::<GameInPlay>().dice.log.clone();
        assert!(
            log.iter().any(|e| e.kind == RollKind::ReactionTest),
            "seed {seed}"
        );
        let found = log
            .iter()
            .any(|e| e.kind == RollKind::Spotting && e.success == Some(true) && e.dice == "none");
        let detections: Vec<_> = log
            .iter()
            .filter(|e| e.kind == RollKind::AweDetection)
            .collect();
        let first_move = log
            .iter()
            .find(|e| e.kind == RollKind::MovementInitiative)
            .expect("movement opened");
        if found {
            // "The ambushed player ... activate first", and nobody is surprised.
            assert!(detections.is_empty(), "seed {seed}");
            // The log names the side as the scenario does.
            assert_eq!(first_move.actor.as_deref(), Some("marines"), "seed {seed}");
            assert!(
                first_move.effect.contains("column found"),
                "{}",
                first_move.effect
            );
            assert!(surprised(&mut app, Side::Humans).is_empty());
            continue;
        }
        if log
            .iter()
            .any(|e| e.kind == RollKind::SurpriseCheck && e.dice == "none")
        {
            // Sprung early while the column was still beyond closing range (002): the aliens act
            // first, but nobody is caught.
            assert!(detections.is_empty(), "seed {seed}");
            continue;
        }
        sprung_by_aliens += 1;
        // One AWE roll per marine on the table: all six once the lead reached the spring point
        // (20" along, with the column 12.5" long); after an early spring, those still off the
        // table behind the edge roll nothing.
        let mut rolled: Vec<_> = detections.iter().filter_map(|e| e.actor.clone()).collect();
        rolled.dedup();
        assert_eq!(rolled.len(), detections.len(), "one roll each: {rolled:?}");
        let premature = log.iter().any(|e| e.kind == RollKind::PrematureTrigger);
        if premature {
            assert!((1..=6).contains(&detections.len()), "seed {seed}");
        } else {
            assert_eq!(detections.len(), 6, "one AWE roll per marine");
        }
        assert!(
            detections.iter().all(|e| e.dice == "1d50"),
            "Tough: Table 34.1's 1d50"
        );
        assert_eq!(first_move.actor.as_deref(), Some("aliens"), "seed {seed}");
        assert!(first_move.effect.contains("ambusher activates first"));
        let failed = detections
            .iter()
            .filter(|e| e.success == Some(false))
            .count();
        // Through turn 1 the surprised neither move nor shoot.
        let turn = |app: &App| app.world().resource::<GameInPlay>().table.progress.turn;
        while turn(&app) == 1 {
            let held = surprised(&mut app, Side::Humans);
            assert_eq!(held.len(), failed, "seed {seed}: {held:?}");
            assert!(
                held.iter().all(|(_, _, acted)| !acted),
                "seed {seed}: {held:?}"
            );
            app.update();
        }
        // The ambush-units phase rolled the second unit for each still-surprised marine (or let
        // one hurt in contact join).
        let recoveries = app
            .world()
            .resource::<GameInPlay>()
            .dice
            .log
            .iter()
            .filter(|e| e.kind == RollKind::AmbushRecovery && e.turn == 1)
            .count();
        assert_eq!(recoveries, failed, "seed {seed}");
    }
    assert!(sprung_by_aliens > 0, "some seed sprang the ambush");
}

#[test]
fn the_four_ambush_scenarios_play_to_an_end_with_their_own_rolls() {
    for (file, kind) in [
        ("jungle_patrol.ron", RollKind::AweDetection),
        ("storm_crossing.ron", RollKind::SurpriseCheck),
        ("night_raid.ron", RollKind::Perception),
        ("mountain_pass.ron", RollKind::Spotting),
    ] {
        let mut app = app(file, 7);
        let mut over = false;
        for _ in 0..400 {
            app.update();
            if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
                over = true;
                break;
            }
        }
        assert!(over, "{file} ended");
        let log = &app.world().resource::<GameInPlay>().dice.log;
        assert!(log.iter().any(|e| e.kind == kind), "{file} rolled {kind:?}");
    }
}

#[test]
fn a_scenario_that_combines_the_ambush_models_wrongly_is_refused_at_its_line() {
    let good = std::fs::read_to_string(root().join("scenarios/storm_crossing.ron")).unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(parse_scenario("s.ron", &good, Rules::bundled()).is_ok());
    // Roll for doom lasts as long as the party check says: it cannot go with AWE detection.
    let bad = good.replacen("detection: PartyCheck", "detection: Awe", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of(&bad, "effects: RollForDoom"), "{e}");
    assert!(e.message.contains("PartyCheck"), "{e}");
    // 002's modifiers must be on its list, and a ranged one needs its value.
    let bad = good.replacen("(\"rain or snow\", None)", "(\"hail\", None)", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of(&bad, "\"hail\""), "{e}");
    let bad = good.replacen(
        "(\"other party is distracted\", Some(1))",
        "(\"other party is distracted\", None)",
        1,
    );
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert!(e.message.contains("+1 to +3"), "{e}");
    // An alien ambusher must be troop Alien.
    let bad = good.replacen(
        "side: Aliens, troop: Alien, at: (30.0",
        "side: Aliens, troop: Infantry, at: (30.0",
        1,
    );
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of(&bad, "label: \"R1\""), "{e}");
    // The complex set-up is refused with a reason rather than played wrongly.
    let bad = good.replacen("setup: None", "setup: Complex", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert!(e.message.contains("complex"), "{e}");
}

#[test]
fn the_ambushers_set_up_zone_is_enforced_at_its_line() {
    // 004: "Typically, the ambusher has restrictions on where on the table he can set up."
    let good = std::fs::read_to_string(root().join("scenarios/mountain_pass.ron")).unwrap();
    let line_of =
        |text: &str, needle: &str| text.lines().position(|l| l.contains(needle)).unwrap() + 1;
    assert!(parse_scenario("s.ron", &good, Rules::bundled()).is_ok());
    // A marine hidden out on the open slope, outside the zone.
    let bad = good.replacen("at: (33.0, 26.0)", "at: (20.0, 26.0)", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of(&bad, "at: (20.0, 26.0)"), "{e}");
    assert!(e.message.contains("set-up zone"), "{e}");
    // A dummy counter likewise.
    let bad = good.replacen("(42.0, 8.0)]", "(60.0, 8.0)]", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert!(e.message.contains("ambush.dummies[2]"), "{e}");
    // In a complex set-up every ambush unit is an alien: the column or the hidden ambushers.
    let bad = good.replacen(
        "(label: \"C5\", side: Aliens, troop: Alien",
        "(label: \"C5\", side: Humans, troop: Infantry",
        1,
    );
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert!(e.message.contains("every ambush unit is an alien"), "{e}");
}

#[test]
fn an_ambush_sprung_beyond_closing_range_surprises_nobody_and_says_why() {
    // 002: "If the parties aren't close enough that a clash could take place ... then any
    // surprise would be moot"; the game says why in the log.
    let text = std::fs::read_to_string(root().join("scenarios/storm_crossing.ron")).unwrap();
    let far = text.replace(", 26.0), facing: 180.0)", ", 40.0), facing: 180.0)");
    let scenario = parse_scenario("far.ron", &far, Rules::bundled()).unwrap();
    let mut app = app_for(scenario, 1);
    for _ in 0..3 {
        app.update();
    }
    let log = &app.world().resource::<GameInPlay>().dice.log;
    let why = log
        .iter()
        .find(|e| e.kind == RollKind::SurpriseCheck)
        .expect("the check is in the log");
    assert!(why.rolls.is_empty(), "no dice: surprise is impossible");
    assert!(why.effect.contains("closing range"), "{}", why.effect);
    assert!(surprised(&mut app, Side::Humans).is_empty());
}

#[test]
fn the_column_players_order_of_march_and_spacing_decide_who_leads() {
    // 004: "the player that will be ambushed writes down the order that his units will move on
    // the table, and the distance separating them."
    use ambush::screen::MarchOrder;
    let s = scenario("jungle_patrol.ron");
    let mut m = MarchOrder::of(&s).expect("a complex ambush on the marines");
    assert_eq!(m.order, (0..6).collect::<Vec<_>>());
    m.order.swap(0, 1);
    m.spacing = 3.0;
    let chosen = m.apply(&s);
    assert_eq!(chosen.units[0].label, "M1");
    assert_eq!(chosen.units[1].label, "S1");
    assert_eq!(chosen.ambush.as_ref().unwrap().spacing, 3.0);
    let mut app = app_for(chosen, 2);
    app.update();
    app.update();
    // The lead is furthest up the trail (north), the next 3" behind it.
    let world = app.world_mut();
    let mut marines: Vec<(String, f32)> = world
        .query::<(&UnitLabel, &Base)>()
        .iter(world)
        .filter(|(_, b)| b.side == Side::Humans)
        .map(|(l, b)| (l.0.to_string(), b.position.y))
        .collect();
    marines.sort_by(|a, b| b.1.total_cmp(&a.1));
    assert_eq!(marines[0].0, "M1");
    assert_eq!(marines[1].0, "S1");
    assert!(
        (marines[0].1 - marines[1].1 - 3.0).abs() < 0.05,
        "{marines:?}"
    );
}

#[test]
fn the_ambushing_player_picks_where_the_patrols_lead_is_when_sprung() {
    // 004 simple ambush: "the player conducting the ambush indicates where he wants the lead unit
    // to be when the ambush is sprung. The ambushed player places his first unit on the table at
    // the indicated location, then ... all of the other units in the column ... at the correct
    // distance separating them."
    // The AI's choice is the scenario's own point (`Decision::Spring`'s hint).
    use ambush_engine::play::deployment::spring_bounds;
    let mut s = scenario("night_raid.ron");
    assert_eq!(
        spring_bounds(&s),
        Some((16.0, 44.0)),
        "five aliens 4\" apart must all stand on the route"
    );
    if let Some(a) = s.ambush.as_mut() {
        a.spring_at = Some(20.0);
    }
    let mut app = app_for(s, 3);
    app.update();
    app.update();
    let world = app.world_mut();
    let mut patrol: Vec<(String, Vec2)> = world
        .query::<(&UnitLabel, &Base)>()
        .iter(world)
        .filter(|(l, _)| l.0.starts_with('P'))
        .map(|(l, b)| (l.0.to_string(), b.position))
        .collect();
    patrol.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        patrol[0].1,
        Vec2::new(36.0, 22.0),
        "the lead 20\" up a route from y = 2"
    );
    assert_eq!(patrol[4].1, Vec2::new(36.0, 6.0), "the last 16\" behind it");
}

/// The approach of a complex set-up, read after each frame: (turns, lead, ended).
fn approach_of(app: &App) -> Option<ambush_engine::rules::table::Approach> {
    app.world()
        .resource::<GameInPlay>()
        .table
        .progress
        .approach
        .clone()
}

#[test]
fn mountain_pass_column_approaches_turn_by_turn_past_counters_that_look_alike() {
    // 004 complex ambush: "The first unit in the ambushed player's convoy/column is moved onto
    // the edge of the table. Each turn, the ambushing player makes a Reaction Test for all of his
    // units ... If none of the ambushing units fail the test, the lead unit in column is moved
    // it's full movement". The window plays one approach turn per AI step.
    use ambush::game::resources::GameInPlay;
    use ambush_engine::play::seats::AiSteps;
    use ambush_engine::rules::table::ApproachEnd;
    let mut ends = Vec::new();
    for seed in 1..9 {
        let mut app = app("mountain_pass.ron", seed);
        app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(0));
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<TurnPhase>>().get(),
            Phase::Approach
        );
        let opened = approach_of(&app).expect("the approach opens before any approach turn");
        assert_eq!(opened.turns, 0);
        // Six marines and three dummies, named by place: south to north, then west to east.
        assert_eq!(opened.counters.len(), 9);
        for (i, c) in opened.counters.iter().enumerate() {
            assert_eq!(c.name, format!("counter {}", i + 1));
        }
        assert!(
            opened
                .counters
                .windows(2)
                .all(|w| (w[0].at.y, w[0].at.x) <= (w[1].at.y, w[1].at.x))
        );
        assert_eq!(
            opened.counters.iter().filter(|c| c.unit.is_none()).count(),
            3
        );
        // The alien column came onto its route, lead first.
        assert_eq!(opened.column.len(), 5);
        let mut leads = vec![opened.lead];
        let mut end = None;
        for _ in 0..40 {
            app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
            app.update();
            match approach_of(&app) {
                Some(a) => {
                    assert_eq!(a.turns as usize, leads.len(), "one approach turn per step");
                    leads.push(a.lead);
                    if a.ended.is_some() {
                        end = a.ended;
                        break;
                    }
                }
                // Sprung in the same frame: the approach record is gone with it.
                None => break,
            }
        }
        let end = end.expect("the approach ends");
        // Every turn but the last moved the lead its full move.
        let steps: Vec<f32> = leads.windows(2).map(|w| w[1] - w[0]).collect();
        let full = steps[0];
        if end != ApproachEnd::Premature {
            assert!(full > 0.0);
        }
        for s in &steps[..steps.len() - 1] {
            assert!((s - full).abs() < 1e-3, "seed {seed}: {steps:?}");
        }
        if end == ApproachEnd::SpringPoint {
            assert!((leads.last().unwrap() - 30.0).abs() < 1e-3);
        }
        // The marines' reaction tests are kept from the aliens' player until the ambush springs.
        let log = app.world().resource::<GameInPlay>().dice.log.clone();
        let tests: Vec<_> = log
            .iter()
            .filter(|e| e.kind == RollKind::ReactionTest && e.actor.is_some())
            .collect();
        assert!(!tests.is_empty());
        assert!(tests.iter().all(|e| e.hidden_from == Some(Side::Aliens)));
        assert!(
            tests
                .iter()
                .all(|e| ["M2", "M5"].contains(&e.actor.as_deref().unwrap())),
            "Leadership 1 does not test"
        );
        ends.push(end);
    }
    assert!(ends.len() == 8);
}

#[test]
fn a_player_kept_in_the_dark_sees_counters_but_not_the_ambushers() {
    // 004: hidden units "stay hidden from the ambushed side until spotted or sprung". In
    // hot-seat the aliens' player watches the approach: the marines' bases are not on its
    // table, the counters are all alike, and once the ambush is sprung every marine shows but
    // those still under their counters.
    use ambush::game::resources::GameInPlay;
    use ambush::game::visibility::PlayerView;
    use ambush_engine::control::Controllers;
    use ambush_engine::play::seats::AiSteps;
    use ambush_engine::visibility::kept_in_the_dark;
    let mut setup = NewGame::new(scenario("mountain_pass.ron"), 5, 0);
    setup.controllers = Controllers::hot_seat();
    let mut app = ambush::input::player_app(&setup, Arc::new(Rules::bundled().clone()));
    app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(0));
    for _ in 0..3 {
        app.update();
    }
    {
        let battle = &app.world().resource::<GameInPlay>().table;
        let controllers = &app.world().resource::<GameInPlay>().controllers;
        assert_eq!(
            kept_in_the_dark(controllers, &battle.config, &battle.progress),
            Some(Side::Aliens)
        );
        assert_eq!(
            app.world().resource::<PlayerView>().dark,
            Some(Side::Aliens)
        );
        let seen = app.world().resource::<PlayerView>().table.clone().unwrap();
        assert!(seen.units.iter().all(|u| u.side == Side::Aliens));
        assert!(!seen.units.is_empty());
        let counters = &seen.progress.approach.as_ref().unwrap().counters;
        assert_eq!(counters.len(), 9);
        assert!(counters.iter().all(|c| c.unit.is_none()));
        // Solo, the marines' player set the ambush: nothing is kept from anyone.
        assert_eq!(
            kept_in_the_dark(&Controllers::solo(), &battle.config, &battle.progress),
            None
        );
    }
    app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(None);
    // The marines' player chooses at each approach turn (004: "until ambusher is ready to
    // spring the ambush"): here as the scenario would, marching on until the lead can reach its
    // spring point.
    for _ in 0..200 {
        let mut game = app.world_mut().resource_mut::<GameInPlay>();
        if game.table.progress.ambush_sprung {
            break;
        }
        if let Some(d) = game.awaiting.0.clone() {
            assert_eq!(d.side(), Side::Humans, "only the ambusher chooses: {d:?}");
            let order = ambush_engine::rules::phases::approach::scenario_choice(&d);
            game.pending.push(Side::Humans, order);
        }
        app.update();
    }
    assert!(
        app.world()
            .resource::<GameInPlay>()
            .table
            .progress
            .ambush_sprung
    );
    // Sprung, the marines that have fired or been found show; those still under their counters
    // do not. (Nobody gives an order here, so only a marine the column spotted shows.)
    let full = crate::visibility::full_table(&mut app);
    let seen = app.world().resource::<PlayerView>().table.clone().unwrap();
    let shown = |u: &ambush_engine::rules::table::Unit| seen.units.iter().any(|s| s.id == u.id);
    let marines: Vec<_> = full.side_on_table(Side::Humans).collect();
    assert!(marines.iter().any(|u| u.status.hidden));
    for m in marines {
        assert_eq!(shown(m), !m.status.hidden, "{}", m.label);
    }
    assert_eq!(seen.progress.counters.len(), full.progress.counters.len());
}

#[test]
fn the_ambushers_set_up_screen_places_hidden_units_and_dummies_inside_the_zone() {
    // 004: "the player conducting the ambush places his figures on the tabletop, or places
    // hidden unit counters and dummy counters on the tabletop. Typically, the ambusher has
    // restrictions on where on the table he can set up."
    use ambush::screen::{DeploymentStep, DeploymentWizard, Piece};
    use ambush_engine::control::Controllers;
    let rules = Arc::new(Rules::bundled().clone());
    let mut setup = NewGame::new(scenario("mountain_pass.ron"), 4, 0);
    setup.controllers = Controllers::solo();
    let mut w = DeploymentWizard::new(setup, rules.clone()).expect("the marines set this ambush");
    // The alien column is the AI's: only the ambusher's step is the player's.
    assert_eq!(w.steps, vec![DeploymentStep::Ambush(Side::Humans)]);
    assert!(w.ready);
    // Out on the open slope, outside the zone: refused with the rule, nothing moved.
    let e = w.place(Piece::Unit(0), (20.0, 26.0)).unwrap_err();
    assert!(e.contains("set-up zone"), "{e}");
    assert_eq!(w.placement.as_ref().unwrap().units[0].1, (33.0, 26.0));
    // Into impassable rock: refused too.
    let e = w.place(Piece::Unit(0), (31.0, 30.0)).unwrap_err();
    assert!(e.contains("impassable"), "{e}");
    // Inside the zone: taken.
    w.place(Piece::Unit(0), (33.0, 36.0)).unwrap();
    // Dummies: remove one, put it back elsewhere, but never more than the scenario's three.
    w.remove_dummy(0);
    assert_eq!(w.placement.as_ref().unwrap().dummies.len(), 2);
    w.place(Piece::Dummy(2), (40.0, 20.0)).unwrap();
    assert!(w.place(Piece::Dummy(3), (40.0, 24.0)).is_err());
    let game = w.finish_step().expect("the last step starts the game");
    let a = game.scenario.ambush.as_ref().unwrap();
    assert_eq!(a.dummies.len(), 3);
    assert!(a.dummies.contains(&(40.0, 20.0)));
    assert_eq!(game.scenario.units[0].at, (33.0, 36.0));
    // The game puts a counter where the player put each piece.
    let mut app = app_for(game.scenario.clone(), 4);
    app.world_mut().resource_mut::<GameInPlay>().ai_steps =
        ambush_engine::play::seats::AiSteps(Some(0));
    app.update();
    app.update();
    let counters = approach_of(&app).unwrap().counters;
    assert!(
        counters
            .iter()
            .any(|c| c.unit.as_deref() == Some("M1") && c.at == Vec2::new(33.0, 36.0))
    );
    assert!(
        counters
            .iter()
            .any(|c| c.unit.is_none() && c.at == Vec2::new(40.0, 20.0))
    );
}

#[test]
fn in_hot_seat_the_column_writes_its_order_then_the_ambusher_sets_up_behind_a_curtain() {
    // 004: "First, the player that will be ambushed writes down the order ... Next, the player
    // conducting the ambush places ... Then, the player being ambushed shows the other player
    // the order ... Finally, the player conducting the ambush indicates where he wants the lead
    // unit to be when the ambush is sprung."
    use ambush::screen::{DeploymentStep, DeploymentWizard};
    use ambush_engine::control::Controllers;
    let rules = Arc::new(Rules::bundled().clone());
    let mut setup = NewGame::new(scenario("jungle_patrol.ron"), 4, 0);
    setup.controllers = Controllers::hot_seat();
    let mut w = DeploymentWizard::new(setup.clone(), rules.clone()).unwrap();
    assert_eq!(
        w.steps,
        vec![
            DeploymentStep::March(Side::Humans),
            DeploymentStep::Ambush(Side::Aliens)
        ]
    );
    assert!(
        !w.ready,
        "the marines' player is called to the screen first"
    );
    w.ready = true;
    w.march.as_mut().unwrap().spacing = 4.0;
    assert!(w.finish_step().is_none());
    assert!(
        !w.ready,
        "the curtain falls before the aliens' secret set-up"
    );
    // The spring point is no part of the set-up screens: it is picked on the table, once the
    // column's order is shown.
    let game = w.finish_step().unwrap();
    assert_eq!(game.scenario.ambush.as_ref().unwrap().spacing, 4.0);
    // Solo, the aliens' set-up is the AI's (the scenario's own); the player writes the order.
    setup.controllers = Controllers::solo();
    let w = DeploymentWizard::new(setup, rules).unwrap();
    assert_eq!(w.steps, vec![DeploymentStep::March(Side::Humans)]);
}

#[test]
fn an_alien_column_in_hot_seat_writes_its_own_order_of_march() {
    // 004 in the other direction: the aliens' player is the column, the marines' the ambusher.
    use ambush::screen::{DeploymentStep, DeploymentWizard};
    use ambush_engine::control::Controllers;
    let rules = Arc::new(Rules::bundled().clone());
    let mut setup = NewGame::new(scenario("night_raid.ron"), 6, 0);
    setup.controllers = Controllers::hot_seat();
    let mut w = DeploymentWizard::new(setup, rules).unwrap();
    assert_eq!(
        w.steps,
        vec![
            DeploymentStep::March(Side::Aliens),
            DeploymentStep::Ambush(Side::Humans)
        ]
    );
    w.march.as_mut().unwrap().order.swap(0, 1);
    assert!(w.finish_step().is_none());
    let game = w.finish_step().unwrap();
    let column: Vec<&str> = game
        .scenario
        .ambush
        .as_ref()
        .unwrap()
        .units
        .iter()
        .map(|u| u.label.as_str())
        .collect();
    assert_eq!(column, ["P2", "P1", "P3", "P4", "P5"]);
    // Sprung at the spring point, P2 leads the patrol up the gully.
    let mut app = app_for(game.scenario, 6);
    app.update();
    app.update();
    let world = app.world_mut();
    let lead = world
        .query::<(&UnitLabel, &Base)>()
        .iter(world)
        .filter(|(_, b)| b.side == Side::Aliens)
        .max_by(|a, b| a.1.position.y.total_cmp(&b.1.position.y))
        .map(|(l, _)| l.0.to_string());
    assert_eq!(lead.as_deref(), Some("P2"));
}

/// 001: "morale can be ignored: troops will fight to the last man", as Storm Crossing says
/// (`human_morale: false`): 002's morale check after the roll for doom is not taken, and the
/// marines never break and walk off. With morale on, the same games take it.
#[test]
fn with_morale_ignored_the_marines_take_no_morale_check_after_the_roll_for_doom() {
    let rules = Arc::new(Rules::bundled().clone());
    let mut s = scenario("storm_crossing.ron");
    assert!(!s.human_morale, "Storm Crossing fights to the last man");
    let checks = |s: &ambush_data::scenario::Scenario| {
        (0..40)
            .map(|g| {
                let r = ambush::batch::play_game(s, rules.clone(), 1, g, None, true);
                r.log
                    .iter()
                    .filter(|e| e.kind == RollKind::MoraleCheck)
                    .count()
            })
            .sum::<usize>()
    };
    assert_eq!(checks(&s), 0, "no morale check while morale is ignored");
    s.human_morale = true;
    assert!(
        checks(&s) > 0,
        "with morale on, the surprised party checks it"
    );
}

#[test]
fn in_jungle_patrol_marines_held_by_the_third_unit_run_only_after_the_melee_and_away_from_the_aliens()
 {
    // 000, Example Ambush, Third Unit: "For those personas that are still not part of the action
    // they may move but not attack. More precisely they may run away but they can only do this
    // at the end of the unit." Whole games under AI control: a marine the ladder holds to "may
    // move" never moves in the movement, shooting or melee phase; it moves only in the run-away
    // step after the melee, and every such move ends farther from every alien the marines can
    // see.
    let mut runs = 0;
    for seed in 1..9 {
        let mut app = app("jungle_patrol.ron", seed);
        for _ in 0..2_000 {
            let (phase, before) = {
                let g = app.world().resource::<GameInPlay>();
                (g.phase, g.table.clone())
            };
            if phase == Phase::GameOver {
                break;
            }
            app.update();
            let now = &app.world().resource::<GameInPlay>().table;
            for u in before
                .units
                .iter()
                .filter(|u| u.on_table() && u.surprise.may_run_away())
            {
                let Some(after) = now.unit(u.id).filter(|a| a.on_table()) else {
                    continue;
                };
                if after.base.center.distance(u.base.center) < 1e-4 {
                    continue;
                }
                assert_eq!(
                    phase,
                    Phase::RunAway,
                    "seed {seed}: {} moved in the {phase:?} phase",
                    u.label
                );
                for e in before.known_enemies(Side::Humans) {
                    assert!(
                        after.base.center.distance(e.base.center)
                            > u.base.center.distance(e.base.center),
                        "seed {seed}: {} ran toward {}",
                        u.label,
                        e.label
                    );
                }
                runs += 1;
            }
        }
    }
    assert!(runs > 0, "some held marine ran away");
}

#[test]
fn in_hot_seat_the_ambusher_picks_the_spring_point_on_the_table_once_the_order_is_shown() {
    // 004 Simple Ambush: "Then, the player being ambushed shows the other player the order in
    // which his units will move ... Finally, the player conducting the ambush indicates where he
    // wants the lead unit to be when the ambush is sprung." The set-up screens take the order
    // of march, then the ambusher's pieces; the spring point is the game's first decision, the
    // ambusher's, with the order chosen (its spacing) setting how far along it must be.
    use ambush::screen::{DeploymentStep, DeploymentWizard};
    use ambush_engine::control::Controllers;
    use ambush_engine::play::Game;
    use ambush_engine::rules::orders::{Decision, Order};
    let rules = Arc::new(Rules::bundled().clone());
    let mut setup = NewGame::new(scenario("night_raid.ron"), 3, 0);
    setup.controllers = Controllers::hot_seat();
    let mut w = DeploymentWizard::new(setup, rules.clone()).expect("a set-up");
    assert_eq!(
        w.steps,
        vec![
            DeploymentStep::March(Side::Aliens),
            DeploymentStep::Ambush(Side::Humans)
        ]
    );
    w.ready = true;
    w.march.as_mut().expect("an order").spacing = 3.0;
    assert!(w.finish_step().is_none());
    w.ready = true;
    let setup = w.finish_step().expect("the game starts");
    let mut game = Game::new(&setup, rules);
    for _ in 0..20 {
        if game.awaited().is_some() {
            break;
        }
        game.step();
    }
    // Five aliens 3" apart: the lead at least 12" along the 44" route.
    assert_eq!(
        game.awaited(),
        Some(&Decision::Spring {
            side: Side::Humans,
            from: 12.0,
            to: 44.0,
            hint: 30.0,
            march_on: false,
        })
    );
    game.pending
        .push(Side::Humans, Order::SpringAt { at: 25.0 });
    for _ in 0..20 {
        if game.table.progress.ambush_sprung {
            break;
        }
        game.step();
    }
    assert!(game.table.progress.ambush_sprung);
    let at = |label: &str| {
        game.table
            .units
            .iter()
            .find(|u| &*u.label == label)
            .map(|u| u.base.center)
    };
    assert_eq!(
        at("P1"),
        Some(Vec2::new(36.0, 27.0)),
        "the lead 25\" up a route from y = 2"
    );
    assert_eq!(
        at("P5"),
        Some(Vec2::new(36.0, 15.0)),
        "the last 12\" behind it"
    );
}
