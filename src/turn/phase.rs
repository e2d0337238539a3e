//! The turn phases as a state, and the system sets that order each frame.

use bevy::prelude::*;

/// Where the game is in its turn.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Phase {
    /// No game loaded yet.
    #[default]
    Setup,
    /// 004's complex set-up: the column approaches the ambush, before the first turn.
    Approach,
    AlienGeneration,
    /// Movement initiative and movement.
    Movement,
    Shooting,
    Melee,
    /// Ambush units, repairs, morale, victory.
    EndOfTurn,
    GameOver,
}

/// The frame's order: input produces orders, the rules consume them, the log is published,
/// then presentation reads the result.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum GameSet {
    Input,
    Rules,
    Log,
    Presentation,
}

/// One set per turn phase, in turn order, inside `GameSet::Rules`.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PhaseSet {
    /// The ambush approach (only before the first turn of a complex set-up).
    Approach,
    AlienGeneration,
    Movement,
    Shooting,
    Melee,
    /// Ambush units and the end of the turn.
    AmbushUnits,
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Phase>();
    app.configure_sets(
        Update,
        (
            GameSet::Input,
            GameSet::Rules,
            GameSet::Log,
            GameSet::Presentation,
        )
            .chain(),
    );
    app.configure_sets(
        Update,
        (
            PhaseSet::Approach.run_if(in_state(Phase::Approach)),
            PhaseSet::AlienGeneration.run_if(in_state(Phase::AlienGeneration)),
            PhaseSet::Movement.run_if(in_state(Phase::Movement)),
            PhaseSet::Shooting.run_if(in_state(Phase::Shooting)),
            PhaseSet::Melee.run_if(in_state(Phase::Melee)),
            PhaseSet::AmbushUnits.run_if(in_state(Phase::EndOfTurn)),
        )
            .chain()
            .in_set(GameSet::Rules),
    );
}
