//! The movement phase: initiative rolls, moves and charges, withdrawal, boarding, take-off.

use crate::rules::log::PhaseName;
use crate::scenario::format::Side;
use crate::turn::drive::{PhaseContext, drive};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::table_access::TableAccess;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_movement.in_set(PhaseSet::Movement));
}

fn run_movement(mut access: TableAccess, mut ctx: PhaseContext) {
    let mut table = access.take();
    ctx.enter(&table, PhaseName::Movement);
    let rules = ctx.rules.0.clone();
    let mut flow = std::mem::take(&mut ctx.flows.movement);
    if !ctx.flows.started {
        ctx.flows.started = true;
        if !flow.start(&mut table, &rules) {
            ctx.flows.started = false;
            ctx.flows.movement = flow;
            access.put(table);
            ctx.next.set(Phase::GameOver);
            return;
        }
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
        // "The side that moved the last unit in the movement phase may now shoot with one unit."
        let first = flow.last_mover.or(flow.initiative).unwrap_or(Side::Humans);
        ctx.flows.shooting.to_act = Some(first);
        ctx.next.set(Phase::Shooting);
    }
    ctx.flows.movement = flow;
    access.put(table);
}
