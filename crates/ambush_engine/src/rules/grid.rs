//! A uniform grid over the units on the table, kept with the table, so a question about one place looks only at the units near it.
//!
//! The grid answers with a superset of the units that could be near, in their order in
//! `table.units`: a caller runs its exact test on them and finds what a scan of every unit would
//! find, in the same order, so ties break as they always did.
//!
//! The table keeps its grid between questions (`Table::grid`). Before answering, the grid
//! compares what it filed with every unit as it stands and refiles the units that moved, so it
//! is never out of date, whoever moved them; that comparison is the one pass over every unit
//! left, and it is far cheaper than filing them all again.

use ambush_data::geometry::{Footprint, PlacedBase};
use glam::Vec2;
use std::ops::Deref;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};
use std::sync::{Arc, Mutex};

/// The most cells along one side of the grid, and the most cells in all: a huge or strange
/// table still gets a small grid, whose cells are then just larger.
const MAX_CELLS_A_SIDE: f32 = 256.0;
const MAX_CELLS: f32 = 16384.0;
/// The narrowest cell, inches: about two bases across.
const MIN_CELL: f32 = 2.0;
/// Up to this many units (ever on the table), a query looks at them all instead of the cells.
pub(crate) const SCAN_UP_TO: usize = 32;

/// What the grid needs to know of a unit (the table's units have it): the grid names nothing of
/// the rules, so the table can keep one.
pub trait GridUnit {
    /// Its number, unique on its table.
    fn number(&self) -> u32;
    fn footprint(&self) -> &Footprint;
    fn is_on_table(&self) -> bool;
    /// Its side, as a number: units of different teams are enemies.
    fn team(&self) -> u8;
}

/// Where a unit is filed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// Not on the table: in no query's answer.
    Off,
    /// In one cell, by number.
    Cell(u32),
    /// Its place or size cannot be measured (not finite): in every query's answer.
    Everywhere,
}

/// A unit as it was filed.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Filed {
    id: u32,
    /// The bits of its base's centre, size and facing.
    bits: [u32; 5],
    /// Its base with its corners worked out, for exact tests against it.
    placed: PlacedBase,
    slot: Slot,
    team: u8,
}

/// The units on the table, each filed under the cell its centre lies in.
#[derive(Debug, Clone)]
pub struct UnitGrid {
    /// A cell's side, inches. Cells start at the table's south-west corner.
    cell: f32,
    cols: usize,
    rows: usize,
    /// Places in `table.units` of the units in each cell, ascending.
    cells: Vec<Vec<u32>>,
    /// Places of the units that are in every answer, ascending.
    everywhere: Vec<u32>,
    /// The largest half-diagonal of any base filed so far: how far a base reaches past its
    /// centre (it never shrinks, which only widens the answers).
    max_radius: f32,
    /// Each unit as filed, by place in `table.units`.
    filed: Vec<Filed>,
    /// Whether each unit touches an enemy, as far as it was asked since the units last moved.
    contact: ContactMemo,
    /// Lines of sight drawn since the units last moved.
    sight: SightMemo<SightBlock>,
    /// Whether a shooter's target is in cover from it, asked since the units last moved.
    cover: SightMemo<bool>,
    /// The last group asked for (`Table::group_via_grid`) since the units last moved: the AI
    /// asks for a unit's group, and the order it gives asks again when it is checked.
    group: GroupMemo,
}

/// One unit's group, remembered: its place, the bits of the contact tolerance, the group.
#[derive(Debug, Default)]
struct GroupMemo(Mutex<Option<(usize, u32, Vec<u32>)>>);

impl Clone for GroupMemo {
    /// A copy starts with nothing remembered: it is made to be refiled.
    fn clone(&self) -> Self {
        GroupMemo::default()
    }
}

/// What blocks a line from one unit's centre to another's: nothing, a terrain feature or a
/// unit, by place in the table's lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SightBlock {
    Clear,
    Terrain(u32),
    Unit(u32),
}

