//! The rule tables' own tests: patches field by field, absurd numbers refused, and every problem placed at its file, line and column.

use super::*;

/// One broken value in each rule file: the file, the text as written there and as broken,
/// and the field's name as it appears on the broken line (where the error must point).
const BROKEN: [(&str, &str, &str, &str); RULE_FILE_COUNT] = [
    ("general.ron", "smr: 4.0", "smr: -1.0", "smr"),
    (
        "troops.ron",
        "movement: (straight_forward: 2.0,",
        "movement: (straight_forward: -1000.0,",
        "movement",
    ),
    (
        "weapons.ron",
        "StandardIssue: (medium: 3.0,",
        "StandardIssue: (medium: 30000.0,",
        "medium",
    ),
    (
        "shooting.ron",
        "to_hit_need: 5,",
        "to_hit_need: 50000,",
        "to_hit_need",
    ),
    (
        "wounds.ron",
        "save_wound_max: 4,",
        "save_wound_max: 40000,",
        "save_wound_max",
    ),
    (
        "melee.ron",
        "close_quarter_need: 5,",
        "close_quarter_need: 50000,",
        "close_quarter_need",
    ),
    (
        "cards.ron",
        "jokers_per_pack: 2,",
        "jokers_per_pack: 90000,",
        "jokers_per_pack",
    ),
    (
        "generation.ron",
        "wave_size: 5,",
        "wave_size: 50000,",
        "wave_size",
    ),
    ("ambush.ron", "Easy: 10,", "Easy: 100000,", "Easy"),
    (
        "terms.ron",
        "alien: \"alien\")",
        "alien: \"alien\", aliens_again: \"aliens\")",
        "aliens_again",
    ),
    (
        "environment.ron",
        "feet_per_inch: 10.0,",
        "feet_per_inch: -1.0,",
        "feet_per_inch",
    ),
];

/// The bundled text of `file` with its broken value, and the line and column the error
/// must name.
fn broken(file: &str) -> (String, usize, usize) {
    let (_, good, bad, field) = BROKEN.iter().find(|b| b.0 == file).unwrap();
    let text = bundled_text(file).unwrap();
    assert_eq!(
        text.matches(good).count(),
        1,
        "{file}: the test breaks one value"
    );
    let text = text.replacen(good, bad, 1);
    let (n, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(bad))
        .unwrap();
    (text.clone(), n + 1, line.find(field).unwrap() + 1)
}

#[test]
fn a_broken_rule_table_names_its_file_line_and_column_for_every_table() {
    // A modder's error must point at the value to fix, in every rule file: the checks name
    // the field, and the locator finds it in the text that was loaded.
    for (file, ..) in BROKEN {
        let (text, line, column) = broken(file);
        let texts: [&str; RULE_FILE_COUNT] = std::array::from_fn(|i| {
            if RULE_FILES[i] == file {
                text.as_str()
            } else {
                BUNDLED[i]
            }
        });
        let e = Rules::from_texts(|f| format!("rules/{f}"), texts).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.line, e.column),
            (format!("rules/{file}").as_str(), line, column),
            "{e}"
        );
    }
}

#[test]
fn a_broken_mod_patch_names_the_patch_its_line_and_column_for_every_table() {
    // A mod's rules/troops.ron with `straight_forward: -1000.0` on its line 6 is reported
    // at that line of that file, not at 1:1 nor in the bundled table.
    for (file, ..) in BROKEN {
        let (text, line, column) = broken(file);
        let shown = format!("mods/m/rules/{file}");
        let patch = crate::mods::RulePatch {
            file,
            shown: &shown,
            text: &text,
        };
        let e = crate::mods::rules_with_patches(&[patch]).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.line, e.column),
            (shown.as_str(), line, column),
            "{e}"
        );
    }
}

#[test]
fn a_mod_patches_the_environment_table_field_by_field() {
    let mut rules = Rules::bundled().clone();
    let patch = "(underwater: (movement_aps: 1), space: (scatter_degrees: {1: -10.0}))";
    rules
        .apply_patch("environment.ron", "rules/environment.ron", patch)
        .expect("a patch");
    let (bundled, patched) = (&Rules::bundled().environment, &rules.environment);
    assert_eq!(patched.underwater.movement_aps, 1);
    assert_eq!(
        patched.underwater.sight_aps, bundled.underwater.sight_aps,
        "the other fields stay"
    );
    assert_eq!(patched.space.scatter_degrees[&1], -10.0);
    assert_eq!(
        patched.space.scatter_degrees[&6], bundled.space.scatter_degrees[&6],
        "merged key by key"
    );
    // The merged table is checked as the bundled one is.
    rules
        .apply_patch(
            "environment.ron",
            "rules/environment.ron",
            "(feet_per_inch: 0.0)",
        )
        .expect("it parses");
    let e = rules
        .check(&|f, _| (format!("rules/{f}"), 1, 1))
        .unwrap_err();
    assert!(e.message.contains("feet_per_inch"), "{e}");
}

