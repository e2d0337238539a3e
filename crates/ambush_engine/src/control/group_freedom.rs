//! Whether a marine's group has a member that may not move, and a short chain of contacts to it, found once a decision for a whole group.
//!
//! The marine AI moves a group together only while every member may move. When one may not, a
//! member's answer reads only that held member and a chain of members in base contact linking
//! it to the held one: while none of them changes, the group stays held, whatever the rest of a
//! block of a thousand does. So the walk finds the chains of a whole group in one search a
//! decision rather than one a member. A chain that ends at a member held by itself is kept
//! between decisions (`HeldProofs`), and a search meeting a member already proven stops there;
//! the walk rests a member on a kept proof, or else watching its chain.

use crate::control::cache::Cache;
use crate::control::held_proofs::Proofs;
use crate::rules::grid::UnitGrid;
use crate::rules::table::Table;

/// What a decision's walk learnt of the group of a place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Known {
    Nothing,
    /// A member may not move; `GroupFreedom::toward` leads to it.
    Held,
    /// Every member may move.
    Free,
}

/// What the group of a unit that may move is, as `GroupFreedom::of` finds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Freedom {
    /// A member may not move, by a chain of contacts to one held by itself that `Proofs` keeps
    /// while its units stand.
    Proven,
    /// A member may not move: `chain` runs from the unit (first) through members each in base
    /// contact with the one before, to the held member (last), by place in `table.units`.
    Held { chain: Vec<usize> },
    /// Every member may move (the unit may be alone).
    Free,
    /// A held member was found whose being held reads more than the units near it (it holds its
    /// ground while it has a target anywhere): no chain shows the group held for long.
    Unsure,
}

/// Whether a unit may move, as the walk asks it of a group's members: `Some(true)` it may,
/// `Some(false)` it may not for a reason in itself or the units touching it, `None` it may not
/// for a reason that reads the whole table.
pub type MayMove<'a> = &'a dyn Fn(usize) -> Option<bool>;

/// The groups of one table as it stands, learnt while one decision walks it.
pub struct GroupFreedom {
    known: Vec<Known>,
    /// The places `known` says something of, to forget at the next decision: a thousand
    /// units' lists made anew at each of a turn's thousand decisions cost more than the walks.
    learnt: Vec<usize>,
    /// For a place in a held group, the next place on a chain of contacts to a held member; a
    /// held member points at itself.
    toward: Vec<u32>,
    /// The place each place was reached from by the search that reached it.
    parent: Vec<u32>,
    /// Which search last reached each place.
    seen: Vec<u32>,
    searches: u32,
    queue: Vec<usize>,
    near: Vec<usize>,
    /// The members of each group found free, by place, ascending.
    free: Vec<Vec<usize>>,
    /// For a place in a free group, its group in `free`.
    free_group: Vec<u32>,
}

impl GroupFreedom {
    /// Nothing known yet of a table of `units` units.
    pub fn new(units: usize) -> Self {
        GroupFreedom {
            known: vec![Known::Nothing; units],
            learnt: Vec::new(),
            toward: vec![0; units],
            parent: vec![0; units],
            seen: vec![0; units],
            searches: 0,
            queue: Vec::new(),
            near: Vec::new(),
            free: Vec::new(),
            free_group: vec![0; units],
        }
    }

    /// Forgets what an earlier decision learnt, for a decision on a table of `units` units.
    pub fn start(&mut self, units: usize) {
        if self.known.len() != units {
            *self = GroupFreedom::new(units);
            return;
        }
        for &place in &self.learnt {
            self.known[place] = Known::Nothing;
        }
        self.learnt.clear();
        self.free.clear();
        if self.searches > u32::MAX / 2 {
            self.seen.fill(0);
            self.searches = 0;
        }
    }