/// The lines of sight drawn since the grid last changed (`UnitGrid::sight`), with the
/// fingerprint of the terrain they were drawn over: a line depends only on where the units
/// stand, which the grid files, and on the terrain.
#[derive(Debug)]
struct SightMemo<T>(Mutex<SightLines<T>>);

impl<T> Default for SightMemo<T> {
    fn default() -> Self {
        SightMemo(Mutex::new(SightLines::default()))
    }
}

/// The answers for lines drawn over one terrain: for a few units a table by both places, else
/// a short list for each place a line starts from (a shooter's lines: a few dozen at most, where
/// one list of every line drawn in a shooting phase of a block of 100 marines ran to thousands).
#[derive(Debug, Clone)]
struct SightLines<T> {
    terrain: u64,
    /// How many places a side of `table` has (0 while it has none).
    side: usize,
    table: Vec<Option<T>>,
    /// By the place a line starts from: where it ends, and the answer.
    rows: Vec<Vec<(u32, T)>>,
}

impl<T> Default for SightLines<T> {
    fn default() -> Self {
        SightLines {
            terrain: 0,
            side: 0,
            table: Vec::new(),
            rows: Vec::new(),
        }
    }
}

/// Up to this many units, lines are kept in a table indexed by both places.
const SIGHT_TABLE_UP_TO: usize = 64;

impl<T: Copy> SightLines<T> {
    fn get(&self, from: usize, to: usize) -> Option<T> {
        if self.side > 0 {
            return self.table.get(from * self.side + to).copied().flatten();
        }
        self.rows
            .get(from)?
            .iter()
            .find(|e| e.0 as usize == to)
            .map(|e| e.1)
    }
    fn put(&mut self, places: usize, from: usize, to: usize, block: T) {
        if places <= SIGHT_TABLE_UP_TO && from < places && to < places {
            if self.side != places {
                self.side = places;
                self.table = vec![None; places * places];
            }
            self.table[from * places + to] = Some(block);
        } else {
            self.side = 0;
            if from >= self.rows.len() {
                self.rows.resize_with(from + 1, Vec::new);
            }
            self.rows[from].push((to as u32, block));
        }
    }
}

impl<T: Copy> Clone for SightMemo<T> {
    fn clone(&self) -> Self {
        SightMemo(Mutex::new(self.lock().clone()))
    }
}

impl<T: Copy> SightMemo<T> {
    fn lock(&self) -> std::sync::MutexGuard<'_, SightLines<T>> {
        // A panic elsewhere while it was held leaves whole entries.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer for the line from place `from` to place `to` over terrain `terrain`, worked
    /// out by `work` the first time it is asked; `places` is how many units the grid filed.
    fn answer(
        &self,
        places: usize,
        from: usize,
        to: usize,
        terrain: u64,
        work: impl FnOnce() -> T,
    ) -> T {
        {
            let memo = self.lock();
            if memo.terrain == terrain
                && let Some(answer) = memo.get(from, to)
            {
                return answer;
            }
        }
        let answer = work();
        let mut memo = self.lock();
        if memo.terrain != terrain {
            *memo = SightLines {
                terrain,
                ..SightLines::default()
            };
        }
        memo.put(places, from, to, answer);
        answer
    }
}

/// The answers of `UnitGrid::touches_enemy` since the grid last changed, by place: asked again
/// and again between moves (who may move, shoot or fight), each is worked out once. An answer
/// depends only on what the grid filed, so it holds until a refile changes something.
#[derive(Debug)]
struct ContactMemo {
    /// The bits of the contact tolerance the answers are for (`NO_TOLERANCE` before any).
    tolerance: AtomicU32,
    /// Per place: 0 not asked yet, 1 no, 2 yes.
    known: Vec<AtomicU8>,
}

/// No tolerance yet: the bits of a NaN, which no asked tolerance is let match.
const NO_TOLERANCE: u32 = u32::MAX;

