//! A turn of a game played by file, in the window: the table as the received message left it, the player's orders up to the first that rolls, and the answer written when the turn is over.

use crate::game::frame::FrameSet;
use crate::game::phase::RulesPaused;
use crate::game::resources::GameInPlay;
use crate::game::start::start_game;
use crate::game::state::TurnPhase;
use crate::input::InputSet;
use crate::paths::data_folder;
use crate::remote::turns::rolls;
use crate::remote::{Opened, Turn};
use crate::screen::Screen;
use crate::ui::EguiPass;
use ambush_data::board::Side;
use ambush_engine::rules::orders::Order;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What the turn came to: the answer sent, or why not. The command line reads it once the
/// window has closed.
pub type TurnResult = Arc<Mutex<Option<Result<Opened, String>>>>;

/// A turn to play at once, skipping the menu (`ambush pbem open MSG` without `--ai`).
#[derive(Resource)]
pub struct TurnStart {
    pub turn: Box<Turn>,
    /// Where the answer is written.
    pub out: PathBuf,
    pub result: TurnResult,
    /// Back to the menu when the turn is over (it was opened there); else the window closes.
    pub back_to_menu: bool,
    /// Played live: the answer goes back over the connection, not by the player's hand.
    pub live: bool,
}

/// Where the window writes a message for the player to send: `DATA/pbem/outbox/`.
fn outbox(game: crate::remote::Bytes32, seq: u64) -> PathBuf {
    crate::remote::outbox_file(&data_folder(), game, seq)
}

/// A game's first message whose scenario or rule tables are not byte for byte the player's
/// own, waiting for the player to accept or refuse it before anything is kept or played.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct ScenarioToAccept {
    /// The player's data folder.
    pub data: PathBuf,
    /// The received turn file.
    pub message: PathBuf,
    pub set_up: Option<String>,
    /// How it compares, the differing lines among them (`OpeningCheck::lines`).
    pub lines: Vec<String>,
    /// It came over a live connection.
    pub live: bool,
}

/// The menu's part in play by file: the turn file to open, and what the last step came to.
#[derive(Resource, Debug, Default)]
pub struct ByFileMenu {
    pub path: String,
    pub status: Option<(bool, String)>,
}

impl ByFileMenu {
    pub fn say(&mut self, ok: bool, text: String) {
        self.status = Some((ok, text));
    }
}

/// The menu's *Play by file*: open a received turn file (it plays the turn on the table when
/// it is this side's); what came of it is said in the menu's status bar (`status_ui`).
pub fn open_turn_ui(ui: &mut egui::Ui, menu: &mut ByFileMenu, commands: &mut Commands) {
    ui.horizontal(|ui| {
        ui.label("Play by file: open a turn file");
        ui.add(egui::TextEdit::singleline(&mut menu.path).desired_width(320.0));
        if ui.button("Open").clicked() {
            let path = PathBuf::from(menu.path.trim());
            open_from_menu(&path, menu, commands);
        }
    });
}

/// What the last step of play at a distance came to, for the menu's status bar.
pub fn status_ui(ui: &mut egui::Ui, menu: &ByFileMenu) {
    if let Some((ok, text)) = &menu.status {
        let colour = if *ok {
            egui::Color32::from_rgb(150, 210, 150)
        } else {
            egui::Color32::from_rgb(255, 110, 90)
        };
        ui.colored_label(colour, text);
    }
}

fn open_from_menu(path: &std::path::Path, menu: &mut ByFileMenu, commands: &mut Commands) {
    open_with_set_up(path, None, false, menu, commands);
}

/// A live game to host, its set-up chosen in the set-up screens: live play takes it from here
/// (`screen::live`), so these screens never call into it.
#[derive(Resource, Debug, Clone)]
pub struct HostChosen {
    pub file: PathBuf,
    pub side: Side,
    pub port: u16,
    /// The scenario with this side's pieces placed, as text.
    pub set_up: String,
}

/// What a set-up chosen in the set-up screens is for, when playing by file.
#[derive(Debug, Clone)]
pub enum ByFile {
    /// A new game of this scenario file, as this side.
    Start { file: PathBuf, side: Side },
    /// The answer to this received turn file; `accepted` when its scenario was not the
    /// player's own and the player accepted it; `live` when it came over a live connection.
    Answer {
        message: PathBuf,
        accepted: bool,
        live: bool,
    },
    /// A new game of this scenario file, as this side, hosted live on this port.
    Host {
        file: PathBuf,
        side: Side,
        port: u16,
    },
}

