//! The ambush approach (004's complex set-up): one approach turn per AI step, before turn 1.

use crate::game::drive::{PhaseContext, play_step};
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, approach.in_set(PhaseSet(Phase::Approach)));
}

/// Plays approach turns at the alien pace, so the window shows the column advance turn by
/// turn; a game without a complex set-up passes straight to alien generation.
fn approach(mut access: TableAccess, mut ctx: PhaseContext) {
    play_step(Phase::Approach, &mut access, &mut ctx);
}
