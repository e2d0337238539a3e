//! One step of a phase on a plain `Table`: asks the rules what they need, the side's controller (or a replay) for orders, and applies them.

use crate::control::memos::AiMemos;
use crate::control::{Controller, Controllers};
use crate::play::new_game::DiceSchedule;
use crate::play::record::{OrderRecord, RecordedOrder, ReplayQueue, table_hash, table_hash_as};
use crate::play::seats::{AiSteps, Awaiting, OrderRejected, PendingOrders};
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order, Step, passing_order};
use crate::rules::phases::approach::ApproachState;
use crate::rules::phases::melee::MeleeState;
use crate::rules::phases::movement::MovementState;
use crate::rules::phases::run_away::RunAwayState;
use crate::rules::phases::shooting::ShootingState;
use crate::rules::phases::{DecisionPhase, PhaseStates, end_of_turn, generation};
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;

/// A cap on decisions taken in one step, so a confused controller can never hang a frame.
const MAX_DECISIONS_PER_STEP: usize = 2_000;

/// Who gives the orders, and what passes between them and the rules during one step: the
/// window's pending orders, the decision a person is asked for, the AI's pace, the record of
/// accepted orders and the queue of a replay, lent by the `Game` for the step.
pub(super) struct Seats<'a> {
    pub controllers: Controllers,
    pub pending: &'a mut PendingOrders,
    pub awaiting: &'a mut Awaiting,
    pub ai_steps: &'a mut AiSteps,
    pub record: &'a mut OrderRecord,
    pub replay: &'a mut ReplayQueue,
    /// What the AIs remember of this game between decisions.
    pub ai_memos: &'a AiMemos,
    /// Seeds the dice take before given orders, each taken out once used: a decision asked
    /// again (a person's, over several frames) seeds nothing twice.
    pub dice_schedule: &'a mut DiceSchedule,
    /// Orders the rules refused in this step, in the order they were given.
    pub rejected: Vec<OrderRejected>,
    /// Chooses for every AI-controlled side instead of its AI, when set (the soak's policy).
    pub chooser: Option<&'a mut dyn Chooser>,
}

/// Picks an order for a decision, able to ask whether the rules would accept an order (the
/// phase's `check`, which rolls no die and changes nothing): the soak's random policy.
pub trait Chooser {
    fn choose(
        &mut self,
        table: &Table,
        rules: &Rules,
        decision: &Decision,
        legal: &mut dyn FnMut(&Order) -> bool,
    ) -> Order;

    /// Told after every step of `phase` what it handed on (`next`) and which orders the rules
    /// refused in it; true stops the game there.
    fn after_step(
        &mut self,
        _table: &Table,
        _phase: Phase,
        _next: Option<Phase>,
        _rejected: &[OrderRejected],
    ) -> bool {
        false
    }
}

/// Plays one step of `phase`: as far as it goes until a person must act, the AI's pace says
/// wait, or the phase is over. Returns the phase that comes next once this one is over.
pub(super) fn play_phase(
    phase: Phase,
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    phase_states: &mut PhaseStates,
    seats: &mut Seats,
) -> Option<Phase> {
    // Every roll is logged with the turn and phase it happened in.
    dice.turn = table.progress.turn;
    dice.phase = phase;
    match phase {
        Phase::NoGame | Phase::GameOver => None,
        Phase::Approach => {
            // The approach comes before the first turn: each of its turns waits on the
            // ambusher's choice, one per AI step, so the window shows the column advance.
            dice.turn = 0;
            play_decisions::<ApproachState>(table, rules, dice, phase_states, seats)
        }
        Phase::AlienGeneration => {
            generation::alien_generation(table, rules, dice);
            Some(Phase::Movement)
        }
        Phase::Movement => play_decisions::<MovementState>(table, rules, dice, phase_states, seats),
        Phase::Shooting => play_decisions::<ShootingState>(table, rules, dice, phase_states, seats),
        Phase::Melee => play_decisions::<MeleeState>(table, rules, dice, phase_states, seats),
        Phase::RunAway => play_decisions::<RunAwayState>(table, rules, dice, phase_states, seats),
        Phase::EndOfTurn => {
            if end_of_turn::end_of_turn(table, rules, dice) {
                Some(Phase::GameOver)
            } else {
                table.progress.turn += 1;
                Some(Phase::AlienGeneration)
            }
        }
    }
}

