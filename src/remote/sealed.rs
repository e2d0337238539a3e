//! An ambush played by file: the secrets each side seals (the column's order of march; the ambusher's hidden units, dummies and dice key; the ambusher's orders while its units hide), the spring point it announces openly, and the table the ambusher's game shows the column meanwhile.
//!
//! 004's set-up is the order of the exchange: "the player that will be ambushed writes down the
//! order that his units will move" (the column commits to it), "the player conducting the
//! ambush places his figures ... or places hidden unit counters and dummy counters" (the
//! ambusher commits to its set-up), "then, the player being ambushed shows the other player the
//! order" (the column opens its commitment), "Finally, the player conducting the ambush
//! indicates where he wants the lead unit to be when the ambush is sprung" (a simple set-up's
//! ambusher announces its spring point openly, in its first message after the order is
//! shown: `announced_spring`). From then on only the ambusher's game knows the
//! whole table: it plays every order and shows the column what the column's screen may show
//! (`game::visibility`, the one place that decides it). When nothing is left hidden, or the game
//! ends, the ambusher opens everything, and the column's game replays the whole game and checks
//! every table it was shown.

use super::crypto::Bytes32;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::check::check_scenario;
use ambush_data::scenario::Scenario;
use ambush_engine::play::Game;
use ambush_engine::play::deployment::{MarchOrder, Placement, column_labels, spring_bounds};
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::cards::Card;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::orders::{Decision, Order};
use ambush_engine::rules::phases::PhaseStates;
use ambush_engine::rules::table::{Exposure, Presence, Progress, Unit, UnitId};
use ambush_engine::rules::turn::Phase;
use ambush_engine::visibility::{kept_in_the_dark, read_by, redact};
use serde::{Deserialize, Serialize};

/// The name of the column's secret order of march.
pub const MARCH: &str = "march";
/// The name of the ambusher's secret set-up.
pub const SETUP: &str = "setup";

/// The name of the orders the ambusher sealed in message `seq`.
pub fn orders_secret(seq: u64) -> String {
    format!("orders {seq}")
}

/// Who seals what in a scenario with an ambush.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sealing {
    /// The ambushed side: its order of march is secret until the ambusher has set up.
    pub column: Side,
    /// The side that sets the ambush and keeps its set-up, rolls and orders secret.
    pub ambusher: Side,
    /// Whether the column marches down a route, so that it has an order of march to keep.
    pub march: bool,
}

impl Sealing {
    pub fn of(s: &Scenario) -> Option<Sealing> {
        let a = s.ambush.as_ref()?;
        Some(Sealing {
            column: a.ambushed,
            ambusher: a.ambushed.other(),
            march: MarchOrder::of(s).is_some(),
        })
    }
}

/// The ambusher's secret set-up: where its units and dummy counters stand, and the key it mixes
/// into every die so the column cannot work out its secret rolls from the dice seeds. The
/// spring point is no part of it: 004 has the ambusher pick it after the column's order of march
/// is shown, openly in a simple set-up (`announced_spring`), turn by turn in a complex one's
/// approach (its sealed orders).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushSecret {
    /// `None` when the scenario's set-up places nothing in secret.
    pub placement: Option<Placement>,
    pub dice_key: Bytes32,
}

impl AmbushSecret {
    /// The scenario's own set-up, with a fresh key.
    pub fn of(s: &Scenario, dice_key: Bytes32) -> AmbushSecret {
        AmbushSecret {
            placement: Placement::of(s),
            dice_key,
        }
    }
}

/// The orders one message gives: those that roll nothing, each with the table's hash after
/// it; the one that rolls, whose dice wait for the answer; and those queued for its sender's
/// coming decisions while an ambush is sealed (`docs/protocol.md`). The ambusher's, while its
/// units hide, are sealed in the secret `orders N` and opened at the end.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GivenOrders {
    #[serde(default)]
    pub orders: Vec<RecordedOrder>,
    #[serde(default)]
    pub last: Option<Order>,
    #[serde(default)]
    pub queued: Vec<Order>,
}

impl GivenOrders {
    pub fn is_empty(&self) -> bool {
        self.orders.is_empty() && self.last.is_none() && self.queued.is_empty()
    }
}

/// The seed a die of an ambush game takes: the contributions' seed keyed by the ambusher's
/// secret key, so that only the ambusher's game can roll it until the key is opened.
pub fn sealed_seed(seed: [u8; 32], key: Bytes32) -> [u8; 32] {
    *blake3::keyed_hash(&key.0, &seed).as_bytes()
}

