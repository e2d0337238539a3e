//! Play by file: a player's copy of a game played by messages, in its data folder: every message sent and received, and the secrets it has not revealed; and the three things a player does with it: start a game, open a message and answer it, verify a finished game.

use super::crypto::{Bytes32, Contribution, Opening};
use super::error::{RemoteError, io, random};
use super::game::{
    Kept, MySecrets, Rebuilt, Replay, Resume, mark_checked, rebuild, rebuild_kept_from,
};
use super::message::{
    GameOpening, MessageFile, ModTables, PROTOCOL, Revealed, TurnMessage, game_rules, rules_digest,
};
use super::opening::{scenario_of, setup_for};
use super::scenario_check::{OpeningCheck, own_mods, own_scenarios};
use super::sealed::{
    ChosenSetUp, GivenOrders, MARCH, SETUP, SealedView, Sealing, awaits_announced_spring, dark_side,
};
use super::sealing::{chosen_of, commit_set_up, seal};
use super::store::write_private;
use super::turns::{ai_turn, planned_queue};
use super::{Ledger, Refusal};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::error::{MAX_FILE_BYTES, parse_ron, read_bounded};
use ambush_engine::play::record::{RecordedOrder, table_hash};
use ambush_engine::rules::orders::Order;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The rule tables a game is played with, built from its first message (`game_rules`).
pub fn rules_of_game(first: &MessageFile) -> Result<Arc<Rules>, RemoteError> {
    let opening = first
        .message
        .opening
        .as_ref()
        .filter(|_| first.message.seq == 0)
        .ok_or_else(|| RemoteError::Store("the game has no first message".into()))?;
    game_rules(opening)
        .map(Arc::new)
        .map_err(RemoteError::GameRules)
}

/// One game's folder: `DATA/pbem/GAME/`, with `messages/` and the private `secrets.ron`.
pub struct GameFolder {
    pub dir: PathBuf,
}

impl GameFolder {
    pub fn of(data: &Path, game: Bytes32) -> GameFolder {
        GameFolder {
            dir: data.join("pbem").join(game.to_hex()),
        }
    }

    fn message_path(&self, seq: u64) -> PathBuf {
        self.dir.join("messages").join(format!("{seq:06}.ron"))
    }

    fn secrets_path(&self) -> PathBuf {
        self.dir.join("secrets.ron")
    }

    /// Every message kept, in order.
    pub fn messages(&self) -> Result<Vec<MessageFile>, RemoteError> {
        let mut out = Vec::new();
        loop {
            let path = self.message_path(out.len() as u64);
            if !path.is_file() {
                return Ok(out);
            }
            out.push(MessageFile::read(&path)?);
        }
    }

    pub fn secrets(&self) -> Result<MySecrets, RemoteError> {
        let path = self.secrets_path();
        let shown = path.display().to_string();
        let text = read_bounded(&path, &shown, MAX_FILE_BYTES)
            .map_err(|e| RemoteError::Store(e.to_string()))?;
        parse_ron(&shown, &text).map_err(|e| RemoteError::Store(e.to_string()))
    }

    /// Keeps a message and the secrets as they stand after it: the secrets first, so a crash
    /// between the two never loses a promise a kept message relies on.
    fn keep(&self, file: &MessageFile, secrets: &MySecrets) -> Result<(), RemoteError> {
        let text = ron::ser::to_string_pretty(secrets, ron::ser::PrettyConfig::default())
            .map_err(|e| RemoteError::Store(e.to_string()))?;
        write_private(&self.secrets_path(), &text).map_err(io(&self.secrets_path()))?;
        let path = self.message_path(file.message.seq);
        ambush_data::atomic::write_atomically(&path, &file.text()).map_err(io(&path))
    }

    fn checkpoint_path(&self) -> PathBuf {
        self.dir.join("checkpoint.ron")
    }

    /// How many messages are kept.
    pub fn count(&self) -> u64 {
        let mut n = 0;
        while self.message_path(n).is_file() {
            n += 1;
        }
        n
    }

    /// Message `seq` as kept, if it is.
    pub fn message(&self, seq: u64) -> Option<Result<MessageFile, RemoteError>> {
        let path = self.message_path(seq);
        path.is_file()
            .then(|| MessageFile::read(&path).map_err(RemoteError::from))
    }

