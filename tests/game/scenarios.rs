//! Scenario files: every bundled one loads; broken ones fail with file, line and field.

use crate::root;
use ambush::rules::Rules;
use ambush::scenario::validate::parse_scenario;

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
    let bad = good.replacen("at: (33.5, 1.0)", "at: (-5.0, 1.0)", 1);
    let e = parse_scenario("s.ron", &bad, Rules::bundled()).unwrap_err();
    assert_eq!(e.line, line_of("label: \"M1\""));
    assert!(e.message.contains("at"), "{e}");
    // overlapping bases
    let bad = good.replacen("at: (34.5, 1.0)", "at: (33.8, 1.0)", 1);
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
