//! The end of the turn (the ambush-units phase): repairs, morale, victory and the next turn.

use crate::rules::flow;
use crate::rules::log::PhaseName;
use crate::turn::drive::PhaseContext;
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, end_turn.in_set(PhaseSet::AmbushUnits));
}

fn end_turn(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, PhaseName::EndOfTurn);
    let rules = ctx.rules.0.clone();
    if flow::end_of_turn(&mut table, &rules, &mut ctx.dice) {
        ctx.next.set(Phase::GameOver);
    } else {
        table.progress.turn += 1;
        ctx.next.set(Phase::AlienGeneration);
    }
    access.put(table);
}
