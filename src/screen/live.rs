//! Live play in the window: host a game of a scenario, or join one, over the connection of `remote::live`; each of this side's turns opens on the table as a turn file would, and its answer goes straight back.

use crate::game::frame::FrameSet;
use crate::paths::data_folder;
use crate::remote::live::{Ended, Heard, InviteCode, Link, LiveState, Next, start_to_host};
use crate::screen::by_file::{ByFile, ByFileMenu, HostChosen, open_with_set_up, set_up_screens};
use ambush_data::board::Side;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use std::path::Path;
use std::sync::Mutex;

/// A live game in progress: the connection, and where this side stands.
#[derive(Resource)]
pub struct LivePlay {
    link: Mutex<Link>,
    state: LiveState,
    /// What the menu says of it.
    status: String,
}

/// The menu's fields for live play.
#[derive(Resource, Debug)]
pub struct LiveMenu {
    pub port: String,
    pub address: String,
    /// The invite code the host read out, to join its game.
    pub code: String,
}

impl Default for LiveMenu {
    fn default() -> LiveMenu {
        LiveMenu {
            port: "7777".into(),
            address: "127.0.0.1:7777".into(),
            code: String::new(),
        }
    }
}

/// What the menu's rows for play at a distance read and change: by file and live.
#[derive(SystemParam)]
pub struct RemotePlay<'w> {
    pub by_file: ResMut<'w, ByFileMenu>,
    pub live_menu: ResMut<'w, LiveMenu>,
    pub live: Option<Res<'w, LivePlay>>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LiveMenu>().add_systems(
        Update,
        (
            host_chosen.run_if(resource_exists::<HostChosen>),
            drive_live.run_if(resource_exists::<LivePlay>),
        )
            .chain()
            .in_set(FrameSet::Presentation),
    );
}

/// Hosts the game whose set-up the set-up screens chose.
fn host_chosen(chosen: Res<HostChosen>, mut menu: ResMut<ByFileMenu>, mut commands: Commands) {
    let HostChosen {
        file,
        side,
        port,
        set_up,
    } = chosen.clone();
    commands.remove_resource::<HostChosen>();
    host_game(&file, side, port, Some(&set_up), &mut menu, &mut commands);
}

fn outbox_dir() -> std::path::PathBuf {
    crate::paths::outbox(&data_folder())
}

/// The menu's row: join a game at an address, or how the live game stands.
pub fn join_ui(ui: &mut egui::Ui, remote: &mut RemotePlay, commands: &mut Commands) {
    ui.horizontal(|ui| {
        // As high as the row with its field and button, so the menu below does not move.
        ui.set_min_height(ui.spacing().interact_size.y);
        if let Some(live) = &remote.live {
            ui.label(format!("Playing live: {}", live.status));
            return;
        }
        ui.label("Play live: join a game hosted at");
        ui.add(egui::TextEdit::singleline(&mut remote.live_menu.address).desired_width(160.0));
        ui.label("with the invite code");
        ui.add(
            egui::TextEdit::singleline(&mut remote.live_menu.code)
                .hint_text("k3f9-2xqm-7w0c-hv5d")
                .desired_width(160.0),
        );
        if ui.button("Join").clicked() {
            let menu = &remote.live_menu;
            let joined = menu
                .address
                .trim()
                .parse()
                .map_err(|e| format!("{}: {e}", menu.address.trim()))
                .and_then(|addr| Ok((addr, InviteCode::parse(&menu.code)?)))
                .and_then(|(addr, code)| Link::join(addr, &code));
            match joined {
                Ok(link) => {
                    // The game is the host's, or the one this folder keeps, to resume.
                    let game = crate::remote::live::game_to_resume(&data_folder()).ok();
                    commands.insert_resource(LivePlay {
                        link: Mutex::new(link),
                        state: LiveState::new(data_folder(), game),
                        status: "joining…".into(),
                    });
                }
                Err(why) => remote.by_file.say(false, why),
            }
        }
    });
}

