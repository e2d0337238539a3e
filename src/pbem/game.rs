//! A game played by messages: rebuilt from its messages by playing each message's orders with its stretch's dice, and the next message's orders chosen up to the first that rolls.

use super::crypto::{Bytes32, Contribution, Opening, dice_seed};
use super::sealed::{
    AmbushSecret, GivenOrders, MARCH, SETUP, SealedView, Sealing, announced_spring, dark_side,
    full_scenario, orders_secret, sealed_seed,
};
use super::{Ledger, MessageFile};
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::{Rules, check};
use ambush_engine::control::{Controller, Controllers};
use ambush_engine::play::Game;
use ambush_engine::play::deployment::{MarchOrder, spring_bounds};
use ambush_engine::play::new_game::{DiceSchedule, NewGame, Seed};
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::orders::{Decision, Order, passing_order};
use ambush_engine::rules::turn::Phase;
use ambush_engine::visibility::{known_of_the_enemy, redact};
use serde::{Deserialize, Serialize};
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
    /// The orders queued while the ambush is sealed that the game has not given yet, as far
    /// as this player knows them: a new queue carries on after its sender's.
    pub queues: Queues,
    /// Where a replay of the same messages and more may carry on from, instead of from the
    /// first message: `None` when it must start over.
    pub resume: Option<Arc<Resume>>,
}

/// What replaying the messages so far has made, message by message.
#[derive(Clone)]
struct Played {
    game: Game,
    schedule: DiceSchedule,
    ended_in: Option<u64>,
    open_through: u64,
    shown_log: usize,
    queues: Queues,
}

/// The replay after the messages before `at`, whose dice were all open: a message's dice wait
/// for the answer to it, so the messages from `at` on are the ones another replay plays
/// otherwise. Valid for a replay of the same game, its secrets opened as far as before: a
/// replay carries on from it only where its game and its last message's digest (which chains
/// every message before) are the replay's own.
pub struct Resume {
    at: usize,
    game: Bytes32,
    /// The digest of message `at - 1`.
    through: Bytes32,
    /// Its orders were kept with their hashes (`Replay::hashed`).
    hashed: bool,
    scenario: Scenario,
    sealed: Option<(Sealing, Bytes32)>,
    played: Played,
}

impl Rebuilt {
    /// The rules refused one of the column's queued orders while the ambush was sealed.
    pub fn refused_last(&self) -> bool {
        self.queues.column_refused
    }

    /// Whether the game has begun: its opening played, or (sealed) shown.
    pub fn started(&self) -> bool {
        self.open_through >= 1 || (self.sealed && self.game.phase != Phase::Approach)
    }
}

/// What the replay reads of a message: its place and sender, its orders, and of a table it
/// showed the column its digest and rolls. A game folder's checkpoint keeps these instead of
/// every message, so a message costs the same to open late in a game as early.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kept {
    pub seq: u64,
    pub from: Side,
    /// The orders it gives openly.
    #[serde(default)]
    pub given: GivenOrders,
    #[serde(default)]
    pub view: Option<ShownView>,
}

/// A table the ambusher's game showed the column, as the replay needs it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShownView {
    /// `view_digest` of the table shown.
    pub digest: Bytes32,
    pub log_from: usize,
    pub log_len: usize,
    /// Its readable rolls, which make the column's log while the ambush is sealed; left out
    /// once the view is checked.
    #[serde(default)]
    pub log: Vec<RollEntry>,
    /// This player's game replayed the whole game and showed the same table.
    #[serde(default)]
    pub checked: bool,
    /// The table itself: a message's just read, and the last one a checkpoint keeps.
    #[serde(skip)]
    pub full: Option<Box<SealedView>>,
    /// Read from its message now, not from a checkpoint: checked on receipt.
    #[serde(skip)]
    pub fresh: bool,
}

/// The digest of a table shown to the column: BLAKE3 of its text.
pub fn view_digest(view: &SealedView) -> Bytes32 {
    Bytes32::digest(ron::to_string(view).unwrap_or_default().as_bytes())
}

