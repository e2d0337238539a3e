//! Shooting tests (001 "Shooting", rules.md "To hit").

use super::*;
use crate::rules::dice::DiceService;
use crate::rules::log::RollKind;
use crate::rules::shooting::{
    PendingHit, RangeBand, SightBlocked, cannot_shoot, in_cover, line_of_sight, plan_shot, shoot,
};
use crate::rules::table::MoveKind;
use ambush_data::board::Going;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Shape;

fn feature(name: &str, shape: Shape, going: Going, tall: bool, water: bool) -> TerrainFeature {
    TerrainFeature {
        tall,
        water,
        ..TerrainFeature::new(name, shape, going)
    }
}

#[test]
fn range_bands_standard_issue_12_and_20_inches() {
    // 001: "Standard Issue Weapons Medium Range 12" Long Range 20"".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (10.0, 10.5 + 12.0 + 0.75), 180.0);
    let far = alien(&mut t, "A2", (14.0, 29.0), 180.0); // 18" edge to edge
    let out = alien(&mut t, "A3", (40.0, 10.5 + 20.5 + 0.75), 180.0);
    assert_eq!(
        plan_shot(&t, rules(), m, near, None).unwrap().band,
        RangeBand::Medium
    );
    let long = plan_shot(&t, rules(), m, far, None).unwrap();
    assert_eq!(long.band, RangeBand::Long);
    assert!(has_modifier(&long.modifiers, "long range", -1));
    assert!(plan_shot(&t, rules(), m, out, None).is_err());
}

#[test]
fn to_hit_needs_five_and_modifiers_are_named() {
    // 001: "rolls D6, requiring a 5 or 6 to hit"; rules.md: +1 did not move.
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 16.0), 180.0);
    let mut dice = DiceService::scripted(&[4]);
    let mut pending = Vec::new();
    shoot(&mut t, rules(), &mut dice, m, a, None, &mut pending).unwrap();
    let e = &dice.log[0];
    assert_eq!(e.kind, RollKind::ToHit);
    assert_eq!(e.rolls, vec![4]);
    assert_eq!(e.modifiers[0].name, "did not move");
    assert_eq!(e.total, 5);
    assert_eq!(e.need, Some(5));
    assert_eq!(e.success, Some(true));
    assert_eq!(
        pending,
        vec![PendingHit {
            source: m,
            target: a,
            dice: 1
        }]
    );
}

#[test]
fn alien_shooter_minus_one_and_target_has_fired_plus_one() {
    // 001: "Aliens shoot with a -1 modifier (in addition to all other modifiers)"; "I give an
    // advantage to the shooter if the target has fired".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = t.add(
        rules(),
        "A1",
        Side::Aliens,
        TroopType::known("Alien"),
        (10.0, 16.0),
        180.0,
        &["alien_firearm"],
    );
    t.unit_mut(a).unwrap().marks.moved = Some(MoveKind::AnyDirection);
    t.unit_mut(m).unwrap().marks.fired_this_phase = true;
    let plan = plan_shot(&t, rules(), a, m, None).unwrap();
    let names: Vec<_> = plan.modifiers.iter().map(|x| (&*x.name, x.value)).collect();
    assert_eq!(names, vec![("target has fired", 1), ("alien shooter", -1)]);
}

#[test]
fn infantry_may_shoot_after_straight_forward_only() {
    // rules.md movement table: infantry "may shoot after: no move, or straight forward".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    t.unit_mut(m).unwrap().marks.moved = Some(MoveKind::StraightForward);
    assert!(cannot_shoot(&t, rules(), m).is_none());
    t.unit_mut(m).unwrap().marks.moved = Some(MoveKind::Advance);
    assert!(cannot_shoot(&t, rules(), m).is_some());
    // 001: "have received more than one wound".
    t.unit_mut(m).unwrap().marks.moved = None;
    t.unit_mut(m).unwrap().wounds = 2;
    assert!(cannot_shoot(&t, rules(), m).is_some());
}