    /// The group of the unit at `place`, which may move, on `table` as `grid` files it: its
    /// friends linked to it by base contact within `tol`, as `Table::group_via_grid` finds
    /// them. `may_move` is asked of each member reached until a held one is found, or one that
    /// `proofs` has proven; one held that `self_held` says is held by itself is proven.
    #[allow(clippy::too_many_arguments)]
    pub fn of(
        &mut self,
        table: &Table,
        grid: &UnitGrid,
        place: usize,
        tol: f32,
        may_move: MayMove<'_>,
        proofs: &mut Proofs,
        self_held: &dyn Fn(usize) -> bool,
    ) -> Freedom {
        if proofs.proven(place) {
            return Freedom::Proven;
        }
        match self.known.get(place) {
            None => return Freedom::Unsure,
            Some(Known::Held) => return self.chain_from(place),
            Some(Known::Free) => return Freedom::Free,
            Some(Known::Nothing) => {}
        }
        self.searches += 1;
        let search = self.searches;
        self.queue.clear();
        self.queue.push(place);
        self.seen[place] = search;
        let mut held = None;
        let mut proven = false;
        let mut next = 0;
        'search: while let Some(&at) = self.queue.get(next) {
            next += 1;
            let u = &table.units[at];
            grid.near_point(
                u.base.center,
                u.base.size.length() * 0.5 + tol,
                &mut self.near,
            );
            for k in 0..self.near.len() {
                let j = self.near[k];
                if self.seen[j] == search
                    || table.units[j].side != u.side
                    || !grid.placed(at).in_contact(grid.placed(j), tol)
                {
                    continue;
                }
                self.seen[j] = search;
                self.parent[j] = at as u32;
                if proofs.proven(j) {
                    (held, proven) = (Some(j), true);
                    break 'search;
                }
                match self.known[j] {
                    Known::Held => {
                        held = Some(j);
                        break 'search;
                    }
                    // Contact goes both ways: a group found whole holds every unit touching it.
                    Known::Free => return Freedom::Unsure,
                    Known::Nothing => {}
                }
                match may_move(j) {
                    Some(true) => self.queue.push(j),
                    Some(false) => {
                        self.known[j] = Known::Held;
                        self.learnt.push(j);
                        self.toward[j] = j as u32;
                        held = Some(j);
                        if self_held(j) {
                            proofs.root(j);
                            proven = true;
                        }
                        break 'search;
                    }
                    None => return Freedom::Unsure,
                }
            }
        }
        let Some(held) = held else {
            let group = self.free.len() as u32;
            for &q in &self.queue {
                self.known[q] = Known::Free;
                self.free_group[q] = group;
            }
            self.learnt.extend_from_slice(&self.queue);
            let mut members = self.queue.clone();
            members.sort_unstable();
            self.free.push(members);
            return Freedom::Free;
        };
        // Every place reached leads back to `place` the way it was reached, and from `place` on
        // to the held member by the way the search went.
        for &q in &self.queue[1..] {
            self.known[q] = Known::Held;
            self.toward[q] = self.parent[q];
        }
        self.learnt.extend_from_slice(&self.queue);
        self.known[place] = Known::Held;
        let mut child = held;
        let mut at = self.parent[held] as usize;
        loop {
            self.toward[at] = child as u32;
            if at == place {
                break;
            }
            child = at;
            at = self.parent[at] as usize;
        }
        if proven {
            // Every place reached leads to the proven one through places reached before it.
            for &q in &self.queue {
                proofs.prove(q, self.toward[q] as usize);
            }
            return Freedom::Proven;
        }
        self.chain_from(place)
    }

    /// The members of the group of `place` by place, ascending, if `of` found it free: the
    /// group `Table::group_via_grid` finds, in another order.
    pub fn free_members(&self, place: usize) -> Option<&[usize]> {
        if self.known.get(place) != Some(&Known::Free) {
            return None;
        }
        self.free
            .get(self.free_group[place] as usize)
            .map(Vec::as_slice)
    }

    /// The chain from `place`, in a held group, to its held member.
    fn chain_from(&self, place: usize) -> Freedom {
        let mut chain = vec![place];
        let mut at = place;
        while self.toward[at] as usize != at {
            at = self.toward[at] as usize;
            chain.push(at);
            // Each step leads nearer the held member; a chain longer than the table would mean
            // it does not.
            if chain.len() > self.known.len() {
                return Freedom::Unsure;
            }
        }
        Freedom::Held { chain }
    }
}

/// A `GroupFreedom` kept from one decision to the next for its lists, as the marine AI's memo;
/// each decision starts it afresh (`GroupFreedom::start`), and a copy starts with none.
#[derive(Default, Clone, Debug)]
pub struct GroupLists(Cache<GroupFreedom>);

impl Default for GroupFreedom {
    fn default() -> Self {
        GroupFreedom::new(0)
    }
}

impl GroupLists {
    /// The lists, started for a decision on a table of `units` units.
    pub fn start(&self, units: usize) -> std::sync::MutexGuard<'_, GroupFreedom> {
        // A panic while it was held may have left a place learnt but not listed to forget.
        let mut groups = self.0.lock(|groups| *groups = GroupFreedom::new(0));
        groups.start(units);
        groups
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tests::{marine, open_table, rules};

    #[test]
    fn lists_kept_for_the_next_decision_know_nothing_of_the_last() {
        // Three marines in a row, each touching the next: one group.
        let mut t = open_table();
        for x in [10.5, 11.5, 12.5] {
            marine(&mut t, "M", (x, 10.5), 0.0);
        }
        let tol = rules().general.contact_tolerance;
        let lists = GroupLists::default();
        let of = |t: &Table, may_move: MayMove<'_>, place: usize| {
            let mut proofs = Proofs::default();
            lists
                .start(t.units.len())
                .of(t, &t.grid(), place, tol, may_move, &mut proofs, &|_| false)
        };
        // Every member may move: the group is free.
        assert_eq!(of(&t, &|_| Some(true), 0), Freedom::Free);
        // At the next decision the last has moved: the group is held, by a chain through the
        // middle one, whatever the last decision learnt.
        assert_eq!(
            of(&t, &|p| Some(p != 2), 0),
            Freedom::Held {
                chain: vec![0, 1, 2]
            }
        );
        // And free again after that, on a table of another size too.
        assert_eq!(of(&t, &|_| Some(true), 1), Freedom::Free);
        marine(&mut t, "M", (30.5, 30.5), 0.0);
        assert_eq!(of(&t, &|_| Some(true), 3), Freedom::Free);
    }
}