/// The scenario both players' secret choices make of the public one. Err says which choice
/// breaks the scenario's rules (a unit outside the set-up zone, an order of march that is not
/// the column's units), as the set-up screens refuse it.
pub fn full_scenario(
    public: &Scenario,
    march: Option<&MarchOrder>,
    secret: &AmbushSecret,
    rules: &Rules,
) -> Result<Scenario, String> {
    let sealing = Sealing::of(public).ok_or("the scenario has no ambush")?;
    let mut s = public.clone();
    if sealing.march {
        let m = march.ok_or("the column's order of march is not shown")?;
        let n = column_labels(public, sealing.column).len();
        let mut sorted = m.order.clone();
        sorted.sort_unstable();
        if m.side != sealing.column || sorted != (0..n).collect::<Vec<_>>() {
            return Err(format!(
                "the order of march is not an order of the column's {n} units"
            ));
        }
        if !(1.0..=8.0).contains(&m.spacing) {
            return Err(format!(
                "the order of march's spacing {} is not between 1 and 8 inches",
                m.spacing
            ));
        }
        s = m.apply(&s);
    }
    match (Placement::of(public), &secret.placement) {
        (None, None) => {}
        (Some(own), Some(p)) => {
            let labels = |p: &Placement| p.units.iter().map(|u| u.0.clone()).collect::<Vec<_>>();
            if p.side != own.side || labels(p) != labels(&own) || p.dummies.len() > own.max_dummies
            {
                return Err(format!(
                    "the ambusher's set-up places other pieces than the scenario's ({} units, at most {} dummies)",
                    own.units.len(),
                    own.max_dummies
                ));
            }
            s = p.apply(&s);
        }
        _ => return Err("the ambusher's set-up does not fit the scenario's".into()),
    }
    check_scenario(&s, rules).map_err(|p| p.message)?;
    Ok(s)
}

/// What the column's player is shown of the table while the ambusher's units hide: the table
/// less what that player may not know, the roll-log entries it may read, and what the game
/// waits on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SealedView {
    pub phase: Phase,
    pub awaited: Option<Decision>,
    pub units: Vec<Unit>,
    pub progress: Progress,
    pub exposure: Exposure,
    /// How many readable entries the column was shown before this view's.
    pub log_from: usize,
    /// The readable entries since.
    pub log: Vec<RollEntry>,
    /// The rules refused one of the column's queued orders: the rest were dropped, and it
    /// decides again.
    #[serde(default)]
    pub refused: bool,
    /// Where each decision phase stands (whose move, how many moves are left, who declined
    /// to shoot), less any hit waiting on a unit the column cannot see: with it, the column's
    /// game can play its own orders on this table to choose the next.
    pub phase_states: PhaseStates,
    /// The column's queued orders not given yet: the game gives them at its coming decisions.
    #[serde(default)]
    pub column_queue: Vec<Order>,
}

/// A face-down card as the column sees it: that there is one, not which.
const FACE_DOWN: Card = Card {
    rank: 0,
    suit: None,
    pack: 0,
};

/// The side kept in the dark in `game` now, if any.
pub fn dark_side(game: &Game) -> Option<Side> {
    kept_in_the_dark(&game.controllers, &game.table.config, &game.table.progress)
}

/// The log entries `dark`'s player may read.
pub fn readable(game: &Game, dark: Side) -> Vec<&RollEntry> {
    game.dice
        .log
        .iter()
        .filter_map(|e| read_by(e, Some(dark)))
        .collect()
}

impl SealedView {
    /// `game` as `dark`'s player may see it, its log from the `log_from`th readable entry;
    /// `refused` and `column_queue` say what became of the column's queued orders.
    pub fn of(
        game: &Game,
        dark: Side,
        log_from: usize,
        refused: bool,
        column_queue: &[Order],
    ) -> SealedView {
        let mut table = game.table.clone();
        redact(&mut table, dark);
        // Face-down cards are nobody's to read: the order of a pack is the dice to come.
        for u in table.units.iter_mut() {
            if let Some(stack) = u.cards.as_mut() {
                stack.face_down.iter_mut().for_each(|c| *c = FACE_DOWN);
            }
        }
        let mut phase_states = game.phase_states.clone();
        let shown = |id: &UnitId| table.unit(*id).is_some();
        phase_states
            .shooting
            .pending
            .retain(|hit| shown(&hit.source) && shown(&hit.target));
        SealedView {
            phase: game.phase,
            awaited: game.awaited().cloned(),
            phase_states,
            column_queue: column_queue.to_vec(),
            units: table.units.iter().cloned().collect(),
            progress: table.progress,
            exposure: table.exposure,
            log_from,
            log: readable(game, dark)
                .into_iter()
                .skip(log_from)
                .cloned()
                .collect(),
            refused,
        }
    }

