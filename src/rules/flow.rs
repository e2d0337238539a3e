//! The turn's flow as pure state machines: orders, the decisions each phase waits on, movement
//! initiative, shooting alternation, the melee stages and the end of the turn.

use crate::rules::dice::DiceService;
use crate::rules::generation;
use crate::rules::geometry;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::melee::{self, ContactResult};
use crate::rules::movement::{self, nearest_edge_point};
use crate::rules::shooting::{self, PendingHit};
use crate::rules::surprise;
use crate::rules::table::{MoveKind, Outcome, Presence, Table, UnitId};
use crate::rules::tables::Rules;
use crate::rules::wounds::{placement_clear, resolve_hit_dice};
use crate::scenario::format::{AttackOver, Side};
use glam::Vec2;

/// Everything a player (or the AI) can order. The window's input and the AI both produce these.
#[derive(Debug, Clone, PartialEq)]
pub enum Order {
    /// Move a unit (and its group in base contact, when `group`) so its centre ends at `to`,
    /// then face `facing` (radians).
    Move {
        unit: UnitId,
        to: Vec2,
        facing: f32,
        group: bool,
    },
    /// Turn on the spot: uses the unit's move but "does not count as movement" for shooting.
    Rotate { unit: UnitId, facing: f32 },
    /// Move into base contact with an enemy, front edge aligned with one of its edges.
    Charge {
        unit: UnitId,
        target: UnitId,
        edge: Option<usize>,
    },
    /// This side has moved every unit it wishes to move this phase.
    EndMovement,
    /// Board the crashed ship at the end of movement.
    Board { unit: UnitId },
    /// No more boarding this turn.
    EndBoarding,
    Shoot {
        shooter: UnitId,
        target: UnitId,
        weapon: Option<String>,
    },
    /// Decline to shoot: this side may not shoot again this turn.
    DeclineShooting,
    /// A mounted unit's choice to try to disengage.
    Disengage { unit: UnitId, attempt: bool },
    /// The defender's choice between equidistant attackers.
    Engage { defender: UnitId, attacker: UnitId },
    /// A winner's or drawer's choice to try to break off.
    BreakOff { unit: UnitId, attempt: bool },
}

/// What the game is waiting for.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// A movement order, `Rotate`, `Charge` or `EndMovement`; `moves_left` is `None` when the
    /// other side has finished and this side moves its remainder.
    Move {
        side: Side,
        moves_left: Option<u32>,
    },
    Board {
        side: Side,
    },
    Shoot {
        side: Side,
    },
    Disengage {
        side: Side,
        unit: UnitId,
    },
    Engage {
        side: Side,
        defender: UnitId,
        candidates: Vec<UnitId>,
    },
    BreakOff {
        side: Side,
        unit: UnitId,
        draw: bool,
    },
}

impl Decision {
    pub fn side(&self) -> Side {
        match self {
            Decision::Move { side, .. }
            | Decision::Board { side }
            | Decision::Shoot { side }
            | Decision::Disengage { side, .. }
            | Decision::Engage { side, .. }
            | Decision::BreakOff { side, .. } => *side,
        }
    }
}

/// Where a phase stands.
#[derive(Debug, Clone, PartialEq)]
pub enum Step {
    Need(Decision),
    Done,
}

fn side_of(table: &Table, id: UnitId) -> Option<Side> {
    table.unit(id).map(|u| u.side)
}

// ---------------------------------------------------------------------------------------------
// Alien generation
// ---------------------------------------------------------------------------------------------

/// The alien generation phase: the doubles roll or the automatic wave, then placement.
pub fn alien_generation(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    // A scenario's ambush is sprung as the first turn opens, before any wave.
    if table.progress.turn == 1 {
        surprise::spring_ambush(table, rules, dice);
    }
    if generation::roll_for_wave(table, dice) {
        generation::place_wave(table, rules, dice);
    }
}

// ---------------------------------------------------------------------------------------------
// Movement
// ---------------------------------------------------------------------------------------------

/// Movement initiative and movement (001 "Movement Initiative").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MovementFlow {
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
}

