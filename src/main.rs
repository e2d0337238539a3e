//! The `ambush` binary: play (the window, the default), simulate, check.

use ambush::batch::{self, GameResult};
use ambush::control::Controllers;
use ambush::game::start::GameSetup;
use ambush::screen::{AlienPace, DEFAULT_PACE_MS, DEFAULT_SEED, SessionOptions};
use ambush::window::WindowOptions;
use ambush_data::Rules;
use ambush_data::check::load_scenario_file;
use ambush_data::scenario::WoundMethod;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "ambush",
    version,
    about = "Sci-fi skirmishes of marines against alien waves, ambushes and surprise"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Open the window on a scenario (the default command).
    Play(PlayArgs),
    /// Play N games with both sides under AI control and report the results.
    Simulate(SimulateArgs),
    /// Validate scenario files; prints file:line:column for each problem.
    Check {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

/// The window's options. Their defaults are the menu's (`SessionOptions`), written once.
#[derive(Args, Debug)]
struct PlayArgs {
    /// Play this scenario file at once, skipping the menu.
    #[arg(long)]
    scenario: Option<PathBuf>,
    /// The game's seed.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Save a PNG of the window after --frames frames, then exit.
    #[arg(long, value_name = "FILE.png")]
    screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 30, requires = "screenshot")]
    frames: u32,
    /// Milliseconds between the aliens' orders, so each can be watched (0: instant).
    #[arg(long, default_value_t = DEFAULT_PACE_MS)]
    pace_ms: u64,
    /// Watch: the marines are played by the AI too.
    #[arg(long, conflicts_with = "hot_seat")]
    watch: bool,
    /// Hot-seat: two players at this machine, marines and aliens.
    #[arg(long)]
    hot_seat: bool,
}

/// The simulator's options.
#[derive(Args, Debug)]
struct SimulateArgs {
    /// The scenario file, e.g. scenarios/crashed_ship.ron.
    #[arg(long)]
    scenario: PathBuf,
    /// How many games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// The run's seed: the same seed gives the same games.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Override the human side's wound method (001 suggests comparing the two).
    #[arg(long, value_enum)]
    wounds: Option<WoundsArg>,
    /// Print one JSON object instead of the human summary.
    #[arg(long)]
    json: bool,
    /// Write every roll of every game to FILE as JSON lines.
    #[arg(long, value_name = "FILE")]
    roll_log: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum WoundsArg {
    Degradation,
    SuddenDeath,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let rules = Arc::new(Rules::bundled().clone());
    // No subcommand is `play` with every default, as clap writes them.
    let command =
        cli.command
            .unwrap_or_else(|| match Cli::parse_from(["ambush", "play"]).command {
                Some(c) => c,
                None => unreachable!("`play` was given"),
            });
    match command {
        Command::Play(args) => play(args, &rules),
        Command::Check { paths } => {
            let mut bad = 0;
            for p in &paths {
                match load_scenario_file(p, &rules) {
                    Ok(s) => println!("{}: ok ({})", p.display(), s.name),
                    Err(e) => {
                        eprintln!("{e}");
                        bad += 1;
                    }
                }
            }
            if bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Simulate(args) => simulate(args, rules),
    }
}

fn play(args: PlayArgs, rules: &Rules) -> ExitCode {
    let PlayArgs {
        scenario: path,
        seed,
        screenshot,
        frames,
        pace_ms,
        watch,
        hot_seat,
    } = args;
    let controllers = if watch {
        Some(Controllers::all_ai())
    } else if hot_seat {
        Some(Controllers::hot_seat())
    } else {
        None
    };
    let direct = match path.map(|p| load_scenario_file(&p, rules)) {
        None => None,
        Some(Ok(scenario)) => {
            let mut setup = GameSetup::new(scenario, seed, 0);
            setup.controllers = controllers.unwrap_or_else(Controllers::solo);
            Some(setup)
        }
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = WindowOptions {
        screenshot: screenshot.map(|p| (p, frames)),
        session: SessionOptions {
            human_wounds: None,
            pace: AlienPace::from_millis(pace_ms),
            seed,
        },
        direct,
    };
    match ambush::window::run(options) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::from(1),
    }
}

fn simulate(args: SimulateArgs, rules: Arc<Rules>) -> ExitCode {
    let SimulateArgs {
        scenario: path,
        games,
        seed,
        wounds,
        json,
        roll_log,
        threads,
    } = args;
    let scenario = match load_scenario_file(&path, &rules) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut log_file = match &roll_log {
        Some(p) => match std::fs::File::create(p) {
            Ok(f) => Some(std::io::BufWriter::new(f)),
            Err(e) => {
                eprintln!("error: --roll-log {}: {e}", p.display());
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let wounds = wounds.map(|w| match w {
        WoundsArg::Degradation => WoundMethod::Degradation,
        WoundsArg::SuddenDeath => WoundMethod::SuddenDeath,
    });
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0) as usize)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start worker threads: {e}");
            return ExitCode::from(1);
        }
    };
    let bar = if std::io::stderr().is_terminal() {
        let b = indicatif::ProgressBar::new(games);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        Some(b)
    } else {
        None
    };
    let started = Instant::now();
    let mut write_error: Option<std::io::Error> = None;
    let keep_log = log_file.is_some();
    let tally = pool.install(|| {
        batch::simulate(
            &scenario,
            rules.clone(),
            games,
            seed,
            wounds,
            keep_log,
            |r: &GameResult| {
                if let (Some(f), None) = (log_file.as_mut(), write_error.as_ref()) {
                    for entry in &r.log {
                        if let Err(e) = writeln!(f, "{}", entry.to_json()) {
                            write_error = Some(e);
                            break;
                        }
                    }
                }
                if let Some(b) = &bar {
                    b.inc(1);
                }
            },
        )
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    if let Some(f) = log_file.as_mut()
        && let Err(e) = f.flush()
    {
        write_error.get_or_insert(e);
    }
    if let Some(e) = write_error {
        eprintln!("error: writing the roll log: {e}");
        return ExitCode::from(1);
    }
    let summary = tally.summary(&scenario.name, seed, started.elapsed().as_secs_f64());
    if json {
        match serde_json::to_string(&summary) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        println!(
            "{} — {} games, seed {}",
            summary.scenario, summary.games, summary.seed
        );
        println!(
            "  marines won {}, aliens won {}, draws {}",
            summary.marine_wins, summary.alien_wins, summary.draws
        );
        println!(
            "  marine casualties: mean {:.2}, histogram {:?}",
            summary.marine_casualties.mean, summary.marine_casualties.histogram
        );
        println!(
            "  turns {:.1}, aliens killed {:.1}, waves {:.1} (means)",
            summary.turns.mean, summary.aliens_killed.mean, summary.waves.mean
        );
        println!(
            "  {:.2} s, {:.0} games/s",
            summary.elapsed_s, summary.games_per_s
        );
    }
    ExitCode::SUCCESS
}
