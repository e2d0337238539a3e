//! A game played by messages: rebuilt from its messages by playing each message's orders with its stretch's dice, and the next message's orders chosen up to the first that rolls.

use super::crypto::{Bytes32, Contribution, Opening, dice_seed};
use super::message::TurnMessage;
use super::sealed::{
    AmbushSecret, MARCH, SETUP, SealedOrders, SealedView, Sealing, full_scenario, orders_secret,
    sealed_seed,
};
use super::{Ledger, MessageFile};
use crate::control::{Controller, Controllers};
use crate::game::visibility::redact;
use crate::play::Game;
use crate::play::deployment::MarchOrder;
use crate::play::new_game::{DiceSchedule, NewGame, Seed};
use crate::play::record::RecordedOrder;
use crate::rules::orders::{Order, passing_order};
use crate::rules::turn::Phase;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::{Rules, check};
use std::collections::BTreeMap;
use std::sync::Arc;

/// A cap on the steps between two decisions, so a broken message can never hang the game.
const MAX_STEPS: usize = 20_000;

/// The set-up of a game played by file: its scenario, every seat a person's (the orders come
/// from the messages), and its dice.
pub fn setup_for(scenario: Scenario, schedule: DiceSchedule) -> NewGame {
    let mut setup = NewGame::new(scenario, 0, 0);
    setup.controllers = Controllers::hot_seat();
    setup.dice_schedule = schedule;
    setup
}

/// The scenario of a game's opening, checked as any file is. With an ambush, it is the public
/// scenario: the order of battle and the ambusher's default set-up, which its secret set-up
/// may change.
pub fn scenario_of(text: &str, rules: &Rules) -> Result<Scenario, String> {
    check::parse_scenario("the game's scenario", text, rules).map_err(|e| e.to_string())
}

/// What a player holds of a game that its messages do not: its side, the contributions it
/// promised and has not revealed, and its own secrets as committed.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MySecrets {
    pub side: Side,
    /// The opening of each contribution promised, by the stretch it is for.
    pub promised: BTreeMap<u64, Opening>,
    /// Each secret committed, by name: an ambush's order of march or set-up, and the orders
    /// the ambusher sealed.
    #[serde(default)]
    pub own: BTreeMap<String, Opening>,
}

/// A secret of `side` as this player can read it: its own, or one the other side opened.
/// Err when an opened secret does not read (the other side's text is untrusted).
pub fn secret<T: serde::de::DeserializeOwned>(
    ledger: &Ledger,
    me: &MySecrets,
    side: Side,
    name: &str,
) -> Result<Option<T>, String> {
    let text = if side == me.side {
        me.own.get(name).map(|o| o.value.clone())
    } else {
        ledger.secrets(side).opened.get(name).cloned()
    };
    text.map(|t| {
        ron::from_str(&t).map_err(|e| format!("{side:?}'s secret `{name}` does not read: {e}"))
    })
    .transpose()
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
    /// The scenario it was started from: with an ambush, as both sides' secret choices made
    /// it, once this player can open them.
    pub scenario: Scenario,
    /// The seeds its dice took and where: with its orders, they replay it as a save.
    pub schedule: DiceSchedule,
    /// The message in whose stretch the game ended, if it has.
    pub ended_in: Option<u64>,
    /// The last message whose dice are open: messages after it wait for an answer.
    pub open_through: u64,
    /// The column's player of an ambush whose set-up is still sealed: `game` is the table the
    /// ambusher's game last showed it, never stepped.
    pub sealed: bool,
    /// How many readable roll-log entries the column has been shown.
    pub shown_log: usize,
    /// The rules refused the column's last order while the ambush was sealed.
    pub refused_last: bool,
}

impl Rebuilt {
    /// Whether the game has begun: its opening played, or (sealed) shown.
    pub fn started(&self) -> bool {
        self.open_through >= 1 || (self.sealed && self.game.phase != Phase::Approach)
    }
}

