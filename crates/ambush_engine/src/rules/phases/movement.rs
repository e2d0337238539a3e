//! The movement phase (001 "Movement Initiative"): initiative, alternate moves, withdrawal and
//! boarding the ship.

use crate::rules::ambush::hidden;
use crate::rules::ambush::placement::march_on;
use crate::rules::ambush::spring;
use crate::rules::dice::DiceService;
use crate::rules::drift;
use crate::rules::environment;
use crate::rules::formation;
use crate::rules::log::{RollEntry, RollKind, count_word, sum};
use crate::rules::movement::{self, MoveError, MovePlan, nearest_edge_point};
use crate::rules::orders::{Decision, Order, OrderError, Step};
use crate::rules::phases::{DecisionPhase, LookFrom, PhaseStates};
use crate::rules::turn::Phase;
use ambush_data::geometry::{Footprint, MEASURING_SLACK};

use crate::rules::table::{MoveKind, Outcome, Presence, Table, UnitId};
use crate::rules::wounds::placement_clear;
use ambush_data::board::Side;
use ambush_data::scenario::Objective;
use ambush_data::tables::{FormationName, Rules};
use glam::Vec2;

/// Movement initiative and movement (001 "Movement Initiative").
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct MovementState {
    /// Moves (units or groups) each side may still make on this initiative roll.
    pub moves_left: [u32; 2],
    /// Sides that have moved every unit they wish to.
    pub done: [bool; 2],
    /// Winner of the current initiative roll.
    pub initiative: Option<Side>,
    /// The side that moved the last unit: it shoots first.
    pub last_mover: Option<Side>,
    pub boarding: bool,
    pub finished: bool,
    /// The ambusher's free first activation has been used (004).
    pub ambusher_moved: bool,
    /// The side 004 lets activate first on the turn the ambush is sprung: it moves first, and
    /// shoots first too.
    pub activates_first: Option<Side>,
    /// Units drifting in zero-g have drifted this phase (003 space).
    pub drifted: bool,
    /// Where each side's last unit free to move was found: the next look starts there.
    #[serde(skip)]
    pub look_from: LookFrom,
}

impl MovementState {
    /// Opens the phase: clears last turn's marks, withdraws withdrawing units, and takes off if
    /// every surviving marine boarded last turn. Returns false if the game ended.
    pub fn start(&mut self, table: &mut Table, rules: &Rules) -> bool {
        *self = MovementState::default();
        for u in table.units.iter_mut() {
            let attacking = u.marks.attacking;
            u.marks = Default::default();
            u.marks.attacking = attacking;
        }
        if table.progress.takeoff_pending {
            table.progress.outcome = Some(Outcome::HumansWin);
            table.progress.ending = format!(
                "every surviving {} is aboard: the ship takes off",
                table.config.side_names.one(Side::Humans)
            );
            return false;
        }
        withdraw_all(table, rules);
        march_on(table, rules);
        true
    }

    /// Whether any unit of `side` may move: looked for from where the last was found, round
    /// to the start of the list (every unit is looked at before the answer is no).
    fn can_move_any(&mut self, table: &Table, rules: &Rules, side: Side) -> bool {
        let grid = table.grid();
        let found = self.look_from.places(side, table.units.len()).find(|&i| {
            let u = &table.units[i];
            u.side == side
                && u.on_table()
                && movement::free_to_move_via_grid(table, rules, &grid, u.id)
        });
        if let Some(i) = found {
            self.look_from.set(side, i);
        }
        found.is_some()
    }

