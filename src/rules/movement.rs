//! Movement: the 001 movement definitions, allowances, terrain costs, legal moves, and steering.

use ambush_data::geometry;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};

use crate::rules::environment;
use crate::rules::formation;
use crate::rules::grid::{TableGrid, UnitGrid};
use crate::rules::table::{MoveKind, Surprise, Table, Unit, UnitId};
use crate::rules::wounds::{crippled, placement_clear};
use ambush_data::ambush_spec::SurpriseEffects;
use ambush_data::board::Edge;
use ambush_data::board::Going;
use ambush_data::geometry::{Footprint, PlacedBase, PlacedShape};
use ambush_data::tables::Rules;
use glam::Vec2;

/// Classifies a move by 001's definitions, relative to the base's facing before it moved.
/// "Straight Forward: ... advanced in the direction to which it was originally facing, and not
/// ending its turn more than one base width to the left or right of its original position."
pub fn classify(start: &Footprint, to: Vec2) -> MoveKind {
    let d = to - start.center;
    if d.length() < MEASURING_SLACK {
        return MoveKind::NoMove;
    }
    let fwd = d.dot(start.forward());
    let lat = d.dot(start.right()).abs();
    if fwd > MEASURING_SLACK {
        if lat <= start.width() + 1e-4 {
            MoveKind::StraightForward
        } else {
            MoveKind::Advance
        }
    } else if fwd < -MEASURING_SLACK {
        MoveKind::FallBack
    } else {
        MoveKind::Advance
    }
}

/// How far a unit may move in inches for a kind of move (halved for a crippled human).
pub fn allowance(table: &Table, rules: &Rules, id: UnitId, kind: MoveKind) -> f32 {
    allowance_while(table, rules, id, kind, SurpriseMove::Ordinary)
}

/// What a move is for, while 002's roll for doom holds the other side surprised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SurpriseMove {
    /// "Move up to 20% of movement rate (if not engaged)".
    Ordinary,
    /// "Shift position to engage a surprised foe", "Charge an opponent": the active party closes
    /// on a surprised unit across the closing range and strikes.
    OntoTheSurprised,
}

fn allowance_while(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    kind: MoveKind,
    purpose: SurpriseMove,
) -> f32 {
    let Some(u) = table.unit(id) else { return 0.0 };
    let Some(m) = formation::movement_of(rules, u) else {
        return 0.0;
    };
    let smr = match (m.any_direction, kind) {
        (Some(any), _) => any,
        (None, MoveKind::NoMove) => 0.0,
        (None, MoveKind::StraightForward) => m.straight_forward,
        (None, MoveKind::Advance) => m.advance,
        (None, MoveKind::FallBack) => m.fall_back,
        (None, MoveKind::AnyDirection) => m.straight_forward,
        (None, MoveKind::Reformed | MoveKind::Drift) => 0.0,
    };
    let factor = if crippled(table, rules, id) {
        rules.wounds.degradation_half_move_factor
    } else {
        1.0
    } * environment::movement_factor(table, rules, u);
    // 002: while the other side is surprised, the active party may "Move up to 20% of movement
    // rate".
    let doom = table
        .config
        .ambush
        .as_ref()
        .is_some_and(|a| a.effects == SurpriseEffects::RollForDoom);
    let enemy_surprised = || {
        table.units.iter().any(|e| {
            e.side != u.side && e.on_table() && matches!(e.surprise, Surprise::Doom { .. })
        })
    };
    let check = &rules.ambush.surprise_check;
    let surprise = match purpose {
        _ if !(doom && enemy_surprised()) => 1.0,
        SurpriseMove::Ordinary => check.active_move_fraction,
        // The charge reaches as far as the closing range within which surprise was possible.
        SurpriseMove::OntoTheSurprised => check.closing_range_moves.min(1.0),
    };
    smr * rules.general.smr * factor * surprise
}

/// The largest allowance of any kind (for steering and reach checks).
pub fn max_allowance(table: &Table, rules: &Rules, id: UnitId) -> f32 {
    [
        MoveKind::StraightForward,
        MoveKind::Advance,
        MoveKind::FallBack,
    ]
    .iter()
    .map(|k| allowance(table, rules, id, *k))
    .fold(0.0, f32::max)
}

/// The cost of moving a base's centre from `a` to `b`: bad going costs extra per inch inside it.
pub fn path_cost(table: &Table, rules: &Rules, a: Vec2, b: Vec2) -> f32 {
    path_cost_through(&bad_going(table), rules, a, b)
}

/// The bad going of the table, each feature worked out once, in table order.
fn bad_going(table: &Table) -> Vec<PlacedShape> {
    table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Bad)
        .map(|f| f.shape.placed())
        .collect()
}

/// `path_cost`, given the table's `bad_going` worked out once.
fn path_cost_through(bad: &[PlacedShape], rules: &Rules, a: Vec2, b: Vec2) -> f32 {
    let extra: f32 = bad.iter().map(|f| f.length_inside(a, b)).sum();
    a.distance(b) + extra * (rules.general.bad_going_cost - 1.0)
}

