//! `ambush pbem new | open | verify`: a game played by turn files, headless, each player with a data folder of its own.

use super::{CliError, plain};
use crate::remote::{self, Bytes32, RemoteError};
use ambush_data::board::Side;
use ambush_data::error::{MAX_FILE_BYTES, read_bounded};
use clap::{Args, Subcommand, ValueEnum};
use std::path::{Path, PathBuf};

/// A side, as the command line names it.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SideArg {
    Humans,
    Aliens,
}

impl From<SideArg> for Side {
    fn from(s: SideArg) -> Side {
        match s {
            SideArg::Humans => Side::Humans,
            SideArg::Aliens => Side::Aliens,
        }
    }
}

/// The player's data folder, where each game is kept with its secrets.
#[derive(Args, Debug, Clone)]
pub struct DataArg {
    /// The player's data folder (default: `AMBUSH_SAVES` when set, as in the window, else the
    /// user's, `~/.local/share/ambush` on Linux).
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
}

impl DataArg {
    fn folder(&self) -> Result<PathBuf, CliError> {
        Ok(self.data.clone().unwrap_or_else(crate::paths::data_folder))
    }
}

#[derive(Subcommand, Debug)]
pub enum PbemCommand {
    /// Start a game as SIDE and write its first message to --out.
    New {
        /// The scenario to play, a file such as scenarios/crashed_ship.ron. Its text travels
        /// in the first message, so the other player needs no copy of it.
        #[arg(long, value_name = "FILE")]
        scenario: PathBuf,
        /// The side you play; your opponent plays the other. `humans` is the scenario's human
        /// side (the marines, the column), `aliens` the other (the waves, the ambushers).
        #[arg(long, value_enum)]
        side: SideArg,
        #[command(flatten)]
        data: DataArg,
        /// Let the AI play this side's turns.
        #[arg(long)]
        ai: bool,
        /// Where to write the first message: send this file to your opponent, who opens it
        /// with `ambush pbem open MSG --out NEXT` (or the menu's Play by file).
        #[arg(long, value_name = "MSG")]
        out: PathBuf,
        /// With an ambush: this side's secret set-up, a copy of the scenario with its pieces
        /// placed (the editor writes one): the column's order of march and spacing, or the
        /// ambusher's hidden units, dummies and spring point. The scenario's own without it.
        #[arg(long, value_name = "FILE")]
        setup: Option<PathBuf>,
    },
    /// Take a received message (the first creates the game on this side), play this side's
    /// turn, and write the answer to --out; nothing is written once nothing is left to send.
    Open {
        message: PathBuf,
        #[command(flatten)]
        data: DataArg,
        /// Let the AI play this side's turn; without it the window opens on the turn.
        #[arg(long)]
        ai: bool,
        #[arg(long, value_name = "NEXT")]
        out: PathBuf,
        /// With an ambush: this side's secret set-up, a copy of the scenario with its pieces
        /// placed (the editor writes one): the column's order of march and spacing, or the
        /// ambusher's hidden units, dummies and spring point. The scenario's own without it.
        #[arg(long, value_name = "FILE")]
        setup: Option<PathBuf>,
        /// Save a PNG of the window after --frames frames, then close it (the turn unplayed).
        #[arg(long, value_name = "FILE.png", conflicts_with = "ai")]
        screenshot: Option<PathBuf>,
        /// Frames to render before the screenshot.
        #[arg(long, default_value_t = 40, requires = "screenshot")]
        frames: u32,
        /// Play a game whose scenario or rule tables are not byte for byte your own. A game's
        /// first message is compared with your file of its scenario's name (the game's own
        /// scenarios or a mod's); without this, a difference is shown and the game refused.
        #[arg(long)]
        accept_scenario: bool,
    },
    /// Verify a finished game: prints `verified` and exits 0, or what does not match and
    /// exits 1.
    Verify {
        #[command(flatten)]
        data: DataArg,
        /// The game's id (its folder's name); may be left out when the data folder holds one.
        game: Option<String>,
        /// Keep the verified game as an ordinary save, to replay or watch.
        #[arg(long, value_name = "FILE")]
        save: Option<PathBuf>,
    },
}

