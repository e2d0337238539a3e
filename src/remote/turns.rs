//! The orders a side gives at a distance: the queues of a sealed ambush, whether an order rolls a die before the next decision, and an AI's turn up to its first order that rolls.

use super::sealed::{SealedView, Sealing, dark_side};
use ambush_data::board::Side;
use ambush_engine::control::{Controller, Controllers};
use ambush_engine::play::Game;
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::orders::{Decision, Order, passing_order};
use ambush_engine::visibility::known_of_the_enemy;

/// A cap on the steps between two decisions, so a broken message can never hang the game.
pub(super) const MAX_STEPS: usize = 20_000;

/// The most queued orders one stretch gives, so a broken queue can never hang the game.
const MAX_QUEUE_STEPS: usize = 20_000;

/// The orders each side of a sealed ambush queued for its coming decisions and the game has
/// not given yet. Each was queued before the dice it meets were known to anyone: a message's
/// queue is given in its own stretch and after, never before it was sent.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Queues {
    /// By `Side::index`, the next to give first.
    waiting: [Vec<Order>; 2],
    /// The stretch in which each side's queue was last emptied by the rules (a refusal, or
    /// something hidden coming to light).
    emptied_in: [Option<u64>; 2],
    /// The rules refused one of the column's queued orders, and it has queued nothing since.
    pub column_refused: bool,
}

impl Queues {
    /// `side`'s orders still queued.
    pub fn of(&self, side: Side) -> &[Order] {
        &self.waiting[side.index()]
    }

    /// Queues message `m`'s orders after its sender's. The column sees the table only as the
    /// stretch before its message left it: a queue it sent not knowing that the rules emptied
    /// its queue since is dropped, and it chooses again on the table that shows why.
    pub(super) fn add(&mut self, from: Side, seq: u64, sealing: Sealing, queued: Vec<Order>) {
        let unaware =
            from == sealing.column && self.emptied_in[from.index()].is_some_and(|s| s + 1 == seq);
        if unaware {
            return;
        }
        if from == sealing.column {
            self.column_refused = false;
        }
        self.waiting[from.index()].extend(queued);
    }

    /// The column's queue as the last table shown to it gives it.
    pub(super) fn shown(column: Side, view: Option<&SealedView>) -> Queues {
        let mut q = Queues::default();
        if let Some(v) = view {
            q.waiting[column.index()] = v.column_queue.to_vec();
            q.column_refused = v.refused;
        }
        q
    }

    pub(super) fn empty(&mut self, side: Side, stretch: u64) {
        self.waiting[side.index()].clear();
        self.emptied_in[side.index()] = Some(stretch);
    }

    /// Gives the queued orders, each when the game waits on its side, until the side it waits
    /// on has none left or the rules refuse one (that side's queue is emptied). When something
    /// hidden comes to light, the column's queue is emptied: it chose on a table that is no
    /// more. The ambusher's goes on, since it chose knowing what was hidden.
    pub(super) fn give(&mut self, game: &mut Game, column: Side, stretch: u64) {
        for _ in 0..MAX_QUEUE_STEPS {
            if game.is_over() {
                return;
            }
            let Some(side) = game.awaited().map(|d| d.side()) else {
                return;
            };
            let waiting = &mut self.waiting[side.index()];
            if waiting.is_empty() {
                return;
            }
            let order = waiting.remove(0);
            let known = known_of_the_enemy(&game.table, column);
            let before = game.record.orders.len();
            game.pending.push(side, order);
            settle(game);
            if game.record.orders.len() == before {
                game.pending.0.clear();
                self.empty(side, stretch);
                self.column_refused |= side == column;
                return;
            }
            if dark_side(game).is_none() {
                // Nothing is hidden any more: the ambusher opens everything, and from its next
                // message on orders are given openly.
                self.empty(column, stretch);
                self.empty(column.other(), stretch);
                return;
            }
            if known_of_the_enemy(&game.table, column) != known {
                self.empty(column, stretch);
            }
        }
    }
}

