//! The melee phase as a system: the rules' `MeleeFlow`, one step a frame.

use crate::game::drive::{PhaseContext, play_step};
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, melee.in_set(PhaseSet(Phase::Melee)));
}

fn melee(mut access: TableAccess, mut ctx: PhaseContext) {
    play_step(Phase::Melee, &mut access, &mut ctx);
}
