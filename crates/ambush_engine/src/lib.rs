//! Ambush's engine: the rules, who decides, one game as a plain value, and what each player may know, with no Bevy.
//!
//! Its modules come in this order, and each uses only those before it (the data crate below
//! them all): `rules` (the pure rules over a `Table`, every die through `DiceService`),
//! `control` (the AIs and who plays each side), `play` (a `Game` that steps without Bevy) and
//! `visibility` (the one place that decides what a player may know). The window, the command
//! line and play at a distance are built on it in the `ambush` crate.

pub mod control;
pub mod play;
pub mod rules;
pub mod visibility;
