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
use std::sync::{Mutex, MutexGuard};

/// The resting units of one table, with the state of the table they were found at; `Env` is
/// whatever else the walk reads that the units' log does not cover, compared whole.
pub struct RestingUnits<Env>(Mutex<Resting<Env>>);

impl<Env> Default for RestingUnits<Env> {
    fn default() -> Self {
        RestingUnits(Mutex::new(Resting::default()))
    }
}

/// A copy starts with every unit awake: the memo is only a cache, and a copy of the table (a
/// rules check on a scratch table) would rarely walk far enough to use it.
impl<Env> Clone for RestingUnits<Env> {
    fn clone(&self) -> Self {
        RestingUnits::default()
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

/// A set of places in a table's list, one bit each: the walk asks for the first from a place
/// on, and a crowd of a thousand units is sixteen words.
#[derive(Debug, Default)]
struct Places(Vec<u64>);

impl Places {
    fn none(n: usize) -> Self {
        Places(vec![0; n.div_ceil(64)])
    }
    fn all(n: usize) -> Self {
        let mut set = Places::none(n);
        for place in 0..n {
            set.insert(place);
        }
        set
    }
    fn insert(&mut self, place: usize) {
        if let Some(word) = self.0.get_mut(place / 64) {
            *word |= 1 << (place % 64);
        }
    }
    /// Whether it was there.
    fn remove(&mut self, place: usize) -> bool {
        let Some(word) = self.0.get_mut(place / 64) else {
            return false;
        };
        let bit = 1 << (place % 64);
        let was = *word & bit != 0;
        *word &= !bit;
        was
    }
    fn first_from(&self, from: usize) -> Option<usize> {
        let mut at = from / 64;
        // The bits of the first word below `from` are masked off.
        let mut word = self.0.get(at)? & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                return Some(at * 64 + word.trailing_zeros() as usize);
            }
            at += 1;
            word = *self.0.get(at)?;
        }
    }
}

/// What one resting unit's answer reads beyond itself.
#[derive(Debug, Clone, Copy)]
struct Rest {
    /// Whether it watches other units (or members): a rest that reads only the unit itself
    /// wakes only when that unit changes.
    watches: bool,
    /// How far from a member's centre a base's edge may come and still alter the answer.
    reach: f32,
    /// Which rest this is, counted since the last full wake: a list naming a place for an
    /// earlier rest of it (`Watcher`) does not wake it.
    serial: u32,
}

/// A resting place, as a list of the places to wake names it: woken only if that rest is the
/// place's rest still. A unit that rested watching its neighbours, woke, moved and now rests
/// watching nothing would otherwise be woken by each of them: at 1,000 marines in a block, a
/// resting unit that had moved was woken 400,000 times a game by lists from its earlier rests.
#[derive(Debug, Clone, Copy)]
struct Watcher {
    place: u32,
    serial: u32,
}

struct Resting<Env> {
    /// The units' revision this was last brought up to date at; `None` until first asked.
    seen: Option<u64>,
    /// The rules the answers were found under, by address.
    rules: usize,
    env: Option<Env>,
    doomed: bool,
    /// Places of the units not resting, ascending.
    awake: Places,
    /// Each place's rest, if it rests.
    rests: Vec<Option<Rest>>,
    /// The resting places that were free to move, ascending.
    movers: Places,
    /// For each place, the places that rested watching it (it stood near them, or is one of
    /// their members); kept until it changes, so some may have woken since.
    watchers: Vec<Vec<Watcher>>,
    /// For each place, the sets of members (`sets`) it is in.
    member_of: Vec<Vec<u32>>,
    /// The places that rested on each set of members. The members of a group that stays
    /// held rest one after another on the same members: a set a decision, rather than each
    /// member of a block of a thousand listed again for each of them.
    sets: Vec<Vec<Watcher>>,
    /// The members of the last set, while more rests may join it.
    last_members: Vec<usize>,
    /// The last rest's serial.
    serial: u32,
    /// How many rests watch other units: with none, a change wakes only the unit changed.
    watching: usize,
    /// The longest reach of any rest since the last full wake.
    widest: f32,
    /// Entries in `watchers`, `member_of` and `sets`: past a bound, everything wakes and they
    /// start over.
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
            awake: Places::default(),
            rests: Vec::new(),
            movers: Places::default(),
            watchers: Vec::new(),
            member_of: Vec::new(),
            sets: Vec::new(),
            last_members: Vec::new(),
            serial: 0,
            watching: 0,
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
            // A rest in a block of a thousand watches the ~200 bases within a marine's move:
            // a lower bound (64 a unit) woke every unit every few hundred rests, and the walk
            // after each such wake cost a whole pass (four times the walks at 1,000 marines).
            && self.entries <= 1024 * n.max(16)
            && self.serial < u32::MAX;
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
            if self.watching == 0 {
                continue;
            }
            for w in std::mem::take(&mut self.watchers[p]) {
                self.wake_rest(w);
            }
            // Every rest with it among its members; no rest joins those sets again, as it is
            // no longer listed in them.
            for set in std::mem::take(&mut self.member_of[p]) {
                if set as usize + 1 == self.sets.len() {
                    self.last_members.clear();
                }
                for w in std::mem::take(&mut self.sets[set as usize]) {
                    self.wake_rest(w);
                }
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
                    let set = self.member_of[q][k] as usize;
                    for j in 0..self.sets[set].len() {
                        let leader = self.sets[set][j];
                        let place = leader.place as usize;
                        // A gap that is not a number wakes it too.
                        if self.rests[place].is_some_and(|r| {
                            r.serial == leader.serial && (gap <= r.reach || gap.is_nan())
                        }) {
                            self.wake(place);
                        }
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
        self.awake = Places::all(n);
        self.rests = vec![None; n];
        self.movers = Places::none(n);
        self.watchers = vec![Vec::new(); n];
        self.member_of = vec![Vec::new(); n];
        self.sets.clear();
        self.last_members.clear();
        self.serial = 0;
        self.watching = 0;
        self.widest = 0.0;
        self.entries = 0;
    }
}

impl<Env> Resting<Env> {
    /// Wakes the place `w` names if it still rests the rest named.
    fn wake_rest(&mut self, w: Watcher) {
        let place = w.place as usize;
        if self
            .rests
            .get(place)
            .is_some_and(|r| r.is_some_and(|r| r.serial == w.serial))
        {
            self.wake(place);
        }
    }

