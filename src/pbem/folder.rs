//! A player's copy of a game played by messages, in its data folder: every message sent and received, and the secrets it has not revealed; and the three things a player does with it: start a game, open a message and answer it, verify a finished game.

use super::crypto::{Bytes32, Contribution, Opening};
use super::game::{MySecrets, Rebuilt, ai_turn, rebuild, scenario_of, setup_of};
use super::message::{GameOpening, MessageError, MessageFile, PROTOCOL, Revealed, TurnMessage};
use super::store::write_private;
use super::{Ledger, Refusal};
use crate::play::record::{RecordedOrder, table_hash};
use crate::rules::orders::Order;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::error::{MAX_FILE_BYTES, parse_ron, read_bounded};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why a player's step could not be taken. The player's copy of the game is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum PbemError {
    #[error(transparent)]
    Message(#[from] MessageError),
    #[error("refused: {0}")]
    Refused(#[from] Refusal),
    #[error("refused: {0}")]
    DoesNotReplay(String),
    #[error("{0}")]
    Scenario(String),
    #[error("{path}: {why}")]
    Io { path: PathBuf, why: String },
    #[error("{0}")]
    Store(String),
    #[error(
        "it is your side's turn: give --ai to let the AI play it (the window's Play by file is still to come)"
    )]
    NeedsAPlayer,
    #[error(
        "refused: message {seq} belongs to game {game:?}, which this data folder does not hold (a message for another game, or another player's folder)"
    )]
    UnknownGame { game: Bytes32, seq: u64 },
    #[error("no random source: {0}")]
    Random(String),
}

fn io(path: &Path) -> impl Fn(std::io::Error) -> PbemError + '_ {
    move |e| PbemError::Io {
        path: path.to_path_buf(),
        why: e.to_string(),
    }
}

fn random<T>(r: Result<T, rand::rand_core::OsError>) -> Result<T, PbemError> {
    r.map_err(|e| PbemError::Random(e.to_string()))
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
    pub fn messages(&self) -> Result<Vec<MessageFile>, PbemError> {
        let mut out = Vec::new();
        loop {
            let path = self.message_path(out.len() as u64);
            if !path.is_file() {
                return Ok(out);
            }
            out.push(MessageFile::read(&path)?);
        }
    }

    pub fn secrets(&self) -> Result<MySecrets, PbemError> {
        let path = self.secrets_path();
        let shown = path.display().to_string();
        let text = read_bounded(&path, &shown, MAX_FILE_BYTES)
            .map_err(|e| PbemError::Store(e.to_string()))?;
        parse_ron(&shown, &text).map_err(|e| PbemError::Store(e.to_string()))
    }

    /// Keeps a message and the secrets as they stand after it: the secrets first, so a crash
    /// between the two never loses a promise a kept message relies on.
    fn keep(&self, file: &MessageFile, secrets: &MySecrets) -> Result<(), PbemError> {
        let text = ron::ser::to_string_pretty(secrets, ron::ser::PrettyConfig::default())
            .map_err(|e| PbemError::Store(e.to_string()))?;
        write_private(&self.secrets_path(), &text).map_err(io(&self.secrets_path()))?;
        let path = self.message_path(file.message.seq);
        crate::save::write_atomically(&path, &file.text()).map_err(io(&path))
    }

    /// The ledger of the messages kept, checked again from the first.
    fn ledger(&self, messages: &[MessageFile]) -> Result<Ledger, PbemError> {
        let mut iter = messages.iter();
        let first = iter
            .next()
            .ok_or_else(|| PbemError::Store(format!("{}: no messages", self.dir.display())))?;
        let mut ledger = Ledger::start(first)?;
        for m in iter {
            ledger.accept(m)?;
        }
        Ok(ledger)
    }
}

/// Writes a message to where the player sends it from.
fn send(file: &MessageFile, out: &Path) -> Result<(), PbemError> {
    crate::save::write_atomically(out, &file.text()).map_err(io(out))
}