/// The set-up screens for `side`'s own secret set-up of `scenario`'s ambush, when it has one
/// to choose: they go on to `by_file` when done.
/// `rules` are the game's tables: the bundled ones, or its mod's, which the placements are
/// checked against.
pub(super) fn set_up_screens(
    scenario: &ambush_data::scenario::Scenario,
    rules: Arc<ambush_data::Rules>,
    side: Side,
    by_file: ByFile,
    commands: &mut Commands,
) -> bool {
    let mut setup = ambush_engine::play::new_game::NewGame::new(scenario.clone(), 0, 0);
    let mut controllers = ambush_engine::control::Controllers::all_ai();
    match side {
        Side::Humans => controllers.humans = ambush_engine::control::Controller::Human,
        Side::Aliens => controllers.aliens = ambush_engine::control::Controller::Human,
    }
    setup.controllers = controllers;
    let Some(mut wizard) = crate::screen::DeploymentWizard::new(setup, rules) else {
        return false;
    };
    wizard.by_file = Some(by_file);
    commands.insert_resource(wizard);
    commands.queue(|world: &mut World| {
        world
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Deployment)
    });
    true
}

/// The set-up screens are done: the game starts, or the turn file is answered, with `chosen`
/// (the scenario with this side's pieces placed) as this side's secret set-up.
pub fn set_up_chosen(
    by_file: ByFile,
    chosen: &ambush_data::scenario::Scenario,
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    let text = match crate::editor::files::scenario_text(chosen) {
        Ok(text) => text,
        Err(why) => return menu.say(false, why),
    };
    match by_file {
        ByFile::Start { file, side } => start_by_file(&file, side, Some(&text), menu),
        ByFile::Answer {
            message,
            accepted,
            live,
        } => open_in(
            &data_folder(),
            &message,
            (Some(text), accepted, live),
            menu,
            commands,
        ),
        ByFile::Host { file, side, port } => commands.insert_resource(HostChosen {
            file,
            side,
            port,
            set_up: text,
        }),
    }
}

/// Starts a game of `file` by file as `side`, its first message into the outbox.
fn start_by_file(file: &std::path::Path, side: Side, set_up: Option<&str>, menu: &mut ByFileMenu) {
    // A mod's scenario is read inside its mod, and the mod's tables travel with it.
    let read = crate::remote::scenario_to_play(file);
    let started = read.map_err(|e| e.to_string()).and_then(|(text, tables)| {
        let staging = crate::paths::outbox(&data_folder()).join("new.ron");
        let game = crate::remote::start(&data_folder(), &text, side, tables, &staging, set_up)
            .map_err(|e| e.to_string())?;
        let out = outbox(game, 0);
        std::fs::rename(&staging, &out).map_err(|e| e.to_string())?;
        Ok(out)
    });
    match started {
        Ok(out) => menu.say(
            true,
            format!(
                "A game by file is started: send {} to your opponent.",
                out.display()
            ),
        ),
        Err(why) => menu.say(false, why),
    }
}

/// Opens a received turn file: first the set-up screens when this side's secret set-up is
/// owed and not chosen yet, then the turn on the table, or the answer at once. A game's first
/// message whose scenario or rules are not the player's own waits for the player to accept it.
/// `live` when it came over a live connection.
pub(super) fn open_with_set_up(
    path: &std::path::Path,
    set_up: Option<String>,
    live: bool,
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    open_in(&data_folder(), path, (set_up, false, live), menu, commands);
}

