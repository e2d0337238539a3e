//! The ambush rules, by job: the dice tables' rolls, springing the ambush, where its units go,
//! 004's approach turn by turn, hidden units in play, 000's third unit running away at the end of
//! the turn, and recovery in the ambush-units phase.

pub mod approach;
pub mod hidden;
pub mod placement;
pub mod recovery;
pub mod rolls;
pub mod run_away;
pub mod spring;
