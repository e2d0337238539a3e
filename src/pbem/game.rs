//! A game played by messages: rebuilt from its messages by playing each message's orders with its stretch's dice, and the next message's orders chosen up to the first that rolls.

use super::crypto::{Contribution, Opening, dice_seed};
use super::message::TurnMessage;
use super::{Ledger, MessageFile};
use crate::control::{Controller, Controllers};
use crate::play::Game;
use crate::play::new_game::{DiceSchedule, NewGame, Seed};
use crate::play::record::RecordedOrder;
use crate::rules::orders::{Order, passing_order};
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::{Rules, check};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A cap on the steps between two decisions, so a broken message can never hang the game.
const MAX_STEPS: usize = 20_000;

/// The game a message's opening starts: its scenario checked as any file is, with every seat a
/// person's (the orders come from the messages).
pub fn new_game(scenario_text: &str, rules: &Arc<Rules>) -> Result<Game, String> {
    let setup = setup_of(scenario_text, rules, DiceSchedule::default())?;
    Ok(Game::new(&setup, rules.clone()))
}

/// The set-up of a game played by file: its scenario, every seat a person's, and its dice.
pub fn setup_of(
    scenario_text: &str,
    rules: &Rules,
    schedule: DiceSchedule,
) -> Result<NewGame, String> {
    let scenario = scenario_of(scenario_text, rules)?;
    let mut setup = NewGame::new(scenario, 0, 0);
    setup.controllers = Controllers::hot_seat();
    setup.dice_schedule = schedule;
    Ok(setup)
}

/// The scenario of a game's opening. A scenario with an ambush is refused: its hidden units
/// are not sealed yet (`docs/protocol.md`, where it stands).
pub fn scenario_of(text: &str, rules: &Rules) -> Result<Scenario, String> {
    let scenario =
        check::parse_scenario("the game's scenario", text, rules).map_err(|e| e.to_string())?;
    if scenario.ambush.is_some() {
        return Err(format!(
            "{}: a scenario with an ambush cannot be played by file yet: its hidden units would travel unsealed",
            scenario.name
        ));
    }
    Ok(scenario)
}

/// What a player holds of a game that its messages do not: its side, and the contributions it
/// promised, not yet revealed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MySecrets {
    pub side: Side,
    /// The opening of each contribution promised, by the stretch it is for.
    pub promised: BTreeMap<u64, Opening>,
}

/// The seed of message `stretch`'s dice as this player can know it: from the ledger, or from
/// the message's own contribution and this player's promise still unrevealed.
fn seed_for(ledger: &Ledger, me: &MySecrets, stretch: u64) -> Option<[u8; 32]> {
    if let Some(seed) = ledger.seed(stretch) {
        return Some(seed);
    }
    let (from, theirs) = ledger.own.get(&stretch)?;
    if *from == me.side {
        return None;
    }
    let mine = Contribution::of(me.promised.get(&stretch)?)?;
    let (humans, aliens) = match from {
        Side::Humans => (*theirs, mine),
        Side::Aliens => (mine, *theirs),
    };
    Some(dice_seed(ledger.game, stretch, humans, aliens))
}

/// A game rebuilt from its messages.
pub struct Rebuilt {
    pub game: Game,
    /// The seeds its dice took and where: with its orders, they replay it as a save.
    pub schedule: DiceSchedule,
    /// The message in whose stretch the game ended, if it has.
    pub ended_in: Option<u64>,
    /// The last message whose dice are open: messages after it wait for an answer.
    pub open_through: u64,
}

