//! Save files: a game kept as its embedded scenario and rule tables, its seed, options, controllers and every order with the table's hash after it; loading replays the orders and checks each hash.

mod file;
mod replay;

pub use file::{
    MAX_SAVE_BYTES, SAVE_VERSION, SaveError, SaveFile, SaveSource, SaveSummary, parse_save,
};
pub use replay::{Replayed, load_save, replay_save, save_of};
