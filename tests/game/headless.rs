//! Whole crashed-ship games, headless, in the simulator's own app (`ambush::game::headless_app`).

use crate::scenario;
use ambush::game::components::{Base, UnitLabel};
use ambush::game::headless_app;
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::WoundMethod;
use ambush_data::tables::TroopType;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::RollKind;
use ambush_engine::rules::table::Outcome;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

fn game_app(file: &str, seed: u64, game: u64) -> App {
    let setup = NewGame::new(scenario(file), seed, game);
    headless_app(&setup, Arc::new(Rules::bundled().clone()))
}

fn play(app: &mut App) -> u32 {
    for frame in 0..400 {
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            return frame;
        }
    }
    panic!("the game did not end within 400 frames");
}

fn kinds_of(app: &App) -> BTreeSet<RollKind> {
    app.world()
        .resource::<GameInPlay>()
        .dice
        .log
        .iter()
        .map(|e| e.kind)
        .collect()
}

#[test]
fn crashed_ship_games_play_to_an_end() {
    let mut kinds = BTreeSet::new();
    let mut marine_wins = 0;
    for game in 0..12 {
        let mut app = game_app("crashed_ship.ron", 42, game);
        play(&mut app);
        kinds.extend(kinds_of(&app));
        let battle = &app.world().resource::<GameInPlay>().table;
        let outcome = battle
            .progress
            .outcome
            .expect("a finished game has an outcome");
        assert!(battle.progress.turn <= battle.config.scenario.turn_limit + 1);
        assert!(
            battle.progress.waves >= 1,
            "the automatic wave on turn 3 always comes"
        );
        if outcome == Outcome::HumansWin {
            marine_wins += 1;
            assert!(battle.progress.power_restored, "no take-off without power");
            assert!(battle.progress.ending.contains("takes off"));
        }
    }
    for k in [
        RollKind::AlienGeneration,
        RollKind::WaveEdge,
        RollKind::WaveSection,
        RollKind::MovementInitiative,
        RollKind::ToHit,
        RollKind::Save,
        RollKind::WoundCard,
        RollKind::Repair,
    ] {
        assert!(kinds.contains(&k), "no {k:?} roll in 12 games");
    }
    assert!(marine_wins > 0, "the scripted marines can fly the ship out");
}

#[test]
fn aliens_that_catch_the_slow_heavy_weapon_fight_melees() {
    let mut kinds = BTreeSet::new();
    for game in 0..6 {
        let mut app = game_app("crashed_ship_heavy_weapon.ron", 42, game);
        play(&mut app);
        let log = &app.world().resource::<GameInPlay>().dice.log;
        // 001 physical contact: one entry per side, the two naming each other.
        for pair in log
            .iter()
            .filter(|e| e.kind == RollKind::PhysicalContact)
            .collect::<Vec<_>>()
            .chunks(2)
        {
            assert_eq!(pair.len(), 2);
            assert_eq!(pair[0].actor, pair[1].target);
            assert!(pair[0].modifiers.iter().any(|m| m.name == "factor"));
        }
        kinds.extend(kinds_of(&app));
    }
    for k in [RollKind::PhysicalContact, RollKind::CloseQuarter] {
        assert!(kinds.contains(&k), "no {k:?} roll in 6 games");
    }
}

#[test]
fn same_seed_same_game_byte_for_byte() {
    let log = |seed| {
        let mut app = game_app("crashed_ship.ron", seed, 3);
        play(&mut app);
        app.world()
            .resource::<GameInPlay>()
            .dice
            .log
            .iter()
            .map(|e| e.to_json())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let a = log(9);
    assert_eq!(a, log(9));
    assert_ne!(a, log(10));
}

#[test]
fn every_variant_plays_to_an_end() {
    for (file, extra, troop) in [
        (
            "crashed_ship_heavy_weapon.ron",
            "HW1",
            TroopType::known("WeaponCrew"),
        ),
        (
            "crashed_ship_jet_bikes.ron",
            "JB1",
            TroopType::known("Mounted"),
        ),
        (
            "crashed_ship_sudden_death.ron",
            "M1",
            TroopType::known("Infantry"),
        ),
    ] {
        for game in 0..3 {
            let mut app = game_app(file, 5, game);
            play(&mut app);
            let world = app.world_mut();
            let found = world
                .query::<(&UnitLabel, &Base)>()
                .iter(world)
                .any(|(l, b)| &*l.0 == extra && b.troop == troop && b.side == Side::Humans);
            assert!(found, "{file}: {extra} is a {troop:?}");
            let battle = &world.resource::<GameInPlay>().table;
            assert!(battle.progress.outcome.is_some(), "{file}");
            if file.contains("sudden_death") {
                assert_eq!(
                    battle.config.scenario.human_wounds,
                    WoundMethod::SuddenDeath
                );
            }
        }
    }
}

#[test]
fn the_simulators_sudden_death_option_rolls_sudden_death_for_the_marines() {
    // 001: "Try one game using unit degradation and the next with sudden death"; `simulate
    // --wounds sudden-death` sets the method over the scenario's.
    let rules = Arc::new(Rules::bundled().clone());
    let mut kinds = BTreeSet::new();
    // Jungle Patrol's marines take wounds, and its own method is degradation.
    assert_eq!(
        scenario("jungle_patrol.ron").human_wounds,
        WoundMethod::Degradation
    );
    for game in 0..4 {
        let mut setup = NewGame::new(scenario("jungle_patrol.ron"), 3, game);
        setup.wounds = Some(WoundMethod::SuddenDeath);
        let mut app = headless_app(&setup, rules.clone());
        play(&mut app);
        kinds.extend(kinds_of(&app));
        assert_eq!(
            app.world()
                .resource::<GameInPlay>()
                .table
                .config
                .scenario
                .human_wounds,
            WoundMethod::SuddenDeath
        );
    }
    assert!(kinds.contains(&RollKind::SuddenDeath), "{kinds:?}");
}

/// The rules never loop on a column's spacing that is no distance (the scenario check refuses
/// one in a file; this is the second defence): Night Raid with such a spacing, set past the
/// check, plays out within the simulator's step cap instead of stepping back along its route
/// for ever.
#[test]
fn a_column_spaced_by_no_distance_still_plays_out_within_the_step_cap() {
    let mut s = scenario("night_raid.ron");
    let rules = Arc::new(Rules::bundled().clone());
    for spacing in [f32::NAN, f32::INFINITY, 1.0e30, -1.0e30] {
        s.ambush.as_mut().expect("an ambush").spacing = spacing;
        let mut setup = NewGame::new(s.clone(), 1, 0);
        setup.keep_log = false;
        let mut game = ambush_engine::play::Game::new(&setup, rules.clone());
        let played = game.play_to_end(ambush::batch::step_cap(&s));
        assert!(
            played.ended || game.table.progress.turn <= s.turn_limit + 2,
            "{spacing}: turn {}",
            game.table.progress.turn
        );
    }
}
