//! One player's record of a game's messages: the chain they form, each side's commitments, and the refusal by name of a message that does not fit (another game's, replayed, given twice over, skipped, reordered, oversized, a changed commitment, a contribution or secret that does not open its commitment).
//!
//! The ledger checks what the messages themselves promise. Whether a message's orders replay to
//! the hashes it states is the game's check (`play::Game::replay`), made after this one.

use super::crypto::{Bytes32, Commitment, Contribution, dice_seed};
use super::message::{
    MAX_OPENINGS, MAX_ORDERS, MAX_QUEUED, MAX_SECRETS, MAX_VIEW_LOG, MAX_VIEW_UNITS, MessageFile,
    PROTOCOL, TurnMessage,
};
use super::sealed::{MARCH, SETUP, orders_secret};
use ambush_data::board::Side;
use std::collections::BTreeMap;

/// A message that does not fit the game, by what is wrong with it. The game is unchanged.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    #[error("message {seq} speaks protocol {found}; this game speaks protocol {PROTOCOL}")]
    Protocol { seq: u64, found: u32 },
    #[error("message {seq} belongs to game {found:?}, not to this game ({expected:?})")]
    OtherGame {
        seq: u64,
        found: Bytes32,
        expected: Bytes32,
    },
    #[error("message {seq} was received already: a replayed message")]
    Replayed { seq: u64 },
    #[error(
        "message {seq} exists twice with different contents (digests {} and {}): the other player answered the same message twice, which the protocol forbids; keep both files as proof",
        kept.to_hex(),
        received.to_hex()
    )]
    Equivocation {
        seq: u64,
        /// The digest of the message kept in that place.
        kept: Bytes32,
        /// The digest of the other one, just received.
        received: Bytes32,
    },
    #[error("message {seq} came where message {expected} was due: one or more were skipped")]
    Skipped { seq: u64, expected: u64 },
    #[error(
        "message {seq} answers message {found:?}, but the last message was {expected:?}: it was reordered, or the message it answers was altered"
    )]
    WrongAnswer {
        seq: u64,
        found: Option<Bytes32>,
        expected: Option<Bytes32>,
    },
    #[error("message {seq} is from {from:?}, but it is {expected:?}'s to send")]
    WrongSender {
        seq: u64,
        from: Side,
        expected: Side,
    },
    #[error("message {seq} starts a game, but this game has started")]
    SecondOpening { seq: u64 },
    #[error("message {seq} is the first of a game but does not say which scenario it plays")]
    NoOpening { seq: u64 },
    #[error(
        "message {seq} starts the game and carries {what}: the first message gives no orders, shows no table and opens no secret"
    )]
    NothingToGiveYet { seq: u64, what: &'static str },
    #[error("message {seq} carries {found} {what}, more than the {limit} a message may hold")]
    TooMany {
        seq: u64,
        what: &'static str,
        found: usize,
        limit: usize,
    },
    #[error(
        "message {seq}: {side:?} commits to a secret named `{name}`, which the protocol does not define: a message commits only to `march`, `setup` or its own sealed orders, `orders {seq}`"
    )]
    SecretNotDefined { seq: u64, side: Side, name: String },
    #[error("message {seq}: {side:?} opens the secret `{name}` again: each secret is opened once")]
    SecretOpenedTwice { seq: u64, side: Side, name: String },
    #[error("message {seq}: {side:?} gives no contribution to its own message's dice")]
    NoOwnContribution { seq: u64, side: Side },
    #[error("message {seq}: the first message reveals no contribution: its dice come later")]
    EarlyContribution { seq: u64 },
    #[error(
        "message {seq}: {side:?} owes its contribution to the dice of message {stretch}, and does not reveal it"
    )]
    ContributionMissing { seq: u64, side: Side, stretch: u64 },
    #[error(
        "message {seq}: {side:?} reveals a contribution to stretch {found}, where stretch {expected}'s is owed"
    )]
    ContributionOutOfOrder {
        seq: u64,
        side: Side,
        found: u64,
        expected: u64,
    },
    #[error(
        "message {seq}: {side:?}'s contribution to the dice of message {stretch} does not open the commitment {side:?} made in message {committed_in}: it was changed after it was committed"
    )]
    ContributionChanged {
        seq: u64,
        side: Side,
        stretch: u64,
        committed_in: u64,
    },
    #[error(
        "message {seq}: {side:?} committed to the secret `{name}` in message {first}, and message {seq} commits to it again: each secret is committed once"
    )]
    SecretRecommitted {
        seq: u64,
        side: Side,
        name: String,
        first: u64,
    },
    #[error("message {seq}: {side:?} opens the secret `{name}`, to which it never committed")]
    UnknownSecret { seq: u64, side: Side, name: String },
    #[error(
        "message {seq}: {side:?}'s secret `{name}` does not open the commitment of message {committed_in}: it was changed after it was committed"
    )]
    SecretDoesNotOpen {
        seq: u64,
        side: Side,
        name: String,
        committed_in: u64,
    },
}

