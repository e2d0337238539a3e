//! The melee phase: close quarter, disengage, physical contact and break off.

use crate::rules::log::PhaseName;
use crate::turn::drive::{PhaseContext, drive};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_melee.in_set(PhaseSet::Melee));
}

fn run_melee(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, PhaseName::Melee);
    let rules = ctx.rules.0.clone();
    let mut flow = std::mem::take(&mut ctx.flows.melee);
    if !ctx.flows.started {
        ctx.flows.started = true;
        flow.start();
    }
    let done = drive(
        &mut flow,
        &mut table,
        &rules,
        &mut ctx.dice,
        &ctx.controllers,
        &mut ctx.pending,
        &mut ctx.awaiting,
        &mut ctx.rejected,
    );
    if done {
        ctx.flows.started = false;
        ctx.next.set(Phase::EndOfTurn);
    }
    ctx.flows.melee = flow;
    access.put(table);
}
