//! The melee phase: close quarter, disengage, facing, engagement, physical contact, break off.

use crate::rules::dice::DiceService;
use crate::rules::melee::{self, ContactResult};
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::{DecisionPhase, PhaseStates};
use crate::rules::turn::Phase;

use crate::rules::table::{Table, UnitId};
use ambush_data::board::Side;
use ambush_data::tables::Rules;

/// The melee stages of 001.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum MeleeStage {
    #[default]
    CloseQuarter,
    Disengage(Vec<UnitId>),
    Engage,
    BreakOff(Vec<(UnitId, bool)>),
    Done,
}

/// Melee: close quarter, disengage, facing, engagement, physical contact, break off.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MeleeState {
    pub stage: MeleeStage,
    /// Defender choices made for this melee phase.
    pub choices: Vec<(UnitId, UnitId)>,
}

impl MeleeState {
    pub fn start(&mut self) {
        *self = MeleeState::default();
    }
}

/// A melee choice the rules accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeleeChecked {
    Disengage {
        unit: UnitId,
        attempt: bool,
    },
    Engage {
        defender: UnitId,
        attacker: UnitId,
    },
    BreakOff {
        unit: UnitId,
        attempt: bool,
        draw: bool,
    },
}

impl DecisionPhase for MeleeState {
    const PHASE: Phase = Phase::Melee;
    type Checked = MeleeChecked;
    fn state_in(states: &mut PhaseStates) -> &mut Self {
        &mut states.melee
    }
    fn open(&mut self, _table: &mut Table, _rules: &Rules) -> bool {
        self.start();
        true
    }
    fn close(&self, _states: &mut PhaseStates) -> Phase {
        Phase::RunAway
    }
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        loop {
            match &mut self.stage {
                MeleeStage::CloseQuarter => {
                    melee::mark_fighting(table, rules);
                    melee::close_quarter_stage(table, rules, dice);
                    self.stage = MeleeStage::Disengage(melee::disengage_candidates(table, rules));
                }
                MeleeStage::Disengage(queue) => {
                    // A candidate may have lost its contacts in the meantime.
                    queue.retain(|u| melee::disengage_candidates(table, rules).contains(u));
                    if let Some(unit) = queue.first().copied() {
                        let side = table.side_of(unit).unwrap_or(Side::Humans);
                        return Step::Need(Decision::Disengage { side, unit });
                    }
                    self.stage = MeleeStage::Engage;
                }
                MeleeStage::Engage => {
                    let mut need: Option<Decision> = None;
                    let choices = self.choices.clone();
                    let plan = melee::engagements(table, rules, |defender, tied| {
                        if let Some((_, a)) = choices.iter().find(|(d, _)| *d == defender) {
                            return *a;
                        }
                        if need.is_none() {
                            need = Some(Decision::Engage {
                                side: table.side_of(defender).unwrap_or(Side::Humans),
                                defender,
                                candidates: tied.to_vec(),
                            });
                        }
                        tied[0]
                    });
                    if let Some(d) = need {
                        return Step::Need(d);
                    }
                    let mut breakers = Vec::new();
                    for e in &plan {
                        melee::face_attacker(table, rules, e.defender, e.attacker);
                    }
                    for e in &plan {
                        let (ra, rd) = melee::physical_contact(table, rules, dice, e);
                        for (id, r) in [(e.attacker, ra), (e.defender, rd)] {
                            if r != ContactResult::Lost {
                                breakers.push((id, r == ContactResult::Draw));
                            }
                        }
                    }
                    self.stage = MeleeStage::BreakOff(breakers);
                }
                MeleeStage::BreakOff(queue) => {
                    let tol = rules.general.contact_tolerance;
                    // A surprised unit that may not move cannot break off (000: it "cannot move
                    // nor attack in response") until it recovers.
                    queue.retain(|(u, _)| {
                        table
                            .unit(*u)
                            .is_some_and(|x| x.on_table() && x.surprise.may_move())
                            && table.in_enemy_contact(*u, tol)
                    });
                    if let Some((unit, draw)) = queue.first().copied() {
                        let side = table.side_of(unit).unwrap_or(Side::Humans);
                        return Step::Need(Decision::BreakOff { side, unit, draw });
                    }
                    melee::clear_broken_contacts(table, rules);
                    self.stage = MeleeStage::Done;
                }
                MeleeStage::Done => return Step::Done,
            }
        }
    }
    fn check_order(
        &self,
        table: &Table,
        _rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<MeleeChecked, OrderError> {
        match (&self.stage, order) {
            (MeleeStage::Disengage(queue), Order::Disengage { unit, attempt }) => {
                if queue.first() != Some(unit) || table.side_of(*unit) != Some(side) {
                    return Err(OrderError::NotTheChooser("disengage"));
                }
                Ok(MeleeChecked::Disengage {
                    unit: *unit,
                    attempt: *attempt,
                })
            }
            (MeleeStage::Engage, Order::Engage { defender, attacker }) => {
                if table.side_of(*defender) != Some(side) {
                    return Err(OrderError::OnlyTheDefender);
                }
                Ok(MeleeChecked::Engage {
                    defender: *defender,
                    attacker: *attacker,
                })
            }
            (MeleeStage::BreakOff(queue), Order::BreakOff { unit, attempt }) => {
                let Some(&(first, draw)) = queue.first() else {
                    return Err(OrderError::NobodyBreaksOff);
                };
                if first != *unit || table.side_of(*unit) != Some(side) {
                    return Err(OrderError::NotTheChooser("break off"));
                }
                Ok(MeleeChecked::BreakOff {
                    unit: *unit,
                    attempt: *attempt,
                    draw,
                })
            }
            _ => Err(OrderError::NotAwaited("a different melee choice")),
        }
    }
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        _side: Side,
        checked: MeleeChecked,
    ) {
        match (&mut self.stage, checked) {
            (MeleeStage::Disengage(queue), MeleeChecked::Disengage { unit, attempt }) => {
                queue.remove(0);
                if attempt {
                    melee::disengage(table, rules, dice, unit);
                }
            }
            (_, MeleeChecked::Engage { defender, attacker }) => {
                self.choices.push((defender, attacker));
            }
            (
                MeleeStage::BreakOff(queue),
                MeleeChecked::BreakOff {
                    unit,
                    attempt,
                    draw,
                },
            ) => {
                queue.remove(0);
                if attempt {
                    melee::break_off(table, rules, dice, unit, draw);
                }
            }
            // Checked against this stage: no other pair comes here.
            _ => {}
        }
    }
}
