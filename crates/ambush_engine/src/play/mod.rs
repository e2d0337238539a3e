//! One game as a plain value that steps without Bevy: the table, the dice, the phase states, the seats and the record.
//!
//! The simulator, the soak, save loading and the window all play through `Game`: the ECS game
//! (`crate::game`) holds one as a resource and steps it once a frame, so a game played in the
//! window, in a test or in the simulator is the same game, roll for roll.

pub mod deployment;
pub mod hashing;
pub mod layouts;
pub mod new_game;
pub mod record;
pub mod seats;
mod step;

pub use step::Chooser;

use crate::control::memos::AiMemos;
use crate::control::{AiPlayer, Controllers};
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order};
use crate::rules::phases::PhaseStates;
use crate::rules::table::Table;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use new_game::{DiceSchedule, NewGame, initial_table};
use record::{OrderRecord, RecordedOrder, ReplayQueue};
use seats::{AiSteps, Awaiting, OrderRejected, PendingOrders};
use std::sync::Arc;

/// One game: everything its next step reads and changes.
#[derive(Debug, Clone)]
pub struct Game {
    /// The rule tables it is played under.
    pub rules: Arc<Rules>,
    pub table: Table,
    /// The one dice service; its `log` is the roll log.
    pub dice: DiceService,
    /// The phase the next step plays.
    pub phase: Phase,
    /// Where each decision phase stands between steps.
    pub phase_states: PhaseStates,
    pub controllers: Controllers,
    /// Orders from people at the window, waiting for the rules.
    pub pending: PendingOrders,
    /// The decision a person is asked for, if the last step stopped on one.
    pub awaiting: Awaiting,
    /// How many AI orders the next step may apply.
    pub ai_steps: AiSteps,
    /// Every accepted order with the table's hash after it (when recording).
    pub record: OrderRecord,
    /// Orders given back before any controller is asked (a save, a replay, a take-back).
    pub replay: ReplayQueue,
    /// What the AIs remember of this game between decisions, to save work.
    pub ai_memos: AiMemos,
    /// Seeds the dice will take before given orders (a game played by file); each is taken
    /// out as it is used.
    pub dice_schedule: DiceSchedule,
}

/// What one step did.
#[derive(Debug, Clone, Default)]
pub struct Stepped {
    /// The phase it handed on to, once the phase it played was over.
    pub next: Option<Phase>,
    /// Orders the rules refused in it, in the order they were given.
    pub rejected: Vec<OrderRejected>,
}

/// How a game played by `Game::play_to_end` went.
#[derive(Debug, Clone, Default)]
pub struct Played {
    /// Whether the game reached its end within the step cap.
    pub ended: bool,
    /// The orders the rules refused (each AI order refused was replaced by a pass).
    pub rejected: Vec<OrderRejected>,
}

/// The most steps (the window's frames) a game of `scenario` may take: five phases a turn, plus
/// slack for take-off after the last turn. A game that hits it has a bug; it counts as a draw.
pub fn step_cap(scenario: &ambush_data::scenario::Scenario) -> usize {
    (scenario.turn_limit as usize + 2) * 8 + 16
}