/// Why a unit may not move at all this phase.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CannotMove {
    #[error("{0} is not on the table")]
    NotOnTable(String),
    #[error("{0} has already moved this phase")]
    AlreadyMoved(String),
    /// The unit, and its surprise in words.
    #[error("{0} is {1}")]
    Surprised(String, &'static str),
    #[error("{0} is stunned (Clubs) and may not move this phase")]
    Stunned(String),
    #[error("{0} is withdrawing")]
    Withdrawing(String),
    #[error("{0} is in base contact with the enemy")]
    InContact(String),
    #[error("{0} is drifting in zero-g and cannot move until it hits something")]
    Drifting(String),
    /// The unit and its formation in words.
    #[error("{0} is {1} and may not move; it may change formation instead")]
    InFormation(String, String),
}

/// What stops a base on its way.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PathBlocked {
    #[error("the move would leave the table")]
    LeavesTable,
    #[error("the path crosses impassable terrain ({0})")]
    Impassable(String),
    #[error("the path is blocked by {0}")]
    By(String),
}

/// Why the rules refuse a move or a charge, in the words the player sees.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Cannot(#[from] CannotMove),
    #[error("no such unit")]
    NoSuchUnit,
    #[error("no such target")]
    NoSuchTarget,
    #[error("{0} is not an enemy on the table")]
    NotAnEnemy(String),
    #[error("{unit}: {blocked}")]
    Path { unit: String, blocked: PathBlocked },
    #[error(
        "{unit}: {kind} of {distance:.1}\" costs {cost:.1}\" but the allowance is {allowance:.1}\""
    )]
    BeyondAllowance {
        unit: String,
        kind: &'static str,
        distance: f32,
        cost: f32,
        allowance: f32,
    },
    #[error("{0}: the end position is not clear")]
    EndNotClear(String),
    #[error("{0}: moving into contact with the enemy is a charge")]
    ContactIsACharge(String),
    #[error("the group's bases would overlap after turning")]
    GroupOverlaps,
    #[error(
        "{unit}: charging {target} costs {cost:.1}\" but a {kind} move allows {allowance:.1}\""
    )]
    ChargeBeyondAllowance {
        unit: String,
        target: String,
        cost: f32,
        kind: &'static str,
        allowance: f32,
    },
    #[error("{unit}: no room at that edge of {target}")]
    NoRoomAtEdge { unit: String, target: String },
    #[error("no edge of the target can be reached")]
    NoEdgeReachable,
}

/// Whether a base can slide from `start` to `end` without crossing impassable terrain or another
/// base (other than `ignore`). Samples every half inch; the base keeps its facing until the end.
pub fn path_clear(
    table: &Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    ignore: &[UnitId],
) -> Result<(), PathBlocked> {
    path_blocker(table, rules, start, end, ignore).map_err(|b| b.in_words(table))
}

/// `path_clear`, with what blocks the way not yet in words.
fn path_blocker<'t>(
    table: &'t Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    ignore: &[UnitId],
) -> Result<(), Blocker<'t>> {
    let others = table
        .units
        .iter()
        .filter(|u| u.on_table() && !ignore.contains(&u.id))
        .map(|u| (u, None));
    let walls = impassable_walls(table);
    path_clear_of_bases(table, rules, start, end, others, &walls, &mut Vec::new())
}

/// Impassable terrain, each feature worked out once, with its name.
fn impassable_walls(table: &Table) -> Vec<(PlacedShape, &str)> {
    table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Impassable)
        .map(|f| (f.shape.placed(), f.name.as_str()))
        .collect()
}

/// What stops a base on its way, before it is put in words (`PathBlocked`): a search that only
/// asks whether a path is clear never builds the words.
#[derive(Debug, Clone, Copy)]
enum Blocker<'t> {
    LeavesTable,
    Wall(&'t str),
    Base(&'t Unit),
}

impl Blocker<'_> {
    fn in_words(self, table: &Table) -> PathBlocked {
        match self {
            Blocker::LeavesTable => PathBlocked::LeavesTable,
            Blocker::Wall(name) => PathBlocked::Impassable(name.to_string()),
            Blocker::Base(u) => PathBlocked::By(table.public_name(u).to_string()),
        }
    }
}

