//! 003's hostile environments in whole games: the underwater and the space scenarios play to an end under AI control, rolling their own rolls, with every AI order legal.

use crate::scenario;
use ambush::game::headless_app;
use ambush::game::resources::GameInPlay;
use ambush::game::resources::OrderRefused;
use ambush::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Environment;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::RollKind;
use ambush_engine::rules::movement::MoveError;
use ambush_engine::rules::orders::{Order, OrderError};
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The orders the rules refused in the game, in words, less one kind every scenario has: the
/// alien AI steers by end poses and the rules check the slide there, so now and then a crowded
/// alien's move is refused for its path, and it passes.
#[derive(Resource, Default)]
struct Refused(Vec<String>);

fn keep_refusals(mut read: MessageReader<OrderRefused>, mut refused: ResMut<Refused>) {
    for r in read.read() {
        let steering = r.side == Side::Aliens
            && matches!(r.order, Order::Move { .. })
            && matches!(r.reason, OrderError::Move(MoveError::Path { .. }));
        if !steering {
            refused
                .0
                .push(format!("{:?} {:?}: {}", r.side, r.order, r.reason));
        }
    }
}

/// Plays game `game` of `file` to its end; the kinds it rolled, and the orders refused.
fn play(file: &str, game: u64) -> (App, BTreeSet<RollKind>, Vec<String>) {
    let setup = NewGame::new(scenario(file), 1, game);
    let mut app = headless_app(&setup, Arc::new(Rules::bundled().clone()));
    app.init_resource::<Refused>();
    app.add_systems(Last, keep_refusals);
    for _ in 0..600 {
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            let kinds = app
                .world()
                .resource::<GameInPlay>()
                .dice
                .log
                .iter()
                .map(|e| e.kind)
                .collect();
            let refused = std::mem::take(&mut app.world_mut().resource_mut::<Refused>().0);
            return (app, kinds, refused);
        }
    }
    panic!("{file} game {game} did not end within 600 frames");
}

#[test]
fn the_sunken_wreck_plays_under_water_with_its_descent_and_drowning() {
    let mut kinds = BTreeSet::new();
    for game in 0..6 {
        let (app, k, refused) = play("sunken_wreck.ron", game);
        assert!(refused.is_empty(), "game {game}: {refused:?}");
        let battle = &app.world().resource::<GameInPlay>().table;
        assert!(matches!(
            battle.config.scenario.environment,
            Some(Environment::Underwater { .. })
        ));
        assert!(battle.progress.outcome.is_some());
        kinds.extend(k);
        // Every marine who started the game made the descent.
        let descended = battle
            .exposure
            .units
            .values()
            .filter(|e| e.descended)
            .count();
        assert!(descended >= 6, "game {game}: {descended} descended");
    }
    for k in [RollKind::Depth, RollKind::Drowning, RollKind::ToHit] {
        assert!(kinds.contains(&k), "no {k:?} roll in 6 games");
    }
    assert!(
        !kinds.contains(&RollKind::Launch),
        "nobody launches under water"
    );
}

#[test]
fn boarding_the_derelict_plays_in_zero_g_with_launches_and_drift() {
    let mut kinds = BTreeSet::new();
    let mut lost = 0;
    for game in 0..6 {
        let (app, k, refused) = play("derelict_boarding.ron", game);
        assert!(refused.is_empty(), "game {game}: {refused:?}");
        kinds.extend(k);
        let world = app.world();
        let battle = &world.resource::<GameInPlay>().table;
        assert_eq!(battle.config.scenario.environment, Some(Environment::Space));
        assert!(battle.progress.outcome.is_some());
        let log = &world.resource::<GameInPlay>().dice.log;
        // A launch from a unit at rest, then its drift; nobody suffocates in a sealed suit.
        assert!(log.iter().any(|e| e.kind == RollKind::Launch));
        lost += log
            .iter()
            .filter(|e| e.kind == RollKind::Drift && e.effect.contains("lost"))
            .count();
        assert!(!log.iter().any(|e| e.kind == RollKind::Suffocation));
    }
    for k in [RollKind::Launch, RollKind::LaunchScatter, RollKind::Drift] {
        assert!(kinds.contains(&k), "no {k:?} roll in 6 games");
    }
    assert!(lost > 0, "something drifted off the table in 6 games");
}
