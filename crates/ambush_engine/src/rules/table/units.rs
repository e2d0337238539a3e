//! The table's list of units with a revision and a log of one-unit changes, so what was worked out at one revision can be reused while it holds.

use super::Unit;

/// The units of a table, in the order they came on: a list read as a `Vec<Unit>`, with a
/// revision stamped on it afresh whenever it can change, so a question answered at one
/// revision holds while the revision does (`Table::grid` files the units again only then). No
/// two changes anywhere get the same revision, so a revision names one content: copies share
/// it only while they are the same.
///
/// A change to one unit (`touch`) is logged with its place, so whoever knows the revision it
/// last saw can learn which units changed since (`touched_since`) instead of looking at all;
/// any other mutable borrow may change any unit, and starts the log afresh.
#[derive(Clone)]
pub struct Units {
    list: Vec<Unit>,
    revision: u64,
    /// The revision from which `log` is complete.
    logged_from: u64,
    /// Each change to one unit since `logged_from`: its revision and the unit's place.
    log: Vec<(u64, usize)>,
}

/// How many one-unit changes the log keeps; past that it forgets the older half.
const TOUCH_LOG_KEPT: usize = 64;

impl Units {
    /// The revision of the list as it stands.
    pub fn revision(&self) -> u64 {
        self.revision
    }
    /// The unit at `place`, to change: only it is logged as changed.
    pub fn touch(&mut self, place: usize) -> Option<&mut Unit> {
        if place >= self.list.len() {
            return None;
        }
        self.revision = fresh_revision();
        if self.log.len() >= TOUCH_LOG_KEPT {
            // The older half is forgotten: the log is complete only from its last change.
            let forget = TOUCH_LOG_KEPT / 2;
            self.logged_from = self.log[forget - 1].0;
            self.log.drain(..forget);
        }
        self.log.push((self.revision, place));
        self.list.get_mut(place)
    }
    /// The places of the units that may have changed since the list stood at `revision`
    /// (each once or more), or `None` if the log does not reach back to it.
    pub fn touched_since(&self, revision: u64) -> Option<impl Iterator<Item = usize> + '_> {
        let from = if revision == self.logged_from {
            0
        } else {
            self.log.iter().position(|(r, _)| *r == revision)? + 1
        };
        Some(self.log[from..].iter().map(|(_, place)| *place))
    }
}

/// Printed as the list alone: the revision is not part of the game (saves hash the print).
impl std::fmt::Debug for Units {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}

impl Default for Units {
    fn default() -> Self {
        Vec::new().into()
    }
}

impl From<Vec<Unit>> for Units {
    fn from(list: Vec<Unit>) -> Self {
        let revision = fresh_revision();
        Units {
            list,
            revision,
            logged_from: revision,
            log: Vec::new(),
        }
    }
}

impl FromIterator<Unit> for Units {
    fn from_iter<I: IntoIterator<Item = Unit>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<_>>().into()
    }
}

impl std::ops::Deref for Units {
    type Target = Vec<Unit>;
    fn deref(&self) -> &Vec<Unit> {
        &self.list
    }
}

impl std::ops::DerefMut for Units {
    /// Whoever may change the whole list gets it under a new revision, from which the log of
    /// one-unit changes starts again.
    fn deref_mut(&mut self) -> &mut Vec<Unit> {
        self.revision = fresh_revision();
        self.logged_from = self.revision;
        self.log.clear();
        &mut self.list
    }
}

impl IntoIterator for Units {
    type Item = Unit;
    type IntoIter = std::vec::IntoIter<Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<'a> IntoIterator for &'a Units {
    type Item = &'a Unit;
    type IntoIter = std::slice::Iter<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Units {
    type Item = &'a mut Unit;
    type IntoIter = std::slice::IterMut<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// A revision no list has had: each thread takes a block of numbers at a time, so threads
/// playing games side by side never wait on one another for one.
fn fresh_revision() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    const BLOCK: u64 = 1 << 20;
    static NEXT_BLOCK: AtomicU64 = AtomicU64::new(BLOCK);
    thread_local! {
        static NEXT: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
    }
    NEXT.with(|next| {
        let (mut at, mut end) = next.get();
        if at == end {
            at = NEXT_BLOCK.fetch_add(BLOCK, Ordering::Relaxed);
            end = at + BLOCK;
        }
        next.set((at + 1, end));
        at
    })
}
