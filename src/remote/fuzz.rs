//! A turn message for the fuzzer: a real third message of a crashed-ship game, made from fixed contributions so every run mutates the same text, and read as a cheating opponent's would be (its digest made anew, then the chain and the replay).

use super::Ledger;
use super::crypto::{Bytes32, Contribution, Opening};
use super::game::{MySecrets, rebuild};
use super::message::{GameOpening, MessageFile, PROTOCOL, Revealed, TurnMessage};
use super::turns::ai_turn;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::error::{DataError, parse_ron_within};
use std::sync::Arc;

/// The game's scenario: the crashed ship, as shipped.
const SCENARIO: &str = include_str!("../../scenarios/crashed_ship.ron");

/// A fixed contribution, or salt, numbered `n`: the fuzzer's messages are the same every run.
fn fixed(n: u8) -> Bytes32 {
    Bytes32::digest(&[n; 8])
}

fn promise(n: u8) -> Opening {
    Opening {
        salt: fixed(n),
        value: fixed(n + 100).to_hex(),
    }
}

/// Messages 0 and 1 of the sample game, and the aliens' secrets (they receive message 2).
fn opening() -> (Vec<MessageFile>, MySecrets) {
    let game = fixed(0);
    let m0 = MessageFile::of(TurnMessage {
        protocol: PROTOCOL,
        game,
        seq: 0,
        from: Side::Humans,
        answers: None,
        opening: Some(GameOpening {
            scenario: SCENARIO.to_string(),
            starter: Side::Humans,
            rules: None,
            mod_tables: None,
        }),
        orders: Vec::new(),
        last: None,
        own_contribution: None,
        contribution: None,
        next_contribution: promise(1).commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
        view: None,
        queued: Vec::new(),
    });
    let m1 = MessageFile::of(TurnMessage {
        protocol: PROTOCOL,
        game,
        seq: 1,
        from: Side::Aliens,
        answers: Some(m0.digest),
        opening: None,
        orders: Vec::new(),
        last: None,
        own_contribution: Some(Contribution(fixed(11))),
        contribution: None,
        next_contribution: promise(2).commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
        view: None,
        queued: Vec::new(),
    });
    let aliens = MySecrets {
        side: Side::Aliens,
        promised: [(2, promise(2))].into(),
        own: Default::default(),
    };
    (vec![m0, m1], aliens)
}

/// The humans' first turn, message 2: what the fuzzer mutates.
fn sample(rules: &Arc<Rules>) -> Result<MessageFile, String> {
    let (messages, _) = opening();
    let mut ledger = Ledger::start(&messages[0]).map_err(|e| e.to_string())?;
    ledger.accept(&messages[1]).map_err(|e| e.to_string())?;
    let humans = MySecrets {
        side: Side::Humans,
        promised: [(1, promise(1))].into(),
        own: Default::default(),
    };
    let mut rebuilt = rebuild(&messages, &ledger, &humans, rules)?;
    let (orders, last) = ai_turn(&mut rebuilt.game, Side::Humans);
    Ok(MessageFile::of(TurnMessage {
        protocol: PROTOCOL,
        game: ledger.game,
        seq: 2,
        from: Side::Humans,
        answers: ledger.last(),
        opening: None,
        orders,
        last,
        own_contribution: Some(Contribution(fixed(12))),
        contribution: Some(Revealed {
            stretch: 1,
            opening: promise(1),
        }),
        next_contribution: promise(3).commitment(),
        secrets: Vec::new(),
        openings: Vec::new(),
        view: None,
        queued: Vec::new(),
    }))
}

/// Reads a (mutated) message as the aliens' game would a cheat's: parsed, its digest made anew,
/// checked against the chain and replayed. Every refusal names the file.
pub fn read(shown: &str, text: &str) -> Result<(), DataError> {
    let file: MessageFile = parse_ron_within(shown, text, super::message::MAX_MESSAGE_BYTES)?;
    let file = MessageFile::of(file.message);
    let refused = |why: String| DataError::at(shown, 1, 1, why);
    let rules = Arc::new(Rules::bundled().clone());
    let (mut messages, aliens) = opening();
    let mut ledger = Ledger::start(&messages[0]).map_err(|e| refused(e.to_string()))?;
    ledger
        .accept(&messages[1])
        .map_err(|e| refused(e.to_string()))?;
    ledger.accept(&file).map_err(|e| refused(e.to_string()))?;
    messages.push(file);
    rebuild(&messages, &ledger, &aliens, &rules).map_err(refused)?;
    Ok(())
}

/// The turn message as the fuzzer mutates it: its file name and text (`read` reads it).
pub fn sample_message() -> Result<(String, String), String> {
    let rules = Arc::new(Rules::bundled().clone());
    Ok(("turn-message.ron".into(), sample(&rules)?.text()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The unmutated sample is a good message, and the same every time.
    #[test]
    fn the_sample_message_reads_and_is_the_same_every_time() {
        let (shown, a) = sample_message().expect("a sample");
        let (_, b) = sample_message().expect("a sample");
        assert_eq!(a, b);
        read(&shown, &a).expect("the sample is accepted");
        let cut = &a[..a.len() / 3];
        let e = read(&shown, cut).expect_err("cut short");
        assert_eq!(e.file, "turn-message.ron");
    }
}
