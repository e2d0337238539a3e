//! Why a step of play at a distance could not be taken: one error for playing by file and live, each naming what was refused.

use super::chain::Refusal;
use super::crypto::Bytes32;
use super::message::MessageError;
use std::path::{Path, PathBuf};

/// Why a player's step could not be taken. The player's copy of the game is unchanged.
#[derive(Debug, thiserror::Error)]
pub enum RemoteError {
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
    #[error("refused: {}", .0.join("\n"))]
    NotYourScenario(Vec<String>),
    #[error("refused: {refusal}; the one kept is {}", kept.display())]
    Equivocation { refusal: Refusal, kept: PathBuf },
    /// The game's first message carries rule tables that do not read or check.
    #[error("refused: {0}")]
    GameRules(String),
}

pub(super) fn io(path: &Path) -> impl Fn(std::io::Error) -> RemoteError + '_ {
    move |e| RemoteError::Io {
        path: path.to_path_buf(),
        why: e.to_string(),
    }
}

pub(super) fn random<T>(r: Result<T, rand::rand_core::OsError>) -> Result<T, RemoteError> {
    r.map_err(|e| RemoteError::Random(e.to_string()))
}
