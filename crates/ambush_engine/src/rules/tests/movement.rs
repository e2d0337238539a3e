//! A group's move search: the order its members are tested in changes only how soon a refusal is found.

use super::{marine, open_table, rules};
use crate::rules::movement::MoveSearch;
use glam::Vec2;

#[test]
fn a_group_tested_from_its_front_answers_as_one_tested_in_list_order_and_sooner() {
    // `try_first`: which member is tested first changes only how soon a refusal is found.
    // Four ranks of twenty in base contact, led from the back, with friends standing half
    // an inch beyond the front rank (not touching it, so not of the group). Past
    // 64 members, only the foremost are put in order.
    let mut t = open_table();
    let mut block = Vec::new();
    for rank in 0..4 {
        for file in 0..20 {
            let at = (20.5 + file as f32, 10.5 + rank as f32);
            block.push(marine(&mut t, "M", at, 0.0));
        }
    }
    for file in 0..20 {
        marine(&mut t, "W", (20.5 + file as f32, 15.0), 0.0);
    }
    let leader = block[0];
    let from = t.unit(leader).unwrap().base.center;
    let search = || MoveSearch::new(&t, rules(), leader, true).unwrap();
    // The members as the search lists them: its group as `Table::group_via_grid` finds it.
    let members = t.group_via_grid(&t.grid(), leader, rules().general.contact_tolerance);
    assert_eq!(members.len(), 80);
    let ahead = Vec2::new(0.0, 1.0);
    let mut in_list = search();
    let mut from_front = search();
    from_front.test_foremost_first(ahead);
    // Up the table into the friends, aside, back, and slantwise: the same answers.
    for (dx, dy) in [
        (0.0, 1.0),
        (0.0, 0.4),
        (1.5, 0.0),
        (0.0, -2.0),
        (1.0, 1.0),
        (-3.0, 0.0),
    ] {
        let to = from + Vec2::new(dx, dy);
        let (a, b) = (in_list.refusal(to, 0.0), from_front.refusal(to, 0.0));
        assert_eq!(a.is_some(), b.is_some(), "({dx}, {dy}): {a:?} {b:?}");
    }
    // Into the friends, the front rank is refused: tested in list order, after every
    // member listed before the first of it; from the front, after the leader alone.
    let (mut in_list, mut from_front) = (search(), search());
    from_front.test_foremost_first(ahead);
    let to = from + ahead;
    let front_rank = &block[60..];
    for s in [&mut in_list, &mut from_front] {
        let witness = s.refusal(to, 0.0).expect("the friends are in the way");
        assert!(
            front_rank.contains(&witness.member().unwrap()),
            "{witness:?}"
        );
    }
    let listed_before = members.iter().position(|m| front_rank.contains(m));
    assert!(listed_before > Some(1), "{members:?}");
    assert_eq!(
        Some(in_list.members_tested()),
        listed_before.map(|at| at + 1)
    );
    assert_eq!(from_front.members_tested(), 2);
}
