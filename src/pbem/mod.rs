//! Play at a distance: the sealed protocol of turn messages, whose chain, commitments and dice contributions keep each side's secrets and deal dice neither player can foresee (`docs/protocol.md`).

pub mod chain;
pub mod crypto;
pub mod message;
pub mod store;

pub use chain::{Ledger, Refusal, SideRecord};
pub use crypto::{Bytes32, Commitment, Contribution, Opening, dice_seed};
pub use message::{GameOpening, MessageError, MessageFile, PROTOCOL, Revealed, TurnMessage};
