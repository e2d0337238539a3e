//! The orders a game is played with, each with a hash of the table after it, and the queue a replay or a loaded save feeds them back from.

use crate::rules::orders::Order;
use crate::rules::table::Table;
use ambush_data::board::Side;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

/// One order the rules accepted, as a save file keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordedOrder {
    /// The turn it was given in.
    pub turn: u32,
    pub side: Side,
    pub order: Order,
    /// `table_hash` of the table just after the order.
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

/// A short, stable fingerprint of the game's state: every unit, the progress, the card ledger
/// and, where a hostile environment holds any unit, its hold on them. Two games that agree on it
/// play on identically. The settings and the terrain are left out: they come from the scenario
/// the save embeds and never change in play, and leaving them out keeps saves good when a new
/// setting is added to the game.
pub fn table_hash(table: &Table) -> String {
    use std::fmt::Write;
    // A game by file hashes the table after every order it replays: the text is written into
    // one buffer kept per thread instead of a new string of some 100 KB each time.
    thread_local! {
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    TEXT.with_borrow_mut(|text| {
        text.clear();
        // The Debug text is exact: floats print as the shortest string that reads back to the
        // same value, and the state holds no hash maps whose order could vary.
        let _ = write!(
            text,
            "{:?}|{:?}|{:?}",
            table.units, table.progress, table.ledger
        );
        let mut hasher = blake3::Hasher::new();
        hash_leaving_out_added(&mut hasher, text.as_bytes());
        // 003's environments: only when there is something to add, for the same reason.
        if !table.exposure.is_empty() {
            text.clear();
            let _ = write!(text, "|{:?}", table.exposure);
            hasher.update(text.as_bytes());
        }
        hasher.finalize().to_hex()[..16].to_string()
    })
}

/// Hashes `bytes` with every field of `ADDED_SINCE_FIRST_SAVES` left out where it holds its
/// default, so a save whose game never used it still loads. One pass leaves out what one
/// `replace` a field did (none of them can make or break another): each starts with ", ", and
/// `memmem` finds those many times faster than `str::find`, which builds a searcher per call.
fn hash_leaving_out_added(hasher: &mut blake3::Hasher, bytes: &[u8]) {
    let mut kept_from = 0;
    for start in memchr::memmem::find_iter(bytes, b", ") {
        if start < kept_from {
            continue;
        }
        if let Some(unused) = ADDED_SINCE_FIRST_SAVES
            .iter()
            .find(|unused| bytes[start..].starts_with(unused.as_bytes()))
        {
            hasher.update(&bytes[kept_from..start]);
            kept_from = start + unused.len();
        }
    }
    hasher.update(&bytes[kept_from..]);
}

/// Fields added to the game's state after saves were first written, in their default Debug text:
/// 004's hidden units (a unit's `hidden` flag, and the counters left after the spring), 002's
/// early recovery (the party's surprise turns still to run), and 003's environment kit in a
/// unit's traits.
const ADDED_SINCE_FIRST_SAVES: [&str; 7] = [
    ", hidden: false",
    ", counters: []",
    ", surprise_phases_left: None",
    ", sealed: false",
    ", water_freedom: false",
    ", jets: false",
    ", spacecraft: false",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::Game;
    use crate::play::new_game::NewGame;
    use std::sync::Arc;

    /// The hash as saves were first checked with: the Debug text, each field added since
    /// replaced out in turn.
    fn as_first_written(table: &Table) -> String {
        let mut text = format!("{:?}|{:?}|{:?}", table.units, table.progress, table.ledger);
        for unused in ADDED_SINCE_FIRST_SAVES {
            text = text.replace(unused, "");
        }
        if !table.exposure.is_empty() {
            text.push_str(&format!("|{:?}", table.exposure));
        }
        blake3::hash(text.as_bytes()).to_hex()[..16].to_string()
    }

    /// Every save's hashes stay good: the one-pass hash is the hash of the text the `replace`s
    /// left, at every order of a whole ambush game (hidden units, counters, surprise).
    #[test]
    fn the_one_pass_hash_is_the_hash_saves_were_written_with() {
        let rules = Arc::new(ambush_data::Rules::bundled().clone());
        let text = std::fs::read_to_string(
            // The repository's scenarios, two folders above this crate.
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/night_raid.ron"),
        )
        .expect("the scenario");
        let scenario =
            ambush_data::check::parse_scenario("night_raid.ron", &text, &rules).expect("reads");
        let mut setup = NewGame::new(scenario, 3, 0);
        setup.controllers = crate::control::Controllers::all_ai();
        let mut game = Game::new(&setup, rules);
        let mut checked = 0;
        while !game.is_over() && checked < 400 {
            game.step();
            assert_eq!(table_hash(&game.table), as_first_written(&game.table));
            checked += 1;
        }
        assert!(checked > 50, "{checked} steps");
    }
}
