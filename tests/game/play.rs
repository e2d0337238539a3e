//! Playing through the player's input, headless: selection, the move preview, target highlights,
//! and a move and a shot made by injected mouse and keyboard input.

use crate::scenario;
use ambush::game::resources::GameInPlay;
use ambush::game::state::TurnPhase;
use ambush::game::visibility::PlayerView;
use ambush::input::player_app;
use ambush::input::{Pointer, Previews, Selection};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::{RollEntry, RollKind};
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::preview::{TargetMark, target_marks};
use ambush_engine::rules::table::{MoveKind, Table};
use ambush_engine::rules::turn::Phase;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use std::sync::Arc;

fn solo_app(seed: u64) -> App {
    let mut setup = NewGame::new(scenario("crashed_ship.ron"), seed, 0);
    setup.controllers = Controllers::solo();
    player_app(&setup, Arc::new(Rules::bundled().clone()))
}

fn awaiting(app: &App) -> Option<Decision> {
    app.world().resource::<GameInPlay>().awaiting.0.clone()
}

fn table(app: &App) -> Table {
    app.world()
        .resource::<PlayerView>()
        .table
        .clone()
        .expect("a game is running")
}

fn run_until_human(app: &mut App) -> Decision {
    for _ in 0..200 {
        app.update();
        if let Some(d) = awaiting(app) {
            return d;
        }
    }
    panic!("the game never asked the player for an order");
}

fn point_at(app: &mut App, p: Vec2) {
    app.world_mut().resource_mut::<Pointer>().world = Some(p);
}

/// A left click where the pointer is, pressed for one frame and released the next.
/// Points at `p`, runs a frame, and returns the live move preview there.
fn move_preview_at(app: &mut App, p: Vec2) -> ambush_engine::rules::preview::MovePreview {
    point_at(app, p);
    app.update();
    app.world()
        .resource::<Previews>()
        .movement
        .clone()
        .expect("preview")
}

fn click(app: &mut App) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}

/// A key going down or up, as the window would report it (without running a frame).
fn send_key(app: &mut App, code: KeyCode, state: ButtonState) {
    app.world_mut().write_message(KeyboardInput {
        key_code: code,
        logical_key: Key::Unidentified(bevy::input::keyboard::NativeKey::Unidentified),
        state,
        text: None,
        repeat: false,
        window: Entity::PLACEHOLDER,
    });
}

/// A key pressed for one frame and released the next.
fn key(app: &mut App, code: KeyCode) {
    for state in [ButtonState::Pressed, ButtonState::Released] {
        send_key(app, code, state);
        app.update();
    }
}

fn centre(app: &App, label: &str) -> Vec2 {
    let t = table(app);
    t.units
        .iter()
        .find(|u| u.label.as_ref() == label)
        .map(|u| u.base.center)
        .expect("unit")
}

#[test]
fn selecting_a_marine_brings_its_group_and_the_preview_names_category_and_legality() {
    // 001: "A 'group' is any number of friendly units that are in base contact"; "Straight
    // Forward"; "Fall Back: If the unit moves backwards"; rules.md: fall back is half the SMR.
    let mut app = solo_app(3);
    let d = run_until_human(&mut app);
    assert!(
        matches!(
            d,
            Decision::Move {
                side: Side::Humans,
                ..
            }
        ),
        "{d:?}"
    );
    let m1 = centre(&app, "M1");
    point_at(&mut app, m1);
    click(&mut app);
    let selected = app.world().resource::<Selection>().unit;
    assert_eq!(
        selected.map(|u| table(&app).label(u).to_string()),
        Some("M1".into())
    );
    let previews = app.world().resource::<Previews>();
    assert_eq!(previews.actors.len(), 6, "every marine may move");

    // The live preview follows the pointer: forward (west, from the east edge), the whole group
    // comes.
    let p = move_preview_at(&mut app, m1 + Vec2::new(-3.0, 0.0));
    assert_eq!(p.kind, MoveKind::StraightForward);
    assert!(p.legal(), "{:?}", p.verdict);
    assert_eq!(p.ghosts.len(), 6, "the marines start in base contact");

    // Backwards 3" is a fall back beyond its 2" allowance: shown, and refused with the reason.
    let p = move_preview_at(&mut app, m1 + Vec2::new(3.0, 0.0));
    assert_eq!(p.kind, MoveKind::FallBack);
    let why = p.verdict.clone().unwrap_err();
    assert!(why.to_string().contains("allowance"), "{why}");

    // G moves it alone: sideways (south, its left) is an advance.
    key(&mut app, KeyCode::KeyG);
    let p = move_preview_at(&mut app, m1 + Vec2::new(-0.5, -1.5));
    assert_eq!(p.ghosts.len(), 1);
    assert_eq!(p.kind, MoveKind::Advance);
}