impl ContactMemo {
    fn new(places: usize) -> Self {
        ContactMemo {
            tolerance: AtomicU32::new(NO_TOLERANCE),
            known: (0..places).map(|_| AtomicU8::new(0)).collect(),
        }
    }
}

impl Clone for ContactMemo {
    fn clone(&self) -> Self {
        ContactMemo {
            tolerance: AtomicU32::new(self.tolerance.load(Ordering::Relaxed)),
            known: self
                .known
                .iter()
                .map(|k| AtomicU8::new(k.load(Ordering::Relaxed)))
                .collect(),
        }
    }
}

impl UnitGrid {
    /// Files every unit on a table of `size`.
    pub fn new(size: Vec2, units: &[impl GridUnit]) -> Self {
        // A table that cannot be measured gets one cell a side.
        let (w, h) = if size.is_finite() && size.min_element() > 0.0 {
            (size.x.min(f32::MAX / 4.0), size.y.min(f32::MAX / 4.0))
        } else {
            (1.0, 1.0)
        };
        let cell = ((w / MAX_CELLS).sqrt() * h.sqrt())
            .max(MIN_CELL)
            .max(w / MAX_CELLS_A_SIDE)
            .max(h / MAX_CELLS_A_SIDE);
        let cols = (w / cell).ceil().max(1.0) as usize;
        let rows = (h / cell).ceil().max(1.0) as usize;
        let mut grid = UnitGrid {
            cell,
            cols,
            rows,
            cells: vec![Vec::new(); cols * rows],
            everywhere: Vec::new(),
            max_radius: 0.0,
            filed: Vec::with_capacity(units.len()),
            contact: ContactMemo::new(units.len()),
            sight: SightMemo::default(),
            cover: SightMemo::default(),
            group: GroupMemo::default(),
        };
        for u in units {
            let f = grid.file_of(u);
            grid.filed.push(f);
            // Units come in ascending order: each goes at the end of its cell.
            match f.slot {
                Slot::Off => {}
                Slot::Cell(k) => grid.cells[k as usize].push(grid.filed.len() as u32 - 1),
                Slot::Everywhere => grid.everywhere.push(grid.filed.len() as u32 - 1),
            }
        }
        grid
    }

    /// How unit `u` is to be filed (and widens `max_radius` to its base).
    fn file_of(&mut self, u: &impl GridUnit) -> Filed {
        let base = u.footprint();
        let (c, s) = (base.center, base.size);
        let slot = if !u.is_on_table() {
            Slot::Off
        } else if c.is_finite() && s.is_finite() {
            self.max_radius = self.max_radius.max(s.length() * 0.5);
            Slot::Cell(self.cell_of(c) as u32)
        } else {
            Slot::Everywhere
        };
        Filed {
            id: u.number(),
            bits: base.bits(),
            placed: PlacedBase::new(*base),
            slot,
            team: u.team(),
        }
    }

    /// Whether unit `u` stands as it was filed at place `i`.
    fn unchanged(&self, i: usize, u: &impl GridUnit) -> bool {
        let f = &self.filed[i];
        f.id == u.number()
            && f.bits == u.footprint().bits()
            && (f.slot != Slot::Off) == u.is_on_table()
            && f.team == u.team()
    }

    /// The base of the unit at place `i` in `table.units`, with its corners worked out: the same
    /// to the bit as `PlacedBase::new(table.units[i].base)`, as the grid is never out of date.
    pub fn placed(&self, i: usize) -> &PlacedBase {
        &self.filed[i].placed
    }

    /// `refile` for a list of as many units as are filed, of which only those at `places` may
    /// have changed. False if one of them is another unit now.
    fn refile_places(&mut self, units: &[impl GridUnit], places: &[usize]) -> bool {
        let mut changed = false;
        for &i in places {
            let u = &units[i];
            if self.unchanged(i, u) {
                continue;
            }
            if self.filed[i].id != u.number() {
                return false;
            }
            changed = true;
            let old = self.filed[i].slot;
            self.take_out(i, old);
            let f = self.file_of(u);
            self.put_in(i, f.slot);
            self.filed[i] = f;
        }
        if changed {
            self.forget_answers();
        }
        true
    }

