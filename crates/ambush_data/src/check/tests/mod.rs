//! The scenario checks' tests: each refusal at its line and field, and every shipped scenario valid.

use super::*;
use crate::board::Side;
use crate::scenario::{Environment, Objective, Scenario};

fn rules() -> Rules {
    Rules::bundled().clone()
}

const VALID: &str = r#"// A minimal scenario.
(
    name: "Test",
    briefing: "Two marines and a ship.",
    table: (72.0, 48.0),
    friendly_edge: South,
    turn_limit: 20,
    automatic_wave_turn: 3,
    human_wounds: Degradation,
    human_morale: false,
    aliens: (weapons: ["claws"]),
    terrain: [
        (name: "ship", shape: Rect(center: (36.0, 24.0), size: (6.0, 3.0)), going: Impassable, tall: true),
        (name: "wood", shape: Circle(center: (10.0, 10.0), radius: 3.0), going: Bad),
    ],
    units: [
        (label: "M1", troop: Infantry, at: (35.5, 1.0), facing: 0.0, weapons: ["blaster", "laser_pistol"], armour: true),
        (label: "M2", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: ["blaster"], armour: true),
    ],
    objective: RepairAndBoard(feature: "ship"),
    attack_over: Continue,
)
"#;

/// 1-based line of the first line containing `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.lines()
        .position(|l| l.contains(needle))
        .map(|i| i + 1)
        .expect("needle in text")
}

fn parse(text: &str) -> Result<Scenario, DataError> {
    parse_scenario("test.ron", text, &rules())
}

#[test]
fn a_valid_minimal_scenario_parses() {
    let s = parse(VALID).expect("valid");
    assert_eq!(s.units.len(), 2);
    assert_eq!(s.automatic_wave_turn, Some(3));
    assert_eq!(
        s.objective,
        Some(Objective::RepairAndBoard {
            feature: "ship".into()
        })
    );
}

#[test]
fn explicit_some_and_struct_name_also_parse() {
    let text = VALID
        .replace("automatic_wave_turn: 3", "automatic_wave_turn: Some(3)")
        .replace(
            "objective: RepairAndBoard(feature: \"ship\")",
            "objective: Some(RepairAndBoard(feature: \"ship\"))",
        );
    parse(&text).expect("valid");
}

#[test]
fn unknown_troop_type_is_a_ron_error_at_its_line() {
    let text = VALID.replacen("troop: Infantry", "troop: Dragoon", 1);
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "Dragoon"), "{e}");
    assert!(e.message.contains("Dragoon"), "{e}");
    assert!(e.to_string().starts_with("test.ron:"), "{e}");
}

#[test]
fn negative_turn_limit_is_an_error() {
    let text = VALID.replace("turn_limit: 20", "turn_limit: -1");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "turn_limit"), "{e}");
}

#[test]
fn zero_turn_limit_and_zero_wave_turn_are_errors() {
    let e = parse(&VALID.replace("turn_limit: 20", "turn_limit: 0")).unwrap_err();
    assert_eq!(e.line, line_of(VALID, "turn_limit"), "{e}");
    assert!(e.message.contains("`turn_limit`"), "{e}");
    let e = parse(&VALID.replace("automatic_wave_turn: 3", "automatic_wave_turn: 0")).unwrap_err();
    assert_eq!(e.line, line_of(VALID, "automatic_wave_turn"), "{e}");
}

#[test]
fn an_environment_parses_and_an_absurd_depth_is_refused_at_its_field() {
    // 003's hostile environments: water a depth in feet, space none.
    let water = VALID.replace(
        "attack_over: Continue,",
        "attack_over: Continue,\n    environment: Some(Underwater(depth: 400.0)),",
    );
    let s = parse(&water).expect("valid");
    assert_eq!(
        s.environment,
        Some(Environment::Underwater { depth: 400.0 })
    );
    let space = VALID.replace(
        "attack_over: Continue,",
        "attack_over: Continue,\n    environment: Space,",
    );
    assert_eq!(
        parse(&space).expect("valid").environment,
        Some(Environment::Space)
    );
    for depth in ["-3.0", "60000.0"] {
        let text = water.replace("400.0", depth);
        let e = parse(&text).unwrap_err();
        let line = line_of(&text, "environment:");
        let col = text.lines().nth(line - 1).unwrap().find("depth").unwrap() + 1;
        assert_eq!((e.line, e.column), (line, col), "{e}");
        assert!(e.message.contains("`environment.depth`"), "{e}");
    }
    // A misspelled field is refused too.
    let e = parse(&water.replace("depth:", "deep:")).unwrap_err();
    assert_eq!(e.line, line_of(&water, "environment:"), "{e}");
}

