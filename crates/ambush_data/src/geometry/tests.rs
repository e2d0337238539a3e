//! Geometry's tests: bases, contact, overlap, shapes, bearings and routes, the prepared searches against the plain functions.

use super::convex::{penetrates_at_all, penetrates_by_more, polygon_penetration};
use super::*;
use glam::Vec2;

#[test]
fn distance_along_is_the_inverse_of_along() {
    let (route, length) = route_of(&[(0.0, 0.0), (0.0, 10.0), (6.0, 18.0)]);
    assert_eq!(length, 20.0);
    for d in [0.0, 3.5, 10.0, 15.0, 20.0] {
        let (p, _) = along(&route, d);
        assert!((distance_along(&route, p) - d).abs() < 1e-4, "{d}");
    }
    // A point off the route counts where the route passes nearest; past its end, the end.
    assert_eq!(distance_along(&route, Vec2::new(-2.0, 4.0)), 4.0);
    assert_eq!(distance_along(&route, Vec2::new(9.0, 30.0)), 20.0);
}
use std::f32::consts::FRAC_PI_2;

fn sq(x: f32, y: f32) -> Footprint {
    Footprint::new(Vec2::new(x, y), Vec2::ONE, FRAC_PI_2)
}

/// Numbers spread evenly between `lo` and `hi`, from a xorshift generator started at `seed`.
fn uniform(mut seed: u64) -> impl FnMut(f32, f32) -> f32 {
    move |lo, hi| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
    }
}

/// The prepared bases and shapes of the searches answer as the plain functions do, to the
/// bit, over many random bases, shapes and tolerances (a speed change must not change a
/// single move, and so a single roll).
#[test]
fn placed_bases_and_shapes_answer_as_the_plain_functions_do() {
    let mut next = uniform(0x9e37_79b9_7f4a_7c15u64);
    for _ in 0..20_000 {
        let mut base = || {
            Footprint::new(
                Vec2::new(next(0.0, 12.0), next(0.0, 12.0)),
                Vec2::new(next(0.5, 3.0), next(0.5, 3.0)),
                next(-7.0, 7.0),
            )
        };
        let (a, b) = (base(), base());
        let tol = next(0.0, 0.2);
        let (pa, pb) = (PlacedBase::new(a), PlacedBase::new(b));
        assert_eq!(pa.corners, a.corners());
        assert_eq!(pa.overlaps(&pb, tol), bases_overlap(&a, &b, tol));
        assert_eq!(pa.in_contact(&pb, tol), in_contact(&a, &b, tol));
        assert_eq!(
            in_contact(&a, &b, tol),
            base_distance(&a, &b) <= tol,
            "contact is a distance within the tolerance"
        );
        let table = Vec2::new(next(6.0, 14.0), next(6.0, 14.0));
        assert_eq!(pa.on_table(table, tol), on_table(&a, table, tol));
        let shape = if next(0.0, 1.0) < 0.5 {
            Shape::Circle {
                center: (next(0.0, 12.0), next(0.0, 12.0)),
                radius: next(0.2, 4.0),
            }
        } else {
            Shape::Rect {
                center: (next(0.0, 12.0), next(0.0, 12.0)),
                size: (next(0.2, 6.0), next(0.2, 6.0)),
                rotation: next(-180.0, 180.0),
            }
        };
        let placed = shape.placed();
        let overlaps = shape.overlaps(&a, tol);
        assert_eq!(placed.overlaps(&pa, tol), overlaps, "{shape:?} {a:?}");
        if overlaps {
            assert!(placed.may_reach(&pa, 0.0));
            assert!(placed.may_reach_path(a.center, b.center, pa.radius, 0.0));
        }
    }
}

/// The overlap tests that stop at the first separating axis answer as comparing the whole
/// depth does, to the bit: for random rectangles, ones that touch exactly or overlap along an
/// edge, rectangles of no size, and corners that cannot be measured.
#[test]
fn early_overlap_tests_answer_as_the_whole_depth_does() {
    let mut next = uniform(0x2545_f491_4f6c_dd1du64);
    let mut pairs: Vec<([Vec2; 4], [Vec2; 4])> = (0..20_000)
        .map(|_| {
            let mut corners = || {
                Footprint::new(
                    Vec2::new(next(0.0, 6.0), next(0.0, 6.0)),
                    Vec2::new(next(0.0, 3.0), next(0.0, 3.0)),
                    next(-7.0, 7.0),
                )
                .corners()
            };
            (corners(), corners())
        })
        .collect();
    let flush = (sq(0.5, 0.5).corners(), sq(1.5, 0.5).corners());
    let nowhere = Footprint::new(Vec2::ZERO, Vec2::ZERO, 0.0).corners();
    let unmeasured = Footprint::new(Vec2::new(f32::NAN, 1.0), Vec2::ONE, 0.0).corners();
    pairs.extend([
        flush,
        (flush.0, flush.0),
        (nowhere, flush.0),
        (unmeasured, flush.0),
    ]);
    pairs.push((flush.0, unmeasured));
    for (a, b) in pairs {
        let depth = polygon_penetration(&a, &b);
        for limit in [0.0, 0.01, 0.05, -0.01, f32::INFINITY] {
            assert_eq!(
                penetrates_by_more(&a, &b, limit),
                depth > limit,
                "{a:?} {b:?}"
            );
        }
        assert_eq!(penetrates_at_all(&a, &b), depth >= 0.0, "{a:?} {b:?}");
    }
}

#[test]
fn touching_bases_are_in_contact_but_do_not_overlap() {
    let a = sq(0.5, 0.5);
    let b = sq(1.5, 0.5);
    assert!(in_contact(&a, &b, 0.05));
    assert!(!bases_overlap(&a, &b, 0.01));
    assert!(bases_overlap(&a, &sq(1.2, 0.5), 0.01));
    assert!((base_distance(&a, &sq(3.5, 0.5)) - 2.0).abs() < 1e-4);
}

#[test]
fn contact_pose_puts_front_edge_flush_on_the_chosen_edge() {
    let target = sq(10.0, 10.0); // faces north
    let alien = Footprint::new(Vec2::new(10.0, 20.0), Vec2::splat(1.5), 0.0);
    let pose = contact_pose(&alien, &target, 0);
    assert!((pose.center - Vec2::new(10.0, 11.25)).length() < 1e-4);
    assert!(front_touches(&pose, &target, 0.01));
    assert_eq!(touched_edge(&pose, &target), 0);
    let rear = contact_pose(&alien, &target, 2);
    assert!(!target.in_front_arc(rear.center));
}

#[test]
fn segment_length_inside_rect_and_circle() {
    let r = Shape::Rect {
        center: (5.0, 5.0),
        size: (2.0, 2.0),
        rotation: 0.0,
    };
    let len = r.length_inside(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0));
    assert!((len - 2.0).abs() < 1e-4);
    let c = Shape::Circle {
        center: (5.0, 5.0),
        radius: 1.0,
    };
    assert!((c.length_inside(Vec2::new(0.0, 5.0), Vec2::new(10.0, 5.0)) - 2.0).abs() < 1e-4);
    assert_eq!(
        c.length_inside(Vec2::new(0.0, 8.0), Vec2::new(10.0, 8.0)),
        0.0
    );
}

#[test]
fn bearings_round_trip() {
    assert!((bearing_to_angle(0.0) - FRAC_PI_2).abs() < 1e-6);
    assert!((angle_to_bearing(bearing_to_angle(135.0)) - 135.0).abs() < 1e-3);
}
