//! Live play: the same turn messages over a connection, renet's reliable ordered channel on its netcode transport, pumped on a thread of its own so that it stays open while a turn is played.
//!
//! The host is a peer like the other: it runs the same sealed protocol, keeps the same folder
//! and learns nothing that joining would not. A message is kept in the player's data folder
//! before it is sent, so a dropped connection loses nothing: either player resumes it live (each
//! side says how many messages it keeps, and the one ahead sends the one the other lacks) or
//! finishes it by file from the outbox copy of its last message.
//!
//! Only the invited player can take the seat: each hosted session has an [`InviteCode`], which
//! the host reads out to the other player, and from which both sides derive the netcode key.
//! The joiner makes its connect token with that key; a token made with another key does not
//! open, and the host drops its requests without a word, so neither a stranger nor a player
//! with an old session's code can connect, end the session or hold its one seat.

mod link;
mod session;

pub use link::*;
pub use session::*;
