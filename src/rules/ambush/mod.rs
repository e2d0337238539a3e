//! The ambush rules, by job: the dice tables' rolls, springing the ambush, where its units go,
//! 004's approach turn by turn, hidden units in play, and recovery in the ambush-units phase.

pub mod approach;
pub mod hidden;
pub mod placement;
pub mod recovery;
pub mod rolls;
pub mod spring;
