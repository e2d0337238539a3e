//! Mods as untrusted input: each way out of the folder, each oversized or malformed file, and the merge over the bundled tables.

use super::*;
use crate::ident::Ident;
use std::fs;

/// A fresh folder under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("ambush-mods-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
    fn write(&self, rel: &str, text: &str) -> PathBuf {
        let path = self.0.join(rel);
        fs::create_dir_all(path.parent().expect("a parent")).expect("folders");
        fs::write(&path, text).expect("a file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

const MANIFEST_TEXT: &str = r#"(
    name: "Test mod",
    version: "1.0.0",
    description: "For the tests.",
    game_version: "0.1",
    overrides: ["rules/troops.ron", "rules/terms.ron"],
)"#;

const TROOPS: &str = r#"(
    troops: {
        Pikemen: (
            display: "pikemen",
            base: (1.0, 1.0),
            movement: (straight_forward: 1.0, advance: 0.5, fall_back: 0.5),
            shoot_after: NoMoveOnly,
            physical_contact: 4,
            physical_contact_with_weapon: 4,
            formations: {
                Hedgehog: (display: "in hedgehog", enter: "form hedgehog", leave: "break hedgehog",
                           movement: None, all_round: true),
            },
        ),
    },
)"#;

const TERMS: &str = r#"(sides: (humans: "colonists", aliens: "raiders"))"#;

/// A scenario of the bundled set, moved into a mod's folder with one unit made a pikeman.
fn scenario_text() -> String {
    let text = include_str!("../../../../scenarios/crashed_ship.ron");
    text.replacen("troop: Infantry", "troop: Pikemen, formation: Hedgehog", 1)
}

fn good_mod(name: &str) -> Scratch {
    let s = Scratch::new(name);
    s.write("mod.ron", MANIFEST_TEXT);
    s.write("rules/troops.ron", TROOPS);
    s.write("rules/terms.ron", TERMS);
    s.write("scenarios/a.ron", &scenario_text());
    s
}

#[test]
fn a_mod_adds_troop_types_and_names_over_the_bundled_tables() {
    let m = good_mod("good");
    let loaded = load_mod(&m.0).unwrap_or_else(|e| panic!("{e}"));
    let pike = Ident::known("Pikemen");
    assert!(loaded.rules.troops.troops.contains_key(&pike));
    // Key by key: the bundled troop types are still there.
    assert!(
        loaded
            .rules
            .troops
            .troops
            .contains_key(&Ident::known("Infantry"))
    );
    assert_eq!(loaded.rules.terms.sides.humans, "colonists");
    assert_eq!(
        loaded.rules.terms.sides.one(crate::board::Side::Aliens),
        "raider"
    );
    assert_eq!(loaded.rules.troop_name(pike), "pikemen");
    let s = loaded.scenarios[0]
        .scenario
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.units[0].formation, Some(Ident::known("Hedgehog")));
    // Nothing of the mod reaches the bundled tables.
    assert!(!Rules::bundled().troops.troops.contains_key(&pike));
    assert_eq!(Rules::bundled().terms.sides.humans, "marines");
}

#[test]
fn one_mod_does_not_see_another_and_a_broken_one_harms_nobody() {
    let root = Scratch::new("root");
    for (dir, text) in [("a", MANIFEST_TEXT), ("b", MANIFEST_TEXT)] {
        root.write(&format!("{dir}/mod.ron"), text);
        root.write(&format!("{dir}/rules/terms.ron"), TERMS);
        root.write(&format!("{dir}/rules/troops.ron"), TROOPS);
    }
    // b changes nothing of its own troop types; a third mod is broken.
    root.write("b/rules/troops.ron", "(troops: {})");
    root.write(
        "c/mod.ron",
        "(name: \"Broken\", version: \"1\",\n  game_version: 7)",
    );
    let found = find_mods(std::slice::from_ref(&root.0));
    assert_eq!(found.len(), 3);
    let a = found[0].loaded.as_ref().expect("a loads");
    let b = found[1].loaded.as_ref().expect("b loads");
    assert!(a.rules.troops.troops.contains_key(&Ident::known("Pikemen")));
    assert!(!b.rules.troops.troops.contains_key(&Ident::known("Pikemen")));
    let e = found[2].loaded.as_ref().expect_err("c is broken");
    assert!(e.file.ends_with("mod.ron"), "{e}");
    assert_eq!(e.line, 2, "{e}");
}

