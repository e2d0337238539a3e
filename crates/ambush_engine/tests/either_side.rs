//! Solo from either side: a player who takes the aliens is asked for the aliens' orders, and the humans' AI plays them to the end.

use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{AiPlayer, Controller, Controllers};
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::{Game, step_cap};
use ambush_engine::rules::orders::{Order, passing_order};
use std::path::Path;
use std::sync::Arc;

#[test]
fn solo_play_gives_the_player_either_side_and_the_other_to_its_ai() {
    // With no level chosen, the aliens' AI is the rules' own random monster; the humans, whom
    // no text gives an AI, get the normal commander.
    let plain = ambush_data::scenario::Scenario::new("plain", (72.0, 48.0));
    assert_eq!(
        Controllers::solo_as(Side::Humans, None, &plain),
        Controllers::solo()
    );
    assert_eq!(
        Controllers::solo_as(Side::Humans, None, &plain).aliens,
        Controller::Ai(AiPlayer::Aliens)
    );
    let as_aliens = Controllers::solo_as(Side::Aliens, Some(AiLevel::Hard), &plain);
    assert_eq!(as_aliens.aliens, Controller::Human);
    assert_eq!(
        as_aliens.humans,
        Controller::Ai(AiPlayer::Commander(AiLevel::Hard))
    );
    assert_eq!(
        Controllers::solo_as(Side::Aliens, None, &plain).humans,
        Controller::Ai(AiPlayer::Commander(AiLevel::Normal))
    );
}

#[test]
fn a_scenario_whose_aliens_are_not_the_random_monster_gives_them_the_commander() {
    // 001's aliens keep their random-monster rules where the scenario says so (the default);
    // a scenario that says `alien_player: Commander` gives them the normal commander, and a
    // level chosen still rules.
    use ambush_data::scenario::{AlienPlayer, Scenario};
    let mut s = Scenario::new("plain", (72.0, 48.0));
    assert_eq!(AiPlayer::as_written(Side::Aliens, &s), AiPlayer::Aliens);
    // A watched game (`play --watch`, the editor's AI-against-AI test play) follows it too.
    assert_eq!(Controllers::ai_as_written(&s), Controllers::all_ai());
    s.alien_player = AlienPlayer::Commander;
    assert_eq!(
        Controllers::ai_as_written(&s).aliens,
        Controller::Ai(AiPlayer::Commander(AiLevel::Normal))
    );
    assert_eq!(
        Controllers::ai_as_written(&s).humans,
        Controller::Ai(AiPlayer::Marines)
    );
    assert_eq!(
        AiPlayer::as_written(Side::Aliens, &s),
        AiPlayer::Commander(AiLevel::Normal)
    );
    assert_eq!(
        Controllers::solo_as(Side::Humans, None, &s).aliens,
        Controller::Ai(AiPlayer::Commander(AiLevel::Normal))
    );
    assert_eq!(
        Controllers::solo_as(Side::Humans, Some(AiLevel::Cautious), &s).aliens,
        Controller::Ai(AiPlayer::Commander(AiLevel::Cautious))
    );
    assert_eq!(
        AiPlayer::as_written(Side::Humans, &s),
        AiPlayer::Commander(AiLevel::Normal)
    );
}

#[test]
fn a_player_with_the_aliens_plays_the_crashed_ship_to_its_end_against_the_marines_ai() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/crashed_ship.ron");
    let scenario = ambush_data::load_scenario_file(&path, Rules::bundled()).expect("it loads");
    let mut setup = NewGame::new(scenario.clone(), 3, 0);
    setup.controllers = Controllers::solo_as(Side::Aliens, Some(AiLevel::Normal), &scenario);
    let mut game = Game::new(&setup, Arc::new(Rules::bundled().clone()));
    let (mut asked, mut marine_orders) = (0, 0);
    // The number of orders on record when the player last gave one.
    let mut last_given = None;
    for _ in 0..step_cap(&scenario) * 50 {
        if game.is_over() {
            break;
        }
        if let Some(d) = game.awaited().cloned() {
            // Only the player's side is asked; the player here plays as the random monster
            // would, and passes where the rules refused that (nothing was recorded since).
            assert_eq!(
                d.side(),
                Side::Aliens,
                "the game asked the player for {d:?}"
            );
            asked += 1;
            let recorded = game.record.orders.len();
            let order = match last_given == Some(recorded) {
                true => passing_order(&d),
                false => game.ai_order(AiPlayer::Aliens, &d),
            };
            last_given = Some(recorded);
            game.pending.push(Side::Aliens, order);
        }
        game.step();
        marine_orders = game
            .record
            .orders
            .iter()
            .filter(|o| o.side == Side::Humans)
            .count();
    }
    assert!(
        game.is_over(),
        "the game ends: turn {}, waiting on {:?}",
        game.table.progress.turn,
        game.awaited()
    );
    assert!(asked > 10, "the player gave the aliens' orders ({asked})");
    assert!(
        marine_orders > 10,
        "the marines' AI played ({marine_orders} orders)"
    );
    assert!(
        game.record
            .orders
            .iter()
            .any(|o| o.side == Side::Humans && matches!(o.order, Order::Move { .. })),
        "the marines' AI moved them"
    );
}

#[test]
fn the_gauntlets_patrol_under_the_commander_gets_through_by_the_north_edge() {
    // The Gauntlet's objective is an exit edge: the commander's patrol makes for the north edge
    // and its marines leave by it, through and not casualties; in some of a few games three get
    // through and win.
    use ambush_engine::rules::table::{Outcome, Presence};
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/the_gauntlet.ron");
    let scenario = ambush_data::load_scenario_file(&path, Rules::bundled()).expect("it loads");
    let rules = Arc::new(Rules::bundled().clone());
    let mut wins = 0;
    for game in 0..8 {
        let mut setup = NewGame::new(scenario.clone(), 1, game);
        setup.controllers = Controllers {
            humans: Controller::Ai(AiPlayer::Commander(AiLevel::Normal)),
            aliens: Controller::Ai(AiPlayer::as_written(Side::Aliens, &scenario)),
        };
        let mut played = Game::new(&setup, rules.clone());
        played.play_to_end(step_cap(&scenario));
        let t = &played.table;
        let through = t
            .units
            .iter()
            .filter(|u| u.status.presence == Presence::Exited)
            .inspect(|u| assert!(u.base.center.y >= 48.0 - u.base.size.length() - 1e-3))
            .count();
        assert_eq!(through, t.exited(Side::Humans));
        if t.progress.outcome == Some(Outcome::HumansWin) {
            assert!(through >= 3, "{}", t.progress.ending);
            assert!(
                t.progress.ending.contains("north edge"),
                "{}",
                t.progress.ending
            );
            wins += 1;
        }
    }
    assert!(wins > 0, "the patrol never got through in 8 games");
}
