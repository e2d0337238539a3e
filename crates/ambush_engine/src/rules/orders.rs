//! What the game asks for and what players answer: the `Decision` a phase waits on, the `Order`
//! a player or the AI gives, and the order that always moves the game on.

use crate::rules::ambush::run_away::RunAwayError;
use crate::rules::formation::FormationError;
use crate::rules::movement::{CannotMove, MoveError};
use crate::rules::shooting::ShotError;
use crate::rules::table::UnitId;
use ambush_data::board::Side;
use ambush_data::tables::FormationName;
use glam::Vec2;

/// Everything a player (or the AI) can order. The window's input and the AI both produce these.
/// A save file keeps them, so they are written in RON as the data files are.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Order {
    /// Move a unit (and its group in base contact, when `group`) so its centre ends at `to`,
    /// then face `facing` (radians).
    Move {
        unit: UnitId,
        to: Vec2,
        facing: f32,
        group: bool,
    },
    /// Turn on the spot: uses the unit's move but "does not count as movement" for shooting.
    Rotate { unit: UnitId, facing: f32 },
    /// Move into base contact with an enemy, front edge aligned with one of its edges.
    Charge {
        unit: UnitId,
        target: UnitId,
        edge: Option<usize>,
    },
    /// Take up a formation of the unit's troop type (`Some`), or leave the one it is in
    /// (`None`): limber or unlimber a gun, form or break a square. It costs the unit its move.
    ChangeFormation {
        unit: UnitId,
        to: Option<FormationName>,
    },
    /// This side has moved every unit it wishes to move this phase.
    EndMovement,
    /// Board the crashed ship at the end of movement.
    Board { unit: UnitId },
    /// No more boarding this turn.
    EndBoarding,
    Shoot {
        shooter: UnitId,
        target: UnitId,
        weapon: Option<String>,
    },
    /// Decline to shoot: this side may not shoot again this turn.
    DeclineShooting,
    /// A mounted unit's choice to try to disengage.
    Disengage { unit: UnitId, attempt: bool },
    /// The defender's choice between equidistant attackers.
    Engage { defender: UnitId, attacker: UnitId },
    /// A winner's or drawer's choice to try to break off.
    BreakOff { unit: UnitId, attempt: bool },
    /// No more running away this turn: this side's units held by 000's third unit that have not
    /// run stay where they are. (A unit runs away by `Move` in the run-away step.)
    EndRunAway,
    /// 004: the ambusher springs the ambush with the column's lead `at` inches along its route
    /// (a simple set-up's "where he wants the lead unit to be when the ambush is sprung", or a
    /// complex approach turn's "the point where the ambusher wants the unit").
    SpringAt { at: f32 },
    /// 004's complex approach: the ambusher is not ready to spring, and the lead unit marches
    /// its full move.
    MarchOn,
}

/// What the game is waiting for.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum Decision {
    /// A movement order, `Rotate`, `Charge` or `EndMovement`; `moves_left` is `None` when the
    /// other side has finished and this side moves its remainder.
    Move {
        side: Side,
        moves_left: Option<u32>,
    },
    Board {
        side: Side,
    },
    Shoot {
        side: Side,
    },
    Disengage {
        side: Side,
        unit: UnitId,
    },
    Engage {
        side: Side,
        defender: UnitId,
        candidates: Vec<UnitId>,
    },
    BreakOff {
        side: Side,
        unit: UnitId,
        draw: bool,
    },
    /// 000's third unit, at the end of the turn: a `Move` of a unit that may run away, away from
    /// the enemy, or `EndRunAway`.
    RunAway {
        side: Side,
    },
    /// 004: the ambusher chooses where the column's lead is when the ambush is sprung: a point
    /// `from` to `to` inches along the route (`SpringAt`), or, in a complex set-up's approach
    /// turn (`march_on`), to let the lead march its full move (`MarchOn`). `hint` is the
    /// scenario's own spring point, as far as the lead can reach it.
    Spring {
        side: Side,
        from: f32,
        to: f32,
        hint: f32,
        march_on: bool,
    },
}

impl Decision {
    pub fn side(&self) -> Side {
        match self {
            Decision::Move { side, .. }
            | Decision::Board { side }
            | Decision::Shoot { side }
            | Decision::Disengage { side, .. }
            | Decision::Engage { side, .. }
            | Decision::BreakOff { side, .. }
            | Decision::RunAway { side }
            | Decision::Spring { side, .. } => *side,
        }
    }
}

/// Where a phase stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Need(Decision),
    Done,
}

/// The order that always moves the game on: pass, decline, or do not attempt.
pub fn passing_order(decision: &Decision) -> Order {
    match decision {
        Decision::Move { .. } => Order::EndMovement,
        Decision::Board { .. } => Order::EndBoarding,
        Decision::Shoot { .. } => Order::DeclineShooting,
        Decision::Disengage { unit, .. } => Order::Disengage {
            unit: *unit,
            attempt: false,
        },
        Decision::Engage {
            defender,
            candidates,
            ..
        } => Order::Engage {
            defender: *defender,
            attacker: candidates.first().copied().unwrap_or(*defender),
        },
        Decision::BreakOff { unit, .. } => Order::BreakOff {
            unit: *unit,
            attempt: false,
        },
        Decision::RunAway { .. } => Order::EndRunAway,
        Decision::Spring { march_on: true, .. } => Order::MarchOn,
        Decision::Spring { hint, .. } => Order::SpringAt { at: *hint },
    }
}

/// Why the rules refuse an order, in the words the player sees. The AI's refused orders are
/// replaced by a pass; a person's refusal is shown under the orders panel.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum OrderError {
    /// The order answers another decision than the one the game waits on.
    #[error("the game is waiting for {0}")]
    NotAwaited(&'static str),
    #[error("{0} is not yours")]
    NotYours(String),
    #[error("{0} is not yours to move")]
    NotYoursToMove(String),
    /// The melee choice (disengage, break off) belongs to another unit.
    #[error("that unit is not the one choosing to {0}")]
    NotTheChooser(&'static str),
    #[error("only the defender chooses")]
    OnlyTheDefender,
    #[error("nobody may break off")]
    NobodyBreaksOff,
    #[error("{0} has no room to turn there")]
    NoRoomToTurn(String),
    /// 001: "Aliens are moved as individual units".
    #[error("{0} moves alone: aliens are moved as individual units, never as a group")]
    AliensMoveAlone(String),
    #[error("{0} cannot board: it must touch the repaired ship and no alien")]
    CannotBoard(String),
    /// 004: "This point must be on the unit's movement path, and the lead unit must move less
    /// than or equal to its full movement distance."
    #[error(
        "the spring point {at}\" is not on the lead's path: it must be from {from:.1}\" to {to:.1}\" along the route"
    )]
    OffThePath { at: f32, from: f32, to: f32 },
    #[error(transparent)]
    RunAway(#[from] RunAwayError),
    #[error(transparent)]
    Move(#[from] MoveError),
    #[error(transparent)]
    CannotMove(#[from] CannotMove),
    #[error(transparent)]
    Shot(#[from] ShotError),
    #[error(transparent)]
    Formation(#[from] FormationError),
}