#[test]
fn tall_terrain_and_units_block_line_of_sight() {
    // 001: "Any terrain feature that is taller than the figures ... or any other troop units that
    // lie directly between shooter and target, block the line of sight".
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 20.0), 180.0);
    assert!(line_of_sight(&t, m, a).is_ok());
    t.terrain.push(feature(
        "rocks",
        Shape::Circle {
            center: (10.0, 15.0),
            radius: 1.0,
        },
        Going::Impassable,
        true,
        false,
    ));
    assert_eq!(line_of_sight(&t, m, a), Err(SightBlocked("rocks".into())));
    t.terrain.clear();
    marine(&mut t, "M2", (10.0, 14.0), 0.0);
    assert_eq!(line_of_sight(&t, m, a), Err(SightBlocked("M2".into())));
}

#[test]
fn cover_from_bad_going_but_not_water() {
    // 001: "A target is considered to be in cover if it is in, or if the shooter has to shoot
    // through any intervening bad going except water features."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 20.0), 180.0);
    t.terrain.push(feature(
        "stream",
        Shape::Rect {
            center: (10.0, 15.0),
            size: (10.0, 1.0),
            rotation: 0.0,
        },
        Going::Bad,
        false,
        true,
    ));
    assert!(!in_cover(&t, rules(), m, a));
    t.terrain.push(feature(
        "wood",
        Shape::Circle {
            center: (10.0, 20.0),
            radius: 2.0,
        },
        Going::Bad,
        false,
        false,
    ));
    assert!(in_cover(&t, rules(), m, a));
    let plan = plan_shot(&t, rules(), m, a, None).unwrap();
    assert!(has_modifier(&plan.modifiers, "target in cover", -1));
}

#[test]
fn friendly_fire_on_a_miss_hits_friends_in_contact_on_1_to_3() {
    // 001: "If shooting against enemy in base contact with a friendly unit and the unit fails to
    // hit: roll D6 for each friend in contact, a score of 1, 2 or 3 results in the friendly unit
    // receiving a hit."
    let mut t = open_table();
    let m = marine(&mut t, "M1", (20.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 20.0), 0.0);
    let f = marine(&mut t, "M2", (10.0, 21.25), 180.0); // touching the alien's front
    let mut dice = DiceService::scripted(&[1, 3]);
    let mut pending = Vec::new();
    shoot(&mut t, rules(), &mut dice, m, a, None, &mut pending).unwrap();
    assert_eq!(dice.log[0].success, Some(false));
    assert_eq!(dice.log[1].kind, RollKind::FriendlyFire);
    assert_eq!(dice.log[1].target.as_deref(), Some("M2"));
    assert_eq!(
        pending,
        vec![PendingHit {
            source: m,
            target: f,
            dice: 1
        }]
    );
}

#[test]
fn heavy_weapon_places_two_hit_dice() {
    // 001: "place one die (two die if shooter used a heavy weapon) next to the target".
    let mut t = open_table();
    let hw = t.add(
        rules(),
        "HW1",
        Side::Humans,
        TroopType::known("WeaponCrew"),
        (10.0, 10.0),
        0.0,
        &["plasma_cannon"],
    );
    let a = alien(&mut t, "A1", (10.0, 35.0), 180.0);
    let mut dice = DiceService::scripted(&[6]);
    let mut pending = Vec::new();
    shoot(&mut t, rules(), &mut dice, hw, a, None, &mut pending).unwrap();
    assert_eq!(pending[0].dice, 2);
}

#[test]
fn inferior_weapon_minus_one_and_no_long_range() {
    // 001: "The inferior weapon may not fire above medium range; the inferior weapon receives -1
    // on either the 'to hit' or 'hit effect' dice."
    let mut t = open_table();
    t.config.scenario_mut().inferior_weapons = Some(Side::Humans);
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (10.0, 20.0), 180.0);
    let far = alien(&mut t, "A2", (14.0, 29.0), 180.0);
    let plan = plan_shot(&t, rules(), m, near, None).unwrap();
    assert!(has_modifier(&plan.modifiers, "inferior weapon", -1));
    assert!(plan_shot(&t, rules(), m, far, None).is_err());
}

