//! Play by file in the window: turn files opened from the menu, set-ups chosen, scenarios accepted or refused, and what the menu says.

use super::*;
use crate::remote::{Prepared, open, prepare, start};
use ambush_engine::control::{Controller, Controllers};
use bevy::state::app::StatesPlugin;
use std::path::Path;

/// Issue 25: "Open turn file ... lets you play your turn, and writes the answer": the
/// player's orders are played at once until one rolls (which ends the turn as the
/// message's last) or the decision passes to the other side; the answer is written, and
/// the other player's game takes it.
#[test]
fn a_turn_played_in_the_window_is_sent_when_it_is_over() {
    let (dir, i, sent, answer, app) = a_humans_turn_in_the_window("crashed_ship", "window");
    let m = |i: u32| dir.join(format!("m{i}.ron"));
    let orders = answer.message.orders.len() + usize::from(answer.message.last.is_some());
    assert!(orders > 0, "the turn's orders are in the answer");
    assert_eq!(sent.orders, orders);
    // The window stays open on a screen that says what was sent and where the file is.
    let mut app = app;
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::TurnSent
    );
    assert!(
        app.world().resource::<Messages<AppExit>>().is_empty(),
        "the window does not close on the player"
    );
    let shown = app.world().resource::<TurnSent>().clone();
    assert_eq!(shown.file, m(i + 1));
    assert_eq!((shown.seq, shown.orders), (u64::from(i) + 1, orders));
    assert!(shown.from_command_line);
    let [what, file, next] = shown.lines();
    assert!(what.contains(&format!("Message {}", i + 1)), "{what}");
    assert!(file.contains(&m(i + 1).display().to_string()), "{file}");
    assert!(next.contains("Send this file to your opponent"), "{next}");
    // The aliens' game takes the answer and plays on.
    open(&dir.join("B"), &m(i + 1), true, &m(i + 2), None, false)
        .expect("the aliens take the answer");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 36: "Let the column send a whole phase's orders in one message". The marines of a
