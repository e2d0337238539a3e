//! The movement phase as a system: the rules' `MovementFlow`, one step a frame.

use crate::game::drive::{PhaseContext, play_step};
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, movement.in_set(PhaseSet(Phase::Movement)));
}

fn movement(mut access: TableAccess, mut ctx: PhaseContext) {
    play_step(Phase::Movement, &mut access, &mut ctx);
}
