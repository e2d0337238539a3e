//! The game's resources: the rule book, the battle's shared state, the dice, orders and decisions.

use crate::rules::cards::CardLedger;
use crate::rules::dice::DiceService;
use crate::rules::log::RollEntry;
use crate::rules::orders::Decision;
use crate::rules::orders::{Order, OrderError};
use crate::rules::phases::PhaseStates;
use crate::rules::table::{Exposure, GameConfig, Progress};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::board::TerrainFeature;
use bevy::prelude::*;
use std::collections::VecDeque;
use std::sync::Arc;

/// The rule tables in force.
#[derive(Resource, Debug, Clone, Deref)]
pub struct RuleBook(pub Arc<Rules>);

/// Everything about the battle that is not a unit: scenario settings, terrain, progress, cards.
#[derive(Resource, Debug, Clone)]
pub struct Battle {
    pub config: GameConfig,
    pub terrain: Vec<TerrainFeature>,
    pub progress: Progress,
    pub ledger: CardLedger,
    /// 003's hostile environment: each unit's descent, air and drift.
    pub exposure: Exposure,
}

/// The game's one dice service; its `log` is the roll log.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct Dice(pub DiceService);

/// Where each decision phase's rules stand between frames.
#[derive(Resource, Debug, Clone, Default, Deref, DerefMut)]
pub struct Flows(pub PhaseStates);

/// Orders from the window's input, waiting for the rules to take them.
#[derive(Resource, Debug, Clone, Default)]
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

/// How many AI orders may be applied this frame: `None` is no limit (the simulator, the tests);
/// the window gives one per tick of the chosen alien pace, so each move can be watched.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
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

/// What the game waits for from a human player, if anything.
#[derive(Resource, Debug, Clone, Default)]
pub struct Awaiting(pub Option<Decision>);

/// A roll made this frame, for the overlay.
#[derive(Message, Debug, Clone)]
pub struct RollMade(pub RollEntry);

/// An order the rules refused, with the reason.
#[derive(Message, Debug, Clone)]
pub struct OrderRejected {
    pub side: Side,
    pub order: Order,
    pub reason: OrderError,
}
