//! Wound tests: saves, degradation, sudden death, alien cards, the table edge, withdrawal.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::table::Presence;
use crate::rules::wounds::{apply_wound, resolve_hit_dice};
use ambush_data::scenario::WoundMethod;

#[test]
fn save_wounds_on_1_to_4_and_armour_adds_one() {
    // 001: "Effect of each hit: Saving Throws: Roll D6: 1 - 4 Target receives one wound."
    // rules.md: "Body armour adds +1 to this roll, so 1–3 wounds."
    let mut t = open_table();
    let a = alien(&mut t, "A1", (10.0, 10.0), 0.0);
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    t.unit_mut(m).unwrap().armour = true;
    let mut dice = DiceService::scripted(&[4, 4]);
    resolve_hit_dice(&mut t, rules(), &mut dice, a, m, 1);
    assert_eq!(dice.log[0].success, Some(true), "4 + armour 1 = 5 saves");
    assert_eq!(t.unit(m).unwrap().wounds, 0);
    t.unit_mut(m).unwrap().armour = false;
    resolve_hit_dice(&mut t, rules(), &mut dice, a, m, 1);
    assert_eq!(dice.log[1].success, Some(false));
    assert_eq!(t.unit(m).unwrap().wounds, 1);
}

#[test]
fn degradation_third_wound_destroys() {
    // 001: "Second wound: Half Movement Rate. Third wound: Destroyed."
    let mut t = open_table();
    let a = alien(&mut t, "A1", (10.0, 10.0), 0.0);
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let mut dice = DiceService::scripted(&[]);
    apply_wound(&mut t, rules(), &mut dice, a, m);
    apply_wound(&mut t, rules(), &mut dice, a, m);
    assert_eq!(t.unit(m).unwrap().status.presence, Presence::OnTable);
    assert!(crate::rules::wounds::crippled(&t, rules(), m));
    apply_wound(&mut t, rules(), &mut dice, a, m);
    assert_eq!(t.unit(m).unwrap().status.presence, Presence::Destroyed);
}

#[test]
fn sudden_death_table() {
    // 001: "Each time a unit receives a wound roll D6: [1-2 destroyed] 3-4: Fall Back one base
    // depth. 5-6: Unharmed".
    let mut t = open_table();
    t.config.scenario_mut().human_wounds = WoundMethod::SuddenDeath;
    let a = alien(&mut t, "A1", (30.0, 20.0), 180.0);
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let mut dice = DiceService::scripted(&[5, 3, 2]);
    apply_wound(&mut t, rules(), &mut dice, a, m);
    assert_eq!(dice.log[0].effect, "unharmed");
    apply_wound(&mut t, rules(), &mut dice, a, m);
    assert_eq!(dice.log[1].effect, "falls back one base depth");
    assert!(
        (t.unit(m).unwrap().base.center.y - 9.0).abs() < 1e-3,
        "one base depth away from A1"
    );
    apply_wound(&mut t, rules(), &mut dice, a, m);
    assert_eq!(dice.log[2].kind, RollKind::SuddenDeath);
    assert_eq!(t.unit(m).unwrap().status.presence, Presence::Destroyed);
}

#[test]
fn alien_cards_kill_recoil_fall_back_stun_shrug() {
    // rules.md card table; 001: "For each wound received: turn up one card from the stack".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 20.0), 180.0);
    stack(
        &mut t,
        a,
        &[
            (7, Some(Suit::Spades)),
            (4, Some(Suit::Hearts)),
            (9, Some(Suit::Diamonds)),
            (3, Some(Suit::Clubs)),
            (12, Some(Suit::Hearts)),
        ],
    );
    let mut dice = DiceService::scripted(&[]);
    let y = |t: &Table| t.unit(a).unwrap().base.center.y;
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert_eq!(y(&t), 20.0);
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert!(
        (y(&t) - 21.5).abs() < 1e-3,
        "Hearts: recoils one base depth (1.5\")"
    );
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert!((y(&t) - 25.5).abs() < 1e-3, "Diamonds: falls back 1 SMR");
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert!(t.unit(a).unwrap().status.stunned, "Clubs: stunned");
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert_eq!(t.unit(a).unwrap().status.presence, Presence::Destroyed);
    assert_eq!(dice.log[4].card.as_deref(), Some("QH"));
    assert_eq!(dice.log[4].effect, "Q♥ — killed");
    assert_eq!(t.unit(a).unwrap().wounds, 5);
}

#[test]
fn red_fall_back_at_table_edge_turns_another_card() {
    // 001: "If a red card result causes a unit to move off the table, leave it on the table edge
    // and turn up another card. Any reds (1 - 2) mean that the unit leaves the table".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 40.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 46.5), 180.0);
    stack(
        &mut t,
        a,
        &[(9, Some(Suit::Diamonds)), (2, Some(Suit::Hearts))],
    );
    let mut dice = DiceService::scripted(&[]);
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert_eq!(dice.log.len(), 2);
    assert_eq!(t.unit(a).unwrap().status.presence, Presence::LeftTable);
    // a black Ace or 2 at the edge is treated as Clubs
    let b = alien(&mut t, "A2", (50.0, 46.5), 180.0);
    let m2 = marine(&mut t, "M2", (50.0, 40.0), 0.0);
    stack(
        &mut t,
        b,
        &[(5, Some(Suit::Hearts)), (1, Some(Suit::Spades))],
    );
    apply_wound(&mut t, rules(), &mut dice, m2, b);
    assert!(t.unit(b).unwrap().status.stunned);
    assert_eq!(t.unit(b).unwrap().base.center.y, 47.25, "held at the edge");
}

#[test]
fn joker_withdraws_the_wave_and_contacts_disengage() {
    // 001: "When an alien wave is ordered to withdraw, any alien from that wave in contact with a
    // human unit disengages immediately, falling back one base depth."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    let b = alien(&mut t, "A2", (50.0, 30.0), 180.0);
    stack(&mut t, a, &[(0, None)]);
    let mut dice = DiceService::scripted(&[]);
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert!(t.unit(a).unwrap().status.withdrawing && t.unit(b).unwrap().status.withdrawing);
    assert!((t.unit(a).unwrap().base.center.y - 12.75).abs() < 1e-3);
    assert_eq!(
        t.unit(a).unwrap().status.presence,
        Presence::OnTable,
        "unharmed"
    );
}

#[test]
fn exhausted_stack_is_redealt_from_reserve() {
    // 001: "If all ten cards are turned up without a kill - deal ten more cards from the reserve Deck."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 20.0), 180.0);
    stack(&mut t, a, &[(5, Some(Suit::Spades))]);
    let mut dice = DiceService::seeded(3, 0);
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert!(
        t.unit(a)
            .unwrap()
            .cards
            .as_ref()
            .unwrap()
            .face_down
            .is_empty()
    );
    apply_wound(&mut t, rules(), &mut dice, m, a);
    assert_eq!(t.ledger.packs_opened, 1);
    let s = t.unit(a).unwrap().cards.as_ref().unwrap();
    assert_eq!(s.turned.len(), 2);
}
