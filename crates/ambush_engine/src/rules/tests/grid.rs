//! The grid of units by place: it answers as a scan of every unit does, copies keep their own, and strange tables still answer.

use crate::rules::grid::*;
use crate::rules::table::{GameConfig, Presence, Table};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::PlacedBase;
use ambush_data::tables::TroopType;
use glam::Vec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A table of `n` bases of mixed sizes and facings, some of them off it.
fn random_table(rng: &mut ChaCha8Rng, n: usize, size: Vec2) -> Table {
    let rules = Rules::bundled();
    let mut table = Table::new(GameConfig::plain(size.x, size.y));
    for i in 0..n {
        let side = if rng.random_bool(0.5) {
            Side::Humans
        } else {
            Side::Aliens
        };
        let troop = TroopType::known(if side == Side::Humans {
            "Infantry"
        } else {
            "Alien"
        });
        let at = (
            rng.random_range(-2.0..size.x + 2.0),
            rng.random_range(-2.0..size.y + 2.0),
        );
        let bearing = rng.random_range(0.0..360.0);
        let id = table.add(rules, &format!("U{i}"), side, troop, at, bearing, &[]);
        // Some bigger bases, and some units not on the table.
        let u = table.unit_mut(id).unwrap();
        if rng.random_bool(0.2) {
            u.base.size *= rng.random_range(1.0..4.0);
        }
        if rng.random_bool(0.1) {
            u.status.presence = Presence::Destroyed;
        }
    }
    table
}

/// Moves some units, takes some off the table and puts some back, as a game would: half the
/// time all through the whole list at once, else one unit at a time through `unit_mut` (the
/// log of one-unit changes), with the grid asked now and then between changes.
fn shuffle_some(rng: &mut ChaCha8Rng, table: &mut Table) {
    let size = table.config.table();
    let one_at_a_time = rng.random_bool(0.5);
    for i in 0..table.units.len() {
        let mut u = table.units[i].clone();
        if rng.random_bool(0.1) {
            u.base.center = Vec2::new(
                rng.random_range(-2.0..size.x + 2.0),
                rng.random_range(-2.0..size.y + 2.0),
            );
        }
        if rng.random_bool(0.1) {
            u.base.facing = rng.random_range(-3.0..3.0);
        }
        if rng.random_bool(0.03) {
            u.status.presence = if u.on_table() {
                Presence::Destroyed
            } else {
                Presence::OnTable
            };
        }
        if !one_at_a_time {
            table.units[i] = u;
        } else if u != table.units[i] || rng.random_bool(0.05) {
            if rng.random_bool(0.2) {
                let _ = table.grid();
            }
            let id = u.id;
            *table.unit_mut(id).expect("the unit is on the list") = u;
        }
    }
}

/// Every base that reaches within `reach` of the segment from `a` to `b`: the plain scan.
fn scan(table: &Table, a: Vec2, b: Vec2, reach: f32) -> Vec<usize> {
    (0..table.units.len())
        .filter(|i| {
            let u = &table.units[*i];
            u.on_table()
                && geometry::point_segment_distance(u.base.center, a, b)
                    <= reach + u.base.size.length() * 0.5
        })
        .collect()
}

/// The grid's candidates, tested exactly, are what a scan of every unit finds, in its order:
/// on a fresh grid, and on the table's kept grid as units move, leave, come back and arrive.
#[test]
fn near_finds_what_a_scan_finds() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let mut got = Vec::new();
    for case in 0..200 {
        let n = [0, 1, 2, 7, 40, 300][case % 6];
        let size = Vec2::new(rng.random_range(6.0..120.0), rng.random_range(6.0..80.0));
        let mut table = random_table(&mut rng, n, size);
        for round in 0..4 {
            if round > 0 {
                shuffle_some(&mut rng, &mut table);
            }
            if round == 2 {
                let more = random_table(&mut rng, 5, size);
                let first = table.units.len() as u32;
                table.units.extend(more.units.into_iter().map(|mut u| {
                    u.id += first;
                    u
                }));
            }
            let fresh = UnitGrid::new(table.config.table(), &table.units);
            let kept = table.grid();
            for _ in 0..20 {
                let a = Vec2::new(
                    rng.random_range(-5.0..size.x + 5.0),
                    rng.random_range(-5.0..size.y + 5.0),
                );
                let b = a + Vec2::new(rng.random_range(-8.0..8.0), rng.random_range(-8.0..8.0));
                let reach = rng.random_range(0.0..6.0);
                let want = scan(&table, a, b, reach);
                for (i, u) in table.units.iter().enumerate() {
                    assert_eq!(*kept.placed(i), PlacedBase::new(u.base));
                }
                for grid in [&fresh, &*kept] {
                    grid.near_segment(a, b, reach, &mut got);
                    assert!(got.windows(2).all(|w| w[0] < w[1]), "ascending, no repeats");
                    assert!(got.iter().all(|i| table.units[*i].on_table()));
                    let exact: Vec<usize> = got
                        .iter()
                        .copied()
                        .filter(|i| want.binary_search(i).is_ok())
                        .collect();
                    assert_eq!(
                        exact, want,
                        "case {case} round {round}: {a} to {b}, {reach}"
                    );
                }
            }
        }
    }
}

