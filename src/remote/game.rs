//! A game played by messages: rebuilt from its messages by playing each message's orders with its stretch's dice.

use super::crypto::{Bytes32, Contribution, Opening, dice_seed};
use super::opening::{scenario_of, setup_for};
use super::sealed::{
    AmbushSecret, GivenOrders, MARCH, SETUP, SealedView, Sealing, announced_spring, full_scenario,
    orders_secret, sealed_seed,
};
use super::turns::{MAX_STEPS, Queues, settle};
use super::{Ledger, MessageFile};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::play::Game;
use ambush_engine::play::deployment::{MarchOrder, spring_bounds};
use ambush_engine::play::new_game::{DiceSchedule, Seed};
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::orders::Order;
use ambush_engine::rules::turn::Phase;
use ambush_engine::visibility::redact;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

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
            // The column answers a sealed table before anyone can know the game is over: the
            // dice of the ambusher's message it answers are fixed only by this answer, and the
            // ambusher's key seals them from the column. So the answer to the message that
            // ended the game may queue orders, which are never given.
            let answers_the_end = on_a_sealed_table && *ended_in == Some(messages[i - 1].seq);
            if !orders.is_empty() || last.is_some() || !(queued.is_empty() || answers_the_end) {
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