    /// "Both sides roll D6 - roll again if the scores tie. The highest may move ... any two units
    /// or groups of their choice. The other player may then move ... one". Under water a side
    /// the water hampers takes 003's initiative penalty on its die.
    fn roll_initiative(&mut self, table: &Table, rules: &Rules, dice: &mut DiceService) {
        let names = &table.config.side_names;
        let (humans, aliens) = (names.of(Side::Humans), names.of(Side::Aliens));
        let (two, one) = (
            rules.general.initiative_winner_moves,
            rules.general.initiative_loser_moves,
        );
        let mut mods = environment::initiative_modifiers(table, rules, Side::Humans);
        let human_mods = sum(&mods);
        let alien_mods = environment::initiative_modifiers(table, rules, Side::Aliens);
        let alien_total = sum(&alien_mods);
        mods.extend(alien_mods);
        loop {
            let rolls = dice.roll(2, 6);
            let (h, a) = (rolls[0] as i32 + human_mods, rolls[1] as i32 + alien_total);
            let winner = match h.cmp(&a) {
                std::cmp::Ordering::Greater => Some(Side::Humans),
                std::cmp::Ordering::Less => Some(Side::Aliens),
                std::cmp::Ordering::Equal => None,
            };
            let mut entry = RollEntry::dice(RollKind::MovementInitiative, "2d6", rolls);
            if !mods.is_empty() {
                entry = entry.modifiers(mods.clone());
            }
            dice.record_with(|| {
                entry
                    .actor(humans)
                    .target(aliens)
                    .success(winner == Some(Side::Humans))
                    .effect(match winner {
                        Some(Side::Humans) => {
                            format!(
                                "{humans} {h} v {aliens} {a}: {humans} move {}, {aliens} {}",
                                count_word(two),
                                count_word(one)
                            )
                        }
                        Some(Side::Aliens) => {
                            format!(
                                "{humans} {h} v {aliens} {a}: {aliens} move {}, {humans} {}",
                                count_word(two),
                                count_word(one)
                            )
                        }
                        None => format!("tie at {h}: roll again"),
                    })
            });
            if let Some(w) = winner {
                self.initiative = Some(w);
                self.moves_left[w.index()] = two;
                self.moves_left[w.other().index()] = one;
                return;
            }
        }
    }

    fn check_side(&self, table: &Table, side: Side, unit: UnitId) -> Result<(), OrderError> {
        if table.side_of(unit) != Some(side) {
            return Err(OrderError::NotYoursToMove(table.label(unit).to_string()));
        }
        Ok(())
    }

    fn end_phase(&mut self, table: &mut Table) {
        self.finished = true;
        // Clubs: "may not move in the next movement phase" — that phase is now over.
        for u in table.units.iter_mut() {
            u.status.stunned = false;
        }
    }
}

/// Withdrawing units (an alien wave after a Joker, a human side whose morale broke) move at full
/// rate straight for the nearest edge (humans: their own), avoiding contact; at the edge they leave.
fn withdraw_all(table: &mut Table, rules: &Rules) {
    let size = table.config.table();
    let ids: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.on_table() && u.status.withdrawing && !u.status.stunned)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = table.unit(id) else { continue };
        let goal = if u.side == Side::Humans {
            movement::edge_point(table.config.scenario.friendly_edge, u.base.center, size)
        } else {
            nearest_edge_point(u.base.center, size).0
        };
        let allow = movement::max_allowance(table, rules, id);
        let reach = u.base.size.length() * 0.5 + MEASURING_SLACK;
        if u.base.center.distance(goal) <= allow + reach {
            if let Some(u) = table.unit_mut(id) {
                u.status.presence = Presence::LeftTable;
                u.marks.moved = Some(MoveKind::AnyDirection);
            }
            continue;
        }
        if let Some(pose) = movement::steer_toward(table, rules, id, goal)
            && let Some(u) = table.unit_mut(id)
        {
            u.base = pose;
            u.marks.moved = Some(MoveKind::AnyDirection);
        }
    }
}

/// Marines that may board now: in contact with the ship, power restored, not touching an alien.
pub fn boarders(table: &Table, rules: &Rules) -> Vec<UnitId> {
    if !table.progress.power_restored {
        return Vec::new();
    }
    let tol = rules.general.contact_tolerance;
    table
        .side_on_table(Side::Humans)
        .filter(|u| table.touches_ship(&u.base, tol) && !table.in_enemy_contact(u.id, tol))
        .map(|u| u.id)
        .collect()
}