/// Plays on until a person must decide or the game is over.
pub(super) fn settle(game: &mut Game) {
    for _ in 0..MAX_STEPS {
        if game.is_over() {
            return;
        }
        game.step();
        if game.awaited().is_some() && game.pending.0.is_empty() {
            return;
        }
    }
}

/// Whether `order`, given by `side` now, rolls a die before the next decision (its own dice,
/// or the rules' after it): `None` when the rules refuse it.
///
/// It plays the order on a copy of the game, once per order a person gives. Nothing cheaper
/// answers it: the order's own check (`PhaseStates::check_order`) says only what the order
/// does, and an order that rolls nothing itself may end a phase or a turn whose rules roll
/// before the next decision (a new turn's initiative, a wave, a rout), as the test below
/// finds in a whole game. Nor can it be played on the game itself and the roll log counted:
/// its dice, and the rules' after it, wait for the answer's contribution, so once it rolls,
/// the game would have rolled them from the wrong seed.
pub fn rolls(game: &Game, side: Side, order: &Order) -> Option<bool> {
    let mut trial = game.clone();
    let before = (trial.record.orders.len(), trial.dice.log.len());
    trial.pending.0.clear();
    trial.pending.push(side, order.clone());
    settle(&mut trial);
    (trial.record.orders.len() > before.0).then_some(trial.dice.log.len() != before.1)
}

/// A turn chosen by this side's AI from the table as it stands: every order that rolls no die
/// (with the table's hash after it), then the first that rolls, whose dice wait for the
/// answer. The game is left after the orders that roll nothing.
pub fn ai_turn(game: &mut Game, me: Side) -> (Vec<RecordedOrder>, Option<Order>) {
    let Controller::Ai(ai) = Controllers::all_ai().get(me) else {
        return (Vec::new(), None);
    };
    let mut orders = Vec::new();
    while !game.is_over() {
        let Some(decision) = game.awaited().cloned() else {
            break;
        };
        if decision.side() != me {
            break;
        }
        let mut order = game.ai_order(ai, &decision);
        let mut trial = game.clone();
        let before = (trial.record.orders.len(), trial.dice.log.len());
        trial.pending.push(me, order.clone());
        settle(&mut trial);
        if trial.record.orders.len() == before.0 {
            // The rules refused the AI's order: it passes instead, as the simulator's AI does.
            order = passing_order(&decision);
            trial = game.clone();
            trial.pending.push(me, order.clone());
            settle(&mut trial);
        }
        if trial.dice.log.len() != before.1 {
            return (orders, Some(order));
        }
        orders.extend(trial.record.orders[before.0..].iter().cloned());
        *game = trial;
    }
    (orders, None)
}

/// The most orders a side's AI queues in one message.
const MAX_PLANNED: usize = 200;

/// What a unit's dice can change on the table: once a roll changes one of these, the rest of
/// a plan would be chosen on a table the dice have not made yet.
fn dice_made(game: &Game) -> Vec<(u32, u32, bool, bool, bool)> {
    game.table
        .units
        .iter()
        .map(|u| {
            (
                u.id,
                u.wounds,
                u.status.presence == ambush_engine::rules::table::Presence::OnTable,
                u.status.hidden,
                u.status.withdrawing || u.status.stunned,
            )
        })
        .collect()
}