#[test]
fn bad_table_is_an_error() {
    let text = VALID.replace("table: (72.0, 48.0)", "table: (0.0, 48.0)");
    let e = parse(&text).unwrap_err();
    assert_eq!((e.line, e.column), (line_of(&text, "table:"), 5), "{e}");
    assert!(e.message.contains("`table`"), "{e}");
    // Not a number is refused where it stands, before any field is read.
    let text = VALID.replace("table: (72.0, 48.0)", "table: (inf, 48.0)");
    let e = parse(&text).unwrap_err();
    assert_eq!((e.line, e.column), (line_of(&text, "table:"), 13), "{e}");
    assert!(e.message.contains("`inf` is not a finite number"), "{e}");
}

#[test]
fn unit_off_the_table_is_an_error_at_its_at_field() {
    let text = VALID.replace("at: (36.5, 1.0)", "at: (36.5, 0.2)");
    let e = parse(&text).unwrap_err();
    let line = line_of(&text, "\"M2\"");
    assert_eq!(e.line, line, "{e}");
    let col = text.lines().nth(line - 1).unwrap().find("at:").unwrap() + 1;
    assert_eq!(e.column, col, "{e}");
    assert!(e.message.contains("units[1] (\"M2\"), field `at`"), "{e}");
    assert!(e.message.contains("off the 72x48 table"), "{e}");
}

#[test]
fn overlapping_bases_are_an_error() {
    let text = VALID.replace("at: (36.5, 1.0)", "at: (36.0, 1.2)");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
    assert!(e.message.contains("units[1] (\"M2\"), field `at`"), "{e}");
    assert!(e.message.contains("units[0] (\"M1\")"), "{e}");
}

#[test]
fn touching_bases_are_fine_but_impassable_terrain_is_not() {
    // M1 and M2 are in base contact in VALID; put M2 inside the ship.
    let text = VALID.replace("at: (36.5, 1.0)", "at: (36.0, 23.0)");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
    assert!(
        e.message
            .contains("impassable terrain terrain[0] (\"ship\")"),
        "{e}"
    );
    // Bad going is allowed.
    parse(&VALID.replace("at: (36.5, 1.0)", "at: (10.0, 10.0)")).expect("in the wood");
}

#[test]
fn unknown_weapon_is_an_error_naming_the_known_ones() {
    let text = VALID.replace(
        "weapons: [\"blaster\"]",
        "weapons: [\"blaster\", \"lazer\"]",
    );
    let e = parse(&text).unwrap_err();
    let line = line_of(&text, "\"lazer\"");
    assert_eq!(e.line, line, "{e}");
    let col = text
        .lines()
        .nth(line - 1)
        .unwrap()
        .find("\"lazer\"")
        .unwrap()
        + 1;
    assert_eq!(e.column, col, "{e}");
    assert!(
        e.message.contains("units[1] (\"M2\"), field `weapons[1]`"),
        "{e}"
    );
    assert!(
        e.message.contains("blaster") && e.message.contains("plasma_cannon"),
        "{e}"
    );

    let text = VALID.replace("[\"claws\"]", "[\"talons\"]");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "talons"), "{e}");
    assert!(e.message.contains("`aliens.weapons[0]`"), "{e}");
}

#[test]
fn duplicate_label_is_an_error() {
    let text = VALID.replace("label: \"M2\"", "label: \"M1\"");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "at: (36.5, 1.0)"), "{e}");
    assert!(
        e.message.contains("units[1] (\"M1\"), field `label`"),
        "{e}"
    );
    assert!(e.message.contains("units[0]"), "{e}");

    let e = parse(&VALID.replace("label: \"M2\"", "label: \"\"")).unwrap_err();
    assert!(e.message.contains("field `label`"), "{e}");
}