/// `pbem new`: starts a game of `scenario_text` as `side`, keeps its first message and writes
/// it to `out`. Returns the game's id.
pub fn start(
    data: &Path,
    scenario_text: &str,
    side: Side,
    rules: &Arc<Rules>,
    out: &Path,
) -> Result<Bytes32, PbemError> {
    scenario_of(scenario_text, rules).map_err(PbemError::Scenario)?;
    let game = random(Bytes32::random())?;
    let promise = random(Contribution::random().and_then(Contribution::opening))?;
    let message = TurnMessage {
        protocol: PROTOCOL,
        game,
        seq: 0,
        from: side,
        answers: None,
        opening: Some(GameOpening {
            scenario: scenario_text.to_string(),
            starter: side,
        }),
        orders: Vec::new(),
        last: None,
        own_contribution: None,
        contribution: None,
        next_contribution: promise.commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
    };
    let file = MessageFile::of(message);
    let secrets = MySecrets {
        side,
        promised: [(1, promise)].into(),
    };
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
}

/// A received message checked and played on this side's table, waiting for this side's
/// answer. Nothing is kept until the answer is sent.
pub struct Turn {
    folder: GameFolder,
    messages: Vec<MessageFile>,
    ledger: Ledger,
    me: MySecrets,
    received: MessageFile,
    rules: Arc<Rules>,
    /// The game as this side sees it now.
    pub rebuilt: Rebuilt,
}

/// What a received message asks of this side.
pub enum Prepared {
    /// The game is over and its end was known to both: the message is kept, nothing is owed.
    Over(Opened),
    /// An answer is owed: this side's turn, if the game waits on it, and its contributions.
    Answer(Box<Turn>),
}

/// Checks a received message against the game (the first creates it on this side) and plays
/// it on this side's table. A refused message changes nothing.
pub fn prepare(data: &Path, received: &Path, rules: &Arc<Rules>) -> Result<Prepared, PbemError> {
    let file = MessageFile::read(received)?;
    let folder = GameFolder::of(data, file.message.game);
    let (mut messages, me) = if folder.dir.join("messages").is_dir() {
        (folder.messages()?, folder.secrets()?)
    } else {
        let Some(opening) = file
            .message
            .opening
            .as_ref()
            .filter(|_| file.message.seq == 0)
        else {
            return Err(PbemError::UnknownGame {
                game: file.message.game,
                seq: file.message.seq,
            });
        };
        scenario_of(&opening.scenario, rules).map_err(PbemError::Scenario)?;
        let me = MySecrets {
            side: opening.starter.other(),
            promised: Default::default(),
        };
        (Vec::new(), me)
    };
    let ledger = match messages.is_empty() {
        true => Ledger::start(&file)?,
        false => {
            let mut l = folder.ledger(&messages)?;
            l.accept(&file)?;
            l
        }
    };
    if file.message.from == me.side {
        return Err(PbemError::Refused(Refusal::WrongSender {
            seq: file.message.seq,
            from: file.message.from,
            expected: me.side.other(),
        }));
    }
    messages.push(file.clone());
    let rebuilt = rebuild(&messages, &ledger, &me, rules).map_err(PbemError::DoesNotReplay)?;
    // Once the game is over, only its end is owed: the other side's last stretch.
    let owed = !rebuilt.game.is_over() || rebuilt.ended_in == Some(file.message.seq);
    if !owed {
        folder.keep(&file, &me)?;
        return Ok(Prepared::Over(Opened {
            game: ledger.game,
            answered: None,
            ending: ending(&rebuilt),
            orders: 0,
        }));
    }
    Ok(Prepared::Answer(Box::new(Turn {
        folder,
        messages,
        ledger,
        me,
        received: file,
        rules: rules.clone(),
        rebuilt,
    })))
}

impl Turn {
    /// The side this player plays.
    pub fn side(&self) -> Side {
        self.me.side
    }

    /// Whether the game waits on this side's decision.
    pub fn is_mine(&self) -> bool {
        let game = &self.rebuilt.game;
        !game.is_over() && game.awaited().is_some_and(|d| d.side() == self.me.side)
    }

    /// How many orders the game holds before this turn's.
    pub fn orders_before(&self) -> usize {
        self.rebuilt.game.record.orders.len()
    }

    /// The set-up the game started from.
    pub fn setup(&self) -> Result<crate::play::new_game::NewGame, PbemError> {
        let text = self.messages[0]
            .message
            .opening
            .as_ref()
            .map_or("", |o| o.scenario.as_str());
        setup_of(text, &self.rules, self.rebuilt.schedule.clone()).map_err(PbemError::Scenario)
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
    ) -> Result<Opened, PbemError> {
        let Turn {
            folder,
            mut messages,
            mut ledger,
            me,
            received,
            rules,
            rebuilt,
        } = self;
        let (answer, secrets) = answer(&ledger, me, orders, last)?;
        ledger.accept(&answer)?;
        messages.push(answer.clone());
        // The answer replays as this side's copy will when the game is rebuilt.
        rebuild(&messages, &ledger, &secrets, &rules).map_err(PbemError::DoesNotReplay)?;
        folder.keep(&received, &secrets)?;
        folder.keep(&answer, &secrets)?;
        send(&answer, out)?;
        Ok(Opened {
            game: ledger.game,
            answered: Some(answer.message.seq),
            ending: ending(&rebuilt),
            orders: answer.message.orders.len() + usize::from(answer.message.last.is_some()),
        })
    }
}

