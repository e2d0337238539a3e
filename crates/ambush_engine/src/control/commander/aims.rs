//! What the commander plays for: each unit's goal under the scenario's objective, and how a spot on the table is worth to it (progress, cover, danger, targets).

use super::Style;
use super::melee::chance_to_win;
use crate::control::marine_ai;
use crate::rules::movement;
use crate::rules::shooting;
use crate::rules::table::{Table, Unit, UnitId};
use ambush_data::Rules;
use ambush_data::board::{Edge, Side};
use ambush_data::geometry::Shape;
use ambush_data::scenario::Objective;
use ambush_data::tables::ShootAfter;
use glam::Vec2;

/// How far beyond its move an enemy is still counted as able to reach a spot next turn, inches:
/// its base and the one it charges.
const REACH_SLACK: f32 = 2.0;
/// The share of harm a shot at a unit in cover does, against one in the open: roughly one
/// point off a D6 to hit.
const COVERED_SHOT: f32 = 0.6;
/// How much a shot's harm counts against a charge's: a shot wounds at most, a lost melee can
/// cost the unit.
const SHOT_HARM: f32 = 0.4;

/// The odds `Picture::weighing` puts for an enemy that can reach none of the spots weighed.
const UNREAD_ODDS: f32 = 0.5;

/// How much more an inch toward an objective to reach counts than an inch toward the enemy.
const OBJECTIVE_URGENCY: f32 = 2.0;

/// One known enemy, as the commander weighs it.
pub struct Enemy {
    pub id: UnitId,
    pub at: Vec2,
    /// How far it can move, and so charge, next turn.
    pub reach: f32,
    /// How far it can shoot; 0 without a firearm.
    pub range: f32,
}

/// What the commander knows of its enemies and where it is going, worked out once a decision.
pub struct Picture {
    pub side: Side,
    pub enemies: Vec<Enemy>,
    /// The humans' objective is the ship, while it is still to be reached.
    pub ship: bool,
    /// The scenario's zone, to reach or to hold (or to stand in the way of).
    zone: Option<Shape>,
    /// This side must reach the zone, or leave by the edge, to win: it counts as the ship does.
    must_reach: bool,
    /// The edge this side must leave the table by (an `ExitEdge` objective of its own).
    exit: Option<Edge>,
    /// Spreading its attack (`Picture::spreading`): how many of this side's units stand within
    /// a standard move of each enemy, in `enemies`' order.
    beset: Option<Vec<usize>>,

    /// The rules' contact tolerance, inches.
    tolerance: f32,
}

impl Picture {
    pub fn of(table: &Table, rules: &Rules, side: Side) -> Picture {
        let enemies = table
            .known_enemies(side)
            .map(|e| Enemy {
                id: e.id,
                at: e.base.center,
                reach: movement::max_allowance(table, rules, e.id),
                range: range_of(table, rules, e),
            })
            .collect();
        let objective = table.config.scenario.objective.as_ref();
        let ship = must_board(objective, side);
        let zone = objective.and_then(|o| o.zone()).cloned();
        let exit = match objective {
            Some(Objective::ExitEdge { side: s, edge, .. }) if *s == side => Some(*edge),
            _ => None,
        };
        let must_reach = exit.is_some()
            || matches!(objective, Some(Objective::ReachZone { side: s, .. }) if *s == side);
        Picture {
            side,
            enemies,
            ship,
            zone,
            must_reach,
            exit,
            beset: None,
            tolerance: rules.general.contact_tolerance,
        }
    }

    /// The picture of a side that spreads its attack: a unit closing on the enemy makes for the
    /// nearest of the enemies with the fewest of its side's units within a standard move (001's
    /// SMR) of them, itself among them, rather than for the nearest. 001: "Only one unit may
    /// engage in a physical contact melee against another, other units in contact provide
    /// support": a second unit on an enemy adds one to the fight, where one sent to an enemy
    /// nobody is near takes it out of the fight for the others.
    pub fn spreading(mut self, table: &Table, rules: &Rules) -> Picture {
        let near = rules.general.smr;
        let own: Vec<Vec2> = table
            .side_on_table(self.side)
            .map(|u| u.base.center)
            .collect();
        self.beset = Some(
            self.enemies
                .iter()
                .map(|e| own.iter().filter(|p| p.distance(e.at) < near).count())
                .collect(),
        );
        self
    }

    /// The nearest known enemy to `p`, and how far it is.
    pub fn nearest(&self, p: Vec2) -> Option<(&Enemy, f32)> {
        self.enemies
            .iter()
            .map(|e| (e, e.at.distance(p)))
            .min_by(|a, b| a.1.total_cmp(&b.1).then(a.0.id.cmp(&b.0.id)))
    }

