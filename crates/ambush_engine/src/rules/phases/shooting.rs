//! The shooting phase (001 "Shooting Initiative"): alternate shots, then the hit dice and the
//! aliens' turn to face their attackers.

use crate::rules::ambush::hidden;
use crate::rules::dice::DiceService;
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::{DecisionPhase, LookFrom, PhaseStates};
use crate::rules::shooting::{self, PendingHit, ShotPlan};
use crate::rules::turn::Phase;
use ambush_data::geometry;

use crate::rules::table::{Table, UnitId};
use crate::rules::wounds::{placement_clear, resolve_hit_dice};
use ambush_data::board::Side;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Shooting initiative and alternation, then the hit dice (001 "Shooting Initiative").
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ShootingState {
    pub to_act: Option<Side>,
    pub declined: [bool; 2],
    /// Hit dice beside their targets, rolled when all shooting is over.
    pub pending: Vec<PendingHit>,
    pub finished: bool,
    /// Where each side's last unit with something to shoot at was found: the next look starts
    /// there.
    #[serde(skip)]
    pub look_from: LookFrom,
}

impl ShootingState {
    /// "The side that moved the last unit in the movement phase may now shoot with one unit."
    pub fn start(&mut self, table: &mut Table, first: Side) {
        *self = ShootingState {
            to_act: Some(first),
            ..Default::default()
        };
        for u in table.units.iter_mut() {
            u.marks.fired_this_phase = false;
            u.marks.last_shot_by = None;
        }
    }

    /// "When all firing is completed, roll the dice to determine the effect of each hit."
    /// Then "aliens are turned to face the last unit that shot at them".
    fn resolve(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) {
        for hit in std::mem::take(&mut self.pending) {
            resolve_hit_dice(table, rules, dice, hit.source, hit.target, hit.dice);
        }
        let turns: Vec<(UnitId, Vec2)> = table
            .units
            .iter()
            .filter(|u| u.side == Side::Aliens && u.on_table())
            .filter_map(|u| {
                let s = table.unit(u.marks.last_shot_by?)?;
                Some((u.id, s.base.center))
            })
            .collect();
        for (id, at) in turns {
            // A base with no room to turn (a neighbour too close) stays as it is.
            let Some(turned) = table
                .unit(id)
                .map(|u| u.base.facing(geometry::angle_of(at - u.base.center)))
            else {
                continue;
            };
            if placement_clear(table, rules, &turned, &[id])
                && let Some(u) = table.unit_mut(id)
            {
                u.base = turned;
            }
        }
        self.finished = true;
    }
}

/// A shooting order the rules accepted, and the shot it makes.
#[derive(Debug, Clone)]
pub enum ShotChecked {
    Decline,
    Shoot {
        shooter: UnitId,
        target: UnitId,
        plan: ShotPlan,
    },
}

impl DecisionPhase for ShootingState {
    const PHASE: Phase = Phase::Shooting;
    type Checked = ShotChecked;
    fn state_in(states: &mut PhaseStates) -> &mut Self {
        &mut states.shooting
    }
    fn open(&mut self, table: &mut Table, _rules: &Rules) -> bool {
        // Movement's close left the first shooter in `to_act`.
        let first = self.to_act.unwrap_or(Side::Humans);
        self.start(table, first);
        true
    }
    fn close(&self, _states: &mut PhaseStates) -> Phase {
        Phase::Melee
    }
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        if self.finished {
            return Step::Done;
        }
        for _ in 0..2 {
            let side = self.to_act.unwrap_or(Side::Humans);
            // Judged on the table the side knows, as its shots are: a side whose only targets
            // hide under counters is not asked, so the asking tells it nothing of them.
            let known = hidden::as_known_to(table, side);
            let knows = known.as_ref().unwrap_or(table);
            if !self.declined[side.index()] {
                let places = self.look_from.places(side, knows.units.len());
                match shooting::first_shooter_among(knows, rules, side, places) {
                    Some(place) => self.look_from.set(side, place),
                    None => self.declined[side.index()] = true,
                }
            }
            if !self.declined[side.index()] {
                return Step::Need(Decision::Shoot { side });
            }
            self.to_act = Some(side.other());
        }
        self.resolve(table, rules, dice);
        Step::Done
    }
    fn check_order(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<ShotChecked, OrderError> {
        // A shot is judged on the table its side knows: a counter blocks no line of sight (004).
        let known = matches!(order, Order::Shoot { .. })
            .then(|| hidden::as_known_to(table, side))
            .flatten();
        let table = known.as_ref().unwrap_or(table);
        match order {
            Order::DeclineShooting => Ok(ShotChecked::Decline),
            Order::Shoot {
                shooter,
                target,
                weapon,
            } => {
                if table.side_of(*shooter) != Some(side) {
                    return Err(OrderError::NotYours(table.label(*shooter).to_string()));
                }
                let plan =
                    shooting::plan_shot_now(table, rules, *shooter, *target, weapon.as_deref())?;
                Ok(ShotChecked::Shoot {
                    shooter: *shooter,
                    target: *target,
                    plan,
                })
            }
            _ => Err(OrderError::NotAwaited("a shooting order")),
        }
    }
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        checked: ShotChecked,
    ) {
        match checked {
            ShotChecked::Decline => self.declined[side.index()] = true,
            ShotChecked::Shoot {
                shooter,
                target,
                plan,
            } => {
                let before = self.pending.len();
                shooting::fire(
                    table,
                    rules,
                    dice,
                    shooter,
                    target,
                    &plan,
                    &mut self.pending,
                );
                // 004: a hidden unit that fires shows itself, and so does one a blast hits.
                let hit: Vec<UnitId> = self.pending[before..].iter().map(|p| p.target).collect();
                hidden::after_shot(table, dice, shooter, &hit);
            }
        }
        // "Shooting then alternates - one unit each side taking it in turns to shoot."
        if !self.declined[side.other().index()] {
            self.to_act = Some(side.other());
        }
    }
}
