//! The turn's phases as the game's state: one system set per phase, in turn order, each stepping the game while it is in that phase.

use crate::game::frame::FrameSet;
use crate::game::mirror::MirrorSet;
use crate::game::resources::{GameInPlay, OrderRefused};
use crate::game::state::{GameNumber, TurnPhase};
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;

/// The systems of one phase: they run only in that phase, and the sets come in turn order inside
/// `FrameSet::Rules`, before the units are mirrored.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PhaseSet(pub Phase);

pub(super) fn plugin(app: &mut App) {
    // What a game spawns lives as long as its number, and leaves with it for the menu
    // (`state::of_game`).
    app.init_state::<TurnPhase>().init_state::<GameNumber>();
    let [a, b, c, d, e, f, g] = Phase::IN_ORDER.map(PhaseSet);
    app.configure_sets(
        Update,
        (a, b, c, d, e, f, g, MirrorSet)
            .chain()
            .in_set(FrameSet::Rules),
    );
    // The game left behind when the player goes to the menu is not on the table: its units come
    // back only with the next game.
    app.configure_sets(
        Update,
        MirrorSet.run_if(not(in_state(TurnPhase(Phase::NoGame)))),
    );
    // Every phase is played by the same step, one step a frame.
    for phase in Phase::IN_ORDER {
        app.configure_sets(Update, PhaseSet(phase).run_if(in_state(TurnPhase(phase))));
        app.add_systems(Update, step_in(phase).in_set(PhaseSet(phase)));
    }
}

/// A table the rules do not step: one that another player's game plays and shows this
/// screen (the column's side of an ambush played by file while the ambusher's units hide).
#[derive(Resource, Debug, Default)]
pub struct RulesPaused;

/// The system of `phase`: plays one step of the game, reports the orders the rules refused, and
/// moves the state on to the phase the step handed on to.
fn step_in(
    phase: Phase,
) -> impl FnMut(
    Option<ResMut<GameInPlay>>,
    Option<Res<RulesPaused>>,
    MessageWriter<OrderRefused>,
    ResMut<NextState<TurnPhase>>,
) {
    move |game, paused, mut refused, mut next| {
        let Some(mut game) = game else { return };
        if game.phase != phase {
            // The state lags the game only when something outside the rules set it.
            next.set(TurnPhase(game.phase));
            return;
        }
        if paused.is_some() {
            return;
        }
        let stepped = game.step();
        refused.write_batch(stepped.rejected.into_iter().map(OrderRefused));
        if let Some(phase) = stepped.next {
            next.set(TurnPhase(phase));
        }
    }
}
