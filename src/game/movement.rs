//! The movement phase as a system: the rules' `MovementFlow` driven by `run_phase`.

use crate::game::drive::run_phase;
use crate::game::phase::PhaseSet;
use crate::rules::phases::movement::MovementFlow;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run_phase::<MovementFlow>.in_set(PhaseSet(Phase::Movement)),
    );
}
