//! The bundled colonial mod, played whole: its own troops, formations and names from the menu's tables to the last roll, headless, watched and hot-seat.

use crate::root;
use crate::visibility::{full_table, overlay_text, play_as_the_ai};
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush::game::{headless_app, run_to_end};
use ambush::input::player_app;
use ambush_data::board::Side;
use ambush_data::mods::{LoadedMod, load_mod};
use ambush_data::{Ident, Scenario};
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::formation;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;

/// Words of the bundled sci-fi game that no text of the colonial mod may show (001: "Anachronisms
/// must also be edited out").
const ANACHRONISMS: [&str; 6] = ["alien", "marine", "blaster", "plasma", "acid", "laser"];

fn colonial() -> LoadedMod {
    load_mod(&root().join("mods/colonial")).unwrap_or_else(|e| panic!("{e}"))
}

fn scenario(m: &LoadedMod, file: &str) -> Scenario {
    let s = m
        .scenarios
        .iter()
        .find(|s| s.file.ends_with(file))
        .unwrap_or_else(|| panic!("{file} is in the mod"));
    s.scenario.clone().unwrap_or_else(|e| panic!("{e}"))
}

fn anachronism(text: &str) -> Option<&'static str> {
    let lower = text.to_lowercase();
    ANACHRONISMS.into_iter().find(|w| lower.contains(w))
}

/// Every text of a roll a player reads: who, whom, the modifiers and the effect.
fn roll_text(e: &RollEntry) -> String {
    let mods: Vec<&str> = e.modifiers.iter().map(|m| m.name.as_ref()).collect();
    format!(
        "{} {} {} {}",
        e.actor.as_deref().unwrap_or(""),
        e.target.as_deref().unwrap_or(""),
        mods.join(" "),
        e.effect
    )
}

#[test]
fn the_colonial_mod_checks_clean_with_its_own_troops_and_names() {
    let m = colonial();
    assert_eq!(m.scenarios.len(), 2, "the square and the guns at the wells");
    for s in &m.scenarios {
        assert!(s.scenario.is_ok(), "{:?}", s.scenario);
    }
    let r = &m.rules;
    for troop in ["Colonial", "Lancers", "Artillery", "GatlingCrew", "Warrior"] {
        let line = r.troops.troops.get(&Ident::known(troop));
        let line = line.unwrap_or_else(|| panic!("{troop}"));
        assert_eq!(anachronism(&line.display), None, "{troop}");
    }
    assert_eq!(r.generation.troop, Ident::known("Warrior"));
    assert_eq!(r.terms.sides.of(Side::Aliens), "warriors");
    let gatling = r.weapon("gatling").expect("a gatling");
    assert_eq!(r.hit_dice_of(gatling), 2);
    for (name, w) in &r.weapons.weapons {
        let issued = m
            .scenarios
            .iter()
            .filter_map(|s| s.scenario.as_ref().ok())
            .any(|s| {
                s.units.iter().any(|u| u.weapons.contains(name)) || s.aliens.weapons.contains(name)
            });
        if issued {
            assert_eq!(anachronism(&w.display), None, "{name}");
        }
    }
}

#[test]
fn colonial_games_play_to_an_end_in_their_own_words() {
    let m = colonial();
    for (file, seeds) in [
        ("the_square.ron", 0..3),
        ("the_guns_at_the_wells.ron", 0..3),
    ] {
        let s = scenario(&m, file);
        for seed in seeds {
            let mut app = headless_app(&NewGame::new(s.clone(), seed, 0), m.rules.clone());
            assert!(run_to_end(&mut app, 2000), "{file} seed {seed} ends");
            let log = &app.world().resource::<GameInPlay>().dice.log;
            assert!(!log.is_empty());
            for e in log {
                let text = roll_text(e);
                assert_eq!(anachronism(&text), None, "{file} seed {seed}: {text}");
            }
            let battle = &app.world().resource::<GameInPlay>().table;
            assert!(battle.progress.outcome.is_some(), "{file}");
            assert_eq!(anachronism(&battle.progress.ending), None, "{file}");
        }
    }
}

