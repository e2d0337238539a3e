//! `ambush play`: the window, on the menu or straight on a scenario, a save or a replay.

use super::{CliError, MEASURE_WARMUP, app_exit, load_scenario, unusable};
use crate::screen::{AlienPace, DEFAULT_PACE_MS, GameChoice, GameOptions};
use crate::window::WindowOptions;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::DEFAULT_SEED;
use ambush_engine::play::new_game::NewGame;
use clap::Args;
use std::path::PathBuf;

/// The window's options. Their defaults are the menu's (`GameOptions`), written once.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Play this scenario file at once, skipping the menu.
    #[arg(long, conflicts_with = "load")]
    pub scenario: Option<PathBuf>,
    /// Resume this save file, skipping the menu.
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    pub load: Option<PathBuf>,
    /// Watch this save file in the replay viewer: step through its orders, forward and back.
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    pub replay: Option<PathBuf>,
    /// The game's seed.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Save a PNG of the window after --frames frames, then exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 30, requires = "screenshot")]
    pub frames: u32,
    /// Milliseconds between the aliens' orders, so each can be watched (0: instant).
    #[arg(long, default_value_t = DEFAULT_PACE_MS)]
    pub pace_ms: u64,
    /// Watch: the marines are played by the AI too.
    #[arg(long, conflicts_with = "hot_seat")]
    pub watch: bool,
    /// Hot-seat: two players at this machine, marines and aliens.
    #[arg(long)]
    pub hot_seat: bool,
    /// Another folder of mods (or one mod's folder) for the menu; may be given again.
    #[arg(long = "mods", value_name = "DIR")]
    pub mods: Vec<PathBuf>,
    /// Select the unit of this label once it is on the table, as a click would (for
    /// screenshots and demonstrations: see docs/screenshots.sh).
    #[arg(long, value_name = "LABEL")]
    pub select: Option<String>,
    /// With --select: aim the selected unit's shot at the unit of this label, showing the shot's
    /// preview.
    #[arg(long, value_name = "LABEL", requires = "select")]
    pub aim: Option<String>,
    /// With --select: the keyboard's table cursor this many inches from the selected unit, its
    /// move placed there as the cursor keys place it (`DX,DY`, e.g. `-3,0`).
    #[arg(long, value_name = "DX,DY", requires = "select", value_parser = parse_offset, allow_hyphen_values = true)]
    pub cursor: Option<(i32, i32)>,
    /// Time this many frames (after 120 let pass), print their median, 95th percentile and the
    /// peak memory as a JSON line, and exit; the window runs without vsync (benches/frames.sh).
    #[arg(long, value_name = "FRAMES", conflicts_with = "screenshot")]
    pub measure_frames: Option<u32>,
    /// With --select: close in on the selected unit at this many pixels to the inch.
    #[arg(long, value_name = "PX_PER_INCH", requires = "select")]
    pub zoom: Option<f32>,
    /// Live play: wait on this UDP port for the other player to join. With --scenario and
    /// --side, a new game; without, the game kept in the data folder, resumed.
    #[arg(long, value_name = "PORT", conflicts_with_all = ["join", "load", "replay"])]
    pub host: Option<u16>,
    /// Live play: join the player hosting at this address (`HOST:PORT`), with the invite code
    /// the host gave (--code).
    #[arg(long, value_name = "ADDR", conflicts_with_all = ["scenario", "load", "replay"], requires = "code")]
    pub join: Option<String>,
    /// Live play: the invite code the host shows and reads out to you (e.g.
    /// `k3f9-2xqm-7w0c-hv5d`); only a player with the code can join its game.
    #[arg(long, value_name = "CODE", requires = "join")]
    pub code: Option<String>,
    /// The side the player takes: solo, the AI plays the other; live play, the side the host
    /// plays (the other player plays the other).
    #[arg(long, value_enum, default_value = "humans", conflicts_with_all = ["watch", "hot_seat"])]
    pub side: super::pbem::SideArg,
    /// Solo: the AI opponent's level (default: the rules' own player for the aliens, 001's
    /// random monster; the normal commander for the humans).
    #[arg(long, value_enum, conflicts_with_all = ["watch", "hot_seat", "host", "join"])]
    pub level: Option<super::arena::LevelArg>,
    /// Live play: the player's data folder, where the game is kept as by file.
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Live play: the AI plays this side's turns.
    #[arg(long)]
    pub ai: bool,
    /// Live play: this side's secret set-up of an ambush (as `pbem new --setup`).
    #[arg(long, value_name = "FILE")]
    pub setup: Option<PathBuf>,
    /// Live play: leave after sending this many messages; the game is kept, to resume live or
    /// to finish by file.
    #[arg(long, value_name = "N")]
    pub leave_after: Option<u32>,
    /// Live play, joining: play a game whose scenario or rule tables are not byte for byte
    /// your own (as `pbem open --accept-scenario`); without it such a game is refused.
    #[arg(long)]
    pub accept_scenario: bool,
    /// Live play: resume this game (its id, its folder's name) when the data folder keeps
    /// several.
    #[arg(long, value_name = "ID", conflicts_with = "scenario")]
    pub game: Option<String>,
}