#[test]
fn a_path_out_of_the_folder_is_refused() {
    for (bad, why) in [
        ("../rules/troops.ron", "rules folder"),
        ("rules/../../x/troops.ron", "rules folder"),
        ("/etc/passwd", "rule file in the mod's rules folder"),
        ("rules/passwd", "not a rule file"),
    ] {
        let m = good_mod("escape");
        m.write(
            "mod.ron",
            &MANIFEST_TEXT.replace("\"rules/terms.ron\"", &format!("{bad:?}")),
        );
        let e = load_mod(&m.0).expect_err(bad);
        assert!(e.message.contains("overrides[1]"), "{bad}: {e}");
        assert!(e.message.contains(why), "{bad}: {e}");
    }
    let dir = Path::new("/tmp");
    assert!(inside(dir, dir, "../x").unwrap_err().contains("leads out"));
    assert!(inside(dir, dir, "/x").unwrap_err().contains("absolute"));
}

#[cfg(unix)]
#[test]
fn a_symbolic_link_that_leads_out_is_refused() {
    let outside = Scratch::new("outside");
    let secret = outside.write("terms.ron", TERMS);
    let story = outside.write("story.ron", &scenario_text());
    let m = good_mod("links");
    fs::remove_file(m.0.join("rules/terms.ron")).expect("removed");
    std::os::unix::fs::symlink(&secret, m.0.join("rules/terms.ron")).expect("a link");
    let e = load_mod(&m.0).expect_err("the rule file is outside");
    assert!(e.message.contains("outside the mod folder"), "{e}");
    // A scenario linked from outside is refused on its own; the mod still loads.
    let m = good_mod("links2");
    std::os::unix::fs::symlink(&story, m.0.join("scenarios/b.ron")).expect("a link");
    let loaded = load_mod(&m.0).expect("the mod loads");
    let e = loaded.scenarios[1].scenario.as_ref().expect_err("outside");
    assert!(e.message.contains("outside the mod folder"), "{e}");
    assert!(loaded.scenarios[0].scenario.is_ok());
}

#[cfg(unix)]
#[test]
fn a_file_hard_linked_from_outside_is_refused() {
    // Issue 37: "a file hard-linked from outside a mod is read as the mod's own".
    let outside = Scratch::new("outside-hard");
    let secret = outside.write("terms.ron", TERMS);
    let story = outside.write("story.ron", &scenario_text());
    let m = good_mod("hard");
    fs::remove_file(m.0.join("rules/terms.ron")).expect("removed");
    fs::hard_link(&secret, m.0.join("rules/terms.ron")).expect("a hard link");
    let e = load_mod(&m.0).expect_err("the rule file has another name outside");
    assert!(e.message.contains("hard links"), "{e}");
    let m = good_mod("hard2");
    fs::hard_link(&story, m.0.join("scenarios/b.ron")).expect("a hard link");
    let loaded = load_mod(&m.0).expect("the mod loads");
    let e = loaded.scenarios[1].scenario.as_ref().expect_err("linked");
    assert!(e.message.contains("hard links"), "{e}");
    assert!(loaded.scenarios[0].scenario.is_ok());
}

#[test]
fn oversized_files_nan_deep_nesting_and_huge_counts_are_refused_with_their_place() {
    let m = good_mod("big");
    m.write("scenarios/a.ron", &" ".repeat(MAX_FILE_BYTES + 10));
    let loaded = load_mod(&m.0).expect("the mod loads");
    let e = loaded.scenarios[0].scenario.as_ref().expect_err("too big");
    assert!(e.message.contains("at most"), "{e}");

    let m = good_mod("nan");
    m.write(
        "rules/troops.ron",
        &TROOPS.replace("base: (1.0, 1.0)", "base: (1.0,\n NaN)"),
    );
    let e = load_mod(&m.0).expect_err("NaN");
    assert!(e.file.ends_with("troops.ron"), "{e}");
    assert_eq!((e.line, e.column), (6, 2), "{e}");

    let m = good_mod("deep");
    let deep = format!("(troops: {}{{}}{})", "[".repeat(40), "]".repeat(40));
    m.write("rules/troops.ron", &deep);
    let e = load_mod(&m.0).expect_err("too deep");
    assert!(e.file.ends_with("troops.ron"), "{e}");

    let m = good_mod("many");
    let text = scenario_text();
    let at = text.find("units: [").expect("a units list") + "units: [".len();
    let extra =
        "(label: \"X\", troop: Infantry, at: (1.0, 1.0), facing: 0.0, weapons: []),".repeat(201);
    m.write(
        "scenarios/a.ron",
        &format!("{}{extra}{}", &text[..at], &text[at..]),
    );
    let loaded = load_mod(&m.0).expect("the mod loads");
    let e = loaded.scenarios[0].scenario.as_ref().expect_err("too many");
    assert!(e.message.contains("at most 200"), "{e}");
    assert!(e.line > 1, "{e}");
}

