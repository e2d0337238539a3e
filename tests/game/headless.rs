//! Whole crashed-ship games, headless: MinimalPlugins + StatesPlugin + the rules plugin.

use crate::scenario;
use ambush::rules::Rules;
use ambush::rules::log::RollKind;
use ambush::scenario::format::Side;
use ambush::scenario::spawn::{GameSetup, start_game};
use ambush::turn::RulesPlugin;
use ambush::turn::components::Base;
use ambush::turn::phase::Phase;
use ambush::turn::resources::{Battle, Dice};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use std::collections::BTreeSet;
use std::sync::Arc;

fn game_app(file: &str, seed: u64, game: u64) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, RulesPlugin));
    let setup = GameSetup::new(scenario(file), seed, game);
    start_game(app.world_mut(), &setup, Arc::new(Rules::bundled().clone()));
    app
}

fn play(app: &mut App) -> u32 {
    for frame in 0..400 {
        app.update();
        if *app.world().resource::<State<Phase>>().get() == Phase::GameOver {
            return frame;
        }
    }
    panic!("the game did not end within 400 frames");
}

#[test]
fn crashed_ship_games_play_to_an_end() {
    let mut kinds = BTreeSet::new();
    let mut outcomes = BTreeSet::new();
    for game in 0..12 {
        let mut app = game_app("crashed_ship.ron", 42, game);
        play(&mut app);
        let battle = app.world().resource::<Battle>();
        let outcome = battle
            .progress
            .outcome
            .expect("a finished game has an outcome");
        outcomes.insert(format!("{outcome:?}"));
        assert!(battle.progress.turn <= battle.config.turn_limit + 1);
        assert!(
            battle.progress.waves >= 1,
            "the automatic wave on turn 3 always comes"
        );
        assert!(!battle.progress.ending.is_empty());
        for e in &app.world().resource::<Dice>().log {
            kinds.insert(e.kind);
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
        RollKind::PhysicalContact,
        RollKind::Repair,
    ] {
        assert!(kinds.contains(&k), "no {k:?} roll in 12 games");
    }
    assert!(
        outcomes.len() >= 2,
        "games end in more than one way: {outcomes:?}"
    );
}

#[test]
fn same_seed_same_game_byte_for_byte() {
    let log = |seed| {
        let mut app = game_app("crashed_ship.ron", seed, 3);
        play(&mut app);
        app.world()
            .resource::<Dice>()
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
    for (file, extra, roll) in [
        ("crashed_ship_heavy_weapon.ron", "HW1", "plasma cannon"),
        ("crashed_ship_jet_bikes.ron", "JB1", "blaster"),
        ("crashed_ship_sudden_death.ron", "M1", "sudden_death"),
    ] {
        let mut seen = false;
        for game in 0..4 {
            let mut app = game_app(file, 5, game);
            play(&mut app);
            let world = app.world_mut();
            let humans = world
                .query::<&Base>()
                .iter(world)
                .filter(|b| b.side == Side::Humans)
                .count();
            assert!(humans >= 6, "{file}");
            let log = &world.resource::<Dice>().log;
            seen |= log.iter().any(|e| {
                (roll == "sudden_death" && e.kind == RollKind::SuddenDeath)
                    || (e.actor.as_deref() == Some(extra) && e.effect.contains(roll))
            });
        }
        assert!(seen, "{file}: no roll shows the variant ({extra}, {roll})");
    }
}
