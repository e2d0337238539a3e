//! Properties over whole games: no card lost or duplicated, no overlapping bases, units stay on
//! the table or leave it by the rules, wounds never go down.

use crate::scenario;
use ambush::game::components::{Base, CardStack, Facing, UnitNumber, UnitStatus, Wounds};
use ambush::game::headless_app;
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush_data::Rules;
use ambush_data::geometry::{Footprint, bases_overlap, on_table};
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::cards::Card;
use ambush_engine::rules::table::Presence;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use proptest::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// Plays a game frame by frame, checking the invariants after every frame.
fn check_game(file: &str, seed: u64) -> Result<(), TestCaseError> {
    let rules = Rules::bundled();
    let setup = NewGame::new(scenario(file), seed, 0);
    let mut app = headless_app(&setup, Arc::new(rules.clone()));
    let mut max_wounds: HashMap<u32, u32> = HashMap::new();
    let tol = rules.general.contact_tolerance;
    for _ in 0..400 {
        app.update();
        let world = app.world_mut();
        let size = world.resource::<GameInPlay>().table.config.table();
        let units: Vec<(u32, Footprint, Presence, u32)> = world
            .query::<(&UnitNumber, &Base, &Facing, &UnitStatus, &Wounds)>()
            .iter(world)
            .map(|(n, b, f, s, w)| {
                (
                    n.0,
                    Footprint::new(b.position, b.size, f.0),
                    s.0.presence,
                    w.0,
                )
            })
            .collect();
        for (id, _, _, w) in &units {
            let before = max_wounds.entry(*id).or_insert(0);
            prop_assert!(*w >= *before, "wounds went down");
            *before = *w;
        }
        let on: Vec<&(u32, Footprint, Presence, u32)> =
            units.iter().filter(|u| u.2 == Presence::OnTable).collect();
        for (i, a) in on.iter().enumerate() {
            prop_assert!(on_table(&a.1, size, 1e-2), "unit {} off the table", a.0);
            for b in on.iter().skip(i + 1) {
                prop_assert!(
                    !bases_overlap(&a.1, &b.1, tol),
                    "units {} and {} overlap",
                    a.0,
                    b.0
                );
            }
        }
        // Every card of every pack opened is in exactly one place.
        let battle = &world.resource::<GameInPlay>().table;
        let mut cards: Vec<Card> = Vec::new();
        cards.extend(battle.ledger.reserve.iter().copied());
        cards.extend(battle.ledger.unseen.iter().copied());
        cards.extend(battle.ledger.discarded.iter().copied());
        let packs = battle.ledger.packs_opened;
        for stack in world.query::<&CardStack>().iter(world) {
            cards.extend(stack.0.face_down.iter().copied());
            cards.extend(stack.0.turned.iter().copied());
        }
        let mut per_pack: BTreeMap<u32, usize> = BTreeMap::new();
        for c in &cards {
            *per_pack.entry(c.pack).or_default() += 1;
        }
        let jokers = rules.cards.jokers_per_pack as usize;
        for p in 1..=packs {
            prop_assert_eq!(
                per_pack.get(&p).copied().unwrap_or(0),
                52 + jokers,
                "pack {}",
                p
            );
        }
        let mut sorted = cards.clone();
        sorted.sort();
        let distinct_non_jokers = sorted
            .windows(2)
            .all(|w| w[0] != w[1] || w[0].suit.is_none());
        prop_assert!(distinct_non_jokers, "a card is duplicated");
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            return Ok(());
        }
    }
    Err(TestCaseError::fail("the game did not end"))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 6, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn invariants_hold_every_frame(seed in any::<u64>()) {
        check_game("crashed_ship.ron", seed)?;
    }

    #[test]
    fn invariants_hold_with_sudden_death_and_jet_bikes(seed in any::<u64>()) {
        check_game("crashed_ship_sudden_death.ron", seed)?;
        check_game("crashed_ship_jet_bikes.ron", seed)?;
    }
}
