//! Proofs, kept from one decision to the next, that a marine's group holds a member that may not move: a chain of base contacts to a member held by itself.
//!
//! The marine AI moves a group together only while every member may move, so a member of a
//! group holding one that may not can only step alone. In a block of a thousand, the chain of
//! contacts from a unit at the back to the nearest held member (one at the ship, or one that
//! has moved this phase) crosses a dozen others, and a rest that watched the whole chain woke
//! whenever any of them stepped: a hundred units a decision. A proof here is that chain, kept
//! as one link a place (`next`), ending at a root held for a reason in itself alone. When a
//! unit changes, only the links through it are in doubt: each place that hung on it is hung
//! on a neighbour still proven, and only the places that find none lose their proof (and wake,
//! if they rested on it). While a place's proof stands, its group is not free, whatever else
//! of the block moves.
//!
//! A link stands while neither of its two units changes (their bases, so their contact, stay
//! as they were), and a root while it does not change: what holds it (it has moved, stands at
//! the ship, or is off the table) reads only itself.

use crate::control::cache::Cache;
use crate::rules::grid::UnitGrid;
use crate::rules::table::Table;
use ambush_data::Rules;
use std::sync::MutexGuard;

/// No proof.
const NONE: u32 = u32::MAX;

/// The proofs of one game's table, as the marine AI's memo: a copy starts with nothing proven.
#[derive(Default, Clone, Debug)]
pub struct HeldProofs(Cache<Proofs>);

impl HeldProofs {
    /// The proofs, for one decision.
    pub fn lock(&self) -> MutexGuard<'_, Proofs> {
        // A panic while it was held can leave a proof through a unit changed since: the next
        // catch-up starts over, every place proven then lost (so whatever rests on one wakes).
        self.0.lock(|proofs| proofs.seen = None)
    }
}

/// The proofs, by place in `table.units`.
#[derive(Default)]
pub struct Proofs {
    /// The units' revision they were last brought up to date at; `None` until first asked.
    seen: Option<u64>,
    /// The rules they were found under, by address (the contact tolerance).
    rules: usize,
    /// For each place: `NONE`, itself (a root), or the next place on its chain.
    next: Vec<u32>,
    /// For each place, the places linked to it (some may have been linked elsewhere since).
    linked: Vec<Vec<u32>>,
    /// Which catch-up last found a place's chain whole, or a place changed.
    checked: Vec<u32>,
    changed: Vec<u32>,
    pass: u32,
    orphans: Vec<usize>,
    near: Vec<usize>,
}

impl Proofs {
    /// Brings the proofs up to date with `table` (as `grid` files it), where `self_held` says
    /// whether the unit at a place may not move for a reason in itself alone. Each place whose
    /// proof is lost is added to `lost`.
    pub fn catch_up(
        &mut self,
        table: &Table,
        rules: &Rules,
        grid: &UnitGrid,
        self_held: &dyn Fn(usize) -> bool,
        lost: &mut Vec<usize>,
    ) {
        let n = table.units.len();
        let revision = table.units.revision();
        let rules_at = rules as *const Rules as usize;
        let touched = match self.seen {
            Some(seen) if self.rules == rules_at && self.next.len() == n => {
                if seen == revision {
                    return;
                }
                table
                    .units
                    .touched_since(seen)
                    .map(Iterator::collect::<Vec<usize>>)
            }
            _ => None,
        };
        self.seen = Some(revision);
        self.pass = self.pass.wrapping_add(1);
        if self.pass == 0 {
            // Stamps from passes long gone could match again.
            self.checked.fill(0);
            self.changed.fill(0);
            self.pass = 1;
        }
        let Some(touched) = touched else {
            lost.extend((0..self.next.len()).filter(|p| self.next[*p] != NONE));
            self.rules = rules_at;
            self.next = vec![NONE; n];
            self.linked = vec![Vec::new(); n];
            self.checked = vec![0; n];
            self.changed = vec![0; n];
            return;
        };
        let tol = rules.general.contact_tolerance;
        // Every changed unit's own link is void first, so that no chain through one is
        // trusted while the places that hung on it find new links.
        self.orphans.clear();
        for &t in touched.iter().filter(|t| **t < n) {
            if self.changed[t] != self.pass {
                self.changed[t] = self.pass;
                self.next[t] = NONE;
                self.orphans.push(t);
            }
        }
        while let Some(o) = self.orphans.pop() {
            // Held by itself, but a member of a group only on the table (off it, a unit is held
            // by itself and touches no one, whatever its base still says).
            let proven = if table.units[o].on_table() && self_held(o) {
                self.next[o] = o as u32;
                true
            } else {
                self.attach(table, grid, tol, o)
            };
            if !proven {
                lost.push(o);
            }
            // A changed unit may have left the places linked to it.
            let moved = self.changed[o] == self.pass;
            let mut kept = std::mem::take(&mut self.linked[o]);
            kept.retain(|&c| {
                let c = c as usize;
                if self.next[c] != o as u32 {
                    return false;
                }
                if proven && (!moved || grid.placed(o).in_contact(grid.placed(c), tol)) {
                    return true;
                }
                self.next[c] = NONE;
                self.orphans.push(c);
                false
            });
            self.linked[o] = kept;
        }
    }