/// `open_with_set_up` in the data folder `data`, the game's scenario `accepted` or not.
fn open_in(
    data: &std::path::Path,
    path: &std::path::Path,
    (set_up, accepted, live): (Option<String>, bool, bool),
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    match crate::remote::prepare(data, path) {
        Err(e) => menu.say(false, e.to_string()),
        Ok(crate::remote::Prepared::Over(o)) => menu.say(
            true,
            format!(
                "The game is over ({}); nothing is left to send.",
                o.ending.unwrap_or_default()
            ),
        ),
        Ok(crate::remote::Prepared::Answer(mut turn)) => {
            if let Some(check) = turn.opening_check.as_ref().filter(|c| !c.is_same())
                && !accepted
            {
                menu.say(
                    false,
                    "This game's scenario is not your own: accept or refuse it.".into(),
                );
                commands.insert_resource(ScenarioToAccept {
                    data: data.to_path_buf(),
                    message: path.to_path_buf(),
                    set_up,
                    lines: check.lines(),
                    live,
                });
                return;
            }
            if set_up.is_none() && turn.set_up_owed() {
                let by_file = ByFile::Answer {
                    message: path.to_path_buf(),
                    accepted,
                    live,
                };
                let rules = turn.rules().clone();
                if set_up_screens(
                    &turn.rebuilt.scenario,
                    rules,
                    turn.side(),
                    by_file,
                    commands,
                ) {
                    return;
                }
            }
            turn.set_up = set_up;
            let out = crate::remote::outbox_file(data, turn.game(), turn.answer_seq());
            if !turn.is_mine() {
                match turn.send(Vec::new(), None, &out) {
                    Ok(_) => menu.say(true, format!("Answered: send {}", out.display())),
                    Err(e) => menu.say(false, e.to_string()),
                }
                return;
            }
            commands.insert_resource(TurnStart {
                turn,
                out,
                result: TurnResult::default(),
                back_to_menu: true,
                live,
            });
            commands.queue(start_turn);
        }
    }
}

/// The player's choice on a game whose scenario is not its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScenarioChoice {
    Accept,
    Refuse,
}

/// What the window shows of a game's scenario that is not the player's own: how it differs,
/// and the buttons to accept or refuse it.
pub fn scenario_to_accept_ui(
    ui: &mut egui::Ui,
    asked: &ScenarioToAccept,
) -> Option<ScenarioChoice> {
    let mut choice = None;
    ui.label(format!(
        "The game in {} is not played with your own scenario or rules:",
        asked.message.display()
    ));
    ui.add_space(6.0);
    egui::ScrollArea::vertical()
        .max_height(320.0)
        .show(ui, |ui| {
            for line in &asked.lines {
                if line.starts_with("    ") {
                    ui.monospace(line.trim_start());
                } else {
                    ui.label(line);
                }
            }
        });
    ui.add_space(6.0);
    ui.label("Play it only if you agreed to it with the other player. Refusing keeps nothing.");
    ui.horizontal(|ui| {
        if ui.button("Accept and play").clicked() {
            choice = Some(ScenarioChoice::Accept);
        }
        if ui.button("Refuse").clicked() {
            choice = Some(ScenarioChoice::Refuse);
        }
    });
    choice
}

/// The question over the menu: accept or refuse a game whose scenario is not the player's own.
fn ask_to_accept_the_scenario(
    mut contexts: EguiContexts,
    asked: Res<ScenarioToAccept>,
    mut menu: ResMut<ByFileMenu>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut choice = None;
    egui::Window::new("Not your scenario")
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .default_width(640.0)
        .show(ctx, |ui| choice = scenario_to_accept_ui(ui, &asked));
    if let Some(choice) = choice {
        commands.remove_resource::<ScenarioToAccept>();
        decide_on_the_scenario(asked.clone(), choice, &mut menu, &mut commands);
    }
    Ok(())
}

/// Accepting opens the message and plays on; refusing keeps nothing.
fn decide_on_the_scenario(
    asked: ScenarioToAccept,
    choice: ScenarioChoice,
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    match choice {
        ScenarioChoice::Accept => open_in(
            &asked.data,
            &asked.message,
            (asked.set_up, true, asked.live),
            menu,
            commands,
        ),
        ScenarioChoice::Refuse => menu.say(
            false,
            format!(
                "Refused the game in {}: nothing was kept.",
                asked.message.display()
            ),
        ),
    }
}

/// The menu's buttons that start a game of `file` by file, as either side.
pub fn start_game_ui(
    ui: &mut egui::Ui,
    (file, rules): (&std::path::Path, &Arc<ambush_data::Rules>),
    scenario: &ambush_data::scenario::Scenario,
    names: (&str, &str),
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    ui.horizontal(|ui| {
        ui.label("Play by file:");
        for (side, name) in [(Side::Humans, names.0), (Side::Aliens, names.1)] {
            if ui.button(format!("start as the {name}")).clicked() {
                // An ambush: this side's secret set-up first, in the set-up screens.
                let by_file = ByFile::Start {
                    file: file.to_path_buf(),
                    side,
                };
                if !set_up_screens(scenario, rules.clone(), side, by_file, commands) {
                    start_by_file(file, side, None, menu);
                }
            }
        }
    });
}

