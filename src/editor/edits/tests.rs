//! The edits' tests: carrying a change across a selection, snapping, groups, settings, mirrors, refusals, duplicates and polygons' points.

use super::*;
use ambush_data::check::{MAX_TERRAIN, MAX_UNITS};

fn unit(label: &str, at: (f32, f32), facing: f32) -> UnitSpec {
    UnitSpec {
        label: label.into(),
        troop: ambush_data::Ident::known("Infantry"),
        formation: None,
        at,
        facing,
        weapons: vec!["blaster".into()],
        armour: true,
        traits: Default::default(),
    }
}

fn scenario() -> Scenario {
    Scenario::new("Test", (72.0, 48.0))
}

#[test]
fn a_change_to_one_piece_of_a_selection_carries_to_the_others() {
    // Ticking armour with four units selected changed only M1.
    let mut m1 = unit("M1", (10.0, 10.0), 0.0);
    m1.armour = false;
    let mut m2 = unit("M2", (11.0, 10.0), 90.0);
    m2.armour = false;
    m2.weapons = vec!["laser_pistol".into()];
    m2.traits.awe = 40;
    let mut after = m1.clone();
    after.label = "Sarge".into();
    after.at = (30.0, 30.0);
    after.armour = true;
    after.weapons.push("grenades".into());
    after.weapons.retain(|w| w != "blaster");
    after.traits.dex = 55;
    carry_unit(&m1, &after, &mut m2);
    assert_eq!(m2.label, "M2", "a label is its own");
    assert_eq!(m2.at, (11.0, 10.0), "so is a place");
    assert_eq!(m2.facing, 90.0, "facing was not changed");
    assert!(m2.armour);
    assert_eq!(m2.weapons, ["laser_pistol", "grenades"]);
    assert_eq!((m2.traits.awe, m2.traits.dex), (40, 55));
    // Terrain: the going and the look carry, the name and the shape stay.
    let wood = TerrainFeature::new(
        "wood",
        Shape::Circle {
            center: (5.0, 5.0),
            radius: 2.0,
        },
        ambush_data::board::Going::Bad,
    );
    let mut pond = wood.clone();
    pond.name = "pond".into();
    pond.water = true;
    let mut changed = wood.clone();
    changed.name = "big wood".into();
    changed.going = ambush_data::board::Going::Impassable;
    carry_terrain(&wood, &changed, &mut pond);
    assert_eq!(pond.name, "pond");
    assert_eq!(pond.going, ambush_data::board::Going::Impassable);
    assert!(pond.water, "not changed, so kept");
}

#[test]
fn snap_goes_to_the_nearest_step() {
    assert_eq!(snap((1.26, 2.74), 0.5), (1.5, 2.5));
    assert_eq!(snap((1.26, 2.74), 1.0), (1.0, 3.0));
    assert_eq!(snap((1.26, 2.74), 0.0), (1.26, 2.74));
    assert_eq!(snap((-0.3, 0.2), 1.0), (-0.0, 0.0));
}

#[test]
fn a_group_takes_the_next_free_labels_and_stands_in_its_arrangement() {
    // Issue 24: a group placed from a template gets unique labels, M7, M8… after M1 to M6.
    let mut s = scenario();
    for k in 1..=6 {
        s.units.push(unit(&format!("M{k}"), (10.0, k as f32), 0.0));
    }
    Edit::PlaceGroup {
        template: unit("M1", (20.0, 10.0), 0.0),
        count: 5,
        spacing: 1.5,
        arrangement: Arrangement::Block { abreast: 2 },
    }
    .apply_to(&mut s)
    .expect("room for five");
    let new: Vec<(&str, (f32, f32))> = s.units[6..]
        .iter()
        .map(|u| (u.label.as_str(), u.at))
        .collect();
    // Facing north: the rank runs east, the next rank stands south of it.
    assert_eq!(
        new,
        vec![
            ("M7", (20.0, 10.0)),
            ("M8", (21.5, 10.0)),
            ("M9", (20.0, 8.5)),
            ("M10", (21.5, 8.5)),
            ("M11", (20.0, 7.0)),
        ]
    );
}