    /// The game as kept: its first message, the ledger after every message, and every message
    /// as the replay reads it. From the checkpoint when it holds every message kept (the last
    /// one's digest checked against its file); else read and checked again from the first
    /// message, as `verify` always does.
    pub fn load(&self) -> Result<(MessageFile, Ledger, Vec<Kept>), RemoteError> {
        if let Some(loaded) = self.checkpointed() {
            return Ok(loaded);
        }
        let messages = self.messages()?;
        let ledger = self.ledger(&messages)?;
        let kept = messages.iter().map(Kept::of).collect();
        Ok((messages[0].clone(), ledger, kept))
    }

    /// The checkpoint, if it is this program's and holds exactly the messages kept.
    fn checkpointed(&self) -> Option<(MessageFile, Ledger, Vec<Kept>)> {
        let path = self.checkpoint_path();
        let shown = path.display().to_string();
        let text = read_bounded(&path, &shown, MAX_FILE_BYTES).ok()?;
        let cp: Checkpoint = parse_ron(&shown, &text).ok()?;
        let n = cp.kept.len() as u64;
        let last = cp.ledger.digests.last()?;
        let fits = cp.program == checkpoint_program()
            && cp.ledger.digests.len() as u64 == n
            && cp.kept.iter().enumerate().all(|(i, k)| k.seq == i as u64)
            && !self.message_path(n).is_file();
        if !fits {
            return None;
        }
        let newest = self.message(n - 1)?.ok()?;
        let first = self.message(0)?.ok()?;
        if newest.digest != *last || first.digest != cp.ledger.digests[0] {
            return None;
        }
        let mut kept = cp.kept;
        if let Some(view) = cp.last_view {
            let shown = kept.iter_mut().rev().find_map(|k| k.view.as_mut())?;
            shown.full = Some(Box::new(view));
        }
        Some((first, cp.ledger, kept))
    }

    /// Keeps the checkpoint of the game as it stands: the ledger after every message kept,
    /// and each message as the replay reads it. Losing it costs only time: `load` reads
    /// every message again.
    fn keep_checkpoint(&self, ledger: &Ledger, kept: &[Kept]) -> Result<(), RemoteError> {
        let last_view = kept
            .iter()
            .rev()
            .find_map(|k| k.view.as_ref())
            .and_then(|v| v.full.as_deref().cloned());
        let cp = Checkpoint {
            program: checkpoint_program(),
            ledger: ledger.clone(),
            kept: kept.to_vec(),
            last_view,
        };
        let text = ron::to_string(&cp).map_err(|e| RemoteError::Store(e.to_string()))?;
        let path = self.checkpoint_path();
        ambush_data::atomic::write_atomically(&path, &text).map_err(io(&path))
    }

    /// The ledger of the messages kept, checked again from the first.
    fn ledger(&self, messages: &[MessageFile]) -> Result<Ledger, RemoteError> {
        let mut iter = messages.iter();
        let first = iter
            .next()
            .ok_or_else(|| RemoteError::Store(format!("{}: no messages", self.dir.display())))?;
        let mut ledger = Ledger::start(first)?;
        for m in iter {
            ledger.accept(m)?;
        }
        Ok(ledger)
    }
}

/// A game folder's checkpoint (`checkpoint.ron`): what opening a message needs of the messages
/// kept before it, so that it reads this and the new message rather than every message.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct Checkpoint {
    /// The program and protocol that wrote it: another's is not read.
    program: String,
    /// The ledger after every message kept.
    ledger: Ledger,
    /// Every message kept, from the first, as the replay reads it.
    kept: Vec<Kept>,
    /// The last table shown to the column, in full: the next is checked against it.
    last_view: Option<SealedView>,
}

fn checkpoint_program() -> String {
    format!("ambush {} protocol {PROTOCOL}", env!("CARGO_PKG_VERSION"))
}

/// Writes a message to where the player sends it from.
fn send(file: &MessageFile, out: &Path) -> Result<(), RemoteError> {
    ambush_data::atomic::write_atomically(out, &file.text()).map_err(io(out))
}

