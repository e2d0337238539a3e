//! Ambush's data layer and mod schema: rule tables, the scenario model, its checks and table geometry.
//!
//! It depends on no other part of the game, and both the game and `build.rs` use it, so the
//! compiler keeps the boundary: nothing here may reach up into rules, ECS or presentation.

pub mod ambush_spec;
pub mod atomic;
pub mod board;
pub mod check;
pub mod error;
pub mod geometry;
pub mod ident;
pub mod locate;
pub mod mods;
mod patch;
pub mod polygon;
#[cfg(test)]
mod reference;
pub mod scenario;
mod segment;
pub mod tables;
pub mod text;

pub use check::{Problem, check_scenario, check_scenario_all, load_scenario_file, parse_scenario};
pub use error::{DataError, parse_ron, parse_ron_within};
pub use ident::Ident;
pub use patch::UniqueKeys;
pub use scenario::Scenario;
pub use tables::Rules;