#[test]
fn a_column_runs_back_from_the_template() {
    let mut s = scenario();
    Edit::PlaceGroup {
        template: unit("A", (30.0, 30.0), 90.0),
        count: 3,
        spacing: 2.0,
        arrangement: Arrangement::Column,
    }
    .apply_to(&mut s)
    .expect("room");
    let at: Vec<(f32, f32)> = s.units.iter().map(|u| u.at).collect();
    // Facing east, the column trails west.
    assert_eq!(at, vec![(30.0, 30.0), (28.0, 30.0), (26.0, 30.0)]);
    let labels: Vec<&str> = s.units.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(labels, vec!["A1", "A2", "A3"]);
}

#[test]
fn the_settings_changed_are_each_field_that_differs_and_make_the_same_scenario() {
    let before = scenario();
    let mut after = before.clone();
    after.name = "Renamed".into();
    after.turn_limit += 3;
    after.blindsides = !after.blindsides;
    after.aliens.weapons = vec!["claws".into(), "spit".into()];
    let changed = Setting::changed(&before, &after);
    let fields: Vec<_> = changed.iter().map(Setting::field).collect();
    assert_eq!(fields, ["name", "turn_limit", "aliens", "blindsides"]);
    let mut s = before.clone();
    for setting in changed {
        Edit::SetSetting(setting)
            .apply_to(&mut s)
            .expect("a setting");
    }
    assert_eq!(s, after);
    assert!(Setting::changed(&after, &after).is_empty());
}

#[test]
fn mirroring_moves_turns_and_faces_the_other_way() {
    let mut s = scenario();
    s.terrain.push(TerrainFeature::new(
        "wall",
        Shape::Rect {
            center: (10.0, 12.0),
            size: (6.0, 0.5),
            rotation: 30.0,
        },
        ambush_data::board::Going::Bad,
    ));
    s.units.push(unit("M1", (70.0, 20.0), 90.0));
    s.units.push(unit("M2", (70.0, 30.0), 30.0));
    Edit::Mirror {
        terrain: vec![0, 0],
        units: vec![0, 1],
        axis: MirrorAxis::LeftRight,
    }
    .apply_to(&mut s)
    .expect("all there");
    assert_eq!(
        s.terrain[0].shape,
        Shape::Rect {
            center: (62.0, 12.0),
            size: (6.0, 0.5),
            rotation: -30.0
        }
    );
    assert_eq!((s.units[0].at, s.units[0].facing), ((2.0, 20.0), 270.0));
    assert_eq!((s.units[1].at, s.units[1].facing), ((2.0, 30.0), 330.0));
    Edit::Mirror {
        terrain: vec![],
        units: vec![1],
        axis: MirrorAxis::TopBottom,
    }
    .apply_to(&mut s)
    .expect("there");
    // Facing north-north-west (330) mirrored top-bottom faces south-south-west (210).
    assert_eq!((s.units[1].at, s.units[1].facing), ((2.0, 18.0), 210.0));
}

