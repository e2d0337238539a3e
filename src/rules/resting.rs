//! Units an AI's walk over the table found nothing to do for, resting until something near them changes.
//!
//! The marine AI walks the units in table order at every decision of the movement phase and
//! orders the first that can go. In a crowd most cannot: at every decision it would look at
//! each of them again, which makes a phase cost the square of the units. A unit it finds
//! nothing for is put to rest here with what its answer read: its members (itself, or its
//! group), how far from them a change could alter the answer, and the units that stood there.
//! It wakes when the table's log of changed units (`Units::touched_since`) names one of those,
//! or a unit that now stands within that reach of a member; when the log does not reach back,
//! or anything else its answer reads changes (the rules, the environment's hold on the units,
//! whether an enemy is doomed), every unit wakes. So skipping the resting units changes no
//! answer: a woken unit is only asked again.

use crate::rules::grid::UnitGrid;
use glam::Vec2;
use std::collections::BTreeSet;
use std::sync::{Mutex, MutexGuard};

/// The resting units of one table, with the state of the table they were found at; `Env` is
/// whatever else the walk reads that the units' log does not cover, compared whole.
pub struct RestingUnits<Env>(Mutex<Resting<Env>>);

impl<Env> Default for RestingUnits<Env> {
    fn default() -> Self {
        RestingUnits(Mutex::new(Resting::default()))
    }
}

impl<Env: Clone> Clone for RestingUnits<Env> {
    fn clone(&self) -> Self {
        RestingUnits(Mutex::new(lock(&self.0).clone()))
    }
}

impl<Env> std::fmt::Debug for RestingUnits<Env> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("RestingUnits")
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic elsewhere while it was held leaves it whole or emptied by a wake: both are safe,
    // as a unit that should not rest is only ever asked again.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// What one resting unit's answer reads beyond itself.
#[derive(Debug, Clone, Copy)]
struct Rest {
    /// How far from a member's centre a base's edge may come and still alter the answer.
    reach: f32,
}

#[derive(Clone)]
struct Resting<Env> {
    /// The units' revision this was last brought up to date at; `None` until first asked.
    seen: Option<u64>,
    /// The rules the answers were found under, by address.
    rules: usize,
    env: Option<Env>,
    doomed: bool,
    /// Places of the units not resting, ascending.
    awake: BTreeSet<usize>,
    /// Each place's rest, if it rests.
    rests: Vec<Option<Rest>>,
    /// The resting places that were free to move, ascending.
    movers: BTreeSet<usize>,
    /// For each place, the places that rested watching it (it stood near them, or is one of
    /// their members); kept until it changes, so some may have woken since.
    watchers: Vec<Vec<usize>>,
    /// For each place, the places that rested with it among their members.
    member_of: Vec<Vec<usize>>,
    /// The longest reach of any rest since the last full wake.
    widest: f32,
    /// Entries in `watchers` and `member_of`: past a bound, everything wakes and they start over.
    entries: usize,
    /// Room for the grid's answers.
    near: Vec<usize>,
}

impl<Env> Default for Resting<Env> {
    fn default() -> Self {
        Resting {
            seen: None,
            rules: 0,
            env: None,
            doomed: false,
            awake: BTreeSet::new(),
            rests: Vec::new(),
            movers: BTreeSet::new(),
            watchers: Vec::new(),
            member_of: Vec::new(),
            widest: 0.0,
            entries: 0,
            near: Vec::new(),
        }
    }
}

/// The table as the resting units see it, as `Table::resting_units` hands it over.
pub struct TableNow<'a, Env> {
    pub revision: u64,
    /// How many units the table lists.
    pub units: usize,
    /// The places changed since a revision, or `None` where the log does not reach back.
    pub touched_since: &'a dyn Fn(u64) -> Option<Vec<usize>>,
    /// The centre and half-diagonal of the unit at a place, or `None` if it is off the table.
    pub base_at: &'a dyn Fn(usize) -> Option<(Vec2, f32)>,
    pub rules: usize,
    pub env: &'a Env,
    /// Whether the unit at a place is doomed, and whether any unit on the table is (a full
    /// scan: asked only when a doomed unit may have come or gone).
    pub doomed_at: &'a dyn Fn(usize) -> bool,
    pub any_doomed: &'a dyn Fn() -> bool,
    pub grid: &'a UnitGrid,
}

impl<Env> RestingUnits<Env> {
    /// How many units rest now (as of the last time they were asked for).
    pub fn count(&self) -> usize {
        lock(&self.0).rests.iter().flatten().count()
    }
}

