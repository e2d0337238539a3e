//! The approach step before the first turn (004): the ambusher's spring point in a simple set-up, and each approach turn of a complex one, where the ambusher springs or lets the column march on.

use crate::rules::ambush::approach::{
    approach_bounds, approach_pending, approach_turn_with, begin_approach, scenario_point,
    simple_bounds,
};
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order, OrderError, Step, passing_order};
use crate::rules::phases::{DecisionPhase, PhaseStates};
use crate::rules::table::{ApproachEnd, Table};
use crate::rules::turn::Phase;
use ambush_data::ambush_spec::AmbushSetup;
use ambush_data::board::Side;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::Rules;

/// Where the approach step stands: whether a simple set-up's spring point is chosen.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ApproachState {
    /// The simple set-up's spring point is chosen (it stands in the table's ambush).
    pub chosen: bool,
}

/// An approach order the rules accepted: spring with the lead at a point, or march on.
#[derive(Debug, Clone, Copy)]
pub enum ApproachChecked {
    SpringAt(f32),
    MarchOn,
}

impl ApproachState {
    /// The decision the step waits on now, if any, without playing anything.
    fn waiting(&self, table: &Table, rules: &Rules) -> Option<Decision> {
        let spec = table.config.scenario.ambush.as_ref()?;
        if table.progress.ambush_sprung {
            return None;
        }
        match spec.setup {
            AmbushSetup::None => None,
            AmbushSetup::Simple if self.chosen => None,
            AmbushSetup::Simple => simple_bounds(table).map(|b| spring(spec.ambushed, b, false)),
            AmbushSetup::Complex => {
                approach_bounds(table, rules).map(|b| spring(spec.ambushed, b, true))
            }
        }
    }
}

/// The ambusher's spring decision against the `ambushed` column, on these bounds.
fn spring(ambushed: Side, (from, to, hint): (f32, f32, f32), march_on: bool) -> Decision {
    Decision::Spring {
        side: ambushed.other(),
        from,
        to,
        hint,
        march_on,
    }
}

/// The scenario's own choice for a spring decision, the modder's default and the AI's: spring
/// with the lead at the scenario's spring point once the lead can reach it, and march on until
/// then (`ambush::approach::scenario_point`).
pub fn scenario_choice(decision: &Decision) -> Order {
    match *decision {
        Decision::Spring {
            from,
            to,
            hint,
            march_on,
            ..
        } => match scenario_point(from, to, hint, march_on) {
            Some(at) => Order::SpringAt { at },
            None => Order::MarchOn,
        },
        ref other => passing_order(other),
    }
}

/// Whether `at` answers a spring decision: on the lead's path, from `from` to `to` along the
/// route (004: "This point must be on the unit's movement path, and the lead unit must move
/// less than or equal to its full movement distance").
pub fn check_spring_point(at: f32, from: f32, to: f32) -> Result<f32, OrderError> {
    if at.is_finite() && at >= from - MEASURING_SLACK && at <= to + MEASURING_SLACK {
        Ok(at.clamp(from, to))
    } else {
        Err(OrderError::OffThePath { at, from, to })
    }
}

impl DecisionPhase for ApproachState {
    const PHASE: Phase = Phase::Approach;
    type Checked = ApproachChecked;
    fn state_in(states: &mut PhaseStates) -> &mut Self {
        &mut states.approach
    }
    fn open(&mut self, _table: &mut Table, _rules: &Rules) -> bool {
        *self = ApproachState::default();
        true
    }
    fn close(&self, _states: &mut PhaseStates) -> Phase {
        Phase::AlienGeneration
    }
    /// A complex set-up's approach opens (the column and the counters on the table) before its
    /// first decision; each approach turn then waits on the ambusher's choice.
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        begin_approach(table, rules, dice);
        if let Some(d) = self.waiting(table, rules) {
            return Step::Need(d);
        }
        // An approach with nothing left to choose (its turns run out) is sprung where it stands.
        if approach_pending(table)
            && let Some(a) = table.progress.approach.as_mut()
        {
            a.ended.get_or_insert(ApproachEnd::SpringPoint);
        }
        Step::Done
    }
    fn check_order(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<ApproachChecked, OrderError> {
        let Some(Decision::Spring {
            side: ambusher,
            from,
            to,
            march_on,
            ..
        }) = self.waiting(table, rules)
        else {
            return Err(OrderError::NotAwaited(
                "nothing: the approach asks no choice now",
            ));
        };
        if side != ambusher {
            return Err(OrderError::NotYours("the spring point".into()));
        }
        match order {
            Order::SpringAt { at } => {
                check_spring_point(*at, from, to).map(ApproachChecked::SpringAt)
            }
            Order::MarchOn if march_on => Ok(ApproachChecked::MarchOn),
            _ => Err(OrderError::NotAwaited(if march_on {
                "the ambusher's choice: spring the ambush, or march on"
            } else {
                "the ambusher's spring point"
            })),
        }
    }
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        _side: Side,
        checked: ApproachChecked,
    ) {
        let complex = table
            .config
            .scenario
            .ambush
            .as_ref()
            .is_some_and(|a| a.setup == AmbushSetup::Complex);
        if complex {
            let spring = match checked {
                ApproachChecked::SpringAt(at) => Some(at),
                ApproachChecked::MarchOn => None,
            };
            approach_turn_with(table, rules, dice, spring);
            return;
        }
        // The simple set-up's point is announced: the ambush is sprung there as the first
        // turn opens.
        if let (ApproachChecked::SpringAt(at), Some(a)) =
            (checked, table.config.scenario_mut().ambush.as_mut())
        {
            a.spring_at = Some(at);
            self.chosen = true;
        }
    }
}