    /// Forgets every answer remembered while the units stood as they were.
    fn forget_answers(&mut self) {
        self.contact = ContactMemo::new(self.filed.len());
        self.sight = SightMemo::default();
        self.cover = SightMemo::default();
        self.group = GroupMemo::default();
    }

    /// The group of the unit at `place` (unit numbers, in `Table::group_via_grid`'s order), if
    /// it was the last asked for with this tolerance since the units last moved.
    pub fn remembered_group(&self, place: usize, tol: f32) -> Option<Vec<u32>> {
        let memo = self.group.0.lock().ok()?;
        match memo.as_ref() {
            Some((p, bits, group)) if *p == place && *bits == tol.to_bits() => Some(group.clone()),
            _ => None,
        }
    }

    /// Remembers `group` as the group of the unit at `place`, found with tolerance `tol`.
    pub fn remember_group(&self, place: usize, tol: f32, group: &[u32]) {
        if let Ok(mut memo) = self.group.0.lock() {
            *memo = Some((place, tol.to_bits(), group.to_vec()));
        }
    }

    /// Brings the grid up to date with `table`: refiles the units that moved, came onto the
    /// table or left it, and files new ones. False if the list of units changed otherwise (a
    /// unit removed or reordered), when only filing them all again will do.
    fn refile(&mut self, units: &[impl GridUnit]) -> bool {
        if units.len() < self.filed.len() {
            return false;
        }
        let mut changed = false;
        for (i, u) in units.iter().enumerate() {
            if i < self.filed.len() && self.unchanged(i, u) {
                continue;
            }
            changed = true;
            if i < self.filed.len() {
                if self.filed[i].id != u.number() {
                    return false;
                }
                let old = self.filed[i].slot;
                self.take_out(i, old);
            }
            let f = self.file_of(u);
            self.put_in(i, f.slot);
            if i < self.filed.len() {
                self.filed[i] = f;
            } else {
                self.filed.push(f);
            }
        }
        if changed {
            self.forget_answers();
        }
        true
    }

    /// What blocks the line of sight from the unit at place `from` to the one at place `to`,
    /// over terrain whose fingerprint is `terrain`: `draw` draws it the first time it is asked
    /// while the units stand as they are.
    pub fn sight(
        &self,
        from: usize,
        to: usize,
        terrain: u64,
        draw: impl FnOnce() -> SightBlock,
    ) -> SightBlock {
        self.sight.answer(self.filed.len(), from, to, terrain, draw)
    }

    /// Whether the unit at place `to` is in cover from the one at place `from`, over terrain
    /// whose fingerprint is `terrain`: `judge` answers the first time it is asked while the
    /// units stand as they are.
    pub fn cover(
        &self,
        from: usize,
        to: usize,
        terrain: u64,
        judge: impl FnOnce() -> bool,
    ) -> bool {
        self.cover
            .answer(self.filed.len(), from, to, terrain, judge)
    }

