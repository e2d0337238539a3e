//! The end of the turn (the ambush-units phase): repairs, morale, victory and the next turn.

use crate::game::drive::{PhaseContext, play_step};
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, end_turn.in_set(PhaseSet(Phase::EndOfTurn)));
}

fn end_turn(mut access: TableAccess, mut ctx: PhaseContext) {
    play_step(Phase::EndOfTurn, &mut access, &mut ctx);
}
