//! Formations, from 001's "Period extras like limbers, infantry squares, and gatlings can be added": a square has no flank or rear and cannot move; a limbered gun moves faster and may not shoot; changing formation costs the move.

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::formation;
use crate::rules::melee::from_flank_or_rear;
use crate::rules::movement::{CannotMove, MoveError, allowance, plan_move};
use crate::rules::orders::{Order, OrderError};
use crate::rules::phases::DecisionPhase;
use crate::rules::phases::movement::MovementState;
use crate::rules::shooting::{CannotShoot, cannot_shoot};
use crate::rules::table::MoveKind;
use ambush_data::Ident;
use glam::Vec2;

/// The bundled tables with two period troop types, as the colonial mod writes them.
fn period_rules() -> Rules {
    let mut r = Rules::bundled().clone();
    r.apply_patch(
        "troops.ron",
        "troops.ron",
        r#"(troops: {
            Foot: (base: (1.0, 0.5), movement: (straight_forward: 1.0, advance: 0.5, fall_back: 0.5),
                   shoot_after: NoMoveOrStraightForward, physical_contact: 2, physical_contact_with_weapon: 3,
                   formations: { Square: (display: "in square", enter: "form square", leave: "break square",
                                          movement: None, all_round: true) }),
            Gun: (base: (1.0, 1.5), movement: (straight_forward: 0.25, advance: 0.25, fall_back: 0.25),
                  shoot_after: NoMoveOnly, physical_contact: 1, physical_contact_with_weapon: 1,
                  always_counts_as_stationary: true,
                  formations: { Limbered: (display: "limbered", enter: "limber up", leave: "unlimber",
                                           movement: Some((straight_forward: 1.5, advance: 0.75, fall_back: 0.75)),
                                           may_shoot: false) }),
        })"#,
    )
    .expect("the patch parses");
    r.check(&|f: &str, _: &str| (f.to_string(), 1, 1))
        .expect("the merged tables hold");
    r
}

fn place(t: &mut Table, r: &Rules, troop: &str, formation: Option<&str>, at: (f32, f32)) -> UnitId {
    let id = t.add(
        r,
        troop,
        Side::Humans,
        Ident::known(troop),
        at,
        0.0,
        &["blaster"],
    );
    t.unit_mut(id).expect("unit").status.formation = formation.map(Ident::known);
    id
}

#[test]
fn a_square_has_no_flank_or_rear_and_cannot_move() {
    let r = period_rules();
    let mut t = open_table();
    let sq = place(&mut t, &r, "Foot", Some("Square"), (30.0, 20.0));
    let behind = alien(&mut t, "A1", (30.0, 18.0), 0.0);
    assert!(
        !from_flank_or_rear(&t, &r, behind, sq),
        "a square faces every way"
    );
    t.unit_mut(sq).expect("unit").status.formation = None;
    assert!(
        from_flank_or_rear(&t, &r, behind, sq),
        "out of square the rear is the rear"
    );
    t.unit_mut(sq).expect("unit").status.formation = Some(Ident::known("Square"));
    let refused = plan_move(&t, &r, sq, Vec2::new(30.0, 22.0), 0.0, false).unwrap_err();
    assert!(
        matches!(refused, MoveError::Cannot(CannotMove::InFormation(_, ref f)) if f == "in square"),
        "{refused}"
    );
    assert_eq!(allowance(&t, &r, sq, MoveKind::StraightForward), 0.0);
}

#[test]
fn a_limbered_gun_moves_faster_and_may_not_shoot() {
    let r = period_rules();
    let mut t = open_table();
    let gun = place(&mut t, &r, "Gun", Some("Limbered"), (30.0, 20.0));
    let smr = r.general.smr;
    assert_eq!(allowance(&t, &r, gun, MoveKind::StraightForward), 1.5 * smr);
    assert!(matches!(
        cannot_shoot(&t, &r, gun),
        Some(CannotShoot::InFormation(_, ref f)) if f == "limbered"
    ));
    t.unit_mut(gun).expect("unit").status.formation = None;
    assert_eq!(
        allowance(&t, &r, gun, MoveKind::StraightForward),
        0.25 * smr
    );
    assert_eq!(cannot_shoot(&t, &r, gun), None);
}

#[test]
fn changing_formation_costs_the_move_and_the_shot_of_a_gun() {
    // "unlimbering costs the move": the gun may not move again, nor shoot this turn (its
    // troop type shoots only without moving), and fires next turn.
    let r = period_rules();
    let mut t = open_table();
    let gun = place(&mut t, &r, "Gun", Some("Limbered"), (30.0, 20.0));
    alien(&mut t, "A1", (30.0, 40.0), 180.0);
    let mut flow = MovementState::default();
    assert!(flow.start(&mut t, &r));
    let mut dice = DiceService::scripted(&[6, 1]);
    flow.advance(&mut t, &r, &mut dice);
    assert_eq!(
        formation::order_name(&r, t.unit(gun).expect("gun"), None),
        "unlimber"
    );
    flow.apply_order(
        &mut t,
        &r,
        &mut dice,
        Side::Humans,
        &Order::ChangeFormation {
            unit: gun,
            to: None,
        },
    )
    .expect("unlimbered");
    let u = t.unit(gun).expect("gun");
    assert_eq!(u.status.formation, None);
    assert_eq!(u.marks.moved, Some(MoveKind::Reformed));
    assert!(matches!(
        cannot_shoot(&t, &r, gun),
        Some(CannotShoot::Moved(..))
    ));
    let mut reform = |t: &mut Table, unit, to: &str| {
        let to = Some(Ident::known(to));
        let order = Order::ChangeFormation { unit, to };
        flow.apply_order(t, &r, &mut dice, Side::Humans, &order)
            .unwrap_err()
    };
    let again = reform(&mut t, gun, "Limbered");
    assert!(
        matches!(again, OrderError::CannotMove(CannotMove::AlreadyMoved(_))),
        "{again}"
    );
    // A formation the troop type does not have is refused by name.
    let foot = place(&mut t, &r, "Foot", None, (50.0, 20.0));
    let wrong = reform(&mut t, foot, "Limbered");
    assert!(
        wrong.to_string().contains("no formation Limbered"),
        "{wrong}"
    );
}

#[test]
fn a_weapon_may_place_more_hit_dice_than_its_class() {
    // 001's gatling as data: a standard-issue weapon that places two hit dice.
    let mut r = Rules::bundled().clone();
    r.apply_patch(
        "weapons.ron",
        "weapons.ron",
        r#"(weapons: { "gatling": (class: StandardIssue, display: "Gatling gun", hit_dice: Some(2)) })"#,
    )
    .expect("the patch parses");
    let gatling = r.weapon("gatling").expect("added");
    assert_eq!(r.hit_dice_of(gatling), 2);
    assert_eq!(r.hit_dice_of(r.weapon("blaster").expect("bundled")), 1);
}