impl Kept {
    pub fn of(file: &MessageFile) -> Kept {
        let m = &file.message;
        Kept {
            seq: m.seq,
            from: m.from,
            given: GivenOrders {
                orders: m.orders.clone(),
                last: m.last.clone(),
                queued: m.queued.clone(),
            },
            view: m.view.as_ref().map(|v| ShownView {
                digest: view_digest(v),
                log_from: v.log_from,
                log_len: v.log.len(),
                log: v.log.clone(),
                checked: false,
                full: Some(Box::new(v.clone())),
                fresh: true,
            }),
        }
    }
}

/// Marks every table shown in `kept` as checked by a whole replay, keeping the last in full.
pub fn mark_checked(kept: &mut [Kept]) {
    let last = kept.iter().rposition(|k| k.view.is_some());
    for (i, k) in kept.iter_mut().enumerate() {
        if let Some(v) = k.view.as_mut() {
            v.checked = true;
            v.log = Vec::new();
            if Some(i) != last {
                v.full = None;
            }
        }
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
    let first = messages.first().ok_or("the game has no first message")?;
    let kept: Vec<Kept> = messages.iter().map(Kept::of).collect();
    rebuild_kept(first, &kept, ledger, me, rules)
}

/// `rebuild` from the messages as a game folder's checkpoint keeps them (`Kept`), every one
/// from the first, whose file is `first`.
pub fn rebuild_kept(
    first: &MessageFile,
    messages: &[Kept],
    ledger: &Ledger,
    me: &MySecrets,
    rules: &Arc<Rules>,
) -> Result<Rebuilt, String> {
    let replay = Replay {
        resume: None,
        hashed: true,
    };
    rebuild_kept_from(first, messages, ledger, me, rules, replay)
}

/// Where a replay of a game's messages starts, and what it keeps of the orders it plays.
#[derive(Clone, Copy)]
pub struct Replay<'a> {
    /// An earlier replay of the same messages, fewer of whose dice were open, to carry on from
    /// where it still holds instead of from the first message: the same game, for a fraction
    /// of the work late in a game.
    pub resume: Option<&'a Resume>,
    /// Keep the table's hash after each order the game gives, as a save of the game needs
    /// (`verify --save`). A replay that shows the table and answers it needs none: the orders
    /// an answer sends are hashed as they are given, and orders replayed from a message still
    /// have the hashes it states checked.
    pub hashed: bool,
}