/// What one side has committed to and opened of its secrets.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Secrets {
    /// Each secret's commitment by name, with the message that made it.
    pub committed: BTreeMap<String, (Commitment, u64)>,
    /// The secrets opened so far, by name.
    pub opened: BTreeMap<String, String>,
}

/// One player's record of a game: every message, sent or received, checked in order.
///
/// The dice of message `m`'s stretch (its orders, and the rules' own rolls after them until
/// the next decision) are seeded by its sender's own contribution, revealed in `m`, and the
/// other side's, committed in message `m - 1` and revealed in `m + 1`. Message 0 starts the
/// game and has no stretch; the game's opening rolls belong to message 1's.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ledger {
    pub game: Bytes32,
    /// The digest of every message so far, in order.
    pub digests: Vec<Bytes32>,
    /// Who sends the next message: the side that did not send the last (messages alternate).
    pub next_sender: Side,
    /// The commitment to each stretch's answering contribution: the side that made it, the
    /// commitment, and the message it came in.
    pub promised: BTreeMap<u64, (Side, Commitment, u64)>,
    /// Each stretch's own contribution, from its message's sender.
    pub own: BTreeMap<u64, (Side, Contribution)>,
    /// Each stretch's answering contribution, revealed in the next message.
    pub answered: BTreeMap<u64, (Side, Contribution)>,
    pub humans: Secrets,
    pub aliens: Secrets,
}

impl Ledger {
    /// The ledger a game's first message starts.
    pub fn start(first: &MessageFile) -> Result<Ledger, Refusal> {
        let m = &first.message;
        let mut ledger = Ledger {
            game: m.game,
            digests: Vec::new(),
            next_sender: m.from,
            promised: BTreeMap::new(),
            own: BTreeMap::new(),
            answered: BTreeMap::new(),
            humans: Secrets::default(),
            aliens: Secrets::default(),
        };
        ledger.accept(first)?;
        Ok(ledger)
    }

    pub fn secrets(&self, side: Side) -> &Secrets {
        match side {
            Side::Humans => &self.humans,
            Side::Aliens => &self.aliens,
        }
    }

    fn secrets_mut(&mut self, side: Side) -> &mut Secrets {
        match side {
            Side::Humans => &mut self.humans,
            Side::Aliens => &mut self.aliens,
        }
    }

    /// The digest of the last message, which the next must answer.
    pub fn last(&self) -> Option<Bytes32> {
        self.digests.last().copied()
    }

    /// The next message's place.
    pub fn next_seq(&self) -> u64 {
        self.digests.len() as u64
    }

    /// The seed of message `stretch`'s dice, once both contributions to it are open.
    pub fn seed(&self, stretch: u64) -> Option<[u8; 32]> {
        let (a, x) = self.own.get(&stretch)?;
        let (_, y) = self.answered.get(&stretch)?;
        let (humans, aliens) = match a {
            Side::Humans => (*x, *y),
            Side::Aliens => (*y, *x),
        };
        Some(dice_seed(self.game, stretch, humans, aliens))
    }