#[test]
fn the_manifest_must_list_its_rule_files_and_suit_this_game() {
    let m = good_mod("unlisted");
    m.write("rules/weapons.ron", "(weapons: {})");
    let e = load_mod(&m.0).expect_err("unlisted");
    assert!(e.message.contains("rules/weapons.ron"), "{e}");

    let m = good_mod("version");
    m.write("mod.ron", &MANIFEST_TEXT.replace("\"0.1\"", "\">=9.0\""));
    let e = load_mod(&m.0).expect_err("too new");
    assert!(e.message.contains("game_version"), "{e}");
}

#[test]
fn a_merged_table_that_breaks_a_rule_names_the_mod_file() {
    let m = good_mod("merged");
    m.write(
        "mod.ron",
        &MANIFEST_TEXT.replace("\"rules/terms.ron\"", "\"rules/generation.ron\""),
    );
    fs::remove_file(m.0.join("rules/terms.ron")).expect("removed");
    m.write("rules/generation.ron", "(troop: Dragons)");
    let e = load_mod(&m.0).expect_err("no line for Dragons");
    assert!(e.file.ends_with("generation.ron"), "{e}");
    assert!(e.message.contains("Dragons"), "{e}");
}

#[test]
fn a_scenario_in_a_mod_folder_plays_with_its_mods_rules() {
    let m = good_mod("owner");
    let file = m.0.join("scenarios/a.ron");
    let (manifest, rules) = rules_for_scenario(&file).expect("its mod loads");
    assert_eq!(manifest.map(|m| m.name).as_deref(), Some("Test mod"));
    assert!(rules.troops.troops.contains_key(&Ident::known("Pikemen")));
    let (none, bundled) =
        rules_for_scenario(Path::new("scenarios/crashed_ship.ron")).expect("bundled");
    assert!(none.is_none());
    assert_eq!(*bundled, *Rules::bundled());
}

#[test]
fn a_problem_is_placed_in_the_patch_that_wrote_the_field_or_else_the_bundled_table() {
    // A patch that adds one troop type does not hold the bundled types' fields: a problem with
    // one of those is shown in the bundled file, and one with the new type in the patch.
    let text = "(\n    troops: {\n        \"Colonial\": (\n            base: (1.0, 1.0),\n        ),\n    },\n)";
    let patch = RulePatch {
        file: "troops.ron",
        shown: "mods/m/rules/troops.ron",
        text,
    };
    let (file, line, column) = place_in_patches(&[patch], "troops.ron", "troops.Colonial.base");
    assert_eq!(
        (file.as_str(), line, column),
        ("mods/m/rules/troops.ron", 4, 13)
    );
    let (file, line, _) = place_in_patches(&[patch], "troops.ron", "troops.Infantry.base");
    let bundled = crate::tables::bundled_text("troops.ron").unwrap();
    let infantry = bundled
        .lines()
        .position(|l| l.contains("Infantry"))
        .unwrap()
        + 1;
    assert_eq!(file, "assets/rules/troops.ron (bundled)");
    assert!(
        line > infantry,
        "{line} is within the Infantry line's entry ({infantry})"
    );
}

#[test]
fn a_key_given_twice_in_a_map_is_refused_at_its_place_not_silently_dropped() {
    // serde keeps the last of two equal keys: the modder's first line would vanish unseen.
    let twice = TROOPS.replacen(
        "    },\n)",
        "        Pikemen: (\n            base: (2.0, 2.0),\n            movement: (straight_forward: 1.0, advance: 0.5, fall_back: 0.5),\n            shoot_after: NoMoveOnly, physical_contact: 4, physical_contact_with_weapon: 4,\n        ),\n    },\n)",
        1,
    );
    assert_ne!(twice, TROOPS, "the test adds a second Pikemen line");
    let m = good_mod("twice");
    m.write("rules/troops.ron", &twice);
    let e = load_mod(&m.0).expect_err("a troop type given twice");
    assert!(e.file.ends_with("troops.ron"), "{e}");
    assert!(e.message.contains("`Pikemen` is given twice"), "{e}");
    assert!(e.line > 1, "the error stands at the second key: {e}");
    // A nested map (a troop type's formations) refuses a repeated key too.
    let formations = TROOPS.replacen(
        "movement: None, all_round: true),",
        "movement: None, all_round: true),\n                Hedgehog: (display: \"again\", enter: \"a\", leave: \"b\", movement: None),",
        1,
    );
    let m = good_mod("twice-formation");
    m.write("rules/troops.ron", &formations);
    let e = load_mod(&m.0).expect_err("a formation given twice");
    assert!(e.message.contains("`Hedgehog` is given twice"), "{e}");
}