    /// Links the unproven place `o` to a friend in base contact whose chain is whole.
    fn attach(&mut self, table: &Table, grid: &UnitGrid, tol: f32, o: usize) -> bool {
        let u = &table.units[o];
        if !u.on_table() {
            return false;
        }
        let mut near = std::mem::take(&mut self.near);
        grid.near_point(u.base.center, u.base.size.length() * 0.5 + tol, &mut near);
        let found = near.iter().copied().find(|&j| {
            j != o
                && self.next[j] != NONE
                && table.units[j].side == u.side
                && table.units[j].on_table()
                && grid.placed(o).in_contact(grid.placed(j), tol)
                && self.whole(j)
        });
        self.near = near;
        if let Some(j) = found {
            self.link(o, j);
        }
        found.is_some()
    }

    /// Whether the chain from `place` reaches a root with every link standing. While a
    /// catch-up runs, a chain through a place in doubt meets `NONE` (the changed units' links
    /// are void from the start, and a place hung on one keeps that link until it is tried), so
    /// a chain found whole stays whole to its end.
    fn whole(&mut self, place: usize) -> bool {
        let mut at = place;
        let mut steps = 0;
        while self.checked[at] != self.pass {
            let next = self.next[at];
            // A chain longer than the table would be a loop: never made, never trusted.
            if next == NONE || steps > self.next.len() {
                return false;
            }
            if next as usize == at {
                break;
            }
            at = next as usize;
            steps += 1;
        }
        // Every place on the way is whole too.
        let mut at = place;
        while self.checked[at] != self.pass {
            self.checked[at] = self.pass;
            at = self.next[at] as usize;
        }
        true
    }

    fn link(&mut self, place: usize, to: usize) {
        self.next[place] = to as u32;
        if to != place {
            self.linked[to].push(place as u32);
        }
    }

    /// Whether the group of the unit at `place` is proven to hold a member that may not move.
    pub fn proven(&self, place: usize) -> bool {
        self.next.get(place).is_some_and(|n| *n != NONE)
    }

    /// Proves `place`, a member held by itself.
    pub fn root(&mut self, place: usize) {
        if place < self.next.len() {
            self.link(place, place);
        }
    }

