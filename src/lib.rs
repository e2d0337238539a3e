//! Ambush: a digital tabletop for sci-fi skirmishes of marines against alien waves.
//!
//! The layers, each using only those before it, are listed once, in `docs/architecture.md`
//! (and `tests/game/layers.rs` holds the code to that list). This file only declares them.

pub mod batch;
pub mod cli;
pub mod editor;
pub mod frame_meter;
pub mod game;
pub mod input;
pub mod install;
pub mod paths;
pub mod remote;
pub mod save;
pub mod screen;
pub mod ui;
pub mod view;
pub mod window;

/// The allocator of every binary built on this crate (the game, its tests and benches): the
/// rules' many small, short-lived lists cost about half as much as with the system's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
