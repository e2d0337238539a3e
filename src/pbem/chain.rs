//! One player's record of a game's messages: the chain they form, each side's commitments, and the refusal by name of a message that does not fit (another game's, replayed, skipped, reordered, a changed commitment, a contribution or secret that does not open its commitment).
//!
//! The ledger checks what the messages themselves promise. Whether a message's orders replay to
//! the hashes it states is the game's check (`play::Game::replay`), made after this one.

use super::crypto::{Bytes32, Commitment, Contribution, dice_seed};
use super::message::{MessageFile, PROTOCOL, TurnMessage};
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
        "message {seq}: {side:?}'s contribution to stretch {stretch} does not open the commitment {side:?} made in message {committed_in}: it was changed after it was committed"
    )]
    ContributionChanged {
        seq: u64,
        side: Side,
        stretch: u64,
        committed_in: u64,
    },
    #[error("message {seq}: {side:?} reveals a contribution before it committed to one")]
    ContributionUnpromised { seq: u64, side: Side },
    #[error(
        "message {seq}: {side:?} reveals stretch {found}'s contribution where stretch {expected}'s is due"
    )]
    ContributionOutOfOrder {
        seq: u64,
        side: Side,
        found: u64,
        expected: u64,
    },
    #[error(
        "message {seq}: {side:?} changed its commitment to its next contribution without revealing the one it made in message {committed_in}"
    )]
    CommitmentTampered {
        seq: u64,
        side: Side,
        committed_in: u64,
    },
    #[error(
        "message {seq}: {side:?} committed to the secret `{name}` in message {first}, and message {seq} commits to it again differently"
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

/// What one side has committed to and revealed so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SideRecord {
    /// The commitment to its next contribution, and the message that made it.
    pub next: Option<(Commitment, u64)>,
    /// Its contributions revealed, stretch by stretch.
    pub contributions: Vec<Contribution>,
    /// Its secrets' commitments by name, each with the message that made it.
    pub secrets: BTreeMap<String, (Commitment, u64)>,
    /// Its secrets opened so far, by name.
    pub opened: BTreeMap<String, String>,
}

/// One player's record of a game: every message, sent or received, checked in order.
#[derive(Debug, Clone, PartialEq)]
pub struct Ledger {
    pub game: Bytes32,
    /// The digest of every message so far, in order.
    pub digests: Vec<Bytes32>,
    pub humans: SideRecord,
    pub aliens: SideRecord,
    /// Who sends the next message: the side that did not send the last (messages alternate).
    pub next_sender: Side,
}

impl Ledger {
    /// The ledger a game's first message starts.
    pub fn start(first: &MessageFile) -> Result<Ledger, Refusal> {
        let m = &first.message;
        let mut ledger = Ledger {
            game: m.game,
            digests: Vec::new(),
            humans: SideRecord::default(),
            aliens: SideRecord::default(),
            next_sender: m.from,
        };
        ledger.accept(first)?;
        Ok(ledger)
    }

    pub fn side(&self, side: Side) -> &SideRecord {
        match side {
            Side::Humans => &self.humans,
            Side::Aliens => &self.aliens,
        }
    }

