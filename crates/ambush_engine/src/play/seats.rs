//! What passes between the players and the rules during a step: orders waiting, the decision awaited, the AI's pace, refusals.

use crate::rules::orders::{Decision, Order, OrderError};
use ambush_data::board::Side;
use std::collections::VecDeque;

/// Orders from the players at the window, waiting for the rules to take them.
#[derive(Debug, Clone, Default)]
pub struct PendingOrders(pub VecDeque<(Side, Order)>);

impl PendingOrders {
    pub fn push(&mut self, side: Side, order: Order) {
        self.0.push_back((side, order));
    }
    /// The oldest order from `side`, if any.
    pub fn take_for(&mut self, side: Side) -> Option<Order> {
        let i = self.0.iter().position(|(s, _)| *s == side)?;
        self.0.remove(i).map(|(_, o)| o)
    }
}

/// How many AI orders may be applied in a step: `None` is no limit (the simulator, the tests);
/// the window gives one per tick of the chosen alien pace, so each move can be watched.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AiSteps(pub Option<u32>);

impl AiSteps {
    /// Uses one step; false when none is left this frame.
    pub fn take(&mut self) -> bool {
        match &mut self.0 {
            None => true,
            Some(0) => false,
            Some(n) => {
                *n -= 1;
                true
            }
        }
    }
}

/// What the game waits for from a person, if anything.
#[derive(Debug, Clone, Default)]
pub struct Awaiting(pub Option<Decision>);

/// An order the rules refused, with the reason.
#[derive(Debug, Clone)]
pub struct OrderRejected {
    pub side: Side,
    pub order: Order,
    pub reason: OrderError,
}