/// The orders this side's AI queues for its coming decisions while an ambush is sealed,
/// chosen on `game` (the column's: the table it was shown) after the orders it has queued
/// already (`queued`). It plays them on a copy, as if the other side passed at each of its
/// decisions (which this side cannot know), and stops where the dice would change the table,
/// at a decision of the other side's it cannot pass over (melee), or at the turn's end: past
/// those, a plan would be chosen on a table that is not there yet.
pub fn planned_queue(game: &Game, me: Side, queued: &[Order], refused: bool) -> Vec<Order> {
    let Controller::Ai(ai) = Controllers::all_ai().get(me) else {
        return Vec::new();
    };
    let mut plan = game.clone();
    // Dice of no stretch: the plan only looks where no die decided anything.
    plan.dice.reseed([0; 32]);
    plan.pending.0.clear();
    let turn = plan.table.progress.turn;
    let mut ahead: std::collections::VecDeque<Order> = queued.iter().cloned().collect();
    // The rules refused this side's last queued order for something it cannot see: choosing
    // on the same table would queue it again, so its next decision is a pass.
    let mut pass_first = refused;
    let mut out = Vec::new();
    while out.len() < MAX_PLANNED && !plan.is_over() && plan.table.progress.turn == turn {
        let Some(decision) = plan.awaited().cloned() else {
            break;
        };
        let side = decision.side();
        let (order, new) = if side != me {
            if !matches!(
                decision,
                Decision::Move { .. } | Decision::Shoot { .. } | Decision::RunAway { .. }
            ) {
                break;
            }
            (passing_order(&decision), false)
        } else if let Some(order) = ahead.pop_front() {
            (order, false)
        } else if std::mem::take(&mut pass_first) {
            (passing_order(&decision), true)
        } else {
            let order = plan.ai_order(ai, &decision);
            (order, true)
        };
        let (rolls, units) = (plan.dice.log.len(), dice_made(&plan));
        let mut given = order;
        if !try_order(&mut plan, side, given.clone()) {
            if !new {
                break;
            }
            // The rules refused the AI's order: it passes instead, as the simulator's AI does.
            given = passing_order(&decision);
            if !try_order(&mut plan, side, given.clone()) {
                // Not even a pass plays on this copy of the table: it is not the ambusher's.
                // The side still answers the decision it was shown, or the game would wait on
                // it for ever; the ambusher's game judges the pass.
                if out.is_empty() {
                    out.push(given);
                }
                break;
            }
        }
        if new {
            out.push(given);
        }
        if plan.dice.log.len() != rolls && dice_made(&plan) != units {
            break;
        }
    }
    out
}

