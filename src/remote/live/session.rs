//! One side of a live game, word by word: what it sends and keeps as messages come and go, for the command line's blocking session and the window alike.

use super::link::{Link, Wire};
use crate::remote::by_file::{GameFolder, games};
use crate::remote::crypto::Bytes32;
use crate::remote::message::MessageFile;
use std::path::{Path, PathBuf};

/// Starts a game to host live: `by_file::start`, its first message kept in the data folder as
/// every message is, and no copy left in the outbox (it goes over the connection).
pub fn start_to_host(
    data: &Path,
    scenario_text: &str,
    side: ambush_data::board::Side,
    mod_tables: Option<crate::remote::ModTables>,
    set_up: Option<&str>,
) -> Result<Bytes32, crate::remote::RemoteError> {
    let staging = crate::paths::outbox(data).join("new.ron");
    let game = crate::remote::start(data, scenario_text, side, mod_tables, &staging, set_up);
    let _ = std::fs::remove_file(&staging);
    game
}

/// How a live session ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Ended {
    /// The game is over and neither side owes a message.
    Over(Bytes32),
    /// This side left after the messages it was asked to send: the game is kept.
    Left(Bytes32),
}

/// Where one side of a live game stands, word by word. The command line's blocking `LiveSession`
/// and the window's live play both drive it: each word from the other player goes to
/// `on_word`, and once this side has answered a message (its answer kept in the data folder, as
/// opening a turn file keeps it) `after_answer` sends the answer.
#[derive(Debug, Clone)]
pub struct LiveState {
    pub data: PathBuf,
    /// The game: this side's, or the other side's once it says.
    pub game: Option<Bytes32>,
    greeted: bool,
    /// The message received and not yet answered, by number.
    pub answering: Option<u64>,
    /// Messages sent since the connection was made.
    pub sent: u32,
}

/// What a side does next.
#[derive(Debug, Clone, PartialEq)]
pub enum Next {
    /// Nothing until the other player speaks.
    Wait,
    /// Answer the message kept at `received`, number `seq`, as a turn file is answered.
    Answer {
        received: PathBuf,
        seq: u64,
    },
    Ended(Ended),
}

impl LiveState {
    pub fn new(data: PathBuf, game: Option<Bytes32>) -> LiveState {
        LiveState {
            data,
            game,
            greeted: false,
            answering: None,
            sent: 0,
        }
    }

    /// How many messages of `game` this side keeps.
    fn kept(&self, game: Option<Bytes32>) -> u64 {
        game.map_or(0, |g| GameFolder::of(&self.data, g).count())
    }

    /// The text of message `seq` of `game` as kept, if it is.
    fn kept_text(&self, game: Bytes32, seq: u64) -> Result<Option<String>, String> {
        GameFolder::of(&self.data, game)
            .message(seq)
            .transpose()
            .map(|m| m.map(|m| m.text()))
            .map_err(|e| e.to_string())
    }

    /// This side's first word: its game, and how many of its messages it keeps.
    pub fn hello(&self, link: &Link) -> Result<(), String> {
        link.send(&Wire::Hello {
            game: self.game,
            kept: self.kept(self.game),
        })
    }

    /// What to do with a word from the other player.
    pub fn on_word(&mut self, link: &Link, wire: Wire) -> Result<Next, String> {
        let game = match (&wire, self.greeted) {
            (Wire::Hello { game, kept }, false) => {
                self.greeted = true;
                return self.greet(link, *game, *kept);
            }
            (Wire::Hello { .. }, true) => return Err("the other player said hello twice".into()),
            (_, false) => return Err("the other player did not say which game it plays".into()),
            (_, true) => self.game.ok_or("no game")?,
        };
        match wire {
            Wire::Message(text) => {
                let seq = MessageFile::parse("the message received", &text)
                    .map_err(|e| e.to_string())?
                    .message
                    .seq;
                let received = crate::paths::outbox(&self.data)
                    .join(format!("received-{}.ron", &game.to_hex()[..8]));
                ambush_data::atomic::write_atomically(&received, &text)
                    .map_err(|e| e.to_string())?;
                self.answering = Some(seq);
                Ok(Next::Answer { received, seq })
            }
            Wire::Done => Ok(Next::Ended(Ended::Over(game))),
            Wire::Hello { .. } => Err("the other player said hello twice".into()),
        }
    }