/// `path_clear` against `others` (the bases that may be in the way, in table order) and
/// `walls`, with `near` to work in. Samples every half inch; the base keeps its facing until
/// the end.
fn path_clear_of_bases<'t, 'p>(
    table: &Table,
    rules: &Rules,
    start: &Footprint,
    end: &Footprint,
    others: impl Iterator<Item = (&'t Unit, Option<&'p PlacedBase>)>,
    walls: &[(PlacedShape, &'t str)],
    near: &mut Vec<(PlacedBase, &'t Unit)>,
) -> Result<(), Blocker<'t>> {
    let len = start.center.distance(end.center);
    // Half-inch steps: no base is narrower than an inch, so none can be stepped over.
    let steps = (len / 0.5).ceil().max(1.0) as usize;
    let tol = rules.general.contact_tolerance;
    let reach = len + start.size.length() + 2.0;
    let me = PlacedBase::new(*start);
    // Only what could touch the base somewhere on its way is tested at each step: the rest is
    // farther from the path than the two bases' reach (with a margin for rounding).
    near.clear();
    near.extend(
        others
            .filter(|(u, _)| {
                u.base.center.distance(start.center) <= reach
                    && geometry::point_segment_distance(u.base.center, start.center, end.center)
                        <= u.base.size.length() * 0.5 + me.radius + tol + BROAD_PHASE_MARGIN
            })
            .map(|(u, p)| (p.copied().unwrap_or_else(|| PlacedBase::new(u.base)), u)),
    );
    let walls: Vec<&(PlacedShape, &str)> = walls
        .iter()
        .filter(|(s, _)| s.may_reach_path(start.center, end.center, me.radius, BROAD_PHASE_MARGIN))
        .collect();
    sweep(table, start, end, steps, near, &walls, tol)
}

/// A checked move: the new pose of every unit that moves, and how it classified.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    pub poses: Vec<(UnitId, Footprint)>,
    pub kind: MoveKind,
    pub cost: f32,
    pub allowance: f32,
}

/// Why a unit may not move at all this phase, if it may not.
pub fn cannot_move(table: &Table, rules: &Rules, id: UnitId) -> Option<CannotMove> {
    let u = table.unit(id)?;
    Some(held_still(table, rules, u)?.in_words(u))
}

/// `cannot_move`, asking `grid` (of this table as it stands) which units are near.
pub fn cannot_move_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    id: UnitId,
) -> Option<CannotMove> {
    let u = table.unit(id)?;
    let tol = rules.general.contact_tolerance;
    let held = held_still_asking(table, u, || table.in_enemy_contact_via_grid(grid, id, tol))?;
    Some(held.in_words(u))
}

/// `free_to_move`, asking `grid` (of this table as it stands) which units are near.
pub fn free_to_move_via_grid(table: &Table, rules: &Rules, grid: &UnitGrid, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table.unit(id).is_none_or(|u| {
        held_still_asking(table, u, || table.in_enemy_contact_via_grid(grid, id, tol)).is_none()
    })
}

/// Whether unit `id` may move this phase: `cannot_move` without the words, for the AI's and the
/// phase's many questions (a unit that does not exist is not held).
pub fn free_to_move(table: &Table, rules: &Rules, id: UnitId) -> bool {
    table
        .unit(id)
        .is_none_or(|u| held_still(table, rules, u).is_none())
}

/// What holds a unit still this phase: `CannotMove` before the unit's name is put in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum HeldStill {
    NotOnTable,
    AlreadyMoved,
    Surprised(&'static str),
    Stunned,
    Withdrawing,
    Drifting,
    InContact,
}

impl HeldStill {
    /// What holds unit `u` still, in words.
    fn in_words(self, u: &Unit) -> CannotMove {
        let unit = u.label.to_string();
        match self {
            HeldStill::NotOnTable => CannotMove::NotOnTable(unit),
            HeldStill::AlreadyMoved => CannotMove::AlreadyMoved(unit),
            HeldStill::Surprised(why) => CannotMove::Surprised(unit, why),
            HeldStill::Stunned => CannotMove::Stunned(unit),
            HeldStill::Withdrawing => CannotMove::Withdrawing(unit),
            HeldStill::Drifting => CannotMove::Drifting(unit),
            HeldStill::InContact => CannotMove::InContact(unit),
        }
    }
}

fn held_still(table: &Table, rules: &Rules, u: &Unit) -> Option<HeldStill> {
    held_still_asking(table, u, || {
        table.in_enemy_contact(u.id, rules.general.contact_tolerance)
    })
}

/// `held_still`, asking `in_contact` whether an enemy touches the unit (last, as it costs most).
fn held_still_asking(
    table: &Table,
    u: &Unit,
    in_contact: impl FnOnce() -> bool,
) -> Option<HeldStill> {
    if !u.on_table() {
        return Some(HeldStill::NotOnTable);
    }
    if u.marks.moved.is_some() {
        return Some(HeldStill::AlreadyMoved);
    }
    if !u.surprise.may_move() {
        return Some(HeldStill::Surprised(u.surprise.why()));
    }
    if u.status.stunned {
        return Some(HeldStill::Stunned);
    }
    if u.status.withdrawing {
        return Some(HeldStill::Withdrawing);
    }
    if table.exposure.drift(u.id).is_some() {
        return Some(HeldStill::Drifting);
    }
    if in_contact() {
        return Some(HeldStill::InContact);
    }
    None
}

/// Checks a move of unit `id` (and its group, when `group`) so its centre ends at `to` facing `facing`.
pub fn plan_move(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    to: Vec2,
    facing: f32,
    group: bool,
) -> Result<MovePlan, MoveError> {
    MoveSearch::new(table, rules, id, group)?.plan(to, facing)
}