/// The scenario file at `path` as a game is started with it: its text and, when it lies in a
/// mod's `scenarios/`, the mod's name, version and rule patches, which travel with it. A mod's
/// scenario is read inside the mod's folder, as the mod's own files are: a link out of the
/// folder is refused.
pub fn scenario_to_play(path: &Path) -> Result<(String, Option<ModTables>), RemoteError> {
    let (text, of_mod) = ambush_data::mods::read_scenario_with_patches(path)
        .map_err(|e| RemoteError::Scenario(e.to_string()))?;
    let tables = of_mod.map(|(manifest, patches)| ModTables {
        name: manifest.name,
        version: manifest.version,
        patches,
    });
    Ok((text, tables))
}

/// `pbem new`: starts a game of `scenario_text` as `side`, keeps its first message and writes
/// it to `out`. A mod's scenario comes with its mod's `mod_tables`, which travel in the first
/// message; the scenario is checked against the tables built from them. With an ambush, `set_up` is the text of this side's set-up file (a copy of the
/// scenario with its pieces placed), or the scenario's own set-up when `None`. Returns the
/// game's id.
pub fn start(
    data: &Path,
    scenario_text: &str,
    side: Side,
    mod_tables: Option<ModTables>,
    out: &Path,
    set_up: Option<&str>,
) -> Result<Bytes32, RemoteError> {
    let opening = GameOpening {
        scenario: scenario_text.to_string(),
        starter: side,
        rules: Some(rules_digest(mod_tables.as_ref())),
        mod_tables,
    };
    // Built as the other player's game will build them, from the message alone.
    let rules = &Arc::new(game_rules(&opening).map_err(RemoteError::Scenario)?);
    let public = scenario_of(scenario_text, rules).map_err(RemoteError::Scenario)?;
    let game = random(Bytes32::random())?;
    let promise = random(Contribution::random().and_then(Contribution::opening))?;
    let mut secrets = MySecrets {
        side,
        promised: [(1, promise.clone())].into(),
        own: Default::default(),
    };
    let mut commitments = Vec::new();
    let chosen = chosen_of(&public, side, set_up, rules)?;
    commit_set_up(&public, &mut secrets, &mut commitments, chosen.as_ref())?;
    let message = TurnMessage {
        protocol: PROTOCOL,
        game,
        seq: 0,
        from: side,
        answers: None,
        opening: Some(opening),
        orders: Vec::new(),
        last: None,
        own_contribution: None,
        contribution: None,
        next_contribution: promise.commitment(),
        secrets: commitments,
        openings: Vec::new(),
        view: None,
        queued: Vec::new(),
    };
    let file = MessageFile::of(message);
    GameFolder::of(data, game).keep(&file, &secrets)?;
    send(&file, out)?;
    Ok(game)
}

/// What opening a message came to.
#[derive(Debug, Clone, PartialEq)]
pub struct Opened {
    pub game: Bytes32,
    /// The answer written, if anything was left to send.
    pub answered: Option<u64>,
    /// How the game ended, once it has.
    pub ending: Option<String>,
    /// Orders the answer gives.
    pub orders: usize,
    /// The replay the answer's check made, for the game's next message to carry on from.
    pub carried: Carried,
}

/// A replay of a game's messages that the next message of the same game may carry on from
/// instead of from the first message (`prepare_carrying`): a live game keeps it between its
/// messages, so each costs about the same at the end of a game as at its start. A cache: two
/// openings that differ only in it are the same, and a replay checks that it is its own game's.
#[derive(Clone, Default)]
pub struct Carried(pub Option<Arc<Resume>>);

impl std::fmt::Debug for Carried {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self.0 {
            Some(_) => "Carried(a replay)",
            None => "Carried(nothing)",
        })
    }
}

impl PartialEq for Carried {
    fn eq(&self, _: &Carried) -> bool {
        true
    }
}

