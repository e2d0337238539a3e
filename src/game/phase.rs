//! The turn's phases as the game's state, and one system set per phase, in turn order.

use crate::FrameSet;
use crate::game::start::despawn_game_entities;
use crate::rules::turn::Phase;
use bevy::prelude::*;
use bevy::state::state::FreelyMutableState;

// The rules' one list of phases is the game's state (what `#[derive(States)]` would write).
impl States for Phase {}
impl FreelyMutableState for Phase {}

/// The systems of one phase: they run only in that phase, and the sets come in turn order inside
/// `FrameSet::Rules`.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhaseSet(pub Phase);

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Phase>();
    // Leaving a game for the menu: nothing of it stays on the table.
    app.add_systems(OnEnter(Phase::Setup), despawn_game_entities);
    let [a, b, c, d, e, f] = Phase::IN_ORDER.map(PhaseSet);
    app.configure_sets(Update, (a, b, c, d, e, f).chain().in_set(FrameSet::Rules));
    for phase in Phase::IN_ORDER {
        app.configure_sets(Update, PhaseSet(phase).run_if(in_state(phase)));
    }
}