#[test]
fn injected_input_moves_the_marines_and_makes_a_shot_at_a_highlighted_target() {
    // 001: "The target must be in range and in line of sight"; the window only offers targets
    // the rules allow, and the shot goes through the same dice service as every roll.
    let mut app = solo_app(5);
    let d = run_until_human(&mut app);
    assert!(matches!(d, Decision::Move { .. }));
    let m1 = centre(&app, "M1");
    let m6 = centre(&app, "M6");
    point_at(&mut app, m1);
    click(&mut app);
    // Forward is west: the squad beams down to the east edge.
    point_at(&mut app, m1 + Vec2::new(-3.0, 0.0));
    click(&mut app);
    key(&mut app, KeyCode::Enter);
    app.update();
    assert!((centre(&app, "M1") - (m1 + Vec2::new(-3.0, 0.0))).length() < 1e-3);
    assert!(
        (centre(&app, "M6") - (m6 + Vec2::new(-3.0, 0.0))).length() < 1e-3,
        "the group moved"
    );

    // Pass every other decision until a marine has a target, then shoot it by clicking.
    let (t, shooter, mark) = pass_until_a_marine_can_shoot(&mut app);
    point_at(&mut app, t.unit(shooter).unwrap().base.center);
    click(&mut app);
    let previews = app.world().resource::<Previews>().clone();
    let ringed = previews
        .targets
        .iter()
        .find(|m| m.target == mark.target)
        .expect("the target is highlighted");
    assert_eq!(ringed.plan.band, mark.plan.band);
    point_at(&mut app, t.unit(mark.target).unwrap().base.center);
    click(&mut app);
    let preview = app
        .world()
        .resource::<Previews>()
        .shot
        .clone()
        .expect("shot preview");
    let plan = preview.verdict.expect("a legal shot");
    assert_eq!(plan.need, 5);
    let to_hit = enter_and_find_the_roll_to_hit(&mut app);
    assert_eq!(to_hit.actor.as_deref(), Some(t.label(shooter)));
    assert_eq!(to_hit.target.as_deref(), Some(t.label(mark.target)));
    let named: Vec<&str> = to_hit.modifiers.iter().map(|m| &*m.name).collect();
    let previewed: Vec<&str> = plan.modifiers.iter().map(|m| &*m.name).collect();
    assert_eq!(
        named, previewed,
        "the preview named the modifiers the roll used"
    );
}

/// Passes (N) every decision until the marines are asked to shoot with a target in reach.
/// Returns the table then, the first marine with a target, and its first target.
fn pass_until_a_marine_can_shoot(app: &mut App) -> (Table, u32, TargetMark) {
    for _ in 0..400 {
        if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
            break;
        }
        let Some(d) = awaiting(app) else {
            app.update();
            continue;
        };
        let t = table(app);
        let shot = match d {
            Decision::Shoot { side: Side::Humans } => t.side_on_table(Side::Humans).find_map(|u| {
                target_marks(&t, Rules::bundled(), u.id)
                    .first()
                    .map(|m| (u.id, m.clone()))
            }),
            _ => None,
        };
        match shot {
            Some((shooter, mark)) => return (t, shooter, mark),
            None => key(app, KeyCode::KeyN),
        }
    }
    panic!("no marine ever had a target");
}

#[test]
fn hot_seat_hands_the_aliens_decisions_to_the_second_player() {
    // The mission's hot-seat play: both sides' orders come from the players at the machine.
    let mut setup = NewGame::new(scenario("crashed_ship.ron"), 4, 0);
    setup.controllers = Controllers::hot_seat();
    let mut app = player_app(&setup, Arc::new(Rules::bundled().clone()));
    let mut aliens_asked = false;
    for _ in 0..600 {
        match awaiting(&app) {
            Some(d) if d.side() == Side::Aliens => {
                aliens_asked = true;
                break;
            }
            Some(_) => key(&mut app, KeyCode::KeyN),
            None => app.update(),
        }
    }
    assert!(aliens_asked, "the alien player was asked for an order");
    // No AI plays the aliens: when their player passes, not one of them has moved.
    let aliens = |app: &App| -> Vec<Vec2> {
        table(app)
            .side_on_table(Side::Aliens)
            .map(|u| u.base.center)
            .collect()
    };
    let before = aliens(&app);
    assert!(!before.is_empty());
    key(&mut app, KeyCode::KeyN);
    app.update();
    assert_eq!(aliens(&app), before);
}