fn refused(e: RemoteError) -> CliError {
    match e {
        RemoteError::NotYourScenario(_) => CliError::Failed(format!(
            "{e}\nNothing was kept. To play it all the same, open the message again with --accept-scenario."
        )),
        e => CliError::Failed(e.to_string()),
    }
}

/// What the game's first message is, compared with the player's own files: said before the
/// first move.
fn say_opening_check(check: Option<&remote::OpeningCheck>) {
    for line in check.map(remote::OpeningCheck::lines).unwrap_or_default() {
        println!("{}", plain(&line));
    }
}

pub fn pbem(command: PbemCommand) -> Result<(), CliError> {
    match command {
        PbemCommand::New {
            scenario,
            side,
            data,
            ai: _,
            out,
            setup,
        } => {
            let (text, tables) = scenario_to_play(&scenario)?;
            let set_up = setup.as_deref().map(read_text).transpose()?;
            let game = remote::start(
                &data.folder()?,
                &text,
                side.into(),
                tables,
                &out,
                set_up.as_deref(),
            )
            .map_err(|e| match e {
                RemoteError::Scenario(why) => CliError::Usage(why),
                other => refused(other),
            })?;
            println!(
                "game {}: started as {:?}; send {}",
                game.to_hex(),
                Side::from(side),
                plain(&out.display().to_string())
            );
            Ok(())
        }
        PbemCommand::Open {
            message,
            data,
            ai,
            out,
            screenshot,
            frames,
            setup,
            accept_scenario,
        } => {
            let shot = screenshot.map(|p| (p, frames));
            let set_up = setup.as_deref().map(read_text).transpose()?;
            let opened = open(
                &data.folder()?,
                &message,
                (ai, accept_scenario),
                &out,
                shot,
                set_up,
                remote::Carried::default(),
            )?;
            match opened.answered {
                Some(seq) => println!(
                    "game {}: message {seq} written to {} ({} orders){}",
                    opened.game.to_hex(),
                    plain(&out.display().to_string()),
                    opened.orders,
                    opened
                        .ending
                        .map(|e| format!("; the game is over: {}", plain(&e)))
                        .unwrap_or_default()
                ),
                None => println!(
                    "game {}: the game is over ({}); nothing left to send",
                    opened.game.to_hex(),
                    plain(&opened.ending.unwrap_or_default())
                ),
            }
            Ok(())
        }
        PbemCommand::Verify { data, game, save } => {
            let folder = data.folder()?;
            let game = match game {
                Some(id) => Bytes32::from_hex(&id)
                    .ok_or_else(|| CliError::Usage(format!("{}: not a game id", plain(&id))))?,
                None => only_game(&folder)?,
            };
            let v = remote::verify(&folder, game, save.as_deref()).map_err(refused)?;
            say_verified(game, &v);
            Ok(())
        }
    }
}

/// `pbem open`: the AI's turn with `--ai`; else the window opens on this side's turn, and the
/// answer is written when the turn is over. A game's first message whose scenario or rules are
/// not the player's own is refused unless `accept_scenario`; either way it is said how it
/// compares.
fn open(
    data: &Path,
    message: &Path,
    (ai, accept_scenario): (bool, bool),
    out: &Path,
    screenshot: Option<(PathBuf, u32)>,
    set_up: Option<String>,
    carried: remote::Carried,
) -> Result<remote::Opened, CliError> {
    let mut turn = match remote::prepare_carrying(data, message, carried).map_err(refused)? {
        remote::Prepared::Over(opened) => return Ok(opened),
        remote::Prepared::Answer(turn) => turn,
    };
    // Refused, the error says how the scenario differs; else it is said here.
    turn.refuse_unless_accepted(accept_scenario)
        .map_err(refused)?;
    say_opening_check(turn.opening_check.as_ref());
    turn.set_up = set_up;
    if ai {
        return turn.send_ai_turn(out).map_err(refused);
    }
    if !turn.is_mine() {
        return turn.send(Vec::new(), None, out).map_err(refused);
    }
    crate::window::play_turn_by_file(turn, out, screenshot).map_err(CliError::Failed)
}

