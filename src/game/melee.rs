//! The melee phase as a system: the rules' `MeleeFlow` driven by `run_phase`.

use crate::game::drive::run_phase;
use crate::game::phase::PhaseSet;
use crate::rules::phases::melee::MeleeFlow;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run_phase::<MeleeFlow>.in_set(PhaseSet(Phase::Melee)),
    );
}
