//! One phase of a game played on a plain `Table`: the step every phase system runs, and the simulator's loop over whole games without the ECS.

use crate::control::{Controller, Controllers};
use crate::game::record::{OrderRecord, RecordedOrder, ReplayQueue, table_hash};
use crate::game::resources::{AiSteps, Awaiting, OrderRejected, PendingOrders};
use crate::rules::ambush::approach;
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order, Step, passing_order};
use crate::rules::phases::melee::MeleeFlow;
use crate::rules::phases::movement::MovementFlow;
use crate::rules::phases::shooting::ShootingFlow;
use crate::rules::phases::{DecisionPhase, PhaseStates, end_of_turn, generation};
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;

/// A cap on decisions taken in one step, so a confused controller can never hang a frame.
const MAX_DECISIONS_PER_STEP: usize = 2_000;

/// Who gives the orders, and what passes between them and the rules during one step: the
/// window's pending orders, the decision a person is asked for, the AI's pace, the record of
/// accepted orders and the queue of a replay. The ECS lends its resources here; the simulator
/// owns its own.
pub struct Seats<'a> {
    pub controllers: Controllers,
    pub pending: &'a mut PendingOrders,
    pub awaiting: &'a mut Awaiting,
    pub ai_steps: &'a mut AiSteps,
    pub record: &'a mut OrderRecord,
    pub replay: &'a mut ReplayQueue,
    /// Orders the rules refused in this step, in the order they were given.
    pub rejected: Vec<OrderRejected>,
    /// Chooses for every AI-controlled side instead of its AI, when set (the soak's policy).
    pub chooser: Option<&'a mut dyn Chooser>,
}

/// Picks an order for a decision, able to ask whether the rules would accept an order (tried
/// on a copy of the game, so asking rolls no die of the real one): the soak's random policy.
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
pub fn play_phase(
    phase: Phase,
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    flows: &mut PhaseStates,
    seats: &mut Seats,
) -> Option<Phase> {
    // Every roll is logged with the turn and phase it happened in.
    dice.turn = table.progress.turn;
    dice.phase = phase;
    match phase {
        Phase::Setup | Phase::GameOver => None,
        Phase::Approach => {
            // The approach comes before the first turn.
            dice.turn = 0;
            // The column and the counters are on the table before the first approach turn.
            approach::begin_approach(table, rules, dice);
            let mut over = !approach::approach_pending(table);
            // One approach turn per AI step, so the window shows the column advance.
            while !over && seats.ai_steps.take() {
                over = approach::approach_turn(table, rules, dice);
            }
            over.then_some(Phase::AlienGeneration)
        }
        Phase::AlienGeneration => {
            generation::alien_generation(table, rules, dice);
            Some(Phase::Movement)
        }
        Phase::Movement => play_flow::<MovementFlow>(table, rules, dice, flows, seats),
        Phase::Shooting => play_flow::<ShootingFlow>(table, rules, dice, flows, seats),
        Phase::Melee => play_flow::<MeleeFlow>(table, rules, dice, flows, seats),
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
fn play_flow<F: DecisionPhase>(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    flows: &mut PhaseStates,
    seats: &mut Seats,
) -> Option<Phase> {
    let mut flow = std::mem::take(F::slot(flows));
    let mut next = None;
    if !flows.started {
        flows.started = true;
        if !flow.open(table, rules) {
            flows.started = false;
            next = Some(Phase::GameOver);
        }
    }
    if next.is_none() && drive(&mut flow, table, rules, dice, seats) {
        flows.started = false;
        next = Some(flow.close(flows));
    }
    *F::slot(flows) = flow;
    next
}

/// Asks controllers for decisions and applies their orders until the phase is done (true), or a
/// person has to act or the AI has used this step's orders (false). An AI order the rules refuse
/// is reported and replaced by a pass.
pub fn drive(
    flow: &mut impl DecisionPhase,
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    seats: &mut Seats,
) -> bool {
    seats.awaiting.0 = None;
    for _ in 0..MAX_DECISIONS_PER_STEP {
        let decision = match flow.advance(table, rules, dice) {
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
        let rolls_before = dice.log.len();
        if let Some(r) = replayed {
            seats.replay.given += 1;
            let n = seats.replay.given;
            if let Err(reason) = flow.apply_order(table, rules, dice, side, &r.order) {
                seats
                    .replay
                    .fail(format!("order {n} is refused by the rules: {reason}"));
                return false;
            }
            let hash = table_hash(table);
            if hash != r.hash {
                seats.replay.fail(format!(
                    "after order {n} the table is not the one recorded (hash {hash}, recorded {})",
                    r.hash
                ));
                return false;
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
                    None => ai.decide(table, rules, &decision),
                    Some(chooser) => {
                        let (flow, table, dice) = (&*flow, &*table, &*dice);
                        let mut legal = |order: &Order| {
                            let (mut f, mut t, mut d) = (flow.clone(), table.clone(), dice.clone());
                            f.apply_order(&mut t, rules, &mut d, side, order).is_ok()
                        };
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
        match flow.apply_order(table, rules, dice, side, &order) {
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
                    if flow.apply_order(table, rules, dice, side, &pass).is_ok() {
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
            hash: table_hash(table),
            rolls_before,
        });
    }
}

/// How a game played by `play_to_end` went.
#[derive(Debug, Clone, Default)]
pub struct Played {
    /// Whether the game reached its end within the step cap.
    pub ended: bool,
    /// The orders the rules refused (each was replaced by a pass).
    pub rejected: Vec<OrderRejected>,
}

/// Plays a whole game with both sides under AI control, phase after phase, without the ECS:
/// the same steps, in the same order, as the headless app's frames, so the same seed gives the
/// same game. `max_steps` counts as the app's frames do (the first applies the opening phase,
/// the last sees the game over).
pub fn play_to_end(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    controllers: Controllers,
    max_steps: usize,
) -> Played {
    play_with(table, rules, dice, controllers, max_steps, None)
}

/// `play_to_end`, with `chooser` (when given) choosing every AI side's orders and told after
/// every step what it did, so that it may stop the game there (the soak's invariants).
pub fn play_with(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    controllers: Controllers,
    max_steps: usize,
    mut chooser: Option<&mut dyn Chooser>,
) -> Played {
    let (mut pending, mut awaiting, mut ai_steps) = Default::default();
    let (mut record, mut replay) = Default::default();
    let mut flows = PhaseStates::default();
    let mut phase = Phase::Approach;
    let mut played = Played::default();
    for _ in 0..max_steps {
        if phase == Phase::GameOver {
            played.ended = true;
            break;
        }
        let mut seats = Seats {
            controllers,
            pending: &mut pending,
            awaiting: &mut awaiting,
            ai_steps: &mut ai_steps,
            record: &mut record,
            replay: &mut replay,
            rejected: Vec::new(),
            // Lent for this step only (a trait object's lifetime shortens only by a coercion).
            chooser: match chooser.as_mut() {
                Some(c) => Some(&mut **c),
                None => None,
            },
        };
        let next = play_phase(phase, table, rules, dice, &mut flows, &mut seats);
        let rejected = seats.rejected;
        let stop = chooser
            .as_deref_mut()
            .is_some_and(|c| c.after_step(table, phase, next, &rejected));
        played.rejected.extend(rejected);
        if stop {
            break;
        }
        if let Some(next) = next {
            phase = next;
        }
    }
    played
}
