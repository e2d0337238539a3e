//! Hidden information over whole hot-seat ambush games: until the ambush is revealed, nothing the column's player can read names a hidden unit or where it stands.

use crate::scenario;
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush::game::visibility::PlayerView;
use ambush::input::Selection;
use ambush::remote::sealed::SealedView;
use ambush::ui::{OverlayFrame, RollLogView, draw, units_named};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::{AiPlayer, Controllers};
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::log::{RollEntry, RollKind};
use ambush_engine::rules::orders::{Decision, passing_order};
use ambush_engine::rules::table::{Table, UnitId};
use ambush_engine::rules::turn::Phase;
use ambush_engine::visibility::ambush_revealed;
use ambush_engine::visibility::as_seen_by;
use bevy::prelude::*;
use bevy_egui::egui;
use std::sync::Arc;

/// The whole table, as the rules hold it (what no player's screen reads).
pub fn full_table(app: &mut App) -> Table {
    app.world().resource::<GameInPlay>().table.clone()
}

/// Every piece of text the overlay draws: shapes nested in shapes included.
fn texts(shape: &egui::Shape, out: &mut Vec<String>) {
    match shape {
        egui::Shape::Text(t) => out.push(t.galley.text().to_string()),
        egui::Shape::Vec(v) => v.iter().for_each(|s| texts(s, out)),
        _ => {}
    }
}

/// Whether `text` names `label` as a word (so "A1" is not found inside "A12").
fn names(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + label.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric()) && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

/// The overlay's text as the player at the screen sees it, with the inspector open on `inspect`.
pub fn overlay_text(app: &App, inspect: Option<UnitId>) -> Vec<String> {
    let w = app.world();
    let view = w.resource::<PlayerView>();
    let dice = &w.resource::<GameInPlay>().dice;
    let log: Vec<&RollEntry> = dice.log.iter().filter_map(|e| view.read(e)).collect();
    let selection = Selection {
        hover: inspect,
        ..Selection::default()
    };
    let frame = OverlayFrame::from_world(w, &log, &selection);
    let ctx = egui::Context::default();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1440.0, 900.0),
        )),
        ..Default::default()
    };
    let (mut log_view, mut help) = (RollLogView::default(), true);
    let mut out = ctx.run_ui(input, |ui| {
        draw(ui.ctx(), &frame, &mut log_view, &mut help, &mut None);
    });
    // No renderer takes the font atlas here.
    out.textures_delta.clear();
    let mut found = Vec::new();
    for clipped in &out.shapes {
        texts(&clipped.shape, &mut found);
    }
    found
}

