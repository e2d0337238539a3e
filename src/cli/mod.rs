//! The command line: the subcommands (play, simulate, arena, check, replay, fuzz, soak, pbem, the frame baseline), one file each, and the one way a command fails.

mod arena;
mod check;
mod edit;
pub mod fuzz;
mod pbem;
mod play;
mod progress;
mod replay;
mod simulate;
mod soak;

use ambush_data::mods;
use ambush_data::{DataError, Rules, Scenario};
use ambush_engine::rules::log::RollEntry;
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

#[derive(Parser, Debug)]
#[command(
    name = "ambush",
    version,
    about = "Skirmishes on a digital tabletop: marines against alien waves, ambushes and surprise, and the mods' own"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Open the window on a scenario (the default command).
    Play(play::PlayArgs),
    /// Play N games with both sides under AI control and report the results.
    Simulate(simulate::SimulateArgs),
    /// Pit each level of the AI commander against the one below it, seats swapped on the same
    /// dice: win, draw and loss shares with 95% intervals, and mean casualties.
    Arena(arena::ArenaArgs),
    /// Open the scenario editor: on FILE (a scenario of the game or of a mod), or on a new table.
    Edit(edit::EditArgs),
    /// Replay a save file headlessly, checking every order against the table it recorded.
    Replay {
        /// The save file.
        file: PathBuf,
        /// Write every roll of the replayed game to FILE as JSON lines.
        #[arg(long, value_name = "FILE")]
        roll_log: Option<PathBuf>,
    },
    /// Validate scenario files and mod folders (manifest, merged tables, every scenario);
    /// prints file:line:column for each problem.
    Check {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
    /// Feed random mutations of every shipped data file through the loaders: each must be
    /// refused with file:line:column or play a short game without a panic.
    Fuzz(fuzz::FuzzArgs),
    /// Play by file: start a game, open a received turn message and answer it, or verify a
    /// finished game.
    #[command(subcommand)]
    Pbem(pbem::PbemCommand),
    /// Play whole games with both sides choosing at random among the orders the rules accept,
    /// checking the game's invariants at every decision; prints any failure with its scenario,
    /// seed and game, and exits 1.
    Soak(soak::SoakArgs),
    /// The baseline of the frame-cost measurement: an empty Bevy + egui app with 300 sprites in
    /// the game's window, timed as `play --measure-frames` times the game (benches/frames.sh).
    FrameBaseline {
        /// Frames to time, after 120 let pass.
        #[arg(long, default_value_t = 300)]
        frames: u32,
        /// Move the sprites every frame.
        #[arg(long)]
        busy: bool,
        /// Without Bevy's default 4x multisampling, as the game's table camera draws.
        #[arg(long)]
        no_msaa: bool,
    },
}

/// Why a command did not succeed, and so its exit status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CliError {
    /// The command line asks for what cannot be: bad arguments, a file that does not load.
    /// Exit status 2.
    #[error("{0}")]
    Usage(String),
    /// The command ran and could not finish: a file it could not write, no worker threads.
    /// Exit status 1.
    #[error("{0}")]
    Failed(String),
    /// The command ran and found problems, which it has printed already (a refused file, a
    /// breached invariant, the window's error). Exit status 1.
    #[error("problems found")]
    Found,
}

impl CliError {
    /// The exit status, after saying what went wrong on stderr.
    pub fn exit(self) -> ExitCode {
        match self {
            CliError::Usage(why) => {
                eprintln!("error: {}", plain(&why));
                ExitCode::from(2)
            }
            CliError::Failed(why) => {
                eprintln!("error: {}", plain(&why));
                ExitCode::from(1)
            }
            CliError::Found => ExitCode::from(1),
        }
    }
}

/// Runs the command line the process was started with.
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    // No subcommand is `play` with every default, as clap writes them.
    let command =
        cli.command
            .unwrap_or_else(|| match Cli::parse_from(["ambush", "play"]).command {
                Some(c) => c,
                None => unreachable!("`play` was given"),
            });
    let done = match command {
        Command::Play(args) => play::play(args),
        Command::Edit(args) => edit::edit(args),
        Command::Check { paths } => check::check(&paths),
        Command::Simulate(args) => simulate::simulate(args),
        Command::Arena(args) => arena::arena(args),
        Command::Replay { file, roll_log } => replay::replay(&file, roll_log.as_deref()),
        Command::Fuzz(args) => fuzz::fuzz(args),
        Command::Soak(args) => soak::soak(args),
        Command::Pbem(command) => pbem::pbem(command),
        Command::FrameBaseline {
            frames,
            busy,
            no_msaa,
        } => app_exit(crate::frame_meter::run_baseline(
            MEASURE_WARMUP,
            frames,
            busy,
            no_msaa,
        )),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => e.exit(),
    }
}

/// Frames let pass before a frame-cost measurement: loading, the first layouts, the table's meshes.
const MEASURE_WARMUP: u32 = 120;

/// A window's exit as a command's: it has reported its own error.
fn app_exit(exit: bevy::app::AppExit) -> Result<(), CliError> {
    match exit {
        bevy::app::AppExit::Success => Ok(()),
        bevy::app::AppExit::Error(_) => Err(CliError::Found),
    }
}

/// `text` as the terminal may show it: a name or message from a stranger's file (a scenario's
/// name, a mod's, a save's) could hold escape sequences that recolour or rewrite the terminal,
/// or a right-to-left override that reorders it, so those are written as escapes instead.
pub fn plain(text: &str) -> String {
    ambush_data::text::plain(text)
}

/// Reads a scenario file with the tables it plays with: its mod's, or the bundled ones.
fn load_scenario(path: &Path) -> Result<(Scenario, Arc<Rules>), DataError> {
    mods::load_scenario_with_rules(path)
}

/// A file the command line names that does not load: a usage error, with the loader's words.
fn unusable(e: impl std::fmt::Display) -> CliError {
    CliError::Usage(e.to_string())
}

/// Writes a game's rolls to `path` as JSON lines, as `--roll-log` asks.
fn write_roll_log(path: &Path, log: &[RollEntry]) -> Result<(), CliError> {
    let text: String = log.iter().map(|e| format!("{}\n", e.to_json())).collect();
    std::fs::write(path, text)
        .map_err(|e| CliError::Failed(format!("--roll-log {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn a_strangers_text_reaches_the_terminal_without_its_control_characters() {
        assert_eq!(plain("Night Raid"), "Night Raid");
        assert_eq!(plain("red\u{1b}[31mtext\u{7}"), "red\\u{1b}[31mtext\\u{7}");
        assert_eq!(plain("two\nlines\r"), "two\nlines\\r");
    }
}