#[test]
fn the_guns_unlimber_when_the_warriors_come_and_the_square_stays_formed() {
    let m = colonial();
    // The guns start limbered; the AI unlimbers them once the enemy is on the table.
    let s = scenario(&m, "the_guns_at_the_wells.ron");
    let limbered = Ident::known("Limbered");
    let guns: Vec<String> = s
        .units
        .iter()
        .filter(|u| u.formation == Some(limbered))
        .map(|u| u.label.clone())
        .collect();
    assert!(!guns.is_empty(), "the scenario starts with limbered guns");
    let mut app = headless_app(&NewGame::new(s, 1, 0), m.rules.clone());
    run_to_end(&mut app, 2000);
    let table = full_table(&mut app);
    for label in &guns {
        let u = table
            .units
            .iter()
            .find(|u| &*u.label == label)
            .expect("the gun");
        assert_ne!(u.status.formation, Some(limbered), "{label} unlimbered");
    }
    // The square never breaks: it may not move, and the AI keeps it (a lost melee may still
    // push a base back: that is the melee's result, not a move).
    let s = scenario(&m, "the_square.ron");
    let mut app = headless_app(&NewGame::new(s.clone(), 1, 0), m.rules.clone());
    run_to_end(&mut app, 2000);
    let table = full_table(&mut app);
    for spec in s.units.iter().filter(|u| u.formation.is_some()) {
        let u = table
            .units
            .iter()
            .find(|u| *u.label == spec.label)
            .expect("a unit");
        if u.alive() {
            assert!(
                formation::all_round(&m.rules, u),
                "{} is in square",
                u.label
            );
        }
    }
}

#[test]
fn a_colonial_game_watched_or_hot_seat_shows_the_players_only_period_words() {
    let m = colonial();
    let s = scenario(&m, "the_square.ron");
    for controllers in [Controllers::all_ai(), Controllers::hot_seat()] {
        let mut setup = NewGame::new(s.clone(), 2, 0);
        setup.controllers = controllers;
        let mut app = player_app(&setup, m.rules.clone());
        let mut last = None;
        let mut looked = 0;
        for frame in 0..6000 {
            app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
            app.update();
            let over = *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver;
            // The whole overlay, with the inspector on each unit in turn, now and then.
            if frame % 10 == 0 || over {
                let table = full_table(&mut app);
                let inspect = table
                    .units
                    .get(looked % table.units.len().max(1))
                    .map(|u| u.id);
                looked += 1;
                for text in overlay_text(&app, inspect) {
                    assert_eq!(anachronism(&text), None, "frame {frame}: {text}");
                }
            }
            if over {
                break;
            }
            // Hot-seat: each player gives the order the AI would, as in the hidden-information
            // games; a refused order becomes a pass.
            let full = full_table(&mut app);
            play_as_the_ai(&mut app, &full, &m.rules, &mut last);
            assert!(frame < 5999, "the game did not end");
        }
        assert!(looked > 10, "the overlay was read {looked} times");
    }
}

#[test]
fn a_player_unlimbers_a_gun_from_the_orders_panel_and_it_costs_the_move() {
    use ambush::game::visibility::PlayerView;
    use ambush::input::Request;
    use ambush_engine::rules::orders::Decision;
    use ambush_engine::rules::table::MoveKind;
    let m = colonial();
    let mut setup = NewGame::new(scenario(&m, "the_guns_at_the_wells.ron"), 1, 0);
    setup.controllers = Controllers::solo();
    let mut app = player_app(&setup, m.rules.clone());
    let table = |app: &App| {
        app.world()
            .resource::<PlayerView>()
            .table
            .clone()
            .expect("a game")
    };
    let mut asked = None;
    for _ in 0..200 {
        app.update();
        if let Some(d @ Decision::Move { .. }) =
            app.world().resource::<GameInPlay>().awaiting.0.clone()
        {
            asked = Some(d);
            break;
        }
    }
    assert!(asked.is_some(), "the player is asked to move");
    let gun = table(&app)
        .units
        .iter()
        .find(|u| u.status.formation == Some(Ident::known("Limbered")))
        .expect("a limbered gun")
        .id;
    // The button's request: the same Order path as every other order.
    app.world_mut()
        .write_message(Request::ChangeFormation(gun, None));
    app.update();
    app.update();
    let u = table(&app)
        .units
        .into_iter()
        .find(|u| u.id == gun)
        .expect("the gun");
    assert_eq!(u.status.formation, None, "unlimbered");
    assert_eq!(u.marks.moved, Some(MoveKind::Reformed), "it used its move");
}
