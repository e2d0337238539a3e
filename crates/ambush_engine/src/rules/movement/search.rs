//! The move check: `plan_move`, and `MoveSearch`, which checks many destinations of one unit or group as `plan_move` would.

use super::allowance::{allowance, bad_going, classify, moves_any_direction, path_cost_through};
use super::may_move::{cannot_move_via_grid, held_by_formation};
use super::path::{Blocker, impassable_walls, path_clear_of_bases};
use super::refusals::MoveError;
use crate::rules::grid::TableGrid;
use crate::rules::table::{MoveKind, Table, Unit, UnitId};
use ambush_data::geometry;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};
use ambush_data::geometry::{Footprint, PlacedBase, PlacedShape};
use ambush_data::tables::Rules;
use glam::Vec2;

/// A checked move: the new pose of every unit that moves and how its own move classified
/// (001's movement definitions are a unit's: a group's members facing different ways may make
/// different kinds of move), and the group's worst, which the order is shown as.
#[derive(Debug, Clone, PartialEq)]
pub struct MovePlan {
    pub poses: Vec<(UnitId, Footprint)>,
    /// Each member's kind of move, in `poses` order.
    pub kinds: Vec<MoveKind>,
    pub kind: MoveKind,
    pub cost: f32,
    pub allowance: f32,
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
    /// Whether the unit at each place in `table.units` is a member.
    member: Vec<bool>,
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
    /// Each member's end at the destination being tested, for `refusal`.
    ends: Vec<Footprint>,
    /// The member the last refused destination was refused at: in a crowd the next destination
    /// is most often refused at the same member, so `refusal` tests it first.
    last_refused: usize,
    /// The order the members are tested in, `last_refused` brought to its head, if not as
    /// listed from it round (`test_foremost_first`).
    order: Vec<usize>,
    /// Members tested so far, all destinations together: what the order saves.
    tested: usize,
}

/// What refused a destination of a search, as far as a later search of the same members may
/// trust it: the same members' move to the same place is refused while the witness holds,
/// whatever else on the table changed (another base can only take room or bring an enemy
/// into contact, never give room).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Witness {
    /// The members together (their group's shape): it holds while the members stand as they
    /// stand.
    Members,
    /// One member alone: its allowance, or the table's edge or impassable terrain in its way.
    /// What it reads is that member, the destination (its leader's) and the table's fixed
    /// ground, so it holds while the member stands as it stood, in a group led the same way,
    /// whichever others have joined or left.
    Member { id: UnitId },
    /// Another unit's base, in the way of a member or touched by it as an enemy: it holds
    /// while that unit stands on the table where it stood (and, in a group led the same way
    /// whichever others have joined or left, while the member stands as it stood and that
    /// unit has not joined).
    Base {
        id: UnitId,
        base: Footprint,
        member: UnitId,
    },
}

impl Witness {
    /// The member the refusal was made at, if one was.
    pub fn member(&self) -> Option<UnitId> {
        match self {
            Witness::Members => None,
            Witness::Member { id } | Witness::Base { member: id, .. } => Some(*id),
        }
    }

    /// Whether what refused the destination still stands on `table` as it stood (the members'
    /// own standing is the caller's to compare).
    pub fn holds(&self, table: &Table) -> bool {
        match self {
            Witness::Members | Witness::Member { .. } => true,
            Witness::Base { id, base, .. } => table
                .unit(*id)
                .is_some_and(|u| u.on_table() && u.base.bits() == base.bits()),
        }
    }
}