/// The table's questions asked through the grid answer exactly as the plain scans: contact
/// with the enemy, the enemies and friends in contact, and a unit's group.
#[test]
fn contact_through_the_grid_is_the_scans() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let tol = Rules::bundled().general.contact_tolerance;
    // How many units touched a friend and an enemy: the cases are not all of lone bases.
    let (mut with_friends, mut with_enemies) = (0, 0);
    for case in 0..60 {
        // A crowded table, and some bases set exactly side by side, so many touch.
        let mut table = random_table(&mut rng, 80, Vec2::new(30.0, 20.0));
        for k in 1..table.units.len() {
            if rng.random_bool(0.3) {
                let prev = table.units[k - 1].base;
                let gap = [0.0, tol * 0.5, tol * 2.0][rng.random_range(0..3)];
                let b = &mut table.units[k].base;
                *b = prev.at(prev.center + prev.right() * (prev.width() + gap));
            }
        }
        shuffle_some(&mut rng, &mut table);
        let grid = table.grid();
        for u in &table.units {
            let id = u.id;
            assert_eq!(
                table.in_enemy_contact_via_grid(&grid, id, tol),
                table.in_enemy_contact(id, tol),
                "case {case}, unit {id}"
            );
            assert_eq!(
                table.enemies_in_contact_via_grid(&grid, id, tol),
                table.enemies_in_contact(id, tol)
            );
            assert_eq!(
                table.friends_in_contact_via_grid(&grid, id, tol),
                table.friends_in_contact(id, tol)
            );
            with_friends += usize::from(!table.friends_in_contact(id, tol).is_empty());
            with_enemies += usize::from(table.in_enemy_contact(id, tol));
            // The group by plain scans, breadth first as `group_via_grid` finds it.
            let mut group = vec![id];
            let mut i = 0;
            while i < group.len() {
                for f in table.friends_in_contact(group[i], tol) {
                    if !group.contains(&f) {
                        group.push(f);
                    }
                }
                i += 1;
            }
            assert_eq!(table.group_via_grid(&grid, id, tol), group);
        }
    }
    assert!(
        with_friends > 500 && with_enemies > 500,
        "{with_friends}, {with_enemies}"
    );
}

/// The units' revision changes with every change, and the log of one-unit changes names
/// every unit changed since a revision it reaches back to, and nothing for one it does not.
#[test]
fn the_units_log_names_what_changed_since() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut table = random_table(&mut rng, 50, Vec2::new(48.0, 48.0));
    // A change through the whole list starts the log afresh.
    table.units[0].base.facing += 0.1;
    let start = table.units.revision();
    let mut seen = vec![start];
    let mut changed = Vec::new();
    for k in 0..200 {
        let place = rng.random_range(0..table.units.len());
        let id = table.units[place].id;
        table.unit_mut(id).expect("on the list").base.facing += 0.1;
        changed.push(place);
        let now = table.units.revision();
        assert!(!seen.contains(&now), "a fresh revision for every change");
        seen.push(now);
        // Since each earlier revision the log still reaches: exactly the changes made after.
        for (back, r) in seen.iter().rev().enumerate().skip(1).take(32) {
            let since: Option<Vec<usize>> = table.units.touched_since(*r).map(Iterator::collect);
            assert_eq!(
                since.as_deref(),
                Some(&changed[changed.len() - back..]),
                "{k}"
            );
        }
        assert_eq!(table.units.touched_since(seen[0]).is_some(), k < 64);
    }
    // A change to the whole list starts the log again: nothing before it is named.
    let before = table.units.revision();
    table.units[0].base.facing += 0.1;
    assert!(table.units.touched_since(before).is_none());
    assert_eq!(
        table
            .units
            .touched_since(table.units.revision())
            .map(Iterator::count),
        Some(0)
    );
    // A copy has the same revision, until either changes.
    let copy = table.clone();
    assert_eq!(copy.units.revision(), table.units.revision());
}