/// The checks of a move that do not depend on where it goes, done once for a search that tries
/// many destinations (the marine AI): the group, whether each member may move, and the bases and
/// walls worked out for the broad phase. `plan` then answers exactly as `plan_move` would.
pub struct MoveSearch<'a> {
    table: &'a Table,
    rules: &'a Rules,
    members: Vec<UnitId>,
    /// Each member's unit, in `members` order.
    units: Vec<&'a Unit>,
    /// Each member's place in `table.units` (ids are unique: the place is the id's only unit).
    places: Vec<usize>,
    /// Each member's allowance for each kind of move, worked out when first needed.
    allowances: Vec<[Option<f32>; MOVE_KINDS]>,
    /// The units on the table, filed by place once: each destination tried looks only at the
    /// bases near its path and its end.
    grid: TableGrid<'a>,
    /// Impassable terrain, worked out once.
    walls: Vec<(PlacedShape, &'a str)>,
    /// Bad going, worked out once.
    bad: Vec<PlacedShape>,
    /// Room to work in, kept between destinations: the places of the units a query found, and
    /// bases worked out.
    found: Vec<usize>,
    placed: Vec<(PlacedBase, &'a Unit)>,
}

/// How many kinds of move there are (`MoveKind` as an index).
const MOVE_KINDS: usize = 7;

fn kind_index(kind: MoveKind) -> usize {
    match kind {
        MoveKind::NoMove => 0,
        MoveKind::StraightForward => 1,
        MoveKind::Advance => 2,
        MoveKind::FallBack => 3,
        MoveKind::AnyDirection => 4,
        MoveKind::Reformed => 5,
        MoveKind::Drift => 6,
    }
}

impl<'a> MoveSearch<'a> {
    /// The group of `id` (or `id` alone), refused if any member may not move.
    pub fn new(
        table: &'a Table,
        rules: &'a Rules,
        id: UnitId,
        group: bool,
    ) -> Result<Self, MoveError> {
        table.unit(id).ok_or(MoveError::NoSuchUnit)?;
        let grid = table.grid();
        let members = if group {
            table.group_via_grid(&grid, id, rules.general.contact_tolerance)
        } else {
            vec![id]
        };
        Self::among(table, rules, &grid, members)
    }

    /// `new`, with `grid` (of this table as it stands) filed already and the `members` found:
    /// the unit alone, or its group as `Table::group_via_grid` gives it.
    pub fn among(
        table: &'a Table,
        rules: &'a Rules,
        grid: &TableGrid<'a>,
        members: Vec<UnitId>,
    ) -> Result<Self, MoveError> {
        let grid = grid.clone();
        for m in &members {
            if let Some(why) = cannot_move_via_grid(table, rules, &grid, *m)
                .or_else(|| table.unit(*m).and_then(|u| held_by_formation(rules, u)))
            {
                return Err(why.into());
            }
        }
        let places = members
            .iter()
            .map(|m| table.index(*m).ok_or(MoveError::NoSuchUnit))
            .collect::<Result<Vec<_>, _>>()?;
        let units = places.iter().map(|i| &table.units[*i]).collect();
        let walls = impassable_walls(table);
        Ok(MoveSearch {
            table,
            rules,
            allowances: vec![[None; MOVE_KINDS]; members.len()],
            members,
            units,
            places,
            grid,
            walls,
            bad: bad_going(table),
            found: Vec::new(),
            placed: Vec::new(),
        })
    }

    /// Member `i`'s allowance for a kind of move.
    fn allowance(&mut self, i: usize, kind: MoveKind) -> f32 {
        let slot = &mut self.allowances[i][kind_index(kind)];
        *slot.get_or_insert_with(|| allowance(self.table, self.rules, self.members[i], kind))
    }

    /// Checks the move to `to`, facing `facing`: `plan_move`'s answer, to the bit.
    pub fn plan(&mut self, to: Vec2, facing: f32) -> Result<MovePlan, MoveError> {
        self.check(to, facing, TestOrder::AsRefused)
            .map_err(|r| r.in_words(self))
    }

    /// Whether `plan` would accept the move, without putting a refusal in words: for a search
    /// that tries many destinations and refuses most.
    pub fn allows(&mut self, to: Vec2, facing: f32) -> bool {
        self.check(to, facing, TestOrder::Quickest).is_ok()
    }

    /// `plan`, with a refusal not yet in words, its tests in `order`.
    fn check(&mut self, to: Vec2, facing: f32, order: TestOrder) -> Result<MovePlan, Refusal<'a>> {
        let rules = self.rules;
        let tol = rules.general.contact_tolerance;
        let shift = to - self.units[0].base.center;
        let mut poses = Vec::with_capacity(self.members.len());
        let mut worst = (MoveKind::NoMove, 0.0f32, f32::INFINITY);
        for i in 0..self.members.len() {
            let u = self.units[i];
            let end_center = u.base.center + shift;
            let kind = if moves_any_direction(rules, u) {
                if shift.length() < MEASURING_SLACK {
                    MoveKind::NoMove
                } else {
                    MoveKind::AnyDirection
                }
            } else {
                classify(&u.base, end_center)
            };
            let mut face = facing;
            // "If a unit 'falling back', ends up more than one base width to the left or right of
            // its original position, it must be faced in the direction to which it moved."
            if kind == MoveKind::FallBack && shift.dot(u.base.right()).abs() > u.base.width() + 1e-4
            {
                face = geometry::angle_of(shift);
            }
            let cost = path_cost_through(&self.bad, rules, u.base.center, end_center);
            let allow = self.allowance(i, kind);
            if kind != MoveKind::NoMove && cost > allow + MEASURING_SLACK {
                return Err(Refusal::BeyondAllowance {
                    member: i,
                    kind,
                    distance: shift.length(),
                    cost,
                    allowance: allow,
                });
            }
            if cost / allow.max(MEASURING_SLACK) > worst.1 / worst.2.max(MEASURING_SLACK)
                || worst.2.is_infinite()
            {
                worst = (kind, cost, allow);
            }
            poses.push((
                self.members[i],
                Footprint::new(end_center, u.base.size, face),
            ));
        }
        let moves = shift.length() >= MEASURING_SLACK;
        if order == TestOrder::AsRefused {
            for (i, (_, end)) in poses.iter().enumerate() {
                if moves {
                    self.path_refusal(i, end)?;
                }
                self.end_refusal(i, end)?;
            }
            group_refusal(&poses, tol)?;
        } else {
            // Every end, then the group, then the paths: a path is tested at many places, an
            // end at one, and in a crowd most destinations are refused at their ends.
            for (i, (_, end)) in poses.iter().enumerate() {
                self.end_refusal(i, end)?;
            }
            group_refusal(&poses, tol)?;
            if moves {
                for (i, (_, end)) in poses.iter().enumerate() {
                    self.path_refusal(i, end)?;
                }
            }
        }
        Ok(MovePlan {
            poses,
            kind: worst.0,
            cost: worst.1,
            allowance: worst.2,
        })
    }

    /// Whether member `i` may slide to `end` (its path clear, ignoring the members).
    fn path_refusal(&mut self, i: usize, end: &Footprint) -> Result<(), Refusal<'a>> {
        let start = self.units[i].base;
        self.path_clear(&start, &start.at(end.center))
            .map_err(|blocked| Refusal::Path { member: i, blocked })
    }

    /// Whether member `i` may stand at `end`: room there, and no enemy touched.
    fn end_refusal(&mut self, i: usize, end: &Footprint) -> Result<(), Refusal<'a>> {
        let (table, u) = (self.table, self.units[i]);
        let tol = self.rules.general.contact_tolerance;
        let placed = PlacedBase::new(*end);
        // Every base that could overlap or touch the end, worked out once.
        self.find_others_near(end.center, end.center, placed.radius + tol);
        let mut others = std::mem::take(&mut self.placed);
        others.clear();
        others.extend(
            self.found
                .iter()
                .map(|o| (*self.grid.placed(*o), &table.units[*o])),
        );
        // `placement_clear`, against the bases and walls worked out once.
        let clear = placed.on_table(table.config.table, MEASURING_SLACK)
            && !self.walls.iter().any(|(w, _)| w.overlaps(&placed, tol))
            && !others.iter().any(|(o, _)| placed.overlaps(o, tol));
        // Members are friends of one another: only the others can be enemies.
        let enemy_contact = || {
            others
                .iter()
                .any(|(o, e)| e.side != u.side && placed.in_contact(o, tol))
        };
        let refusal = if !clear {
            Err(Refusal::EndNotClear(i))
        } else if enemy_contact() {
            Err(Refusal::ContactIsACharge(i))
        } else {
            Ok(())
        };
        self.placed = others;
        refusal
    }

    /// Fills `found` with the places of the units on the table other than the members that
    /// the grid finds within `reach` of the segment from `a` to `b`, in table order.
    fn find_others_near(&mut self, a: Vec2, b: Vec2, reach: f32) {
        self.grid.near_segment(a, b, reach, &mut self.found);
        let places = &self.places;
        self.found.retain(|i| !places.contains(i));
    }

    /// `path_clear` ignoring the members, against the bases and walls worked out once.
    fn path_clear(&mut self, start: &Footprint, end: &Footprint) -> Result<(), Blocker<'a>> {
        // `path_clear_of_bases` keeps what lies within both bases' reach (and its margin) of the path.
        let tol = self.rules.general.contact_tolerance;
        let reach = start.size.length() * 0.5 + tol + BROAD_PHASE_MARGIN;
        self.find_others_near(start.center, end.center, reach);
        let (table, grid) = (self.table, &self.grid);
        let others = self
            .found
            .iter()
            .map(|i| (&table.units[*i], Some(grid.placed(*i))));
        path_clear_of_bases(
            table,
            self.rules,
            start,
            end,
            others,
            &self.walls,
            &mut self.placed,
        )
    }
}