/// A movement order the rules accepted, and what it will do.
#[derive(Debug, Clone)]
pub enum MoveChecked {
    Board(UnitId),
    EndBoarding,
    EndMovement,
    /// 003 space: a push off toward a point, or at an enemy (a charge, at full speed).
    Launch {
        unit: UnitId,
        toward: Vec2,
        facing: Option<f32>,
        full_speed: bool,
    },
    Move(MovePlan),
    Rotate {
        unit: UnitId,
        turned: Footprint,
    },
    ChangeFormation {
        unit: UnitId,
        to: Option<FormationName>,
    },
    Charge(MovePlan),
}

impl DecisionPhase for MovementState {
    const PHASE: Phase = Phase::Movement;
    type Checked = MoveChecked;
    fn state_in(states: &mut PhaseStates) -> &mut Self {
        &mut states.movement
    }
    fn open(&mut self, table: &mut Table, rules: &Rules) -> bool {
        self.start(table, rules)
    }
    fn close(&self, states: &mut PhaseStates) -> Phase {
        // "The side that moved the last unit in the movement phase may now shoot with one unit."
        // On the turn the ambush is sprung, 004's "the ambushing player being allowed to
        // activate his units first" holds for shooting as well: an ambusher that sat still does
        // not hand the first shot to the column.
        let first = self
            .activates_first
            .or(self.last_mover)
            .or(self.initiative)
            .unwrap_or(Side::Humans);
        states.shooting.to_act = Some(first);
        Phase::Shooting
    }
    /// What the phase needs next; rolls initiative when a new roll is due.
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        if self.finished {
            return Step::Done;
        }
        if !self.drifted {
            self.drifted = true;
            drift::drift_all(table, rules, dice);
        }
        if self.activates_first.is_none() {
            self.activates_first = spring::ambusher_first(table);
        }
        if !self.boarding {
            for side in [Side::Humans, Side::Aliens] {
                if !self.done[side.index()] && !self.can_move_any(table, rules, side) {
                    self.done[side.index()] = true;
                }
            }
            match (self.done[0], self.done[1]) {
                (true, true) => self.boarding = true,
                (false, true) => {
                    return Step::Need(Decision::Move {
                        side: Side::Humans,
                        moves_left: None,
                    });
                }
                (true, false) => {
                    return Step::Need(Decision::Move {
                        side: Side::Aliens,
                        moves_left: None,
                    });
                }
                (false, false) => {
                    if self.moves_left == [0, 0] {
                        match spring::ambusher_first(table) {
                            // 004: "the ambushing player being allowed to activate his units
                            // first" — the first turn's first moves are the ambusher's.
                            Some(first) if !self.ambusher_moved => {
                                self.ambusher_moved = true;
                                self.initiative = Some(first);
                                self.moves_left[first.index()] =
                                    rules.general.initiative_winner_moves;
                                self.moves_left[first.other().index()] =
                                    rules.general.initiative_loser_moves;
                                dice.record_with(|| {
                                    RollEntry::dice(RollKind::MovementInitiative, "none", vec![])
                                        .actor(table.config.side_names.of(first))
                                        .success(first == Side::Humans)
                                        .effect(
                                            if table.config.scenario.ambush.as_ref().map(|a| a.ambushed)
                                                == Some(first)
                                            {
                                                "the column found the ambush and activates first (004)"
                                            } else {
                                                "the ambusher activates first (004)"
                                            },
                                        )
                                });
                            }
                            _ => self.roll_initiative(table, rules, dice),
                        }
                    }
                    let first = self.initiative.unwrap_or(Side::Humans);
                    let side = if self.moves_left[first.index()] > 0 {
                        first
                    } else {
                        first.other()
                    };
                    return Step::Need(Decision::Move {
                        side,
                        moves_left: Some(self.moves_left[side.index()]),
                    });
                }
            }
        }
        if boarders(table, rules).is_empty() {
            self.end_phase(table);
            return Step::Done;
        }
        Step::Need(Decision::Board { side: Side::Humans })
    }
    fn check_order(
        &self,
        table: &Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<MoveChecked, OrderError> {
        if self.boarding {
            return match order {
                Order::Board { unit } => {
                    if !boarders(table, rules).contains(unit) {
                        return Err(OrderError::CannotBoard(table.label(*unit).to_string()));
                    }
                    Ok(MoveChecked::Board(*unit))
                }
                Order::EndBoarding => Ok(MoveChecked::EndBoarding),
                _ => Err(OrderError::NotAwaited("boarding orders")),
            };
        }
        // A move is judged on the table its side knows: counters take no room (004).
        let known = matches!(order, Order::Move { .. } | Order::Charge { .. })
            .then(|| hidden::as_known_to(table, side))
            .flatten();
        let table = known.as_ref().unwrap_or(table);
        match order {
            Order::EndMovement => Ok(MoveChecked::EndMovement),
            Order::Move {
                unit, to, facing, ..
            } if drift::is_launch(table, rules, *unit, *to) => {
                // 003 space: a unit that cannot fly moves only by pushing off, alone.
                self.check_side(table, side, *unit)?;
                drift::check_launch(table, rules, *unit)?;
                Ok(MoveChecked::Launch {
                    unit: *unit,
                    toward: *to,
                    facing: Some(*facing),
                    full_speed: false,
                })
            }
            Order::Move {
                unit,
                to,
                facing,
                group,
            } => {
                self.check_side(table, side, *unit)?;
                // 001: "Aliens are moved as individual units": no alien moves with its group.
                if *group
                    && side == Side::Aliens
                    && table.group_of(*unit, rules.general.contact_tolerance).len() > 1
                {
                    return Err(OrderError::AliensMoveAlone(table.label(*unit).to_string()));
                }
                let plan = movement::plan_move(table, rules, *unit, *to, *facing, *group)?;
                Ok(MoveChecked::Move(plan))
            }
            Order::Rotate { unit, facing } => {
                self.check_side(table, side, *unit)?;
                if let Some(why) = movement::cannot_move(table, rules, *unit) {
                    return Err(why.into());
                }
                let turned = table
                    .unit(*unit)
                    .ok_or(MoveError::NoSuchUnit)?
                    .base
                    .facing(*facing);
                if !placement_clear(table, rules, &turned, &[*unit]) {
                    return Err(OrderError::NoRoomToTurn(table.label(*unit).to_string()));
                }
                Ok(MoveChecked::Rotate {
                    unit: *unit,
                    turned,
                })
            }
            Order::ChangeFormation { unit, to } => {
                self.check_side(table, side, *unit)?;
                if let Some(why) = movement::cannot_move(table, rules, *unit) {
                    return Err(why.into());
                }
                formation::check_change(table, rules, *unit, *to)?;
                Ok(MoveChecked::ChangeFormation {
                    unit: *unit,
                    to: *to,
                })
            }
            Order::Charge { unit, target, .. }
                if table
                    .unit(*unit)
                    .is_some_and(|u| environment::drifts(table, rules, u)) =>
            {
                // 003 space: a charge is a launch at the enemy; the impact is the charge.
                self.check_side(table, side, *unit)?;
                let aim = movement::charge_target(table, rules, *unit, *target)?;
                drift::check_launch(table, rules, *unit)?;
                Ok(MoveChecked::Launch {
                    unit: *unit,
                    toward: aim,
                    facing: None,
                    full_speed: true,
                })
            }
            Order::Charge { unit, target, edge } => {
                self.check_side(table, side, *unit)?;
                let plan = movement::plan_charge(table, rules, *unit, *target, *edge)?;
                Ok(MoveChecked::Charge(plan))
            }
            _ => Err(OrderError::NotAwaited("a movement order")),
        }
    }
    fn execute(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        checked: MoveChecked,
    ) {
        let unlimited = self.done[side.other().index()];
        match checked {
            MoveChecked::Board(unit) => {
                if let Some(u) = table.unit_mut(unit) {
                    u.status.presence = Presence::Aboard;
                }
                return;
            }
            MoveChecked::EndBoarding => {
                self.end_phase(table);
                return;
            }
            MoveChecked::EndMovement => {
                self.done[side.index()] = true;
                self.moves_left[side.index()] = 0;
                return;
            }
            MoveChecked::Launch {
                unit,
                toward,
                facing,
                full_speed,
            } => drift::push_off(table, rules, dice, unit, toward, facing, full_speed),
            MoveChecked::Move(plan) => make_move(table, rules, dice, side, plan),
            MoveChecked::Rotate { unit, turned } => {
                if let Some(u) = table.unit_mut(unit) {
                    u.base = turned;
                    u.marks.moved = Some(MoveKind::NoMove);
                }
            }
            MoveChecked::ChangeFormation { unit, to } => formation::reform(table, unit, to),
            MoveChecked::Charge(mut plan) => {
                let found = hidden::run_into_counters(table, rules, side, &mut plan.poses);
                for (id, pose) in plan.poses {
                    if let Some(u) = table.unit_mut(id) {
                        u.base = pose;
                        u.marks.moved = Some(plan.kind);
                        u.marks.attacking = true;
                    }
                }
                if let Some(u) = found {
                    hidden::reveal(table, dice, u, "an enemy runs into it");
                }
            }
        }
        // 004: a hidden unit that moves shows itself; running into a counter finds it.
        hidden::after_move(table, rules, dice);
        self.last_mover = Some(side);
        if !unlimited {
            let left = &mut self.moves_left[side.index()];
            *left = left.saturating_sub(1);
        }
    }
}

