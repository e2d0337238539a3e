//! The alien generation phase: the doubles roll or the automatic wave, then placement.

use crate::game::drive::{PhaseContext, play_step};
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        generate_aliens.in_set(PhaseSet(Phase::AlienGeneration)),
    );
}

fn generate_aliens(mut access: TableAccess, mut ctx: PhaseContext) {
    play_step(Phase::AlienGeneration, &mut access, &mut ctx);
}