/// Plays the game's messages in order, each message's orders with the dice of its stretch,
/// as far as this player can know them. Err names the message and the order that does not
/// replay as its message says.
pub fn rebuild(
    messages: &[MessageFile],
    ledger: &Ledger,
    me: &MySecrets,
    rules: &Arc<Rules>,
) -> Result<Rebuilt, String> {
    let opening = messages
        .first()
        .and_then(|m| m.message.opening.as_ref())
        .ok_or("the game has no first message")?;
    let mut game = new_game(&opening.scenario, rules)?;
    let mut schedule = DiceSchedule::default();
    let mut ended_in = None;
    let mut open_through = 0;
    for file in &messages[1..] {
        let m = &file.message;
        if game.is_over() {
            if !m.orders.is_empty() || m.last.is_some() {
                return Err(format!(
                    "message {} gives orders after the game's end",
                    m.seq
                ));
            }
            continue;
        }
        let seed = seed_for(ledger, me, m.seq);
        match seed {
            Some(seed) => {
                game.dice.reseed(seed);
                open_through = m.seq;
                // Message 1's stretch holds the game's opening, before any step.
                if m.seq == 1 {
                    schedule.start = Some(Seed(seed));
                } else {
                    schedule
                        .before_order
                        .insert(game.record.orders.len(), Seed(seed));
                }
            }
            // Sealed dice: the message's orders must roll nothing, as its sender said.
            None => game.dice.reseed([0; 32]),
        }
        let rolls = game.dice.log.len();
        play_message(&mut game, m, seed.is_some())?;
        if seed.is_some() {
            give_last(&mut game, m)?;
        } else if game.dice.log.len() != rolls {
            return Err(format!(
                "message {}: its orders roll dice, but it gives them as rolling none",
                m.seq
            ));
        }
        if game.is_over() && ended_in.is_none() {
            ended_in = Some(m.seq);
        }
    }
    Ok(Rebuilt {
        game,
        schedule,
        ended_in,
        open_through,
    })
}

/// Gives a message's orders, each checked against the hash it states; with its dice seeded,
/// plays on from there (the game's own rolls up to its first decision, after the opening).
fn play_message(game: &mut Game, m: &TurnMessage, seeded: bool) -> Result<(), String> {
    let here = |why: String| format!("message {} ({:?}): {why}", m.seq, m.from);
    if !m.orders.is_empty() {
        if m.orders.iter().any(|o| o.side != m.from) {
            return Err(here("it gives the other side's orders".into()));
        }
        game.replay(m.orders.clone(), MAX_STEPS).map_err(here)?;
    } else if seeded && game.awaited().is_none() {
        // The game's own rolls up to its first decision (the opening, or after an answer).
        settle(game);
    }
    Ok(())
}

/// Gives message `m`'s last order, once its dice are seeded, and plays on to the next
/// decision.
fn give_last(game: &mut Game, m: &TurnMessage) -> Result<(), String> {
    let Some(order) = &m.last else { return Ok(()) };
    let before = game.record.orders.len();
    game.pending.push(m.from, order.clone());
    settle(game);
    if game.record.orders.len() == before {
        return Err(format!(
            "message {}: its last order is refused by the rules",
            m.seq
        ));
    }
    Ok(())
}

/// Plays on until a person must decide or the game is over.
fn settle(game: &mut Game) {
    for _ in 0..MAX_STEPS {
        if game.is_over() {
            return;
        }
        game.step();
        if game.awaited().is_some() && game.pending.0.is_empty() {
            return;
        }
    }
}

/// Whether `order`, given by `side` now, rolls a die before the next decision (its own dice,
/// or the rules' after it): `None` when the rules refuse it.
pub fn rolls(game: &Game, side: Side, order: &Order) -> Option<bool> {
    let mut trial = game.clone();
    let before = (trial.record.orders.len(), trial.dice.log.len());
    trial.pending.0.clear();
    trial.pending.push(side, order.clone());
    settle(&mut trial);
    (trial.record.orders.len() > before.0).then_some(trial.dice.log.len() != before.1)
}

/// A turn chosen by this side's AI from the table as it stands: every order that rolls no die
/// (with the table's hash after it), then the first that rolls, whose dice wait for the
/// answer. The game is left after the orders that roll nothing.
pub fn ai_turn(game: &mut Game, me: Side) -> (Vec<RecordedOrder>, Option<Order>) {
    let Controller::Ai(ai) = Controllers::all_ai().get(me) else {
        return (Vec::new(), None);
    };
    let mut orders = Vec::new();
    while !game.is_over() {
        let Some(decision) = game.awaited().cloned() else {
            break;
        };
        if decision.side() != me {
            break;
        }
        let mut order = ai.decide(&game.table, &game.rules, &decision, &game.ai_memos);
        let mut trial = game.clone();
        let before = (trial.record.orders.len(), trial.dice.log.len());
        trial.pending.push(me, order.clone());
        settle(&mut trial);
        if trial.record.orders.len() == before.0 {
            // The rules refused the AI's order: it passes instead, as the simulator's AI does.
            order = passing_order(&decision);
            trial = game.clone();
            trial.pending.push(me, order.clone());
            settle(&mut trial);
        }
        if trial.dice.log.len() != before.1 {
            return (orders, Some(order));
        }
        orders.extend(trial.record.orders[before.0..].iter().cloned());
        *game = trial;
    }
    (orders, None)
}
