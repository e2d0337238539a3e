//! Who decides for each side: a human at the window, or an AI. Both speak in `Order`s.

pub mod alien_ai;
pub mod cache;
pub mod commander;
pub mod group_freedom;
pub mod held_proofs;
pub mod known_shots;
pub mod marine_ai;
pub mod memos;
pub mod resting;

use crate::rules::orders::Decision;
use crate::rules::orders::Order;
use crate::rules::table::Table;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::{AlienPlayer, Scenario};
use commander::AiLevel;
use memos::AiMemos;
use std::borrow::Cow;

/// The table as the side to decide may know it: the only table an AI decides on. It is made
/// by `visibility::as_seen_by`, the one place that decides what a side may know, so an AI
/// cannot be handed the whole table while the ambusher's secrets are kept from its side.
pub struct Seen<'a> {
    table: Cow<'a, Table>,
}

impl<'a> Seen<'a> {
    /// The whole table: nothing is kept from the side.
    pub(crate) fn whole(table: &'a Table) -> Self {
        Seen {
            table: Cow::Borrowed(table),
        }
    }
    /// A copy with what the side may not know taken out.
    pub(crate) fn redacted(table: Table) -> Self {
        Seen {
            table: Cow::Owned(table),
        }
    }
    pub fn table(&self) -> &Table {
        &self.table
    }
    /// Whether something was taken out: the AIs' memos, kept of the whole table between
    /// decisions, do not hold for it.
    pub fn is_redacted(&self) -> bool {
        matches!(self.table, Cow::Owned(_))
    }
}

/// The AI players.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AiPlayer {
    /// The "random monster" alien side of `rules.md`.
    Aliens,
    /// The scripted marines of the crashed-ship scenario: advance, shoot, repair, board.
    Marines,
    /// A commander that plays its side's objective, at a level: either side, any scenario.
    Commander(AiLevel),
}

impl AiPlayer {
    /// The AI a side gets in `scenario` when no level is chosen: the aliens' "random monster",
    /// the rules' own solo player (001's aliens), unless the scenario's `alien_player` gives
    /// them the commander; the humans, whom no text gives an AI, the commander at the normal
    /// level.
    pub fn as_written(side: Side, scenario: &Scenario) -> AiPlayer {
        match (side, scenario.alien_player) {
            (Side::Aliens, AlienPlayer::RandomMonster) => AiPlayer::Aliens,
            (Side::Aliens, AlienPlayer::Commander) | (Side::Humans, _) => {
                AiPlayer::Commander(AiLevel::Normal)
            }
        }
    }

    /// The AI that plays `side` of `scenario` in a game of AIs alone when no level is chosen
    /// (`simulate`, a watched game, the editor's balance run): the humans the crashed-ship
    /// script, the aliens `as_written`'s choice.
    pub fn unattended(side: Side, scenario: &Scenario) -> AiPlayer {
        match side {
            Side::Humans => AiPlayer::Marines,
            Side::Aliens => AiPlayer::as_written(Side::Aliens, scenario),
        }
    }

    /// What the menu and the summary call this AI.
    pub fn describe(self) -> String {
        match self {
            AiPlayer::Aliens => "the random monster (the rules as written)".to_string(),
            AiPlayer::Marines => "the crashed-ship script".to_string(),
            AiPlayer::Commander(level) => format!("the {} commander", level.name()),
        }
    }

    /// The order this AI gives for a decision, on the table as its side may know it; `memos`
    /// are what it remembers of this game between decisions, to save work (never to change an
    /// order).
    pub fn decide(self, seen: &Seen, rules: &Rules, decision: &Decision, memos: &AiMemos) -> Order {
        let table = seen.table();
        // Memos kept of the whole table say nothing of a redacted copy.
        let fresh;
        let memos = if seen.is_redacted() {
            fresh = AiMemos::default();
            &fresh
        } else {
            memos
        };
        match self {
            AiPlayer::Aliens => alien_ai::decide(table, rules, decision),
            AiPlayer::Marines => marine_ai::decide(table, rules, decision, memos),
            AiPlayer::Commander(level) => commander::decide(table, rules, decision, level, memos),
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
    /// Both sides of `scenario` under the AIs that play it as written: the crashed-ship script
    /// for the humans, and for the aliens `AiPlayer::as_written`'s choice (001's random monster
    /// unless the scenario's `alien_player` names the commander). `all_ai` for any scenario
    /// that leaves `alien_player` at its default.
    pub fn ai_as_written(scenario: &Scenario) -> Self {
        Controllers {
            humans: Controller::Ai(AiPlayer::unattended(Side::Humans, scenario)),
            aliens: Controller::Ai(AiPlayer::unattended(Side::Aliens, scenario)),
        }
    }
    /// Solo play: the player has the marines, against 001's random monster (the aliens of a
    /// scenario that leaves `alien_player` at its default, as every bundled one does).
    pub fn solo() -> Self {
        Controllers {
            humans: Controller::Human,
            aliens: Controller::Ai(AiPlayer::Aliens),
        }
    }
    /// Solo play of `scenario` from either side: the player has `side`, and the other is
    /// played by the commander at `level`, or, with none, by `AiPlayer::as_written`'s choice
    /// for it in this scenario.
    pub fn solo_as(side: Side, level: Option<AiLevel>, scenario: &Scenario) -> Self {
        let other = side.other();
        let ai = Controller::Ai(
            level.map_or(AiPlayer::as_written(other, scenario), AiPlayer::Commander),
        );
        match side {
            Side::Humans => Controllers {
                humans: Controller::Human,
                aliens: ai,
            },
            Side::Aliens => Controllers {
                humans: ai,
                aliens: Controller::Human,
            },
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