/// The order in which a move's tests are made. A move passes every test or is refused, in any
/// order; the order only decides which refusal a refused move gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum TestOrder {
    /// Each member's path, then its end, then the group's overlap: the refusal the player reads.
    AsRefused,
    /// The cheapest tests first, for a search that only asks whether a move passes.
    Quickest,
}

/// Whether the group's bases, at their ends, stay clear of one another.
fn group_refusal<'t>(poses: &[(UnitId, Footprint)], tol: f32) -> Result<(), Refusal<'t>> {
    for (i, (_, a)) in poses.iter().enumerate() {
        for (_, b) in poses.iter().skip(i + 1) {
            if geometry::bases_overlap(a, b, tol) {
                return Err(Refusal::GroupOverlaps);
            }
        }
    }
    Ok(())
}

/// Why a move is refused, before it is put in words (`MoveError`); a member by its place in
/// the group.
#[derive(Debug, Clone, Copy)]
enum Refusal<'t> {
    BeyondAllowance {
        member: usize,
        kind: MoveKind,
        distance: f32,
        cost: f32,
        allowance: f32,
    },
    Path {
        member: usize,
        blocked: Blocker<'t>,
    },
    EndNotClear(usize),
    ContactIsACharge(usize),
    GroupOverlaps,
}

impl Refusal<'_> {
    fn in_words(self, search: &MoveSearch) -> MoveError {
        let (table, label) = (search.table, |i: usize| search.units[i].label.to_string());
        match self {
            Refusal::BeyondAllowance {
                member,
                kind,
                distance,
                cost,
                allowance,
            } => MoveError::BeyondAllowance {
                unit: label(member),
                kind: kind.name(),
                distance,
                cost,
                allowance,
            },
            Refusal::Path { member, blocked } => MoveError::Path {
                unit: label(member),
                blocked: blocked.in_words(table),
            },
            Refusal::EndNotClear(member) => MoveError::EndNotClear(label(member)),
            Refusal::ContactIsACharge(member) => MoveError::ContactIsACharge(label(member)),
            Refusal::GroupOverlaps => MoveError::GroupOverlaps,
        }
    }
}