/// Plays the game's messages in order, each message's orders with the dice of its stretch,
/// as far as this player can know them. Err names the message and the order that does not
/// replay as its message says. With an ambush: the column's player, until the ambusher opens
/// its set-up, is shown the tables the ambusher's messages carry; once it is opened, every
/// one of them is checked against the whole game replayed.
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
    let public = scenario_of(&opening.scenario, rules)?;
    let Some(sealing) = Sealing::of(&public) else {
        return play_all(messages, ledger, me, rules, public, None);
    };
    let march: Option<MarchOrder> = secret(ledger, me, sealing.column, MARCH)?;
    let set_up: Option<AmbushSecret> = secret(ledger, me, sealing.ambusher, SETUP)?;
    let Some(set_up) = set_up else {
        if me.side == sealing.ambusher {
            // Its first message is still to come: it commits to its set-up there.
            return Ok(unstarted(public, rules));
        }
        return shown_to_column(messages, ledger, sealing, public, rules);
    };
    if sealing.march && march.is_none() {
        // The ambusher waits for the column to show its order of march (004: "Then, the
        // player being ambushed shows the other player the order").
        if let Some((_, committed_in)) = ledger.secrets(sealing.ambusher).committed.get(SETUP)
            && let Some(late) = messages
                .iter()
                .find(|f| f.message.from == sealing.column && f.message.seq > *committed_in)
        {
            return Err(format!(
                "message {}: the {:?} do not show their order of march, due once the ambusher has set up (message {committed_in})",
                late.message.seq, sealing.column
            ));
        }
        return Ok(unstarted(public, rules));
    }
    let full = full_scenario(&public, march.as_ref(), &set_up, rules)
        .map_err(|e| format!("the ambush's secret set-up: {e}"))?;
    play_all(
        messages,
        ledger,
        me,
        rules,
        full,
        Some((sealing, set_up.dice_key)),
    )
}

/// An ambush whose secret set-ups are not both made: nothing is played yet.
fn unstarted(public: Scenario, rules: &Arc<Rules>) -> Rebuilt {
    Rebuilt {
        game: Game::new(
            &setup_for(public.clone(), DiceSchedule::default()),
            rules.clone(),
        ),
        scenario: public,
        schedule: DiceSchedule::default(),
        ended_in: None,
        open_through: 0,
        sealed: false,
        shown_log: 0,
        refused_last: false,
    }
}

/// The column's side of an ambush still sealed: the last table the ambusher's game showed,
/// with every readable roll so far. Each view must carry on from the last, and the ambusher's
/// orders must be committed in the message that seals them.
fn shown_to_column(
    messages: &[MessageFile],
    ledger: &Ledger,
    sealing: Sealing,
    public: Scenario,
    rules: &Arc<Rules>,
) -> Result<Rebuilt, String> {
    let mut game = Game::new(
        &setup_for(public.clone(), DiceSchedule::default()),
        rules.clone(),
    );
    let committed = &ledger.secrets(sealing.ambusher).committed;
    let mut log = Vec::new();
    let mut last_view = None;
    for file in messages {
        let m = &file.message;
        if m.from != sealing.ambusher {
            continue;
        }
        if committed.get(SETUP).is_none_or(|(_, at)| *at > m.seq) {
            return Err(format!(
                "message {}: the ambusher has not committed to its set-up",
                m.seq
            ));
        }
        if !m.orders.is_empty() || m.last.is_some() {
            return Err(format!(
                "message {}: the ambusher gives orders openly while its set-up is sealed",
                m.seq
            ));
        }
        let Some(view) = &m.view else { continue };
        let sealed_here = committed
            .get(&orders_secret(m.seq))
            .is_some_and(|(_, at)| *at == m.seq);
        if !sealed_here {
            return Err(format!(
                "message {}: the ambusher's orders are not committed in the message that shows their table",
                m.seq
            ));
        }
        let before = last_view.map_or(game.table.units.as_slice(), |v: &SealedView| &v.units);
        view.check_on_receipt(before, sealing.column)
            .map_err(|why| format!("message {} ({:?}): {why}", m.seq, m.from))?;
        if view.log_from != log.len() {
            return Err(format!(
                "message {}: its roll log starts at entry {}, but {} were shown before",
                m.seq,
                view.log_from,
                log.len()
            ));
        }
        log.extend(view.log.iter().cloned());
        last_view = Some(view);
    }
    let shown_log = log.len();
    match last_view {
        Some(view) => view.show_on(&mut game, sealing.column, log),
        None => redact(&mut game.table, sealing.column),
    }
    Ok(Rebuilt {
        refused_last: last_view.is_some_and(|v| v.refused),
        game,
        scenario: public,
        schedule: DiceSchedule::default(),
        ended_in: None,
        open_through: 0,
        sealed: true,
        shown_log,
    })
}

/// A message's orders: as it gives them, or, when the ambusher sealed them, as opened.
fn orders_of(
    m: &TurnMessage,
    ledger: &Ledger,
    me: &MySecrets,
) -> Result<(Vec<RecordedOrder>, Option<Order>), String> {
    if m.view.is_none() {
        return Ok((m.orders.clone(), m.last.clone()));
    }
    if !m.orders.is_empty() || m.last.is_some() {
        return Err(format!(
            "message {}: it gives orders openly and seals them too",
            m.seq
        ));
    }
    let sealed: Option<SealedOrders> = secret(ledger, me, m.from, &orders_secret(m.seq))?;
    let sealed = sealed.ok_or_else(|| {
        format!(
            "message {} ({:?}): the orders it sealed are not opened",
            m.seq, m.from
        )
    })?;
    Ok((sealed.orders, sealed.last))
}

