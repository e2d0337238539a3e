//! What an answer of an ambush game played at a distance seals and opens: each side's committed set-up, the ambusher's orders while its units hide with the table shown to the column instead, and everything once nothing is hidden.

use super::chain::Ledger;
use super::crypto::{Bytes32, Commitment, Opening};
use super::error::{RemoteError, random};
use super::game::{MySecrets, Rebuilt};
use super::message::TurnMessage;
use super::sealed::{
    AmbushSecret, ChosenSetUp, GivenOrders, MARCH, SETUP, SealedView, Sealing, announced_spring,
    awaits_announced_spring, chosen_set_up, dark_side, orders_secret,
};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::play::deployment::MarchOrder;

/// Commits to this side's secret set-up in its first message of an ambush: the column's order
/// of march, or the ambusher's placement and dice key; the player's `chosen`
/// set-up, or the scenario's own.
pub(super) fn commit_set_up(
    public: &Scenario,
    me: &mut MySecrets,
    commitments: &mut Vec<(String, Commitment)>,
    chosen: Option<&ChosenSetUp>,
) -> Result<(), RemoteError> {
    let Some(sealing) = Sealing::of(public) else {
        return Ok(());
    };
    let text = if me.side == sealing.column {
        let march = chosen.and_then(|c| c.march.clone());
        match march.or_else(|| MarchOrder::of(public)) {
            Some(march) if !me.own.contains_key(MARCH) => Some((MARCH, ron_of(&march)?)),
            _ => None,
        }
    } else if !me.own.contains_key(SETUP) {
        let mut secret = AmbushSecret::of(public, random(Bytes32::random())?);
        if let Some(c) = chosen {
            secret.placement = c.placement.clone().or(secret.placement);
        }
        Some((SETUP, ron_of(&secret)?))
    } else {
        None
    };
    if let Some((name, text)) = text {
        commit(me, commitments, name.to_string(), text)?;
    }
    Ok(())
}

pub(super) fn ron_of<T: serde::Serialize>(value: &T) -> Result<String, RemoteError> {
    ron::to_string(value).map_err(|e| RemoteError::Store(e.to_string()))
}

/// Keeps a secret's opening and puts its commitment in the message.
pub(super) fn commit(
    me: &mut MySecrets,
    commitments: &mut Vec<(String, Commitment)>,
    name: String,
    text: String,
) -> Result<(), RemoteError> {
    let opening = random(Opening::new(text))?;
    commitments.push((name.clone(), opening.commitment()));
    me.own.insert(name, opening);
    Ok(())
}

/// What an answer of an ambush game seals and opens. The column commits to its order of
/// march and shows it once the ambusher has committed to its set-up. The ambusher commits to
/// its set-up; while its units hide, it seals its orders and shows the column its table; once
/// nothing is hidden, or the game is over, it opens everything.
pub(super) fn seal(
    ledger: &Ledger,
    me: &mut MySecrets,
    rebuilt: &Rebuilt,
    sealing: Sealing,
    message: &mut TurnMessage,
    chosen: Option<&ChosenSetUp>,
) -> Result<(), RemoteError> {
    commit_set_up(&rebuilt.scenario, me, &mut message.secrets, chosen)?;
    if me.side == sealing.column {
        let ambusher_set_up = ledger
            .secrets(sealing.ambusher)
            .committed
            .contains_key(SETUP);
        let shown = ledger.secrets(me.side).opened.contains_key(MARCH);
        if let Some(march) = me.own.get(MARCH).filter(|_| ambusher_set_up && !shown) {
            message.openings.push((MARCH.to_string(), march.clone()));
        }
        return Ok(());
    }
    if ledger.secrets(me.side).opened.contains_key(SETUP) {
        return Ok(());
    }
    if !rebuilt.started() {
        return Ok(());
    }
    if awaits_announced_spring(&rebuilt.game) {
        // 004's simple set-up: "Finally, the player conducting the ambush indicates where he
        // wants the lead unit to be when the ambush is sprung." Announced openly, as the
        // message's `last`, whose dice wait for the answer as any order's; the column's game
        // checks it on receipt.
        if message.last.is_none() && message.orders.is_empty() && message.queued.len() == 1 {
            message.last = message.queued.pop();
        }
        let given = GivenOrders {
            orders: message.orders.clone(),
            last: message.last.clone(),
            queued: message.queued.clone(),
        };
        announced_spring(message.seq, &given, &rebuilt.scenario).map_err(RemoteError::Store)?;
        return Ok(());
    }
    // The table after this message's orders: the column is shown it, unless they leave
    // nothing hidden or end the game, when everything is opened with them.
    let mut after = rebuilt.game.clone();
    if !message.orders.is_empty() {
        after
            .replay(message.orders.clone(), 20_000)
            .map_err(RemoteError::DoesNotReplay)?;
    }
    if after.is_over() || dark_side(&after).is_none() {
        // Nothing left to hide: every secret opened, so the column's game replays the whole
        // game and checks every table it was shown. From here on orders are given openly,
        // never queued.
        message.queued.clear();
        for (name, opening) in &me.own {
            if name == SETUP || name.starts_with("orders ") {
                message.openings.push((name.clone(), opening.clone()));
            }
        }
        return Ok(());
    }
    let sealed = GivenOrders {
        orders: std::mem::take(&mut message.orders),
        last: message.last.take(),
        queued: std::mem::take(&mut message.queued),
    };
    message.view = Some(SealedView::of(
        &after,
        sealing.column,
        rebuilt.shown_log,
        rebuilt.refused_last(),
        rebuilt.queues.of(sealing.column),
    ));
    let name = orders_secret(message.seq);
    commit(me, &mut message.secrets, name, ron_of(&sealed)?)
}

/// This side's chosen set-up from the text of its set-up file, if it gave one. Err when the
/// file does not read or its choice breaks the scenario's rules.
pub(super) fn chosen_of(
    public: &Scenario,
    side: Side,
    set_up: Option<&str>,
    rules: &Rules,
) -> Result<Option<ChosenSetUp>, RemoteError> {
    let Some(text) = set_up.filter(|_| Sealing::of(public).is_some()) else {
        return Ok(None);
    };
    let chosen = ambush_data::check::parse_scenario("the set-up file", text, rules)
        .map_err(|e| RemoteError::Scenario(e.to_string()))?;
    chosen_set_up(public, &chosen, side, rules)
        .map(Some)
        .map_err(|e| RemoteError::Scenario(format!("the set-up file: {e}")))
}
