//! The orders a game is played with, each with a hash of the table after it, and the queue a replay or a loaded save feeds them back from.

use crate::rules::orders::Order;
use ambush_data::board::Side;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

pub use super::hashing::{TABLE_HASH_VERSION, table_hash, table_hash_as};

/// One order the rules accepted, as a save file keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedOrder {
    /// The turn it was given in.
    pub turn: u32,
    pub side: Side,
    pub order: Order,
    /// `table_hash` of the table just after the order, in the version of the game that gave it
    /// (`hashing::version_of`).
    pub hash: String,
    /// How many rolls and turned cards the game's log held just before the order: it may be
    /// taken back only while the log still holds that many (no die rolled since, by it or after).
    pub rolls_before: usize,
}

/// Every order the rules accepted in this game, in order (kept when `on`; the simulator leaves
/// it off unless it writes a save, since hashing each order costs time).
#[derive(Debug, Clone, Default)]
pub struct OrderRecord {
    pub on: bool,
    pub orders: Vec<RecordedOrder>,
    /// Keeps each order the game gives with an empty hash: for a replay that needs only the
    /// table and how many orders it took, such as a game by file's replay of its messages,
    /// where hashing the table after each order was half the time of the slowest opening.
    /// Orders replayed from a record still have their hashes checked.
    pub unhashed: bool,
}

/// Orders to give before any controller is asked: a loaded save's, a replay's, or the orders
/// kept when a player takes one back. Each comes with the hash the table must have after it.
#[derive(Debug, Clone, Default)]
pub struct ReplayQueue {
    pub orders: VecDeque<RecordedOrder>,
    /// How many queued orders have been given so far.
    pub given: usize,
    /// Why the queue stopped short: the game did not replay to the recorded state.
    pub mismatch: Option<String>,
    /// Once the queue is empty, take no order from a player: the replay viewer shows the game
    /// as it stood, and nobody plays on from there.
    pub hold_after: bool,
    /// Show the players everything, hidden units included (the viewer of a finished game).
    pub reveal: bool,
}

impl ReplayQueue {
    /// A queue that gives `orders` in turn.
    pub fn of(orders: Vec<RecordedOrder>) -> Self {
        ReplayQueue {
            orders: orders.into(),
            ..ReplayQueue::default()
        }
    }

    /// Stops the replay: the rest is not given, and `why` says where it parted.
    pub fn fail(&mut self, why: String) {
        self.orders.clear();
        self.mismatch.get_or_insert(why);
    }
}

/// How many of the game's orders to keep to take back the last one a person gave, if the rules
/// allow it: no die may have been rolled nor card turned since just before it. Orders the AI
/// gave after it, which rolled nothing, go with it (the AI gives them again).
pub fn take_back_point(
    record: &OrderRecord,
    rolls_now: usize,
    by_person: impl Fn(Side) -> bool,
) -> Option<usize> {
    let last = record.orders.iter().rposition(|o| by_person(o.side))?;
    (record.orders[last].rolls_before == rolls_now).then_some(last)
}