/// The buttons that host a new game of `file` live, as either side, on the menu's port.
pub fn host_ui(
    ui: &mut egui::Ui,
    (file, rules): (&Path, &std::sync::Arc<ambush_data::Rules>),
    scenario: &ambush_data::scenario::Scenario,
    names: (&str, &str),
    remote: &mut RemotePlay,
    commands: &mut Commands,
) {
    ui.horizontal(|ui| {
        // While a game is live the row stays, as high, so the buttons below it do not move.
        ui.set_min_height(ui.spacing().interact_size.y);
        if remote.live.is_some() {
            ui.label("Play live: a game is in progress (its state is above).");
            return;
        }
        ui.label("Play live: host on port");
        ui.add(egui::TextEdit::singleline(&mut remote.live_menu.port).desired_width(60.0));
        for (side, name) in [(Side::Humans, names.0), (Side::Aliens, names.1)] {
            if ui.button(format!("as the {name}")).clicked() {
                let Ok(port) = remote.live_menu.port.trim().parse::<u16>() else {
                    remote
                        .by_file
                        .say(false, format!("{}: not a port", remote.live_menu.port));
                    continue;
                };
                // An ambush: this side's secret set-up first, in the set-up screens.
                let by_file = ByFile::Host {
                    file: file.to_path_buf(),
                    side,
                    port,
                };
                if !set_up_screens(scenario, rules.clone(), side, by_file, commands) {
                    host_game(file, side, port, None, &mut remote.by_file, commands);
                }
            }
        }
    });
}

/// Starts a game of `file` as `side` (with this side's chosen set-up) and waits on `port` for
/// the other player.
pub fn host_game(
    file: &Path,
    side: Side,
    port: u16,
    set_up: Option<&str>,
    menu: &mut ByFileMenu,
    commands: &mut Commands,
) {
    let started = crate::remote::scenario_to_play(file)
        .and_then(|(text, tables)| start_to_host(&data_folder(), &text, side, tables, set_up))
        .map_err(|e| e.to_string())
        .and_then(|game| Link::host_new_session(port).map(|(link, code)| (game, link, code)));
    match started {
        Ok((game, link, code)) => {
            let status = format!(
                "hosting on port {}, invite code {code}: read the code out to the other player, who joins with it; waiting for them",
                link.local.port()
            );
            commands.insert_resource(LivePlay {
                link: Mutex::new(link),
                state: LiveState::new(data_folder(), Some(game)),
                status,
            });
        }
        Err(why) => menu.say(false, why),
    }
}

/// Pumps the live game: the other player's words, each received message opened as a turn file
/// is (the table opens on this side's turn), and each answer sent once it is kept.
fn drive_live(mut live: ResMut<LivePlay>, mut menu: ResMut<ByFileMenu>, mut commands: Commands) {
    let live = &mut *live;
    let link = live.link.lock().unwrap_or_else(|p| p.into_inner());
    let mut step = || -> Result<Option<Ended>, String> {
        while let Some(heard) = link.try_hear()? {
            match heard {
                Heard::Connected => {
                    live.state.hello(&link)?;
                    live.status = "connected".into();
                }
                Heard::Word(word) => match live.state.on_word(&link, word)? {
                    Next::Answer { received, seq } => {
                        live.status = format!("message {seq} received");
                        open_with_set_up(&received, None, true, &mut menu, &mut commands);
                    }
                    Next::Ended(ended) => return Ok(Some(ended)),
                    Next::Wait => {}
                },
            }
        }
        let waiting = live.state.answering.is_none();
        match live.state.after_answer(&link)? {
            Next::Ended(ended) => Ok(Some(ended)),
            _ => {
                if !waiting && live.state.answering.is_none() {
                    live.status = "your answer is sent: waiting for the other player".into();
                }
                Ok(None)
            }
        }
    };
    let result = step();
    drop(link);
    match result {
        Ok(None) => return,
        Ok(Some(Ended::Over(game))) => {
            match crate::remote::verify(&data_folder(), game, None) {
                Ok(v) => menu.say(
                    true,
                    format!(
                        "The live game is over ({}): verified, {} messages; both copies end on table {}.",
                        v.ending, v.messages, v.table
                    ),
                ),
                Err(e) => menu.say(false, e.to_string()),
            }
        }
        Ok(Some(Ended::Left(_))) => {}
        Err(why) => menu.say(
            false,
            format!(
                "{why}. The game is kept: resume it live (`ambush play --host PORT` and `--join ADDR --code CODE`), or finish it by file from {}.",
                outbox_dir().display()
            ),
        ),
    }
    commands.remove_resource::<LivePlay>();
}
