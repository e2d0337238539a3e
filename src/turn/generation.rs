//! The alien generation phase: the doubles roll or the automatic wave, then placement.

use crate::rules::flow;
use crate::rules::log::PhaseName;
use crate::turn::drive::PhaseContext;
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, generate_aliens.in_set(PhaseSet::AlienGeneration));
}

fn generate_aliens(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, PhaseName::AlienGeneration);
    let rules = ctx.rules.0.clone();
    flow::alien_generation(&mut table, &rules, &mut ctx.dice);
    access.put(table);
    ctx.next.set(Phase::Movement);
}