    /// What the column can check of a view on receipt, before the ambusher opens anything:
    /// every roll it shows is a roll (each face on its die, the total the faces and modifiers
    /// make), and the column's own units, as `before` showed them, are the same units, and
    /// none was hurt, lost or brought back without a roll in this view that names it. Err
    /// says what does not hold. The rest waits for the end, when the whole game is replayed.
    pub fn check_on_receipt(&self, before: &[Unit], column: Side) -> Result<(), String> {
        for e in &self.log {
            let faces = e
                .dice
                .split_once('d')
                .and_then(|(_, sides)| sides.parse::<u32>().ok());
            if let Some(sides) = faces
                && let Some(face) = e.rolls.iter().find(|f| !(1..=sides).contains(*f))
            {
                return Err(format!(
                    "its roll log shows a {face} on a d{sides} ({:?} by {:?})",
                    e.kind, e.actor
                ));
            }
            let made = e.rolls.iter().map(|f| i64::from(*f)).sum::<i64>()
                + e.modifiers.iter().map(|m| i64::from(m.value)).sum::<i64>();
            if made != i64::from(e.total) {
                return Err(format!(
                    "its roll log gives a total of {} where the dice and modifiers make {made} ({:?} by {:?})",
                    e.total, e.kind, e.actor
                ));
            }
        }
        let named = |label: &str| {
            self.log.iter().any(|e| {
                e.actor.as_deref() == Some(label)
                    || e.target.as_deref() == Some(label)
                    || e.effect.contains(label)
            })
        };
        for old in before.iter().filter(|u| u.side == column) {
            // By name: the order of march may file the column's units in another order.
            let Some(now) = self.units.iter().find(|u| u.label == old.label) else {
                return Err(format!(
                    "the {column:?}' unit {} is gone from the table",
                    old.label
                ));
            };
            if (
                &now.label,
                now.side,
                &now.troop,
                &now.weapons,
                now.armour,
                now.traits,
            ) != (
                &old.label,
                old.side,
                &old.troop,
                &old.weapons,
                old.armour,
                old.traits,
            ) {
                return Err(format!(
                    "the {column:?}' unit {} is not the unit it was (its name, troop, weapons, armour or traits changed)",
                    old.label
                ));
            }
            // Marching off the table takes no roll; a wound or a death does.
            let dead = |u: &Unit| u.status.presence == Presence::Destroyed;
            let changed = now.wounds != old.wounds || dead(now) != dead(old);
            if changed && !named(&old.label) {
                return Err(format!(
                    "the {column:?}' unit {} went from {} to {} wounds{} with no roll that names it",
                    old.label,
                    old.wounds,
                    now.wounds,
                    if dead(now) == dead(old) {
                        ""
                    } else {
                        ", and lived or died,"
                    }
                ));
            }
        }
        Ok(())
    }

    /// Sets `game` (the public scenario's, never stepped) to show this view, its log `log`.
    pub fn show_on(&self, game: &mut Game, dark: Side, log: Vec<RollEntry>) {
        game.table.units = self.units.clone().into();
        game.table.progress = self.progress.clone();
        game.table.exposure = self.exposure.clone();
        game.table.ledger = Default::default();
        redact(&mut game.table, dark);
        game.phase = self.phase;
        game.phase_states = self.phase_states.clone();
        game.awaiting.0 = self.awaited.clone();
        game.dice.log = log;
    }
}