    /// Proves the unproven `place` by its base contact with `to`, which is proven (or will be
    /// before the table changes).
    pub fn prove(&mut self, place: usize, to: usize) {
        if place < self.next.len() && to < self.next.len() {
            self.link(place, to);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::table::{GameConfig, UnitId};
    use ambush_data::board::Side;
    use ambush_data::tables::TroopType;
    use glam::Vec2;

    fn rules() -> &'static Rules {
        Rules::bundled()
    }

    /// Six marines on 1" bases in base contact, by place: a front rank A B C D, and E and F
    /// behind, half a base to the right (E touching B and C, F touching C and D). D is held by
    /// itself (it has moved, say), and the others are proven by chains to it: A-B-C-D, E-B,
    /// F-C.
    fn six() -> (Table, Proofs, Vec<UnitId>) {
        let mut t = Table::new(GameConfig::plain(72.0, 48.0));
        let at = [
            (10.0, 10.0),
            (11.0, 10.0),
            (12.0, 10.0),
            (13.0, 10.0),
            (11.5, 11.0),
            (12.5, 11.0),
        ];
        let infantry = TroopType::known("Infantry");
        let ids: Vec<UnitId> = at
            .iter()
            .enumerate()
            .map(|(i, p)| {
                t.add(
                    rules(),
                    &format!("M{i}"),
                    Side::Humans,
                    infantry,
                    *p,
                    0.0,
                    &[],
                )
            })
            .collect();
        let mut proofs = Proofs::default();
        let mut lost = Vec::new();
        proofs.catch_up(&t, rules(), &t.grid(), &|p| p == 3, &mut lost);
        proofs.root(3);
        for (place, to) in [(2, 3), (1, 2), (0, 1), (5, 2), (4, 1)] {
            proofs.prove(place, to);
        }
        (t, proofs, ids)
    }

    fn catch_up(t: &Table, proofs: &mut Proofs, held: usize) -> Vec<usize> {
        let mut lost = Vec::new();
        proofs.catch_up(t, rules(), &t.grid(), &|p| p == held, &mut lost);
        lost.sort_unstable();
        lost
    }

    fn move_to(t: &mut Table, id: UnitId, to: (f32, f32)) {
        t.unit_mut(id).unwrap().base.center = Vec2::new(to.0, to.1);
    }

    #[test]
    fn a_proof_stands_while_its_chain_stands_and_a_place_hung_on_a_unit_gone_finds_another_friend()
    {
        let (mut t, mut proofs, ids) = six();
        assert!(catch_up(&t, &mut proofs, 3).is_empty(), "nothing changed");
        assert!((0..6).all(|p| proofs.proven(p)));
        // B leaves: A touched only B, so its group may now be free; E still touches F.
        move_to(&mut t, ids[1], (40.0, 40.0));
        assert_eq!(catch_up(&t, &mut proofs, 3), vec![0, 1]);
        assert!(!proofs.proven(0) && !proofs.proven(1));
        assert!([2, 3, 4, 5].iter().all(|p| proofs.proven(*p)));
    }

    #[test]
    fn a_root_that_steps_away_takes_every_proof_that_led_only_through_it() {
        let (mut t, mut proofs, ids) = six();
        // D, still held by itself, steps out of contact with C: C hung on D, and F and E reach
        // D only through C.
        move_to(&mut t, ids[3], (30.0, 10.0));
        assert_eq!(catch_up(&t, &mut proofs, 3), vec![0, 1, 2, 4, 5]);
        assert!(proofs.proven(3));
        // A unit changed that is no longer held by itself loses its own proof too.
        t.unit_mut(ids[3]).unwrap().label = "D".into();
        assert_eq!(catch_up(&t, &mut proofs, usize::MAX), vec![3]);
    }

    #[test]
    fn a_root_destroyed_where_it_stood_proves_nothing() {
        let (mut t, mut proofs, ids) = six();
        // Off the table, D is held by itself but in no one's group, though its base is where
        // it was.
        t.unit_mut(ids[3]).unwrap().status.presence = crate::rules::table::Presence::Destroyed;
        assert_eq!(catch_up(&t, &mut proofs, 3), vec![0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_root_that_changes_but_stays_held_and_touching_keeps_every_proof() {
        let (mut t, mut proofs, ids) = six();
        t.unit_mut(ids[3]).unwrap().label = "D".into();
        assert!(catch_up(&t, &mut proofs, 3).is_empty());
        assert!((0..6).all(|p| proofs.proven(p)));
    }

    #[test]
    fn a_panic_while_the_proofs_were_held_loses_every_proof_at_the_next_catch_up() {
        let (t, proofs, _) = six();
        let held = HeldProofs::default();
        *held.lock() = proofs;
        let poisoned = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _proofs = held.lock();
            panic!("a panic while the proofs are held");
        }));
        assert!(poisoned.is_err());
        let mut lost = Vec::new();
        held.lock()
            .catch_up(&t, rules(), &t.grid(), &|p| p == 3, &mut lost);
        lost.sort_unstable();
        assert_eq!(
            lost,
            (0..6).collect::<Vec<_>>(),
            "whatever rests on a proof wakes"
        );
    }
}
