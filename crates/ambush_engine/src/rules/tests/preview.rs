//! Preview tests: what the window shows before an order is the rules' own verdict (001
//! "Movement Definitions", "To shoot", "Line of Sight").

use super::*;
use crate::rules::preview::{
    group, preview_charge, preview_move, preview_shot, target_marks, unit_at, why_no_shot,
};
use crate::rules::shooting::RangeBand;
use crate::rules::table::MoveKind;
use ambush_data::board::Going;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Shape;
use ambush_data::geometry::bearing_to_angle;
use glam::Vec2;

fn north() -> f32 {
    bearing_to_angle(0.0)
}

#[test]
fn clicking_a_base_selects_it_and_its_group_in_base_contact() {
    // 001: "A 'group' is any number of friendly units that are in base contact with each other
    // (regardless of facing)."
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let m2 = marine(&mut t, "M2", (11.0, 10.0), 90.0);
    let m3 = marine(&mut t, "M3", (20.0, 10.0), 0.0);
    assert_eq!(unit_at(&t, Vec2::new(10.3, 10.2)), Some(m1));
    assert_eq!(unit_at(&t, Vec2::new(15.0, 10.0)), None);
    assert_eq!(group(&t, rules(), m1), vec![m1, m2]);
    assert_eq!(group(&t, rules(), m3), vec![m3]);
}

#[test]
fn move_preview_names_the_category_and_the_allowance() {
    // 001: "Straight Forward ... not ending its turn more than one base width to the left or
    // right"; "Advance left/right: If the unit moves sideways"; "Fall Back: If the unit moves
    // backwards". rules.md: infantry move 1 SMR forward, half SMR otherwise.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let fwd = preview_move(&t, rules(), m, Vec2::new(10.0, 13.5), north(), false).unwrap();
    assert_eq!(fwd.kind, MoveKind::StraightForward);
    assert!(fwd.legal(), "{:?}", fwd.verdict);
    assert!((fwd.length - 3.5).abs() < 1e-4);
    assert!((fwd.allowance - 4.0).abs() < 1e-4);
    let side = preview_move(&t, rules(), m, Vec2::new(12.0, 10.0), north(), false).unwrap();
    assert_eq!(side.kind, MoveKind::Advance);
    assert!(side.legal());
    let back = preview_move(&t, rules(), m, Vec2::new(10.0, 8.5), north(), false).unwrap();
    assert_eq!(back.kind, MoveKind::FallBack);
    assert!((back.allowance - 2.0).abs() < 1e-4);
    // Too far: the preview says which rule forbids it, and still shows the ghost where it would end.
    let far = preview_move(&t, rules(), m, Vec2::new(10.0, 16.0), north(), false).unwrap();
    assert!(!far.legal());
    assert!(
        matches!(
            &far.verdict,
            Err(crate::rules::orders::OrderError::Move(
                crate::rules::movement::MoveError::BeyondAllowance { allowance, .. }
            ))
                if (*allowance - 4.0).abs() < 1e-4
        ),
        "{:?}",
        far.verdict
    );
    assert!(far.verdict.unwrap_err().to_string().contains("allowance"));
    assert_eq!(far.ghosts[0].1.center, Vec2::new(10.0, 16.0));
}

#[test]
fn move_preview_counts_bad_going_and_refuses_contact() {
    // rules.md: bad going costs double; 001: "The unit(s) moving into contact are the attackers"
    // (contact is a charge, not a move).
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.terrain.push(TerrainFeature {
        name: "scrub".into(),
        shape: Shape::Rect {
            center: (10.0, 12.0),
            size: (4.0, 1.0),
            rotation: 0.0,
        },
        going: Going::Bad,
        tall: false,
        water: false,
        linear_defence: false,
        height: 0.0,
        look: None,
    });
    let p = preview_move(&t, rules(), m, Vec2::new(10.0, 13.0), north(), false).unwrap();
    assert!((p.going_cost() - 1.0).abs() < 0.3, "{}", p.going_cost());
    assert!(p.legal());
    // Clear of the scrub, a move that ends touching an alien is refused.
    let m2 = marine(&mut t, "M2", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 14.0), 180.0);
    let touch = preview_move(&t, rules(), m2, Vec2::new(30.0, 12.75), north(), false).unwrap();
    let why = touch.verdict.unwrap_err();
    assert!(why.to_string().contains("charge"), "{why}");
    let charge = preview_charge(&t, rules(), m2, a);
    assert!(charge.verdict.is_ok(), "{:?}", charge.verdict);
    assert!(charge.ghost.is_some());
}

