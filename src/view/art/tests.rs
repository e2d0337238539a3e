//! The art's tests: patterns stay inside their shapes, looks differ in lightness, tokens and maps are where the rules put things.

use super::*;
use ambush_data::board::{Going, Side, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::tables::UnitSymbol;
use bevy::prelude::*;

fn feature(name: &str, shape: Shape, going: Going) -> TerrainFeature {
    TerrainFeature::new(name, shape, going)
}

fn area(t: &Triangles) -> f32 {
    t.positions
        .chunks(3)
        .map(|c| ((c[1] - c[0]).perp_dot(c[2] - c[0]) * 0.5).abs())
        .sum()
}

#[test]
fn a_fill_covers_its_polygon_and_a_stroke_its_length_times_width() {
    let square = vec![
        Vec2::ZERO,
        Vec2::new(2.0, 0.0),
        Vec2::new(2.0, 2.0),
        Vec2::new(0.0, 2.0),
    ];
    let t = Triangles::of(&[Paint::fill(square, Color::WHITE)]);
    assert!((area(&t) - 4.0).abs() < 1e-4);
    let t = Triangles::of(&[Paint::line(
        vec![Vec2::ZERO, Vec2::new(3.0, 0.0)],
        0.5,
        Color::WHITE,
    )]);
    // 3 long plus a square cap of half the width at each end.
    assert!((area(&t) - 3.5 * 0.5).abs() < 1e-4);
    assert_eq!(t.positions.len(), t.colours.len());
}

#[test]
fn every_look_draws_inside_its_feature_and_the_patterns_differ() {
    let shapes = [
        Shape::Rect {
            center: (10.0, 10.0),
            size: (8.0, 3.0),
            rotation: 30.0,
        },
        Shape::Circle {
            center: (10.0, 10.0),
            radius: 3.0,
        },
    ];
    for shape in shapes {
        let outer = match &shape {
            Shape::Circle { radius, .. } => *radius,
            Shape::Rect { size, .. } => Vec2::from(*size).length() * 0.5,
            Shape::Polygon { .. } => shape.bounding_radius(),
        } + 0.2;
        let mut seen = Vec::new();
        for look in TerrainLook::ALL {
            let mut f = feature("x", shape.clone(), Going::Bad);
            f.look = Some(look);
            let t = Triangles::of(&terrain(&f, Palette::default()));
            assert!(!t.positions.is_empty(), "{look:?} draws something");
            for p in &t.positions {
                assert!(
                    p.distance(Vec2::new(10.0, 10.0)) <= outer,
                    "{look:?} spills out of its feature at {p}"
                );
            }
            assert!(!seen.contains(&t), "{look:?} looks like another look");
            seen.push(t);
        }
    }
}

#[test]
fn the_fills_differ_in_lightness_so_they_read_in_grey() {
    for high_contrast in [false, true] {
        let p = Palette { high_contrast };
        let grey = |c: Color| {
            let c = c.to_srgba();
            0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
        };
        // The looks a table sets side by side: woods, water, rocks, open, rough, ship.
        let looks = [
            TerrainLook::Woods,
            TerrainLook::Water,
            TerrainLook::Rocks,
            TerrainLook::Rough,
            TerrainLook::Ship,
        ];
        for (i, a) in looks.iter().enumerate() {
            for b in &looks[i + 1..] {
                let (ga, gb) = (grey(p.fill(*a)), grey(p.fill(*b)));
                assert!(
                    (ga - gb).abs() > 0.04,
                    "{a:?} and {b:?} are too alike in grey ({ga:.2}, {gb:.2})"
                );
            }
        }
    }
}

#[test]
fn a_look_left_out_is_worked_out_from_the_features_rules_and_name() {
    let rect = Shape::Rect {
        center: (1.0, 1.0),
        size: (1.0, 1.0),
        rotation: 0.0,
    };
    let mut wood = feature("north wood", rect.clone(), Going::Bad);
    assert_eq!(wood.look(), TerrainLook::Woods);
    wood.name = "scree".into();
    assert_eq!(wood.look(), TerrainLook::Rough);
    let mut stream = feature("stream", rect.clone(), Going::Bad);
    stream.water = true;
    assert_eq!(stream.look(), TerrainLook::Water);
    let mut ship = feature("ship", rect, Going::Impassable);
    ship.tall = true;
    assert_eq!(ship.look(), TerrainLook::Ship);
    ship.name = "crag".into();
    assert_eq!(ship.look(), TerrainLook::Rocks);
    ship.look = Some(TerrainLook::Hill);
    assert_eq!(ship.look(), TerrainLook::Hill, "the scenario's look wins");
}

#[test]
fn darkness_covers_the_table_outside_the_light_and_none_of_it_inside() {
    let size = Vec2::new(72.0, 48.0);
    for (at, r) in [
        (Vec2::new(36.0, 24.0), 12.0),
        (Vec2::new(2.0, 3.0), 10.0),
        (Vec2::new(70.0, 40.0), 100.0),
    ] {
        let t = Triangles::of(&darkness_with_light(size, at, r, Color::BLACK));
        // The lit part of the table: the circle clipped to the table (by sampling).
        let mut lit = 0.0;
        let step = 0.25;
        let mut x = step * 0.5;
        while x < size.x {
            let mut y = step * 0.5;
            while y < size.y {
                if Vec2::new(x, y).distance(at) <= r {
                    lit += step * step;
                }
                y += step;
            }
            x += step;
        }
        let dark = area(&t);
        let expected = size.x * size.y - lit;
        assert!(
            (dark - expected).abs() < expected.max(1.0) * 0.02 + 2.0,
            "dark {dark} against {expected} for a light of {r} at {at}"
        );
    }
}

#[test]
fn tokens_tell_the_sides_apart_by_shape_as_well_as_colour() {
    let size = Vec2::ONE;
    let grey = Palette::default();
    let strip = |p: Vec<Paint>| -> Vec<Vec<Vec2>> {
        p.into_iter()
            .map(|p| match p {
                Paint::Fill { points, .. } | Paint::Stroke { points, .. } => points,
            })
            .collect()
    };
    let marine = strip(token(Side::Humans, UnitSymbol::Infantry, size, grey));
    let alien = strip(token(Side::Aliens, UnitSymbol::Infantry, size, grey));
    assert_ne!(
        marine, alien,
        "the frames differ with the colours taken away"
    );
    let mut symbols = Vec::new();
    for s in [
        UnitSymbol::Infantry,
        UnitSymbol::Mounted,
        UnitSymbol::WeaponCrew,
        UnitSymbol::Flying,
        UnitSymbol::Alien,
    ] {
        let t = strip(token(Side::Humans, s, size, grey));
        assert!(!symbols.contains(&t), "{s:?} has a symbol of its own");
        symbols.push(t);
    }
}

#[test]
fn a_concave_polygon_gets_every_look_inside_it_and_none_in_its_notch() {
    use ambush_data::polygon;
    // An L: the notch is x 12..18, y 12..18.
    let ell = vec![
        (8.0, 8.0),
        (18.0, 8.0),
        (18.0, 12.0),
        (12.0, 12.0),
        (12.0, 18.0),
        (8.0, 18.0),
    ];
    let outline: Vec<Vec2> = ell.iter().map(|p| Vec2::from(*p)).collect();
    let notch = Vec2::new(15.5, 15.5);
    let mut seen = Vec::new();
    for look in TerrainLook::ALL {
        for going in [Going::Bad, Going::Impassable] {
            let mut f = feature(
                "x",
                Shape::Polygon {
                    points: ell.clone(),
                },
                going,
            );
            f.look = Some(look);
            let t = Triangles::of(&terrain(&f, Palette::default()));
            assert!(!t.positions.is_empty(), "{look:?} draws something");
            for p in &t.positions {
                assert!(
                    polygon::contains(&outline, *p)
                        || polygon::boundary_distance(&outline, *p) <= 0.2,
                    "{look:?} spills out of its feature at {p}"
                );
            }
            for c in t.positions.chunks(3) {
                assert!(!polygon::contains(c, notch), "{look:?} paints the notch");
            }
            if going == Going::Bad {
                assert!(!seen.contains(&t), "{look:?} looks like another look");
                seen.push(t);
            }
        }
    }
    // The plain fill covers the L exactly: its area, no more.
    let mut open = feature("x", Shape::Polygon { points: ell }, Going::Bad);
    open.look = Some(TerrainLook::Open);
    let t = Triangles::of(&terrain(&open, Palette::default()));
    assert!((area(&t) - 64.0).abs() < 1e-3, "{}", area(&t));
}

#[test]
fn an_exit_edge_is_dashed_along_its_edge_and_a_zone_left_alone() {
    // A patrol's way out: the dashes run the length of the named edge, just inside the table.
    use ambush_data::board::Edge;
    use ambush_data::scenario::Objective;
    let size = Vec2::new(72.0, 48.0);
    let exit = Objective::ExitEdge {
        side: Side::Humans,
        edge: Edge::East,
        count: 1,
    };
    let t = Triangles::of(&objective_zone(Some(&exit), size));
    assert!(!t.positions.is_empty());
    assert!(
        t.positions.iter().all(|p| p.x > 71.0 && p.x <= 72.0),
        "on the east edge"
    );
    let (low, high) = t
        .positions
        .iter()
        .fold((f32::MAX, f32::MIN), |(l, h), p| (l.min(p.y), h.max(p.y)));
    assert!(low < 1.0 && high > 47.0, "the whole edge: {low} to {high}");
    assert!(objective_zone(Some(&Objective::Destroy { side: Side::Humans }), size).is_empty());
}
