//! The end of the turn (the ambush-units phase): repairs, morale, victory and the next turn.

use crate::game::drive::PhaseContext;
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::phases::end_of_turn;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, end_turn.in_set(PhaseSet(Phase::EndOfTurn)));
}

fn end_turn(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, Phase::EndOfTurn);
    let rules = ctx.rules.0.clone();
    if end_of_turn::end_of_turn(&mut table, &rules, &mut ctx.dice) {
        ctx.next.set(Phase::GameOver);
    } else {
        table.progress.turn += 1;
        ctx.next.set(Phase::AlienGeneration);
    }
    access.put(table);
}
