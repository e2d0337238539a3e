//! The table hash's tests: the current version over named fields, the first version as saves were written with it, and telling them apart.

use super::*;
use crate::play::Game;
use crate::play::new_game::NewGame;
use crate::rules::table::GameConfig;
use std::sync::Arc;

/// The hash as saves were first checked with: the Debug text, each field added since
/// replaced out in turn.
fn as_first_written(table: &Table) -> String {
    let mut text = format!("{:?}|{:?}|{:?}", table.units, table.progress, table.ledger);
    for unused in ADDED_SINCE_FIRST_SAVES {
        text = text.replace(unused, "");
    }
    if !table.exposure.is_empty() {
        text.push_str(&format!("|{:?}", table.exposure));
    }
    blake3::hash(text.as_bytes()).to_hex()[..16].to_string()
}

/// A game of one of the repository's scenarios, two folders above this crate.
fn game_of(file: &str, seed: u64) -> Game {
    let rules = Arc::new(ambush_data::Rules::bundled().clone());
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../scenarios")
            .join(file),
    )
    .expect("the scenario");
    let scenario = ambush_data::check::parse_scenario(file, &text, &rules).expect("reads");
    Game::new(&NewGame::new(scenario, seed, 0), rules)
}

/// Every save's hashes stay good: the one-pass hash is the hash of the text the `replace`s
/// left, at every order of a whole ambush game (hidden units, counters, surprise).
#[test]
fn the_one_pass_hash_is_the_hash_saves_were_written_with() {
    let mut game = game_of("night_raid.ron", 3);
    let mut checked = 0;
    while !game.is_over() && checked < 400 {
        game.step();
        assert_eq!(first_hash(&game.table), as_first_written(&game.table));
        checked += 1;
    }
    assert!(checked > 50, "{checked} steps");
}

/// A small table with one unit of each side, as every run builds it.
fn small_table() -> Table {
    let mut t = Table::new(GameConfig::plain(72.0, 48.0));
    let rules = ambush_data::Rules::bundled();
    for (label, side, x) in [
        ("M1", ambush_data::board::Side::Humans, 10.0),
        ("A1", ambush_data::board::Side::Aliens, 40.0),
    ] {
        let id = t.take_unit_id();
        let troop = ambush_data::Ident::known("Infantry");
        let (w, d) = rules.troop(troop).base;
        let base = ambush_data::geometry::Footprint::new(
            glam::Vec2::new(x, 20.0),
            glam::Vec2::new(w, d),
            0.0,
        );
        let unit = crate::rules::table::Unit::new(
            id,
            label,
            side,
            troop,
            base,
            vec!["blaster".to_string()].into(),
        );
        t.units.push(unit);
    }
    t
}

/// The current hash is the same in every run and on every machine: pinned to the value its
/// encoding gave when version 2 was made. If this fails, saves of version 2 no longer load:
/// a new field belongs in `ADDED_SINCE_V2` instead.
#[test]
fn the_hash_of_a_fixed_table_is_pinned() {
    let t = small_table();
    assert_eq!(table_hash(&t), table_hash(&t.clone()));
    assert_eq!(table_hash(&t), "v2:5bad1093f24a1449");
}

/// A change to any named part of the state changes the hash; the settings, which the save's
/// scenario fixes, do not.
#[test]
fn the_hash_changes_with_the_state_and_not_with_the_settings() {
    let t = small_table();
    let before = table_hash(&t);
    let changed = |change: &dyn Fn(&mut Table)| {
        let mut t = t.clone();
        change(&mut t);
        table_hash(&t)
    };
    let moved = changed(&|t| t.units[0].base.center.x += 0.5);
    let wounded = changed(&|t| t.units[1].wounds += 1);
    let turned = changed(&|t| t.progress.turn += 1);
    let ended = changed(&|t| t.progress.ending = "over".into());
    let exposed = changed(&|t| t.exposure.of_mut(0).descended = true);
    let all = [&before, &moved, &wounded, &turned, &ended, &exposed];
    for (i, a) in all.iter().enumerate() {
        for b in &all[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert_eq!(changed(&|t| t.config.scenario_mut().turn_limit = 3), before);
}

/// A field added to a struct after a version's first hashes is left out while it holds its
/// default, so the struct hashes as it did without it; once it changes, it counts.
#[test]
fn an_added_field_at_its_default_leaves_the_hash_as_it_was() {
    mod before {
        #[derive(serde::Serialize)]
        pub struct Probe {
            pub a: u32,
        }
    }
    mod after {
        #[derive(serde::Serialize)]
        pub struct Probe {
            pub a: u32,
            pub b: bool,
        }
    }
    let added = [AddedField {
        owner: "Probe",
        field: "b",
        at_default: |bytes| bytes == encoded(&false),
    }];
    let with = |value: &after::Probe| {
        let mut out = Vec::new();
        let _ = value.serialize(&mut Encoder {
            out: &mut out,
            added: &added,
        });
        out
    };
    let old = encoded(&before::Probe { a: 7 });
    assert_eq!(with(&after::Probe { a: 7, b: false }), old);
    assert_ne!(with(&after::Probe { a: 7, b: true }), old);
    // Without the list, the new field counts even at its default.
    assert_ne!(encoded(&after::Probe { a: 7, b: false }), old);
}

#[test]
fn a_hash_says_its_version_and_is_checked_in_it() {
    let mut game = game_of("sunken_wreck.ron", 1);
    for _ in 0..60 {
        game.step();
    }
    let t = &game.table;
    let now = table_hash(t);
    let first = first_hash(t);
    assert_eq!(version_of(&now), Some(TABLE_HASH_VERSION));
    assert_eq!(version_of(&first), Some(1));
    assert_eq!(table_hash_as(&now, t), Ok(now.clone()));
    assert_eq!(table_hash_as(&first, t), Ok(first.clone()));
    assert_ne!(now[3..], first[..]);
    // A hash from a newer game, or no hash at all, is refused by name.
    assert!(table_hash_as("v9:0123456789abcdef", t).is_err_and(|e| e.contains("version 9")));
    for bad in ["", "v2:", "v2:xyz", "hello", "vx:00"] {
        assert_eq!(version_of(bad), None, "{bad:?}");
        assert!(table_hash_as(bad, t).is_err());
    }
}
