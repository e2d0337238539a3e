//! The AIs' memos only save work: with them emptied, an AI gives the same order at every decision.
//!
//! The marine AI puts the units it found nothing for to rest until something near them changes
//! (`RestingUnits`), and remembers move searches that found nothing (`FruitlessSearches`). Both
//! are caches kept for the game (`AiMemos`). Here every decision of whole games is made twice: by the AI
//! with the memos as the game left them, and by the AI on a copy of the table with both emptied.
//! The crowd and a block in base contact are where they do the most work.
//! `AMBUSH_MEMO_SEEDS=N cargo test memos` plays seeds 1 to N (by default 1, and 2 for the crowd).

use crate::{every_scenario, scenario};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::control::AiPlayer;
use ambush_engine::control::memos::AiMemos;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::{Chooser, Game};
use ambush_engine::rules::orders::{Decision, Order};
use ambush_engine::rules::table::Table;
use ambush_engine::visibility::as_seen_by;

/// Orders every decision as the AI does, checking each against the AI's order with its memos
/// emptied.
#[derive(Default)]
struct AgainstEmptyMemos {
    compared: usize,
    /// The most units found resting at once: the memo was at work.
    most_resting: usize,
    /// The memos the AI keeps over the whole game, as the game's own would be.
    memos: AiMemos,
    /// The humans' AI, if not the crashed-ship script.
    humans: Option<AiPlayer>,
}

impl Chooser for AgainstEmptyMemos {
    fn choose(
        &mut self,
        table: &Table,
        rules: &Rules,
        decision: &Decision,
        _legal: &mut dyn FnMut(&Order) -> bool,
    ) -> Order {
        let player = match decision.side() {
            Side::Humans => self.humans.unwrap_or(AiPlayer::Marines),
            Side::Aliens => AiPlayer::Aliens,
        };
        let seen = as_seen_by(table, decision.side());
        let order = player.decide(&seen, rules, decision, &self.memos);
        self.most_resting = self.most_resting.max(self.memos.resting.count());
        assert_eq!(
            player.decide(&seen, rules, decision, &AiMemos::default()),
            order,
            "{decision:?} on turn {}: the memos changed the order",
            table.progress.turn
        );
        self.compared += 1;
        order
    }
}

fn play(scenario: &Scenario, rules: &Rules, seed: u64) -> AgainstEmptyMemos {
    play_with_humans(scenario, rules, seed, None)
}

/// `play`, with `humans` for the humans' AI.
fn play_with_humans(
    scenario: &Scenario,
    rules: &Rules,
    seed: u64,
    humans: Option<AiPlayer>,
) -> AgainstEmptyMemos {
    let mut setup = NewGame::new(scenario.clone(), seed, 0);
    setup.record_orders = false;
    let mut game = Game::new(&setup, std::sync::Arc::new(rules.clone()));
    let mut chooser = AgainstEmptyMemos {
        humans,
        ..AgainstEmptyMemos::default()
    };
    game.play_with(ambush::batch::step_cap(scenario), Some(&mut chooser));
    chooser
}

/// The crashed ship with its ship alone and `marines` of its marines (one-inch bases) facing
/// north, the `i`th standing at `at(i)`.
fn marines_at(marines: usize, turns: u32, at: impl Fn(usize) -> (f32, f32)) -> Scenario {
    let mut s = scenario("crashed_ship.ron");
    s.terrain.retain(|f| f.name == "ship");
    s.turn_limit = turns;
    let template = s.units[0].clone();
    s.units = (0..marines)
        .map(|i| {
            let mut u = template.clone();
            u.label = format!("M{}", i + 1);
            u.at = at(i);
            u.facing = 0.0;
            u
        })
        .collect();
    s
}

/// `squads` squads of six marines in ranks three inches apart at the south edge, two squads a
/// rank: the ranks behind are boxed in by the ranks in front.
fn crowd(squads: usize, turns: u32) -> Scenario {
    marines_at(squads * 6, turns, |i| {
        let (squad, place) = (i / 6, i % 6);
        (
            28.5 + (squad % 2) as f32 * 8.0 + place as f32,
            1.0 + (squad / 2) as f32 * 3.0,
        )
    })
}

/// `marines` marines in one block, `per_rank` to a rank, each in base contact with its
/// neighbours at the south edge: one group, whose front is barred by the ship and the aliens
/// while the ranks behind push on, each member searched as leader.
fn block(marines: usize, per_rank: usize, turns: u32) -> Scenario {
    marines_at(marines, turns, |i| {
        (4.5 + (i % per_rank) as f32, 1.5 + (i / per_rank) as f32)
    })
}

/// Seeds 1 to this: `AMBUSH_MEMO_SEEDS`, or `fewest`.
fn seeds(fewest: u64) -> std::ops::RangeInclusive<u64> {
    let asked = std::env::var("AMBUSH_MEMO_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok());
    1..=asked.unwrap_or(fewest).max(fewest)
}

#[test]
fn a_crowd_of_marines_gets_the_same_orders_with_its_memos_emptied() {
    for seed in seeds(2) {
        let checked = play(&crowd(8, 6), Rules::bundled(), seed);
        assert!(checked.compared > 100, "{} decisions", checked.compared);
        assert!(
            checked.most_resting > 24,
            "the memo rested at most {} units",
            checked.most_resting
        );
    }
}

#[test]
fn a_block_in_base_contact_gets_the_same_orders_with_its_memos_emptied() {
    for seed in seeds(1) {
        let checked = play(&block(96, 24, 20), Rules::bundled(), seed);
        assert!(checked.compared > 500, "{} decisions", checked.compared);
        assert!(
            checked.most_resting > 48,
            "the memo rested at most {} units",
            checked.most_resting
        );
    }
}

#[test]
fn every_scenario_gets_the_same_orders_with_its_memos_emptied() {
    for (s, rules) in every_scenario() {
        for seed in seeds(1) {
            let checked = play(&s, &rules, seed);
            assert!(
                checked.compared > 20,
                "{}: {} decisions",
                s.name,
                checked.compared
            );
        }
    }
    let checked = play(&scenario("crashed_ship.ron"), Rules::bundled(), 3);
    assert!(
        checked.most_resting > 0,
        "the crashed ship's marines never rested"
    );
}

#[test]
fn the_hard_commanders_boarders_get_the_same_orders_with_their_memos_emptied() {
    // The hard level's marines, who must board the crashed ship, move by the script's walk and
    // keep its memos.
    use ambush_engine::control::commander::AiLevel;
    let hard = Some(AiPlayer::Commander(AiLevel::Hard));
    for seed in seeds(1) {
        let checked = play_with_humans(&scenario("crashed_ship.ron"), Rules::bundled(), seed, hard);
        assert!(checked.compared > 20, "{} decisions", checked.compared);
        assert!(checked.most_resting > 0, "the hard marines never rested");
    }
}