/// `ambush play --host PORT | --join ADDR`: a game played live.
pub struct Live {
    pub host: Option<u16>,
    pub join: Option<String>,
    /// The invite code, to join.
    pub code: Option<String>,
    pub scenario: Option<PathBuf>,
    pub side: Side,
    pub data: Option<PathBuf>,
    pub ai: bool,
    pub setup: Option<PathBuf>,
    pub leave_after: Option<u32>,
    /// Play a game whose scenario or rule tables are not the player's own.
    pub accept_scenario: bool,
    /// The game to resume, when the data folder keeps several.
    pub game: Option<String>,
}

/// Plays a game live: the host starts it (or resumes the one its data folder keeps) and waits
/// for the other player; each received message is opened as `pbem open` opens a file (the AI's
/// turn, or the player's in the window) and the answer goes back at once. Every message is kept
/// in the data folder and copied to its outbox, so a dropped game resumes live or by file.
pub fn live(args: Live) -> Result<(), CliError> {
    use crate::remote::live::{
        Ended, InviteCode, Link, LiveSession, LiveState, game_to_resume, start_to_host,
    };
    let data = DataArg { data: args.data }.folder()?;
    let outbox = crate::paths::outbox(&data);
    std::fs::create_dir_all(&outbox).map_err(|e| CliError::Failed(e.to_string()))?;
    let set_up = args.setup.as_deref().map(read_text).transpose()?;
    let named = args
        .game
        .as_deref()
        .map(|id| {
            Bytes32::from_hex(id)
                .ok_or_else(|| CliError::Usage(format!("{}: not a game id", plain(id))))
        })
        .transpose()?;
    let resume = || match named {
        Some(game) => Ok(game),
        None => game_to_resume(&data).map_err(CliError::Usage),
    };
    let (link, game) = match (args.host, &args.join) {
        (Some(port), _) => {
            let game = match &args.scenario {
                Some(path) => {
                    let (text, tables) = scenario_to_play(path)?;
                    start_to_host(&data, &text, args.side, tables, set_up.as_deref()).map_err(
                        |e| match e {
                            RemoteError::Scenario(why) => CliError::Usage(why),
                            other => refused(other),
                        },
                    )?
                }
                None => resume()?,
            };
            let (link, code) = Link::host_new_session(port).map_err(CliError::Failed)?;
            println!(
                "game {}: hosting on port {}; invite code {code}; waiting for the other player, who joins with `ambush play --join ADDRESS:{} --code {code}`",
                game.to_hex(),
                link.local.port(),
                link.local.port()
            );
            (link, Some(game))
        }
        (None, Some(addr)) => {
            let addr: std::net::SocketAddr = addr
                .parse()
                .map_err(|e| CliError::Usage(format!("{}: {e}", plain(addr))))?;
            let code = InviteCode::parse(args.code.as_deref().unwrap_or_default())
                .map_err(|e| CliError::Usage(format!("--code: {e}")))?;
            let game = resume().ok();
            let link = Link::join(addr, &code).map_err(CliError::Failed)?;
            println!("joining the game hosted at {addr}");
            (link, game)
        }
        (None, None) => return Err(CliError::Usage("give --host PORT or --join ADDR".into())),
    };
    link.connected().map_err(CliError::Failed)?;
    // Each answer's replay is carried to the next message, so that a message late in the game
    // costs about what one early in it does.
    let mut carried = remote::Carried::default();
    let mut answer = |received: &Path, out: &Path| -> Result<(), String> {
        let choices = (args.ai, args.accept_scenario);
        let taken = std::mem::take(&mut carried);
        let opened = open(&data, received, choices, out, None, set_up.clone(), taken)
            .map_err(|e| e.to_string())?;
        carried = opened.carried;
        Ok(())
    };
    let mut session = LiveSession {
        state: LiveState::new(data.clone(), game),
        answer: &mut answer,
        leave_after: args.leave_after,
    };
    let ended = session.play(&link);
    drop(link);
    match ended {
        Ok(Ended::Over(game)) => {
            let v = remote::verify(&data, game, None).map_err(refused)?;
            say_verified(game, &v);
            Ok(())
        }
        Ok(Ended::Left(_)) => {
            println!(
                "left the game; it is kept in {}: resume it with `ambush play --host PORT` or `--join ADDR --code CODE`, or finish it by file from {}",
                plain(&data.display().to_string()),
                plain(&outbox.display().to_string())
            );
            Ok(())
        }
        Err(why) => Err(CliError::Failed(format!(
            "{why}; the game is kept in {}: resume it live, or finish it by file from {}",
            plain(&data.display().to_string()),
            plain(&outbox.display().to_string())
        ))),
    }
}