    /// Where unit `u` is going: the ship for the humans while it is their objective, the edge
    /// its side must leave by, the scenario's zone for both sides (to reach it, hold it, or bar
    /// the way to it), else the nearest enemy (spreading its attack, the nearest of the least
    /// beset) for a side that must destroy the other or bar a patrol's way, or nowhere (it holds
    /// its ground).
    pub fn goal(&self, table: &Table, rules: &Rules, u: &Unit) -> Option<Vec2> {
        if self.ship {
            // At the ship, a marine stays: it repairs, then boards.
            let tol = self.tolerance;
            if table.touches_ship(&u.base, tol) {
                return Some(u.base.center);
            }
            return table
                .ship()
                .and_then(|s| marine_ai::free_ship_slot(table, rules, &s.shape, u))
                .map(|(place, _)| place);
        }
        // An edge to leave by: beyond it, half the base's diagonal, so that the move straight
        // at it that stops a base short (`moves`) ends with the base at the edge, whichever way
        // it is turned, and leaves the table (`movement::at_edge`).
        if let Some(edge) = self.exit {
            let size = table.config.table();
            let at = movement::edge_point(edge, u.base.center, size);
            return Some(at + movement::outward(edge) * u.base.size.length() * 0.5);
        }
        // A zone to reach, to hold, or to stand in: a unit in it stays.
        if let Some(zone) = &self.zone {
            if zone.contains(u.base.center) {
                return Some(u.base.center);
            }
            return Some(zone.center());
        }
        if !closes(table.config.scenario.objective.as_ref(), self.side) {
            return None;
        }
        let here = u.base.center;
        match &self.beset {
            Some(beset) => self
                .enemies
                .iter()
                .zip(beset)
                .min_by(|a, b| {
                    a.1.cmp(b.1)
                        .then(a.0.at.distance(here).total_cmp(&b.0.at.distance(here)))
                        .then(a.0.id.cmp(&b.0.id))
                })
                .map(|(e, _)| e.at),
            None => self.nearest(here).map(|(e, _)| e.at),
        }
    }

    /// What a unit's spots are weighed by that does not change from spot to spot, worked out
    /// once: its goal, its odds in a melee with each known enemy, and its weapons' reach.
    /// `spots_within`: how far from the unit the spots to be weighed may lie (its move; adrift,
    /// anywhere). The odds against an enemy that could reach none of them are never read
    /// (`danger`), so they are not worked out: a melee's odds cost more than all the rest.
    pub fn weighing(&self, table: &Table, rules: &Rules, u: &Unit, spots_within: f32) -> Weighing {
        let here = u.base.center;
        Weighing {
            goal: self.goal(table, rules, u),
            odds: self
                .enemies
                .iter()
                .map(|e| {
                    if e.at.distance(here) > spots_within + e.reach + REACH_SLACK + 1.0 {
                        UNREAD_ODDS
                    } else {
                        chance_to_win(table, rules, u.id, e.id, 0)
                    }
                })
                .collect(),
            range: range_of(table, rules, u),
        }
    }

    /// What ending at `p` is worth to the unit `w` weighs, in inches of progress: nearer its
    /// goal, in cover, out of the enemy's reach, with a target and its shot kept (`keeps_shot`).
    pub fn worth(
        &self,
        table: &Table,
        w: &Weighing,
        p: Vec2,
        keeps_shot: bool,
        style: &Style,
    ) -> f32 {
        let mut worth = 0.0;
        if let Some(goal) = w.goal {
            // The ship, or a zone to reach, is the side's only way to win: it counts for more
            // than an enemy to close on.
            let urgency = if self.ship || self.must_reach {
                OBJECTIVE_URGENCY
            } else {
                1.0
            };
            worth -= style.progress * urgency * p.distance(goal);
        }
        let covered = table.in_cover_terrain(p);
        if covered {
            worth += style.cover;
        }
        worth -= style.caution * self.danger(w, p, covered);
        if keeps_shot && w.range > 0.0 && self.enemies.iter().any(|e| e.at.distance(p) <= w.range) {
            worth += style.fire;
        }
        worth
    }

    /// The harm the known enemy can do next turn to the unit `w` weighs, standing at `p`: each
    /// enemy that can charge it counts its chance of winning the melee, each that can shoot it
    /// a part of a shot.
    fn danger(&self, w: &Weighing, p: Vec2, covered: bool) -> f32 {
        let mut harm = 0.0;
        for (e, odds) in self.enemies.iter().zip(&w.odds) {
            let d = e.at.distance(p);
            if d <= e.reach + REACH_SLACK {
                harm += 1.0 - odds;
            } else if e.range > 0.0 && d <= e.range {
                harm += SHOT_HARM * if covered { COVERED_SHOT } else { 1.0 };
            }
        }
        harm
    }
}