/// Gives `order` and plays on to the next decision: false when the rules refuse it.
pub(super) fn try_order(game: &mut Game, side: Side, order: Order) -> bool {
    let before = game.record.orders.len();
    game.pending.push(side, order);
    settle(game);
    if game.record.orders.len() == before {
        game.pending.0.clear();
        return false;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::remote::opening::{scenario_of, setup_for};
    use ambush_data::Rules;
    use ambush_engine::play::new_game::DiceSchedule;
    use ambush_engine::rules::table::UnitId;
    use std::sync::Arc;

    /// A jungle patrol by file, played to the column's first decision.
    fn at_the_columns_decision() -> (Game, Sealing) {
        let rules = Arc::new(Rules::bundled().clone());
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/jungle_patrol.ron"),
        )
        .expect("the scenario");
        let public = scenario_of(&text, &rules).expect("it reads");
        let sealing = Sealing::of(&public).expect("an ambush");
        let mut game = Game::new(&setup_for(public, DiceSchedule::default()), rules);
        settle(&mut game);
        for _ in 0..50 {
            match game.awaited().cloned() {
                Some(d) if d.side() != sealing.column => {
                    assert!(try_order(&mut game, d.side(), passing_order(&d)));
                }
                _ => break,
            }
        }
        assert_eq!(
            game.awaited().map(|d| d.side()),
            Some(sealing.column),
            "the column decides"
        );
        (game, sealing)
    }

    /// `rolls` agrees, at every decision of a whole hot-seat game, with what the game played
    /// on does; and an end of movement, which rolls nothing itself, rolls before the next
    /// decision at times (the rules' dice after it) and not at others: why `rolls` plays the
    /// order on a copy rather than ask the order's own check.
    #[test]
    fn an_order_rolls_when_its_dice_or_the_rules_after_it_roll_before_the_next_decision() {
        let rules = Arc::new(Rules::bundled().clone());
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron"),
        )
        .expect("the scenario");
        let scenario = scenario_of(&text, &rules).expect("it reads");
        let mut game = Game::new(&setup_for(scenario, DiceSchedule::default()), rules);
        settle(&mut game);
        let (mut quiet, mut rolled_after) = (0, 0);
        for _ in 0..MAX_QUEUE_STEPS {
            let Some(decision) = game.awaited().cloned().filter(|_| !game.is_over()) else {
                break;
            };
            let side = decision.side();
            let Controller::Ai(ai) = Controllers::all_ai().get(side) else {
                panic!("the AI plays both sides here");
            };
            let mut order = game.ai_order(ai, &decision);
            let mut said = rolls(&game, side, &order);
            if said.is_none() {
                order = passing_order(&decision);
                said = rolls(&game, side, &order);
            }
            let before = game.dice.log.len();
            assert!(try_order(&mut game, side, order.clone()), "{order:?}");
            let rolled = game.dice.log.len() != before;
            assert_eq!(said, Some(rolled), "{order:?}");
            if order == Order::EndMovement {
                match rolled {
                    true => rolled_after += 1,
                    false => quiet += 1,
                }
            }
        }
        assert!(game.is_over(), "the game was played to its end");
        assert!(
            rolled_after > 0 && quiet > 0,
            "ends of movement: {rolled_after} rolled before the next decision, {quiet} did not"
        );
    }

    /// Issue 36: "Let the column send a whole phase's orders in one message, played by the
    /// ambusher's game in order up to the first that is refused ... the answer carries the
    /// table and where it stopped." A refused order empties the column's queue and says so; a
    /// queue sent before the column could see that is dropped; the next is given in order.
    #[test]
    fn queued_orders_are_given_in_order_up_to_the_first_the_rules_refuse() {
        let (mut game, sealing) = at_the_columns_decision();
        let column = sealing.column;
        let plan = planned_queue(&game, column, &[], false);
        assert!(plan.len() > 1, "the AI queues the phase: {plan:?}");
        let enemy: UnitId = game
            .table
            .units
            .iter()
            .find(|u| u.side != column)
            .expect("an ambusher")
            .id;
        let not_ours = Order::Rotate {
            unit: enemy,
            facing: 0.0,
        };
        let mut queues = Queues::default();
        let mut queued = vec![not_ours];
        queued.extend(plan.iter().cloned());
        queues.add(column, 3, sealing, queued);
        let before = game.record.orders.len();
        queues.give(&mut game, column, 3);
        assert_eq!(
            game.record.orders.len(),
            before,
            "refused first: nothing given"
        );
        assert!(queues.column_refused && queues.of(column).is_empty());
        // Told of the refusal, the column's AI passes at that decision rather than queue the
        // same order on the same table again, and goes on from there.
        let decision = game.awaited().cloned().expect("the column decides");
        let after_refusal = planned_queue(&game, column, &[], true);
        assert_eq!(after_refusal.first(), Some(&passing_order(&decision)));
        // Sent before the column was shown the refusal: dropped.
        queues.add(column, 4, sealing, plan.clone());
        assert!(queues.of(column).is_empty() && queues.column_refused);
        // Sent after: given in order, each at one of the column's decisions.
        queues.add(column, 5, sealing, plan.clone());
        assert!(!queues.column_refused);
        queues.give(&mut game, column, 5);
        let given: Vec<Order> = game.record.orders[before..]
            .iter()
            .filter(|o| o.side == column)
            .map(|o| o.order.clone())
            .collect();
        assert!(!given.is_empty());
        assert_eq!(given, plan[..given.len()], "in the order queued");
        assert_eq!(
            queues.of(column),
            &plan[given.len()..],
            "the rest waits for the column's next decision"
        );
    }
}
