//! Play at a distance: the sealed protocol of turn messages, whose chain, commitments and dice contributions deal dice neither player can foresee (`docs/protocol.md`), and a player's copy of a game played by them.

pub mod by_file;
pub mod chain;
pub mod crypto;
pub mod error;
pub mod fuzz;
pub mod game;
pub mod live;
pub mod message;
pub mod opening;
pub mod scenario_check;
pub mod sealed;
mod sealing;
pub mod store;
pub mod turns;

pub use by_file::{
    Carried, Opened, Prepared, Turn, Verified, games, open, outbox_file, prepare, prepare_carrying,
    rules_of_game, scenario_to_play, start, verify,
};
pub use chain::{Ledger, Refusal, Secrets};
pub use crypto::{Bytes32, Commitment, Contribution, Opening, dice_seed};
pub use error::RemoteError;
pub use message::{
    GameOpening, MessageError, MessageFile, ModTables, PROTOCOL, Revealed, TurnMessage, game_rules,
    rules_digest,
};
pub use scenario_check::OpeningCheck;