/// Checks everything the column's player can read while something is hidden from it: before the
/// ambush is sprung, every ambusher; after it, every ambusher still under a counter.
///
/// `overlay` also draws the overlay, once plain and once inspecting each hidden unit: the
/// costly part, which the games below do on every frame before the spring and on every eighth
/// after it.
fn nothing_hidden_shows(
    app: &App,
    full: &Table,
    (column, file): (Side, &str),
    overlay: bool,
    shown_before: &mut Option<SealedView>,
) {
    let view = app.world().resource::<PlayerView>();
    assert_eq!(
        view.dark,
        Some(column),
        "{file}: the column is kept in the dark"
    );
    let spec = full
        .config
        .scenario
        .ambush
        .as_ref()
        .expect("an ambush scenario");
    let before = !ambush_revealed(&full.progress);
    let hidden: Vec<&ambush_engine::rules::table::Unit> = full
        .units
        .iter()
        .filter(|u| u.side != column && (before || u.status.hidden))
        .collect();
    let mut labels: Vec<String> = hidden.iter().map(|u| u.label.to_string()).collect();
    if before {
        labels.extend(
            spec.units
                .iter()
                .filter(|u| u.side != column)
                .map(|u| u.label.clone()),
        );
    }
    let seen = view.table.as_ref().expect("the player's table");
    // The snapshot: no hidden unit, nothing standing where one stands, no set-up secrets.
    for u in &seen.units {
        assert!(
            !hidden.iter().any(|h| h.id == u.id),
            "{file}: {} shows",
            u.label
        );
        assert!(
            !hidden.iter().any(|h| h.base.center == u.base.center),
            "{file}: a base stands where a hidden unit is"
        );
    }
    let seen_spec = seen.config.scenario.ambush.as_ref().expect("the ambush");
    assert!(seen_spec.units.iter().all(|u| u.side == column), "{file}");
    assert!(seen_spec.dummies.is_empty(), "{file}: dummies' places");
    assert_eq!(seen_spec.spring_at, None, "{file}: the spring point");
    // The counters: all alike, where the whole table has them.
    if let Some(a) = &seen.progress.approach {
        assert!(a.counters.iter().all(|c| c.unit.is_none()), "{file}");
        assert_eq!(a.spring_at, 0.0, "{file}: the spring point");
        let real = full.progress.approach.as_ref().expect("the approach");
        assert_eq!(a.counters.len(), real.counters.len(), "{file}");
    }
    let counters = &seen.progress.counters;
    assert!(counters.iter().all(|c| c.unit.is_none()), "{file}");
    assert_eq!(counters.len(), full.progress.counters.len(), "{file}");
    // The log view, and the units a click on any of its entries would highlight.
    let game = app.world().resource::<GameInPlay>();
    let read: Vec<&RollEntry> = game.dice.log.iter().filter_map(|e| view.read(e)).collect();
    nothing_hidden_read(&read, &labels, full, file);
    for e in &read {
        let named: Vec<String> = e.actor.iter().chain(e.target.iter()).cloned().collect();
        for id in units_named(seen, &named) {
            assert!(!hidden.iter().any(|h| h.id == id), "{file}: highlight");
        }
    }
    // By file, the column is sent what the same filter lets through: the table and the log.
    let sent = SealedView::of(game, column, 0, false, &[]);
    // And what it can check of each on receipt holds of every honest one.
    if let Some(before) = shown_before.as_ref() {
        let since = SealedView::of(game, column, before.log.len(), false, &[]);
        if let Err(why) = since.check_on_receipt(&before.units, column) {
            panic!("{file}: an honest view fails its check on receipt: {why}");
        }
    }
    for u in &sent.units {
        assert!(
            !hidden.iter().any(|h| h.id == u.id),
            "{file}: {} is sent",
            u.label
        );
    }
    assert!(
        sent.progress.counters.iter().all(|c| c.unit.is_none()),
        "{file}: a counter sent with its unit"
    );
    let sent_log: Vec<&RollEntry> = sent.log.iter().collect();
    assert_eq!(sent_log, read, "{file}: by file and hot-seat read one log");
    *shown_before = Some(sent);
    // The overlay (status bar, orders, log, help) and the inspector pointed at a hidden unit.
    if !overlay {
        return;
    }
    for inspect in std::iter::once(None).chain(hidden.iter().map(|h| Some(h.id))) {
        for text in overlay_text(app, inspect) {
            for label in &labels {
                assert!(
                    !names(&text, label),
                    "{file}: the overlay shows {label}: {text}"
                );
            }
        }
    }
}

/// Checks the log entries the column's player reads while ambushers hide: none names a hidden
/// unit (`labels`); none names a counter still standing but a spotting roll (which looks at
/// the nearest, as the column can work out itself), so no roll tells a real counter from a
/// dummy; a perception roll against a hidden ambusher shows neither it, nor the number needed,
/// nor the dice (which bound its INT); and "no surprise" gives no distance.
fn nothing_hidden_read(read: &[&RollEntry], labels: &[String], full: &Table, file: &str) {
    let counters: Vec<&str> = full
        .progress
        .counters
        .iter()
        .map(|c| c.name.as_str())
        .collect();
    for e in read {
        let text = format!("{:?} {:?} {}", e.actor, e.target, e.effect);
        for label in labels {
            assert!(!names(&text, label), "{file}: the log names {label}: {e:?}");
        }
        if e.kind != RollKind::Spotting {
            for c in &counters {
                assert!(!names(&text, c), "{file}: the log names {c}: {e:?}");
            }
        }
        if e.kind == RollKind::Perception && e.target.is_none() {
            assert_eq!(
                (e.need, e.rolls.len()),
                (None, 0),
                "{file}: a perception roll against a hidden ambusher: {e:?}"
            );
        }
        if e.kind == RollKind::SurpriseCheck && e.dice == "none" {
            assert!(
                !e.effect.chars().any(|c| c.is_ascii_digit()),
                "{file}: why nobody was surprised gives a distance: {e:?}"
            );
        }
    }
}

/// The player whose turn it is gives the order the AI would; if the rules refused it (the same
/// decision is still open), the player passes, as the AI's driver does.
pub fn play_as_the_ai(app: &mut App, full: &Table, rules: &Rules, last: &mut Option<Decision>) {
    let Some(d) = app.world().resource::<GameInPlay>().awaiting.0.clone() else {
        return;
    };
    let ai = match d.side() {
        Side::Humans => AiPlayer::Marines,
        Side::Aliens => AiPlayer::Aliens,
    };
    let order = if last.as_ref() == Some(&d) {
        passing_order(&d)
    } else {
        // The game's own memos: nobody else decides for these sides.
        let memos = &app.world().resource::<GameInPlay>().ai_memos;
        ai.decide(&as_seen_by(full, d.side()), rules, &d, memos)
    };
    *last = Some(d.clone());
    app.world_mut()
        .resource_mut::<GameInPlay>()
        .pending
        .push(d.side(), order);
}

