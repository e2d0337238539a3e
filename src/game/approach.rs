//! The ambush approach (004's complex set-up): one approach turn per AI step, before turn 1.

use crate::rules::ambush::approach;
use crate::rules::turn::Phase;

use crate::game::drive::PhaseContext;
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, approach.in_set(PhaseSet(Phase::Approach)));
}

/// Plays approach turns at the alien pace, so the window shows the column advance turn by
/// turn; a game without a complex set-up passes straight to alien generation.
fn approach(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, Phase::Approach);
    // The approach comes before the first turn.
    ctx.dice.turn = 0;
    let rules = ctx.rules.0.clone();
    // The column and the counters are on the table before the first approach turn.
    approach::begin_approach(&mut table, &rules, &mut ctx.dice);
    let mut over = !approach::approach_pending(&table);
    while !over && ctx.ai_steps.take() {
        over = approach::approach_turn(&mut table, &rules, &mut ctx.dice);
    }
    access.put(table);
    if over {
        ctx.next.set(Phase::AlienGeneration);
    }
}