/// A player's own choice of its secret set-up, read from a copy of the scenario that places
/// its pieces (the editor writes one): the column's order of march and spacing, or the
/// ambusher's hidden units and dummies. Err when the copy is not the same order
/// of battle, or breaks the scenario's rules.
pub fn chosen_set_up(
    public: &Scenario,
    chosen: &Scenario,
    side: Side,
    rules: &Rules,
) -> Result<ChosenSetUp, String> {
    let sealing = Sealing::of(public).ok_or("the scenario has no ambush")?;
    let spec = chosen
        .ambush
        .as_ref()
        .ok_or("the set-up file has no ambush")?;
    let mut out = ChosenSetUp::default();
    if side == sealing.column {
        let Some(mut march) = MarchOrder::of(public) else {
            return Err(format!(
                "the {side:?} have no order of march to choose in this scenario"
            ));
        };
        let labels = column_labels(public, side);
        march.order = column_labels(chosen, side)
            .iter()
            .map(|l| labels.iter().position(|p| p == l))
            .collect::<Option<Vec<_>>>()
            .ok_or("the set-up file's column is not the scenario's")?;
        march.spacing = spec.spacing;
        let check = AmbushSecret::of(public, Bytes32([0; 32]));
        full_scenario(public, Some(&march), &check, rules)?;
        out.march = Some(march);
    } else {
        let secret = AmbushSecret {
            placement: Placement::of(chosen),
            dice_key: Bytes32([0; 32]),
        };
        full_scenario(public, MarchOrder::of(public).as_ref(), &secret, rules)?;
        out.placement = secret.placement;
    }
    Ok(out)
}

/// What a player chose of its secret set-up; the scenario's own for whatever it leaves out.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChosenSetUp {
    pub march: Option<MarchOrder>,
    pub placement: Option<Placement>,
}

/// Whether `game` waits on a simple set-up's spring point: the one choice the ambusher announces
/// openly while its units hide, since it gives nothing of them away (004: "Finally, the player
/// conducting the ambush indicates where he wants the lead unit to be").
pub fn awaits_announced_spring(game: &Game) -> bool {
    matches!(
        game.awaited(),
        Some(Decision::Spring {
            march_on: false,
            ..
        })
    ) && !game.is_over()
}

