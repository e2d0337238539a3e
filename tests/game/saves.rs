//! Save files over whole games: a save made at any point loads to the same table, log and decision; a replay repeats the recorded rolls; bad saves are refused without a panic; a killed writer leaves the last good file.

use crate::visibility::{full_table, play_as_the_ai};
use crate::{every_scenario, root};
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush::input::player_app;
use ambush::save::{SaveError, SaveFile, SaveSource, load_save, parse_save, replay_save, save_of};
use ambush_data::atomic::write_atomically;
use ambush_engine::control::Controllers;
use ambush_engine::play::hashing;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use std::path::{Path, PathBuf};

/// A save of the game in `app`, through its text, as a player's file would go.
fn save_now(app: &mut App, setup: &NewGame) -> SaveFile {
    let save = save_of(
        app.world().resource::<GameInPlay>(),
        setup,
        SaveSource::default(),
    );
    parse_save("test.ron", &save.to_ron()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_save_made_at_any_point_of_any_scenario_loads_to_the_same_game() {
    for (scenario, rules) in every_scenario() {
        for controllers in [Controllers::solo(), Controllers::hot_seat()] {
            let mut setup = NewGame::new(scenario.clone(), 5, 0);
            setup.controllers = controllers;
            let mut app = player_app(&setup, rules.clone());
            let mut last = None;
            let (mut saves, mut asked) = (0, 0);
            for frame in 0..3000 {
                app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
                app.update();
                let over = *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver;
                // Save now and then while a player is asked, and once the game is over.
                let awaiting = app.world().resource::<GameInPlay>().awaiting.0.clone();
                asked += usize::from(awaiting.is_some());
                if (awaiting.is_some() && asked % 9 == 1) || over {
                    let save = save_now(&mut app, &setup);
                    let back = replay_save("test.ron", save).unwrap_or_else(|e| {
                        panic!("{} ({controllers:?}), frame {frame}: {e}", scenario.name)
                    });
                    let here = full_table(&mut app);
                    let name = &scenario.name;
                    assert_eq!(
                        format!("{:?}", back.table),
                        format!("{here:?}"),
                        "{name}: table"
                    );
                    assert_eq!(
                        back.log,
                        app.world().resource::<GameInPlay>().dice.log,
                        "{name}: log"
                    );
                    if !over {
                        assert_eq!(back.awaiting, awaiting, "{name}: whose turn");
                    }
                    saves += 1;
                }
                if over {
                    break;
                }
                let full = full_table(&mut app);
                play_as_the_ai(&mut app, &full, &rules, &mut last);
            }
            assert!(saves >= 2, "{}: saved {saves} times", scenario.name);
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ambush-saves-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A finished AI game's save, as text.
fn a_save_text() -> String {
    let (scenario, rules) = every_scenario()
        .into_iter()
        .find(|(s, _)| s.name == "The Crashed Ship")
        .expect("the crashed ship");
    let (_, save) = ambush::batch::play_saved_game(
        &scenario,
        rules,
        3,
        0,
        Controllers::all_ai(),
        None,
        SaveSource::default(),
    );
    save.to_ron()
}

fn load_text(dir: &Path, text: &str) -> Result<ambush::save::Replayed, SaveError> {
    let path = dir.join("edited.ron");
    std::fs::write(&path, text).expect("written");
    load_save(&path)
}

#[test]
fn bad_saves_are_refused_with_their_place_and_never_half_loaded() {
    let dir = scratch("bad");
    let good = a_save_text();
    assert!(load_text(&dir, &good).is_ok());
    // Truncated: an error at the end of what is there.
    let SaveError::Data(e) = load_text(&dir, &good[..good.len() / 2]).unwrap_err() else {
        panic!("a parse error");
    };
    assert!(e.line > 1, "{e}");
    // From a newer game.
    let newer = good.replacen(
        &format!("version: {},", ambush::save::SAVE_VERSION),
        "version: 9,",
        1,
    );
    let e = load_text(&dir, &newer).unwrap_err().to_string();
    assert!(e.contains("newer game") && e.contains(":3:"), "{e}");
    // A misspelled field, at its line.
    let typo = good.replacen("seed: 3,", "sead: 3,", 1);
    let e = load_text(&dir, &typo).unwrap_err().to_string();
    assert!(e.contains("sead"), "{e}");
    // An edited order: the rules still accept it, but the table it leads to is not the one
    // recorded, so nothing is loaded.
    let first_to = good.find("to: (").expect("a move");
    let edited = format!(
        "{}to: (33.0, 4.0{}",
        &good[..first_to],
        &good[first_to + 20..]
    );
    match load_text(&dir, &edited) {
        Err(SaveError::Replay { why, .. }) => assert!(why.contains("order 1"), "{why}"),
        other => panic!("expected a replay error, got {other:?}"),
    }
    // An edited hash: its version kept, its digits changed.
    let at = good.find("hash: \"v2:").expect("a hash") + 10;
    let rehashed = format!("{}0000000000000000{}", &good[..at], &good[at + 16..]);
    assert_eq!(rehashed.len(), good.len());
    assert!(matches!(
        load_text(&dir, &rehashed),
        Err(SaveError::Replay { .. })
    ));
    // An embedded scenario broken by hand: refused at its place in the save.
    let broken = good.replacen("turn_limit: 20,", "turn_limit: 0,", 1);
    let e = load_text(&dir, &broken).unwrap_err().to_string();
    assert!(e.contains("turn_limit"), "{e}");
    // A save naming a mod that is not installed still loads: it carries its own tables.
    let foreign = good.replacen("mod_name: None,", "mod_name: Some(\"Gone\"),", 1);
    assert!(load_text(&dir, &foreign).is_ok());
    // Issue 37: "name, briefing and `turn_limit` (20 → 500) changed in a finished game's save
    // replay as \"ok\"": the settings the rules read are hashed; the name and briefing are the
    // player's to edit.
    let longer = good.replacen("turn_limit: 20,", "turn_limit: 500,", 1);
    assert_ne!(longer, good);
    match load_text(&dir, &longer) {
        Err(SaveError::Replay { why, .. }) => assert!(why.contains("settings"), "{why}"),
        other => panic!("expected the changed settings refused, got {other:?}"),
    }
    let renamed = good
        .replacen("name: \"The Crashed Ship\"", "name: \"My Ship\"", 1)
        .replacen("briefing: \"", "briefing: \"Edited. ", 1);
    assert_ne!(renamed, good);
    assert!(load_text(&dir, &renamed).is_ok());
    // A save written before settings were hashed loads as before.
    let start = good.find("settings: Some(").expect("the settings hash");
    let end = start + good[start..].find('\n').expect("a line");
    let older = format!("{}{}", &good[..start], &good[end + 1..]);
    assert!(
        load_text(
            &dir,
            &older.replacen("turn_limit: 20,", "turn_limit: 500,", 1)
        )
        .is_ok()
    );
    // Not a save at all.
    assert!(load_text(&dir, "\u{0}\u{1}garbage").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_format_1_save_is_migrated_and_replays() {
    let r = load_save(&root().join("tests/fixtures/save_v1.ron")).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.save.version, ambush::save::SAVE_VERSION);
    assert_eq!(
        r.save.source.file.as_deref(),
        Some("scenarios/crashed_ship.ron")
    );
    assert!(r.save.summary.finished);
    // The replay fills in what format 1 did not keep: the rolls after each order.
    assert!(r.save.orders.iter().any(|o| o.rolls_before > 0));
    assert!(r.save.orders.last().map_or(0, |o| o.rolls_before) <= r.log.len());
}

#[test]
fn a_format_2_save_with_its_first_hashes_loads_and_replays() {
    let path = root().join("tests/fixtures/save_v2.ron");
    let text = std::fs::read_to_string(&path).expect("the fixture");
    assert!(text.contains("version: 2,"));
    let r = load_save(&path).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(r.save.version, ambush::save::SAVE_VERSION);
    assert!(r.save.summary.finished);
    // Its orders keep the hashes they were written with, the first version's.
    assert!(!r.save.orders.is_empty());
    for o in &r.save.orders {
        assert_eq!(hashing::version_of(&o.hash), Some(1), "{}", o.hash);
    }
    // Under water: the environment's hold on the units was in its hashes.
    assert!(r.save.scenario.environment.is_some());
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(48))]
    #[test]
    fn random_byte_edits_never_panic_the_loader(
        edits in proptest::collection::vec((0usize..30_000, proptest::prelude::any::<u8>()), 1..6)
    ) {
        let mut bytes = SAVE_TEXT.with(|t| t.clone()).into_bytes();
        for (at, b) in edits {
            let i = at % bytes.len();
            bytes[i] = b;
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        // Whatever the bytes, the loader answers: a game or an error, never a panic.
        if let Ok(save) = parse_save("fuzzed.ron", &text) {
            let _ = replay_save("fuzzed.ron", save);
        }
    }
}

thread_local! {
    static SAVE_TEXT: String = a_save_text();
}

/// The child's part of the kill test: write saves of two sizes over one file, forever.
fn keep_writing(path: &Path) -> ! {
    let text = a_save_text();
    let short = {
        let (scenario, rules) = every_scenario().swap_remove(0);
        let setup = NewGame::new(scenario, 1, 0);
        let mut app = ambush::game::headless_app(&setup, rules.clone());
        app.update();
        save_of(
            app.world().resource::<GameInPlay>(),
            &setup,
            SaveSource::default(),
        )
        .to_ron()
    };
    loop {
        for t in [&text, &short] {
            write_atomically(path, t).expect("a write");
        }
    }
}

#[test]
fn a_writer_killed_mid_save_leaves_the_last_good_autosave() {
    if let Some(path) = std::env::var_os("AMBUSH_TEST_SAVE_WRITER") {
        keep_writing(Path::new(&path));
    }
    let dir = scratch("kill");
    let path = dir.join("autosave.ron");
    let me = std::env::current_exe().expect("the test binary");
    for round in 0..4u64 {
        let mut child = std::process::Command::new(&me)
            .args([
                "--exact",
                "saves::a_writer_killed_mid_save_leaves_the_last_good_autosave",
                "--nocapture",
            ])
            .env("AMBUSH_TEST_SAVE_WRITER", &path)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("the writer starts");
        // Let it write for a while, then kill it without warning (SIGKILL on Unix).
        std::thread::sleep(std::time::Duration::from_millis(700 + round * 171));
        child.kill().expect("killed");
        child.wait().expect("reaped");
        let loaded = load_save(&path).unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert!(!loaded.save.summary.scenario.is_empty());
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_order_can_be_taken_back_until_a_die_is_rolled_and_not_beyond() {
    use ambush::game::start::start_game;
    use ambush_data::board::Side;
    use ambush_engine::play::record::{ReplayQueue, take_back_point};
    let (scenario, rules) = every_scenario()
        .into_iter()
        .find(|(s, _)| s.name == "The Crashed Ship")
        .expect("the crashed ship");
    let mut setup = NewGame::new(scenario, 9, 0);
    setup.controllers = Controllers::solo();
    let mut app = player_app(&setup, rules.clone());
    // The table just before each of the player's orders, by the order's place in the record.
    let mut before: Vec<(usize, String, usize)> = Vec::new();
    let (mut taken_back, mut refused) = (0, 0);
    let mut last = None;
    for _ in 0..3000 {
        app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            break;
        }
        let Some(d) = app.world().resource::<GameInPlay>().awaiting.0.clone() else {
            continue;
        };
        assert_eq!(d.side(), Side::Humans);
        let rolls = app.world().resource::<GameInPlay>().dice.log.len();
        let record = app.world().resource::<GameInPlay>().record.clone();
        match take_back_point(&record, rolls, |s| s == Side::Humans) {
            Some(k) if taken_back < 3 => {
                // Taking it back restores the table as it stood before that order.
                let (_, table, log) = before
                    .iter()
                    .find(|(at, _, _)| *at == k)
                    .cloned()
                    .expect("the player gave that order");
                start_game(app.world_mut(), &setup, rules.clone());
                app.world_mut().resource_mut::<GameInPlay>().replay =
                    ReplayQueue::of(record.orders[..k].to_vec());
                for _ in 0..50 {
                    app.update();
                    if app.world().resource::<GameInPlay>().awaiting.0.is_some() {
                        break;
                    }
                }
                assert_eq!(format!("{:?}", full_table(&mut app)), table, "taken back");
                assert_eq!(app.world().resource::<GameInPlay>().dice.log.len(), log);
                before.retain(|(at, _, _)| *at < k);
                taken_back += 1;
                continue;
            }
            Some(_) => {}
            None => {
                // Refused only because a die was rolled since the player's last order.
                if let Some(i) = record.orders.iter().rposition(|o| o.side == Side::Humans) {
                    assert!(record.orders[i].rolls_before < rolls);
                    refused += 1;
                }
            }
        }
        let here = format!("{:?}", full_table(&mut app));
        before.push((record.orders.len(), here, rolls));
        let full = full_table(&mut app);
        play_as_the_ai(&mut app, &full, &rules, &mut last);
    }
    assert!(taken_back >= 1, "an order was taken back");
    assert!(refused >= 1, "a roll stopped a take-back");
}

#[test]
fn the_viewer_of_a_finished_game_reveals_everything_and_an_unfinished_one_nothing_more() {
    // Issue 11: "In hot-seat, a replay of a finished game shows everything, hidden units
    // included" - and only then: a game still being played keeps its secrets.
    use ambush::game::visibility::PlayerView;
    use ambush_data::board::Side;
    use ambush_engine::play::record::ReplayQueue;
    let (scenario, rules) = every_scenario()
        .into_iter()
        .find(|(s, _)| s.name == "Jungle Patrol")
        .expect("jungle patrol");
    let mut setup = NewGame::new(scenario, 1, 0);
    setup.controllers = Controllers::hot_seat();
    for reveal in [false, true] {
        let mut app = player_app(&setup, rules.clone());
        app.world_mut().resource_mut::<GameInPlay>().replay = ReplayQueue {
            hold_after: true,
            reveal,
            ..ReplayQueue::default()
        };
        // The first frame, one approach turn in it: the ambush not yet revealed.
        app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
        app.update();
        let full = full_table(&mut app);
        assert!(!ambush_engine::visibility::ambush_revealed(&full.progress));
        let view = app.world().resource::<PlayerView>();
        let expected = if reveal { None } else { Some(Side::Humans) };
        assert_eq!(view.dark, expected, "reveal {reveal}");
    }
}

#[test]
fn a_run_away_at_the_end_of_the_turn_is_recorded_and_replayed_as_any_other_order() {
    // 000's third unit runs away "at the end of the unit": its step's orders (a move, then the
    // pass) are kept with the table's hash after each, as every order is, so a save, a replay
    // and a game by file (which replays each message's orders) give them again. Cut before the
    // run, the replay waits on the marines' run-away decision, as a player would be asked.
    use ambush_data::board::Side;
    use ambush_engine::rules::orders::{Decision, Order};
    let (scenario, rules) = every_scenario()
        .into_iter()
        .find(|(s, _)| s.name == "Jungle Patrol")
        .expect("jungle patrol");
    let mut checked = false;
    for seed in 1..9 {
        let (result, save) = ambush::batch::play_saved_game(
            &scenario,
            rules.clone(),
            seed,
            0,
            Controllers::all_ai(),
            None,
            SaveSource::default(),
        );
        // A marine's move followed, in the same turn, by the marines' end of running away.
        let run = save.orders.windows(2).position(|w| {
            w[0].side == Side::Humans
                && matches!(w[0].order, Order::Move { .. })
                && w[1].order == Order::EndRunAway
                && w[0].turn == w[1].turn
        });
        let Some(k) = run else { continue };
        let text = save.to_ron();
        let back = replay_save("run.ron", parse_save("run.ron", &text).expect("reads"))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(back.log, result.log, "seed {seed}: the same rolls");
        assert_eq!(back.phase, Phase::GameOver);
        let mut cut = parse_save("run.ron", &text).expect("reads");
        cut.orders.truncate(k);
        cut.controllers = Controllers::hot_seat();
        let at = replay_save("cut.ron", cut).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(at.phase, Phase::RunAway, "seed {seed}");
        assert_eq!(
            at.awaiting,
            Some(Decision::RunAway { side: Side::Humans }),
            "seed {seed}"
        );
        checked = true;
        break;
    }
    assert!(checked, "some game ran a marine away");
}