/// A decision phase's step: open it once, drive it, close it when done.
fn play_decisions<F: DecisionPhase>(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    phase_states: &mut PhaseStates,
    seats: &mut Seats,
) -> Option<Phase> {
    let mut state = std::mem::take(F::state_in(phase_states));
    let mut next = None;
    if !phase_states.started {
        phase_states.started = true;
        if !state.open(table, rules) {
            phase_states.started = false;
            next = Some(Phase::GameOver);
        }
    }
    if next.is_none() && drive(&mut state, table, rules, dice, seats) {
        phase_states.started = false;
        next = Some(state.close(phase_states));
    }
    *F::state_in(phase_states) = state;
    next
}

/// Asks controllers for decisions and applies their orders until the phase is done (true), or a
/// person has to act or the AI has used this step's orders (false). An AI order the rules refuse
/// is reported and replaced by a pass.
fn drive(
    state: &mut impl DecisionPhase,
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    seats: &mut Seats,
) -> bool {
    seats.awaiting.0 = None;
    for _ in 0..MAX_DECISIONS_PER_STEP {
        let decision = match state.advance(table, rules, dice) {
            Step::Done => return true,
            Step::Need(d) => d,
        };
        let side = decision.side();
        // A replay's or a loaded save's orders come first, whoever controls the side.
        let replayed = match seats.replay.orders.pop_front() {
            Some(r) if r.side == side => Some(r),
            Some(r) => {
                let n = seats.replay.given + 1;
                seats.replay.fail(format!(
                    "order {n} is the {:?}'s, but the game waits on the {side:?}",
                    r.side
                ));
                return false;
            }
            None => None,
        };
        // A game played by file seeds each stretch of its dice anew before its first order.
        if !seats.dice_schedule.before_order.is_empty()
            && let Some(seed) = seats
                .dice_schedule
                .before_order
                .remove(&seats.record.orders.len())
        {
            dice.reseed(seed.0);
        }
        let rolls_before = dice.log.len();
        if let Some(r) = replayed {
            seats.replay.given += 1;
            let n = seats.replay.given;
            if let Err(reason) = state.apply_order(table, rules, dice, side, &r.order) {
                seats
                    .replay
                    .fail(format!("order {n} is refused by the rules: {reason}"));
                return false;
            }
            // Checked in the version it was written in: an older save's orders keep theirs.
            match table_hash_as(&r.hash, table) {
                Ok(hash) if hash == r.hash => {}
                Ok(hash) => {
                    seats.replay.fail(format!(
                        "after order {n} the table is not the one recorded (hash {hash}, recorded {})",
                        r.hash
                    ));
                    return false;
                }
                Err(why) => {
                    seats
                        .replay
                        .fail(format!("order {n} cannot be checked: {why}"));
                    return false;
                }
            }
            if seats.record.on {
                seats.record.orders.push(RecordedOrder {
                    rolls_before,
                    turn: table.progress.turn,
                    ..r
                });
            }
            continue;
        }
        let (order, is_ai) = match seats.controllers.get(side) {
            Controller::Ai(ai) => {
                if !seats.ai_steps.take() {
                    return false;
                }
                let order = match seats.chooser.as_deref_mut() {
                    None => {
                        let seen = crate::visibility::as_seen_by(table, side);
                        ai.decide(&seen, rules, &decision, seats.ai_memos)
                    }
                    Some(chooser) => {
                        let (state, table) = (&*state, &*table);
                        let mut legal =
                            |order: &Order| state.check(table, rules, side, order).is_ok();
                        chooser.choose(table, rules, &decision, &mut legal)
                    }
                };
                (order, true)
            }
            // The replay viewer: nobody plays on from where it stands.
            Controller::Human if seats.replay.hold_after => return false,
            Controller::Human => match seats.pending.take_for(side) {
                Some(o) => (o, false),
                None => {
                    seats.awaiting.0 = Some(decision);
                    return false;
                }
            },
        };
        match state.apply_order(table, rules, dice, side, &order) {
            Ok(()) => record(seats.record, table, rolls_before, side, order),
            Err(reason) => {
                seats.rejected.push(OrderRejected {
                    side,
                    order,
                    reason,
                });
                if is_ai {
                    let pass = passing_order(&decision);
                    let before = dice.log.len();
                    if state.apply_order(table, rules, dice, side, &pass).is_ok() {
                        record(seats.record, table, before, side, pass);
                    }
                }
            }
        }
    }
    false
}

/// Keeps an accepted order, with the table's hash after it, when the game is recorded.
fn record(kept: &mut OrderRecord, table: &Table, rolls_before: usize, side: Side, order: Order) {
    if kept.on {
        kept.orders.push(RecordedOrder {
            turn: table.progress.turn,
            side,
            order,
            hash: match kept.unhashed {
                true => String::new(),
                false => table_hash(table),
            },
            rolls_before,
        });
    }
}