/// Plays every message on the game `scenario` starts; with an ambush (`sealed`: who seals
/// what, and the ambusher's dice key), checks every table a message showed the column.
fn play_all(
    messages: &[MessageFile],
    ledger: &Ledger,
    me: &MySecrets,
    rules: &Arc<Rules>,
    scenario: Scenario,
    sealed: Option<(Sealing, Bytes32)>,
) -> Result<Rebuilt, String> {
    let mut game = Game::new(
        &setup_for(scenario.clone(), DiceSchedule::default()),
        rules.clone(),
    );
    let mut schedule = DiceSchedule::default();
    let mut ended_in = None;
    let mut open_through = 0;
    let mut shown_log = 0;
    let mut refused_last = false;
    for (i, file) in messages.iter().enumerate().skip(1) {
        let m = &file.message;
        let (orders, last) = orders_of(m, ledger, me)?;
        if game.is_over() {
            if !orders.is_empty() || last.is_some() {
                return Err(format!(
                    "message {} gives orders after the game's end",
                    m.seq
                ));
            }
            continue;
        }
        let seed =
            seed_for(ledger, me, m.seq).map(|s| sealed.map_or(s, |(_, key)| sealed_seed(s, key)));
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
        play_message(&mut game, m, &orders, seed.is_some())?;
        if let Some(view) = &m.view {
            let Some((sealing, _)) = sealed.filter(|(s, _)| s.ambusher == m.from) else {
                return Err(format!(
                    "message {}: it shows a sealed table, which only an ambusher does",
                    m.seq
                ));
            };
            let replayed = SealedView::of(&game, sealing.column, shown_log, refused_last);
            if replayed != *view {
                return Err(format!(
                    "message {} ({:?}): the table it showed the {:?} does not match the game replayed with its secrets opened: its set-up, its orders or its rolls were changed",
                    m.seq, m.from, sealing.column
                ));
            }
            shown_log += view.log.len();
        }
        // The column chose its order on the table it was shown: the rules may refuse it for
        // what it could not see, and it chooses again.
        let may_be_refused = sealed.is_some_and(|(s, _)| s.column == m.from)
            && messages[i - 1].message.view.is_some();
        if seed.is_some() {
            refused_last = give_last(&mut game, m, last.as_ref(), may_be_refused)?;
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
        scenario,
        schedule,
        ended_in,
        open_through,
        sealed: false,
        shown_log,
        refused_last,
    })
}

/// Gives a message's orders, each checked against the hash it states; with its dice seeded,
/// plays on from there (the game's own rolls up to its first decision, after the opening).
fn play_message(
    game: &mut Game,
    m: &TurnMessage,
    orders: &[RecordedOrder],
    seeded: bool,
) -> Result<(), String> {
    let here = |why: String| format!("message {} ({:?}): {why}", m.seq, m.from);
    if !orders.is_empty() {
        if orders.iter().any(|o| o.side != m.from) {
            return Err(here("it gives the other side's orders".into()));
        }
        game.replay(orders.to_vec(), MAX_STEPS).map_err(here)?;
    } else if seeded && game.awaited().is_none() {
        // The game's own rolls up to its first decision (the opening, or after an answer).
        settle(game);
    }
    Ok(())
}

/// Gives message `m`'s last order, once its dice are seeded, and plays on to the next
/// decision. Ok(true) when the rules refused it and `may_be_refused` allows that.
fn give_last(
    game: &mut Game,
    m: &TurnMessage,
    last: Option<&Order>,
    may_be_refused: bool,
) -> Result<bool, String> {
    let Some(order) = last else { return Ok(false) };
    let before = game.record.orders.len();
    game.pending.push(m.from, order.clone());
    settle(game);
    if game.record.orders.len() == before {
        game.pending.0.clear();
        if may_be_refused {
            return Ok(true);
        }
        return Err(format!(
            "message {}: its last order is refused by the rules",
            m.seq
        ));
    }
    Ok(false)
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

/// The column's order on the table it was shown while the ambush is sealed: its AI's choice,
/// or a pass when the rules refused the last one, so that it never offers the same order
/// twice. `None` when the game does not wait on `me`.
pub fn sealed_ai_order(game: &Game, me: Side, refused: bool) -> Option<Order> {
    let decision = game.awaited().filter(|d| d.side() == me)?.clone();
    if refused {
        return Some(passing_order(&decision));
    }
    let Controller::Ai(ai) = Controllers::all_ai().get(me) else {
        return None;
    };
    Some(ai.decide(&game.table, &game.rules, &decision, &game.ai_memos))
}