#[test]
fn invisible_and_look_alike_labels_are_errors_at_their_line() {
    // Issue 37: "М1" (Cyrillic), "M1" followed by a zero-width space, and a label that is only
    // a zero-width space were all accepted, the last an invisible label.
    for (label, says) in [
        ("\u{041C}1", "looks the same as units[0]"),
        ("M1\u{200B}", "invisible character"),
        ("\u{200B}", "invisible character"),
        ("M\u{202E}2", "invisible character"),
    ] {
        let text = VALID.replace("label: \"M2\"", &format!("label: \"{label}\""));
        let e = parse(&text).expect_err(label);
        assert!(e.message.contains("field `label`"), "{e}");
        assert!(e.message.contains(says), "{label:?}: {e}");
        assert_eq!(e.line, line_of(&text, "35.5, 1.0") + 1, "{e}");
        // The message itself shows the label's invisible characters as escapes.
        assert!(!e.to_string().contains('\u{202E}'), "{e}");
    }
}

#[test]
fn duplicate_terrain_name_is_an_error() {
    let text = VALID.replace("(name: \"wood\"", "(name: \"ship\"");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "Circle"), "{e}");
    assert!(
        e.message.contains("terrain[1] (\"ship\"), field `name`"),
        "{e}"
    );
}

#[test]
fn bad_shapes_are_errors() {
    let text = VALID.replace("radius: 3.0", "radius: -3.0");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "radius"), "{e}");
    assert!(e.message.contains("`shape.radius`"), "{e}");
    let text = VALID.replace("size: (6.0, 3.0)", "size: (6.0, 0.0)");
    let e = parse(&text).unwrap_err();
    assert!(e.message.contains("`shape.size`"), "{e}");
    let text = VALID.replace(
        "facing: 0.0, weapons: [\"blaster\"]",
        "facing: NaN, weapons: [\"blaster\"]",
    );
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "facing: NaN"), "{e}");
    assert!(e.message.contains("`NaN` is not a finite number"), "{e}");
}

#[test]
fn a_ship_off_the_table_is_refused_at_its_centre() {
    // Issue 13: a ship at x = 99999999999 passed, and the marine AI panicked in a clamp.
    let text = VALID.replace("center: (36.0, 24.0)", "center: (99999999999.0, 24.0)");
    let e = parse(&text).unwrap_err();
    let line = line_of(&text, "\"ship\"");
    let col = text.lines().nth(line - 1).unwrap().find("center").unwrap() + 1;
    assert_eq!((e.line, e.column), (line, col), "{e}");
    assert!(
        e.message.contains("`shape.center`") && e.message.contains("off the 72x48 table"),
        "{e}"
    );
    // A ship hanging over the edge cannot be reached and boarded.
    let text = VALID.replace("center: (36.0, 24.0)", "center: (71.0, 24.0)");
    let e = parse(&text).unwrap_err();
    assert!(e.message.contains("wholly on the 72x48 table"), "{e}");
}

#[test]
fn a_zone_objective_parses_and_a_zone_off_the_table_or_no_count_is_refused_at_its_field() {
    // A patrol that must get through: the zone it must reach, and how many must reach it.
    let reach = r#"objective: ReachZone(side: Humans, zone: Rect(center: (36.0, 44.0), size: (20.0, 6.0)), count: 2),"#;
    let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, reach);
    let s = parse(&text).expect("valid");
    assert!(matches!(
        s.objective,
        Some(Objective::ReachZone {
            side: Side::Humans,
            count: 2,
            ..
        })
    ));
    let hold = r#"objective: HoldZone(zone: Circle(center: (36.0, 24.0), radius: 8.0)),"#;
    let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, hold);
    assert!(parse(&text).is_ok());
    let off = hold.replace("36.0, 24.0", "70.0, 24.0");
    let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, &off);
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "HoldZone"), "{e}");
    assert!(
        e.message.contains("`objective.zone`") && e.message.contains("wholly on the 72x48 table"),
        "{e}"
    );
    let none = reach.replace("count: 2", "count: 0");
    let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, &none);
    let e = parse(&text).unwrap_err();
    assert!(e.message.contains("`objective.count`"), "{e}");
}