/// `rebuild_kept`, carrying on from where `replay` says.
pub fn rebuild_kept_from(
    first: &MessageFile,
    messages: &[Kept],
    ledger: &Ledger,
    me: &MySecrets,
    rules: &Arc<Rules>,
    replay: Replay,
) -> Result<Rebuilt, String> {
    let opening = first
        .message
        .opening
        .as_ref()
        .ok_or("the game has no first message")?;
    let public = scenario_of(&opening.scenario, rules)?;
    let Some(sealing) = Sealing::of(&public) else {
        return play_all(messages, ledger, me, rules, public, None, replay);
    };
    let march: Option<MarchOrder> = secret(ledger, me, sealing.column, MARCH)?;
    let set_up: Option<AmbushSecret> = secret(ledger, me, sealing.ambusher, SETUP)?;
    let Some(set_up) = set_up else {
        if me.side == sealing.ambusher {
            // Its first message is still to come: it commits to its set-up there.
            return Ok(unstarted(public, rules));
        }
        return shown_to_column(messages, ledger, me, sealing, public, rules);
    };
    if sealing.march && march.is_none() {
        // The ambusher waits for the column to show its order of march (004: "Then, the
        // player being ambushed shows the other player the order").
        if let Some((_, committed_in)) = ledger.secrets(sealing.ambusher).committed.get(SETUP)
            && let Some(late) = messages
                .iter()
                .find(|m| m.from == sealing.column && m.seq > *committed_in)
        {
            return Err(format!(
                "message {}: the {:?} do not show their order of march, due once the ambusher has set up (message {committed_in})",
                late.seq, sealing.column
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
        replay,
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
        queues: Queues::default(),
        resume: None,
    }
}

/// The column's side of an ambush still sealed: the last table the ambusher's game showed,
/// with every readable roll so far. Each view must carry on from the last, and the ambusher's
/// orders must be committed in the message that seals them. In a simple set-up, the ambusher's
/// first message after the column shows its order of march announces the spring point openly,
/// once, on the route (`announced_spring`).
fn shown_to_column(
    messages: &[Kept],
    ledger: &Ledger,
    me: &MySecrets,
    sealing: Sealing,
    public: Scenario,
    rules: &Arc<Rules>,
) -> Result<Rebuilt, String> {
    let mut game = Game::new(
        &setup_for(public.clone(), DiceSchedule::default()),
        rules.clone(),
    );
    let committed = &ledger.secrets(sealing.ambusher).committed;
    let march: Option<MarchOrder> = secret(ledger, me, sealing.column, MARCH)?;
    // The spring point's bounds as the column knows them: its own order of march, shown.
    let column_scenario = march
        .as_ref()
        .map_or_else(|| public.clone(), |m| m.apply(&public));
    let simple = spring_bounds(&public).is_some();
    // The column shows its order of march in its first message after the ambusher's set-up.
    let march_shown_in = committed.get(SETUP).and_then(|(_, at)| {
        messages
            .iter()
            .find(|m| m.from == sealing.column && m.seq > *at)
            .map(|m| m.seq)
    });
    let mut announced: Option<u64> = None;
    let mut log = Vec::new();
    let mut last_view: Option<&SealedView> = None;
    for m in messages {
        if m.from != sealing.ambusher {
            continue;
        }
        if committed.get(SETUP).is_none_or(|(_, at)| *at > m.seq) {
            return Err(format!(
                "message {}: the ambusher has not committed to its set-up",
                m.seq
            ));
        }
        let shown_before = march_shown_in.filter(|s| *s < m.seq);
        if simple && !m.given.is_empty() && m.view.is_none() {
            // 004: "Then, the player being ambushed shows the other player the order ...
            // Finally, the player conducting the ambush indicates where he wants the lead unit
            // to be": once, after the order is shown, on the route.
            if let Some(first) = announced {
                return Err(format!(
                    "message {}: its `last` announces a second spring point; the ambusher announced it in message {first}",
                    m.seq
                ));
            }
            if shown_before.is_none() {
                return Err(format!(
                    "message {}: its `last` announces a spring point before the {:?} have shown their order of march",
                    m.seq, sealing.column
                ));
            }
            announced_spring(m.seq, &m.given, &column_scenario)?;
            announced = Some(m.seq);
            continue;
        }
        if let (true, None, Some(shown)) = (simple, announced, shown_before) {
            return Err(format!(
                "message {}: it does not announce the spring point (`last: Some(SpringAt(at: ..))`), due in the ambusher's first message after the {:?} showed their order of march (message {shown})",
                m.seq, sealing.column
            ));
        }
        if !m.given.is_empty() {
            return Err(format!(
                "message {}: the ambusher gives orders openly while its set-up is sealed",
                m.seq
            ));
        }
        let Some(shown) = &m.view else { continue };
        let sealed_here = committed
            .get(&orders_secret(m.seq))
            .is_some_and(|(_, at)| *at == m.seq);
        if !sealed_here {
            return Err(format!(
                "message {}: the ambusher's orders are not committed in the message that shows their table",
                m.seq
            ));
        }
        // A view is checked on receipt; one a checkpoint keeps was checked when it came.
        if let Some(view) = shown.full.as_deref().filter(|_| shown.fresh) {
            let before = last_view.map_or(game.table.units.as_slice(), |v| &v.units);
            view.check_on_receipt(before, sealing.column)
                .map_err(|why| format!("message {} ({:?}): {why}", m.seq, m.from))?;
        }
        if shown.log_from != log.len() || shown.log.len() != shown.log_len {
            return Err(format!(
                "message {}: its roll log starts at entry {}, but {} were shown before",
                m.seq,
                shown.log_from,
                log.len()
            ));
        }
        log.extend(shown.log.iter().cloned());
        last_view = shown.full.as_deref().or(last_view);
    }
    let shown_log = log.len();
    match last_view {
        Some(view) => view.show_on(&mut game, sealing.column, log),
        None => redact(&mut game.table, sealing.column),
    }
    Ok(Rebuilt {
        queues: Queues::shown(sealing.column, last_view),
        game,
        scenario: public,
        schedule: DiceSchedule::default(),
        ended_in: None,
        open_through: 0,
        sealed: true,
        shown_log,
        resume: None,
    })
}

/// A message's orders: as it gives them, or, when the ambusher sealed them, as opened; and
/// the orders it queues for its sender's coming decisions.
fn orders_of(m: &Kept, ledger: &Ledger, me: &MySecrets) -> Result<GivenOrders, String> {
    if m.view.is_none() {
        return Ok(m.given.clone());
    }
    if !m.given.is_empty() {
        return Err(format!(
            "message {}: it gives orders openly and seals them too",
            m.seq
        ));
    }
    let sealed: Option<GivenOrders> = secret(ledger, me, m.from, &orders_secret(m.seq))?;
    sealed.ok_or_else(|| {
        format!(
            "message {} ({:?}): the orders it sealed are not opened",
            m.seq, m.from
        )
    })
}

/// Plays every message on the game `scenario` starts; with an ambush (`sealed`: who seals
/// what, and the ambusher's dice key), checks every table a message showed the column.
fn play_all(
    messages: &[Kept],
    ledger: &Ledger,
    me: &MySecrets,
    rules: &Arc<Rules>,
    scenario: Scenario,
    sealed: Option<(Sealing, Bytes32)>,
    replay: Replay,
) -> Result<Rebuilt, String> {
    let resume = replay.resume.filter(|r| {
        (r.hashed || !replay.hashed)
            && r.at >= 1
            && r.at <= messages.len()
            && r.game == ledger.game
            && ledger.digests.get(messages[r.at - 1].seq as usize) == Some(&r.through)
            && r.sealed == sealed
            && r.scenario == scenario
    });
    let (from, mut played) = match resume {
        Some(r) => (r.at, r.played.clone()),
        None => (
            1,
            Played {
                game: Game::new(
                    &setup_for(scenario.clone(), DiceSchedule::default()),
                    rules.clone(),
                ),
                schedule: DiceSchedule::default(),
                ended_in: None,
                open_through: 0,
                shown_log: 0,
                queues: Queues::default(),
            },
        ),
    };
    played.game.record.unhashed = !replay.hashed;
    // The replay before the first message whose dice wait for an answer.
    let mut settled: Option<(usize, Played)> = None;
    for (i, m) in messages.iter().enumerate().skip(from) {
        if settled.is_none() && seed_for(ledger, me, m.seq).is_none() {
            settled = Some((i, played.clone()));
        }
        let Played {
            game,
            schedule,
            ended_in,
            open_through,
            shown_log,
            queues,
        } = &mut played;
        let GivenOrders {
            orders,
            last,
            queued,
        } = orders_of(m, ledger, me)?;
        // The column chose this message's orders on the table the ambusher's game showed it:
        // they can only be queued, since only that game can play them.
        let on_a_sealed_table =
            sealed.is_some_and(|(s, _)| s.column == m.from) && messages[i - 1].view.is_some();
        let may_queue = on_a_sealed_table || m.view.is_some();
        if on_a_sealed_table && (!orders.is_empty() || last.is_some()) {
            return Err(format!(
                "message {}: the {:?} give orders on a sealed table that are not queued",
                m.seq, m.from
            ));
        }
        if !may_queue && !queued.is_empty() {
            return Err(format!(
                "message {}: it queues orders, which only a sealed ambush's messages do",
                m.seq
            ));
        }
        if game.is_over() {
            if !orders.is_empty() || last.is_some() || !queued.is_empty() {
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
                *open_through = m.seq;
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
        play_message(game, m, &orders, seed.is_some())?;
        if let Some(view) = &m.view {
            let Some((sealing, _)) = sealed.filter(|(s, _)| s.ambusher == m.from) else {
                return Err(format!(
                    "message {}: it shows a sealed table, which only an ambusher does",
                    m.seq
                ));
            };
            // A view this player's game has replayed once need not be made again.
            if !view.checked {
                let replayed = SealedView::of(
                    game,
                    sealing.column,
                    *shown_log,
                    queues.column_refused,
                    queues.of(sealing.column),
                );
                if view_digest(&replayed) != view.digest {
                    return Err(format!(
                        "message {} ({:?}): the table it showed the {:?} does not match the game replayed with its secrets opened: its set-up, its orders or its rolls were changed",
                        m.seq, m.from, sealing.column
                    ));
                }
            }
            *shown_log += view.log_len;
        }
        if let Some((sealing, _)) = sealed.filter(|_| may_queue) {
            queues.add(m.from, m.seq, sealing, queued);
        }
        if seed.is_some() {
            give_last(game, m, last.as_ref())?;
            if let Some((sealing, _)) = sealed {
                queues.give(game, sealing.column, m.seq);
            }
        } else if game.dice.log.len() != rolls {
            return Err(format!(
                "message {}: its orders roll dice, but it gives them as rolling none",
                m.seq
            ));
        }
        if game.is_over() && ended_in.is_none() {
            *ended_in = Some(m.seq);
        }
    }
    let (at, settled) = settled.unwrap_or_else(|| (messages.len(), played.clone()));
    let Played {
        mut game,
        schedule,
        ended_in,
        open_through,
        shown_log,
        queues,
    } = played;
    // The orders given on the table shown from here on are sent, with their hashes.
    game.record.unhashed = false;
    let through = at
        .checked_sub(1)
        .and_then(|last| ledger.digests.get(messages[last].seq as usize));
    Ok(Rebuilt {
        resume: through.map(|through| {
            Arc::new(Resume {
                at,
                game: ledger.game,
                through: *through,
                hashed: replay.hashed,
                scenario: scenario.clone(),
                sealed,
                played: settled,
            })
        }),
        queues,
        game,
        scenario,
        schedule,
        ended_in,
        open_through,
        sealed: false,
        shown_log,
    })
}

/// Gives a message's orders, each checked against the hash it states; with its dice seeded,
/// plays on from there (the game's own rolls up to its first decision, after the opening).
fn play_message(
    game: &mut Game,
    m: &Kept,
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
/// decision. Its sender saw the whole table, so the rules may not refuse it.
fn give_last(game: &mut Game, m: &Kept, last: Option<&Order>) -> Result<(), String> {
    let Some(order) = last else { return Ok(()) };
    let before = game.record.orders.len();
    game.pending.push(m.from, order.clone());
    settle(game);
    if game.record.orders.len() == before {
        game.pending.0.clear();
        return Err(format!(
            "message {}: its last order is refused by the rules",
            m.seq
        ));
    }
    Ok(())
}

/// The most queued orders one stretch gives, so a broken queue can never hang the game.
const MAX_QUEUE_STEPS: usize = 20_000;

/// The orders each side of a sealed ambush queued for its coming decisions and the game has
/// not given yet. Each was queued before the dice it meets were known to anyone: a message's
/// queue is given in its own stretch and after, never before it was sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Queues {
    /// By `Side::index`, the next to give first.
    waiting: [Vec<Order>; 2],
    /// The stretch in which each side's queue was last emptied by the rules (a refusal, or
    /// something hidden coming to light).
    emptied_in: [Option<u64>; 2],
    /// The rules refused one of the column's queued orders, and it has queued nothing since.
    pub column_refused: bool,
}

impl Queues {
    /// `side`'s orders still queued.
    pub fn of(&self, side: Side) -> &[Order] {
        &self.waiting[side.index()]
    }

    /// Queues message `m`'s orders after its sender's. The column sees the table only as the
    /// stretch before its message left it: a queue it sent not knowing that the rules emptied
    /// its queue since is dropped, and it chooses again on the table that shows why.
    fn add(&mut self, from: Side, seq: u64, sealing: Sealing, queued: Vec<Order>) {
        let unaware =
            from == sealing.column && self.emptied_in[from.index()].is_some_and(|s| s + 1 == seq);
        if unaware {
            return;
        }
        if from == sealing.column {
            self.column_refused = false;
        }
        self.waiting[from.index()].extend(queued);
    }

    /// The column's queue as the last table shown to it gives it.
    fn shown(column: Side, view: Option<&SealedView>) -> Queues {
        let mut q = Queues::default();
        if let Some(v) = view {
            q.waiting[column.index()] = v.column_queue.to_vec();
            q.column_refused = v.refused;
        }
        q
    }

    fn empty(&mut self, side: Side, stretch: u64) {
        self.waiting[side.index()].clear();
        self.emptied_in[side.index()] = Some(stretch);
    }

    /// Gives the queued orders, each when the game waits on its side, until the side it waits
    /// on has none left or the rules refuse one (that side's queue is emptied). When something
    /// hidden comes to light, the column's queue is emptied: it chose on a table that is no
    /// more. The ambusher's goes on, since it chose knowing what was hidden.
    fn give(&mut self, game: &mut Game, column: Side, stretch: u64) {
        for _ in 0..MAX_QUEUE_STEPS {
            if game.is_over() {
                return;
            }
            let Some(side) = game.awaited().map(|d| d.side()) else {
                return;
            };
            let waiting = &mut self.waiting[side.index()];
            if waiting.is_empty() {
                return;
            }
            let order = waiting.remove(0);
            let known = known_of_the_enemy(&game.table, column);
            let before = game.record.orders.len();
            game.pending.push(side, order);
            settle(game);
            if game.record.orders.len() == before {
                game.pending.0.clear();
                self.empty(side, stretch);
                self.column_refused |= side == column;
                return;
            }
            if dark_side(game).is_none() {
                // Nothing is hidden any more: the ambusher opens everything, and from its next
                // message on orders are given openly.
                self.empty(column, stretch);
                self.empty(column.other(), stretch);
                return;
            }
            if known_of_the_enemy(&game.table, column) != known {
                self.empty(column, stretch);
            }
        }
    }
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

/// The most orders a side's AI queues in one message.
const MAX_PLANNED: usize = 200;

/// What a unit's dice can change on the table: once a roll changes one of these, the rest of
/// a plan would be chosen on a table the dice have not made yet.
fn dice_made(game: &Game) -> Vec<(u32, u32, bool, bool, bool)> {
    game.table
        .units
        .iter()
        .map(|u| {
            (
                u.id,
                u.wounds,
                u.status.presence == ambush_engine::rules::table::Presence::OnTable,
                u.status.hidden,
                u.status.withdrawing || u.status.stunned,
            )
        })
        .collect()
}

/// The orders this side's AI queues for its coming decisions while an ambush is sealed,
/// chosen on `game` (the column's: the table it was shown) after the orders it has queued
/// already (`queued`). It plays them on a copy, as if the other side passed at each of its
/// decisions (which this side cannot know), and stops where the dice would change the table,
/// at a decision of the other side's it cannot pass over (melee), or at the turn's end: past
/// those, a plan would be chosen on a table that is not there yet.
pub fn planned_queue(game: &Game, me: Side, queued: &[Order], refused: bool) -> Vec<Order> {
    let Controller::Ai(ai) = Controllers::all_ai().get(me) else {
        return Vec::new();
    };
    let mut plan = game.clone();
    // Dice of no stretch: the plan only looks where no die decided anything.
    plan.dice.reseed([0; 32]);
    plan.pending.0.clear();
    let turn = plan.table.progress.turn;
    let mut ahead: std::collections::VecDeque<Order> = queued.iter().cloned().collect();
    // The rules refused this side's last queued order for something it cannot see: choosing
    // on the same table would queue it again, so its next decision is a pass.
    let mut pass_first = refused;
    let mut out = Vec::new();
    while out.len() < MAX_PLANNED && !plan.is_over() && plan.table.progress.turn == turn {
        let Some(decision) = plan.awaited().cloned() else {
            break;
        };
        let side = decision.side();
        let (order, new) = if side != me {
            if !matches!(
                decision,
                Decision::Move { .. } | Decision::Shoot { .. } | Decision::RunAway { .. }
            ) {
                break;
            }
            (passing_order(&decision), false)
        } else if let Some(order) = ahead.pop_front() {
            (order, false)
        } else if std::mem::take(&mut pass_first) {
            (passing_order(&decision), true)
        } else {
            let order = ai.decide(&plan.table, &plan.rules, &decision, &plan.ai_memos);
            (order, true)
        };
        let (rolls, units) = (plan.dice.log.len(), dice_made(&plan));
        let mut given = order;
        if !try_order(&mut plan, side, given.clone()) {
            if !new {
                break;
            }
            // The rules refused the AI's order: it passes instead, as the simulator's AI does.
            given = passing_order(&decision);
            if !try_order(&mut plan, side, given.clone()) {
                // Not even a pass plays on this copy of the table: it is not the ambusher's.
                // The side still answers the decision it was shown, or the game would wait on
                // it for ever; the ambusher's game judges the pass.
                if out.is_empty() {
                    out.push(given);
                }
                break;
            }
        }
        if new {
            out.push(given);
        }
        if plan.dice.log.len() != rolls && dice_made(&plan) != units {
            break;
        }
    }
    out
}

/// Gives `order` and plays on to the next decision: false when the rules refuse it.
fn try_order(game: &mut Game, side: Side, order: Order) -> bool {
    let before = game.record.orders.len();
    game.pending.push(side, order);
    settle(game);
    if game.record.orders.len() == before {
        game.pending.0.clear();
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_engine::rules::table::UnitId;

    /// A jungle patrol by file, played to the column's first decision.
    fn at_the_columns_decision() -> (Game, Sealing) {
        let rules = Arc::new(Rules::bundled().clone());
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/jungle_patrol.ron"),
        )
        .expect("the scenario");
        let public = scenario_of(&text, &rules).expect("it reads");
        let sealing = Sealing::of(&public).expect("an ambush");
        let mut game = Game::new(&setup_for(public, DiceSchedule::default()), rules);
        settle(&mut game);
        for _ in 0..50 {
            match game.awaited().cloned() {
                Some(d) if d.side() != sealing.column => {
                    assert!(try_order(&mut game, d.side(), passing_order(&d)));
                }
                _ => break,
            }
        }
        assert_eq!(
            game.awaited().map(|d| d.side()),
            Some(sealing.column),
            "the column decides"
        );
        (game, sealing)
    }

    /// Issue 36: "Let the column send a whole phase's orders in one message, played by the
    /// ambusher's game in order up to the first that is refused ... the answer carries the
    /// table and where it stopped." A refused order empties the column's queue and says so; a
    /// queue sent before the column could see that is dropped; the next is given in order.
    #[test]
    fn queued_orders_are_given_in_order_up_to_the_first_the_rules_refuse() {
        let (mut game, sealing) = at_the_columns_decision();
        let column = sealing.column;
        let plan = planned_queue(&game, column, &[], false);
        assert!(plan.len() > 1, "the AI queues the phase: {plan:?}");
        let enemy: UnitId = game
            .table
            .units
            .iter()
            .find(|u| u.side != column)
            .expect("an ambusher")
            .id;
        let not_ours = Order::Rotate {
            unit: enemy,
            facing: 0.0,
        };
        let mut queues = Queues::default();
        let mut queued = vec![not_ours];
        queued.extend(plan.iter().cloned());
        queues.add(column, 3, sealing, queued);
        let before = game.record.orders.len();
        queues.give(&mut game, column, 3);
        assert_eq!(
            game.record.orders.len(),
            before,
            "refused first: nothing given"
        );
        assert!(queues.column_refused && queues.of(column).is_empty());
        // Told of the refusal, the column's AI passes at that decision rather than queue the
        // same order on the same table again, and goes on from there.
        let decision = game.awaited().cloned().expect("the column decides");
        let after_refusal = planned_queue(&game, column, &[], true);
        assert_eq!(after_refusal.first(), Some(&passing_order(&decision)));
        // Sent before the column was shown the refusal: dropped.
        queues.add(column, 4, sealing, plan.clone());
        assert!(queues.of(column).is_empty() && queues.column_refused);
        // Sent after: given in order, each at one of the column's decisions.
        queues.add(column, 5, sealing, plan.clone());
        assert!(!queues.column_refused);
        queues.give(&mut game, column, 5);
        let given: Vec<Order> = game.record.orders[before..]
            .iter()
            .filter(|o| o.side == column)
            .map(|o| o.order.clone())
            .collect();
        assert!(!given.is_empty());
        assert_eq!(given, plan[..given.len()], "in the order queued");
        assert_eq!(
            queues.of(column),
            &plan[given.len()..],
            "the rest waits for the column's next decision"
        );
    }
}