#[test]
fn edits_naming_what_is_not_there_or_too_much_are_refused() {
    // Issue 24: an edit naming an index that does not exist is refused, never a panic.
    let mut s = scenario();
    s.units.push(unit("M1", (10.0, 10.0), 0.0));
    let refused = [
        (
            Edit::MoveTerrain {
                index: 0,
                by: (1.0, 0.0),
            },
            EditError::NoSuchTerrain { index: 0, count: 0 },
        ),
        (
            Edit::DeleteUnit { index: 1 },
            EditError::NoSuchUnit { index: 1, count: 1 },
        ),
        (
            Edit::Mirror {
                terrain: vec![],
                units: vec![0, 5],
                axis: MirrorAxis::LeftRight,
            },
            EditError::NoSuchUnit { index: 5, count: 1 },
        ),
        (
            Edit::PlaceGroup {
                template: unit("M1", (10.0, 10.0), 0.0),
                count: MAX_UNITS,
                spacing: 1.0,
                arrangement: Arrangement::Line,
            },
            EditError::TooManyUnits {
                would_be: MAX_UNITS + 1,
            },
        ),
        (
            Edit::PlaceGroup {
                template: unit("M1", (10.0, 10.0), 0.0),
                count: 0,
                spacing: 1.0,
                arrangement: Arrangement::Line,
            },
            EditError::EmptyGroup,
        ),
        (
            Edit::RotateUnit {
                index: 0,
                degrees: f32::NAN,
            },
            EditError::BadNumber {
                what: "the turn",
                expected: "a finite number",
                found: f32::NAN,
            },
        ),
    ];
    for (edit, want) in refused {
        let got = edit.clone().apply_to(&mut s.clone());
        // NaN is not equal to itself: compare the messages.
        assert_eq!(
            got.map_err(|e| e.to_string()),
            Err(want.to_string()),
            "{edit:?}"
        );
    }
    let mut full = scenario();
    for k in 0..MAX_TERRAIN {
        full.terrain.push(TerrainFeature::new(
            &format!("rock {k}"),
            Shape::Circle {
                center: (1.0, 1.0),
                radius: 1.0,
            },
            ambush_data::board::Going::Bad,
        ));
    }
    assert_eq!(
        Edit::DuplicateTerrain {
            index: 0,
            offset: (0.0, 0.0)
        }
        .apply_to(&mut full),
        Err(EditError::TooMuchTerrain)
    );
}

#[test]
fn a_duplicate_gets_a_free_name_or_label() {
    let mut s = scenario();
    s.terrain.push(TerrainFeature::new(
        "wood",
        Shape::Circle {
            center: (5.0, 5.0),
            radius: 2.0,
        },
        ambush_data::board::Going::Bad,
    ));
    s.units.push(unit("M6", (10.0, 10.0), 0.0));
    for _ in 0..2 {
        Edit::DuplicateTerrain {
            index: s.terrain.len() - 1,
            offset: (4.0, 0.0),
        }
        .apply_to(&mut s)
        .expect("room");
    }
    Edit::DuplicateUnit {
        index: 0,
        offset: (1.0, 0.0),
    }
    .apply_to(&mut s)
    .expect("room");
    let names: Vec<&str> = s.terrain.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, vec!["wood", "wood 2", "wood 3"]);
    assert_eq!(
        s.terrain[2].shape,
        Shape::Circle {
            center: (13.0, 5.0),
            radius: 2.0
        }
    );
    assert_eq!(
        (s.units[1].label.as_str(), s.units[1].at),
        ("M7", (11.0, 10.0))
    );
}

fn square_polygon() -> TerrainFeature {
    TerrainFeature::new(
        "slab",
        Shape::Polygon {
            points: vec![(10.0, 10.0), (14.0, 10.0), (14.0, 14.0), (10.0, 14.0)],
        },
        ambush_data::board::Going::Bad,
    )
}

fn points(s: &Scenario, i: usize) -> Vec<(f32, f32)> {
    match &s.terrain[i].shape {
        Shape::Polygon { points } => points.clone(),
        other => panic!("not a polygon: {other:?}"),
    }
}

#[test]
fn a_polygons_points_move_turn_scale_and_mirror() {
    let mut s = scenario();
    Edit::AddTerrain(square_polygon())
        .apply_to(&mut s)
        .expect("added");
    Edit::MoveTerrain {
        index: 0,
        by: (1.0, 2.0),
    }
    .apply_to(&mut s)
    .expect("moved");
    assert_eq!(points(&s, 0)[0], (11.0, 12.0));
    // A quarter turn about the centre (13, 14) takes the south-west corner to south-east.
    Edit::RotateTerrain {
        index: 0,
        degrees: 90.0,
    }
    .apply_to(&mut s)
    .expect("turned");
    let p = points(&s, 0)[0];
    assert!(
        (p.0 - 15.0).abs() < 1e-4 && (p.1 - 12.0).abs() < 1e-4,
        "{p:?}"
    );
    Edit::ResizeTerrain {
        index: 0,
        factor: (2.0, 0.5),
    }
    .apply_to(&mut s)
    .expect("scaled");
    let p = points(&s, 0)[0];
    assert!(
        (p.0 - 17.0).abs() < 1e-4 && (p.1 - 13.0).abs() < 1e-4,
        "{p:?}"
    );
    Edit::Mirror {
        terrain: vec![0],
        units: vec![],
        axis: MirrorAxis::LeftRight,
    }
    .apply_to(&mut s)
    .expect("mirrored");
    let p = points(&s, 0)[0];
    assert!(
        (p.0 - 55.0).abs() < 1e-4 && (p.1 - 13.0).abs() < 1e-4,
        "{p:?}"
    );
}

