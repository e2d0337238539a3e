//! Resting units wake when anything their answer read may have changed, and only then.

use super::{marine, open_table, rules};
use crate::rules::table::{Table, UnitId};
use glam::Vec2;

/// How far from a member a change wakes the test's resting unit, inches.
const REACH: f32 = 7.0;

/// Puts the unit `id` to rest alone, watching what stands within `REACH` of it.
fn rest(t: &Table, id: UnitId) {
    let grid = t.grid();
    let mut resting = t.resting_units(rules(), &grid);
    let place = t.index(id).unwrap();
    let mut near = Vec::new();
    grid.near_point(t.units[place].base.center, REACH, &mut near);
    resting.rest(place, true, &[place], REACH, &near);
}

/// Whether `id` still rests, with the table as it stands now.
fn rests(t: &Table, id: UnitId) -> bool {
    let grid = t.grid();
    let resting = t.resting_units(rules(), &grid);
    let place = t.index(id).unwrap();
    resting.next_awake(place) != Some(place)
}

fn move_to(t: &mut Table, id: UnitId, to: (f32, f32)) {
    t.unit_mut(id).unwrap().base.center = Vec2::new(to.0, to.1);
}

/// A marine at rest at (10, 10), one beside it and one far off.
fn three() -> (Table, UnitId, UnitId, UnitId) {
    let mut t = open_table();
    let a = marine(&mut t, "A", (10.0, 10.0), 0.0);
    let beside = marine(&mut t, "B", (13.0, 10.0), 0.0);
    let far = marine(&mut t, "C", (50.0, 30.0), 0.0);
    rest(&t, a);
    (t, a, beside, far)
}

#[test]
fn a_resting_unit_sleeps_through_changes_beyond_its_reach() {
    let (mut t, a, _, far) = three();
    assert!(rests(&t, a));
    move_to(&mut t, far, (60.0, 40.0));
    t.unit_mut(far).unwrap().status.stunned = true;
    assert!(rests(&t, a), "nothing within its reach changed");
    assert!(!rests(&t, far), "it was never put to rest");
}

#[test]
fn a_unit_that_comes_within_reach_wakes_it() {
    let (mut t, a, _, far) = three();
    move_to(&mut t, far, (10.0, 17.0));
    assert!(!rests(&t, a));
}

#[test]
fn a_unit_that_stood_near_and_moves_away_wakes_it() {
    let (mut t, a, beside, _) = three();
    move_to(&mut t, beside, (60.0, 10.0));
    assert!(
        !rests(&t, a),
        "the unit it read is gone from where it stood"
    );
}

#[test]
fn a_change_to_a_unit_near_it_or_to_itself_wakes_it() {
    let (mut t, a, beside, _) = three();
    t.unit_mut(beside).unwrap().status.stunned = true;
    assert!(!rests(&t, a));
    rest(&t, a);
    assert!(rests(&t, a));
    t.unit_mut(a).unwrap().status.withdrawing = true;
    assert!(!rests(&t, a));
}

#[test]
fn a_change_the_log_does_not_name_wakes_every_unit() {
    let (mut t, a, _, far) = three();
    for u in t.units.iter_mut() {
        u.status.stunned = false;
    }
    assert!(!rests(&t, a));
    rest(&t, a);
    t.exposure.of_mut(far).drift = Some(Vec2::X);
    assert!(
        !rests(&t, a),
        "the environment's hold on a unit is not in the units' log"
    );
}
