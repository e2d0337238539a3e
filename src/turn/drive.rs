//! Runs a phase's rules until they need a human's order or the phase is over.

use crate::control::{Controller, Controllers};
use crate::rules::Rules;
use crate::rules::dice::DiceService;
use crate::rules::flow::{PhaseFlow, Step, passing_order};
use crate::rules::log::PhaseName;
use crate::rules::table::Table;
use crate::turn::phase::Phase;
use crate::turn::resources::{Awaiting, Dice, Flows, OrderRejected, PendingOrders, RuleBook};
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
    pub rejected: MessageWriter<'w, OrderRejected>,
    pub next: ResMut<'w, NextState<Phase>>,
}

impl PhaseContext<'_> {
    /// Stamps the dice with the turn and phase, so every roll is logged where it happened.
    pub fn enter(&mut self, table: &Table, phase: PhaseName) {
        self.dice.turn = table.progress.turn;
        self.dice.phase = phase;
    }
}

/// Asks controllers for decisions and applies their orders until the phase is done (true) or a
/// human has to act (false). An AI order the rules refuse is reported and replaced by a pass.
pub fn drive(
    flow: &mut impl PhaseFlow,
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    controllers: &Controllers,
    pending: &mut PendingOrders,
    awaiting: &mut Awaiting,
    rejected: &mut MessageWriter<OrderRejected>,
) -> bool {
    awaiting.0 = None;
    for _ in 0..MAX_DECISIONS_PER_FRAME {
        let decision = match flow.advance(table, rules, dice) {
            Step::Done => return true,
            Step::Need(d) => d,
        };
        let side = decision.side();
        let (order, is_ai) = match controllers.get(side) {
            Controller::Ai(ai) => (ai.decide(table, rules, &decision), true),
            Controller::Human => match pending.take_for(side) {
                Some(o) => (o, false),
                None => {
                    awaiting.0 = Some(decision);
                    return false;
                }
            },
        };
        if let Err(reason) = flow.apply_order(table, rules, dice, side, &order) {
            rejected.write(OrderRejected {
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
