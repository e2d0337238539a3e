//! Scenario files: every bundled one loads; broken ones fail with file, line and field.

use crate::root;
use ambush_data::Rules;
use ambush_data::check::parse_scenario;

#[test]
fn bundled_scenarios_load() {
    let mut n = 0;
    for entry in std::fs::read_dir(root().join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "ron") {
            let text = std::fs::read_to_string(&path).unwrap();
            parse_scenario(&path.display().to_string(), &text, Rules::bundled())
                .unwrap_or_else(|e| panic!("{e}"));
            n += 1;
        }
    }
    assert!(n >= 4);
}

#[test]
fn broken_scenarios_name_line_and_field_and_never_panic() {
    let good = std::fs::read_to_string(root().join("scenarios/crashed_ship.ron")).unwrap();
    let line_of = |needle: &str| good.lines().position(|l| l.contains(needle)).unwrap() + 1;
    // a unit off the table
    let bad = good.replacen("at: (71.0, 21.5)", "at: (-5.0, 21.5)", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of("label: \"M1\""));
    assert!(e.message.contains("at"), "{e}");
    // overlapping bases
    let bad = good.replacen("at: (71.0, 22.5)", "at: (71.0, 21.8)", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert!(e.message.contains("overlap"), "{e}");
    // a negative count
    let bad = good.replacen("turn_limit: 20", "turn_limit: -3", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of("turn_limit"));
    // every truncation is an error, never a panic
    for cut in (0..good.len()).step_by(97) {
        if good.is_char_boundary(cut) {
            assert!(parse_scenario("s.ron", &good[..cut], Rules::bundled()).is_err());
        }
    }
}

/// The menu's catalogue: a stranger's broken scenario is listed with its file, line and field and
/// cannot be started; a broken rule file falls back to the bundled tables with a message.
#[test]
fn the_menu_lists_broken_files_with_their_errors_and_never_panics() {
    use ambush::screen::Catalogue;
    use ambush_data::tables::RULE_FILES;
    let read = |p: std::path::PathBuf| std::fs::read_to_string(p).unwrap();
    let mut rules: Vec<(String, String)> = RULE_FILES
        .iter()
        .map(|f| {
            (
                format!("rules/{f}"),
                read(root().join("assets/rules").join(f)),
            )
        })
        .collect();
    let good = read(root().join("scenarios/crashed_ship.ron"));
    let broken = good.replacen("turn_limit: 20", "turn_limit: \"many\"", 1);
    assert_ne!(good, broken, "the test edits a real field");
    let scenarios = vec![
        ("b.ron".to_string(), broken),
        ("a.ron".to_string(), good.clone()),
    ];
    let c = Catalogue::from_texts(&rules, &scenarios);
    assert!(c.rules_problem.is_none());
    assert_eq!(c.scenarios[0].file, "scenarios/a.ron");
    assert!(c.scenarios[0].scenario.is_ok());
    let why = c.scenarios[1].scenario.clone().unwrap_err();
    assert!(why.starts_with("scenarios/b.ron:"), "{why}");
    rules[0].1 = "( smr: oops )".into();
    let c = Catalogue::from_texts(&rules, &scenarios[1..]);
    let problem = c.rules_problem.expect("the broken table is reported");
    assert!(problem.contains("assets/rules/general.ron:1"), "{problem}");
    assert!(
        c.scenarios[0].scenario.is_ok(),
        "the bundled tables still load the scenario"
    );
}

/// Too many entries in one of an ambush's lists are refused at that list's own line and field.
#[test]
fn too_many_dummies_are_refused_at_the_dummies_line() {
    let good = std::fs::read_to_string(root().join("scenarios/night_raid.ron")).unwrap();
    let line = good.lines().position(|l| l.contains("dummies:")).unwrap() + 1;
    let many = vec!["(31.0, 34.0)"; 201].join(", ");
    let bad = good.replacen(
        "dummies: [(31.0, 34.0), (41.0, 34.0), (41.0, 10.0)]",
        &format!("dummies: [{many}]"),
        1,
    );
    assert_ne!(good, bad, "the test edits a real field");
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line, "{e}");
    assert!(e.message.contains("`ambush.dummies`"), "{e}");
}

/// A simple ambush's spacing is read as the column marches on and when it is sprung: one that
/// is not a positive number of inches is refused at its line, whatever the set-up. Night Raid
/// with a spacing written out too long for an `f32` (it reads as infinity) once passed the check
/// and then hung the simulator, the soak and the window, stepping back from a place that is no
/// place for ever.
#[test]
fn a_spacing_that_is_no_distance_is_refused_at_its_line_in_a_simple_ambush() {
    let good = std::fs::read_to_string(root().join("scenarios/night_raid.ron")).unwrap();
    let line = good.lines().position(|l| l.contains("spacing:")).unwrap() + 1;
    for spacing in [
        "1000000000000000000000000000000000000000.0",
        "0.0",
        "-4.0",
        "1000.0",
    ] {
        let bad = good.replacen("spacing: 4.0", &format!("spacing: {spacing}"), 1);
        assert_ne!(good, bad, "the test edits a real field");
        let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
        assert_eq!(e.line, line, "{spacing}: {e}");
        // The number too long for an `f32` is refused by the parser where it stands; the others
        // by the spacing's check.
        assert!(
            e.message.contains("`ambush.spacing`") || e.message.contains("not a finite number"),
            "{spacing}: {e}"
        );
    }
}