#[test]
fn an_exit_edge_and_a_destroy_objective_parse_and_an_impossible_count_is_refused_at_its_field() {
    // A patrol that must get through by an edge: how many must leave by it, at least one and
    // no more than the side has.
    let exit = r#"objective: ExitEdge(side: Humans, edge: North, count: 2),"#;
    let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, exit);
    let s = parse(&text).expect("valid");
    assert_eq!(
        s.objective,
        Some(Objective::ExitEdge {
            side: Side::Humans,
            edge: crate::board::Edge::North,
            count: 2
        })
    );
    // The count may be left out: one unit.
    let text = VALID.replace(
        r#"objective: RepairAndBoard(feature: "ship"),"#,
        "objective: ExitEdge(side: Aliens, edge: West),\n    alien_player: Commander,",
    );
    assert!(matches!(
        parse(&text).expect("valid").objective,
        Some(Objective::ExitEdge { count: 1, .. })
    ));
    for bad in ["count: 0", "count: 3"] {
        let text = VALID.replace(
            r#"objective: RepairAndBoard(feature: "ship"),"#,
            &exit.replace("count: 2", bad),
        );
        let e = parse(&text).unwrap_err();
        assert_eq!(e.line, line_of(&text, "ExitEdge"), "{e}");
        assert!(e.message.contains("`objective.count`"), "{bad}: {e}");
    }
    let text = VALID.replace(
        r#"objective: RepairAndBoard(feature: "ship"),"#,
        "objective: ExitEdge(side: Humans, edge: Up),",
    );
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "ExitEdge"), "{e}");
    let text = VALID.replace(
        r#"objective: RepairAndBoard(feature: "ship"),"#,
        "objective: Destroy(side: Humans),",
    );
    assert_eq!(
        parse(&text).expect("valid").objective,
        Some(Objective::Destroy { side: Side::Humans })
    );
}

#[test]
fn the_aliens_player_defaults_to_the_random_monster_and_must_be_the_commander_to_get_through() {
    // A file without the field reads as it always did: 001's random monster plays the aliens.
    let s = parse(VALID).expect("valid");
    assert_eq!(s.alien_player, crate::scenario::AlienPlayer::RandomMonster);
    let with = VALID.replace(
        "attack_over: Continue,",
        "attack_over: Continue,\n    alien_player: Commander,",
    );
    assert_eq!(
        parse(&with).expect("valid").alien_player,
        crate::scenario::AlienPlayer::Commander
    );
    // Aliens that must get out by an edge, or reach a zone, need a player that tries: the
    // random monster only closes on the nearest human.
    for objective in [
        "objective: ExitEdge(side: Aliens, edge: West),",
        "objective: ReachZone(side: Aliens, zone: Circle(center: (36.0, 40.0), radius: 4.0)),",
    ] {
        let text = VALID.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, objective);
        let e = parse(&text).unwrap_err();
        assert!(
            e.message.contains("`alien_player`") && e.message.contains("Commander"),
            "{objective}: {e}"
        );
        let text = with.replace(r#"objective: RepairAndBoard(feature: "ship"),"#, objective);
        assert!(parse(&text).is_ok(), "{objective}");
    }
    // Written out, the default is left out (a save's scenario, and its settings' hash, read as
    // before), and the commander is kept.
    let default = ron::to_string(&parse(VALID).expect("valid")).expect("it writes");
    assert!(!default.contains("alien_player"), "{default}");
    let commander = ron::to_string(&parse(&with).expect("valid")).expect("it writes");
    let back: Scenario = ron::from_str(&commander).expect("it reads back");
    assert_eq!(back.alien_player, crate::scenario::AlienPlayer::Commander);
    let text = VALID.replace("attack_over: Continue,", "alien_player: Monster,");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "alien_player"), "{e}");
}