impl<Env: Clone + PartialEq> RestingUnits<Env> {
    /// The resting units, woken wherever the table changed since they were last asked.
    pub fn brought_up_to_date(&self, now: TableNow<'_, Env>) -> RestingNow<'_, Env> {
        let mut state = lock(&self.0);
        state.catch_up(now);
        RestingNow(state)
    }
}

impl<Env: Clone + PartialEq> Resting<Env> {
    fn catch_up(&mut self, now: TableNow<'_, Env>) {
        let n = now.units;
        let same_table = self.seen.is_some()
            && self.rules == now.rules
            && self.rests.len() == n
            && self.env.as_ref() == Some(now.env)
            && self.entries <= 64 * n.max(16);
        if !same_table {
            return self.wake_all(&now);
        }
        let Some(seen) = self.seen.filter(|s| *s != now.revision) else {
            return;
        };
        let Some(touched) = (now.touched_since)(seen) else {
            return self.wake_all(&now);
        };
        self.seen = Some(now.revision);
        // A doomed enemy cuts every move: when one may have come or gone, look again.
        let doom_may_change = self.doomed || touched.iter().any(|p| (now.doomed_at)(*p));
        if doom_may_change && (now.any_doomed)() != self.doomed {
            return self.wake_all(&now);
        }
        let mut near = std::mem::take(&mut self.near);
        for p in touched {
            self.wake(p);
            for w in std::mem::take(&mut self.watchers[p]) {
                self.wake(w);
            }
            // Whoever it now stands near.
            let Some((centre, radius)) = (now.base_at)(p) else {
                continue;
            };
            // Only units some rest has as a member are looked at further.
            near.clear();
            now.grid.any_near(centre, self.widest + radius, |q| {
                if self.member_of.get(q).is_some_and(|m| !m.is_empty()) {
                    near.push(q);
                }
                false
            });
            for &q in &near {
                let Some((qc, _)) = (now.base_at)(q) else {
                    continue;
                };
                let gap = qc.distance(centre) - radius;
                for k in 0..self.member_of[q].len() {
                    let leader = self.member_of[q][k];
                    // A gap that is not a number wakes it too.
                    if self.rests[leader].is_some_and(|r| gap <= r.reach || gap.is_nan()) {
                        self.wake(leader);
                    }
                }
            }
        }
        self.near = near;
    }

    fn wake_all(&mut self, now: &TableNow<'_, Env>) {
        let n = now.units;
        self.seen = Some(now.revision);
        self.rules = now.rules;
        self.env = Some(now.env.clone());
        self.doomed = (now.any_doomed)();
        self.awake = (0..n).collect();
        self.rests = vec![None; n];
        self.movers.clear();
        self.watchers = vec![Vec::new(); n];
        self.member_of = vec![Vec::new(); n];
        self.widest = 0.0;
        self.entries = 0;
    }

    fn wake(&mut self, place: usize) {
        if self.rests.get_mut(place).and_then(Option::take).is_some() {
            self.awake.insert(place);
            self.movers.remove(&place);
        }
    }
}

/// The resting units, up to date with the table, while one decision walks it.
pub struct RestingNow<'a, Env>(MutexGuard<'a, Resting<Env>>);

impl<Env> RestingNow<'_, Env> {
    /// The first place from `from` on, in table order, of a unit not resting.
    pub fn next_awake(&self, from: usize) -> Option<usize> {
        self.0.awake.range(from..).next().copied()
    }
    /// The first resting unit, in table order, that was free to move.
    pub fn first_resting_mover(&self) -> Option<usize> {
        self.0.movers.first().copied()
    }
    /// Puts the unit at `place` to rest, with whether it was free to move (the walk's first
    /// such unit turns when nobody can go): its answer read `members` (by place; itself among
    /// them) and whatever came within `reach` of a member's centre (plus its own
    /// half-diagonal), and the units at `watched` (by place) stood there.
    pub fn rest(
        &mut self,
        place: usize,
        mover: bool,
        members: &[usize],
        reach: f32,
        watched: &[usize],
    ) {
        let s = &mut *self.0;
        // A reach that is not a number could not be compared: such a unit stays awake.
        if place >= s.rests.len() || !reach.is_finite() || !s.awake.remove(&place) {
            return;
        }
        s.rests[place] = Some(Rest { reach });
        if mover {
            s.movers.insert(place);
        }
        s.widest = s.widest.max(reach);
        let n = s.rests.len();
        for &m in members.iter().filter(|m| **m < n) {
            s.member_of[m].push(place);
            s.watchers[m].push(place);
        }
        for &w in watched.iter().filter(|w| **w < n) {
            s.watchers[w].push(place);
        }
        s.entries += 2 * members.len() + watched.len();
    }
}