#[test]
fn an_edit_to_one_mod_reads_that_mod_again_and_no_other() {
    let root = Scratch::new("changed-root");
    for name in ["first", "second"] {
        let m = good_mod(&format!("changed-{name}"));
        let to = root.0.join(name);
        fs::rename(&m.0, &to).expect("a mod under the root");
    }
    let roots = vec![root.0.clone()];
    let before = fingerprint(&roots);
    let all = find_changed_mods(&roots, &[], &before);
    assert_eq!(all.len(), 2);
    assert!(
        all.iter().all(|(_, loaded)| loaded.is_some()),
        "the first reading reads every mod"
    );
    assert!(
        find_changed_mods(&roots, &before, &before)
            .iter()
            .all(|(_, l)| l.is_none())
    );
    fs::write(
        root.0.join("second/rules/terms.ron"),
        TERMS.replace("raiders", "reavers"),
    )
    .expect("an edit");
    let now = fingerprint(&roots);
    assert_ne!(before, now);
    let read: Vec<_> = find_changed_mods(&roots, &before, &now)
        .into_iter()
        .map(|(dir, loaded)| (dir.file_name().unwrap().to_owned(), loaded.is_some()))
        .collect();
    assert_eq!(read, [("first".into(), false), ("second".into(), true)]);
}

#[test]
fn the_watch_never_reads_a_device_or_a_file_outside_its_mod() {
    // A link to /dev/zero in rules/ would exhaust memory if the watch followed it, twice a second.
    let m = good_mod("watch-zero");
    std::os::unix::fs::symlink("/dev/zero", m.0.join("rules/general.ron")).expect("a link");
    std::os::unix::fs::symlink("/etc/hostname", m.0.join("scenarios/b.ron")).expect("a link");
    let once = fingerprint(std::slice::from_ref(&m.0));
    assert_eq!(
        once,
        fingerprint(std::slice::from_ref(&m.0)),
        "the same files read the same"
    );
    let e = load_mod(&m.0).expect_err("the link is refused");
    assert!(
        e.message.contains("outside the mod folder") || e.message.contains("not listed"),
        "{e}"
    );
}

/// The colonial mod shipped with the game.
fn colonial() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../mods/colonial")
}

/// Issue 36: a game's first message carries its mod's rule patches, "sandboxed and checked as
/// any mod": built from the texts alone they are the tables the mod loads from its folder, and
/// a patch for a file outside the bundled rule files, or one that does not check, is refused
/// naming the file.
#[test]
fn rule_patches_as_texts_build_the_mods_own_tables_and_bad_ones_are_refused() {
    let (_, from_disk) = load_mod_rules(&colonial()).expect("the colonial mod loads");
    let (manifest, patches) = read_mod_patches(&colonial()).expect("its patches read");
    let texts: Vec<PatchText> = patches.into_iter().map(|(_, p)| p).collect();
    assert_eq!(texts.len(), manifest.overrides.len());
    let built = rules_from_patch_texts("message 0", &texts).expect("they build");
    assert_eq!(&built, from_disk.as_ref());
    assert!(built.weapons.weapons.contains_key("spear"));

    let mut unknown = texts.clone();
    unknown[0].file = "secrets.ron".into();
    let err = rules_from_patch_texts("message 0", &unknown).expect_err("not a rule file");
    let said = err.to_string();
    assert!(
        said.contains("message 0") && said.contains("\"secrets.ron\" is not a rule file"),
        "{said}"
    );

    let mut twice = texts.clone();
    twice.push(texts[0].clone());
    let said = rules_from_patch_texts("message 0", &twice)
        .expect_err("twice")
        .to_string();
    assert!(said.contains("patched twice"), "{said}");

    let mut broken = texts.clone();
    let weapons = broken
        .iter_mut()
        .find(|p| p.file == "weapons.ron")
        .expect("weapons");
    weapons.text = weapons
        .text
        .replacen("class: PhysicalContact", "class: Sharp", 1);
    let said = rules_from_patch_texts("message 0", &broken)
        .expect_err("broken")
        .to_string();
    assert!(said.starts_with("message 0, rules/weapons.ron:"), "{said}");

    let mut huge = texts;
    huge[0].text = " ".repeat(MAX_FILE_BYTES + 1);
    let said = rules_from_patch_texts("message 0", &huge)
        .expect_err("huge")
        .to_string();
    assert!(said.contains("at most"), "{said}");
}