/// What `verify` says of a verified game: the last word is the table's hash, which both
/// players' copies share.
fn say_verified(game: Bytes32, v: &remote::Verified) {
    let stated = match v.starter_rules {
        Some(r) if r == v.rules => String::new(),
        Some(r) => format!(", though the starter's game stated rules {}", r.to_hex()),
        None => ", the starter's game stating none".to_string(),
    };
    println!(
        "verified: game {} (scenario {}, rules {}{stated}), {} messages, {} orders, {}; the table ends as {}",
        game.to_hex(),
        v.scenario.to_hex(),
        v.rules.to_hex(),
        v.messages,
        v.orders,
        plain(&v.ending),
        v.table
    );
}

/// The scenario file the command line names, with its mod's tables when it lies in a mod: read
/// as `check`, `simulate` and `play` read it, a link out of its mod refused.
fn scenario_to_play(path: &Path) -> Result<(String, Option<remote::ModTables>), CliError> {
    remote::scenario_to_play(path).map_err(|e| CliError::Usage(e.to_string()))
}

/// A file the command line names, read within the bound every data file has.
fn read_text(path: &Path) -> Result<String, CliError> {
    let shown = path.display().to_string();
    read_bounded(path, &shown, MAX_FILE_BYTES).map_err(|e| CliError::Usage(e.to_string()))
}

fn only_game(folder: &Path) -> Result<Bytes32, CliError> {
    match remote::games(folder).as_slice() {
        [one] => Ok(*one),
        [] => Err(CliError::Usage(format!(
            "{}: no game played by file here",
            plain(&folder.display().to_string())
        ))),
        many => Err(CliError::Usage(format!(
            "{} games here; name one: {}",
            many.len(),
            many.iter()
                .map(|g| g.to_hex())
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    #[test]
    fn pbem_new_help_explains_the_scenario_the_side_and_the_out_file() {
        let mut cli = super::super::Cli::command();
        let new = cli
            .find_subcommand_mut("pbem")
            .and_then(|p| p.find_subcommand_mut("new"))
            .expect("ambush pbem new");
        for (option, words) in [
            ("scenario", "scenario to play"),
            ("side", "side you play"),
            ("out", "send this file to your opponent"),
        ] {
            let arg = new
                .get_arguments()
                .find(|a| a.get_id() == option)
                .unwrap_or_else(|| panic!("--{option}"));
            let help = arg
                .get_long_help()
                .or(arg.get_help())
                .map(|h| h.to_string());
            assert!(
                help.as_deref().is_some_and(|h| h.contains(words)),
                "--{option}: {help:?}"
            );
        }
    }
}