/// A turn for the window to open on, handed over once (the window's options are cloned).
#[derive(Clone, Default)]
pub struct TurnToOpen(pub Arc<Mutex<Option<TurnStart>>>);

impl TurnToOpen {
    pub fn of(start: TurnStart) -> TurnToOpen {
        TurnToOpen(Arc::new(Mutex::new(Some(start))))
    }

    /// The turn, taken out.
    pub fn take(&self) -> Option<TurnStart> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

impl std::fmt::Debug for TurnToOpen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("TurnToOpen")
    }
}

/// The turn in play.
#[derive(Resource)]
struct TurnInPlay {
    turn: Option<Box<Turn>>,
    out: PathBuf,
    side: Side,
    /// The game's count of orders when the turn began: this turn's are those after it.
    first_order: usize,
    /// The order that rolls: it ends the turn, and its dice wait for the answer.
    last: Option<Order>,
    result: TurnResult,
    back_to_menu: bool,
    /// An ambush whose units still hide: the table is the one the ambusher's game showed, and
    /// the turn's orders are queued for that game to give.
    sealed: bool,
    /// The rules refused one of the orders queued last (for something this side could not see).
    refused: bool,
    /// A live game: the answer goes over the connection, not by the player's hand.
    live: bool,
}

/// The turn just sent by file, for the screen that follows the table.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct TurnSent {
    /// The file to send.
    pub file: PathBuf,
    /// The answer's place among the game's messages.
    pub seq: u64,
    pub orders: usize,
    /// Why the turn ended.
    pub why: String,
    /// How the game ended, once it has.
    pub ending: Option<String>,
    /// Opened from the command line: the window may close, and the command says what was sent.
    pub from_command_line: bool,
}

impl TurnSent {
    /// What the screen says: what was sent, where the file is, and what to do with it.
    pub fn lines(&self) -> [String; 3] {
        let orders = match self.orders {
            1 => "1 order".to_string(),
            n => format!("{n} orders"),
        };
        let what = format!(
            "Message {} is written: your {orders}, as your turn ended because {}.",
            self.seq, self.why
        );
        let where_ = format!("The file: {}", self.file.display());
        let next = match &self.ending {
            Some(ending) => format!(
                "The game is over ({ending}). Send this last file to your opponent so their game ends too; then `ambush pbem verify` checks the whole game."
            ),
            None => "Send this file to your opponent (by e-mail, chat or a shared folder). They open it with the menu's Play by file (or `ambush pbem open FILE --out NEXT`); when their answer comes back, open it the same way to play your next turn.".to_string(),
        };
        [what, where_, next]
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ByFileMenu>()
        .add_systems(OnEnter(Screen::Menu), start_turn)
        .add_systems(
            EguiPrimaryContextPass,
            draw_turn_sent
                .in_set(EguiPass::Screens)
                .run_if(in_state(Screen::TurnSent)),
        )
        .add_systems(OnExit(Screen::Table), turn_left)
        .add_systems(
            EguiPrimaryContextPass,
            ask_to_accept_the_scenario
                .in_set(EguiPass::Screens)
                .run_if(resource_exists::<ScenarioToAccept>),
        )
        .add_systems(
            Update,
            hold_an_order_that_rolls
                .after(InputSet::Apply)
                .in_set(FrameSet::Input)
                .run_if(resource_exists::<TurnInPlay>),
        )
        .add_systems(
            Update,
            end_of_turn
                .in_set(FrameSet::Presentation)
                .run_if(resource_exists::<TurnInPlay>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            say_how_the_turn_ends
                .in_set(EguiPass::Screens)
                .run_if(resource_exists::<TurnInPlay>),
        );
}

/// How a turn at a distance ends, as `remote::turns::rolls` decides: an order counts as rolling
/// when the rules roll after it before the next decision (its phase ends and the next one
/// rolls), since those dice too need the other player's contribution.
pub const TURN_ENDS: &str = "your turn ends with your first order that rolls a die, or after which the rules roll one (an order that ends a phase may), or when the decision passes to your opponent; its dice come with the answer.";

/// A line atop the table: whose turn this is, how it ends and where the answer goes.
fn say_how_the_turn_ends(mut contexts: EguiContexts, turn: Res<TurnInPlay>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("pbem turn"))
        // Over the table's top left, clear of the side panels and the legend.
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(236.0, 30.0))
        .show(ctx, |ui| {
            ui.set_max_width(540.0);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                let to = if turn.live {
                    "to the other player".to_string()
                } else {
                    format!("to {}", turn.out.display())
                };
                if turn.sealed {
                    ui.label(format!(
                        "Playing at a distance as the {:?}: the ambushers are hidden, so only their player's game can play your orders. Your orders are queued and sent {to}; their game gives them in order, stopping at any the rules refuse or once something hidden comes to light, and the answer brings the table where it stopped. {TURN_ENDS}",
                        turn.side,
                    ));
                    if turn.refused {
                        ui.colored_label(
                            egui::Color32::from_rgb(255, 170, 90),
                            "The rules refused one of your queued orders, for something your side could not see: choose again.",
                        );
                    }
                } else {
                    ui.label(format!(
                        "Playing at a distance as the {:?}: {TURN_ENDS} The answer goes {to}.",
                        turn.side,
                    ));
                }
            });
        });
    Ok(())
}