#[test]
fn darkness_limits_sight_and_costs_one_unless_night_vision() {
    // 003: "When a physical attack occurs in natural darkness, the attacker must be able to see
    // the defender in order to hit him"; "Even if seen, the defender receives +2 OV column shift"
    // (−1 on this game's D6, rules.md); night vision "can compensate".
    let mut t = open_table();
    t.config.scenario_mut().darkness = Some(ambush_data::scenario::Darkness {
        sight_range: 8.0,
        full_moon: false,
    });
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let near = alien(&mut t, "A1", (10.0, 16.0), 180.0);
    let far = alien(&mut t, "A2", (16.0, 22.0), 180.0);
    let plan = plan_shot(&t, rules(), m, near, None).unwrap();
    assert!(has_modifier(&plan.modifiers, "darkness", -1));
    let why = plan_shot(&t, rules(), m, far, None).unwrap_err();
    assert!(why.to_string().contains("dark"), "{why}");
    t.unit_mut(m).unwrap().traits.night_vision = true;
    let plan = plan_shot(&t, rules(), m, far, None).unwrap();
    assert!(plan.modifiers.iter().all(|x| x.name != "darkness"));
}

/// Speed (issue 13): what the grid remembers for the AIs (contact with the enemy, lines of sight,
/// cover in each shot's plan) is, at every round, what the plain questions answer, asked twice
/// (the second time from the memos) while units move, leave and come back and the terrain
/// changes under them: with a few units (the lines kept in a table by both places) and with many
/// (a list for each place a line starts from).
#[test]
fn remembered_contact_sight_and_cover_follow_the_units_and_the_terrain() {
    remembered_answers_follow_the_table(36, 33);
    remembered_answers_follow_the_table(80, 34);
}

fn remembered_answers_follow_the_table(units: usize, seed: u64) {
    use rand::{Rng, SeedableRng};
    let r = rules();
    let tol = r.general.contact_tolerance;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut t = Table::new(crate::rules::table::GameConfig::plain(36.0, 24.0));
    for i in 0..units {
        let (side, troop) = if i % 2 == 0 {
            (Side::Humans, "Infantry")
        } else {
            (Side::Aliens, "Alien")
        };
        let at = (rng.random_range(1.0..35.0), rng.random_range(1.0..23.0));
        let bearing = rng.random_range(0.0..360.0);
        let troop = ambush_data::tables::TroopType::known(troop);
        t.add(r, &format!("U{i}"), side, troop, at, bearing, &["blaster"]);
    }
    let (mut blocked, mut covered, mut touching) = (0, 0, 0);
    for round in 0..16 {
        // Now and then a tall crag (it blocks sight) and a low wood (it gives cover) come, and
        // later go.
        match round % 4 {
            1 => {
                let mut at = || (rng.random_range(5.0..31.0), rng.random_range(5.0..19.0));
                let (crag, wood) = (at(), at());
                t.terrain.push(feature(
                    "crag",
                    Shape::Circle {
                        center: crag,
                        radius: 2.0,
                    },
                    Going::Impassable,
                    true,
                    false,
                ));
                t.terrain.push(feature(
                    "wood",
                    Shape::Circle {
                        center: wood,
                        radius: 4.0,
                    },
                    Going::Bad,
                    false,
                    false,
                ));
            }
            3 => t.terrain.clear(),
            _ => {}
        }
        for _ in 0..2 {
            let grid = t.grid();
            let terrain = crate::rules::shooting::terrain_print(&t);
            for a in &t.units {
                let contact = t.in_enemy_contact_via_grid(&grid, a.id, tol);
                assert_eq!(contact, t.in_enemy_contact(a.id, tol), "round {round}");
                touching += usize::from(contact);
                for b in t.units.iter().step_by(3) {
                    let sight = crate::rules::shooting::los_blocker_via_grid(
                        &t, &grid, terrain, a.id, b.id,
                    );
                    assert_eq!(
                        sight,
                        crate::rules::shooting::los_blocker(&t, a.id, b.id),
                        "round {round}"
                    );
                    blocked += usize::from(sight.is_some());
                }
                let planned = crate::rules::shooting::targets_via_grid(&t, r, &grid, terrain, a.id);
                assert_eq!(
                    planned,
                    crate::rules::shooting::targets(&t, r, a.id),
                    "round {round}"
                );
                covered += planned
                    .iter()
                    .filter(|(_, p)| p.modifiers.iter().any(|m| m.name == "target in cover"))
                    .count();
            }
        }
        // Some units move, leave the table or come back.
        for u in &mut t.units {
            if rng.random_bool(0.2) {
                u.base.center =
                    glam::Vec2::new(rng.random_range(1.0..35.0), rng.random_range(1.0..23.0));
            }
            if rng.random_bool(0.05) {
                u.status.presence = if u.on_table() {
                    crate::rules::table::Presence::Destroyed
                } else {
                    crate::rules::table::Presence::OnTable
                };
            }
        }
    }
    // The cases are not all clear lines in the open.
    assert!(
        blocked > 100 && covered > 10 && touching > 0,
        "{blocked} {covered} {touching}"
    );
}