/// How many of a group's members `MoveSearch::test_foremost_first` puts in order from the
/// front back before the rest: two and a half ranks of a block 24 wide.
const FOREMOST_IN_ORDER: usize = 64;

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
        let mut member = vec![false; table.units.len()];
        for p in &places {
            member[*p] = true;
        }
        let walls = impassable_walls(table);
        Ok(MoveSearch {
            table,
            rules,
            allowances: vec![[None; MOVE_KINDS]; members.len()],
            members,
            units,
            member,
            grid,
            walls,
            bad: bad_going(table),
            found: Vec::new(),
            placed: Vec::new(),
            ends: Vec::new(),
            last_refused: 0,
            order: Vec::new(),
            tested: 0,
        })
    }

    /// Tests member `member` first at the next destination, if it is one: where an earlier
    /// search was refused. Which member is tested first changes only how soon a refusal is
    /// found, never whether one is.
    pub fn try_first(&mut self, member: Option<UnitId>) {
        if let Some(i) = member.and_then(|m| self.members.iter().position(|x| *x == m)) {
            self.last_refused = i;
        }
    }

    /// Tests the members from the one standing farthest along `toward` back, each refused one
    /// first from then on: in a group shifted that way, the front meets what is in the way
    /// before the ranks behind it do. Like `try_first`, it changes only how soon a refusal is
    /// found.
    pub fn test_foremost_first(&mut self, toward: Vec2) {
        // Each member's key: how far back it stands (the float's bits in an order that sorts as
        // the float does), then its place in the list, so members level with each other are
        // tested as listed; one sort of plain numbers.
        let back = |u: &Unit| {
            let bits = (-u.base.center.dot(toward)).to_bits();
            if bits >> 31 == 1 {
                !bits
            } else {
                bits | 1 << 31
            }
        };
        let mut keys: Vec<u64> = (self.units.iter().enumerate())
            .map(|(i, u)| (u64::from(back(u)) << 32) | i as u64)
            .collect();
        // The refusal is most often at the front: only the foremost are put in order.
        if keys.len() > FOREMOST_IN_ORDER {
            keys.select_nth_unstable(FOREMOST_IN_ORDER);
            keys[..FOREMOST_IN_ORDER].sort_unstable();
        } else {
            keys.sort_unstable();
        }
        self.order.clear();
        self.order
            .extend(keys.iter().map(|k| (k & u64::from(u32::MAX)) as usize));
    }

    /// How many members the searches tested, all destinations together.
    pub fn members_tested(&self) -> usize {
        self.tested
    }

    /// Member `i`'s allowance for a kind of move.
    fn allowance(&mut self, i: usize, kind: MoveKind) -> f32 {
        let slot = &mut self.allowances[i][kind_index(kind)];
        *slot.get_or_insert_with(|| allowance(self.table, self.rules, self.members[i], kind))
    }

    /// Checks the move to `to`, facing `facing`: `plan_move`'s answer, to the bit.
    pub fn plan(&mut self, to: Vec2, facing: f32) -> Result<MovePlan, MoveError> {
        self.check(to, facing).map_err(|r| r.in_words(self))
    }

    /// Whether `plan` would accept the move, without putting a refusal in words: for a search
    /// that tries many destinations and refuses most.
    pub fn allows(&mut self, to: Vec2, facing: f32) -> bool {
        self.refusal(to, facing).is_none()
    }

    /// What refuses the move to `to` facing `facing`, or `None` if `plan` would accept it
    /// (exactly when it would): the tests made cheapest first, each member's allowance and end
    /// before any path, starting at the member the last refusal was made at.
    pub fn refusal(&mut self, to: Vec2, facing: f32) -> Option<Witness> {
        let refused = self.quick_check(to, facing).err()?;
        Some(self.witness(refused))
    }

    /// `check` in the quickest order, building no plan.
    fn quick_check(&mut self, to: Vec2, facing: f32) -> Result<(), Refusal<'a>> {
        let tol = self.rules.general.contact_tolerance;
        let shift = to - self.units[0].base.center;
        let n = self.members.len();
        let first = self.last_refused.min(n.saturating_sub(1));
        // The members in the order tested: from `first` round the list, or, where an order is
        // set, that order with `first` brought to its head.
        let in_order = self.order.len() == n;
        if in_order && let Some(at) = self.order.iter().position(|i| *i == first) {
            self.order[..=at].rotate_right(1);
        }
        let order = std::mem::take(&mut self.order);
        let tests = || (0..n).map(|k| if in_order { order[k] } else { (first + k) % n });
        let mut ends = std::mem::take(&mut self.ends);
        ends.clear();
        ends.resize(n, Footprint::new(Vec2::ZERO, Vec2::ZERO, 0.0));
        let mut turned = false;
        let mut refused = Ok(());
        for i in tests() {
            self.tested += 1;
            match self.member_end(i, shift, facing) {
                Ok(MemberEnd { end, .. }) => {
                    turned |= n > 1 && end.facing.to_bits() != self.units[i].base.facing.to_bits();
                    ends[i] = end;
                }
                Err(r) => {
                    refused = Err(r);
                    break;
                }
            }
            if let Err(r) = self.end_refusal(i, &ends[i]) {
                refused = Err(r);
                break;
            }
        }
        if refused.is_ok() && turned {
            let poses: Vec<(UnitId, Footprint)> = self
                .members
                .iter()
                .copied()
                .zip(ends.iter().copied())
                .collect();
            refused = group_refusal(&poses, tol).and_then(|()| apart_refusal(&poses, tol));
        }
        if refused.is_ok() && shift.length() >= MEASURING_SLACK {
            for i in tests() {
                if let Err(r) = self.path_refusal(i, &ends[i]) {
                    refused = Err(r);
                    break;
                }
            }
        }
        self.ends = ends;
        self.order = order;
        if let Err(r) = &refused
            && let Some(member) = r.member()
        {
            self.last_refused = member;
        }
        refused
    }

    /// Member `i`'s end when the group's first member's centre is shifted by `shift` and the
    /// group faces `facing`, refused if beyond its allowance: what `check` works out for each
    /// member before its tests.
    fn member_end(&mut self, i: usize, shift: Vec2, facing: f32) -> Result<MemberEnd, Refusal<'a>> {
        let (rules, u) = (self.rules, self.units[i]);
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
        if kind == MoveKind::FallBack && shift.dot(u.base.right()).abs() > u.base.width() + 1e-4 {
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
        Ok(MemberEnd {
            end: Footprint::new(end_center, u.base.size, face),
            kind,
            cost,
            allowance: allow,
        })
    }

    /// What a later search may trust of a refusal.
    fn witness(&self, refused: Refusal<'a>) -> Witness {
        let base = |u: &Unit, member: usize| Witness::Base {
            id: u.id,
            base: u.base,
            member: self.members[member],
        };
        match refused {
            Refusal::EndNotClear {
                by: Some(u),
                member,
            }
            | Refusal::ContactIsACharge { by: u, member }
            | Refusal::Path {
                blocked: Blocker::Base(u),
                member,
            } => base(u, member),
            Refusal::EndNotClear { by: None, member }
            | Refusal::Path { member, .. }
            | Refusal::BeyondAllowance { member, .. } => Witness::Member {
                id: self.members[member],
            },
            Refusal::GroupOverlaps | Refusal::GroupComesApart => Witness::Members,
        }
    }

    /// `plan`, with a refusal not yet in words: each member's path, then its end, then the
    /// group's overlap, so the refusal is the one the player reads.
    fn check(&mut self, to: Vec2, facing: f32) -> Result<MovePlan, Refusal<'a>> {
        let tol = self.rules.general.contact_tolerance;
        let shift = to - self.units[0].base.center;
        let mut poses = Vec::with_capacity(self.members.len());
        let mut kinds = Vec::with_capacity(self.members.len());
        let mut worst = (MoveKind::NoMove, 0.0f32, f32::INFINITY);
        for i in 0..self.members.len() {
            let MemberEnd {
                end,
                kind,
                cost,
                allowance: allow,
            } = self.member_end(i, shift, facing)?;
            if cost / allow.max(MEASURING_SLACK) > worst.1 / worst.2.max(MEASURING_SLACK)
                || worst.2.is_infinite()
            {
                worst = (kind, cost, allow);
            }
            poses.push((self.members[i], end));
            kinds.push(kind);
        }
        let moves = shift.length() >= MEASURING_SLACK;
        // A group whose members all keep their facings moves as one rigid piece: its bases can
        // neither come to overlap nor come apart, so neither is measured.
        let turned = poses.len() > 1
            && poses
                .iter()
                .zip(&self.units)
                .any(|((_, end), u)| end.facing.to_bits() != u.base.facing.to_bits());
        for (i, (_, end)) in poses.iter().enumerate() {
            if moves {
                self.path_refusal(i, end)?;
            }
            self.end_refusal(i, end)?;
        }
        if turned {
            group_refusal(&poses, tol)?;
            apart_refusal(&poses, tol)?;
        }
        Ok(MovePlan {
            poses,
            kinds,
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
        let refusal = if !placed.on_table(table.config.table(), MEASURING_SLACK)
            || self.walls.iter().any(|(w, _)| w.overlaps(&placed, tol))
        {
            Err(Refusal::EndNotClear {
                member: i,
                by: None,
            })
        } else if let Some((_, o)) = others.iter().find(|(o, _)| placed.overlaps(o, tol)) {
            Err(Refusal::EndNotClear {
                member: i,
                by: Some(*o),
            })
        } else if let Some((_, e)) = others
            .iter()
            // Members are friends of one another: only the others can be enemies.
            .find(|(o, e)| e.side != u.side && placed.in_contact(o, tol))
        {
            Err(Refusal::ContactIsACharge { member: i, by: e })
        } else {
            Ok(())
        };
        self.placed = others;
        refusal
    }

    /// Fills `found` with the places of the units on the table other than the members that
    /// the grid finds within `reach` of the segment from `a` to `b`, in table order.
    fn find_others_near(&mut self, a: Vec2, b: Vec2, reach: f32) {
        self.grid
            .near_segment_except(a, b, reach, &self.member, &mut self.found);
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

/// One member's end of a move, how its move classified, what it costs and its allowance.
struct MemberEnd {
    end: Footprint,
    kind: MoveKind,
    cost: f32,
    allowance: f32,
}

/// Whether the group's bases still touch as one group at their ends (001: "Any units moving
/// as a group must complete their movement as a group (i.e. remaining in contact at the end
/// of their move)").
fn apart_refusal<'t>(poses: &[(UnitId, Footprint)], tol: f32) -> Result<(), Refusal<'t>> {
    if stays_in_contact(poses, tol) {
        Ok(())
    } else {
        Err(Refusal::GroupComesApart)
    }
}

/// Whether the group's bases, at their ends, stay clear of one another.
fn group_refusal<'t>(poses: &[(UnitId, Footprint)], tol: f32) -> Result<(), Refusal<'t>> {
    let overlap = any_pair_near(poses, tol, |i, j| {
        geometry::bases_overlap(&poses[i].1, &poses[j].1, tol)
    });
    if overlap {
        Err(Refusal::GroupOverlaps)
    } else {
        Ok(())
    }
}

/// Whether `poses` form one group: each base linked to every other by bases in contact, joined
/// by a union-find over the pairs `any_pair_near` finds.
fn stays_in_contact(poses: &[(UnitId, Footprint)], tol: f32) -> bool {
    let placed: Vec<PlacedBase> = poses.iter().map(|(_, f)| PlacedBase::new(*f)).collect();
    let mut parent: Vec<usize> = (0..poses.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut groups = poses.len();
    any_pair_near(poses, tol, |i, j| {
        let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
        if ri != rj && placed[i].in_contact(&placed[j], tol) {
            parent[ri] = rj;
            groups -= 1;
        }
        groups == 1
    });
    groups <= 1
}

/// Calls `visit(i, j)` once for each pair of `poses` whose bases could touch (their centres
/// within the sum of their half diagonals and `tol`), until it answers true; whether one did.
///
/// The bases are filed in square cells as wide as the widest such reach between two bases, so
/// a pair that could touch lies in one cell or in two that meet at a side or corner. A block of
/// a thousand bases in forty ranks is a few thousand visits, where a sweep along one axis met
/// every base of the next file, forty ranks deep, and cost twenty times as much.
fn any_pair_near(
    poses: &[(UnitId, Footprint)],
    tol: f32,
    mut visit: impl FnMut(usize, usize) -> bool,
) -> bool {
    let cell = poses
        .iter()
        .map(|(_, f)| f.size.length() + 2.0 * tol)
        .fold(MEASURING_SLACK, f32::max);
    let place = |f: &Footprint| {
        (
            (f.center.y / cell).floor() as i64,
            (f.center.x / cell).floor() as i64,
        )
    };
    let mut filed: Vec<((i64, i64), usize)> = poses
        .iter()
        .enumerate()
        .map(|(i, (_, f))| (place(f), i))
        .collect();
    filed.sort_unstable();
    // Each cell's run of bases in `filed`.
    let mut runs: Vec<((i64, i64), std::ops::Range<usize>)> = Vec::new();
    for (k, (key, _)) in filed.iter().enumerate() {
        match runs.last_mut() {
            Some((last, range)) if last == key => range.end = k + 1,
            _ => runs.push((*key, k..k + 1)),
        }
    }
    let run_of = |key: (i64, i64)| {
        runs.binary_search_by(|(k, _)| k.cmp(&key))
            .ok()
            .map(|r| runs[r].1.clone())
    };
    for (key, range) in &runs {
        let (row, col) = *key;
        for a in range.clone() {
            let i = filed[a].1;
            // The rest of its own cell; then the cell to its east, and the three of the row
            // above: every pair of neighbouring cells is met from one side only.
            for &(_, j) in &filed[a + 1..range.end] {
                if visit(i, j) {
                    return true;
                }
            }
            for next in [
                (row, col + 1),
                (row + 1, col - 1),
                (row + 1, col),
                (row + 1, col + 1),
            ] {
                for &(_, j) in run_of(next).map_or(&[][..], |r| &filed[r]) {
                    if visit(i, j) {
                        return true;
                    }
                }
            }
        }
    }
    false
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
    /// Off the table or on impassable terrain (`by` nothing), or on another base.
    EndNotClear {
        member: usize,
        by: Option<&'t Unit>,
    },
    ContactIsACharge {
        member: usize,
        by: &'t Unit,
    },
    GroupOverlaps,
    GroupComesApart,
}

impl Refusal<'_> {
    /// The member refused, when one member was.
    fn member(&self) -> Option<usize> {
        match *self {
            Refusal::BeyondAllowance { member, .. }
            | Refusal::Path { member, .. }
            | Refusal::EndNotClear { member, .. }
            | Refusal::ContactIsACharge { member, .. } => Some(member),
            Refusal::GroupOverlaps | Refusal::GroupComesApart => None,
        }
    }
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
            Refusal::EndNotClear { member, .. } => MoveError::EndNotClear(label(member)),
            Refusal::ContactIsACharge { member, .. } => MoveError::ContactIsACharge(label(member)),
            Refusal::GroupOverlaps => MoveError::GroupOverlaps,
            Refusal::GroupComesApart => MoveError::GroupComesApart,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn poses(bases: &[(f32, f32, f32)]) -> Vec<(UnitId, Footprint)> {
        bases
            .iter()
            .enumerate()
            .map(|(i, &(x, y, facing))| {
                (
                    i as UnitId,
                    Footprint::new(Vec2::new(x, y), Vec2::new(1.0, 0.5), facing),
                )
            })
            .collect()
    }

    proptest! {
        /// The cells find every pair that overlaps or touches: the group's overlap and contact
        /// answers are those of comparing every base with every other.
        #[test]
        fn the_cells_answer_as_every_pair_compared(
            bases in prop::collection::vec((0.0f32..8.0, 0.0f32..8.0, 0.0f32..6.3), 0..40),
        ) {
            let tol = 0.05;
            let poses = poses(&bases);
            let n = poses.len();
            let pairs = || (0..n).flat_map(|i| (i + 1..n).map(move |j| (i, j)));
            let overlap = pairs()
                .any(|(i, j)| geometry::bases_overlap(&poses[i].1, &poses[j].1, tol));
            prop_assert_eq!(group_refusal(&poses, tol).is_err(), overlap);
            // One group: every base reached from the first through bases in contact.
            let placed: Vec<PlacedBase> = poses.iter().map(|(_, f)| PlacedBase::new(*f)).collect();
            let mut reached = vec![false; n];
            let mut stack = Vec::new();
            if n > 0 {
                reached[0] = true;
                stack.push(0);
            }
            while let Some(i) = stack.pop() {
                for j in 0..n {
                    if !reached[j] && placed[i].in_contact(&placed[j], tol) {
                        reached[j] = true;
                        stack.push(j);
                    }
                }
            }
            prop_assert_eq!(stays_in_contact(&poses, tol), reached.iter().all(|r| *r));
        }
    }
}