#[test]
fn a_turn_to_face_the_pointer_is_previewed_with_the_verdict_its_commit_gets() {
    // Found by hand: on the crashed ship's first move, the group at the east edge selected and
    // R pressed, the preview said "Legal" (it asked about the whole group turning in place) and
    // the commit was refused ("M6 has no room to turn there": the order turns the unit alone).
    // A preview's verdict is now the rules' check of the order the commit gives, so the two
    // agree, refused or not.
    let mut app = solo_app(1);
    run_until_human(&mut app);
    let mut seen = (0, 0);
    // The marines stand in a line of square bases, touching: a quarter turn fits, a turn of a
    // fifth of that puts a corner into the neighbour's base.
    for (label, towards) in [
        ("M6", Vec2::new(-10.0, 4.0)),
        ("M3", Vec2::new(-10.0, -3.0)),
        ("M1", Vec2::new(0.0, -10.0)),
    ] {
        let at = centre(&app, label);
        point_at(&mut app, at);
        click(&mut app);
        point_at(&mut app, at + towards);
        key(&mut app, KeyCode::KeyR);
        let (order, verdict) = app
            .world()
            .resource::<Previews>()
            .verdict
            .clone()
            .expect("a drafted turn has a verdict");
        assert!(
            matches!(order, ambush_engine::rules::orders::Order::Rotate { .. }),
            "{order:?}"
        );
        let shown = app.world().resource::<Previews>().movement.clone();
        assert_eq!(shown.map(|m| m.verdict), Some(verdict.clone()), "{label}");
        let orders = app.world().resource::<GameInPlay>().record.orders.len();
        key(&mut app, KeyCode::Enter);
        app.update();
        let given = app.world().resource::<GameInPlay>().record.orders.len() - orders;
        let refusal = app.world().resource::<ambush::input::Refusal>().0.clone();
        match verdict {
            Ok(()) => {
                assert_eq!((given, refusal), (1, None), "{label}: previewed legal");
                seen.0 += 1;
                // The aliens answer, or the marines' next move comes.
                run_until_human(&mut app);
            }
            Err(why) => {
                assert_eq!(given, 0, "{label}: previewed refused");
                assert_eq!(refusal, Some(why.to_string()), "{label}");
                seen.1 += 1;
                key(&mut app, KeyCode::Escape);
            }
        }
    }
    assert!(seen.0 > 0 && seen.1 > 0, "both verdicts were met: {seen:?}");
}

/// Holds `modifier` while `code` is pressed and released, as a player's Shift+arrow.
fn chord(app: &mut App, modifier: KeyCode, code: KeyCode) {
    send_key(app, modifier, ButtonState::Pressed);
    send_key(app, code, ButtonState::Pressed);
    app.update();
    send_key(app, code, ButtonState::Released);
    send_key(app, modifier, ButtonState::Released);
    app.update();
}

#[test]
fn the_keyboard_alone_moves_a_group_and_makes_a_shot() {
    // Every order from the keyboard: Tab picks a unit that can act, Shift+arrows move the table
    // cursor (which places the move, an inch a press), Enter commits; in the shooting phase T
    // picks the shooter's next target in range and sight (001 "To shoot"), Enter shoots. The
    // pointer never moves: no mouse is used.
    let mut app = solo_app(5);
    let d = run_until_human(&mut app);
    assert!(matches!(d, Decision::Move { .. }));
    assert_eq!(app.world().resource::<Pointer>().world, None, "no mouse");
    key(&mut app, KeyCode::Tab);
    let first = app
        .world()
        .resource::<Selection>()
        .unit
        .expect("Tab picks a unit");
    let actors = app.world().resource::<Previews>().actors.clone();
    assert_eq!(actors.first(), Some(&first), "the first unit that can act");
    let label = table(&app).label(first).to_string();
    let start = centre(&app, &label);
    // The pointer lying idle somewhere on the table draws nothing up for a unit picked by keys.
    point_at(&mut app, start + Vec2::new(-12.0, 6.0));
    app.update();
    let idle = app.world().resource::<Previews>().movement.clone();
    assert!(idle.is_none(), "{idle:?}");
    // Forward is west: the squad beams down at the east edge. Three presses of an inch.
    for _ in 0..3 {
        chord(&mut app, KeyCode::ShiftLeft, KeyCode::ArrowLeft);
    }
    let preview = app.world().resource::<Previews>().movement.clone();
    let preview = preview.expect("the cursor placed the move");
    assert!((preview.to - (start + Vec2::new(-3.0, 0.0))).length() < 1e-4);
    assert!(preview.legal(), "{:?}", preview.verdict);
    // [ halves the step: half an inch more.
    key(&mut app, KeyCode::BracketLeft);
    chord(&mut app, KeyCode::ShiftLeft, KeyCode::ArrowLeft);
    key(&mut app, KeyCode::Enter);
    app.update();
    assert!((centre(&app, &label) - (start + Vec2::new(-3.5, 0.0))).length() < 1e-3);

    // Pass every other decision (N) until a marine has a target, then pick it by keys.
    let (t, shooter, _) = pass_until_a_marine_can_shoot(&mut app);
    // Tab walks the shooters to it; T picks its first target.
    for _ in 0..20 {
        if app.world().resource::<Selection>().unit == Some(shooter) {
            break;
        }
        key(&mut app, KeyCode::Tab);
    }
    assert_eq!(app.world().resource::<Selection>().unit, Some(shooter));
    key(&mut app, KeyCode::KeyT);
    let marks = target_marks(&t, Rules::bundled(), shooter);
    let picked = app.world().resource::<Previews>().shot.clone();
    let picked = picked.expect("T drew up a shot");
    assert!(
        picked.verdict.is_ok(),
        "T offers only targets the rules allow"
    );
    assert!(marks.iter().any(|m| Some(m.target) == target_of(&app)));
    let to_hit = enter_and_find_the_roll_to_hit(&mut app);
    assert_eq!(to_hit.actor.as_deref(), Some(t.label(shooter)));
}