    /// Checks a message, sent or received, against everything before it, and records it. A
    /// refused message leaves the ledger as it was.
    pub fn accept(&mut self, file: &MessageFile) -> Result<(), Refusal> {
        let mut next = self.clone();
        next.take(&file.message, file.digest)?;
        *self = next;
        Ok(())
    }

    fn take(&mut self, m: &TurnMessage, digest: Bytes32) -> Result<(), Refusal> {
        let seq = m.seq;
        if m.protocol != PROTOCOL {
            return Err(Refusal::Protocol {
                seq,
                found: m.protocol,
            });
        }
        if m.game != self.game {
            return Err(Refusal::OtherGame {
                seq,
                found: m.game,
                expected: self.game,
            });
        }
        let expected = self.next_seq();
        if seq < expected {
            // The same place twice: the same message again is harmless; another is a sender
            // that answered one message twice (from a copy of its folder kept before the first
            // answer, say), to see which answer's dice it liked.
            let kept = self.digests[seq as usize];
            if kept != digest {
                return Err(Refusal::Equivocation {
                    seq,
                    kept,
                    received: digest,
                });
            }
            return Err(Refusal::Replayed { seq });
        }
        if seq > expected {
            return Err(Refusal::Skipped { seq, expected });
        }
        if m.answers != self.last() {
            return Err(Refusal::WrongAnswer {
                seq,
                found: m.answers,
                expected: self.last(),
            });
        }
        let side = m.from;
        if side != self.next_sender {
            return Err(Refusal::WrongSender {
                seq,
                from: side,
                expected: self.next_sender,
            });
        }
        match (seq, &m.opening) {
            (0, None) => return Err(Refusal::NoOpening { seq }),
            (1.., Some(_)) => return Err(Refusal::SecondOpening { seq }),
            _ => {}
        }
        check_sizes(m)?;
        match (seq, m.own_contribution) {
            (0, Some(_)) => return Err(Refusal::EarlyContribution { seq }),
            (0, None) => {}
            (_, None) => return Err(Refusal::NoOwnContribution { seq, side }),
            (_, Some(c)) => {
                self.own.insert(seq, (side, c));
            }
        }
        // From message 2 on, the sender owes its contribution to the message it answers.
        let owed = seq.checked_sub(1).filter(|s| *s >= 1);
        match (owed, &m.contribution) {
            (None, Some(_)) => return Err(Refusal::EarlyContribution { seq }),
            (None, None) => {}
            (Some(stretch), None) => {
                return Err(Refusal::ContributionMissing { seq, side, stretch });
            }
            (Some(stretch), Some(r)) => {
                if r.stretch != stretch {
                    return Err(Refusal::ContributionOutOfOrder {
                        seq,
                        side,
                        found: r.stretch,
                        expected: stretch,
                    });
                }
                let (_, promised, committed_in) = self.promised[&stretch];
                let opened = Contribution::of(&r.opening).filter(|_| r.opening.opens(&promised));
                let Some(c) = opened else {
                    return Err(Refusal::ContributionChanged {
                        seq,
                        side,
                        stretch,
                        committed_in,
                    });
                };
                self.answered.insert(stretch, (side, c));
            }
        }
        self.promised
            .insert(seq + 1, (side, m.next_contribution, seq));
        let secrets = self.secrets_mut(side);
        for (name, c) in &m.secrets {
            if name != MARCH && name != SETUP && *name != orders_secret(seq) {
                return Err(Refusal::SecretNotDefined {
                    seq,
                    side,
                    name: shortened(name),
                });
            }
            if let Some((_, first)) = secrets.committed.get(name) {
                return Err(Refusal::SecretRecommitted {
                    seq,
                    side,
                    name: name.clone(),
                    first: *first,
                });
            }
            secrets.committed.insert(name.clone(), (*c, seq));
        }
        for (name, opening) in &m.openings {
            let Some((c, committed_in)) = secrets.committed.get(name) else {
                return Err(Refusal::UnknownSecret {
                    seq,
                    side,
                    name: shortened(name),
                });
            };
            if secrets.opened.contains_key(name) {
                return Err(Refusal::SecretOpenedTwice {
                    seq,
                    side,
                    name: name.clone(),
                });
            }
            if !opening.opens(c) {
                return Err(Refusal::SecretDoesNotOpen {
                    seq,
                    side,
                    name: name.clone(),
                    committed_in: *committed_in,
                });
            }
            secrets.opened.insert(name.clone(), opening.value.clone());
        }
        self.digests.push(digest);
        self.next_sender = side.other();
        Ok(())
    }
}