/// A received message checked and played on this side's table, waiting for this side's
/// answer. Nothing is kept until the answer is sent.
pub struct Turn {
    folder: GameFolder,
    first: MessageFile,
    /// Every message before the received one, as the replay reads them.
    kept: Vec<Kept>,
    ledger: Ledger,
    me: MySecrets,
    received: MessageFile,
    rules: Arc<Rules>,
    /// The game as this side sees it now.
    pub rebuilt: Rebuilt,
    /// This side's secret set-up, when it is still to commit to one: a copy of the scenario
    /// with its pieces placed (`--setup`); the scenario's own when `None`.
    pub set_up: Option<String>,
    /// The first message of a game: how its scenario and rule tables compare with this
    /// player's own files, which the player sees before its first move.
    pub opening_check: Option<OpeningCheck>,
}

/// What a received message asks of this side.
pub enum Prepared {
    /// The game is over and its end was known to both: the message is kept, nothing is owed.
    Over(Opened),
    /// An answer is owed: this side's turn, if the game waits on it, and its contributions.
    Answer(Box<Turn>),
}

/// Checks a received message against the game (the first creates it on this side) and plays
/// it on this side's table, with the rule tables its first message builds. A refused message
/// changes nothing.
pub fn prepare(data: &Path, received: &Path) -> Result<Prepared, RemoteError> {
    prepare_carrying(data, received, Carried::default())
}

/// `prepare`, its replay carrying on from `carried` (an earlier answer's, `Opened::carried`)
/// where that is a replay of this game's messages.
pub fn prepare_carrying(
    data: &Path,
    received: &Path,
    carried: Carried,
) -> Result<Prepared, RemoteError> {
    let file = MessageFile::read(received)?;
    let folder = GameFolder::of(data, file.message.game);
    let mut opening_check = None;
    let kept_before = if folder.dir.join("messages").is_dir() {
        Some((folder.load()?, folder.secrets()?))
    } else {
        None
    };
    let (first, mut kept, me, ledger) = if let Some(((first, mut l, kept), me)) = kept_before {
        match l.accept(&file) {
            Err(refusal @ Refusal::Equivocation { seq, .. }) => {
                return Err(RemoteError::Equivocation {
                    refusal,
                    kept: folder.message_path(seq),
                });
            }
            other => other?,
        }
        (first, kept, me, l)
    } else {
        let Some(opening) = file
            .message
            .opening
            .as_ref()
            .filter(|_| file.message.seq == 0)
        else {
            return Err(RemoteError::UnknownGame {
                game: file.message.game,
                seq: file.message.seq,
            });
        };
        let rules = rules_of_game(&file)?;
        let scenario = scenario_of(&opening.scenario, &rules)
            .map_err(|e| RemoteError::GameRules(format!("message 0: {e}")))?;
        opening_check = Some(OpeningCheck::of(
            opening,
            &scenario.name,
            &own_scenarios(),
            &own_mods(),
        ));
        let me = MySecrets {
            side: opening.starter.other(),
            promised: Default::default(),
            own: Default::default(),
        };
        (file.clone(), Vec::new(), me, Ledger::start(&file)?)
    };
    if file.message.from == me.side {
        return Err(RemoteError::Refused(Refusal::WrongSender {
            seq: file.message.seq,
            from: file.message.from,
            expected: me.side.other(),
        }));
    }
    kept.push(Kept::of(&file));
    let rules = &rules_of_game(&first)?;
    let replay = Replay {
        resume: carried.0.as_deref(),
        hashed: false,
    };
    let rebuilt = rebuild_kept_from(&first, &kept, &ledger, &me, rules, replay)
        .map_err(RemoteError::DoesNotReplay)?;
    // Once the game is over, only its end is owed: the other side's last stretch, or the
    // ambusher's secrets, which it opens at the end at the latest.
    let reveal_owed = Sealing::of(&rebuilt.scenario).is_some_and(|s| {
        s.ambusher == me.side && !ledger.secrets(me.side).opened.contains_key(SETUP)
    });
    let owed = !rebuilt.game.is_over() || rebuilt.ended_in == Some(file.message.seq) || reveal_owed;
    if !owed {
        folder.keep(&file, &me)?;
        keep_checkpoint(&folder, &ledger, kept, &rebuilt)?;
        return Ok(Prepared::Over(Opened {
            game: ledger.game,
            answered: None,
            ending: ending(&rebuilt),
            orders: 0,
            carried: Carried(rebuilt.resume.clone()),
        }));
    }
    Ok(Prepared::Answer(Box::new(Turn {
        folder,
        first,
        kept,
        ledger,
        me,
        received: file,
        rules: rules.clone(),
        rebuilt,
        set_up: None,
        opening_check,
    })))
}