/// Presses Enter on a drawn-up shot and returns its roll to hit from the log.
fn enter_and_find_the_roll_to_hit(app: &mut App) -> RollEntry {
    let rolls_before = app.world().resource::<GameInPlay>().dice.log.len();
    key(app, KeyCode::Enter);
    app.update();
    let log = &app.world().resource::<GameInPlay>().dice.log;
    log[rolls_before..]
        .iter()
        .find(|e| e.kind == RollKind::ToHit)
        .cloned()
        .expect("the shot was rolled")
}

/// The target of the shot drawn up, if any.
fn target_of(app: &App) -> Option<u32> {
    match app.world().resource::<Selection>().draft {
        Some(ambush::input::OrderDraft::Shot { target }) => Some(target),
        _ => None,
    }
}

#[test]
fn a_marine_the_ambush_holds_runs_away_by_the_players_own_click_after_the_melee() {
    // 000: "they may run away but they can only do this at the end of the unit". In Jungle
    // Patrol the player at the window is asked, after the melee, whether and where each marine
    // the ladder's third unit holds runs: Tab walks those marines, a move toward an alien is
    // previewed as refused, and a move away commits.
    use ambush_engine::control::marine_ai;
    use ambush_engine::control::memos::AiMemos;
    use ambush_engine::rules::orders::Order;
    let mut ran = false;
    for seed in 1..9 {
        let mut setup = NewGame::new(scenario("jungle_patrol.ron"), seed, 0);
        setup.controllers = Controllers::solo();
        let mut app = player_app(&setup, Arc::new(Rules::bundled().clone()));
        for _ in 0..3_000 {
            if *app.world().resource::<State<TurnPhase>>().get() == Phase::GameOver {
                break;
            }
            let Some(d) = awaiting(&app) else {
                app.update();
                continue;
            };
            if !matches!(d, Decision::RunAway { .. }) {
                key(&mut app, KeyCode::KeyN);
                continue;
            }
            assert_eq!(
                app.world().resource::<GameInPlay>().phase,
                Phase::RunAway,
                "asked after the melee"
            );
            let t = table(&app);
            let order = marine_ai::decide(&t, Rules::bundled(), &d, &AiMemos::default());
            let Order::Move { unit, to, .. } = order else {
                key(&mut app, KeyCode::KeyN);
                continue;
            };
            app.update();
            let actors = app.world().resource::<Previews>().actors.clone();
            assert!(actors.contains(&unit), "{actors:?}");
            let from = t.unit(unit).unwrap().base.center;
            point_at(&mut app, from);
            click(&mut app);
            assert_eq!(app.world().resource::<Selection>().unit, Some(unit));
            // Toward the nearest alien the marines can see: refused, with the reason.
            let alien = t
                .known_enemies(Side::Humans)
                .map(|e| e.base.center)
                .min_by(|a, b| a.distance(from).total_cmp(&b.distance(from)))
                .expect("an alien in sight");
            let toward = from + (alien - from).normalize() * 1.0;
            let p = move_preview_at(&mut app, toward);
            let why = p.verdict.clone().unwrap_err();
            assert!(why.to_string().contains("no farther"), "{why}");
            // Away: placed, previewed as legal, committed.
            point_at(&mut app, to);
            click(&mut app);
            let p = app.world().resource::<Previews>().movement.clone();
            assert!(p.expect("placed").legal());
            key(&mut app, KeyCode::Enter);
            app.update();
            let now = table(&app).unit(unit).unwrap().base.center;
            assert!(now.distance(to) < 1e-3, "{now} {to}");
            ran = true;
            break;
        }
        if ran {
            break;
        }
    }
    assert!(ran, "a held marine ran away by the player's click");
}
