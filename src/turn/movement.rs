//! The movement phase: initiative rolls, moves and charges, withdrawal, boarding, take-off.

use crate::rules::Rules;
use crate::rules::flow::MovementFlow;
use crate::rules::log::PhaseName;
use crate::rules::table::Table;
use crate::scenario::format::Side;
use crate::turn::drive::{TurnPhase, run_phase};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::resources::Flows;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_phase::<MovementFlow>.in_set(PhaseSet::Movement));
}

impl TurnPhase for MovementFlow {
    const NAME: PhaseName = PhaseName::Movement;
    fn slot(flows: &mut Flows) -> &mut Self {
        &mut flows.movement
    }
    fn open(&mut self, table: &mut Table, rules: &Rules) -> bool {
        self.start(table, rules)
    }
    fn close(&self, flows: &mut Flows) -> Phase {
        // "The side that moved the last unit in the movement phase may now shoot with one unit."
        let first = self.last_mover.or(self.initiative).unwrap_or(Side::Humans);
        flows.shooting.to_act = Some(first);
        Phase::Shooting
    }
}