/// Puts the received message's table in play, once the files are loaded.
fn start_turn(world: &mut World) {
    let Some(start) = world.remove_resource::<TurnStart>() else {
        return;
    };
    let TurnStart {
        turn,
        out,
        result,
        back_to_menu,
        live,
    } = start;
    let setup = match turn.setup() {
        Ok(s) => s,
        Err(e) => {
            *result.lock().unwrap_or_else(|p| p.into_inner()) = Some(Err(e.to_string()));
            world.write_message(AppExit::error());
            return;
        }
    };
    start_game(world, &setup, turn.rules().clone());
    // The last game played in the window is not this one: it must not be autosaved, played
    // again or taken back over this turn.
    world.remove_resource::<crate::screen::CurrentGame>();
    let game = turn.rebuilt.game.clone();
    let first_order = game.record.orders.len();
    world.resource_mut::<GameInPlay>().0 = game;
    let side = turn.side();
    let (sealed, refused) = (turn.rebuilt.sealed, turn.rebuilt.refused_last());
    // The player at the screen is this side's: no hand-over curtain, as in hot-seat play.
    world.insert_resource(crate::ui::Curtain(Some(side)));
    world.insert_resource(TurnInPlay {
        turn: Some(turn),
        out,
        side,
        first_order,
        last: None,
        result,
        back_to_menu,
        sealed,
        refused,
        live,
    });
    world.resource_mut::<NextState<Screen>>().set(Screen::Table);
}

/// The table left before the turn was over (the game menu's way out): nothing is sent, and
/// opening the turn file again plays the turn.
fn turn_left(turn: Option<Res<TurnInPlay>>, mut menu: ResMut<ByFileMenu>, mut commands: Commands) {
    if let Some(t) = turn {
        if t.turn.is_some() {
            menu.say(
                false,
                "The turn was left unfinished: nothing was sent; open the turn file again to play it."
                    .into(),
            );
        }
        commands.remove_resource::<TurnInPlay>();
    }
    commands.remove_resource::<RulesPaused>();
}

/// An order of the player's that rolls is not played now: its dice need the answer's
/// contribution. It ends the turn instead, as the message's last order.
fn hold_an_order_that_rolls(mut turn: ResMut<TurnInPlay>, game: Option<ResMut<GameInPlay>>) {
    let Some(mut game) = game else { return };
    if turn.last.is_some() {
        game.pending.0.clear();
        return;
    }
    let side = turn.side;
    let Some(k) = game.pending.0.iter().position(|(s, _)| *s == side) else {
        return;
    };
    let order = game.pending.0[k].1.clone();
    if rolls(&game, side, &order) == Some(true) {
        game.pending.0.remove(k);
        turn.last = Some(order);
    }
}