/// Refuses what a message cannot use: anything but commitments in the first message, which
/// starts the game and gives no turn, and any list longer than a message may hold. So nothing
/// accepted is too large to keep and read back, and nothing kept goes unchecked.
fn check_sizes(m: &TurnMessage) -> Result<(), Refusal> {
    let seq = m.seq;
    if seq == 0 {
        let given = [
            (!m.orders.is_empty(), "orders"),
            (m.last.is_some(), "an order that rolls"),
            (!m.queued.is_empty(), "queued orders"),
            (!m.openings.is_empty(), "opened secrets"),
            (m.view.is_some(), "a table to show"),
        ];
        if let Some((_, what)) = given.iter().find(|(given, _)| *given) {
            return Err(Refusal::NothingToGiveYet { seq, what });
        }
    }
    let (units, log) = m
        .view
        .as_ref()
        .map_or((0, 0), |v| (v.units.len(), v.log.len()));
    let lists = [
        ("orders", m.orders.len(), MAX_ORDERS),
        ("queued orders", m.queued.len(), MAX_QUEUED),
        ("secrets", m.secrets.len(), MAX_SECRETS),
        ("opened secrets", m.openings.len(), MAX_OPENINGS),
        ("units in the table it shows", units, MAX_VIEW_UNITS),
        ("roll-log entries in the table it shows", log, MAX_VIEW_LOG),
    ];
    match lists.into_iter().find(|(_, found, limit)| found > limit) {
        Some((what, found, limit)) => Err(Refusal::TooMany {
            seq,
            what,
            found,
            limit,
        }),
        None => Ok(()),
    }
}