/// Steps a base from `start` to `end` in `steps` equal steps (keeping its facing until the
/// last), testing each against the table's edge, the `walls` and the `near` bases in turn.
fn sweep<'t>(
    table: &Table,
    start: &Footprint,
    end: &Footprint,
    steps: usize,
    near: &[(PlacedBase, &'t Unit)],
    walls: &[&(PlacedShape, &'t str)],
    tol: f32,
) -> Result<(), Blocker<'t>> {
    let fwd = start.forward();
    for i in 1..=steps {
        let t = i as f32 / steps as f32;
        let b = if i == steps {
            *end
        } else {
            start.at(start.center.lerp(end.center, t))
        };
        // The last step may turn to the end's facing; every other keeps the start's.
        let placed = if i == steps {
            PlacedBase::new(b)
        } else {
            PlacedBase::along(b, fwd)
        };
        if !placed.on_table(table.config.table, MEASURING_SLACK) {
            return Err(Blocker::LeavesTable);
        }
        if let Some((_, name)) = walls.iter().find(|(s, _)| s.overlaps(&placed, tol)) {
            return Err(Blocker::Wall(name));
        }
        if let Some((_, u)) = near.iter().find(|(p, _)| placed.overlaps(p, tol)) {
            return Err(Blocker::Base(u));
        }
    }
    Ok(())
}

/// Whether unit `id` may charge `target` at all, before any distance is measured: free to move
/// and to attack, and the target an enemy on the table. Returns where the target stands.
pub fn charge_target(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    target: UnitId,
) -> Result<Vec2, MoveError> {
    if let Some(why) = cannot_move(table, rules, id)
        .or_else(|| table.unit(id).and_then(|u| held_by_formation(rules, u)))
    {
        return Err(why.into());
    }
    let u = table.unit(id).ok_or(MoveError::NoSuchUnit)?;
    let t = table.unit(target).ok_or(MoveError::NoSuchTarget)?;
    if !u.surprise.may_attack() {
        return Err(CannotMove::Surprised(u.label.to_string(), u.surprise.why()).into());
    }
    // A hidden unit cannot be aimed at: the enemy knows only its counter.
    if t.side == u.side || !t.on_table() || t.status.hidden {
        return Err(MoveError::NotAnEnemy(table.public_name(t).to_string()));
    }
    Ok(t.base.center)
}

/// Checks a charge: unit `id` moves into contact with `target`, its front edge aligned with the
/// closest reachable edge of the target (001: "its front edge is positioned so that it aligns
/// with the closest edge of the enemy"). `edge` forces one edge (0 front, 1 right, 2 rear, 3 left).
pub fn plan_charge(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    target: UnitId,
    edge: Option<usize>,
) -> Result<MovePlan, MoveError> {
    charge_target(table, rules, id, target)?;
    let u = table.unit(id).ok_or(MoveError::NoSuchUnit)?;
    let t = table.unit(target).ok_or(MoveError::NoSuchTarget)?;
    let edges: Vec<usize> = match edge {
        Some(e) => vec![e.min(3)],
        None => {
            let mut e: Vec<usize> = (0..4).collect();
            e.sort_by(|a, b| {
                let pa = geometry::contact_pose(&u.base, &t.base, *a).center;
                let pb = geometry::contact_pose(&u.base, &t.base, *b).center;
                pa.distance(u.base.center)
                    .total_cmp(&pb.distance(u.base.center))
            });
            e
        }
    };
    // Why the last edge tried was refused, put in words only if every edge is.
    let mut last: Option<ChargeRefusal> = None;
    // The bad going, worked out once for every edge tried.
    let bad = bad_going(table);
    for e in edges {
        let pose = geometry::contact_pose(&u.base, &t.base, e);
        let kind = if moves_any_direction(rules, u) {
            MoveKind::AnyDirection
        } else {
            classify(&u.base, pose.center)
        };
        let cost = path_cost_through(&bad, rules, u.base.center, pose.center);
        let purpose = if matches!(t.surprise, Surprise::Doom { .. }) {
            SurpriseMove::OntoTheSurprised
        } else {
            SurpriseMove::Ordinary
        };
        let allow = allowance_while(table, rules, id, kind, purpose);
        if cost > allow + MEASURING_SLACK {
            last = Some(ChargeRefusal::BeyondAllowance { cost, kind, allow });
            continue;
        }
        if let Err(blocked) = path_blocker(
            table,
            rules,
            &u.base,
            &u.base.at(pose.center),
            &[id, target],
        ) {
            last = Some(ChargeRefusal::Path(blocked));
            continue;
        }
        if !placement_clear(table, rules, &pose, &[id]) {
            last = Some(ChargeRefusal::NoRoom);
            continue;
        }
        return Ok(MovePlan {
            poses: vec![(id, pose)],
            kind,
            cost,
            allowance: allow,
        });
    }
    Err(match last {
        None => MoveError::NoEdgeReachable,
        Some(ChargeRefusal::BeyondAllowance { cost, kind, allow }) => {
            MoveError::ChargeBeyondAllowance {
                unit: u.label.to_string(),
                target: t.label.to_string(),
                cost,
                kind: kind.name(),
                allowance: allow,
            }
        }
        Some(ChargeRefusal::Path(blocked)) => MoveError::Path {
            unit: u.label.to_string(),
            blocked: blocked.in_words(table),
        },
        Some(ChargeRefusal::NoRoom) => MoveError::NoRoomAtEdge {
            unit: u.label.to_string(),
            target: t.label.to_string(),
        },
    })
}

/// Why a charge at one edge is refused, before it is put in words (`MoveError`).
#[derive(Debug, Clone, Copy)]
enum ChargeRefusal<'t> {
    BeyondAllowance {
        cost: f32,
        kind: MoveKind,
        allow: f32,
    },
    Path(Blocker<'t>),
    NoRoom,
}

/// The best reachable pose for unit `id` toward `goal`, trying directions within 90° of it, keeping
/// out of base contact with the enemy. Used by the alien AI and by withdrawal.
pub fn steer_toward(table: &Table, rules: &Rules, id: UnitId, goal: Vec2) -> Option<Footprint> {
    let u = table.unit(id)?;
    let start = u.base;
    let allow = max_allowance(table, rules, id);
    if allow <= 0.0 {
        return None;
    }
    let tol = rules.general.contact_tolerance;
    let base_angle = geometry::angle_of(goal - start.center);
    let mut best: Option<(f32, Footprint)> = None;
    let here = start.center.distance(goal);
    let me = PlacedBase::new(start);
    // Each nearby base once, with whether it is an enemy (whose contact the move must avoid).
    let near: Vec<(PlacedBase, bool)> = table
        .units
        .iter()
        .filter(|o| {
            o.on_table() && o.id != id && o.base.center.distance(start.center) <= allow + 4.0
        })
        .map(|o| (PlacedBase::new(o.base), o.side != u.side))
        .collect();
    let walls: Vec<PlacedShape> = table
        .terrain
        .iter()
        .filter(|f| f.going == Going::Impassable)
        .map(|f| f.shape.placed())
        .collect();
    let extra = rules.general.bad_going_cost - 1.0;
    let bad_going = bad_going(table);
    let mut bad: Vec<(f32, f32)> = Vec::with_capacity(bad_going.len());
    let mut on_ray: Vec<(PlacedBase, bool)> = Vec::with_capacity(near.len());
    let mut walls_on_ray: Vec<PlacedShape> = Vec::with_capacity(walls.len());
    for k in [0i32, 1, -1, 2, -2, 3, -3, 4, -4, 6, -6] {
        let a = base_angle + (k as f32) * 15f32.to_radians();
        let dirv = geometry::dir(a);
        let mut reached: Option<Footprint> = None;
        let mut d = 0.5f32;
        let max_d = allow.min(goal.distance(start.center));
        let far = start.center + dirv * max_d;
        // No pose on this ray comes nearer the goal than the ray's segment does (less a margin
        // far above rounding): a ray that could not beat the best so far, or come nearer than
        // here at all, is not walked. The straight ray is always walked (its end may be taken
        // at once).
        if k != 0 {
            let margin = 1e-3 + 1e-5 * (here + max_d);
            let nearest = geometry::point_segment_distance(goal, start.center, far) - margin;
            if nearest >= here - MEASURING_SLACK || best.is_some_and(|(s, _)| nearest >= s - 1e-4) {
                continue;
            }
        }
        // Where this ray runs through bad going, once, so each step's cost is a sum.
        bad.clear();
        bad.extend(
            bad_going
                .iter()
                .filter_map(|f| f.span_inside(start.center, far)),
        );
        let cost_at = |d: f32| {
            let in_bad: f32 = bad.iter().map(|(t0, t1)| (t1.min(d) - t0).max(0.0)).sum();
            d + extra * in_bad
        };
        if k != 0 {
            // The farthest step the ray's going lets the unit pay for (the steps below, their
            // cost alone): no pose of this ray lies beyond it, so the part of the ray up to it
            // bounds how near the goal the ray can come.
            let (mut last, mut step) = (0.0f32, 0.5f32);
            while step <= max_d + 1e-4 {
                // As the walk below tests it (a cost that is not a number stops neither).
                if cost_at(step) > allow + MEASURING_SLACK {
                    break;
                }
                last = step;
                if step >= max_d {
                    break;
                }
                step = (step + 0.5).min(max_d);
            }
            if last == 0.0 {
                continue;
            }
            let margin = 1e-3 + 1e-5 * (here + last);
            let nearest =
                geometry::point_segment_distance(goal, start.center, start.center + dirv * last)
                    - margin;
            if nearest >= here - MEASURING_SLACK || best.is_some_and(|(s, _)| nearest >= s - 1e-4) {
                continue;
            }
        }
        // Only the bases and walls that could touch a pose somewhere along this ray are tested
        // at its steps.
        on_ray.clear();
        on_ray.extend(near.iter().filter(|(o, _)| {
            geometry::point_segment_distance(o.base.center, start.center, far)
                <= o.radius + me.radius + tol + BROAD_PHASE_MARGIN
        }));
        walls_on_ray.clear();
        walls_on_ray.extend(
            walls
                .iter()
                .filter(|w| w.may_reach_path(start.center, far, me.radius, BROAD_PHASE_MARGIN)),
        );
        while d <= max_d + 1e-4 {
            let c = start.center + dirv * d;
            let pose = Footprint::new(c, start.size, a);
            if cost_at(d) > allow + MEASURING_SLACK {
                break;
            }
            let placed = PlacedBase::along(pose, dirv);
            let blocked = !placed.on_table(table.config.table, MEASURING_SLACK)
                || walls_on_ray.iter().any(|w| w.overlaps(&placed, tol))
                || on_ray.iter().any(|(o, enemy)| {
                    // With a tolerance not below 0, a base overlapping an enemy is in contact
                    // with it too: one test answers both.
                    if *enemy && tol >= 0.0 {
                        placed.in_contact(o, tol)
                    } else {
                        placed.overlaps(o, tol) || (*enemy && placed.in_contact(o, tol))
                    }
                });
            if blocked {
                break;
            }
            reached = Some(pose);
            if d >= max_d {
                break;
            }
            d = (d + 0.5).min(max_d);
        }
        if let Some(pose) = reached {
            let score = pose.center.distance(goal);
            // Straight at the goal for the whole allowance: nothing can come closer.
            if k == 0 && (start.center.distance(pose.center) - max_d).abs() < MEASURING_SLACK {
                return Some(pose);
            }
            if score < here - MEASURING_SLACK && best.is_none_or(|(s, _)| score < s - 1e-4) {
                best = Some((score, pose));
            }
        }
    }
    best.map(|(_, p)| p)
}

/// The point on the nearest table edge to a position, and that edge.
pub fn nearest_edge_point(p: Vec2, size: Vec2) -> (Vec2, Edge) {
    let options = [
        (p.y, Vec2::new(p.x, 0.0), Edge::South),
        (size.y - p.y, Vec2::new(p.x, size.y), Edge::North),
        (p.x, Vec2::new(0.0, p.y), Edge::West),
        (size.x - p.x, Vec2::new(size.x, p.y), Edge::East),
    ];
    let best = options
        .iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .copied()
        .unwrap_or(options[0]);
    (best.1, best.2)
}

/// A point on a given edge, level with `p`.
pub fn edge_point(edge: Edge, p: Vec2, size: Vec2) -> Vec2 {
    match edge {
        Edge::South => Vec2::new(p.x, 0.0),
        Edge::North => Vec2::new(p.x, size.y),
        Edge::West => Vec2::new(0.0, p.y),
        Edge::East => Vec2::new(size.x, p.y),
    }
}

/// Whether the unit moves freely in any direction in its present formation (aliens).
pub fn moves_any_direction(rules: &Rules, u: &Unit) -> bool {
    formation::movement_of(rules, u).is_some_and(|m| m.any_direction.is_some())
}

/// Why a unit that may otherwise move cannot leave its place: its formation (a square).
pub fn held_by_formation(rules: &Rules, u: &Unit) -> Option<CannotMove> {
    let f = formation::formation_of(rules, u)?;
    f.movement
        .is_none()
        .then(|| CannotMove::InFormation(u.label.to_string(), f.display.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f32::consts::FRAC_PI_2;

    fn north_square(x: f32, y: f32) -> Footprint {
        Footprint::new(Vec2::new(x, y), Vec2::ONE, FRAC_PI_2)
    }

    #[test]
    fn movement_definitions_of_001() {
        // 001 "Movement Definitions": straight forward, advance left/right, fall back.
        let b = north_square(10.0, 10.0);
        assert_eq!(
            classify(&b, Vec2::new(10.0, 14.0)),
            MoveKind::StraightForward
        );
        // forward but ending one base width (1") to the side is still straight forward
        assert_eq!(
            classify(&b, Vec2::new(11.0, 13.0)),
            MoveKind::StraightForward
        );
        // "moves forward but ends its turn more than one base width to the left or right"
        assert_eq!(classify(&b, Vec2::new(11.5, 12.0)), MoveKind::Advance);
        // "moves sideways, without any forward or rearward movement"
        assert_eq!(classify(&b, Vec2::new(8.0, 10.0)), MoveKind::Advance);
        // "If the unit moves backwards from its original position"
        assert_eq!(classify(&b, Vec2::new(10.0, 9.0)), MoveKind::FallBack);
        assert_eq!(classify(&b, Vec2::new(10.0, 10.0)), MoveKind::NoMove);
    }
}