/// Whether `side` closes on the enemy under `objective`: the aliens of 001's own game, a
/// `Destroy` objective's side, and the side barring the way of a patrol that must get out by an
/// edge. The other holds its ground.
fn closes(objective: Option<&Objective>, side: Side) -> bool {
    match objective {
        // Destroy or survive: the destroyer closes, the survivor holds its ground.
        Some(Objective::Destroy { side: s }) => *s == side,
        // A patrol that must get out: the other side bars the way, closing on it.
        Some(Objective::ExitEdge { side: s, .. }) => *s != side,
        // The aliens win only by destroying the humans (001); a holding action's humans and a
        // scenario with no objective's hold their ground.
        _ => side == Side::Aliens,
    }
}

/// Whether `side` must destroy the enemy before the turn limit to win under `objective`, so that
/// every turn it waits is one the enemy needs: a holding action's attackers (001's aliens, who
/// win only by destroying the humans, against a side that wins by standing at the limit),
/// `Destroy`'s destroyer, and the aliens of a scenario with no objective, who win only by
/// destroying the humans (001) and at the turn limit have only a draw. A side barring a patrol's
/// way or a crashed ship's boarding has the clock on its side instead.
pub fn against_the_clock(objective: Option<&Objective>, side: Side) -> bool {
    match objective {
        Some(Objective::HoldUntilTurnLimit) | None => side == Side::Aliens,
        Some(Objective::Destroy { side: s }) => *s == side,
        _ => false,
    }
}

/// Whether `side` must repair and board before the turn limit to win: the humans of a
/// repair-and-board scenario (001's crashed ship).
pub fn must_board(objective: Option<&Objective>, side: Side) -> bool {
    matches!(objective, Some(Objective::RepairAndBoard { .. })) && side == Side::Humans
}

/// Whether a unit of `side` on the table drifts (003's zero-g): sent somewhere, it pushes off
/// and sails on until it hits something, so a step toward a spot does not end there.
pub fn adrift(table: &Table, rules: &Rules, side: Side) -> bool {
    table
        .side_on_table(side)
        .any(|u| crate::rules::environment::drifts(table, rules, u))
}

/// Whether `side` wins by denying the enemy its objective until the turn limit, so that it gains
/// nothing by going forward and everything by waiting where the enemy must come: the crashed
/// ship's aliens, who need only keep the humans from boarding (they seldom destroy them), and a
/// holding action's holders. A side barring a patrol's way must still catch it before it gets
/// through, so it is not one (`bars_the_way`).
pub fn denies(objective: Option<&Objective>, side: Side) -> bool {
    match objective {
        Some(Objective::RepairAndBoard { .. }) => side == Side::Aliens,
        Some(Objective::HoldUntilTurnLimit) => side == Side::Humans,
        _ => false,
    }
}

/// Whether `side` bars the enemy's way under `objective`: the enemy wins by getting units out by
/// an edge or into a zone, so `side` must catch them before they get through, and waiting only
/// lets them.
pub fn bars_the_way(objective: Option<&Objective>, side: Side) -> bool {
    match objective {
        Some(Objective::ExitEdge { side: s, .. } | Objective::ReachZone { side: s, .. }) => {
            *s != side
        }
        _ => false,
    }
}

/// A unit about to have its spots weighed (`Picture::weighing`).
pub struct Weighing {
    /// Where it is going (`Picture::goal`).
    pub goal: Option<Vec2>,
    /// Its chance of winning a melee with each of the picture's enemies, in their order.
    odds: Vec<f32>,
    /// How far it can shoot.
    pub range: f32,
}

/// Whether unit `u` may still shoot after moving from where it stands to `to` (001's "may
/// shoot after" of its troop type).
pub fn keeps_shot(rules: &Rules, u: &Unit, to: Vec2) -> bool {
    match rules.troop(u.troop).shoot_after {
        ShootAfter::AnyMove => true,
        ShootAfter::NoMoveOnly => to.distance(u.base.center) < 1e-3,
        ShootAfter::NoMoveOrStraightForward => matches!(
            movement::classify(&u.base, to),
            crate::rules::table::MoveKind::NoMove | crate::rules::table::MoveKind::StraightForward
        ),
    }
}

/// How far `u` can shoot; 0 with nothing to shoot (a weapon of no range band).
pub fn range_of(table: &Table, rules: &Rules, u: &Unit) -> f32 {
    shooting::longest_reach(table, rules, u).max(0.0)
}