#[test]
fn targets_are_highlighted_with_their_band_and_blocked_sight_is_named() {
    // 001: "The target must be in range and in line of sight"; "Standard Issue Weapons Medium
    // Range 12" Long Range 20""; tall terrain blocks the line of sight.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (10.0, 20.0), 180.0);
    let far = alien(&mut t, "A2", (14.0, 29.0), 180.0);
    let out = alien(&mut t, "A3", (40.0, 40.0), 180.0);
    let hidden = alien(&mut t, "A4", (2.0, 18.0), 180.0);
    t.terrain.push(TerrainFeature {
        name: "wreck".into(),
        shape: Shape::Circle {
            center: (5.0, 14.0),
            radius: 1.5,
        },
        going: Going::Impassable,
        tall: true,
        water: false,
        linear_defence: false,
        height: 0.0,
        look: None,
    });
    let marks = target_marks(&t, rules(), m);
    let band = |id| marks.iter().find(|x| x.target == id).map(|x| x.plan.band);
    assert_eq!(band(near), Some(RangeBand::Medium));
    assert_eq!(band(far), Some(RangeBand::Long));
    assert_eq!(band(out), None);
    assert_eq!(band(hidden), None);
    let blocked = preview_shot(&t, rules(), m, hidden).unwrap();
    assert_eq!(blocked.blocker.as_deref(), Some("wreck"));
    assert!(blocked.verdict.unwrap_err().to_string().contains("wreck"));
    let clear = preview_shot(&t, rules(), m, near).unwrap();
    let plan = clear.verdict.unwrap();
    assert_eq!(plan.need, 5);
    assert!(plan.modifiers.iter().any(|x| x.name == "did not move"));
}

#[test]
fn a_shooter_without_a_target_is_told_why_by_its_nearest_enemy() {
    // 001: "The target must be in range and in line of sight"; "Standard Issue Weapons ... Long
    // Range 20"": the end of a shooting phase says why each unit had no shot.
    let mut t = open_table();
    let m1 = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let m2 = marine(&mut t, "M2", (10.0, 12.0), 0.0);
    let far = alien(&mut t, "A1", (10.0, 40.0), 180.0);
    // M2 stands between M1 and nothing: the alien is beyond both marines' long range.
    let said = why_no_shot(&t, rules(), m1).expect("no target");
    assert!(said.starts_with("M1: A1 is out of range"), "{said}");
    // In range once it closes, and M2 blocks M1's line straight up the table.
    t.unit_mut(far).expect("A1").base.center = Vec2::new(10.0, 25.0);
    assert_eq!(why_no_shot(&t, rules(), m2), None, "M2 has a target");
    let blocked = why_no_shot(&t, rules(), m1).expect("M1 is blocked");
    assert!(
        blocked.contains("M1 cannot see A1") && blocked.contains("M2"),
        "{blocked}"
    );
}

#[test]
fn a_preview_shows_the_plan_the_rules_checked_for_the_order() {
    // The numbers shown before an order are the commit's: a charge at a chosen edge of its
    // target ends where that edge's plan ends, not where the preview's own (nearest-edge)
    // working-out put it; a checked shot shows the checked plan's need and modifiers.
    use crate::rules::movement::plan_charge;
    use crate::rules::phases::CheckedOrder;
    use crate::rules::phases::movement::MoveChecked;
    use crate::rules::phases::shooting::ShotChecked;
    use crate::rules::preview::show_checked;
    use crate::rules::shooting::plan_shot_now;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (31.0, 12.5), 90.0);
    let mut charge = preview_charge(&t, rules(), m, a);
    let at_another_edge = (0..4)
        .filter_map(|e| plan_charge(&t, rules(), m, a, Some(e)).ok())
        .find(|p| Some(p.poses[0].1) != charge.ghost)
        .expect("a charge at another edge of the target");
    let ghost = at_another_edge.poses[0].1;
    let checked = CheckedOrder::Movement(MoveChecked::Charge(at_another_edge));
    show_checked(&checked, None, Some(&mut charge), None);
    assert_eq!(charge.ghost, Some(ghost));

    let mut shot = preview_shot(&t, rules(), m, a).expect("a shot");
    let mut plan = plan_shot_now(&t, rules(), m, a, None).expect("in range");
    plan.need += 1;
    let checked = CheckedOrder::Shooting(ShotChecked::Shoot {
        shooter: m,
        target: a,
        plan: plan.clone(),
    });
    show_checked(&checked, None, None, Some(&mut shot));
    assert_eq!(shot.verdict, Ok(plan));
}