impl MovementFlow {
    /// Opens the phase: clears last turn's marks, withdraws withdrawing units, and takes off if
    /// every surviving marine boarded last turn. Returns false if the game ended.
    pub fn start(&mut self, table: &mut Table, rules: &Rules) -> bool {
        *self = MovementFlow::default();
        for u in table.units.iter_mut() {
            let attacking = u.marks.attacking;
            u.marks = Default::default();
            u.marks.attacking = attacking;
        }
        if table.progress.takeoff_pending {
            table.progress.outcome = Some(Outcome::HumansWin);
            table.progress.ending =
                "every surviving marine is aboard: the ship takes off".to_string();
            return false;
        }
        withdraw_all(table, rules);
        true
    }

    fn can_move_any(table: &Table, rules: &Rules, side: Side) -> bool {
        table
            .side_on_table(side)
            .any(|u| movement::cannot_move(table, rules, u.id).is_none())
    }

    /// What the phase needs next; rolls initiative when a new roll is due.
    pub fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        if self.finished {
            return Step::Done;
        }
        if !self.boarding {
            for side in [Side::Humans, Side::Aliens] {
                if !self.done[side.index()] && !Self::can_move_any(table, rules, side) {
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
                        match surprise::ambusher_first(table) {
                            // 004: "the ambushing player being allowed to activate his units
                            // first" — the first turn's first moves are the ambusher's.
                            Some(first) if !self.ambusher_moved => {
                                self.ambusher_moved = true;
                                self.initiative = Some(first);
                                self.moves_left[first.index()] = 2;
                                self.moves_left[first.other().index()] = 1;
                                dice.record(
                                    RollEntry::dice(RollKind::MovementInitiative, "none", vec![])
                                        .actor(match first {
                                            Side::Humans => "humans",
                                            Side::Aliens => "aliens",
                                        })
                                        .success(first == Side::Humans)
                                        .effect(
                                            if table.config.ambush.as_ref().map(|a| a.ambushed)
                                                == Some(first)
                                            {
                                                "the column found the ambush and activates first (004)"
                                            } else {
                                                "the ambusher activates first (004)"
                                            },
                                        ),
                                );
                            }
                            _ => self.roll_initiative(dice),
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

    /// "Both sides roll D6 - roll again if the scores tie. The highest may move ... any two units
    /// or groups of their choice. The other player may then move ... one".
    fn roll_initiative(&mut self, dice: &mut DiceService) {
        loop {
            let rolls = dice.roll(2, 6);
            let (h, a) = (rolls[0], rolls[1]);
            let winner = match h.cmp(&a) {
                std::cmp::Ordering::Greater => Some(Side::Humans),
                std::cmp::Ordering::Less => Some(Side::Aliens),
                std::cmp::Ordering::Equal => None,
            };
            dice.record(
                RollEntry::dice(RollKind::MovementInitiative, "2d6", rolls)
                    .actor("humans")
                    .target("aliens")
                    .success(winner == Some(Side::Humans))
                    .effect(match winner {
                        Some(Side::Humans) => {
                            format!("humans {h} v aliens {a}: humans move two, aliens one")
                        }
                        Some(Side::Aliens) => {
                            format!("humans {h} v aliens {a}: aliens move two, humans one")
                        }
                        None => format!("tie at {h}: roll again"),
                    }),
            );
            if let Some(w) = winner {
                self.initiative = Some(w);
                self.moves_left[w.index()] = 2;
                self.moves_left[w.other().index()] = 1;
                return;
            }
        }
    }

    /// Applies an order from `side`.
    pub fn apply(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        if self.boarding {
            return match order {
                Order::Board { unit } => board(table, rules, *unit),
                Order::EndBoarding => {
                    self.end_phase(table);
                    Ok(())
                }
                _ => Err("the game is waiting for boarding orders".into()),
            };
        }
        let unlimited = self.done[side.other().index()];
        match order {
            Order::EndMovement => {
                self.done[side.index()] = true;
                self.moves_left[side.index()] = 0;
                return Ok(());
            }
            Order::Move {
                unit,
                to,
                facing,
                group,
            } => {
                self.check_side(table, side, *unit)?;
                let plan = movement::plan_move(table, rules, *unit, *to, *facing, *group)?;
                for (id, pose) in plan.poses {
                    let kind = if pose
                        .center
                        .distance(table.unit(id).map_or(pose.center, |u| u.base.center))
                        < 1e-3
                    {
                        MoveKind::NoMove
                    } else {
                        plan.kind
                    };
                    if let Some(u) = table.unit_mut(id) {
                        u.marks.moved = Some(kind);
                        u.base = pose;
                    }
                }
            }
            Order::Rotate { unit, facing } => {
                self.check_side(table, side, *unit)?;
                if let Some(why) = movement::cannot_move(table, rules, *unit) {
                    return Err(why);
                }
                let turned = table
                    .unit(*unit)
                    .ok_or("no such unit")?
                    .base
                    .facing(*facing);
                if !placement_clear(table, rules, &turned, &[*unit]) {
                    return Err(format!("{} has no room to turn there", table.label(*unit)));
                }
                let u = table.unit_mut(*unit).ok_or("no such unit")?;
                u.base = turned;
                u.marks.moved = Some(MoveKind::NoMove);
            }
            Order::Charge { unit, target, edge } => {
                self.check_side(table, side, *unit)?;
                let plan = movement::plan_charge(table, rules, *unit, *target, *edge)?;
                for (id, pose) in plan.poses {
                    if let Some(u) = table.unit_mut(id) {
                        u.base = pose;
                        u.marks.moved = Some(plan.kind);
                        u.marks.attacking = true;
                    }
                }
            }
            _ => return Err("the game is waiting for a movement order".into()),
        }
        self.last_mover = Some(side);
        if !unlimited {
            let left = &mut self.moves_left[side.index()];
            *left = left.saturating_sub(1);
        }
        Ok(())
    }

    fn check_side(&self, table: &Table, side: Side, unit: UnitId) -> Result<(), String> {
        if side_of(table, unit) != Some(side) {
            return Err(format!("{} is not yours to move", table.label(unit)));
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
    let size = table.config.table;
    let ids: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.on_table() && u.status.withdrawing && !u.status.stunned)
        .map(|u| u.id)
        .collect();
    for id in ids {
        let Some(u) = table.unit(id) else { continue };
        let goal = if u.side == Side::Humans {
            movement::edge_point(table.config.friendly_edge, u.base.center, size)
        } else {
            nearest_edge_point(u.base.center, size).0
        };
        let allow = movement::max_allowance(table, rules, id);
        let reach = u.base.size.length() * 0.5 + 1e-3;
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
        .filter(|u| {
            table.touches_ship(&u.base, tol) && table.enemies_in_contact(u.id, tol).is_empty()
        })
        .map(|u| u.id)
        .collect()
}

fn board(table: &mut Table, rules: &Rules, unit: UnitId) -> Result<(), String> {
    if !boarders(table, rules).contains(&unit) {
        return Err(format!(
            "{} cannot board: it must touch the repaired ship and no alien",
            table.label(unit)
        ));
    }
    if let Some(u) = table.unit_mut(unit) {
        u.status.presence = Presence::Aboard;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Shooting
// ---------------------------------------------------------------------------------------------

/// Shooting initiative and alternation, then the hit dice (001 "Shooting Initiative").
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShootingFlow {
    pub to_act: Option<Side>,
    pub declined: [bool; 2],
    /// Hit dice beside their targets, rolled when all shooting is over.
    pub pending: Vec<PendingHit>,
    pub finished: bool,
}

impl ShootingFlow {
    /// "The side that moved the last unit in the movement phase may now shoot with one unit."
    pub fn start(&mut self, table: &mut Table, first: Side) {
        *self = ShootingFlow {
            to_act: Some(first),
            ..Default::default()
        };
        for u in table.units.iter_mut() {
            u.marks.fired_this_phase = false;
            u.marks.last_shot_by = None;
        }
    }

    pub fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        if self.finished {
            return Step::Done;
        }
        for _ in 0..2 {
            let side = self.to_act.unwrap_or(Side::Humans);
            if !self.declined[side.index()] && !shooting::side_can_shoot(table, rules, side) {
                self.declined[side.index()] = true;
            }
            if !self.declined[side.index()] {
                return Step::Need(Decision::Shoot { side });
            }
            self.to_act = Some(side.other());
        }
        self.resolve(table, rules, dice);
        Step::Done
    }

    pub fn apply(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        match order {
            Order::DeclineShooting => {
                self.declined[side.index()] = true;
            }
            Order::Shoot {
                shooter,
                target,
                weapon,
            } => {
                if side_of(table, *shooter) != Some(side) {
                    return Err(format!("{} is not yours", table.label(*shooter)));
                }
                shooting::shoot(
                    table,
                    rules,
                    dice,
                    *shooter,
                    *target,
                    weapon.as_deref(),
                    &mut self.pending,
                )?;
            }
            _ => return Err("the game is waiting for a shooting order".into()),
        }
        // "Shooting then alternates - one unit each side taking it in turns to shoot."
        if !self.declined[side.other().index()] {
            self.to_act = Some(side.other());
        }
        Ok(())
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

// ---------------------------------------------------------------------------------------------
// Melee
// ---------------------------------------------------------------------------------------------

/// The melee stages of 001.
#[derive(Debug, Clone, Default, PartialEq)]
pub enum MeleeStage {
    #[default]
    CloseQuarter,
    Disengage(Vec<UnitId>),
    Engage,
    BreakOff(Vec<(UnitId, bool)>),
    Done,
}

/// Melee: close quarter, disengage, facing, engagement, physical contact, break off.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MeleeFlow {
    pub stage: MeleeStage,
    /// Defender choices made for this melee phase.
    pub choices: Vec<(UnitId, UnitId)>,
}

impl MeleeFlow {
    pub fn start(&mut self) {
        *self = MeleeFlow::default();
    }

    pub fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
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
                        let side = side_of(table, unit).unwrap_or(Side::Humans);
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
                                side: side_of(table, defender).unwrap_or(Side::Humans),
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
                    queue.retain(|(u, _)| {
                        table.unit(*u).is_some_and(|x| x.on_table())
                            && !table.enemies_in_contact(*u, tol).is_empty()
                    });
                    if let Some((unit, draw)) = queue.first().copied() {
                        let side = side_of(table, unit).unwrap_or(Side::Humans);
                        return Step::Need(Decision::BreakOff { side, unit, draw });
                    }
                    melee::clear_broken_contacts(table, rules);
                    self.stage = MeleeStage::Done;
                }
                MeleeStage::Done => return Step::Done,
            }
        }
    }

    pub fn apply(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        match (&mut self.stage, order) {
            (MeleeStage::Disengage(queue), Order::Disengage { unit, attempt }) => {
                if queue.first() != Some(unit) || side_of(table, *unit) != Some(side) {
                    return Err("that unit is not the one choosing to disengage".into());
                }
                queue.remove(0);
                if *attempt {
                    melee::disengage(table, rules, dice, *unit);
                }
                Ok(())
            }
            (MeleeStage::Engage, Order::Engage { defender, attacker }) => {
                if side_of(table, *defender) != Some(side) {
                    return Err("only the defender chooses".into());
                }
                self.choices.push((*defender, *attacker));
                Ok(())
            }
            (MeleeStage::BreakOff(queue), Order::BreakOff { unit, attempt }) => {
                let Some(&(first, draw)) = queue.first() else {
                    return Err("nobody may break off".into());
                };
                if first != *unit || side_of(table, *unit) != Some(side) {
                    return Err("that unit is not the one choosing to break off".into());
                }
                queue.remove(0);
                if *attempt {
                    melee::break_off(table, rules, dice, *unit, draw);
                }
                Ok(())
            }
            _ => Err("the game is waiting for a different melee choice".into()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// End of turn
// ---------------------------------------------------------------------------------------------

/// Repairs, morale, victory, the end of the attack and the turn limit. Returns true if the game
/// is over.
pub fn end_of_turn(table: &mut Table, rules: &Rules, dice: &mut DiceService) -> bool {
    // The ambush-units phase: surprised units roll to join, or their surprise runs down.
    surprise::advance_surprise(table, rules, dice);
    surprise::locate_blindsiders(table, rules, dice);
    repairs(table, rules, dice);
    morale(table, rules);
    if let Some(o) = victory(table, rules) {
        table.progress.outcome = Some(o.0);
        table.progress.ending = o.1;
        return true;
    }
    false
}

/// "After the melee phase, roll 1D6 per marine attempting repairs - a six indicates success."
/// Any marine in contact with the ship and not shooting or meleeing attempts it.
pub fn repairs(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if table.progress.power_restored || table.ship().is_none() {
        return;
    }
    let tol = rules.general.contact_tolerance;
    let crew: Vec<UnitId> = table
        .side_on_table(Side::Humans)
        .filter(|u| !u.marks.shot && !u.marks.fought && table.touches_ship(&u.base, tol))
        .map(|u| u.id)
        .collect();
    for id in crew {
        let face = dice.d6();
        let ok = face as i32 >= rules.general.repair_need;
        dice.record(
            RollEntry::dice(RollKind::Repair, "1d6", vec![face])
                .actor(table.label(id))
                .need(rules.general.repair_need)
                .success(ok)
                .effect(if ok { "power restored" } else { "no luck" }),
        );
        if ok {
            table.progress.power_restored = true;
        }
    }
}

/// "On losing one third of its units, morale is broken, the army withdraws from the table,
/// heading for its own base edge. It can still fire its weapons." Aliens ignore morale.
pub fn morale(table: &mut Table, rules: &Rules) {
    if !table.config.human_morale || table.progress.morale_broken {
        return;
    }
    let (num, den) = rules.general.morale_loss_fraction;
    let lost = table.human_casualties();
    if lost * den >= table.progress.humans_at_start * num && lost > 0 {
        break_human_morale(table);
    }
}

/// The humans' morale breaks: every human unit withdraws toward its own edge.
pub fn break_human_morale(table: &mut Table) {
    table.progress.morale_broken = true;
    for u in table.units.iter_mut().filter(|u| u.side == Side::Humans) {
        u.status.withdrawing = true;
    }
}

fn victory(table: &mut Table, rules: &Rules) -> Option<(Outcome, String)> {
    let humans_on_table = table.side_on_table(Side::Humans).count();
    let aboard = table
        .units
        .iter()
        .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Aboard)
        .count();
    if humans_on_table == 0 && aboard == 0 {
        let why = if table.humans_alive() == 0 && table.human_casualties() > 0 {
            "every human unit is destroyed"
        } else {
            "the humans have left the table"
        };
        return Some((Outcome::AliensWin, why.to_string()));
    }
    if table.ship().is_some() && table.progress.power_restored && humans_on_table == 0 && aboard > 0
    {
        table.progress.takeoff_pending = true;
    }
    let p = &table.progress;
    let quiet = p
        .last_wave_turn
        .is_some_and(|t| p.turn >= t + rules.generation.quiet_turns_to_end);
    if p.waves > 0
        && quiet
        && table.aliens_on_table() == 0
        && table.config.attack_over == AttackOver::HumansWin
    {
        return Some((
            Outcome::HumansWin,
            "the attack is over: every alien is gone and no wave came for six turns".into(),
        ));
    }
    if p.turn >= table.config.turn_limit && !p.takeoff_pending {
        return Some((
            Outcome::Draw,
            format!("the turn limit ({}) is reached", table.config.turn_limit),
        ));
    }
    None
}

// ---------------------------------------------------------------------------------------------
// One interface over the phases that wait on decisions
// ---------------------------------------------------------------------------------------------

/// A phase that asks for decisions and takes orders.
pub trait PhaseFlow {
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step;
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String>;
}

impl PhaseFlow for MovementFlow {
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        MovementFlow::advance(self, table, rules, dice)
    }
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        _dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        self.apply(table, rules, side, order)
    }
}

impl PhaseFlow for ShootingFlow {
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        ShootingFlow::advance(self, table, rules, dice)
    }
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        self.apply(table, rules, dice, side, order)
    }
}

impl PhaseFlow for MeleeFlow {
    fn advance(&mut self, table: &mut Table, rules: &Rules, dice: &mut DiceService) -> Step {
        MeleeFlow::advance(self, table, rules, dice)
    }
    fn apply_order(
        &mut self,
        table: &mut Table,
        rules: &Rules,
        dice: &mut DiceService,
        side: Side,
        order: &Order,
    ) -> Result<(), String> {
        self.apply(table, rules, dice, side, order)
    }
}

/// The order that always moves the game on: pass, decline, or do not attempt.
pub fn passing_order(decision: &Decision) -> Order {
    match decision {
        Decision::Move { .. } => Order::EndMovement,
        Decision::Board { .. } => Order::EndBoarding,
        Decision::Shoot { .. } => Order::DeclineShooting,
        Decision::Disengage { unit, .. } => Order::Disengage {
            unit: *unit,
            attempt: false,
        },
        Decision::Engage {
            defender,
            candidates,
            ..
        } => Order::Engage {
            defender: *defender,
            attacker: candidates.first().copied().unwrap_or(*defender),
        },
        Decision::BreakOff { unit, .. } => Order::BreakOff {
            unit: *unit,
            attempt: false,
        },
    }
}
