//! The shooting phase: alternation, shots, then the hit dice and the aliens' turn to face.

use crate::rules::Rules;
use crate::rules::flow::ShootingFlow;
use crate::rules::log::PhaseName;
use crate::rules::table::Table;
use crate::scenario::format::Side;
use crate::turn::drive::{TurnPhase, run_phase};
use crate::turn::phase::{Phase, PhaseSet};
use crate::turn::resources::Flows;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, run_phase::<ShootingFlow>.in_set(PhaseSet::Shooting));
}

impl TurnPhase for ShootingFlow {
    const NAME: PhaseName = PhaseName::Shooting;
    fn slot(flows: &mut Flows) -> &mut Self {
        &mut flows.shooting
    }
    fn open(&mut self, table: &mut Table, _rules: &Rules) -> bool {
        // Movement's close left the first shooter in `to_act`.
        let first = self.to_act.unwrap_or(Side::Humans);
        self.start(table, first);
        true
    }
    fn close(&self, _flows: &mut Flows) -> Phase {
        Phase::Melee
    }
}