/// 001: "Once one side declines to shoot, they may not shoot again that turn": a side with no
/// shot left is taken to decline. The phase looks for a unit with a shot from where it last
/// found one, round to the start, so wherever it starts it finds one exactly when there is one.
#[test]
fn a_side_with_a_shot_is_found_from_wherever_the_look_starts() {
    let mut t = open_table();
    // M1's line to the alien runs through M2; M3 is beyond any weapon's reach.
    let m1 = marine(&mut t, "M1", (10.0, 4.0), 0.0);
    let m2 = marine(&mut t, "M2", (10.0, 8.0), 0.0);
    let m3 = marine(&mut t, "M3", (60.0, 44.0), 0.0);
    let a = alien(&mut t, "A1", (10.0, 16.0), 180.0);
    assert!(line_of_sight(&t, m1, a).is_err());
    assert!(!crate::rules::shooting::has_target(&t, rules(), m3));
    // The phase's look from `from`, round to the start.
    let first_shooter = |t: &Table, from: usize| {
        let mut look = crate::rules::phases::LookFrom::default();
        look.set(Side::Humans, from);
        let places = look.places(Side::Humans, t.units.len());
        crate::rules::shooting::first_shooter_among(t, rules(), Side::Humans, places)
    };
    let shooter = t.index(m2).unwrap();
    for from in 0..t.units.len() + 2 {
        assert_eq!(first_shooter(&t, from), Some(shooter), "from {from}");
    }
    // M2 has shot: no marine has a shot, and no look finds one.
    t.unit_mut(m2).unwrap().marks.shot = true;
    assert!(!crate::rules::shooting::side_can_shoot(
        &t,
        rules(),
        Side::Humans
    ));
    for from in 0..t.units.len() + 2 {
        assert_eq!(first_shooter(&t, from), None, "from {from}");
    }
}

#[test]
fn long_range_ends_at_exactly_20_inches_and_medium_at_12() {
    // 001: "Standard Issue Weapons Medium Range 12" Long Range 20"". Edge to edge: the marine's
    // front edge at y 10.5, the alien's near edge at 10.5 + d (its base is 1.5" deep).
    let mut t = open_table();
    let m = marine(&mut t, "M1", (10.0, 10.0), 0.0);
    let at = |d: f32| (10.0, 10.5 + d + 0.75);
    let band = |t: &Table, d: f32| {
        let mut t = t.clone();
        let a = alien(&mut t, "A", at(d), 180.0);
        plan_shot(&t, rules(), m, a, None).map(|p| p.band)
    };
    assert_eq!(band(&t, 11.9), Ok(RangeBand::Medium));
    assert_eq!(band(&t, 12.1), Ok(RangeBand::Long));
    assert_eq!(band(&t, 19.9), Ok(RangeBand::Long));
    assert!(
        band(&t, 20.1).is_err(),
        "past 20\" a standard issue weapon cannot reach"
    );
}