#[test]
fn absurd_sizes_rotations_traits_and_counts_are_refused_with_their_field() {
    let cases = [
        ("radius: 3.0", "radius: 1000.0", "`shape.radius`"),
        (
            "size: (6.0, 3.0)",
            "size: (6.0, 3.0), rotation: 720.0",
            "`shape.rotation`",
        ),
        (
            "facing: 0.0, weapons: [\"blaster\"]",
            "facing: 1e9, weapons: [\"blaster\"]",
            "`facing`",
        ),
        ("table: (72.0, 48.0)", "table: (72.0, 2.0)", "`table`"),
        (
            "automatic_wave_turn: 3",
            "automatic_wave_turn: 4000000000",
            "`automatic_wave_turn`",
        ),
        (
            "armour: true),\n    ],",
            "armour: true, traits: (awe: 2147483647)),\n    ],",
            "`traits.awe`",
        ),
        (
            "(weapons: [\"claws\"])",
            "(weapons: [\"claws\"], traits: (quality: 0))",
            "`aliens.traits.quality`",
        ),
        ("tall: true),", "tall: true, height: 1e9),", "`height`"),
    ];
    for (old, new, field) in cases {
        let text = VALID.replacen(old, new, 1);
        assert_ne!(text, VALID, "{old}");
        let e = parse(&text).unwrap_err();
        assert!(e.message.contains(field), "{field}: {e}");
        assert!(e.line > 1, "{e}");
    }
}

#[test]
fn placed_aliens_are_an_error() {
    let text = VALID.replace("\"M2\", troop: Infantry", "\"M2\", troop: Alien");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "\"M2\""), "{e}");
    assert!(e.message.contains("field `troop`"), "{e}");
}

#[test]
fn a_scenario_with_no_forces_says_what_it_lacks() {
    // An empty table is not a scenario that passes every check: nobody plays the humans.
    let start = VALID.find("    units: [").expect("the units");
    let end = start + VALID[start..].find("    ],\n").expect("their end") + "    ],\n".len();
    let text = format!("{}    units: [],\n{}", &VALID[..start], &VALID[end..]);
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "units: []"), "{e}");
    assert!(
        e.message.contains("no forces") && e.message.contains("at least one unit of the marines"),
        "{e}"
    );
    let s: Scenario = crate::error::parse_ron("test.ron", &text).expect("it parses");
    assert_eq!(check_scenario_all(&s, &rules()).len(), 1);
    // A human hidden in the ambush is a force.
    let mut hidden = s.clone();
    let mut ambush: crate::ambush_spec::AmbushSpec = crate::error::parse_ron(
        "ambush.ron",
        r#"(ambushed: Aliens, nature: Normal, setup: None, detection: Awe, effects: AmbushUnits,
            units: [(label: "H1", side: Humans, troop: Infantry, at: (20.0, 20.0), facing: 0.0,
            weapons: ["blaster"]), (label: "A1", side: Aliens, troop: Alien, at: (30.0, 30.0),
            facing: 0.0)])"#,
    )
    .expect("an ambush");
    hidden.ambush = Some(ambush.clone());
    assert_eq!(check_scenario(&hidden, &rules()), Ok(()));
    // Aliens alone are not.
    ambush.units.remove(0);
    ambush.ambushed = Side::Humans;
    hidden.ambush = Some(ambush);
    let problems = check_scenario_all(&hidden, &rules());
    assert!(
        problems.iter().any(|p| p.path == vec![Seg::Key("units")]),
        "{problems:?}"
    );
}

#[test]
fn only_a_weapon_crew_carries_a_heavy_weapon() {
    // 001: heavy weapons are "a line of sight weapon, requiring a unit of Weapon Crew to
    // operate it".
    let text = VALID.replace(
        "\"M2\", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: [\"blaster\"]",
        "\"M2\", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: [\"plasma_cannon\"]",
    );
    assert_ne!(text, VALID, "the test edits a unit");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "plasma_cannon"), "{e}");
    assert!(e.message.contains("needs a weapon crew"), "{e}");
    let crewed = text.replace("\"M2\", troop: Infantry", "\"M2\", troop: WeaponCrew");
    assert!(parse(&crewed).is_ok());
}

#[test]
fn objective_must_name_impassable_terrain() {
    let text = VALID.replace("feature: \"ship\"", "feature: \"shipp\"");
    let e = parse(&text).unwrap_err();
    assert_eq!(e.line, line_of(&text, "shipp"), "{e}");
    assert!(
        e.message.contains("`objective.feature`") && e.message.contains("ship, wood"),
        "{e}"
    );
    let e = parse(&VALID.replace("feature: \"ship\"", "feature: \"wood\"")).unwrap_err();
    assert!(e.message.contains("Impassable"), "{e}");
}

