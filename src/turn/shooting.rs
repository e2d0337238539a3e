//! The shooting phase: alternation, shots, then the hit dice and the aliens' turn to face.

use crate::rules::log::PhaseName;
use crate::scenario::format::Side;
use crate::turn::drive::{PhaseContext, drive};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_shooting.in_set(PhaseSet::Shooting));
}

fn run_shooting(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, PhaseName::Shooting);
    let rules = ctx.rules.0.clone();
    let mut flow = std::mem::take(&mut ctx.flows.shooting);
    if !ctx.flows.started {
        ctx.flows.started = true;
        let first = flow.to_act.unwrap_or(Side::Humans);
        flow.start(&mut table, first);
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
        ctx.next.set(Phase::Melee);
    }
    ctx.flows.shooting = flow;
    access.put(table);
}
