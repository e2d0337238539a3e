//! The files' tests: every shipped scenario round-trips, drafts go to `drafts/`, unsafe names, bundled folders and links out are refused, comments are announced, and the autosave.

use super::*;
use crate::editor::draft::{Draft, Origin};
use crate::editor::edits::{Edit, Setting};
use ambush_data::Rules;
use ambush_data::mods::{self, MANIFEST};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A fresh folder under the system's temporary folder, unique to this test, removed when
/// dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        static COUNT: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ambush-editor-{}-{}-{name}",
            std::process::id(),
            COUNT.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).expect("a scratch folder");
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The bundled folders of this checkout: the editor never writes into them.
fn bundled_folders() -> Vec<PathBuf> {
    vec![repo().join("scenarios"), repo().join("mods/colonial")]
}

fn ron_files(folder: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(folder)
        .expect("a folder")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

/// A draft with one marine: the least that passes the checks.
fn small_draft() -> Draft {
    let mut d = Draft::new_empty("Saved", (48.0, 48.0), Arc::new(Rules::bundled().clone()));
    d.apply(Edit::AddUnit(ambush_data::scenario::UnitSpec {
        label: "M1".into(),
        troop: ambush_data::Ident::known("Infantry"),
        formation: None,
        at: (10.0, 10.0),
        facing: 0.0,
        weapons: vec!["blaster".into()],
        armour: false,
        traits: Default::default(),
    }))
    .expect("a unit");
    d
}

#[test]
fn every_shipped_scenario_opens_saves_and_reads_back_equal() {
    // Issue 24: the editor writes ordinary RON that reads back as the same scenario, with
    // the same checks (a bundled mod's scenarios with that mod's rules).
    let scratch = Scratch::new("round-trip");
    let protected = bundled_folders();
    let colonial = repo().join("mods/colonial");
    let mut files: Vec<(PathBuf, &str)> = ron_files(&repo().join("scenarios"))
        .into_iter()
        .map(|f| (f, "round trip"))
        .collect();
    // The bundled mod's scenarios go into a new mod, which takes the colonial rules along.
    files.extend(
        ron_files(&colonial.join(SCENARIOS_FOLDER))
            .into_iter()
            .map(|f| (f, "colonial copy")),
    );
    assert!(files.len() >= 13, "{files:?}");
    for (file, mod_name) in &files {
        let (original, _) = mods::load_scenario_with_rules(file).expect("a shipped scenario");
        let mut draft = open_with_its_rules(file, &protected).expect("it opens");
        assert_eq!(draft.origin(), &Origin::Bundled { file: file.clone() });
        let stem = file.file_stem().and_then(|s| s.to_str()).expect("a name");
        let saved = save_into_mod(
            &mut draft,
            &scratch.0,
            mod_name,
            stem,
            &protected,
            Overwrite::Refuse,
        )
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(!saved.as_draft, "{}", file.display());
        if saved.new_mod && *mod_name == "colonial copy" {
            assert_eq!(saved.rules_from.as_deref(), Some(colonial.as_path()));
        }
        assert_eq!(
            saved.file,
            scratch
                .0
                .join(mod_name)
                .join("scenarios")
                .join(format!("{stem}.ron"))
        );
        assert!(!draft.changed_since_saved());
        let text = fs::read_to_string(&saved.file).expect("the file written");
        assert!(!has_comments(&text));
        let (back, _) = mods::load_scenario_with_rules(&saved.file)
            .unwrap_or_else(|e| panic!("{}: {e}", saved.file.display()));
        assert_eq!(back, original, "{}", file.display());
    }
    // The new mod's manifest loads, and the menu would list every scenario saved into it.
    let listed = mods::find_mods(std::slice::from_ref(&scratch.0));
    assert_eq!(listed.len(), 2);
    for listing in listed {
        let loaded = listing.loaded.expect("the mod loads");
        assert!(loaded.scenarios.iter().all(|s| s.scenario.is_ok()));
    }
    let ours = mods::load_mod(&scratch.0.join("round trip")).expect("the new mod");
    assert_eq!(ours.manifest.name, "round trip");
    assert_eq!(
        ours.scenarios.len(),
        ron_files(&repo().join("scenarios")).len()
    );
}

#[test]
fn a_draft_that_fails_goes_to_drafts_which_the_menu_never_lists() {
    let scratch = Scratch::new("drafts");
    let mut draft = small_draft();
    draft
        .apply(Edit::SetSetting(Setting::TurnLimit(0)))
        .expect("a setting");
    let saved = save_into_mod(
        &mut draft,
        &scratch.0,
        "mine",
        "hill",
        &[],
        Overwrite::Refuse,
    )
    .expect("saved");
    assert!(saved.as_draft && saved.new_mod);
    assert_eq!(saved.file, scratch.0.join("mine/drafts/hill.ron"));
    let listed = mods::load_mod(&scratch.0.join("mine")).expect("the mod loads");
    assert!(listed.scenarios.is_empty(), "{:?}", listed.scenarios);
    // It opens again as a draft of that mod, problems and all.
    let reopened = open_with_its_rules(&saved.file, &[]).expect("it opens");
    assert_eq!(
        reopened.origin(),
        &Origin::Mod {
            dir: scratch.0.join("mine"),
            file: saved.file.clone()
        }
    );
    assert_eq!(reopened.problems().len(), 1);
    // Fixed and saved again: it plays, and its out-of-date draft file is gone.
    draft
        .apply(Edit::SetSetting(Setting::TurnLimit(10)))
        .expect("a setting");
    let saved = save(&mut draft, &[], Overwrite::Refuse).expect("saved back into its mod");
    assert!(!saved.as_draft && !saved.new_mod);
    assert_eq!(saved.file, scratch.0.join("mine/scenarios/hill.ron"));
    assert!(!scratch.0.join("mine/drafts/hill.ron").exists());
    let listed = mods::load_mod(&scratch.0.join("mine")).expect("the mod loads");
    assert_eq!(listed.scenarios.len(), 1);
    assert!(listed.scenarios[0].scenario.is_ok());
}

#[test]
fn a_new_or_bundled_draft_needs_a_mod_chosen() {
    let mut draft = small_draft();
    assert!(matches!(
        save(&mut draft, &[], Overwrite::Refuse),
        Err(FileError::NeedsAMod)
    ));
    assert!(draft.origin().needs_a_mod());
}

#[test]
fn unsafe_names_are_refused_and_nothing_is_written() {
    let scratch = Scratch::new("names");
    let long = "x".repeat(MAX_FILE_NAME_CHARS + 1);
    let unsafe_names = [
        "",
        "..",
        "a/b",
        "a\\b",
        ".hidden",
        "tab\there",
        "new\nline",
        "CON",
        "con",
        "Nul.ron",
        "COM1",
        "lpt9",
        "aux.txt",
        "a:b",
        "what?",
        "end.",
        "end ",
        " start",
        long.as_str(),
        "a..b",
    ];
    for name in unsafe_names {
        assert!(
            matches!(
                check_name("scenario file", name),
                Err(FileError::UnsafeName { .. })
            ),
            "{name:?}"
        );
        let mut draft = small_draft();
        assert!(
            save_into_mod(&mut draft, &scratch.0, name, "ok", &[], Overwrite::Refuse).is_err(),
            "mod {name:?}"
        );
        assert!(
            save_into_mod(&mut draft, &scratch.0, "ok", name, &[], Overwrite::Refuse).is_err(),
            "file {name:?}"
        );
    }
    assert_eq!(fs::read_dir(&scratch.0).expect("the folder").count(), 0);
    for name in [
        "hill_station",
        "Hill Station 2",
        "x",
        "COM10",
        "console",
        "été",
    ] {
        assert!(check_name("scenario file", name).is_ok(), "{name:?}");
    }
    let sixty_four = "y".repeat(MAX_FILE_NAME_CHARS);
    assert!(check_name("scenario file", &sixty_four).is_ok());
}

#[test]
fn the_bundled_folders_are_refused_even_through_a_link() {
    // Issue 24: "the editor never writes into scenarios/ or a bundled mod".
    let scratch = Scratch::new("protected");
    let game = scratch.0.join("game");
    let bundled_mod = game.join("mods/colonial");
    fs::create_dir_all(game.join("scenarios")).expect("a folder");
    fs::create_dir_all(&bundled_mod).expect("a folder");
    let protected = vec![game.join("scenarios"), bundled_mod.clone()];
    let cases = [
        // Into the bundled mod.
        (game.join("mods"), "colonial"),
        // A mod folder inside the bundled scenarios.
        (game.join("scenarios"), "mine"),
        // The game's folder as a mod: its scenarios/ is the bundled one.
        (scratch.0.clone(), "game"),
        // The folder of bundled mods made a mod itself.
        (game.clone(), "mods"),
    ];
    for (root, name) in cases {
        let mut draft = small_draft();
        let refused = save_into_mod(&mut draft, &root, name, "x", &protected, Overwrite::Refuse);
        assert!(
            matches!(refused, Err(FileError::Protected { .. })),
            "{}/{name}: {refused:?}",
            root.display()
        );
    }
    #[cfg(unix)]
    {
        let user_mods = scratch.0.join("user");
        fs::create_dir_all(&user_mods).expect("a folder");
        std::os::unix::fs::symlink(&bundled_mod, user_mods.join("sneaky")).expect("a link");
        let mut draft = small_draft();
        let refused = save_into_mod(
            &mut draft,
            &user_mods,
            "sneaky",
            "x",
            &protected,
            Overwrite::Refuse,
        );
        assert!(
            matches!(refused, Err(FileError::Protected { .. })),
            "{refused:?}"
        );
    }
    let mut written = Vec::new();
    for folder in [game.join("scenarios"), bundled_mod] {
        written.extend(
            fs::read_dir(folder)
                .expect("a folder")
                .map(|e| e.expect("entry").path()),
        );
    }
    assert_eq!(written, Vec::<PathBuf>::new());
    assert!(!game.join("mods").join(MANIFEST).exists());
    // A draft opened from a bundled folder is `Bundled`: saving needs a user's mod.
    let file = game.join("scenarios/x.ron");
    fs::write(
        &file,
        scenario_text(small_draft().scenario()).expect("text"),
    )
    .expect("a file");
    let mut draft = open(&file, Arc::new(Rules::bundled().clone()), &protected).expect("opens");
    assert_eq!(draft.origin(), &Origin::Bundled { file: file.clone() });
    assert!(matches!(
        save(&mut draft, &protected, Overwrite::Refuse),
        Err(FileError::NeedsAMod)
    ));
}

#[test]
fn a_failed_write_leaves_what_was_there() {
    // Issue 24: writing files safely; a write that fails keeps the old file whole.
    let scratch = Scratch::new("failed");
    let mut draft = small_draft();
    save_into_mod(&mut draft, &scratch.0, "m", "first", &[], Overwrite::Refuse)
        .expect("a first save");
    // `scenarios` is a plain file: no folder can be made there.
    let blocked = scratch.0.join("blocked");
    fs::create_dir_all(&blocked).expect("a folder");
    fs::copy(scratch.0.join("m").join(MANIFEST), blocked.join(MANIFEST)).expect("a manifest");
    fs::write(blocked.join("scenarios"), "old").expect("a file");
    let failed = save_into_mod(
        &mut draft,
        &scratch.0,
        "blocked",
        "x",
        &[],
        Overwrite::Refuse,
    );
    assert!(matches!(failed, Err(FileError::Io { .. })), "{failed:?}");
    assert_eq!(
        fs::read_to_string(blocked.join("scenarios")).expect("kept"),
        "old"
    );
    // The target is a folder with a file in it: the rename fails, the folder stays whole.
    let target = scratch.0.join("m/scenarios/second.ron");
    fs::create_dir_all(&target).expect("a folder");
    fs::write(target.join("keep.txt"), "kept").expect("a file");
    draft
        .apply(Edit::SetSetting(Setting::Name("Changed".into())))
        .expect("a name");
    let failed = save_into_mod(
        &mut draft,
        &scratch.0,
        "m",
        "second",
        &[],
        Overwrite::Allowed,
    );
    assert!(matches!(failed, Err(FileError::Io { .. })), "{failed:?}");
    assert_eq!(
        fs::read_to_string(target.join("keep.txt")).expect("kept"),
        "kept"
    );
    // The failed save is not a save, and left no temporary file beside the target.
    assert!(draft.changed_since_saved());
    let left: Vec<PathBuf> = fs::read_dir(scratch.0.join("m/scenarios"))
        .expect("the folder")
        .map(|e| e.expect("entry").path())
        .collect();
    assert_eq!(left.len(), 2, "{left:?}");
    // The first file is as it was.
    let first = mods::load_scenario_with_rules(&scratch.0.join("m/scenarios/first.ron"))
        .expect("still there")
        .0;
    assert_eq!(first.name, "Saved");
}

#[test]
fn comments_are_found_outside_strings_only() {
    assert!(has_comments("// a note\n(name: \"x\")"));
    assert!(has_comments("(name: \"x\", /* why */ turn_limit: 3)"));
    assert!(has_comments("(a: \"x\\\"\", // after an escaped quote\n)"));
    assert!(!has_comments("(name: \"http://x.org/*\")"));
    assert!(!has_comments("(c: '/', d: '/', e: '\\'', f: \"/\")"));
    assert!(!has_comments("(b: r#\"a \" // not a comment \"#, c: 1)"));
    assert!(!has_comments("(for: 1, bar: r\"//\")"));
    assert!(has_comments("(bar: 1) // r\"x\""));
    assert!(!has_comments("(half: 1.0 / 2)"));
    let bundled = fs::read_to_string(repo().join("scenarios/crashed_ship.ron")).expect("file");
    assert!(has_comments(&bundled));
    let text = scenario_text(small_draft().scenario()).expect("text");
    assert!(!has_comments(&text));
}

#[test]
fn saving_over_a_commented_file_is_announced_first() {
    let scratch = Scratch::new("comments");
    let mut draft = small_draft();
    save_into_mod(&mut draft, &scratch.0, "m", "a", &[], Overwrite::Refuse).expect("saved");
    let file = scratch.0.join("m/scenarios/a.ron");
    let text = fs::read_to_string(&file).expect("the file");
    fs::write(&file, format!("// my notes\n{text}")).expect("a hand edit");
    let target = save_target(&draft, &scratch.0, "m", "a", &[]).expect("a target");
    assert!(target.loses_comments);
    assert!(file_has_comments(&file));
    let other = save_target(&draft, &scratch.0, "m", "b", &[]).expect("a target");
    assert!(!other.loses_comments);
}

#[test]
fn a_new_mod_never_replaces_the_players_own_rule_files_without_asking() {
    // Seen twice: the colonial scenario saved into a folder that held the player's own
    // rules/troops.ron (and no mod.ron yet) replaced that file with the colonial copy.
    let scratch = Scratch::new("own-rules");
    let mine = scratch.0.join("mine");
    fs::create_dir_all(mine.join("rules")).expect("a folder");
    let own = "// my own troops\n(troops: {})\n";
    fs::write(mine.join("rules/troops.ron"), own).expect("the player's file");
    let colonial = repo().join("mods/colonial/scenarios/the_square.ron");
    let protected = bundled_folders();
    let mut draft = open_with_its_rules(&colonial, &protected).expect("it opens");
    let target = save_target(&draft, &scratch.0, "mine", "square", &protected).expect("where");
    assert!(target.new_mod);
    assert_eq!(target.replaces, vec![mine.join("rules/troops.ron")]);
    let refused = save_into_mod(
        &mut draft,
        &scratch.0,
        "mine",
        "square",
        &protected,
        Overwrite::Refuse,
    );
    match refused {
        Err(FileError::WouldReplace { files }) => {
            assert_eq!(files, vec![mine.join("rules/troops.ron")]);
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // Nothing was written: the player's file is whole, and no mod was made.
    assert_eq!(
        fs::read_to_string(mine.join("rules/troops.ron")).expect("kept"),
        own
    );
    assert!(!mine.join(MANIFEST).exists());
    assert!(!mine.join("scenarios").exists());
    assert!(!mine.join("rules/weapons.ron").exists());
    assert_eq!(
        draft.origin(),
        &Origin::Bundled {
            file: colonial.clone()
        }
    );
    // Told to replace it, the save goes ahead with the colonial rules.
    let saved = save_into_mod(
        &mut draft,
        &scratch.0,
        "mine",
        "square",
        &protected,
        Overwrite::Allowed,
    )
    .expect("saved when told to");
    assert_eq!(saved.file, mine.join("scenarios/square.ron"));
    assert_eq!(
        fs::read_to_string(mine.join("rules/troops.ron")).expect("the copy"),
        fs::read_to_string(repo().join("mods/colonial/rules/troops.ron")).expect("colonial")
    );
    // Saved again to its own file: nothing of another's is replaced, nothing is asked.
    let again = save(&mut draft, &protected, Overwrite::Refuse).expect("its own file");
    assert!(again.replaces.is_empty());
    // Another draft saved over that file is refused until told.
    let mut other = small_draft();
    assert!(matches!(
        save_into_mod(
            &mut other,
            &scratch.0,
            "mine",
            "square",
            &[],
            Overwrite::Refuse
        ),
        Err(FileError::WouldReplace { .. })
    ));
    let kept = mods::load_scenario_with_rules(&mine.join("scenarios/square.ron"))
        .expect("still the square")
        .0;
    assert_eq!(&kept, draft.scenario());
}

#[cfg(unix)]
#[test]
fn the_editor_never_writes_through_a_link_out_of_the_mod() {
    // A user mod whose `scenarios` folder is a link out of the mod: the editor wrote into
    // the outside folder, which `ambush check` then refused.
    let scratch = Scratch::new("link-out");
    let outside = scratch.0.join("outside");
    fs::create_dir_all(&outside).expect("a folder");
    let mods_root = scratch.0.join("mods");
    let mut draft = small_draft();
    save_into_mod(
        &mut draft,
        &mods_root,
        "linked",
        "first",
        &[],
        Overwrite::Refuse,
    )
    .expect("a first save makes the mod");
    let dir = mods_root.join("linked");
    for folder in [SCENARIOS_FOLDER, DRAFTS_FOLDER] {
        let _ = fs::remove_dir_all(dir.join(folder));
        std::os::unix::fs::symlink(&outside, dir.join(folder)).expect("a link");
    }
    for overwrite in [Overwrite::Refuse, Overwrite::Allowed] {
        let mut draft = small_draft();
        let refused = save_into_mod(&mut draft, &mods_root, "linked", "x", &[], overwrite);
        assert!(
            matches!(&refused, Err(FileError::LinkOut { dir: d, .. }) if *d == dir),
            "{refused:?}"
        );
        assert!(refused.is_err_and(|e| e.to_string().contains("outside the mod folder")));
    }
    // A folder with no mod.ron yet is refused before the mod is made.
    let fresh = mods_root.join("fresh");
    fs::create_dir_all(&fresh).expect("a folder");
    std::os::unix::fs::symlink(&outside, fresh.join(SCENARIOS_FOLDER)).expect("a link");
    let refused = save_into_mod(
        &mut draft,
        &mods_root,
        "fresh",
        "y",
        &[],
        Overwrite::Allowed,
    );
    assert!(
        matches!(refused, Err(FileError::LinkOut { .. })),
        "{refused:?}"
    );
    assert!(!fresh.join(MANIFEST).exists());
    assert_eq!(
        fs::read_dir(&outside).expect("the folder").count(),
        0,
        "nothing written outside the mod"
    );
}

#[test]
fn the_autosave_brings_back_the_last_edit() {
    // Issue 24: "a crash loses at most the last edit".
    let scratch = Scratch::new("autosave");
    assert!(
        find_autosave(&scratch.0)
            .expect("no file is no error")
            .is_none()
    );
    let mut draft = small_draft();
    draft
        .apply(Edit::SetSetting(Setting::Briefing("Hold on.".into())))
        .expect("a briefing");
    autosave(&draft, &scratch.0).expect("autosaved");
    let found = find_autosave(&scratch.0)
        .expect("it reads")
        .expect("it is there");
    assert_eq!(&found.scenario, draft.scenario());
    assert_eq!(found.origin, Origin::New);
    let back = Draft::recovered(found.scenario, draft.rules().clone(), found.origin);
    assert!(back.changed_since_saved());
    remove_autosave(&scratch.0).expect("removed");
    assert!(find_autosave(&scratch.0).expect("reads").is_none());
    remove_autosave(&scratch.0).expect("nothing to remove is fine");
    // A broken autosave is an error with its place, never a panic.
    fs::write(scratch.0.join(AUTOSAVE_FILE), "(origin: New, scen").expect("a file");
    assert!(matches!(find_autosave(&scratch.0), Err(FileError::Data(_))));
}
