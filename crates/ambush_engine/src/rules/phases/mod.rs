//! The turn's phases as pure state machines, one file per phase, and the one interface over the
//! phases that wait on players' decisions.

pub mod approach;
pub mod end_of_turn;
pub mod generation;
pub mod melee;
pub mod movement;
pub mod run_away;
pub mod shooting;

use crate::rules::dice::DiceService;
use crate::rules::orders::{Order, OrderError, Step};
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use ambush_data::board::Side;
use approach::{ApproachChecked, ApproachState};
use melee::{MeleeChecked, MeleeState};
use movement::{MoveChecked, MovementState};
use run_away::{RunAwayState, RunChecked};
use shooting::{ShootingState, ShotChecked};

/// Where in the table's list to start looking for a side's unit that may still act (move, or
/// shoot at something): most units before the last one found have acted since, so a look from
/// the start would pass them all again at every decision. A hint, not part of the phase: any
/// two compare equal, and a look goes round to the start, so it finds what a look from the start
/// would.
#[derive(Debug, Clone, Copy, Default)]
pub struct LookFrom([usize; 2]);

impl LookFrom {
    /// The places of a list of `n` in the order `side`'s next look tries them: from where its
    /// last look found a unit, round to the start.
    pub fn places(&self, side: Side, n: usize) -> impl Iterator<Item = usize> + use<> {
        let from = self.0[side.index()].min(n);
        (from..n).chain(0..from)
    }
    /// Remembers where `side`'s last look found a unit.
    pub fn set(&mut self, side: Side, place: usize) {
        self.0[side.index()] = place;
    }
}

impl PartialEq for LookFrom {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Where each decision phase stands between frames.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PhaseStates {
    /// Whether the current phase has been opened.
    pub started: bool,
    pub movement: MovementState,
    pub shooting: ShootingState,
    pub melee: MeleeState,
    /// 000's third unit running away at the end of the turn.
    #[serde(default)]
    pub run_away: RunAwayState,
    /// 004's approach: the ambusher's spring point, or each approach turn's choice.
    #[serde(default)]
    pub approach: ApproachState,
}

/// A phase that asks for decisions and takes orders: movement, shooting, melee or running away. The game runs
/// every one of them with the same step (`play::Game::step`).
///
/// An order is checked, then executed: `check_order` asks every question that could refuse it
/// and works out what it will do, rolling no die and changing nothing; `execute` carries that
/// out and cannot be refused. So a preview, the soak's probe or the editor asking `check` gets
/// the answer the commit will get, without copying the game.
pub trait DecisionPhase: Default + Clone {
    /// The phase this is.
    const PHASE: Phase;
    /// What a checked order will do: everything `execute` needs.
    type Checked;
    /// Where the phase keeps its state between steps.
    fn state_in(states: &mut PhaseStates) -> &mut Self;
    /// Opens the phase. False when the game ended instead.
    fn open(&mut self, table: &mut Table, rules: &Rules) -> bool;
    /// Runs the rules until they need a decision, or the phase is done.
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step;
    /// Whether the rules accept `side`'s `order` now, and what it will do; or why they refuse it.
    fn check_order(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<Self::Checked, OrderError>;
    /// Carries out an order `check_order` accepted on this same table and state.
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        checked: Self::Checked,
    );
    /// Closes the phase, hands on what the next phase needs, and names it.
    fn close(&self, states: &mut PhaseStates) -> Phase;

    /// Whether the rules accept `side`'s `order` now, or why they refuse it.
    fn check(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<(), OrderError> {
        self.check_order(table, rules, side, order).map(drop)
    }

    /// Checks `side`'s order and, if the rules accept it, carries it out.
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), OrderError> {
        let checked = self.check_order(table, rules, side, order)?;
        self.execute(table, rules, dice, side, checked);
        Ok(())
    }
}

/// What an order the rules accept will do, as its phase worked it out: the plan the commit
/// carries out, numbers and all.
#[derive(Debug, Clone)]
pub enum CheckedOrder {
    Movement(MoveChecked),
    Shooting(ShotChecked),
    Melee(MeleeChecked),
    RunAway(RunChecked),
    Approach(ApproachChecked),
}

impl PhaseStates {
    /// Whether the rules would accept `side`'s `order` in `phase` now, or why not: the question
    /// a preview, the soak and the editor ask, answered as the commit will answer it.
    pub fn check(
        &self,
        phase: Phase,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<(), OrderError> {
        self.check_plan(phase, table, rules, side, order).map(drop)
    }

    /// `check`, with what the order will do when the rules accept it: the plan the commit uses,
    /// for a preview to show its numbers rather than work out its own.
    pub fn check_plan(
        &self,
        phase: Phase,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<CheckedOrder, OrderError> {
        match phase {
            Phase::Movement => self
                .movement
                .check_order(table, rules, side, order)
                .map(CheckedOrder::Movement),
            Phase::Shooting => self
                .shooting
                .check_order(table, rules, side, order)
                .map(CheckedOrder::Shooting),
            Phase::Melee => self
                .melee
                .check_order(table, rules, side, order)
                .map(CheckedOrder::Melee),
            Phase::RunAway => self
                .run_away
                .check_order(table, rules, side, order)
                .map(CheckedOrder::RunAway),
            Phase::Approach => self
                .approach
                .check_order(table, rules, side, order)
                .map(CheckedOrder::Approach),
            _ => Err(OrderError::NotAwaited(
                "nothing: no decision is asked in this phase",
            )),
        }
    }
}
