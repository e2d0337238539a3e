//! The run-away step (000's third unit): after the shooting and the melee, each side's units held to "may move" run away from the enemy, or stay.

use crate::rules::ambush::hidden;
use crate::rules::ambush::run_away::{plan_run, runners};
use crate::rules::dice::DiceService;
use crate::rules::movement::MovePlan;
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::movement::make_move;
use crate::rules::phases::{DecisionPhase, PhaseStates};
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::board::Side;
use ambush_data::tables::Rules;

/// 000: "they may run away but they can only do this at the end of the unit". The owning side
/// chooses which of its held units run and where, one move at a time, then passes; the marines'
/// side chooses first, then the aliens' (only the ambushed side is ever held, so the order
/// never matters in play).
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RunAwayState {
    /// Sides that have finished running away this turn. A unit runs once: its move marks it.
    pub done: [bool; 2],
}

/// A run-away order the rules accepted, and what it will do.
#[derive(Debug, Clone)]
pub enum RunChecked {
    Run(MovePlan),
    End,
}

impl DecisionPhase for RunAwayState {
    const PHASE: Phase = Phase::RunAway;
    type Checked = RunChecked;
    fn state_in(states: &mut PhaseStates) -> &mut Self {
        &mut states.run_away
    }
    fn open(&mut self, _table: &mut Table, _rules: &Rules) -> bool {
        *self = RunAwayState::default();
        true
    }
    fn close(&self, _states: &mut PhaseStates) -> Phase {
        Phase::EndOfTurn
    }
    /// Asks each side in turn while it has a unit that may still run away; no decision (and no
    /// roll) when nobody may.
    fn advance(&mut self, table: &mut Table, rules: &Rules, _dice: &mut DiceService) -> Step {
        for side in [Side::Humans, Side::Aliens] {
            if self.done[side.index()] {
                continue;
            }
            if runners(table, rules, side).is_empty() {
                self.done[side.index()] = true;
                continue;
            }
            return Step::Need(Decision::RunAway { side });
        }
        Step::Done
    }
    fn check_order(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<RunChecked, OrderError> {
        match order {
            Order::EndRunAway => Ok(RunChecked::End),
            Order::Move {
                unit,
                to,
                facing,
                group,
            } => plan_run(table, rules, side, (*unit, *to, *facing, *group))
                .map(RunChecked::Run)
                .map_err(OrderError::from),
            _ => Err(OrderError::NotAwaited(
                "a run-away move or the end of running away",
            )),
        }
    }
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        checked: RunChecked,
    ) {
        let plan = match checked {
            RunChecked::End => {
                self.done[side.index()] = true;
                return;
            }
            RunChecked::Run(plan) => plan,
        };
        make_move(table, rules, dice, side, plan);
        hidden::after_move(table, rules, dice);
    }
}
