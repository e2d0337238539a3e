//! The shooting phase as a system: the rules' `ShootingFlow` driven by `run_phase`.

use crate::game::drive::run_phase;
use crate::game::phase::PhaseSet;
use crate::rules::phases::shooting::ShootingFlow;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        run_phase::<ShootingFlow>.in_set(PhaseSet(Phase::Shooting)),
    );
}
