//! The `ambush` command line: simulate's JSON, roll log and comparison, check, and bad arguments.

use crate::root;
use std::process::Command;

fn ambush(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_ambush"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the ambush binary runs")
}

#[test]
fn simulate_json_has_every_field() {
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--games",
        "16",
        "--seed",
        "7",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    for key in [
        "scenario",
        "games",
        "seed",
        "marine_wins",
        "alien_wins",
        "draws",
        "humans_ai",
        "aliens_ai",
        "marine_casualties",
        "turns",
        "aliens_killed",
        "waves",
        "elapsed_s",
        "games_per_s",
    ] {
        assert!(v.get(key).is_some(), "missing {key}");
    }
    assert_eq!(v["games"], 16);
    let wins = v["marine_wins"].as_u64().unwrap()
        + v["alien_wins"].as_u64().unwrap()
        + v["draws"].as_u64().unwrap();
    assert_eq!(wins, 16);
    let hist: u64 = v["marine_casualties"]["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(hist, 16);
    assert!(v["turns"]["mean"].as_f64().unwrap() >= 3.0);
}

/// 001's solo rules give the aliens the "random monster"; a scenario's `alien_player: Commander`
/// gives them the normal commander instead, in `simulate` as in solo play: the same games, roll
/// for roll, as `--aliens normal` on the scenario without the field, and the summary names it.
#[test]
fn simulate_gives_the_aliens_the_player_the_scenario_names() {
    let dir = std::env::temp_dir().join(format!("ambush-cli-alien-player-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let written = std::fs::read_to_string(root().join("scenarios/crashed_ship.ron")).unwrap();
    let field = "    turn_limit: 20,\n";
    assert!(written.contains(field), "the crashed ship's turn limit");
    let variant = dir.join("commanded_aliens.ron");
    let text = written.replacen(field, &format!("{field}    alien_player: Commander,\n"), 1);
    std::fs::write(&variant, text).unwrap();
    let run = |file: &str, aliens: Option<&str>, log: &str| {
        let log = dir.join(log);
        let mut args = vec![
            "simulate",
            "--scenario",
            file,
            "--games",
            "3",
            "--seed",
            "5",
            "--json",
            "--roll-log",
            log.to_str().unwrap(),
        ];
        args.extend(aliens.iter().flat_map(|level| ["--aliens", level]));
        let out = ambush(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
        let players = (v["humans_ai"].clone(), v["aliens_ai"].clone());
        (players, std::fs::read(log).unwrap())
    };
    let original = "scenarios/crashed_ship.ron";
    let (commanded, commanded_log) = run(variant.to_str().unwrap(), None, "commanded.jsonl");
    let (levelled, levelled_log) = run(original, Some("normal"), "levelled.jsonl");
    let (monster, monster_log) = run(original, None, "monster.jsonl");
    assert_eq!(commanded.0, "the crashed-ship script");
    assert_eq!(commanded.1, "the normal commander");
    assert_eq!(commanded, levelled);
    assert_eq!(
        monster.1, "the random monster (the rules as written)",
        "a scenario without the field keeps 001's aliens"
    );
    assert!(!commanded_log.is_empty());
    assert!(commanded_log == levelled_log, "the commander's games");
    assert!(commanded_log != monster_log, "not the random monster's");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn roll_log_is_the_same_whatever_the_thread_count() {
    let dir = std::env::temp_dir().join(format!("ambush-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |threads: &str, name: &str| {
        let path = dir.join(name);
        let out = ambush(&[
            "simulate",
            "--scenario",
            "scenarios/crashed_ship.ron",
            "--games",
            "6",
            "--seed",
            "11",
            "--threads",
            threads,
            "--roll-log",
            path.to_str().unwrap(),
            "--wounds",
            "sudden-death",
        ]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        std::fs::read(path).unwrap()
    };
    let one = run("1", "one.jsonl");
    let two = run("2", "two.jsonl");
    assert_eq!(one, two);
    let first: serde_json::Value =
        serde_json::from_slice(one.split(|b| *b == b'\n').next().unwrap()).unwrap();
    let keys: Vec<&str> = first
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    for key in [
        "game",
        "turn",
        "phase",
        "kind",
        "actor",
        "target",
        "dice",
        "rolls",
        "modifiers",
        "total",
        "need",
        "success",
        "card",
        "effect",
    ] {
        assert!(keys.contains(&key), "missing {key}");
    }
    let text = String::from_utf8(one).unwrap();
    assert!(text.contains("\"kind\":\"to_hit\""));
    assert!(text.lines().all(|l| l.starts_with("{\"game\":")));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_arguments_exit_2_with_a_message() {
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--games",
        "0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(!out.stderr.is_empty());
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--wounds",
        "lots",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let out = ambush(&["simulate", "--scenario", "no/such/file.ron"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.ron"));
}

#[test]
fn check_reports_file_line_and_field() {
    let dir = std::env::temp_dir().join(format!("ambush-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(root().join("scenarios/crashed_ship.ron")).unwrap();
    let bad = good.replacen("troop: Infantry", "troop: Infantery", 1);
    let path = dir.join("bad.ron");
    std::fs::write(&path, bad).unwrap();
    let out = ambush(&[
        "check",
        "scenarios/crashed_ship.ron",
        path.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.ron:"), "{err}");
    assert!(err.contains("Infantery"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn check_reads_every_mod_folder_and_simulate_plays_a_mod_scenario_with_its_rules() {
    // `ambush check mods/*` is clean: manifest, merged tables and every scenario.
    let out = ambush(&["check", "mods/colonial"]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("tables merged, 2 scenarios"), "{said}");
    assert!(said.contains("the_square.ron: ok"), "{said}");
    // A mod's scenario needs its mod's troop types: simulate finds them.
    let out = ambush(&[
        "simulate",
        "--scenario",
        "mods/colonial/scenarios/the_square.ron",
        "--games",
        "4",
    ]);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.contains("colonials won"), "{said}");
    assert!(said.contains("warriors killed"), "{said}");
}

#[test]
fn check_names_the_file_line_and_column_of_a_broken_mod_copied_anywhere() {
    let dir = colonial_copy("mod");
    let path = dir.display().to_string();
    let out = ambush(&["check", &path]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // A misspelled troop type in the copy: its scenario fails at its line, the mod still loads.
    let file = dir.join("scenarios/the_square.ron");
    let text = std::fs::read_to_string(&file).expect("the copy");
    std::fs::write(
        &file,
        text.replacen("troop: Colonial,", "troop: Colonel,", 1),
    )
    .expect("edit");
    let out = ambush(&["check", &path]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("the_square.ron:"), "{err}");
    assert!(err.contains("Colonel"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_of_a_simulated_save_writes_the_roll_log_it_recorded() {
    let dir = std::env::temp_dir().join(format!("ambush-cli-save-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    let (save, first, again) = (dir.join("g.ron"), dir.join("a.jsonl"), dir.join("b.jsonl"));
    let path = |p: &std::path::Path| p.display().to_string();
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/night_raid.ron",
        "--games",
        "1",
        "--seed",
        "4",
        "--save",
        &path(&save),
        "--roll-log",
        &path(&first),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = ambush(&["replay", &path(&save), "--roll-log", &path(&again)]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (a, b) = (
        std::fs::read(&first).expect("the recorded log"),
        std::fs::read(&again).expect("the replayed log"),
    );
    assert!(!a.is_empty());
    assert!(
        a == b,
        "the replay's roll log differs from the recorded one"
    );
    // --save writes one game.
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/night_raid.ron",
        "--games",
        "2",
        "--save",
        &path(&save),
    ]);
    assert_eq!(out.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_prints_the_variants_side_by_side_and_refuses_a_bad_item() {
    let dir = std::env::temp_dir().join(format!("ambush-compare-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let plot = dir.join("compare.svg");
    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--games",
        "20",
        "--compare",
        "degradation,sudden-death",
        "--plot",
        plot.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("The Crashed Ship — 20 games a variant"),
        "{text}"
    );
    // The variants are the columns, in the order given.
    let header: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(header, ["degradation", "sudden-death"], "{text}");
    for row in [
        "games",
        "marines won",
        "aliens won",
        "draws",
        "marine casualties (mean)",
        "turns (mean)",
        "games/s",
    ] {
        let line = lines
            .iter()
            .find(|l| l.starts_with(row))
            .unwrap_or_else(|| panic!("no {row} row in {text}"));
        // A share or mean for each variant, with its interval where it has one.
        if row.ends_with("won") || row == "draws" || row.starts_with("marine casualties") {
            assert_eq!(line.matches('–').count(), 2, "{line}");
        }
    }
    assert!(
        lines
            .iter()
            .any(|l| l.split_whitespace().collect::<Vec<_>>() == ["games", "20", "20"])
    );
    let svg = std::fs::read_to_string(&plot).unwrap();
    assert!(svg.contains("The Crashed Ship: marine casualties, 20 games a variant"));
    let _ = std::fs::remove_dir_all(&dir);

    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--games",
        "4",
        "--compare",
        "degradation,scenarios/crashed_ship.ron@sudden-death",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON array");
    let variants = v.as_array().unwrap();
    assert_eq!(variants.len(), 2);
    assert_eq!(variants[1]["variant"], "crashed_ship@sudden-death");
    assert_eq!(variants[1]["wounds"], "sudden-death");
    let ci = &variants[0]["ci95"]["marine_wins"];
    assert!(ci["low"].as_f64().unwrap() <= ci["high"].as_f64().unwrap());

    let out = ambush(&[
        "simulate",
        "--scenario",
        "scenarios/crashed_ship.ron",
        "--compare",
        "degradation,sudden",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("`sudden` is neither a wound method"));
}

#[test]
fn a_strangers_names_reach_the_terminal_without_escape_sequences() {
    // A scenario's name is a stranger's text: an escape sequence in it must not recolour or
    // rewrite the terminal of whoever checks or simulates it.
    let dir = std::env::temp_dir().join(format!("ambush-cli-escape-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = std::fs::read_to_string(root().join("scenarios/crashed_ship.ron")).unwrap();
    let bad = good.replacen(
        "name: \"The Crashed Ship\"",
        "name: \"The \\u{1b}[2J\\u{1b}[31mCrashed Ship\"",
        1,
    );
    assert_ne!(good, bad, "the test edits the name");
    let path = dir.join("escape.ron");
    std::fs::write(&path, bad).unwrap();
    let file = path.to_str().unwrap();
    for args in [
        vec!["check", file],
        vec!["simulate", "--scenario", file, "--games", "2"],
    ] {
        let out = ambush(&args);
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        let shown = String::from_utf8_lossy(&out.stdout);
        assert!(!shown.contains('\u{1b}'), "{args:?}: {shown:?}");
        assert!(shown.contains("Crashed Ship"), "{args:?}: {shown}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A copy of the colonial mod in a fresh folder named `name`.
fn colonial_copy(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ambush-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for f in [
        "mod.ron",
        "rules/terms.ron",
        "rules/generation.ron",
        "rules/troops.ron",
        "rules/weapons.ron",
        "scenarios/the_square.ron",
    ] {
        let to = dir.join(f);
        std::fs::create_dir_all(to.parent().expect("a folder")).expect("folders");
        std::fs::copy(root().join("mods/colonial").join(f), to).expect("a copy");
    }
    dir
}

#[test]
fn a_scenario_named_on_the_command_line_keeps_to_its_mods_folder() {
    // Checking the folder refuses a link out of it; naming the link on the command line must too.
    let dir = colonial_copy("link");
    let outside = dir.with_extension("outside.ron");
    std::fs::copy(dir.join("scenarios/the_square.ron"), &outside).expect("a file outside");
    let link = dir.join("scenarios/elsewhere.ron");
    std::os::unix::fs::symlink(&outside, &link).expect("a link");
    for args in [
        vec!["check", link.to_str().unwrap()],
        vec![
            "simulate",
            "--scenario",
            link.to_str().unwrap(),
            "--games",
            "1",
        ],
    ] {
        let out = ambush(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{args:?}: {err}");
        assert!(err.contains("outside the mod folder"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_file(&outside);
}

#[test]
fn a_pipe_or_a_device_where_a_data_file_should_be_is_refused_at_once() {
    // A named pipe would block a read for ever and `/dev/zero` never ends: only regular files are
    // read, and a read stops at the size limit whatever the file says of itself.
    let dir = colonial_copy("pipe");
    let pipe = dir.join("scenarios/pipe.ron");
    let made = Command::new("mkfifo").arg(&pipe).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a named pipe");
    let out = ambush(&["check", pipe.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let out = ambush(&["replay", "/dev/zero"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    let out = ambush(&["check", dir.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("pipe.ron"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn settings_files_that_are_pipes_fall_back_to_the_defaults_at_once() {
    // The bindings and display files are the player's, but a pipe or a device in their place
    // must not hang the window's start: they are read as every data file is.
    let dir = std::env::temp_dir().join(format!("ambush-cli-settings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pipe = dir.join("bindings.ron");
    assert!(
        Command::new("mkfifo")
            .arg(&pipe)
            .status()
            .is_ok_and(|s| s.success())
    );
    let (bindings, source) = ambush::input::actions::load_bindings(Some(&pipe));
    assert_eq!(bindings, ambush::input::Bindings::default());
    let problem = source.problem.expect("the pipe is reported");
    assert!(problem.contains("not a regular file"), "{problem}");
    let display = ambush::view::DisplaySettings::load(Some(&pipe));
    assert_eq!(display, ambush::view::DisplaySettings::default());
    let _ = std::fs::remove_dir_all(&dir);
}