impl Turn {
    /// The side this player plays.
    pub fn side(&self) -> Side {
        self.me.side
    }

    /// Refuses a game whose scenario or rule tables are not byte for byte this player's own,
    /// unless the player `accepted` them: the error says what differs. Nothing is kept.
    pub fn refuse_unless_accepted(&self, accepted: bool) -> Result<(), RemoteError> {
        match &self.opening_check {
            Some(check) if !accepted && !check.is_same() => {
                Err(RemoteError::NotYourScenario(check.lines()))
            }
            _ => Ok(()),
        }
    }

    /// Whether the game waits on this side's decision.
    pub fn is_mine(&self) -> bool {
        let game = &self.rebuilt.game;
        !game.is_over() && game.awaited().is_some_and(|d| d.side() == self.me.side)
    }

    /// Whether this side's secret set-up of an ambush is still to commit to: its answer will
    /// carry it (`set_up`, or the scenario's own).
    pub fn set_up_owed(&self) -> bool {
        Sealing::of(&self.rebuilt.scenario).is_some_and(|s| {
            let name = if self.me.side == s.column {
                MARCH
            } else {
                SETUP
            };
            (self.me.side == s.ambusher || s.march) && !self.me.own.contains_key(name)
        })
    }

    /// How many orders the game holds before this turn's.
    pub fn orders_before(&self) -> usize {
        self.rebuilt.game.record.orders.len()
    }

    /// The set-up the game started from.
    pub fn setup(&self) -> Result<ambush_engine::play::new_game::NewGame, RemoteError> {
        Ok(setup_for(
            self.rebuilt.scenario.clone(),
            self.rebuilt.schedule.clone(),
        ))
    }

    /// The rule tables it is played with.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The game's id.
    pub fn game(&self) -> Bytes32 {
        self.ledger.game
    }

    /// The number the answer will have.
    pub fn answer_seq(&self) -> u64 {
        self.ledger.next_seq()
    }

    /// Sends this side's answer with `orders` (which roll nothing, each with the table's hash
    /// after it) and `last` (the order whose dice wait for the answer): checked as the other
    /// side will check it, kept with the received message, and written to `out`.
    pub fn send(
        self,
        orders: Vec<RecordedOrder>,
        last: Option<Order>,
        out: &Path,
    ) -> Result<Opened, RemoteError> {
        self.send_queued(orders, last, Vec::new(), out)
    }

    /// Sends this side's answer as `send` does, with `queued`: its orders for its coming
    /// decisions while the ambush is sealed, which the ambusher's game gives in order (sealed
    /// with the ambusher's other orders when this side is the ambusher).
    pub fn send_queued(
        self,
        orders: Vec<RecordedOrder>,
        last: Option<Order>,
        queued: Vec<Order>,
        out: &Path,
    ) -> Result<Opened, RemoteError> {
        let Turn {
            folder,
            first,
            mut kept,
            mut ledger,
            me,
            received,
            rules,
            rebuilt,
            set_up,
            opening_check: _,
        } = self;
        let chosen = chosen_of(&rebuilt.scenario, me.side, set_up.as_deref(), &rules)?;
        let given = GivenOrders {
            orders,
            last,
            queued,
        };
        let (answer, secrets) = answer(&ledger, me, given, &rebuilt, chosen.as_ref())?;
        ledger.accept(&answer)?;
        kept.push(Kept::of(&answer));
        // The answer replays as this side's copy will when the game is rebuilt.
        let after = rebuild_kept_from(
            &first,
            &kept,
            &ledger,
            &secrets,
            &rules,
            Replay {
                resume: rebuilt.resume.as_deref(),
                hashed: false,
            },
        )
        .map_err(RemoteError::DoesNotReplay)?;
        folder.keep(&received, &secrets)?;
        folder.keep(&answer, &secrets)?;
        keep_checkpoint(&folder, &ledger, kept, &after)?;
        send(&answer, out)?;
        Ok(Opened {
            game: ledger.game,
            answered: Some(answer.message.seq),
            ending: ending(&rebuilt),
            orders: answer.message.orders.len()
                + usize::from(answer.message.last.is_some())
                + answer.message.queued.len(),
            carried: Carried(after.resume.clone()),
        })
    }
}

