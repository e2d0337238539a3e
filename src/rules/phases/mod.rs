//! The turn's phases as pure state machines, one file per phase, and the one interface over the
//! phases that wait on players' decisions.

pub mod end_of_turn;
pub mod generation;
pub mod melee;
pub mod movement;
pub mod shooting;

use crate::rules::dice::DiceService;
use crate::rules::orders::{Order, OrderError, Step};
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;
use melee::MeleeState;
use movement::MovementState;
use shooting::ShootingState;

/// Where each decision phase stands between frames.
#[derive(Debug, Clone, Default)]
pub struct PhaseStates {
    /// Whether the current phase has been opened.
    pub started: bool,
    pub movement: MovementState,
    pub shooting: ShootingState,
    pub melee: MeleeState,
}

/// A phase that asks for decisions and takes orders: movement, shooting or melee. The game runs
/// every one of them with the same step (`play::Game::step`).
pub trait DecisionPhase: Default + Clone {
    /// The phase this is.
    const PHASE: Phase;
    /// Where the phase keeps its state between frames.
    fn state_in(states: &mut PhaseStates) -> &mut Self;
    /// Opens the phase. False when the game ended instead.
    fn open(&mut self, table: &mut Table, rules: &Rules) -> bool;
    /// Runs the rules until they need a decision, or the phase is done.
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step;
    /// Applies `side`'s order, or says why the rules refuse it.
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), OrderError>;
    /// Closes the phase, hands on what the next phase needs, and names it.
    fn close(&self, states: &mut PhaseStates) -> Phase;
}
