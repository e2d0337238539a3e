//! Melee tests (001 "Melee", rules.md "Melee").

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::melee::{
    ContactResult, break_off, close_quarter_stage, disengage, engagements, physical_contact,
};
use crate::rules::table::Presence;

#[test]
fn close_quarter_hits_on_5_and_alien_gets_minus_one() {
    // 001: "any unit with its front edge or front corner in contact with an enemy can make one
    // close quarter attack ... Roll D6: 1 - 4: No effect"; rules.md: −1 if the attacker is an alien.
    let (mut t, m, a) = duel();
    t.unit_mut(a).unwrap().weapons = vec!["fire_breath".to_string()].into();
    stack(&mut t, a, &[(7, Some(Suit::Spades))]);
    let mut dice = DiceService::scripted(&[5, 5]);
    close_quarter_stage(&mut t, rules(), &mut dice);
    let cq: Vec<_> = dice
        .log
        .iter()
        .filter(|e| e.kind == RollKind::CloseQuarter)
        .collect();
    assert_eq!(cq.len(), 2);
    assert_eq!(
        (cq[0].actor.as_deref(), cq[0].success),
        (Some("M1"), Some(true))
    );
    assert_eq!(
        (cq[1].actor.as_deref(), cq[1].total, cq[1].success),
        (Some("A1"), 4, Some(false))
    );
    assert_eq!(t.unit(a).unwrap().wounds, 1);
    assert_eq!(t.unit(m).unwrap().wounds, 0);
}

#[test]
fn physical_contact_loser_wounded_and_double_score_two_wounds() {
    // 001: "The loser receives 1 wound. If the winning score was double or more than that of the
    // loser then the loser receives an additional wound." Alien with claws factor 4, infantry 2.
    let (mut t, m, a) = duel();
    let e = engagements(&t, rules(), |_, c| c[0]);
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].attacker, e[0].defender), (a, m));
    // attacker (alien) rolls 6 → 10; marine rolls 3 → 5: double, two wounds.
    let mut dice = DiceService::scripted(&[6, 3]);
    let (ra, rd) = physical_contact(&mut t, rules(), &mut dice, &e[0]);
    assert_eq!((ra, rd), (ContactResult::Won, ContactResult::Lost));
    assert_eq!(dice.log[0].total, 10);
    assert_eq!(dice.log[1].total, 5);
    assert_eq!(t.unit(m).unwrap().wounds, 2);
    // a draw leaves both in contact and unhurt: 2+4 v 4+2
    let (mut t, m, a) = duel();
    let e = engagements(&t, rules(), |_, c| c[0]);
    let mut dice = DiceService::scripted(&[2, 4]);
    assert_eq!(
        physical_contact(&mut t, rules(), &mut dice, &e[0]).0,
        ContactResult::Draw
    );
    assert_eq!(
        (t.unit(m).unwrap().wounds, t.unit(a).unwrap().wounds),
        (0, 0)
    );
}

#[test]
fn supporting_unit_adds_one() {
    // 001: "The other units in contact do not melee in physical combat, but give support by
    // adding one to the physical contact factor of the engaged unit."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    t.unit_mut(m).unwrap().marks.attacking = true;
    // a second marine touching the alien's flank with its front edge
    let s = marine(&mut t, "M2", (31.25, 11.25), 270.0);
    t.unit_mut(s).unwrap().marks.attacking = true;
    let e = engagements(&t, rules(), |_, c| c[0]);
    assert_eq!(e.len(), 1);
    assert_eq!(e[0].defender, a);
    let supporting = if e[0].attacker == m {
        &e[0].attacker_support
    } else {
        &vec![]
    };
    assert_eq!(supporting, &vec![s]);
}

#[test]
fn break_off_needs_5_minus_one_after_a_draw() {
    // 001: "Roll D6 (subtract 1 if the melee was a draw). A score of 5 or 6 allows the unit to
    // move one half SMR (2") away from the enemy."
    let (mut t, m, _) = duel();
    let mut dice = DiceService::scripted(&[5, 6]);
    break_off(&mut t, rules(), &mut dice, m, true);
    assert_eq!((dice.log[0].total, dice.log[0].success), (4, Some(false)));
    break_off(&mut t, rules(), &mut dice, m, true);
    assert_eq!(dice.log[1].success, Some(true));
    assert!((t.unit(m).unwrap().base.center.y - 8.0).abs() < 1e-3);
}

#[test]
fn mounted_disengage_two_base_depths_on_5() {
    // 001: "Mounted troops may now attempt to disengage from non mounted units. Roll D6: score 5
    // or 6 = unit may move the length of two base depths away from enemy unit."
    let mut t = open_table();
    let jb = jet_bike(&mut t, "JB1", (30.0, 10.0));
    let a = alien(&mut t, "A1", (30.0, 11.75), 180.0);
    assert_eq!(
        crate::rules::melee::disengage_candidates(&t, rules()),
        vec![jb]
    );
    let mut dice = DiceService::scripted(&[5]);
    disengage(&mut t, rules(), &mut dice, jb);
    assert!(
        (t.unit(jb).unwrap().base.center.y - 6.0).abs() < 1e-3,
        "two 2\" base depths"
    );
    assert!(t.enemies_in_contact(a, 0.05).is_empty());
    let _ = Presence::OnTable;
}

#[test]
fn a_surprised_unit_gives_no_support() {
    // 001: "The other units in contact ... give support by adding one to the physical contact
    // factor of the engaged unit"; 002: "A surprised character may defend, poorly — with a
    // penalty of -2 — during a surprise phase": defending its own base is all it may do, so it
    // adds nothing to a friend's fight (nor does 003's surprised, with "no initiative").
    use crate::rules::table::Surprise;
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    let s = marine(&mut t, "M2", (31.25, 11.25), 270.0);
    for u in [m, s] {
        t.unit_mut(u).unwrap().marks.attacking = true;
    }
    let supporters = |t: &Table| {
        let e = engagements(t, rules(), |_, c| c[0]);
        assert_eq!((e[0].attacker, e[0].defender), (m, a));
        e[0].attacker_support.clone()
    };
    assert_eq!(supporters(&t), vec![s], "alert, M2 supports");
    for surprise in [
        Surprise::Doom { turns_left: 1 },
        Surprise::Megs { turns_left: 1 },
        Surprise::Recovering { turns_left: 1 },
    ] {
        t.unit_mut(s).unwrap().surprise = surprise;
        assert_eq!(supporters(&t), Vec::<UnitId>::new(), "{surprise:?}");
    }
}