#[test]
fn truncated_and_mangled_text_gives_errors_not_panics() {
    let rules = rules();
    for (i, _) in VALID.char_indices() {
        let _ = parse_scenario("t.ron", &VALID[..i], &rules);
        let mangled: String = VALID
            .char_indices()
            .map(|(j, c)| {
                if j == i {
                    ['(', ')', '"', ',', '-', 'x', '/', '#'][i % 8]
                } else {
                    c
                }
            })
            .collect();
        let _ = parse_scenario("t.ron", &mangled, &rules);
    }
}

#[test]
fn the_shipped_scenarios_are_valid() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let rules = rules();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).expect("scenarios/") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e == "ron") {
            load_scenario_file(&path, &rules).unwrap_or_else(|e| panic!("{e}"));
            n += 1;
        }
    }
    assert!(n >= 4);
}

#[test]
fn a_scenario_may_rename_the_sides() {
    // The mod schema: side names come from the scenario, marines and aliens by default.
    let s = parse(VALID).expect("valid");
    assert_eq!(s.names(&rules()).of(Side::Humans), "marines");
    assert_eq!(s.names(&rules()).one(Side::Aliens), "alien");
    let renamed = VALID.replace(
        "name: \"Test\",",
        "name: \"Test\",\n    side_names: (humans: \"troopers\", aliens: \"bugs\"),",
    );
    let s = parse(&renamed).expect("valid");
    assert_eq!(s.names(&rules()).of(Side::Humans), "troopers");
    assert_eq!(s.names(&rules()).one(Side::Aliens), "bug");
    let e = parse(&VALID.replace(
        "name: \"Test\",",
        "name: \"Test\",\n    side_names: (humans: \"x\"),",
    ))
    .unwrap_err();
    assert_eq!(e.line, 4, "{e}");
    assert!(e.message.contains("aliens"), "{e}");
}

#[test]
fn a_label_name_or_briefing_longer_than_the_screen_holds_is_refused_at_its_field() {
    // A stranger's 900 KB label would be drawn on a token and in the roll log every frame.
    let long_label = VALID.replacen(
        "label: \"M2\"",
        &format!("label: \"{}\"", "M".repeat(MAX_LABEL_CHARS + 1)),
        1,
    );
    let e = parse(&long_label).unwrap_err();
    assert_eq!(e.line, line_of(&long_label, "MMMM"), "{e}");
    assert!(e.message.contains("units[1].label"), "{e}");
    assert!(
        e.message.contains(&format!("at most {MAX_LABEL_CHARS}")),
        "{e}"
    );
    let long_briefing = VALID.replacen(
        "Two marines and a ship.",
        &"Two marines. ".repeat(MAX_BRIEFING_CHARS / 10),
        1,
    );
    let e = parse(&long_briefing).unwrap_err();
    assert!(e.message.contains("field `briefing`"), "{e}");
    assert_eq!(e.line, line_of(&long_briefing, "briefing"), "{e}");
    let long_name = VALID.replacen(
        "name: \"wood\"",
        &format!("name: \"{}\"", "w".repeat(MAX_NAME_CHARS + 1)),
        1,
    );
    let e = parse(&long_name).unwrap_err();
    assert!(e.message.contains("terrain[1].name"), "{e}");
    // At the limit, each is accepted: the limit counts characters, not bytes.
    let at_limit = VALID.replacen(
        "label: \"M2\"",
        &format!("label: \"{}\"", "é".repeat(MAX_LABEL_CHARS)),
        1,
    );
    assert!(parse(&at_limit).is_ok());
}

