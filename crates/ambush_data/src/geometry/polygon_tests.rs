//! The tests of polygon terrain: an L-shaped piece's inside, overlap, sight through it and its centre.

use super::*;
use glam::Vec2;

/// An L: a 6x6 square less its north-east 4x4 quarter, so the notch is x 2..6, y 2..6.
fn ell() -> Shape {
    Shape::Polygon {
        points: vec![
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ],
    }
}

fn base(x: f32, y: f32) -> Footprint {
    Footprint::new(Vec2::new(x, y), Vec2::ONE, 0.3)
}

#[test]
fn a_point_in_the_notch_is_outside_and_one_in_an_arm_inside() {
    let l = ell();
    assert!(!l.contains(Vec2::new(4.0, 4.0)));
    assert!(l.contains(Vec2::new(1.0, 4.0)));
    assert!(l.contains(Vec2::new(4.0, 1.0)));
    assert!(!l.contains(Vec2::new(7.0, 1.0)));
}

#[test]
fn a_base_in_the_notch_does_not_overlap_and_one_across_an_edge_does() {
    let l = ell();
    let placed = l.placed();
    for tol in [0.0, 0.01, 0.05] {
        // In the notch, within the L's bounding box and radius.
        let notch = base(4.0, 4.0);
        assert!(!l.overlaps(&notch, tol));
        assert!(!placed.overlaps(&PlacedBase::new(notch), tol));
        assert!(l.distance_to(&notch) > 1.0);
        // Across the inner edge x = 2.
        let across = base(2.2, 4.0);
        assert!(l.overlaps(&across, tol), "{tol}");
        assert!(placed.overlaps(&PlacedBase::new(across), tol));
        assert_eq!(l.distance_to(&across), 0.0);
        // Wholly inside an arm.
        assert!(l.overlaps(&base(1.0, 4.0), tol));
    }
    // Flush against the inner edge: touching, not overlapping.
    let flush = Footprint::new(Vec2::new(2.5, 4.0), Vec2::ONE, 0.0);
    assert!(!l.overlaps(&flush, 0.0));
    assert!(l.touches(&flush, 0.01));
    // A little apart: the distance is the gap.
    let apart = Footprint::new(Vec2::new(3.0, 4.0), Vec2::ONE, 0.0);
    assert!((l.distance_to(&apart) - 0.5).abs() < 1e-4);
    assert!(!l.touches(&apart, 0.4));
}

#[test]
fn sight_through_the_notch_is_clear_and_through_an_arm_blocked() {
    let l = ell();
    let (a, b) = (Vec2::new(3.0, 7.0), Vec2::new(7.0, 3.0));
    assert_eq!(l.length_inside(a, b), 0.0);
    assert!(!l.crosses(a, b));
    let (a, b) = (Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0));
    assert!(
        (l.length_inside(a, b) - 2.0).abs() < 1e-4,
        "only the west arm"
    );
    assert!(l.crosses(a, b));
    // A segment that enters both arms: two spans, their lengths summed.
    let (a, b) = (Vec2::new(1.0, 7.0), Vec2::new(7.0, 1.0));
    assert!(
        l.length_inside(a, b) < 1e-4,
        "meets only the two inner corners"
    );
    let mut spans = Vec::new();
    let u = Shape::Polygon {
        points: vec![
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 6.0),
            (4.0, 6.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ],
    };
    u.placed()
        .spans_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0), &mut spans);
    assert_eq!(spans.len(), 2, "{spans:?}");
    assert!((u.length_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0)) - 4.0).abs() < 1e-4);
    assert_eq!(
        u.placed()
            .span_inside(Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0)),
        Some((1.0, 7.0))
    );
}

#[test]
fn a_polygons_centre_and_reach_cover_it() {
    let l = ell();
    let c = l.center();
    // The L's centre of area: 20 square inches, (2*6*... ) worked out by parts.
    let expect = (Vec2::new(3.0, 1.0) * 12.0 + Vec2::new(1.0, 4.0) * 8.0) / 20.0;
    assert!(c.distance(expect) < 1e-4, "{c}");
    let r = l.bounding_radius();
    for p in l.outline().unwrap_or_default() {
        assert!(p.distance(c) <= r + 1e-5);
    }
}

/// Random bases against a concave polygon: the placed shape answers as the plain one, and
/// overlap always means contact.
#[test]
fn placed_polygons_answer_as_the_plain_ones() {
    let l = ell();
    let placed = l.placed();
    let mut seed = 0x1234_5678_9abc_def1u64;
    let mut next = |lo: f32, hi: f32| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        lo + (hi - lo) * ((seed >> 40) as f32 / (1u64 << 24) as f32)
    };
    for _ in 0..5_000 {
        let b = Footprint::new(
            Vec2::new(next(-2.0, 8.0), next(-2.0, 8.0)),
            Vec2::new(next(0.5, 2.0), next(0.5, 2.0)),
            next(-4.0, 4.0),
        );
        let tol = next(0.0, 0.1);
        let overlaps = l.overlaps(&b, tol);
        assert_eq!(placed.overlaps(&PlacedBase::new(b), tol), overlaps);
        if overlaps {
            assert!(l.touches(&b, tol), "{b:?}");
            assert!(placed.may_reach(&PlacedBase::new(b), 0.0));
        }
    }
}
