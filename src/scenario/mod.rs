//! Scenarios: the RON format, its validation with file:line:column errors, and starting a game.

pub mod format;
pub mod spawn;
pub mod validate;