/// The turn is over when the player has given an order that rolls, the game waits on the
/// other side, or it has ended: the answer is sent, and by file the next screen says what to
/// do with it (live, it goes back at once and the window returns to the menu or closes).
fn end_of_turn(
    mut turn: ResMut<TurnInPlay>,
    game: Option<Res<GameInPlay>>,
    mut exit: MessageWriter<AppExit>,
    mut menu: ResMut<ByFileMenu>,
    mut screen: ResMut<NextState<Screen>>,
    mut phase: ResMut<NextState<TurnPhase>>,
    mut commands: Commands,
) {
    let Some(game) = game else { return };
    let theirs = game.awaited().is_some_and(|d| d.side() != turn.side);
    if turn.last.is_none() && !theirs && !game.is_over() {
        return;
    }
    let Some(mut t) = turn.turn.take() else {
        return;
    };
    let orders = game.record.orders[turn.first_order.min(game.record.orders.len())..].to_vec();
    let why = if game.is_over() {
        "the game ended".to_string()
    } else if turn.last.is_some() {
        "your last order rolls dice".to_string()
    } else {
        format!("the decision passed to the {:?}", turn.side.other())
    };
    t.rebuilt.game = game.0.clone();
    let sent = if turn.sealed {
        // Played here on the table as shown, for this side to choose the next: only the
        // ambusher's game can give them, so all go as a queue.
        let mut queued: Vec<Order> = orders.into_iter().map(|o| o.order).collect();
        queued.extend(turn.last.take());
        t.send_queued(Vec::new(), None, queued, &turn.out)
    } else {
        t.send(orders, turn.last.take(), &turn.out)
    };
    let failed = sent.is_err();
    if let Ok(opened) = &sent
        && !turn.live
        && let Some(seq) = opened.answered
    {
        // By file the player still has a file to send: a screen says what it is, where it is
        // and what to do with it, rather than the window closing on it.
        menu.say(
            true,
            format!("Your turn is over: send {}", turn.out.display()),
        );
        commands.insert_resource(TurnSent {
            file: turn.out.clone(),
            seq,
            orders: opened.orders,
            why,
            ending: opened.ending.clone(),
            from_command_line: !turn.back_to_menu,
        });
        phase.set(TurnPhase(Phase::NoGame));
        screen.set(Screen::TurnSent);
    } else if turn.back_to_menu {
        match &sent {
            Ok(_) if turn.live => menu.say(
                true,
                "Your turn is over: it goes to the other player as soon as it is kept.".into(),
            ),
            Ok(_) => menu.say(
                true,
                format!("Your turn is over: send {}", turn.out.display()),
            ),
            Err(e) => menu.say(false, e.to_string()),
        }
        screen.set(Screen::Menu);
    } else {
        exit.write(if failed {
            AppExit::error()
        } else {
            AppExit::Success
        });
    }
    *turn.result.lock().unwrap_or_else(|p| p.into_inner()) = Some(sent.map_err(|e| e.to_string()));
}

/// The screen after a turn sent by file: what was sent, the file with a button to copy its
/// path, what to do with it, and the way back to the menu.
fn draw_turn_sent(
    mut contexts: EguiContexts,
    sent: Option<Res<TurnSent>>,
    mut screen: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut copied: Local<bool>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(sent) = sent else {
        return Ok(());
    };
    let [what, file, next] = sent.lines();
    let mut root = crate::ui::window_ui(ctx, "turn sent");
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.set_max_width(720.0);
            ui.heading("Your turn is over");
            ui.add_space(8.0);
            ui.label(what);
            ui.add_space(8.0);
            ui.horizontal_wrapped(|ui| {
                ui.strong(file);
            });
            ui.horizontal(|ui| {
                if ui.button("Copy the path").clicked() {
                    ui.ctx().copy_text(sent.file.display().to_string());
                    *copied = true;
                }
                if *copied {
                    ui.label("Copied.");
                }
            });
            ui.add_space(8.0);
            ui.label(next);
            ui.add_space(12.0);
            ui.horizontal(|ui| {
                if ui.button("Back to the menu").clicked() {
                    *copied = false;
                    commands.remove_resource::<TurnSent>();
                    screen.set(Screen::Menu);
                }
                if sent.from_command_line && ui.button("Close the window").clicked() {
                    exit.write(AppExit::Success);
                }
            });
        });
    });
    Ok(())
}

#[cfg(test)]
mod tests;