/// Opens the window: on the menu, or straight on the scenario, save or replay named.
pub fn play(args: PlayArgs) -> Result<(), CliError> {
    let PlayArgs {
        scenario: path,
        seed,
        screenshot,
        frames,
        pace_ms,
        watch,
        hot_seat,
        mods: extra_mods,
        load,
        replay,
        select,
        aim,
        cursor,
        zoom,
        measure_frames,
        host,
        join,
        code,
        side,
        level,
        data,
        ai,
        setup,
        leave_after,
        accept_scenario,
        game,
    } = args;
    if host.is_some() || join.is_some() {
        return super::pbem::live(super::pbem::Live {
            host,
            join,
            code,
            scenario: path,
            side: side.into(),
            data,
            ai,
            setup,
            leave_after,
            accept_scenario,
            game,
        });
    }
    // `--watch` and `--hot-seat` exclude each other; a watched game's AIs are the scenario's
    // own (`Controllers::ai_as_written`), once it is read.
    let controllers = hot_seat.then(Controllers::hot_seat);
    let watched = replay
        .as_deref()
        .map(crate::screen::watch_save)
        .transpose()
        .map_err(unusable)?;
    let loaded = load
        .as_deref()
        .map(crate::screen::choice_from_save)
        .transpose()
        .map_err(unusable)?;
    let (viewer, watched) = match watched {
        Some((v, c)) => (Some(v), Some(c)),
        None => (None, None),
    };
    let direct = match path.as_ref().map(|p| load_scenario(p)) {
        None if watched.is_some() => watched,
        None => loaded,
        Some(Ok((scenario, rules))) => {
            let mut setup = NewGame::new(scenario, seed, 0);
            setup.controllers = match controllers {
                Some(c) => c,
                None if watch => Controllers::ai_as_written(&setup.scenario),
                None => {
                    Controllers::solo_as(side.into(), level.map(|l| l.level()), &setup.scenario)
                }
            };
            // A watched AI game is not the player's own.
            let file = path.map(|p| p.display().to_string());
            Some(GameChoice::new_game(setup, rules, file, !watch))
        }
        Some(Err(e)) => return Err(unusable(e)),
    };
    let options = WindowOptions {
        screenshot: screenshot.map(|p| (p, frames)),
        game_options: GameOptions {
            pace: AlienPace::from_millis(pace_ms),
            seed,
            opponent: level.map(|l| l.level()),
            ..GameOptions::default()
        },
        direct,
        mod_roots: crate::install::mod_roots(&[extra_mods, env_mods()].concat()),
        viewer,
        select: select.map(|unit| crate::input::ScriptedSelection { unit, aim, cursor }),
        zoom,
        measure: measure_frames.map(|frames| {
            let label = if watch { "game busy" } else { "game idle" };
            crate::frame_meter::FrameMeter::new(label, MEASURE_WARMUP, frames)
        }),
        edit: None,
        turn_by_file: Default::default(),
    };
    app_exit(crate::window::run(options))
}

/// The folders in `AMBUSH_MODS`, a path list like `PATH`.
pub(super) fn env_mods() -> Vec<PathBuf> {
    std::env::var_os("AMBUSH_MODS")
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default()
}

/// `DX,DY` in whole inches, for `--cursor`.
fn parse_offset(text: &str) -> Result<(i32, i32), String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?}: give DX,DY in inches, e.g. -3,0"))?;
    let number = |s: &str| {
        s.trim()
            .parse::<i32>()
            .ok()
            .filter(|n| n.abs() <= 200)
            .ok_or_else(|| format!("{s:?}: a whole number of inches from -200 to 200"))
    };
    Ok((number(x)?, number(y)?))
}