/// Plays `file` hot-seat to its end, both players' orders coming from the AI's choices, and
/// checks every frame before the ambush is sprung, and every frame after it while counters are
/// left. Returns how many frames were checked before the spring and after it.
fn play_hot_seat(file: &str, seed: u64) -> (usize, usize) {
    let mut setup = NewGame::new(scenario(file), seed, 0);
    setup.controllers = Controllers::hot_seat();
    let column = setup.scenario.ambush.as_ref().expect("an ambush").ambushed;
    let rules = Arc::new(Rules::bundled().clone());
    let mut app = ambush::input::player_app(&setup, rules.clone());
    let (mut checked, mut after) = (0, 0);
    let mut sprung = false;
    let mut last = None;
    let mut shown = None;
    for _ in 0..6000 {
        // One approach turn a frame, as in the window.
        app.world_mut().resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
        app.update();
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            assert!(sprung, "{file}: the game ended before the ambush");
            // The game over, nothing is kept from anyone.
            assert_eq!(app.world().resource::<PlayerView>().dark, None, "{file}");
            return (checked, after);
        }
        let full = full_table(&mut app);
        if ambush_revealed(&full.progress) {
            sprung = true;
            // Once there is nothing left to find, or the game is decided, nothing is kept back.
            if full.progress.counters.is_empty() || full.progress.outcome.is_some() {
                if full.progress.counters.is_empty() {
                    assert!(full.units.iter().all(|u| !u.status.hidden), "{file}");
                }
                assert_eq!(app.world().resource::<PlayerView>().dark, None, "{file}");
            } else {
                nothing_hidden_shows(&app, &full, (column, file), after % 8 == 0, &mut shown);
                after += 1;
            }
        } else {
            assert!(!sprung, "{file}");
            nothing_hidden_shows(&app, &full, (column, file), true, &mut shown);
            checked += 1;
        }
        play_as_the_ai(&mut app, &full, &rules, &mut last);
    }
    let full = full_table(&mut app);
    panic!(
        "{file}: the hot-seat game did not end: turn {}, {:?}, awaiting {:?}",
        full.progress.turn,
        app.world().resource::<State<TurnPhase>>().get(),
        app.world().resource::<GameInPlay>().awaiting.0
    );
}

#[test]
fn a_complex_ambush_on_the_marines_shows_their_player_nothing_hidden_until_revealed() {
    // 004: hidden units "stay hidden from the ambushed side until spotted or sprung".
    // Many approaches end at their first turn (the column spots a counter, or a reaction test
    // fails), so a dozen games give the approach several frames to be read in.
    let (frames, after) = (1..=12)
        .map(|seed| play_hot_seat("jungle_patrol.ron", seed))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(
        frames >= 4,
        "the approach was checked turn by turn: {frames}"
    );
    assert!(after >= 1, "the game was checked while counters were left");
}

#[test]
fn a_complex_ambush_on_an_alien_column_shows_its_player_nothing_hidden_until_revealed() {
    let (frames, after) = (1..=12)
        .map(|seed| play_hot_seat("mountain_pass.ron", seed))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(
        frames >= 10,
        "the approach was checked turn by turn: {frames}"
    );
    assert!(after >= 1, "the game was checked while counters were left");
}

#[test]
fn a_simple_ambush_shows_the_column_nothing_hidden_before_or_after_it_is_sprung() {
    // 004 simple ambush: the patrol learns of the ambushers when it is sprung, and of each one
    // only when it is found: "hidden unit counters and dummy counters". Night raid's perception
    // roll at the spring named the counter of the ambushers' best and its INT ("counter 5 ...
    // INT 2 against INT 5"), which told the column which counter was real.
    let (before, after) = (5..=7)
        .map(|seed| play_hot_seat("night_raid.ron", seed))
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    assert!(before >= 3);
    assert!(after >= 3, "the game was checked while counters were left");
}

#[test]
fn an_ambush_without_counters_shows_the_column_nothing_before_it_is_sprung() {
    // Storm crossing: 002's party check, no counters; the ambushers are unknown until sprung.
    let (before, _) = play_hot_seat("storm_crossing.ron", 1);
    assert!(before >= 1);
}

#[test]
fn the_word_check_finds_labels_and_not_their_prefixes() {
    assert!(names("J1 holds its fire", "J1"));
    assert!(names("(\"J1\")", "J1"));
    assert!(!names("J12 holds", "J1"));
    assert!(!names("MJ1", "J1"));
}