    /// Whether the unit at place `i` is on the table and its base touches, within `tol`, the
    /// base of a unit of another team (`geometry::in_contact`). Remembered until the grid
    /// changes.
    pub fn touches_enemy(&self, i: usize, tol: f32) -> bool {
        let memo = &self.contact;
        let bits = tol.to_bits();
        if !tol.is_nan() {
            // The first tolerance asked is the one remembered (the rules ask with one only).
            let _ = memo.tolerance.compare_exchange(
                NO_TOLERANCE,
                bits,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
        let slot = (memo.tolerance.load(Ordering::Relaxed) == bits && !tol.is_nan())
            .then(|| memo.known.get(i))
            .flatten();
        match slot.map(|k| k.load(Ordering::Relaxed)) {
            Some(1) => return false,
            Some(2) => return true,
            _ => {}
        }
        let touches = self.measure_enemy_contact(i, tol);
        if let Some(k) = slot {
            k.store(if touches { 2 } else { 1 }, Ordering::Relaxed);
        }
        touches
    }

    /// `touches_enemy`, measured.
    fn measure_enemy_contact(&self, i: usize, tol: f32) -> bool {
        let Some(me) = self.filed.get(i) else {
            return false;
        };
        let reach = me.placed.base.size.length() * 0.5 + tol;
        me.slot != Slot::Off
            && self.any_near(me.placed.base.center, reach, |j| {
                self.filed[j].team != me.team && me.placed.in_contact(&self.filed[j].placed, tol)
            })
    }

    fn list_mut(&mut self, slot: Slot) -> Option<&mut Vec<u32>> {
        match slot {
            Slot::Off => None,
            Slot::Cell(k) => Some(&mut self.cells[k as usize]),
            Slot::Everywhere => Some(&mut self.everywhere),
        }
    }

    fn take_out(&mut self, i: usize, slot: Slot) {
        if let Some(list) = self.list_mut(slot)
            && let Ok(at) = list.binary_search(&(i as u32))
        {
            list.remove(at);
        }
    }

    fn put_in(&mut self, i: usize, slot: Slot) {
        if let Some(list) = self.list_mut(slot)
            && let Err(at) = list.binary_search(&(i as u32))
        {
            list.insert(at, i as u32);
        }
    }

    /// The column and row of a point, clamped into the grid (a point off the table files under
    /// the nearest edge cell, which every query reaching past that edge visits).
    fn col_row(&self, p: Vec2) -> (usize, usize) {
        let c = p / self.cell;
        // Truncation is the floor of a number not below 0 (and costs far less than `floor`);
        // `as` saturates, NaN gives 0, and the min keeps it inside.
        let col = (c.x.max(0.0) as usize).min(self.cols - 1);
        let row = (c.y.max(0.0) as usize).min(self.rows - 1);
        (col, row)
    }

    fn cell_of(&self, p: Vec2) -> usize {
        let (col, row) = self.col_row(p);
        row * self.cols + col
    }

    /// Shows `visit` every unit on the table whose base could reach within `reach` of the box
    /// from `lo` to `hi`, and maybe some others, by place in `table.units` and in no order,
    /// until it answers true; whether it did. Each unit whose centre lies within `reach` plus
    /// its own half-diagonal of the box is shown.
    fn visit_box(
        &self,
        lo: Vec2,
        hi: Vec2,
        reach: f32,
        mut visit: impl FnMut(usize) -> bool,
    ) -> bool {
        if self.scans() {
            return self.scan_box(lo, hi, reach).any(visit);
        }
        let mut visit_all = |list: &[u32]| list.iter().any(|i| visit(*i as usize));
        if visit_all(&self.everywhere) {
            return true;
        }
        let Some(pad) = self.pad(lo, hi, reach) else {
            // No box can be drawn: every unit on the table is a candidate.
            return self.cells.iter().any(|cell| visit_all(cell));
        };
        let (c0, r0) = self.col_row(lo - Vec2::splat(pad));
        let (c1, r1) = self.col_row(hi + Vec2::splat(pad));
        (r0..=r1).any(|row| {
            self.cells[row * self.cols + c0..=row * self.cols + c1]
                .iter()
                .any(|cell| visit_all(cell))
        })
    }

    /// Every unit on the table whose base could reach within `reach` of the box from `lo` to
    /// `hi`, and maybe some others, by place in `table.units`, ascending: the units as filed,
    /// those whose centre lies outside the box grown by the pad (no base of theirs reaches
    /// within `reach` of it) passed over at once. For a caller that takes the first match in
    /// the table's order: a line of sight, whose first blocker is most often found early.
    pub fn scan_box(&self, lo: Vec2, hi: Vec2, reach: f32) -> impl Iterator<Item = usize> + '_ {
        // With no box to draw, every unit on the table is a candidate.
        let grown = self
            .pad(lo, hi, reach)
            .map(|pad| (lo - Vec2::splat(pad), hi + Vec2::splat(pad)));
        self.filed
            .iter()
            .enumerate()
            .filter_map(move |(i, f)| match f.slot {
                Slot::Off => None,
                Slot::Everywhere => Some(i),
                Slot::Cell(_) => {
                    let c = f.placed.base.center;
                    grown
                        .is_none_or(|(lo, hi)| c.cmpge(lo).all() && c.cmple(hi).all())
                        .then_some(i)
                }
            })
    }

    /// How far beyond the box from `lo` to `hi` a unit's centre may lie and its base still
    /// reach within `reach` of the box: `reach`, the largest half-diagonal filed, and a margin
    /// for rounding, which grows with the numbers rounded. `None` when no box can be drawn.
    fn pad(&self, lo: Vec2, hi: Vec2, reach: f32) -> Option<f32> {
        let size = lo.abs().max(hi.abs()).max_element();
        let pad = reach + self.max_radius + 0.01 + size * 1e-5;
        (pad.is_finite() && lo.is_finite() && hi.is_finite()).then_some(pad)
    }

    /// Whether a few units were ever filed: then a query looks at every unit on the table, which
    /// costs less than visiting the cells.
    fn scans(&self) -> bool {
        self.filed.len() <= SCAN_UP_TO
    }

    /// Places in `table.units`, ascending, of every unit on the table whose base could reach
    /// within `reach` of the box from `lo` to `hi`, and maybe some others: each one whose centre
    /// lies within `reach` plus its own half-diagonal of the box is there.
    pub fn near_box(&self, lo: Vec2, hi: Vec2, reach: f32, out: &mut Vec<usize>) {
        out.clear();
        self.visit_box(lo, hi, reach, |i| {
            out.push(i);
            false
        });
        // Back into the order of `table.units`, so a caller's first match is a full scan's (a
        // scan found them in that order).
        if !self.scans() {
            out.sort_unstable();
        }
    }

    /// `near_segment` around the segment from `a` to `b`, leaving out the places `skip` marks
    /// (a moving group's own members, which a big block's every query would find by the dozen
    /// only to throw them away).
    pub fn near_segment_except(
        &self,
        a: Vec2,
        b: Vec2,
        reach: f32,
        skip: &[bool],
        out: &mut Vec<usize>,
    ) {
        out.clear();
        self.visit_box(a.min(b), a.max(b), reach, |i| {
            if !skip.get(i).copied().unwrap_or(false) {
                out.push(i);
            }
            false
        });
        if !self.scans() {
            out.sort_unstable();
        }
    }

    /// Whether `test` holds for any unit on the table whose base could reach within `reach` of
    /// `p` (by place in `table.units`; it may be shown some others): `near_point` for a question
    /// whose answer does not depend on the order.
    pub fn any_near(&self, p: Vec2, reach: f32, test: impl FnMut(usize) -> bool) -> bool {
        self.visit_box(p, p, reach, test)
    }

    /// `near_box` around one point.
    pub fn near_point(&self, p: Vec2, reach: f32, out: &mut Vec<usize>) {
        self.near_box(p, p, reach, out);
    }

    /// `near_box` around the segment from `a` to `b`.
    pub fn near_segment(&self, a: Vec2, b: Vec2, reach: f32, out: &mut Vec<usize>) {
        self.near_box(a.min(b), a.max(b), reach, out);
    }

    /// What the grid filed of every unit on the table near the box from `lo` to `hi` (as
    /// `near_box` finds them, ascending by place): its place, its base's bits and its team,
    /// into `out`. Two equal lists say the bases near the box stand exactly as they did.
    pub fn filed_near(&self, lo: Vec2, hi: Vec2, reach: f32, out: &mut Vec<(u32, [u32; 5], u8)>) {
        let mut places = Vec::new();
        self.near_box(lo, hi, reach, &mut places);
        out.clear();
        out.extend(places.into_iter().map(|i| {
            let f = &self.filed[i];
            (i as u32, f.bits, f.team)
        }));
    }

    /// Places in `table.units`, ascending, of every unit on the table whose base could touch
    /// `base` within `tol` (and maybe some others).
    pub fn near_base(&self, base: &Footprint, tol: f32) -> Vec<usize> {
        let mut out = Vec::with_capacity(16);
        self.near_point(base.center, base.size.length() * 0.5 + tol, &mut out);
        out
    }
}

/// The grid a table keeps between questions, with the revision of the units it was filed
/// from (`Units::revision`); a copy of the table shares it until one of them has to refile a
/// unit.
#[derive(Default)]
pub struct GridCache(Mutex<Option<(u64, Arc<UnitGrid>)>>);

/// Not the grid itself: what a table prints is the same whether it has filed its units yet or not.
impl std::fmt::Debug for GridCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("GridCache")
    }
}