/// jungle patrol, kept in the dark, play their turn in the window on the table they were
/// shown: every order goes as the answer's queue, and the ambusher's game gives them.
#[test]
fn a_sealed_columns_turn_in_the_window_is_sent_as_its_queue() {
    let (dir, i, sent, answer, _app) = a_humans_turn_in_the_window("jungle_patrol", "queue");
    let m = |i: u32| dir.join(format!("m{i}.ron"));
    let message = &answer.message;
    assert!(message.orders.is_empty() && message.last.is_none());
    assert!(!message.queued.is_empty(), "the turn's orders are queued");
    assert_eq!(sent.orders, message.queued.len());
    // The ambusher's game gives them, and shows the column where it stopped.
    open(&dir.join("B"), &m(i + 1), true, &m(i + 2), None, false)
        .expect("the ambusher's game takes the queue");
    let shown = crate::remote::MessageFile::read(&m(i + 2)).expect("written");
    let view = shown.message.view.expect("still sealed");
    assert!(
        view.column_queue.len() < message.queued.len(),
        "some of the queue was given"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game by file of `scenario` between the humans in the window (A) and the aliens' AI
/// (B), up to the humans' first turn, played in the window with the marines' AI's orders
/// until it is sent. Returns the folder, the message the humans answered, what was sent,
/// the answer, and the window.
fn a_humans_turn_in_the_window(
    scenario: &str,
    name: &str,
) -> (
    std::path::PathBuf,
    u32,
    crate::remote::Opened,
    crate::remote::MessageFile,
    App,
) {
    let dir = std::env::temp_dir().join(format!("ambush-pbem-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("scenarios/{scenario}.ron")),
    )
    .expect("the scenario");
    let (a, b) = (dir.join("A"), dir.join("B"));
    let m = |i: u32| dir.join(format!("m{i}.ron"));
    start(&a, &text, Side::Humans, None, &m(0), None).expect("started");
    // The aliens (B, the AI) and the humans (A) answer until the humans' turn comes.
    let mut i = 0;
    let turn = loop {
        let (who, ai) = if i % 2 == 0 { (&b, true) } else { (&a, false) };
        if ai {
            open(who, &m(i), true, &m(i + 1), None, false).expect("the AI answers");
        } else {
            match prepare(who, &m(i)).expect("the message opens") {
                Prepared::Answer(turn) if turn.is_mine() => break turn,
                Prepared::Answer(turn) => {
                    turn.send(Vec::new(), None, &m(i + 1)).expect("answered");
                }
                Prepared::Over(_) => panic!("over before the humans played"),
            }
        }
        i += 1;
        // Each game's opening is random, and so is how long a sealed column's approach lasts:
        // the humans' first turn came at the 7th to the 33rd message in 750 such games.
        assert!(i < 100, "the humans never get a turn");
    };
    // The window: the game as the message left it, and the turn's state.
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin));
    app.init_state::<Screen>();
    app.init_state::<TurnPhase>();
    app.add_message::<AppExit>();
    let result = TurnResult::default();
    let first_order = turn.rebuilt.game.record.orders.len();
    let (sealed, refused) = (turn.rebuilt.sealed, turn.rebuilt.refused_last());
    app.insert_resource(GameInPlay(turn.rebuilt.game.clone()));
    app.insert_resource(TurnInPlay {
        turn: Some(turn),
        out: m(i + 1),
        side: Side::Humans,
        first_order,
        last: None,
        result: result.clone(),
        back_to_menu: false,
        sealed,
        refused,
        live: false,
    });
    app.init_resource::<ByFileMenu>();
    app.add_systems(
        Update,
        (hold_an_order_that_rolls, step, end_of_turn).chain(),
    );
    // The player gives the orders the marines' AI would, one a frame.
    let Controller::Ai(marines) = Controllers::all_ai().humans else {
        unreachable!("the marines have an AI")
    };
    for _ in 0..200 {
        if result.lock().expect("a lock").is_some() {
            break;
        }
        {
            let mut game = app.world_mut().resource_mut::<GameInPlay>();
            if game.pending.0.is_empty()
                && let Some(d) = game.awaited().cloned()
                && d.side() == Side::Humans
            {
                let order = game.ai_order(marines, &d);
                game.pending.push(Side::Humans, order);
            }
        }
        app.update();
    }
    let sent = result
        .lock()
        .expect("a lock")
        .take()
        .expect("the turn ended")
        .expect("the answer is sent");
    assert_eq!(sent.answered, Some(u64::from(i) + 1));
    let answer = crate::remote::MessageFile::read(&m(i + 1)).expect("written");
    (dir, i, sent, answer, app)
}

/// Issue 36: "window: the pbem screen shows the difference and Accept/Refuse buttons
/// before the first move", and refusing keeps nothing.
#[test]
fn a_game_whose_scenario_is_not_the_players_own_waits_for_accept_or_refuse() {
    let dir = std::env::temp_dir().join(format!("ambush-pbem-accept-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/jungle_patrol.ron"),
    )
    .expect("the jungle patrol");
    let rigged = text.replace(
        "\"blaster\", \"laser_pistol\"], armour: true",
        "\"laser_pistol\"]",
    );
    assert_ne!(rigged, text);
    let (a, b) = (dir.join("A"), dir.join("B"));
    let m0 = dir.join("m0.ron");
    start(&a, &rigged, Side::Humans, None, &m0, None).expect("started");
    let mut world = World::new();
    let mut queue = bevy::ecs::world::CommandQueue::default();
    let mut menu = ByFileMenu::default();
    {
        let mut commands = Commands::new(&mut queue, &world);
        open_in(&b, &m0, (None, false, false), &mut menu, &mut commands);
    }
    queue.apply(&mut world);
    let asked = world
        .get_resource::<ScenarioToAccept>()
        .expect("the player is asked")
        .clone();
    let said = asked.lines.join("\n");
    assert!(said.contains("NOT your file"), "{said}");
    assert!(said.contains("jungle_patrol.ron"), "{said}");
    assert!(
        said.contains("- line") && said.contains("armour: true"),
        "{said}"
    );
    assert!(
        !b.join("pbem").exists(),
        "nothing is kept before the choice"
    );
    // The question is drawn with both buttons.
    let ctx = egui::Context::default();
    let output = ctx.run_ui(egui::RawInput::default(), |ui| {
        assert_eq!(scenario_to_accept_ui(ui, &asked), None);
    });
    output.drop_without_applying_deltas();
    {
        let mut commands = Commands::new(&mut queue, &world);
        decide_on_the_scenario(asked, ScenarioChoice::Refuse, &mut menu, &mut commands);
    }
    let (ok, text) = menu.status.clone().expect("said");
    assert!(!ok && text.contains("nothing was kept"), "{text}");
    assert!(!b.join("pbem").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The height of the menu's *Play by file* row, drawn once in a fresh egui frame.
fn row_height(menu: &mut ByFileMenu) -> f32 {
    let world = World::new();
    let mut queue = bevy::ecs::world::CommandQueue::default();
    let mut commands = Commands::new(&mut queue, &world);
    let ctx = egui::Context::default();
    let mut height = 0.0;
    let output = ctx.run_ui(egui::RawInput::default(), |ui| {
        height = ui
            .scope(|ui| open_turn_ui(ui, menu, &mut commands))
            .response
            .rect
            .height();
    });
    output.drop_without_applying_deltas();
    height
}

#[test]
fn what_play_by_file_says_never_moves_the_menu_under_the_pointer() {
    // "start as the marines" wrote its message into this row, and every button below it
    // moved down a line: the next click landed on "Edit in the scenario editor".
    let mut menu = ByFileMenu::default();
    let quiet = row_height(&mut menu);
    assert!(quiet > 0.0);
    menu.say(
        true,
        "A game by file is started: send /tmp/a/long/path/pbem/outbox/0000.ron to your opponent."
            .into(),
    );
    assert_eq!(
        row_height(&mut menu),
        quiet,
        "the message is said elsewhere"
    );
    menu.say(false, "cannot be read".into());
    assert_eq!(row_height(&mut menu), quiet);
}

/// The game's step, as the window's rules set plays it.
fn step(game: Option<ResMut<GameInPlay>>) {
    if let Some(mut game) = game {
        game.step();
    }
}