#[test]
fn vertex_edits_move_insert_and_remove_points_and_refuse_what_is_not_there() {
    let mut s = scenario();
    Edit::AddTerrain(square_polygon())
        .apply_to(&mut s)
        .expect("added");
    Edit::AddTerrain(TerrainFeature::new(
        "pond",
        Shape::Circle {
            center: (30.0, 30.0),
            radius: 2.0,
        },
        ambush_data::board::Going::Bad,
    ))
    .apply_to(&mut s)
    .expect("added");
    Edit::MoveVertex {
        terrain: 0,
        vertex: 2,
        to: (15.0, 15.0),
    }
    .apply_to(&mut s)
    .expect("moved");
    assert_eq!(points(&s, 0)[2], (15.0, 15.0));
    Edit::InsertVertex {
        terrain: 0,
        vertex: 4,
        at: (9.0, 12.0),
    }
    .apply_to(&mut s)
    .expect("inserted last");
    assert_eq!(points(&s, 0).len(), 5);
    assert_eq!(points(&s, 0)[4], (9.0, 12.0));
    Edit::RemoveVertex {
        terrain: 0,
        vertex: 4,
    }
    .apply_to(&mut s)
    .expect("removed");
    Edit::RemoveVertex {
        terrain: 0,
        vertex: 1,
    }
    .apply_to(&mut s)
    .expect("removed");
    assert_eq!(points(&s, 0).len(), 3);
    let refused = [
        (
            Edit::RemoveVertex {
                terrain: 0,
                vertex: 0,
            },
            EditError::TooFewPoints,
        ),
        (
            Edit::MoveVertex {
                terrain: 0,
                vertex: 3,
                to: (1.0, 1.0),
            },
            EditError::NoSuchVertex {
                index: 0,
                vertex: 3,
                count: 3,
            },
        ),
        (
            Edit::InsertVertex {
                terrain: 0,
                vertex: 4,
                at: (1.0, 1.0),
            },
            EditError::NoSuchVertex {
                index: 0,
                vertex: 4,
                count: 3,
            },
        ),
        (
            Edit::RemoveVertex {
                terrain: 1,
                vertex: 0,
            },
            EditError::NotAPolygon { index: 1 },
        ),
        (
            Edit::MoveVertex {
                terrain: 7,
                vertex: 0,
                to: (1.0, 1.0),
            },
            EditError::NoSuchTerrain { index: 7, count: 2 },
        ),
    ];
    for (edit, why) in refused {
        assert_eq!(edit.clone().apply_to(&mut s), Err(why), "{edit:?}");
    }
    assert!(matches!(
        Edit::MoveVertex {
            terrain: 0,
            vertex: 0,
            to: (f32::NAN, 1.0)
        }
        .apply_to(&mut s),
        Err(EditError::BadNumber { .. })
    ));
    let mut full = scenario();
    let many: Vec<(f32, f32)> = (0..MAX_POLYGON_POINTS)
        .map(|i| {
            let a = i as f32 / MAX_POLYGON_POINTS as f32 * std::f32::consts::TAU;
            (20.0 + 5.0 * a.cos(), 20.0 + 5.0 * a.sin())
        })
        .collect();
    let mut round = square_polygon();
    round.shape = Shape::Polygon { points: many };
    Edit::AddTerrain(round).apply_to(&mut full).expect("added");
    assert_eq!(
        Edit::InsertVertex {
            terrain: 0,
            vertex: 0,
            at: (1.0, 1.0)
        }
        .apply_to(&mut full),
        Err(EditError::TooManyPoints)
    );
}