/// Keeps the checkpoint of a game just rebuilt from `kept`: once the whole game replayed (its
/// secrets open to this player), every table it showed the column is checked.
fn keep_checkpoint(
    folder: &GameFolder,
    ledger: &Ledger,
    mut kept: Vec<Kept>,
    rebuilt: &Rebuilt,
) -> Result<(), RemoteError> {
    if !rebuilt.sealed && rebuilt.open_through > 0 {
        mark_checked(&mut kept);
    }
    folder.keep_checkpoint(ledger, &kept)
}

/// `pbem open`: `prepare`, then this side's turn (the AI's, when `ai`) sent to `out`, unless
/// nothing is left to send. A refused message changes nothing, and so does a game's first
/// message whose scenario or rules are not this player's own, unless `accept_scenario`.
pub fn open(
    data: &Path,
    received: &Path,
    ai: bool,
    out: &Path,
    set_up: Option<&str>,
    accept_scenario: bool,
) -> Result<Opened, RemoteError> {
    let mut turn = match prepare(data, received)? {
        Prepared::Over(opened) => return Ok(opened),
        Prepared::Answer(turn) => turn,
    };
    turn.refuse_unless_accepted(accept_scenario)?;
    turn.set_up = set_up.map(str::to_string);
    match ai {
        true => turn.send_ai_turn(out),
        false if turn.is_mine() => Err(RemoteError::NeedsAPlayer),
        false => turn.send(Vec::new(), None, out),
    }
}

impl Turn {
    /// Sends the answer with the AI's turn for this side, if the game waits on it; else with
    /// no orders (the answer owes its contributions all the same).
    pub fn send_ai_turn(self: Box<Turn>, out: &Path) -> Result<Opened, RemoteError> {
        let side = self.side();
        if self.queues_orders() {
            // Only the ambusher's game can play orders while its units hide: each side queues
            // its coming decisions, after the orders it queued already.
            let refused = self.rebuilt.sealed && self.rebuilt.refused_last();
            let queued = planned_queue(
                &self.rebuilt.game,
                side,
                self.rebuilt.queues.of(side),
                refused,
            );
            return self.send_queued(Vec::new(), None, queued, out);
        }
        let (orders, last) = match self.is_mine() {
            false => (Vec::new(), None),
            true => ai_turn(&mut self.rebuilt.game.clone(), side),
        };
        self.send(orders, last, out)
    }

    /// Whether this side's answer queues its orders: the column's on a sealed table, or the
    /// ambusher's while something is still hidden from the column.
    pub fn queues_orders(&self) -> bool {
        let r = &self.rebuilt;
        if r.sealed {
            return true;
        }
        let Some(sealing) = Sealing::of(&r.scenario) else {
            return false;
        };
        sealing.ambusher == self.me.side
            && !self.ledger.secrets(self.me.side).opened.contains_key(SETUP)
            && r.started()
            && !awaits_announced_spring(&r.game)
            && !r.game.is_over()
            && dark_side(&r.game).is_some()
    }
}

fn ending(r: &Rebuilt) -> Option<String> {
    let p = &r.game.table.progress;
    p.outcome.map(|o| format!("{o:?}: {}", p.ending))
}