/// A copy of a table shares its grid; each stays right as the two part ways.
#[test]
fn copies_keep_their_own_grids() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut table = random_table(&mut rng, 60, Vec2::new(48.0, 48.0));
    let _ = table.grid();
    let mut copy = table.clone();
    shuffle_some(&mut rng, &mut copy);
    let (a, b) = (Vec2::new(10.0, 10.0), Vec2::new(30.0, 20.0));
    let mut got = Vec::new();
    for t in [&table, &copy] {
        t.grid().near_segment(a, b, 3.0, &mut got);
        let want = scan(t, a, b, 3.0);
        got.retain(|i| want.binary_search(i).is_ok());
        assert_eq!(got, want);
    }
    // A unit removed from the list: the grid is filed again.
    table.units.remove(3);
    table.grid().near_segment(a, b, 3.0, &mut got);
    let want = scan(&table, a, b, 3.0);
    got.retain(|i| want.binary_search(i).is_ok());
    assert_eq!(got, want);
}

/// A table with nothing on it, or a unit at an absurd place, still answers every query.
#[test]
fn strange_tables_answer() {
    let rules = Rules::bundled();
    let mut table = Table::new(GameConfig::plain(40.0, 40.0));
    let mut got = vec![9];
    table.grid().near_point(Vec2::new(5.0, 5.0), 1.0, &mut got);
    assert!(got.is_empty());
    let infantry = TroopType::known("Infantry");
    let alien = TroopType::known("Alien");
    table.add(rules, "A", Side::Humans, infantry, (5.0, 5.0), 0.0, &[]);
    let lost = table.add(rules, "B", Side::Aliens, alien, (9.0, 9.0), 0.0, &[]);
    table.add(rules, "C", Side::Aliens, alien, (3e38, -3e38), 0.0, &[]);
    table.unit_mut(lost).unwrap().base.center.x = f32::NAN;
    // A few units: every query looks at them all, and passes over those far from the box
    // as the cells would (the one at no place is in every answer).
    table.grid().near_point(Vec2::new(5.0, 5.0), 1.0, &mut got);
    assert_eq!(got, [0, 1]);
    table
        .grid()
        .near_point(Vec2::new(3e38, -3e38), 1.0, &mut got);
    assert_eq!(got, [1, 2]);
    // Enough of them far off (at 30, 30) that the cells are used.
    for i in 0..SCAN_UP_TO {
        table.add(
            rules,
            &format!("F{i}"),
            Side::Humans,
            infantry,
            (30.0, 30.0),
            0.0,
            &[],
        );
    }
    let grid = table.grid();
    // The unit at no place is a candidate everywhere; the far one is only near its edge.
    grid.near_point(Vec2::new(5.0, 5.0), 1.0, &mut got);
    assert_eq!(got, [0, 1]);
    grid.near_point(Vec2::new(3e38, -3e38), 1.0, &mut got);
    assert_eq!(got, [1, 2]);
    grid.near_point(Vec2::new(f32::NAN, 5.0), 1.0, &mut got);
    assert_eq!(got.len(), table.units.len());
    // An absurd table still gets a grid that finds what is there.
    for size in [(f32::NAN, 1.0), (0.0, -3.0), (3e38, 3e38), (1e6, 0.5)] {
        let mut t = Table::new(GameConfig::plain(size.0, size.1));
        for i in 0..=SCAN_UP_TO {
            let at = (0.5 + i as f32 * 3.0, 0.5);
            t.add(
                rules,
                &format!("A{i}"),
                Side::Humans,
                infantry,
                at,
                0.0,
                &[],
            );
        }
        t.grid().near_point(Vec2::new(0.5, 0.5), 1.0, &mut got);
        assert!(got.contains(&0), "{size:?}");
    }
}