impl Clone for GridCache {
    fn clone(&self) -> Self {
        GridCache(Mutex::new(self.lock().clone()))
    }
}

impl GridCache {
    fn lock(&self) -> std::sync::MutexGuard<'_, Option<(u64, Arc<UnitGrid>)>> {
        // A panic elsewhere while it was held leaves nothing half-done that a refile would not
        // see: the grid is checked against the table every time anyway.
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The grid of the `units` of a table of `size`, as they stand now at `revision`: a
    /// revision names one content of the list, so at the revision it was filed from the
    /// grid is up to date without a look at any unit. `touched_since` gives the places of the
    /// units that may have changed since an earlier revision, where it knows them: only those
    /// are looked at.
    pub fn of<'t, I: Iterator<Item = usize>>(
        &self,
        size: Vec2,
        revision: u64,
        touched_since: impl FnOnce(u64) -> Option<I>,
        units: &'t [impl GridUnit],
    ) -> TableGrid<'t> {
        let mut kept = self.lock();
        let grid = match kept.as_mut() {
            Some((filed_at, grid)) if *filed_at == revision => grid.clone(),
            Some((filed_at, grid)) => {
                let touched: Option<Vec<usize>> = if grid.filed.len() == units.len() {
                    touched_since(*filed_at).map(Iterator::collect)
                } else {
                    None
                };
                // Refiled in place, or in a copy while another table still shares it (and only
                // if something changed).
                let fresh = match touched {
                    Some(places) => {
                        if let Some(only) = Arc::get_mut(grid) {
                            only.refile_places(units, &places)
                        } else if places.iter().all(|i| grid.unchanged(*i, &units[*i])) {
                            true
                        } else {
                            Arc::make_mut(grid).refile_places(units, &places)
                        }
                    }
                    None => {
                        if let Some(only) = Arc::get_mut(grid) {
                            only.refile(units)
                        } else if grid.filed.len() == units.len()
                            && units.iter().enumerate().all(|(i, u)| grid.unchanged(i, u))
                        {
                            true
                        } else {
                            Arc::make_mut(grid).refile(units)
                        }
                    }
                };
                if !fresh {
                    *grid = Arc::new(UnitGrid::new(size, units));
                }
                *filed_at = revision;
                grid.clone()
            }
            None => kept
                .insert((revision, Arc::new(UnitGrid::new(size, units))))
                .1
                .clone(),
        };
        TableGrid {
            grid,
            _units: std::marker::PhantomData,
        }
    }
}

/// The grid of a table, good while the table is borrowed and so cannot change.
#[derive(Debug, Clone)]
pub struct TableGrid<'t> {
    grid: Arc<UnitGrid>,
    _units: std::marker::PhantomData<&'t ()>,
}

impl Deref for TableGrid<'_> {
    type Target = UnitGrid;
    fn deref(&self) -> &UnitGrid {
        &self.grid
    }
}