/// The spring point an ambusher's message announces openly, checked on receipt by the column's
/// game against what the column knows (the public route and its own order of march): the
/// message's `last` is `SpringAt` and nothing else, and the point lies from the least at which
/// the whole column stands on the route to the route's end. Err names the message and field.
pub fn announced_spring(
    seq: u64,
    given: &GivenOrders,
    column_scenario: &Scenario,
) -> Result<f32, String> {
    let Some((least, length)) = spring_bounds(column_scenario) else {
        return Err(format!(
            "message {seq}: its `last` announces a spring point, but the scenario's set-up is not a simple ambush down a route"
        ));
    };
    let at = match (
        &given.last,
        given.orders.is_empty() && given.queued.is_empty(),
    ) {
        (Some(Order::SpringAt { at }), true) => *at,
        _ => {
            return Err(format!(
                "message {seq}: an ambusher whose set-up is sealed gives one order openly, its spring point (`last: Some(SpringAt(at: ..))`), and no other"
            ));
        }
    };
    let slack = ambush_data::geometry::MEASURING_SLACK;
    if !at.is_finite() || at < least - slack || at > length + slack {
        return Err(format!(
            "message {seq}: its `last` springs the ambush with the lead {at}\" along the route, off the route for this column: from {least:.1}\" to {length:.1}\""
        ));
    }
    Ok(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jungle_patrol(rules: &Rules) -> Scenario {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/jungle_patrol.ron"),
        )
        .expect("the scenario");
        ambush_data::check::parse_scenario("jungle_patrol.ron", &text, rules).expect("it reads")
    }

    /// 004: "Typically, the ambusher has restrictions on where on the table he can set up": a
    /// secret set-up is held to the scenario's zone when it is opened, as the set-up screens
    /// hold it, and an order of march must be an order of the column's own units.
    #[test]
    fn an_opened_set_up_outside_the_scenario_s_rules_is_refused() {
        let rules = Rules::bundled();
        let public = jungle_patrol(rules);
        let march = MarchOrder::of(&public).expect("a column");
        let mut secret = AmbushSecret::of(&public, Bytes32([1; 32]));
        assert!(full_scenario(&public, Some(&march), &secret, rules).is_ok());
        // On the open trail, outside both jungles.
        if let Some(p) = secret.placement.as_mut() {
            p.units[0].1 = (36.0, 30.0);
        }
        assert!(full_scenario(&public, Some(&march), &secret, rules).is_err());
        let secret = AmbushSecret::of(&public, Bytes32([1; 32]));
        let mut twice = march.clone();
        twice.order[1] = twice.order[0];
        let err = full_scenario(&public, Some(&twice), &secret, rules).expect_err("not an order");
        assert!(err.contains("order of march"), "{err}");
        assert!(
            full_scenario(&public, None, &secret, rules).is_err(),
            "no order shown"
        );
    }

    /// Issue 36: "A lying table is accepted until the end (an extra wound in message 20 is
    /// played on; only verify catches it). Check on receipt whatever can be checked then (the
    /// column's own units, the log's public entries)."
    #[test]
    fn a_view_that_hurts_the_column_without_a_roll_or_shows_an_impossible_roll_is_refused() {
        use ambush_engine::rules::log::{Modifier, RollEntry, RollKind};
        let rules = std::sync::Arc::new(Rules::bundled().clone());
        let public = jungle_patrol(&rules);
        let game = Game::new(
            &crate::remote::opening::setup_for(public, Default::default()),
            rules,
        );
        let before = SealedView::of(&game, Side::Humans, 0, false, &[]);
        assert_eq!(before.check_on_receipt(&before.units, Side::Humans), Ok(()));
        let marine = |v: &mut SealedView| {
            v.units
                .iter_mut()
                .find(|u| u.side == Side::Humans)
                .expect("a marine")
                .clone()
        };
        let m = marine(&mut before.clone());
        // An extra wound, and no roll for it.
        let mut lie = before.clone();
        lie.units
            .iter_mut()
            .filter(|u| u.label == m.label)
            .for_each(|u| u.wounds += 1);
        let err = lie
            .check_on_receipt(&before.units, Side::Humans)
            .expect_err("a wound from nowhere");
        assert!(err.contains(&*m.label) && err.contains("no roll"), "{err}");
        // With the roll that hurt it, the same table holds.
        let mut hurt = lie.clone();
        hurt.log.push(
            RollEntry::dice(RollKind::Save, "1d6", vec![2])
                .actor(&m.label)
                .success(false),
        );
        assert_eq!(hurt.check_on_receipt(&before.units, Side::Humans), Ok(()));
        // A 7 on a d6, and a total the dice do not make.
        let mut seven = before.clone();
        seven
            .log
            .push(RollEntry::dice(RollKind::ToHit, "1d6", vec![7]).actor("A1"));
        assert!(seven.check_on_receipt(&before.units, Side::Humans).is_err());
        let mut total = before.clone();
        let mut e = RollEntry::dice(RollKind::ToHit, "2d6", vec![3, 4])
            .modifiers(vec![Modifier::named("cover".into(), -1)]);
        e.total = 9;
        total.log.push(e);
        let err = total
            .check_on_receipt(&before.units, Side::Humans)
            .expect_err("9 is not 3 + 4 - 1");
        assert!(err.contains("total"), "{err}");
        // A marine swapped for a stronger one under the same name.
        let mut swapped = before.clone();
        swapped
            .units
            .iter_mut()
            .filter(|u| u.label == m.label)
            .for_each(|u| u.armour = !u.armour);
        assert!(
            swapped
                .check_on_receipt(&before.units, Side::Humans)
                .is_err()
        );
    }

    /// The column cannot compute an ambush game's dice: each is keyed by the ambusher's secret.
    #[test]
    fn the_dice_key_changes_every_seed() {
        let seed = [7; 32];
        assert_ne!(sealed_seed(seed, Bytes32([1; 32])), seed);
        assert_ne!(
            sealed_seed(seed, Bytes32([1; 32])),
            sealed_seed(seed, Bytes32([2; 32]))
        );
        assert_eq!(
            sealed_seed(seed, Bytes32([1; 32])),
            sealed_seed(seed, Bytes32([1; 32]))
        );
    }

    /// A player's own set-up file: its column's order and spacing, or its units' places, read
    /// against the public scenario; another order of battle is refused.
    #[test]
    fn a_set_up_file_gives_this_side_s_own_choices() {
        let rules = Rules::bundled();
        let public = jungle_patrol(rules);
        let mut chosen = public.clone();
        chosen.units.swap(0, 1);
        if let Some(a) = chosen.ambush.as_mut() {
            a.spacing = 3.0;
            a.units[0].at = (29.0, 27.0);
        }
        let column = chosen_set_up(&public, &chosen, Side::Humans, rules).expect("the column's");
        let march = column.march.expect("an order");
        assert_eq!(
            (march.order[..2].to_vec(), march.spacing),
            (vec![1, 0], 3.0)
        );
        let ambusher = chosen_set_up(&public, &chosen, Side::Aliens, rules).expect("the ambush");
        let placement = ambusher.placement.expect("placed");
        assert_eq!(placement.units[0], ("J1".to_string(), (29.0, 27.0)));
        chosen.units[0].label = "X9".into();
        assert!(chosen_set_up(&public, &chosen, Side::Humans, rules).is_err());
    }
}