/// This side's answer: its own contribution, the one it owes, a new promise, and its turn.
fn answer(
    ledger: &Ledger,
    mut me: MySecrets,
    given: GivenOrders,
    rebuilt: &Rebuilt,
    chosen: Option<&ChosenSetUp>,
) -> Result<(MessageFile, MySecrets), RemoteError> {
    let seq = ledger.next_seq();
    let contribution = match seq.checked_sub(1).filter(|s| *s >= 1) {
        None => None,
        Some(stretch) => {
            let opening = me.promised.remove(&stretch).ok_or_else(|| {
                RemoteError::Store(format!(
                    "the contribution promised to stretch {stretch} is lost"
                ))
            })?;
            Some(Revealed { stretch, opening })
        }
    };
    let promise: Opening = random(Contribution::random().and_then(Contribution::opening))?;
    let mut message = TurnMessage {
        protocol: PROTOCOL,
        game: ledger.game,
        seq,
        from: me.side,
        answers: ledger.last(),
        opening: None,
        orders: given.orders,
        last: given.last,
        own_contribution: Some(random(Contribution::random())?),
        contribution,
        next_contribution: promise.commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
        view: None,
        queued: given.queued,
    };
    me.promised.insert(seq + 1, promise);
    if let Some(sealing) = Sealing::of(&rebuilt.scenario) {
        seal(ledger, &mut me, rebuilt, sealing, &mut message, chosen)?;
    }
    Ok((MessageFile::of(message), me))
}

/// What verifying a game found.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    pub messages: usize,
    pub orders: usize,
    pub ending: String,
    /// The hash of the table at the end: both players' copies end on the same one.
    pub table: String,
    /// BLAKE3 of the scenario's text, as the first message carries it.
    pub scenario: Bytes32,
    /// The digest of the rule tables this player's game replayed it with.
    pub rules: Bytes32,
    /// The digest of the rule tables the starter's game said it plays with, if it did.
    pub starter_rules: Option<Bytes32>,
}

/// `pbem verify`: checks every message of a finished game again from the first (the chain,
/// every commitment and contribution), replays the whole game with every die open, and
/// checks every order's hash. Err says which message and order do not match, and whose. A
/// verified game can be kept as an ordinary save (`save_to`), which replays as any save does.
pub fn verify(data: &Path, game: Bytes32, save_to: Option<&Path>) -> Result<Verified, RemoteError> {
    let folder = GameFolder::of(data, game);
    let messages = folder.messages()?;
    let ledger = folder.ledger(&messages)?;
    let opening = messages
        .first()
        .and_then(|m| m.message.opening.clone())
        .ok_or_else(|| RemoteError::Store(format!("{}: no first message", folder.dir.display())))?;
    let me = folder.secrets()?;
    let rules = &rules_of_game(&messages[0])?;
    let rebuilt = rebuild(&messages, &ledger, &me, rules).map_err(RemoteError::DoesNotReplay)?;
    if rebuilt.sealed {
        return Err(RemoteError::DoesNotReplay(
            "the ambusher has not opened its set-up: the game cannot be replayed".into(),
        ));
    }
    if !rebuilt.game.is_over() {
        return Err(RemoteError::DoesNotReplay(format!(
            "the game is not over: {} messages so far, the last one's dice still sealed",
            messages.len()
        )));
    }
    if let Some(path) = save_to {
        let setup = setup_for(rebuilt.scenario.clone(), rebuilt.schedule.clone());
        let save = crate::save::save_of(&rebuilt.game, &setup, Default::default());
        ambush_data::atomic::write_atomically(path, &save.to_ron()).map_err(io(path))?;
    }
    Ok(Verified {
        messages: messages.len(),
        orders: rebuilt.game.record.orders.len(),
        ending: ending(&rebuilt).unwrap_or_default(),
        table: table_hash(&rebuilt.game.table),
        scenario: Bytes32::digest(opening.scenario.as_bytes()),
        rules: rules_digest(opening.mod_tables.as_ref()),
        starter_rules: opening.rules,
    })
}

/// The outbox file of message `seq` of `game`.
pub fn outbox_file(data: &Path, game: Bytes32, seq: u64) -> PathBuf {
    crate::paths::outbox(data).join(format!("game-{}-{seq:03}.ron", &game.to_hex()[..8]))
}

/// The games kept in a data folder, by id.
pub fn games(data: &Path) -> Vec<Bytes32> {
    let Ok(entries) = std::fs::read_dir(data.join("pbem")) else {
        return Vec::new();
    };
    let mut out: Vec<Bytes32> = entries
        .flatten()
        .filter_map(|e| Bytes32::from_hex(&e.file_name().to_string_lossy()))
        .collect();
    out.sort();
    out
}
