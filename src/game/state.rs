//! The app's two states, the turn's phase and the game's number, and what ties an entity to one game.

use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;

/// The rules' one list of phases as the app's state: the phase the game is in, which picks the
/// phase's systems. The engine's `Phase` knows nothing of Bevy, so it is wrapped here.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Deref)]
pub struct TurnPhase(pub Phase);

impl PartialEq<Phase> for TurnPhase {
    fn eq(&self, other: &Phase) -> bool {
        self.0 == *other
    }
}

/// Which game the world holds: each game started gets the next number, and 0 is none. What is
/// spawned for a game carries `of_game(its number)`, so Bevy removes it when the next game
/// begins (the number is left) or the player leaves for the menu (`Phase::NoGame` is entered).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GameNumber(pub u64);

/// The components that tie an entity to the lifetime of game `number`.
pub fn of_game(number: GameNumber) -> (DespawnOnExit<GameNumber>, DespawnOnEnter<TurnPhase>) {
    (
        DespawnOnExit(number),
        DespawnOnEnter(TurnPhase(Phase::NoGame)),
    )
}