#[test]
fn absurd_counts_and_numbers_in_the_tables_are_refused_with_their_file_and_field() {
    let cases = [
        ("generation.ron", "(wave_size: 100000)", "`wave_size`"),
        ("cards.ron", "(cards_per_alien: 0)", "`cards_per_alien`"),
        (
            "general.ron",
            "(morale_loss_fraction: (1, 0))",
            "`morale_loss_fraction.1`",
        ),
        ("shooting.ron", "(to_hit_need: 2000000000)", "`to_hit_need`"),
        (
            "ambush.ron",
            "(perception: (sides: 1))",
            "`perception.sides`",
        ),
        (
            "weapons.ron",
            "(weapons: {\"claws\": (class: PhysicalContact, display: \"c\", blast: Some(1e20))})",
            "`weapons.claws.blast`",
        ),
    ];
    for (file, patch, field) in cases {
        let mut rules = Rules::bundled().clone();
        rules.apply_patch(file, file, patch).expect("it parses");
        let e = rules
            .check(&|f, _| (format!("rules/{f}"), 1, 1))
            .unwrap_err();
        assert_eq!(e.file, format!("rules/{file}"), "{e}");
        assert!(e.message.contains(field), "{field}: {e}");
    }
}

#[test]
fn a_broken_ambush_table_is_refused_with_its_file_and_field() {
    // Bad input gets a clear error naming file and field, never a panic.
    let mut texts = BUNDLED;
    let ladder_without_end = texts[8].replace(
        "(test: NoRoll, on_failure: MoveOnly),",
        "(test: AweOrDex, on_failure: MoveOnly),",
    );
    texts[8] = &ladder_without_end;
    let e = Rules::from_texts(|f| format!("assets/rules/{f}"), texts).unwrap_err();
    assert_eq!(e.file, "assets/rules/ambush.ron");
    assert!(e.message.contains("ambush_units"), "{e}");
    let typo = BUNDLED[8].replace("Bizarre: 1000", "Bizare: 1000");
    texts[8] = &typo;
    let e = Rules::from_texts(|f| format!("assets/rules/{f}"), texts).unwrap_err();
    assert!(e.line > 1, "{e}");
}

#[test]
fn a_table_holding_a_number_that_is_not_finite_is_refused_even_when_built_in_memory() {
    // The parser refuses `NaN` and infinities in a file; the check refuses them in the merged
    // tables too, whose numbers it reads through JSON, where they would pass as absent.
    let mut rules = Rules::bundled().clone();
    if let Some(bands) = rules.weapons.ranges.values_mut().next() {
        bands.medium = f32::NAN;
    }
    let e = rules.check(&|f, _| (f.to_string(), 1, 1)).unwrap_err();
    assert_eq!(e.file, "weapons.ron", "{e}");
    assert!(e.message.contains("NaN"), "{e}");
    let mut rules = Rules::bundled().clone();
    rules.general.bad_going_cost = f32::INFINITY;
    let e = rules.check(&|f, _| (f.to_string(), 1, 1)).unwrap_err();
    assert_eq!(e.file, "general.ron", "{e}");
}

#[test]
fn a_table_text_or_key_longer_than_the_screen_holds_is_refused_at_its_field() {
    let mut rules = Rules::bundled().clone();
    rules.terms.sides.humans = "m".repeat(checks::MAX_TABLE_TEXT_CHARS + 1);
    let e = rules
        .check(&|f, field| (format!("{f}:{field}"), 1, 1))
        .unwrap_err();
    assert_eq!(e.file, "terms.ron:sides.humans", "{e}");
    assert!(e.message.contains("at most 200"), "{e}");
    let mut rules = Rules::bundled().clone();
    let blaster = rules
        .weapons
        .weapons
        .values()
        .next()
        .cloned()
        .expect("a weapon");
    rules
        .weapons
        .weapons
        .insert("w".repeat(checks::MAX_TABLE_TEXT_CHARS + 1), blaster);
    let e = rules.check(&|f, _| (f.to_string(), 1, 1)).unwrap_err();
    assert_eq!(e.file, "weapons.ron", "{e}");
    assert!(e.message.contains("a key of 201 characters"), "{e}");
}
