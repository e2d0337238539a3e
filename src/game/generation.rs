//! The alien generation phase: the doubles roll or the automatic wave, then placement.

use crate::game::drive::PhaseContext;
use crate::game::phase::PhaseSet;
use crate::game::table_access::TableAccess;
use crate::rules::phases::generation;
use crate::rules::turn::Phase;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        generate_aliens.in_set(PhaseSet(Phase::AlienGeneration)),
    );
}

fn generate_aliens(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, Phase::AlienGeneration);
    let rules = ctx.rules.0.clone();
    generation::alien_generation(&mut table, &rules, &mut ctx.dice);
    access.put(table);
    ctx.next.set(Phase::Movement);
}
