//! The checks of a polygon's points: too few, crossing, repeated, and a zone checked as terrain is.

use super::*;

/// The minimal scenario with its wood an L-shaped polygon of these points.
fn with_polygon(points: &str) -> String {
    VALID.replace(
        "shape: Circle(center: (10.0, 10.0), radius: 3.0)",
        &format!("shape: Polygon(points: [{points}])"),
    )
}

const ELL: &str = "(4.0, 4.0), (10.0, 4.0), (10.0, 6.0), (6.0, 6.0), (6.0, 10.0), (4.0, 10.0)";

#[test]
fn a_simple_polygon_of_either_winding_passes() {
    let s = parse(&with_polygon(ELL)).unwrap_or_else(|e| panic!("{e}"));
    assert!(matches!(s.terrain[1].shape, Shape::Polygon { ref points } if points.len() == 6));
    let backwards = "(4.0, 10.0), (6.0, 10.0), (6.0, 6.0), (10.0, 6.0), (10.0, 4.0), (4.0, 4.0)";
    parse(&with_polygon(backwards)).unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn bad_polygons_are_refused_at_their_field() {
    let cases = [
        // Too few points.
        (
            "(4.0, 4.0), (10.0, 4.0)",
            "`shape.points`",
            "expected 3 to 64 points",
        ),
        // A bow tie: the edge from point 2 crosses the edge from point 0.
        (
            "(4.0, 4.0), (10.0, 10.0), (10.0, 4.0), (4.0, 10.0)",
            "`shape.points[2]`",
            "crosses itself",
        ),
        // An edge folding back along its neighbour.
        (
            "(4.0, 4.0), (10.0, 4.0), (7.0, 4.0), (7.0, 9.0)",
            "`shape.points[",
            "crosses itself",
        ),
        // No area.
        (
            "(4.0, 4.0), (6.0, 6.0), (8.0, 8.0)",
            "`shape.points",
            "crosses itself",
        ),
        (
            "(4.0, 4.0), (4.0, 4.0), (8.0, 8.0)",
            "`shape.points[1]`",
            "repeats point 0",
        ),
        (
            "(-40.0, -40.0), (-30.0, -40.0), (-30.0, -30.0)",
            "`shape.points`",
            "off the 72x48 table",
        ),
        (
            "(0.0, 0.0), (500.0, 0.0), (0.0, 40.0)",
            "`shape.points`",
            "the table's diagonal",
        ),
    ];
    for (points, field, why) in cases {
        let text = with_polygon(points);
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains("terrain[1]"), "{points}: {e}");
        assert!(e.message.contains(field), "{points}: {e}");
        assert!(e.message.contains(why), "{points}: {e}");
        assert_eq!(e.line, line_of(&text, "Polygon"), "{points}: {e}");
    }
    let many: Vec<String> = (0..65)
        .map(|i| {
            let a = i as f32 / 65.0 * std::f32::consts::TAU;
            format!("({}, {})", 20.0 + 5.0 * a.cos(), 20.0 + 5.0 * a.sin())
        })
        .collect();
    let e = parse(&with_polygon(&many.join(", "))).unwrap_err();
    assert!(e.message.contains("found 65"), "{e}");
}

#[test]
fn a_polygon_zone_is_checked_as_terrain_is() {
    let (_, s, rules) = shipped_scenarios()
        .into_iter()
        .find(|(_, s, _)| s.ambush.is_some())
        .expect("a shipped ambush");
    let mut spec = s.ambush.clone().expect("an ambush");
    spec.zone = vec![Shape::Polygon {
        points: vec![(4.0, 4.0), (10.0, 10.0), (10.0, 4.0), (4.0, 10.0)],
    }];
    let e = Checker { rules: &rules }.check_zone(&s, &spec).unwrap_err();
    assert!(e.message.contains("ambush.zone[0].points[2]"), "{e}");
    assert!(e.message.contains("crosses itself"), "{e}");
}
