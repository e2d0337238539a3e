//! The melee phase: close quarter, disengage, physical contact and break off.

use crate::rules::Rules;
use crate::rules::flow::MeleeFlow;
use crate::rules::log::PhaseName;
use crate::rules::table::Table;
use crate::turn::drive::{TurnPhase, run_phase};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::resources::Flows;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_phase::<MeleeFlow>.in_set(PhaseSet::Melee));
}

impl TurnPhase for MeleeFlow {
    const NAME: PhaseName = PhaseName::Melee;
    fn slot(flows: &mut Flows) -> &mut Self {
        &mut flows.melee
    }
    fn open(&mut self, _table: &mut Table, _rules: &Rules) -> bool {
        self.start();
        true
    }
    fn close(&self, _flows: &mut Flows) -> Phase {
        Phase::EndOfTurn
    }
}