    /// Both sides have said hello: the game is settled, and the side one message ahead sends
    /// the message the other lacks.
    fn greet(
        &mut self,
        link: &Link,
        theirs: Option<Bytes32>,
        their_kept: u64,
    ) -> Result<Next, String> {
        let game = match (self.game, theirs) {
            (Some(a), Some(b)) if a != b => {
                return Err(format!(
                    "the other player plays game {b:?}, this side game {a:?}"
                ));
            }
            (a, b) => a.or(b).ok_or("neither side has a game to play")?,
        };
        self.game = Some(game);
        let mine = self.kept(Some(game));
        if mine > their_kept {
            if theirs.is_none() && mine > 1 {
                return Err(format!(
                    "the other player's data folder does not keep this game, which this side resumes at message {mine}: join from the folder that keeps it"
                ));
            }
            if mine != their_kept + 1 {
                return Err(format!(
                    "the other player keeps {their_kept} messages and this side {mine}: they are not one game's two copies"
                ));
            }
            let text = self
                .kept_text(game, their_kept)?
                .ok_or("the message the other player lacks is not kept")?;
            link.send(&Wire::Message(text))?;
        } else if mine == their_kept && mine > 0 {
            return Ok(Next::Ended(Ended::Over(game)));
        }
        Ok(Next::Wait)
    }

    /// Once this side has answered the message it was given: sends the answer kept in the data
    /// folder, or says the game is over when the message was kept with nothing owed. `Wait`
    /// while the answer is not kept yet (a person still playing the turn).
    pub fn after_answer(&mut self, link: &Link) -> Result<Next, String> {
        let (Some(seq), Some(game)) = (self.answering, self.game) else {
            return Ok(Next::Wait);
        };
        if let Some(answer) = self.kept_text(game, seq + 1)? {
            link.send(&Wire::Message(answer))?;
            self.answering = None;
            self.sent += 1;
            return Ok(Next::Wait);
        }
        if self.kept(Some(game)) == seq + 1 {
            link.send(&Wire::Done)?;
            self.answering = None;
            return Ok(Next::Ended(Ended::Over(game)));
        }
        Ok(Next::Wait)
    }
}

/// One side of a live session played to its end from the command line: a connection between
/// the two players' games, opened with an invite code, over which the game's messages go.
/// "Session" means this and only this in the game's code: the window's flow from menu to game
/// is `screen::game_flow`, and the editor's work on a draft is `editor::workbench`.
pub struct LiveSession<'a> {
    pub state: LiveState,
    /// Opens a received message file and writes this side's answer to the given path, as `pbem
    /// open` does: a person's turn in the window, or the AI's.
    pub answer: &'a mut dyn FnMut(&Path, &Path) -> Result<(), String>,
    /// Leave after sending this many messages, keeping the game to resume.
    pub leave_after: Option<u32>,
}

impl LiveSession<'_> {
    /// Plays the game over `link` until it is over or this side leaves.
    pub fn play(&mut self, link: &Link) -> Result<Ended, String> {
        self.state.hello(link)?;
        loop {
            let next = match self.state.on_word(link, link.receive()?)? {
                Next::Answer { received, seq } => {
                    let game = self.state.game.ok_or("no game")?;
                    let out = crate::remote::by_file::outbox_file(&self.state.data, game, seq + 1);
                    (self.answer)(&received, &out)?;
                    match self.state.after_answer(link)? {
                        Next::Wait if self.state.answering.is_some() => {
                            return Err(format!("message {seq} was not answered"));
                        }
                        next => next,
                    }
                }
                next => next,
            };
            match next {
                Next::Ended(e) => return Ok(e),
                _ if self.leave_after.is_some_and(|n| self.state.sent >= n) => {
                    return Ok(Ended::Left(self.state.game.ok_or("no game")?));
                }
                _ => {}
            }
        }
    }
}

/// The one game of a data folder that is not over, to resume.
pub fn game_to_resume(data: &Path) -> Result<Bytes32, String> {
    let all = games(data);
    match all.as_slice() {
        [one] => Ok(*one),
        [] => Err(format!("{}: no game to resume", data.display())),
        _ => Err(format!(
            "{}: {} games here: name the one to resume with --game ID ({}), or start a new one with --scenario",
            data.display(),
            all.len(),
            all.iter()
                .map(|g| g.to_hex())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}