    fn side_mut(&mut self, side: Side) -> &mut SideRecord {
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

    /// The seed of stretch `stretch`'s dice, once both sides have revealed their contribution.
    pub fn seed(&self, stretch: u64) -> Option<[u8; 32]> {
        let k = usize::try_from(stretch).ok()?;
        let h = self.humans.contributions.get(k)?;
        let a = self.aliens.contributions.get(k)?;
        Some(dice_seed(self.game, stretch, *h, *a))
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
        if m.from != self.next_sender {
            return Err(Refusal::WrongSender {
                seq,
                from: m.from,
                expected: self.next_sender,
            });
        }
        match (seq, &m.opening) {
            (0, None) => return Err(Refusal::NoOpening { seq }),
            (1.., Some(_)) => return Err(Refusal::SecondOpening { seq }),
            _ => {}
        }
        let side = m.from;
        let record = self.side_mut(side);
        // The contribution it reveals opens its last commitment; without one, its commitment
        // stands unchanged.
        match (&m.contribution, record.next) {
            (Some(r), Some((promised, committed_in))) => {
                let due = record.contributions.len() as u64;
                if r.stretch != due {
                    return Err(Refusal::ContributionOutOfOrder {
                        seq,
                        side,
                        found: r.stretch,
                        expected: due,
                    });
                }
                let opened = Contribution::of(&r.opening).filter(|_| r.opening.opens(&promised));
                let Some(c) = opened else {
                    return Err(Refusal::ContributionChanged {
                        seq,
                        side,
                        stretch: r.stretch,
                        committed_in,
                    });
                };
                record.contributions.push(c);
            }
            (Some(_), None) => return Err(Refusal::ContributionUnpromised { seq, side }),
            (None, Some((promised, committed_in))) if promised != m.next_contribution => {
                return Err(Refusal::CommitmentTampered {
                    seq,
                    side,
                    committed_in,
                });
            }
            (None, _) => {}
        }
        let keep_date = match (&m.contribution, record.next) {
            (None, Some((_, at))) => at,
            _ => seq,
        };
        record.next = Some((m.next_contribution, keep_date));
        for (name, c) in &m.secrets {
            match record.secrets.get(name) {
                Some((before, first)) if before != c => {
                    return Err(Refusal::SecretRecommitted {
                        seq,
                        side,
                        name: name.clone(),
                        first: *first,
                    });
                }
                Some(_) => {}
                None => {
                    record.secrets.insert(name.clone(), (*c, seq));
                }
            }
        }
        for (name, opening) in &m.openings {
            let Some((c, committed_in)) = record.secrets.get(name) else {
                return Err(Refusal::UnknownSecret {
                    seq,
                    side,
                    name: name.clone(),
                });
            };
            if !opening.opens(c) {
                return Err(Refusal::SecretDoesNotOpen {
                    seq,
                    side,
                    name: name.clone(),
                    committed_in: *committed_in,
                });
            }
            record.opened.insert(name.clone(), opening.value.clone());
        }
        self.digests.push(digest);
        self.next_sender = side.other();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pbem::crypto::Opening;
    use crate::pbem::message::{GameOpening, Revealed};

    /// A player's side of a game: its contributions and secrets, kept to open them later.
    struct Player {
        side: Side,
        stretch: u64,
        promised: Opening,
        secret: Opening,
    }

    impl Player {
        fn new(side: Side) -> Player {
            let c = Contribution::random().expect("random");
            Player {
                side,
                stretch: 0,
                promised: c.opening().expect("random"),
                secret: Opening::new(format!("{side:?} hidden at (31.0, 20.0)")).expect("random"),
            }
        }

        /// A message that reveals this player's promised contribution (when `reveal`) and
        /// promises the next.
        fn send(&mut self, ledger: Option<&Ledger>, game: Bytes32, reveal: bool) -> MessageFile {
            let contribution = reveal.then(|| Revealed {
                stretch: self.stretch,
                opening: self.promised.clone(),
            });
            if reveal {
                self.stretch += 1;
                self.promised = Contribution::random()
                    .expect("random")
                    .opening()
                    .expect("random");
            }
            let first = ledger.is_none();
            let seq = ledger.map_or(0, Ledger::next_seq);
            let secrets = if seq < 2 {
                vec![("set-up".to_string(), self.secret.commitment())]
            } else {
                Vec::new()
            };
            MessageFile::of(TurnMessage {
                protocol: PROTOCOL,
                game,
                seq,
                from: self.side,
                answers: ledger.and_then(Ledger::last),
                opening: first.then(|| GameOpening {
                    scenario: "a scenario".into(),
                    starter: self.side,
                }),
                orders: Vec::new(),
                contribution: if first { None } else { contribution },
                next_contribution: self.promised.commitment(),
                secrets,
                openings: Vec::new(),
            })
        }
    }

    /// Two messages: the humans start, the aliens answer. Both ledgers agree.
    fn opened_game() -> (Ledger, Player, Player, Bytes32) {
        let game = Bytes32::digest(b"a game of mountain pass");
        let (mut h, mut a) = (Player::new(Side::Humans), Player::new(Side::Aliens));
        let first = h.send(None, game, false);
        let mut ledger = Ledger::start(&first).expect("a first message");
        let answer = a.send(Some(&ledger), game, false);
        ledger.accept(&answer).expect("the answer");
        (ledger, h, a, game)
    }

    /// Issue 25: "every message carries the sender's commitment to its next contribution";
    /// the dice of a stretch come from both players' contributions once both are open.
    #[test]
    fn contributions_open_their_commitments_and_seed_the_dice() {
        let (mut ledger, mut h, mut a, game) = opened_game();
        assert_eq!(ledger.seed(0), None, "nothing revealed yet");
        let m = h.send(Some(&ledger), game, true);
        ledger.accept(&m).expect("the humans reveal stretch 0");
        assert_eq!(ledger.seed(0), None, "the aliens' part is still sealed");
        let m = a.send(Some(&ledger), game, true);
        ledger.accept(&m).expect("the aliens reveal stretch 0");
        let seed = ledger.seed(0).expect("both open");
        assert_eq!(
            seed,
            dice_seed(
                game,
                0,
                ledger.humans.contributions[0],
                ledger.aliens.contributions[0]
            )
        );
    }

    /// Issue 25: "a message for another game, a replayed or skipped message" and a reordered
    /// one are each refused by name, and the ledger is unchanged.
    #[test]
    fn messages_out_of_the_chain_are_refused_by_name() {
        let (mut ledger, mut h, mut a, game) = opened_game();
        let before = ledger.clone();
        let other = h.send(Some(&ledger), Bytes32::digest(b"another game"), false);
        assert!(matches!(
            ledger.accept(&other),
            Err(Refusal::OtherGame { .. })
        ));
        let mut replayed = h.send(Some(&ledger), game, false);
        replayed.message.seq = 1;
        let replayed = MessageFile::of(replayed.message);
        assert!(matches!(
            ledger.accept(&replayed),
            Err(Refusal::Replayed { seq: 1 })
        ));
        let mut skipped = h.send(Some(&ledger), game, false);
        skipped.message.seq = 5;
        let skipped = MessageFile::of(skipped.message);
        assert!(matches!(
            ledger.accept(&skipped),
            Err(Refusal::Skipped {
                seq: 5,
                expected: 2
            })
        ));
        let mut reordered = h.send(Some(&ledger), game, false);
        reordered.message.answers = Some(ledger.digests[0]);
        let reordered = MessageFile::of(reordered.message);
        assert!(matches!(
            ledger.accept(&reordered),
            Err(Refusal::WrongAnswer { .. })
        ));
        let out_of_turn = a.send(Some(&ledger), game, false);
        assert!(matches!(
            ledger.accept(&out_of_turn),
            Err(Refusal::WrongSender { .. })
        ));
        assert_eq!(ledger, before, "each refusal leaves the game as it was");
        let good = h.send(Some(&ledger), game, false);
        ledger.accept(&good).expect("the real next message");
        let err = ledger.accept(&good).expect_err("the same message twice");
        assert!(err.to_string().contains("replayed"), "{err}");
    }

    /// Issue 25: "a tampered commitment, a secret that does not open its commitment, a
    /// contribution that was changed after commitment" are refused by name.
    #[test]
    fn a_changed_contribution_commitment_or_secret_is_refused() {
        let (mut ledger, mut h, _a, game) = opened_game();
        // A contribution other than the one promised.
        let mut changed = h.send(Some(&ledger), game, true);
        if let Some(r) = &mut changed.message.contribution {
            r.opening = Contribution::random()
                .expect("random")
                .opening()
                .expect("random");
        }
        let changed = MessageFile::of(changed.message);
        let err = ledger.accept(&changed).expect_err("changed");
        assert!(
            matches!(
                err,
                Refusal::ContributionChanged {
                    side: Side::Humans,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("changed after it was committed"));
        // A new commitment while the last one is still sealed.
        let (mut ledger, mut h, _a, game) = opened_game();
        let mut swapped = h.send(Some(&ledger), game, false);
        swapped.message.next_contribution = Contribution::random()
            .expect("random")
            .opening()
            .expect("random")
            .commitment();
        let swapped = MessageFile::of(swapped.message);
        assert!(matches!(
            ledger.accept(&swapped),
            Err(Refusal::CommitmentTampered { .. })
        ));
        // A secret committed again differently, and one that does not open.
        let mut recommitted = h.send(Some(&ledger), game, false);
        recommitted.message.secrets = vec![(
            "set-up".into(),
            Opening::new("moved".into()).expect("random").commitment(),
        )];
        let recommitted = MessageFile::of(recommitted.message);
        assert!(matches!(
            ledger.accept(&recommitted),
            Err(Refusal::SecretRecommitted { .. })
        ));
        let mut moved = h.send(Some(&ledger), game, false);
        let mut lie = h.secret.clone();
        lie.value = "Humans hidden at (40.0, 20.0)".into();
        moved.message.openings = vec![("set-up".into(), lie)];
        let moved = MessageFile::of(moved.message);
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
        let mut honest = h.send(Some(&ledger), game, false);
        honest.message.openings = vec![("set-up".into(), h.secret.clone())];
        let honest = MessageFile::of(honest.message);
        ledger.accept(&honest).expect("opens");
        assert_eq!(
            ledger.humans.opened["set-up"],
            "Humans hidden at (31.0, 20.0)"
        );
    }
}
