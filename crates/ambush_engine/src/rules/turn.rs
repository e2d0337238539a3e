//! The turn's phases in order: one list that the rules, the roll log and the game's state share.

use serde::{Deserialize, Serialize};

/// Where the game is in its turn. The roll log names the phase each roll was made in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// No game under way: before the first, or after leaving one for the menu.
    #[default]
    NoGame,
    /// 004's complex set-up: the column's approach before the first turn.
    Approach,
    AlienGeneration,
    /// Movement initiative and movement.
    Movement,
    Shooting,
    Melee,
    /// 000's third unit: units the ambush holds to "may move" run away, after everything else
    /// in the turn.
    RunAway,
    /// Ambush units, repairs, morale, victory.
    EndOfTurn,
    GameOver,
}

impl Phase {
    /// The phases that run rules, in the order they come.
    pub const IN_ORDER: [Phase; 7] = [
        Phase::Approach,
        Phase::AlienGeneration,
        Phase::Movement,
        Phase::Shooting,
        Phase::Melee,
        Phase::RunAway,
        Phase::EndOfTurn,
    ];
}
