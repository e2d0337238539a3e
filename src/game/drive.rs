//! The ECS shell of a phase step: lends the world's table and resources to `engine::play_phase`.

use crate::control::Controllers;
use crate::game::engine::{Seats, play_phase};
use crate::game::record::{OrderRecord, ReplayQueue};
use crate::game::resources::{
    AiSteps, Awaiting, Dice, Flows, OrderRejected, PendingOrders, RuleBook,
};
use crate::game::table_access::TableAccess;
use crate::rules::turn::Phase;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

/// What every phase system needs besides the table.
#[derive(SystemParam)]
pub struct PhaseContext<'w> {
    pub rules: Res<'w, RuleBook>,
    pub dice: ResMut<'w, Dice>,
    pub flows: ResMut<'w, Flows>,
    pub controllers: Res<'w, Controllers>,
    pub pending: ResMut<'w, PendingOrders>,
    pub awaiting: ResMut<'w, Awaiting>,
    pub ai_steps: ResMut<'w, AiSteps>,
    pub rejected: MessageWriter<'w, OrderRejected>,
    pub next: ResMut<'w, NextState<Phase>>,
    pub record: ResMut<'w, OrderRecord>,
    pub replay: ResMut<'w, ReplayQueue>,
}

/// The one system behind every phase: takes the table out of the world, plays one step of
/// `phase` on it, and puts it back, moving on to the next phase when this one is over.
pub fn play_step(phase: Phase, access: &mut TableAccess, ctx: &mut PhaseContext) {
    let mut table = access.take();
    let rules = ctx.rules.0.clone();
    let mut seats = Seats {
        controllers: *ctx.controllers,
        pending: &mut ctx.pending,
        awaiting: &mut ctx.awaiting,
        ai_steps: &mut ctx.ai_steps,
        record: &mut ctx.record,
        replay: &mut ctx.replay,
        rejected: Vec::new(),
        chooser: None,
    };
    let next = play_phase(
        phase,
        &mut table,
        &rules,
        &mut ctx.dice,
        &mut ctx.flows,
        &mut seats,
    );
    let rejected = seats.rejected;
    ctx.rejected.write_batch(rejected);
    if let Some(phase) = next {
        ctx.next.set(phase);
    }
    access.put(table);
}