/// A name from an untrusted message, cut short to be shown in a refusal.
fn shortened(name: &str) -> String {
    const SHOWN: usize = 40;
    match name.char_indices().nth(SHOWN) {
        Some((at, _)) => format!("{}...", &name[..at]),
        None => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remote::crypto::Opening;
    use crate::remote::message::{GameOpening, Revealed};

    /// A player's side of a game: the contributions it promised, and a secret.
    struct Player {
        side: Side,
        promised: BTreeMap<u64, Opening>,
        secret: Opening,
    }

    impl Player {
        fn new(side: Side) -> Player {
            Player {
                side,
                promised: BTreeMap::new(),
                secret: Opening::new(format!("{side:?} hidden at (31.0, 20.0)")).expect("random"),
            }
        }

        /// The honest next message: its own contribution, the one it owes, a new promise.
        fn send(&mut self, ledger: Option<&Ledger>, game: Bytes32) -> MessageFile {
            let seq = ledger.map_or(0, Ledger::next_seq);
            let next = Contribution::random()
                .expect("random")
                .opening()
                .expect("random");
            let next_contribution = next.commitment();
            self.promised.insert(seq + 1, next);
            MessageFile::of(TurnMessage {
                protocol: PROTOCOL,
                game,
                seq,
                from: self.side,
                answers: ledger.and_then(Ledger::last),
                opening: (seq == 0).then(|| GameOpening {
                    scenario: "a scenario".into(),
                    starter: self.side,
                    rules: None,
                    mod_tables: None,
                }),
                orders: Vec::new(),
                last: None,
                own_contribution: (seq >= 1).then(|| Contribution::random().expect("random")),
                contribution: (seq >= 2).then(|| Revealed {
                    stretch: seq - 1,
                    opening: self.promised[&(seq - 1)].clone(),
                }),
                next_contribution,
                secrets: if seq < 2 {
                    vec![(SETUP.to_string(), self.secret.commitment())]
                } else {
                    Vec::new()
                },
                openings: Vec::new(),
                view: None,
                queued: Vec::new(),
            })
        }
    }

    /// The same message with `change` made to it, and its digest made anew (as a cheat would).
    fn altered(file: &MessageFile, change: impl FnOnce(&mut TurnMessage)) -> MessageFile {
        let mut m = file.message.clone();
        change(&mut m);
        MessageFile::of(m)
    }

    /// Two messages: the humans start, the aliens answer.
    fn opened_game() -> (Ledger, Player, Player, Bytes32) {
        let game = Bytes32::digest(b"a game of the crashed ship");
        let (mut h, mut a) = (Player::new(Side::Humans), Player::new(Side::Aliens));
        let first = h.send(None, game);
        let mut ledger = Ledger::start(&first).expect("a first message");
        let answer = a.send(Some(&ledger), game);
        ledger.accept(&answer).expect("the answer");
        (ledger, h, a, game)
    }

    /// Issue 25: "every message carries the sender's commitment to its next contribution";
    /// a message's dice come from its sender's contribution and the other side's, promised
    /// before and revealed in the answer.
    #[test]
    fn a_messages_dice_wait_for_the_answer() {
        let (mut ledger, mut h, mut a, game) = opened_game();
        assert_eq!(ledger.seed(1), None, "the humans' part is still sealed");
        let m2 = h.send(Some(&ledger), game);
        ledger.accept(&m2).expect("the humans answer");
        let seed = ledger.seed(1).expect("message 1's dice are open");
        assert_eq!(
            seed,
            dice_seed(game, 1, ledger.answered[&1].1, ledger.own[&1].1),
            "the human side's contribution first"
        );
        assert_eq!(ledger.seed(2), None);
        let m3 = a.send(Some(&ledger), game);
        ledger.accept(&m3).expect("the aliens answer");
        assert!(ledger.seed(2).is_some());
    }

    /// Issue 25: "a message for another game, a replayed or skipped message" and a reordered
    /// one are each refused by name, and the ledger is unchanged.
    #[test]
    fn messages_out_of_the_chain_are_refused_by_name() {
        let (mut ledger, mut h, mut a, game) = opened_game();
        let before = ledger.clone();
        let good = h.send(Some(&ledger), game);
        let other = altered(&good, |m| m.game = Bytes32::digest(b"another game"));
        assert!(matches!(
            ledger.accept(&other),
            Err(Refusal::OtherGame { .. })
        ));
        // Another message in the place of one kept: the same place given twice over.
        let replayed = altered(&good, |m| m.seq = 1);
        assert!(matches!(
            ledger.accept(&replayed),
            Err(Refusal::Equivocation { seq: 1, .. })
        ));
        let skipped = altered(&good, |m| m.seq = 5);
        assert!(matches!(
            ledger.accept(&skipped),
            Err(Refusal::Skipped {
                seq: 5,
                expected: 2
            })
        ));
        let reordered = altered(&good, |m| m.answers = Some(ledger.digests[0]));
        assert!(matches!(
            ledger.accept(&reordered),
            Err(Refusal::WrongAnswer { .. })
        ));
        let out_of_turn = altered(&good, |m| m.from = Side::Aliens);
        assert!(matches!(
            ledger.accept(&out_of_turn),
            Err(Refusal::WrongSender { .. })
        ));
        let none_owed = altered(&good, |m| m.contribution = None);
        assert!(matches!(
            ledger.accept(&none_owed),
            Err(Refusal::ContributionMissing { stretch: 1, .. })
        ));
        assert_eq!(ledger, before, "each refusal leaves the game as it was");
        ledger.accept(&good).expect("the real next message");
        let err = ledger.accept(&good).expect_err("the same message twice");
        assert!(err.to_string().contains("replayed"), "{err}");
        let _ = a.send(Some(&ledger), game);
    }

    /// Issue 25: "a tampered commitment, a secret that does not open its commitment, a
    /// contribution that was changed after commitment" are refused by name.
    #[test]
    fn a_changed_contribution_or_secret_is_refused() {
        let (mut ledger, mut h, _a, game) = opened_game();
        let good = h.send(Some(&ledger), game);
        // A contribution other than the one promised.
        let changed = altered(&good, |m| {
            if let Some(r) = &mut m.contribution {
                r.opening = Contribution::random()
                    .expect("random")
                    .opening()
                    .expect("random");
            }
        });
        let err = ledger.accept(&changed).expect_err("changed");
        assert!(
            matches!(
                err,
                Refusal::ContributionChanged {
                    side: Side::Humans,
                    stretch: 1,
                    committed_in: 0,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("changed after it was committed"));
        // A secret committed again differently, and one that does not open.
        let recommitted = altered(&good, |m| {
            m.secrets = vec![(
                SETUP.into(),
                Opening::new("moved".into()).expect("random").commitment(),
            )]
        });
        assert!(matches!(
            ledger.accept(&recommitted),
            Err(Refusal::SecretRecommitted { .. })
        ));
        let mut lie = h.secret.clone();
        lie.value = "Humans hidden at (40.0, 20.0)".into();
        let moved = altered(&good, |m| m.openings = vec![(SETUP.into(), lie)]);
        let err = ledger.accept(&moved).expect_err("moved after set-up");
        assert!(
            matches!(
                err,
                Refusal::SecretDoesNotOpen {
                    committed_in: 0,
                    ..
                }
            ),
            "{err}"
        );
        // The true secret opens.
        let honest = altered(&good, |m| {
            m.openings = vec![(SETUP.into(), h.secret.clone())]
        });
        ledger.accept(&honest).expect("opens");
        assert_eq!(ledger.humans.opened[SETUP], "Humans hidden at (31.0, 20.0)");
    }

    /// Issue 36: "answering the same message twice from a restored folder gives two valid,
    /// different answers; the second is refused as 'a replayed message'. Two different
    /// messages with the same number (and same game) are proof of a cheat: say so, with both
    /// digests."
    #[test]
    fn two_answers_to_one_message_are_refused_as_proof_of_a_cheat() {
        let (mut ledger, mut h, _a, game) = opened_game();
        // The humans answer message 1, then answer it again as from a restored folder.
        let first = h.send(Some(&ledger), game);
        let second = h.send(Some(&ledger), game);
        assert_ne!(first.digest, second.digest);
        ledger.accept(&first).expect("the first answer");
        let before = ledger.clone();
        let err = ledger.accept(&second).expect_err("the second answer");
        assert_eq!(
            err,
            Refusal::Equivocation {
                seq: 2,
                kept: first.digest,
                received: second.digest
            }
        );
        let said = err.to_string();
        for words in [
            "message 2 exists twice",
            &first.digest.to_hex(),
            &second.digest.to_hex(),
            "keep both files as proof",
        ] {
            assert!(said.contains(words), "{said}");
        }
        assert_eq!(ledger, before);
        // The same message again is only a replay.
        assert_eq!(ledger.accept(&first), Err(Refusal::Replayed { seq: 2 }));
    }

    /// Issue 36: "refuse orders and secrets a message cannot use (e.g. orders in the opening
    /// message, which gives none; secrets beyond the names the protocol defines, each
    /// committed once; more orders than a turn can hold), cap every list".
    #[test]
    fn what_a_message_cannot_use_is_refused_and_every_list_is_capped() {
        use ambush_engine::play::record::RecordedOrder;
        use ambush_engine::rules::orders::Order;
        let game = Bytes32::digest(b"a game");
        let mut h = Player::new(Side::Humans);
        let first = h.send(None, game);
        let junk = RecordedOrder {
            turn: 1,
            side: Side::Humans,
            order: Order::EndMovement,
            hash: "0000000000000000".into(),
            rolls_before: 0,
        };
        let with_orders = altered(&first, |m| m.orders = vec![junk.clone(); 3]);
        let err = Ledger::start(&with_orders).expect_err("orders in the opening");
        assert_eq!(
            err,
            Refusal::NothingToGiveYet {
                seq: 0,
                what: "orders"
            }
        );
        assert!(err.to_string().contains("gives no orders"), "{err}");
        let mut ledger = Ledger::start(&first).expect("the true opening");
        let mut a = Player::new(Side::Aliens);
        let answer = a.send(Some(&ledger), game);
        ledger.accept(&answer).expect("the answer");
        let good = h.send(Some(&ledger), game);
        let too_many = altered(&good, |m| m.orders = vec![junk.clone(); MAX_ORDERS + 1]);
        assert!(matches!(
            ledger.accept(&too_many),
            Err(Refusal::TooMany {
                what: "orders",
                limit: MAX_ORDERS,
                ..
            })
        ));
        let queued = altered(&good, |m| {
            m.queued = vec![Order::EndMovement; MAX_QUEUED + 1]
        });
        assert!(matches!(
            ledger.accept(&queued),
            Err(Refusal::TooMany {
                what: "queued orders",
                limit: MAX_QUEUED,
                ..
            })
        ));
        let queued_first = altered(&first, |m| m.queued = vec![Order::EndMovement]);
        assert!(matches!(
            Ledger::start(&queued_first),
            Err(Refusal::NothingToGiveYet {
                what: "queued orders",
                ..
            })
        ));
        let commitment = h.secret.commitment();
        let junk_secrets = altered(&good, |m| {
            m.secrets = (0..90_000)
                .map(|i| (format!("junk {i}"), commitment))
                .collect()
        });
        let err = ledger.accept(&junk_secrets).expect_err("90,000 secrets");
        assert!(
            matches!(
                err,
                Refusal::TooMany {
                    what: "secrets",
                    found: 90_000,
                    ..
                }
            ),
            "{err}"
        );
        let undefined = altered(&good, |m| m.secrets = vec![("x".repeat(500), commitment)]);
        let err = ledger.accept(&undefined).expect_err("a name not defined");
        assert!(matches!(err, Refusal::SecretNotDefined { .. }), "{err}");
        assert!(err.to_string().len() < 400, "the name is cut short: {err}");
        let twice = altered(&good, |m| {
            m.secrets = vec![(MARCH.into(), commitment), (MARCH.into(), commitment)]
        });
        assert!(matches!(
            ledger.accept(&twice),
            Err(Refusal::SecretRecommitted { first: 2, .. })
        ));
        let opened = altered(&good, |m| {
            m.openings = vec![
                (SETUP.into(), h.secret.clone()),
                (SETUP.into(), h.secret.clone()),
            ]
        });
        assert!(matches!(
            ledger.accept(&opened),
            Err(Refusal::SecretOpenedTwice { .. })
        ));
        // Its own sealed orders are a secret the message may commit to; another's are not.
        let own = altered(&good, |m| m.secrets = vec![(orders_secret(2), commitment)]);
        ledger.clone().accept(&own).expect("orders 2 in message 2");
        let other = altered(&good, |m| m.secrets = vec![(orders_secret(7), commitment)]);
        assert!(matches!(
            ledger.accept(&other),
            Err(Refusal::SecretNotDefined { .. })
        ));
        ledger.accept(&good).expect("the true message");
    }
}
