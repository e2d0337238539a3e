//! Runs a phase's rules until they need a human's order, the AI's pace says wait, or it is over.

use crate::control::{Controller, Controllers};
use crate::game::resources::{
    AiSteps, Awaiting, Dice, Flows, OrderRejected, PendingOrders, RuleBook,
};
use crate::game::table_access::TableAccess;
use crate::rules::dice::DiceService;
use crate::rules::orders::Step;
use crate::rules::orders::passing_order;
use crate::rules::phases::DecisionPhase;
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
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
        let (order, is_ai) = match ctx.controllers.get(side) {
            Controller::Ai(ai) => {
                if !ctx.ai_steps.take() {
                    return false;
                }
                (ai.decide(table, rules, &decision), true)
            }
            Controller::Human => match ctx.pending.take_for(side) {
                Some(o) => (o, false),
                None => {
                    ctx.awaiting.0 = Some(decision);
                    return false;
                }
            },
        };
        if let Err(reason) = flow.apply_order(table, rules, dice, side, &order) {
            ctx.rejected.write(OrderRejected {
                side,
                order,
                reason,
            });
            if is_ai {
                let pass = passing_order(&decision);
                let _ = flow.apply_order(table, rules, dice, side, &pass);
            }
        }
    }
    false
}
