//! Runs a phase's rules until they need a human's order, the AI's pace says wait, or it is over.

use crate::control::{Controller, Controllers};
use crate::game::record::{OrderRecord, RecordedOrder, ReplayQueue, table_hash};
use crate::game::resources::{
    AiSteps, Awaiting, Dice, Flows, OrderRejected, PendingOrders, RuleBook,
};
use crate::game::table_access::TableAccess;
use crate::rules::dice::DiceService;
use crate::rules::orders::passing_order;
use crate::rules::orders::{Order, Step};
use crate::rules::phases::DecisionPhase;
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// A cap on decisions taken in one frame, so a confused controller can never hang a frame.
const MAX_DECISIONS_PER_FRAME: usize = 2_000;

/// What every phase system needs besides the table.
#[derive(SystemParam)]
pub struct PhaseContext<'w> {
    pub rules: Res<'w, RuleBook>,
    pub dice: ResMut<'w, Dice>,
    pub flows: ResMut<'w, Flows>,
    pub controllers: Res<'w, Controllers>,
    pub pending: ResMut<'w, PendingOrders>,
    pub awaiting: ResMut<'w, Awaiting>,
    pub ai_steps: ResMut<'w, AiSteps>,
    pub rejected: MessageWriter<'w, OrderRejected>,
    pub next: ResMut<'w, NextState<Phase>>,
    pub record: ResMut<'w, OrderRecord>,
    pub replay: ResMut<'w, ReplayQueue>,
}

impl PhaseContext<'_> {
    /// Stamps the dice with the turn and phase, so every roll is logged where it happened.
    pub fn enter(&mut self, table: &Table, phase: Phase) {
        self.dice.turn = table.progress.turn;
        self.dice.phase = phase;
    }
}

/// The one system behind every decision phase: open it once, drive it, close it when done.
pub fn run_phase<F: DecisionPhase + Send + Sync + 'static>(
    mut access: TableAccess,
    mut ctx: PhaseContext,
) {
    let mut table = access.take();
    ctx.enter(&table, F::PHASE);
    let rules = ctx.rules.0.clone();
    let mut flow = std::mem::take(F::slot(&mut ctx.flows));
    let mut next = None;
    if !ctx.flows.started {
        ctx.flows.started = true;
        if !flow.open(&mut table, &rules) {
            ctx.flows.started = false;
            next = Some(Phase::GameOver);
        }
    }
    if next.is_none() && drive(&mut flow, &mut table, &rules, &mut ctx) {
        ctx.flows.started = false;
        next = Some(flow.close(&mut ctx.flows));
    }
    *F::slot(&mut ctx.flows) = flow;
    if let Some(phase) = next {
        ctx.next.set(phase);
    }
    access.put(table);
}

/// Asks controllers for decisions and applies their orders until the phase is done (true), or a
/// human has to act or the AI has used this frame's steps (false). An AI order the rules refuse
/// is reported and replaced by a pass.
pub fn drive(
    flow: &mut impl DecisionPhase,
    table: &mut Table,
    rules: &Rules,
    ctx: &mut PhaseContext,
) -> bool {
    ctx.awaiting.0 = None;
    let dice: &mut DiceService = &mut ctx.dice;
    for _ in 0..MAX_DECISIONS_PER_FRAME {
        let decision = match flow.advance(table, rules, dice) {
            Step::Done => return true,
            Step::Need(d) => d,
        };
        let side = decision.side();
        // A replay's or a loaded save's orders come first, whoever controls the side.
        let replayed = match ctx.replay.orders.pop_front() {
            Some(r) if r.side == side => Some(r),
            Some(r) => {
                let n = ctx.replay.given + 1;
                ctx.replay.fail(format!(
                    "order {n} is the {:?}'s, but the game waits on the {side:?}",
                    r.side
                ));
                return false;
            }
            None => None,
        };
        let rolls_before = dice.log.len();
        if let Some(r) = replayed {
            ctx.replay.given += 1;
            let n = ctx.replay.given;
            if let Err(reason) = flow.apply_order(table, rules, dice, side, &r.order) {
                ctx.replay
                    .fail(format!("order {n} is refused by the rules: {reason}"));
                return false;
            }
            let hash = table_hash(table);
            if hash != r.hash {
                ctx.replay.fail(format!(
                    "after order {n} the table is not the one recorded (hash {hash}, recorded {})",
                    r.hash
                ));
                return false;
            }
            if ctx.record.on {
                ctx.record.orders.push(RecordedOrder {
                    rolls_before,
                    turn: table.progress.turn,
                    ..r
                });
            }
            continue;
        }
        let (order, is_ai) = match ctx.controllers.get(side) {
            Controller::Ai(ai) => {
                if !ctx.ai_steps.take() {
                    return false;
                }
                (ai.decide(table, rules, &decision), true)
            }
            // The replay viewer: nobody plays on from where it stands.
            Controller::Human if ctx.replay.hold_after => return false,
            Controller::Human => match ctx.pending.take_for(side) {
                Some(o) => (o, false),
                None => {
                    ctx.awaiting.0 = Some(decision);
                    return false;
                }
            },
        };
        match flow.apply_order(table, rules, dice, side, &order) {
            Ok(()) => record(&mut ctx.record, table, rolls_before, side, order),
            Err(reason) => {
                ctx.rejected.write(OrderRejected {
                    side,
                    order,
                    reason,
                });
                if is_ai {
                    let pass = passing_order(&decision);
                    let before = dice.log.len();
                    if flow.apply_order(table, rules, dice, side, &pass).is_ok() {
                        record(&mut ctx.record, table, before, side, pass);
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