/// Every shipped scenario, bundled and of the bundled mods, with the rules it plays with.
fn shipped_scenarios() -> Vec<(String, Scenario, std::sync::Arc<Rules>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files: Vec<std::path::PathBuf> = Vec::new();
    for folder in ["scenarios", "mods/colonial/scenarios"] {
        for entry in std::fs::read_dir(root.join(folder)).expect("a scenarios folder") {
            let path = entry.expect("an entry").path();
            if path.extension().is_some_and(|x| x == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let (scenario, rules) =
                crate::mods::load_scenario_with_rules(&path).expect("a shipped scenario loads");
            (path.display().to_string(), scenario, rules)
        })
        .collect()
}

/// The same scenario broken in many ways at once and one at a time: for the collecting check.
fn broken_variants(s: &Scenario) -> Vec<Scenario> {
    let mut out = Vec::new();
    let mut push = |f: &dyn Fn(&mut Scenario)| {
        let mut v = s.clone();
        f(&mut v);
        out.push(v);
    };
    push(&|v| v.turn_limit = 0);
    push(&|v| v.aliens.weapons.push("no such gun".into()));
    push(&|v| {
        if let Some(t) = v.terrain.first().cloned() {
            v.terrain.push(t);
        }
    });
    push(&|v| {
        for u in &mut v.units {
            u.at.0 = -50.0;
        }
    });
    push(&|v| {
        if let Some(u) = v.units.first().cloned() {
            v.units.push(u.clone());
            v.units.push(u);
        }
    });
    push(&|v| {
        if let Some(u) = v.units.get_mut(1) {
            u.facing = 1000.0;
        }
        if let Some(t) = v.terrain.last_mut() {
            t.height = -1.0;
        }
    });
    push(&|v| {
        v.objective = Some(Objective::RepairAndBoard {
            feature: "none".into(),
        })
    });
    push(&|v| {
        if let Some(a) = &mut v.ambush {
            a.spacing = 0.0;
        }
        v.turn_limit = 0;
        for u in &mut v.units {
            u.label.clear();
        }
    });
    push(&|v| {
        // Every unit onto one spot: each after the first overlaps it.
        for u in &mut v.units {
            u.at = (36.0, 2.0);
        }
    });
    out
}

#[test]
fn check_scenario_all_begins_with_check_scenarios_problem_for_every_file() {
    // The editor's list of problems must not disagree with what `ambush check` reports first.
    let shipped = shipped_scenarios();
    assert!(shipped.len() >= 12, "the bundled and the mods' scenarios");
    let mut broken = 0;
    for (file, s, rules) in &shipped {
        assert_eq!(check_scenario_all(s, rules), vec![], "{file}");
        for v in broken_variants(s) {
            let first = check_scenario(&v, rules).err();
            let all = check_scenario_all(&v, rules);
            assert_eq!(all.first(), first.as_ref(), "{file}: {all:?}");
            broken += usize::from(first.is_some());
        }
    }
    assert!(broken > shipped.len() * 5, "the variants are broken");
}

#[test]
fn check_scenario_all_finds_each_misplaced_unit_and_each_bad_feature() {
    let mut s = parse(VALID).expect("valid");
    // Both marines off the table, and both terrain features with a bad height.
    s.units[0].at = (-10.0, 1.0);
    s.units[1].at = (100.0, 1.0);
    for t in &mut s.terrain {
        t.height = -2.0;
    }
    s.turn_limit = 0;
    let all = check_scenario_all(&s, &rules());
    let paths: Vec<String> = all.iter().map(|p| format!("{:?}", p.path)).collect();
    assert_eq!(all.len(), 5, "{paths:?}");
    assert_eq!(all[0].path, vec![Seg::Key("turn_limit")]);
    assert_eq!(
        all[1].path,
        vec![Seg::Key("terrain"), Seg::Item(0), Seg::Key("height")]
    );
    assert_eq!(
        all[2].path,
        vec![Seg::Key("terrain"), Seg::Item(1), Seg::Key("height")]
    );
    assert_eq!(
        all[3].path,
        vec![Seg::Key("units"), Seg::Item(0), Seg::Key("at")]
    );
    assert_eq!(
        all[4].path,
        vec![Seg::Key("units"), Seg::Item(1), Seg::Key("at")]
    );
}

#[test]
fn an_overlap_after_a_failed_unit_names_the_unit_it_overlaps() {
    // units[1] fails (unknown weapon) and is left out of the bases placed; units[2] overlaps
    // units[0] and must name it, not the list position of a base.
    let mut s = parse(VALID).expect("valid");
    let mut m3 = s.units[0].clone();
    m3.label = "M3".into();
    let mut m4 = s.units[0].clone();
    m4.label = "M4".into();
    s.units[0].at = (20.0, 1.0);
    s.units[1].weapons = vec!["no such gun".into()];
    m3.at = (40.0, 1.0);
    m4.at = (40.2, 1.0);
    s.units.push(m3);
    s.units.push(m4);
    let all = check_scenario_all(&s, &rules());
    assert_eq!(all.len(), 2, "{all:?}");
    assert!(
        all[1].message.contains("units[2] (\"M3\")"),
        "{}",
        all[1].message
    );
}

/// A unit hidden in the ambush stands on the table like any other (004: the ambusher "places
/// hidden unit counters and dummy counters on the tabletop"), so a fault in one of the fields
/// every placed unit has is refused with the same words in `units` and in `ambush.units`, the
/// unit's name aside, at its line.
#[test]
fn a_hidden_unit_and_a_force_unit_with_the_same_fault_are_refused_alike() {
    let m2 = r#"(label: "M2", troop: Infantry, at: (36.5, 1.0), facing: 0.0, weapons: ["blaster"], armour: true),"#;
    assert!(VALID.contains(m2), "the second marine's line");
    let many = format!(
        "[{}]",
        vec!["\"blaster\""; MAX_WEAPONS_PER_UNIT + 1].join(", ")
    );
    let faults = [
        (
            "[\"blaster\"]",
            "[\"blaster\", \"ray_gun\"]".to_string(),
            "field `weapons[1]`: unknown weapon",
        ),
        ("facing: 0.0", "facing: 400.0".to_string(), "field `facing`"),
        ("[\"blaster\"]", many, "field `weapons`: 17 weapons"),
        (
            "[\"blaster\"]",
            "[\"plasma_cannon\"]".to_string(),
            "needs a weapon crew",
        ),
        (
            "armour: true",
            "armour: true, traits: (awe: 500)".to_string(),
            "field `traits.awe`",
        ),
        (
            "at: (36.5, 1.0)",
            "at: (80.0, 1.0)".to_string(),
            "off the 72x48 table",
        ),
        (
            "at: (36.5, 1.0)",
            "at: (36.0, 24.0)".to_string(),
            "impassable terrain terrain[0] (\"ship\")",
        ),
        (
            "at: (36.5, 1.0)",
            "at: (35.8, 1.0)".to_string(),
            "the base of units[0] (\"M1\")",
        ),
        (
            "label: \"M2\"",
            "label: \"M1\"".to_string(),
            "already used by units[0]",
        ),
        (
            "label: \"M2\"",
            "label: \"\u{041C}1\"".to_string(),
            "looks the same as units[0]'s",
        ),
    ];
    for (from, to, says) in faults {
        let unit = m2.replacen(from, &to, 1);
        assert_ne!(unit, m2, "{to}");
        let force = VALID.replace(m2, &unit);
        // The same unit hidden in an ambush (with an alien to ambush), off the marines' list.
        let hidden_unit = unit
            .replacen('(', "(side: Humans, ", 1)
            .replace("traits: (awe: 500)", "traits: Some((awe: 500))");
        let ambush = format!(
            "    ambush: (ambushed: Aliens, setup: None, detection: Awe, effects: AmbushUnits, units: [\n        {hidden_unit}\n        (label: \"A1\", side: Aliens, troop: Alien, at: (60.0, 40.0), facing: 0.0),\n    ]),\n"
        );
        let hidden = VALID
            .replace(&format!("        {m2}\n"), "")
            .replace("    objective:", &format!("{ambush}    objective:"));
        let in_force = parse(&force).expect_err(&to);
        let in_ambush = parse(&hidden).expect_err(&to);
        assert!(
            in_force.message.starts_with("units[1] (\"") && in_force.message.contains(says),
            "{in_force}"
        );
        assert_eq!(
            in_force.message.replacen("units[1]", "ambush.units[0]", 1),
            in_ambush.message
        );
        assert_eq!(in_force.line, line_of(&force, &unit), "{in_force}");
        assert_eq!(
            in_ambush.line,
            line_of(&hidden, &hidden_unit),
            "{in_ambush}"
        );
    }
}

mod polygons;