/// `pbem open`: `prepare`, then this side's turn (the AI's, when `ai`) sent to `out`, unless
/// nothing is left to send. A refused message changes nothing.
pub fn open(
    data: &Path,
    received: &Path,
    rules: &Arc<Rules>,
    ai: bool,
    out: &Path,
) -> Result<Opened, PbemError> {
    let mut turn = match prepare(data, received, rules)? {
        Prepared::Over(opened) => return Ok(opened),
        Prepared::Answer(turn) => turn,
    };
    let (orders, last) = match (turn.is_mine(), ai) {
        (false, _) => (Vec::new(), None),
        (true, true) => {
            let side = turn.side();
            ai_turn(&mut turn.rebuilt.game, side)
        }
        (true, false) => return Err(PbemError::NeedsAPlayer),
    };
    turn.send(orders, last, out)
}

fn ending(r: &Rebuilt) -> Option<String> {
    let p = &r.game.table.progress;
    p.outcome.map(|o| format!("{o:?}: {}", p.ending))
}

/// This side's answer: its own contribution, the one it owes, a new promise, and its turn.
fn answer(
    ledger: &Ledger,
    mut me: MySecrets,
    orders: Vec<RecordedOrder>,
    last: Option<Order>,
) -> Result<(MessageFile, MySecrets), PbemError> {
    let seq = ledger.next_seq();
    let contribution = match seq.checked_sub(1).filter(|s| *s >= 1) {
        None => None,
        Some(stretch) => {
            let opening = me.promised.remove(&stretch).ok_or_else(|| {
                PbemError::Store(format!(
                    "the contribution promised to stretch {stretch} is lost"
                ))
            })?;
            Some(Revealed { stretch, opening })
        }
    };
    let promise: Opening = random(Contribution::random().and_then(Contribution::opening))?;
    let message = TurnMessage {
        protocol: PROTOCOL,
        game: ledger.game,
        seq,
        from: me.side,
        answers: ledger.last(),
        opening: None,
        orders,
        last,
        own_contribution: Some(random(Contribution::random())?),
        contribution,
        next_contribution: promise.commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
    };
    me.promised.insert(seq + 1, promise);
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
}

/// `pbem verify`: checks every message of a finished game again from the first (the chain,
/// every commitment and contribution), replays the whole game with every die open, and
/// checks every order's hash. Err says which message and order do not match, and whose. A
/// verified game can be kept as an ordinary save (`save_to`), which replays as any save does.
pub fn verify(
    data: &Path,
    game: Bytes32,
    rules: &Arc<Rules>,
    save_to: Option<&Path>,
) -> Result<Verified, PbemError> {
    let folder = GameFolder::of(data, game);
    let messages = folder.messages()?;
    let ledger = folder.ledger(&messages)?;
    let me = folder.secrets()?;
    let rebuilt = rebuild(&messages, &ledger, &me, rules).map_err(PbemError::DoesNotReplay)?;
    if !rebuilt.game.is_over() {
        return Err(PbemError::DoesNotReplay(format!(
            "the game is not over: {} messages so far, the last one's dice still sealed",
            messages.len()
        )));
    }
    if let Some(path) = save_to {
        let opening = &messages[0].message.opening;
        let text = opening.as_ref().map_or("", |o| o.scenario.as_str());
        let setup = setup_of(text, rules, rebuilt.schedule.clone()).map_err(PbemError::Scenario)?;
        let save = crate::save::save_of(&rebuilt.game, &setup, Default::default());
        crate::save::write_atomically(path, &save.to_ron()).map_err(io(path))?;
    }
    Ok(Verified {
        messages: messages.len(),
        orders: rebuilt.game.record.orders.len(),
        ending: ending(&rebuilt).unwrap_or_default(),
        table: table_hash(&rebuilt.game.table),
    })
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