impl Game {
    /// The game `setup` describes, at its first step: the scenario's units on the table, the
    /// dice seeded, and the approach (which hands straight on unless a complex ambush has one)
    /// to play first.
    pub fn new(setup: &NewGame, rules: Arc<Rules>) -> Game {
        let table = initial_table(setup, &rules);
        let mut dice = DiceService::seeded(setup.seed, setup.game);
        dice.keep_log = setup.keep_log;
        if let Some(seed) = setup.dice_schedule.start {
            dice.reseed(seed.0);
        }
        Game {
            rules,
            table,
            dice,
            phase: Phase::Approach,
            phase_states: PhaseStates::default(),
            controllers: setup.controllers,
            pending: PendingOrders::default(),
            awaiting: Awaiting::default(),
            ai_steps: AiSteps::default(),
            record: OrderRecord {
                // The schedule counts the orders given by the record.
                on: setup.record_orders || !setup.dice_schedule.before_order.is_empty(),
                orders: Vec::new(),
                unhashed: false,
            },
            replay: ReplayQueue::default(),
            ai_memos: AiMemos::default(),
            dice_schedule: setup.dice_schedule.clone(),
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.phase == Phase::GameOver
    }

    /// Plays one step of the current phase: as far as it goes until a person must act, the AI's
    /// pace says wait, or the phase is over (then the next step plays the phase it names).
    pub fn step(&mut self) -> Stepped {
        self.step_with(None)
    }

    /// `step`, with `chooser` (when given) choosing every AI side's orders.
    pub fn step_with(&mut self, chooser: Option<&mut dyn Chooser>) -> Stepped {
        let Game {
            rules,
            table,
            dice,
            phase,
            phase_states,
            controllers,
            pending,
            awaiting,
            ai_steps,
            record,
            replay,
            ai_memos,
            dice_schedule,
        } = self;
        let mut seats = step::Seats {
            controllers: *controllers,
            pending,
            awaiting,
            ai_steps,
            record,
            replay,
            ai_memos,
            dice_schedule,
            rejected: Vec::new(),
            // Lent for this step only (a trait object's lifetime shortens only by a coercion).
            chooser: match chooser {
                Some(c) => Some(&mut *c),
                None => None,
            },
        };
        let next = step::play_phase(*phase, table, rules, dice, phase_states, &mut seats);
        let rejected = seats.rejected;
        if let Some(next) = next {
            *phase = next;
        }
        Stepped { next, rejected }
    }

    /// Plays until the game is over, or `max_steps` steps pass (each a frame of the window's
    /// game: the first plays the opening phase, the last finds the game over).
    pub fn play_to_end(&mut self, max_steps: usize) -> Played {
        self.play_with(max_steps, None)
    }

    /// `play_to_end`, with `chooser` (when given) choosing every AI side's orders and told after
    /// every step what it did, so that it may stop the game there (the soak's invariants).
    pub fn play_with(&mut self, max_steps: usize, mut chooser: Option<&mut dyn Chooser>) -> Played {
        let mut played = Played::default();
        for _ in 0..max_steps {
            if self.is_over() {
                played.ended = true;
                break;
            }
            let phase = self.phase;
            // Lent for this step only (a trait object's lifetime shortens only by a coercion).
            let lent: Option<&mut dyn Chooser> = match chooser.as_mut() {
                Some(c) => Some(&mut **c),
                None => None,
            };
            let stepped = self.step_with(lent);
            let stop = chooser
                .as_deref_mut()
                .is_some_and(|c| c.after_step(&self.table, phase, stepped.next, &stepped.rejected));
            played.rejected.extend(stepped.rejected);
            if stop {
                break;
            }
        }
        played
    }

    /// Gives `orders` back in turn, whoever controls their side, checking the table's hash after
    /// each against the one recorded, and plays on until they are all given and the game waits
    /// on a decision or is over. At most `max_steps` steps. Err says where the game parted from
    /// the record; the game stands where it parted.
    pub fn replay(&mut self, orders: Vec<RecordedOrder>, max_steps: usize) -> Result<(), String> {
        let total = orders.len();
        self.replay.orders = orders.into();
        self.replay.given = 0;
        self.replay.mismatch = None;
        for _ in 0..max_steps {
            if self.is_over() {
                break;
            }
            self.step();
            if let Some(why) = &self.replay.mismatch {
                return Err(why.clone());
            }
            if self.replay.orders.is_empty() && (self.awaiting.0.is_some() || self.is_over()) {
                break;
            }
        }
        let given = self.replay.given;
        if given < total {
            return Err(format!(
                "the game {} after {given} of its {total} orders",
                if self.is_over() { "ended" } else { "stopped" }
            ));
        }
        Ok(())
    }

    /// The decision the game waits on from a person, if any.
    pub fn awaited(&self) -> Option<&Decision> {
        self.awaiting.0.as_ref()
    }

    /// The order `ai` gives for `decision` on this game's table, as the decision's side may
    /// know it: for a person's seat that an AI stands in for (play by file, the tests).
    pub fn ai_order(&self, ai: AiPlayer, decision: &Decision) -> Order {
        let seen = crate::visibility::as_seen_by(&self.table, decision.side());
        ai.decide(&seen, &self.rules, decision, &self.ai_memos)
    }
}
