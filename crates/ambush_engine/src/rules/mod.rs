//! Pure rules with no ECS, over a `Table`: dice, cards, movement, shooting, melee, wounds, the
//! ambush, hostile environments, orders and one file per phase. The tables and geometry come from the data crate.

pub mod ambush;
pub mod cards;
pub mod dice;
pub mod drift;
pub mod environment;
pub mod formation;
pub mod generation;
pub mod grid;
pub mod log;
pub mod melee;
pub mod morale;
pub mod movement;
pub mod orders;
pub mod phases;
pub mod preview;
pub mod shooting;
pub mod table;
pub mod turn;
pub mod wounds;

#[cfg(test)]
pub(crate) mod tests;

pub use ambush_data::Rules;
