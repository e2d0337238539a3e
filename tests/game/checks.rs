//! An order's check and its commit agree: for random orders of every kind, at the decisions of whole games, `check` gives the answer and the reason that giving the order gets.
//!
//! The window's previews take their verdict from the same `check` (`input::previews`), and the
//! soak asks it too: what they show is what a commit does. `AMBUSH_CHECK_CASES=N cargo test
//! checks` plays N games (by default 16).

use crate::every_scenario;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::{AiPlayer, Controllers};
use ambush_engine::play::Game;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::orders::Order;
use ambush_engine::rules::table::Table;
use ambush_engine::visibility::as_seen_by;
use glam::Vec2;
use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A unit of the table, or now and then a number no unit has.
fn some_unit(rng: &mut ChaCha8Rng, table: &Table) -> u32 {
    match table.units.choose(rng) {
        Some(u) if rng.random_bool(0.9) => u.id,
        _ => table.units.len() as u32 + rng.random_range(0..3),
    }
}

/// A point near a unit of the table (where orders mostly go), or anywhere about the table.
fn some_point(rng: &mut ChaCha8Rng, table: &Table) -> Vec2 {
    let size = table.config.table();
    match table.units.choose(rng) {
        Some(u) if rng.random_bool(0.7) => {
            u.base.center + Vec2::new(rng.random_range(-9.0..9.0), rng.random_range(-9.0..9.0))
        }
        _ => Vec2::new(
            rng.random_range(-2.0..size.x + 2.0),
            rng.random_range(-2.0..size.y + 2.0),
        ),
    }
}

/// An order of any kind, most of them about the units and places of this table.
fn random_order(rng: &mut ChaCha8Rng, table: &Table, rules: &Rules) -> Order {
    let facing = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
    match rng.random_range(0..13) {
        0 => Order::Move {
            unit: some_unit(rng, table),
            to: some_point(rng, table),
            facing,
            group: rng.random_bool(0.5),
        },
        1 => Order::Rotate {
            unit: some_unit(rng, table),
            facing,
        },
        2 => Order::Charge {
            unit: some_unit(rng, table),
            target: some_unit(rng, table),
            edge: rng.random_bool(0.3).then(|| rng.random_range(0..5)),
        },
        3 => {
            let unit = some_unit(rng, table);
            let names: Vec<_> = rules
                .troops
                .troops
                .values()
                .flat_map(|t| t.formations.keys().copied())
                .collect();
            Order::ChangeFormation {
                unit,
                to: names.choose(rng).copied().filter(|_| rng.random_bool(0.7)),
            }
        }
        4 => Order::EndMovement,
        5 => Order::Board {
            unit: some_unit(rng, table),
        },
        6 => Order::EndBoarding,
        7 => {
            let shooter = some_unit(rng, table);
            let weapon = match rng.random_range(0..3) {
                0 => None,
                1 => table
                    .unit(shooter)
                    .and_then(|u| u.weapons.choose(rng).cloned()),
                _ => Some("no such weapon".to_string()),
            };
            Order::Shoot {
                shooter,
                target: some_unit(rng, table),
                weapon,
            }
        }
        8 => Order::DeclineShooting,
        9 => Order::Disengage {
            unit: some_unit(rng, table),
            attempt: rng.random_bool(0.5),
        },
        10 => Order::Engage {
            defender: some_unit(rng, table),
            attacker: some_unit(rng, table),
        },
        11 => Order::BreakOff {
            unit: some_unit(rng, table),
            attempt: rng.random_bool(0.5),
        },
        _ => Order::Move {
            unit: some_unit(rng, table),
            to: table
                .unit(some_unit(rng, table))
                .map_or(Vec2::ZERO, |u| u.base.center),
            facing,
            group: rng.random_bool(0.5),
        },
    }
}

/// What giving `order` for `side` now does, on a copy of the game: accepted, or the reason the
/// rules refused it.
fn commit(game: &Game, side: Side, order: &Order) -> Result<(), String> {
    let mut copy = game.clone();
    copy.pending.push(side, order.clone());
    let stepped = copy.step();
    match stepped.rejected.first() {
        None => Ok(()),
        Some(r) => Err(r.reason.to_string()),
    }
}

/// Plays game `seed` of scenario `which` with both sides at the table: at each decision it
/// checks `orders` random orders and the AI's own against their commits, then gives the AI's.
/// Returns how many orders were checked and how many of them the rules accepted.
fn check_against_commit(
    which: usize,
    seed: u64,
    orders: usize,
    decisions: usize,
) -> (usize, usize) {
    let all = every_scenario();
    let (scenario, rules) = &all[which % all.len()];
    let mut setup = NewGame::new(scenario.clone(), seed, 0);
    setup.controllers = Controllers::hot_seat();
    setup.keep_log = false;
    setup.record_orders = false;
    let mut game = Game::new(&setup, rules.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0xc4ec);
    let (mut checked, mut accepted, mut asked) = (0, 0, 0);
    for _ in 0..ambush::batch::step_cap(scenario) * 4 {
        if game.is_over() || asked == decisions {
            break;
        }
        game.step();
        let Some(decision) = game.awaited().cloned() else {
            continue;
        };
        asked += 1;
        let side = decision.side();
        let player = match side {
            Side::Humans => AiPlayer::Marines,
            Side::Aliens => AiPlayer::Aliens,
        };
        let ai = player.decide(
            &as_seen_by(&game.table, side),
            rules,
            &decision,
            &game.ai_memos,
        );
        let mut tried: Vec<Order> = (0..orders)
            .map(|_| random_order(&mut rng, &game.table, rules))
            .collect();
        tried.push(ai.clone());
        for order in &tried {
            let check = game
                .phase_states
                .check(game.phase, &game.table, rules, side, order)
                .map_err(|e| e.to_string());
            assert_eq!(
                check,
                commit(&game, side, order),
                "{} seed {seed}, turn {}, {decision:?}: {order:?}",
                scenario.name,
                game.table.progress.turn
            );
            checked += 1;
            accepted += usize::from(check.is_ok());
        }
        game.pending.push(side, ai);
    }
    (checked, accepted)
}

fn cases() -> u32 {
    std::env::var("AMBUSH_CHECK_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(16)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn an_orders_check_gives_the_answer_and_reason_its_commit_gets(
        which in 0usize..64,
        seed in 1u64..1_000_000,
    ) {
        let (checked, accepted) = check_against_commit(which, seed, 6, 120);
        prop_assert!(checked > 0);
        // The AI's own orders are mostly accepted: both answers were put to the test.
        prop_assert!(accepted > 0 && accepted < checked, "{accepted} of {checked}");
    }
}

#[test]
fn every_scenario_checks_as_it_commits() {
    for which in 0..every_scenario().len() {
        let (checked, accepted) = check_against_commit(which, 1, 4, 60);
        assert!(
            accepted > 0 && accepted < checked,
            "scenario {which}: {accepted} of {checked}"
        );
    }
}
