//! Who decides for each side: a human at the window, or an AI. Both speak in `Order`s.

pub mod alien_ai;
pub mod group_freedom;
pub mod marine_ai;
pub mod memos;
pub mod resting;

use crate::rules::orders::Decision;
use crate::rules::orders::Order;
use crate::rules::table::Table;
use ambush_data::Rules;
use ambush_data::board::Side;
use memos::AiMemos;

/// The AI players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AiPlayer {
    /// The "random monster" alien side of `rules.md`.
    Aliens,
    /// The scripted marines of the crashed-ship scenario: advance, shoot, repair, board.
    Marines,
}

impl AiPlayer {
    /// The order this AI gives for a decision; `memos` are what it remembers of this game
    /// between decisions, to save work (never to change an order).
    pub fn decide(
        self,
        table: &Table,
        rules: &Rules,
        decision: &Decision,
        memos: &AiMemos,
    ) -> Order {
        match self {
            AiPlayer::Aliens => alien_ai::decide(table, rules, decision),
            AiPlayer::Marines => marine_ai::decide(table, rules, decision, memos),
        }
    }
}

/// Who controls a side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Controller {
    /// Orders come from the window's input through `PendingOrders`.
    Human,
    Ai(AiPlayer),
}

/// The controller of each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Controllers {
    pub humans: Controller,
    pub aliens: Controller,
}

impl Controllers {
    /// Both sides under AI control (the simulator and the headless tests).
    pub fn all_ai() -> Self {
        Controllers {
            humans: Controller::Ai(AiPlayer::Marines),
            aliens: Controller::Ai(AiPlayer::Aliens),
        }
    }
    /// Solo play: the player has the marines.
    pub fn solo() -> Self {
        Controllers {
            humans: Controller::Human,
            aliens: Controller::Ai(AiPlayer::Aliens),
        }
    }
    /// Hot-seat: two players at one machine.
    pub fn hot_seat() -> Self {
        Controllers {
            humans: Controller::Human,
            aliens: Controller::Human,
        }
    }
    /// Both sides are played at this machine: the screen must be handed over between them.
    pub fn is_hot_seat(&self) -> bool {
        self.humans == Controller::Human && self.aliens == Controller::Human
    }
    pub fn get(&self, side: Side) -> Controller {
        match side {
            Side::Humans => self.humans,
            Side::Aliens => self.aliens,
        }
    }
}

impl Default for Controllers {
    fn default() -> Self {
        Controllers::all_ai()
    }
}