    fn wake(&mut self, place: usize) {
        if let Some(rest) = self.rests.get_mut(place).and_then(Option::take) {
            self.watching -= usize::from(rest.watches);
            self.awake.insert(place);
            self.movers.remove(place);
        }
    }
}

/// The resting units, up to date with the table, while one decision walks it.
pub struct RestingNow<'a, Env>(MutexGuard<'a, Resting<Env>>);

impl<Env> RestingNow<'_, Env> {
    /// The first place from `from` on, in table order, of a unit not resting.
    pub fn next_awake(&self, from: usize) -> Option<usize> {
        self.0.awake.first_from(from)
    }
    /// Wakes the unit at `place`, if it rests.
    pub fn wake(&mut self, place: usize) {
        self.0.wake(place);
    }
    /// The first resting unit, in table order, that was free to move.
    pub fn first_resting_mover(&self) -> Option<usize> {
        self.0.movers.first_from(0)
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
        if place >= s.rests.len() || !reach.is_finite() || !s.awake.remove(place) {
            return;
        }
        let watches = !members.is_empty() || !watched.is_empty();
        // At the last serial the next catch-up wakes everything and counts again; till then a
        // repeated serial only wakes a rest for a list of an earlier one, which is safe.
        s.serial = s.serial.saturating_add(1);
        let serial = s.serial;
        s.rests[place] = Some(Rest {
            watches,
            reach,
            serial,
        });
        let watcher = Watcher {
            place: place as u32,
            serial,
        };
        s.watching += usize::from(watches);
        if mover {
            s.movers.insert(place);
        }
        s.widest = s.widest.max(reach);
        let n = s.rests.len();
        if !members.is_empty() {
            if s.last_members.is_empty() || s.last_members != members {
                let set = s.sets.len() as u32;
                s.sets.push(Vec::new());
                s.last_members.clear();
                s.last_members.extend_from_slice(members);
                for &m in members.iter().filter(|m| **m < n) {
                    s.member_of[m].push(set);
                }
                s.entries += members.len();
            }
            if let Some(set) = s.sets.last_mut() {
                set.push(watcher);
            }
        }
        for &w in watched.iter().filter(|w| **w < n) {
            s.watchers[w].push(watcher);
        }
        s.entries += 1 + watched.len();
    }
}

#[cfg(test)]
mod tests {
    use super::Places;

    #[test]
    fn a_place_set_finds_the_first_place_from_any_place_across_words() {
        let mut set = Places::none(200);
        for place in [0, 63, 64, 130, 199] {
            set.insert(place);
        }
        assert_eq!(set.first_from(0), Some(0));
        assert_eq!(set.first_from(1), Some(63));
        assert_eq!(set.first_from(64), Some(64));
        assert_eq!(set.first_from(65), Some(130));
        assert_eq!(set.first_from(131), Some(199));
        assert_eq!(set.first_from(200), None);
        assert!(set.remove(130) && !set.remove(130));
        assert_eq!(set.first_from(65), Some(199));
        assert_eq!(Places::all(70).first_from(69), Some(69));
        assert_eq!(Places::all(70).first_from(70), None);
    }
}