/// Makes `side`'s checked move: each member ends at its pose and counts its own kind of move
/// (for shooting after it), none if it only turned. A move judged on the table its side knows
/// stops where it runs into a counter (004), and what is under it is found.
pub(super) fn make_move(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    side: Side,
    mut plan: MovePlan,
) {
    let found = hidden::run_into_counters(table, rules, side, &mut plan.poses);
    // Only a side with a patrol to get through needs to know who moved, once they have.
    let exiting = matches!(
        table.config.scenario.objective,
        Some(Objective::ExitEdge { side: s, .. }) if s == side
    );
    let movers: Vec<UnitId> = match exiting {
        true => plan.poses.iter().map(|(id, _)| *id).collect(),
        false => Vec::new(),
    };
    for ((id, pose), own) in plan.poses.into_iter().zip(plan.kinds) {
        let start = table.unit(id).map_or(pose.center, |u| u.base.center);
        let kind = if pose.center.distance(start) < MEASURING_SLACK {
            MoveKind::NoMove
        } else {
            own
        };
        if let Some(u) = table.unit_mut(id) {
            u.marks.moved = Some(kind);
            u.base = pose;
        }
    }
    if let Some(u) = found {
        hidden::reveal(table, dice, u, "an enemy runs into it");
    }
    leave_by_exit(table, side, &movers);
}

/// A scenario's patrol that must get through (`Objective::ExitEdge`): each of `side`'s units
/// in `movers` whose move ended at the named edge leaves the table by it, through and not a
/// casualty (`movement::at_edge`).
fn leave_by_exit(table: &mut Table, side: Side, movers: &[UnitId]) {
    let Some(Objective::ExitEdge {
        side: exits, edge, ..
    }) = table.config.scenario.objective
    else {
        return;
    };
    if exits != side {
        return;
    }
    let size = table.config.table();
    for id in movers {
        let at_edge = table
            .unit(*id)
            .is_some_and(|u| u.on_table() && movement::at_edge(edge, &u.base, size));
        if at_edge && let Some(u) = table.unit_mut(*id) {
            u.status.presence = Presence::Exited;
        }
    }
}
