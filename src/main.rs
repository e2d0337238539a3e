//! The `ambush` binary: play (the window, the default), simulate, check, replay, fuzz.

use ambush::batch::report::{self, Compared, Variant};
use ambush::batch::{self, GameResult};
use ambush::control::Controllers;
use ambush::play::new_game::NewGame;
use ambush::save;
use ambush::screen::{AlienPace, DEFAULT_PACE_MS, DEFAULT_SEED, GameChoice, SessionOptions};
use ambush::window::WindowOptions;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::check::load_scenario_file;
use ambush_data::mods;
use ambush_data::scenario::WoundMethod;
use ambush_data::{DataError, Scenario};
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

#[derive(Parser, Debug)]
#[command(
    name = "ambush",
    version,
    about = "Skirmishes on a digital tabletop: marines against alien waves, ambushes and surprise, and the mods' own"
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
    Fuzz(FuzzArgs),
    /// Play whole games with both sides choosing at random among the orders the rules accept,
    /// checking the game's invariants at every decision; prints any failure with its scenario,
    /// seed and game, and exits 1.
    Soak(SoakArgs),
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

/// The soak's options.
#[derive(Args, Debug)]
struct SoakArgs {
    /// Games of each scenario.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    games: u64,
    /// How both sides choose their orders.
    #[arg(long, value_enum, default_value_t = PolicyArg::Random)]
    policy: PolicyArg,
    /// The run's seed; game i of a scenario is that seed's game i.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    seed: u64,
    /// Soak only this scenario (may be given again); default: every scenario under --root,
    /// the mods' included.
    #[arg(long)]
    scenario: Vec<PathBuf>,
    /// Replay one game by its number (with --seed and one --scenario), showing its verdict.
    #[arg(long, value_name = "N", requires = "scenario")]
    game: Option<u64>,
    /// The checkout whose scenarios/ and mods/ are soaked.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum PolicyArg {
    /// Uniformly at random among the orders the rules accept.
    Random,
}

/// The fuzzer's options.
#[derive(Args, Debug)]
struct FuzzArgs {
    /// How many cases to run.
    #[arg(long, default_value_t = 1000)]
    cases: u64,
    /// The first case's seed; case i is seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Replay one case by its seed, showing its mutations and verdict.
    #[arg(long, value_name = "SEED", conflicts_with_all = ["cases", "seed"])]
    case: Option<u64>,
    /// The checkout whose scenarios/, assets/rules/ and mods/ are mutated.
    #[arg(long, default_value = ".")]
    root: PathBuf,
}

/// The window's options. Their defaults are the menu's (`SessionOptions`), written once.
#[derive(Args, Debug)]
struct PlayArgs {
    /// Play this scenario file at once, skipping the menu.
    #[arg(long, conflicts_with = "load")]
    scenario: Option<PathBuf>,
    /// Resume this save file, skipping the menu.
    #[arg(long, value_name = "FILE", conflicts_with = "replay")]
    load: Option<PathBuf>,
    /// Watch this save file in the replay viewer: step through its orders, forward and back.
    #[arg(long, value_name = "FILE", conflicts_with = "scenario")]
    replay: Option<PathBuf>,
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
    /// Another folder of mods (or one mod's folder) for the menu; may be given again.
    #[arg(long = "mods", value_name = "DIR")]
    mods: Vec<PathBuf>,
    /// Select the unit of this label once it is on the table, as a click would (for
    /// screenshots and demonstrations: see docs/screenshots.sh).
    #[arg(long, value_name = "LABEL")]
    select: Option<String>,
    /// With --select: aim the selected unit's shot at the unit of this label, showing the shot's
    /// preview.
    #[arg(long, value_name = "LABEL", requires = "select")]
    aim: Option<String>,
    /// Time this many frames (after 120 let pass), print their median, 95th percentile and the
    /// peak memory as a JSON line, and exit; the window runs without vsync (benches/frames.sh).
    #[arg(long, value_name = "FRAMES", conflicts_with = "screenshot")]
    measure_frames: Option<u32>,
    /// With --select: close in on the selected unit at this many pixels to the inch.
    #[arg(long, value_name = "PX_PER_INCH", requires = "select")]
    zoom: Option<f32>,
}

/// The simulator's options.
#[derive(Args, Debug)]
struct SimulateArgs {
    /// The scenario file, e.g. scenarios/crashed_ship.ron; a mod's scenario
    /// (mods/NAME/scenarios/X.ron) plays with its mod's rules.
    #[arg(long, required_unless_present = "compare")]
    scenario: Option<PathBuf>,
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
    /// Write the game as a save file that `replay` and the window can play back (needs
    /// --games 1).
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    threads: Option<u64>,
    #[arg(long, value_name = "LIST", help = report::COMPARE_HELP,
        conflicts_with_all = ["wounds", "save", "roll_log"])]
    compare: Option<String>,
    /// Draw the marine-casualty distribution (of each --compare variant) as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum WoundsArg {
    Degradation,
    SuddenDeath,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // No subcommand is `play` with every default, as clap writes them.
    let command =
        cli.command
            .unwrap_or_else(|| match Cli::parse_from(["ambush", "play"]).command {
                Some(c) => c,
                None => unreachable!("`play` was given"),
            });
    match command {
        Command::Play(args) => play(args),
        Command::Check { paths } => {
            let bad: usize = paths.iter().map(|p| check(p)).sum();
            if bad == 0 {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Simulate(args) => simulate(args),
        Command::Replay { file, roll_log } => replay(&file, roll_log.as_deref()),
        Command::Fuzz(args) => fuzz(args),
        Command::Soak(args) => soak(args),
        Command::FrameBaseline {
            frames,
            busy,
            no_msaa,
        } => match ambush::frame_meter::run_baseline(MEASURE_WARMUP, frames, busy, no_msaa) {
            bevy::app::AppExit::Success => ExitCode::SUCCESS,
            bevy::app::AppExit::Error(_) => ExitCode::from(1),
        },
    }
}

/// Frames let pass before a frame-cost measurement: loading, the first layouts, the table's meshes.
const MEASURE_WARMUP: u32 = 120;

/// `ambush soak`: whole games under the random policy with every invariant checked.
fn soak(args: SoakArgs) -> ExitCode {
    use ambush::batch::soak::{Policy, every_scenario, soak, soak_game};
    let PolicyArg::Random = args.policy;
    let policy = Policy::Random;
    let scenarios = if args.scenario.is_empty() {
        every_scenario(&args.root)
    } else {
        args.scenario
            .iter()
            .map(|p| load_scenario(p).map(|(s, r)| (p.display().to_string(), s, r)))
            .collect()
    };
    let scenarios = match scenarios {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(game) = args.game {
        let (file, scenario, rules) = &scenarios[0];
        let r = soak_game(scenario, rules, args.seed, game, policy);
        println!(
            "{file}: seed {}, game {game}: {} decisions, {} orders: {}",
            args.seed,
            r.decisions,
            r.orders,
            r.breach.as_deref().unwrap_or("every invariant held")
        );
        return if r.breach.is_none() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        };
    }
    let started = Instant::now();
    let bar = progress_bar(args.games * scenarios.len() as u64);
    let report = soak(&scenarios, args.games, args.seed, policy, || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    for breach in &report.breaches {
        println!("{breach}");
    }
    println!(
        "soak: {} games of {} scenarios, seed {}, random policy: {} decisions, {} orders, {} failed ({:.1} s)",
        report.games,
        scenarios.len(),
        args.seed,
        report.decisions,
        report.orders,
        report.breaches.len(),
        started.elapsed().as_secs_f64()
    );
    if report.breaches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `ambush fuzz`: a soak run of many cases, or one case replayed.
fn fuzz(args: FuzzArgs) -> ExitCode {
    let corpus = match batch::fuzz::Corpus::load(&args.root)
        .and_then(|c| Ok(c.with_settings(ambush::input::Bindings::fuzz_target()?)))
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(case) = args.case {
        // Not caught: a panic shows its place and backtrace.
        let mutant = corpus.mutant(case);
        println!(
            "case {case}: {}: {}",
            mutant.shown,
            mutant.mutations.join("; ")
        );
        let verdict = corpus.judge(&mutant);
        println!("{verdict:?}");
        return match verdict {
            batch::fuzz::Verdict::Unlocated(_) => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        };
    }
    let started = Instant::now();
    let bar = std::io::stderr()
        .is_terminal()
        .then(|| indicatif::ProgressBar::new(args.cases));
    let soak = corpus.soak(args.seed, args.cases, || {
        if let Some(b) = &bar {
            b.inc(1);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    for failure in &soak.failures {
        println!("{failure}");
    }
    println!(
        "fuzz: {} cases from seed {}: {} refused with a place, {} played, {} bindings accepted, {} failed ({:.1} s)",
        soak.cases,
        args.seed,
        soak.refused,
        soak.played,
        soak.accepted,
        soak.failures.len(),
        started.elapsed().as_secs_f64()
    );
    if soak.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `ambush replay`: loads (replays and checks) a save and writes its roll log.
fn replay(file: &Path, roll_log: Option<&Path>) -> ExitCode {
    let replayed = match save::load_save(file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(out) = roll_log
        && let Err(code) = write_roll_log(out, &replayed.log)
    {
        return code;
    }
    let s = &replayed.save.summary;
    println!(
        "{}: ok ({}, turn {}, {}, {} orders replayed, {} rolls{})",
        file.display(),
        s.scenario,
        s.turn,
        s.phase,
        s.orders,
        replayed.log.len(),
        if s.finished { ", finished" } else { "" }
    );
    ExitCode::SUCCESS
}

/// Checks a scenario file, a mod folder or a folder of mods; prints each verdict and returns
/// how many problems it found.
fn check(path: &Path) -> usize {
    if !path.is_dir() {
        return match load_scenario(path) {
            Ok((s, _)) => {
                println!("{}: ok ({})", path.display(), s.name);
                0
            }
            Err(e) => {
                eprintln!("{e}");
                1
            }
        };
    }
    let listings = mods::find_mods(&[path.to_path_buf()]);
    if listings.is_empty() {
        eprintln!(
            "{}: not a mod folder (no {}) and holds no mod folders",
            path.display(),
            mods::MANIFEST
        );
        return 1;
    }
    let mut bad = 0;
    for listing in listings {
        match listing.loaded {
            Ok(m) => {
                println!(
                    "{}: ok (mod \"{}\" {}, tables merged, {} scenarios)",
                    listing.dir.display(),
                    m.manifest.name,
                    m.manifest.version,
                    m.scenarios.len()
                );
                for s in &m.scenarios {
                    match &s.scenario {
                        Ok(sc) => println!("{}: ok ({})", s.file.display(), sc.name),
                        Err(e) => {
                            eprintln!("{e}");
                            bad += 1;
                        }
                    }
                }
            }
            Err(e) => {
                eprintln!("{e}");
                bad += 1;
            }
        }
    }
    bad
}

/// Reads a scenario file with the tables it plays with: its mod's, or the bundled ones.
fn load_scenario(path: &Path) -> Result<(Scenario, Arc<Rules>), DataError> {
    let (_, rules) = mods::rules_for_scenario(path)?;
    let scenario = load_scenario_file(path, &rules)?;
    Ok((scenario, rules))
}

fn play(args: PlayArgs) -> ExitCode {
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
        zoom,
        measure_frames,
    } = args;
    let controllers = if watch {
        Some(Controllers::all_ai())
    } else if hot_seat {
        Some(Controllers::hot_seat())
    } else {
        None
    };
    let watched = match replay.as_deref().map(ambush::screen::watch_save) {
        None => None,
        Some(Ok(w)) => Some(w),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let loaded = match load.as_deref().map(ambush::screen::choice_from_save) {
        None => None,
        Some(Ok(r)) => Some(r),
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let (viewer, watched) = match watched {
        Some((v, c)) => (Some(v), Some(c)),
        None => (None, None),
    };
    let direct = match path.as_ref().map(|p| load_scenario(p)) {
        None if watched.is_some() => watched,
        None => loaded,
        Some(Ok((scenario, rules))) => {
            let mut setup = NewGame::new(scenario, seed, 0);
            setup.controllers = controllers.unwrap_or_else(Controllers::solo);
            Some(GameChoice {
                setup,
                rules,
                file: path.map(|p| p.display().to_string()),
                orders: Vec::new(),
                view_only: false,
                reveal: false,
                set_up: false,
            })
        }
        Some(Err(e)) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let options = WindowOptions {
        screenshot: screenshot.map(|p| (p, frames)),
        session: SessionOptions {
            pace: AlienPace::from_millis(pace_ms),
            seed,
            ..SessionOptions::default()
        },
        direct,
        mod_roots: ambush::window::mod_roots(&[extra_mods, env_mods()].concat()),
        viewer,
        select: select.map(|unit| ambush::input::ScriptedSelection { unit, aim }),
        zoom,
        measure: measure_frames.map(|frames| {
            let label = if watch { "game busy" } else { "game idle" };
            ambush::frame_meter::FrameMeter::new(label, MEASURE_WARMUP, frames)
        }),
    };
    match ambush::window::run(options) {
        bevy::app::AppExit::Success => ExitCode::SUCCESS,
        bevy::app::AppExit::Error(_) => ExitCode::from(1),
    }
}

/// The folders in `AMBUSH_MODS`, a path list like `PATH`.
fn env_mods() -> Vec<PathBuf> {
    std::env::var_os("AMBUSH_MODS")
        .map(|v| {
            std::env::split_paths(&v)
                .filter(|p| !p.as_os_str().is_empty())
                .collect()
        })
        .unwrap_or_default()
}

fn wounds_of(arg: Option<WoundsArg>) -> Option<WoundMethod> {
    arg.map(|w| match w {
        WoundsArg::Degradation => WoundMethod::Degradation,
        WoundsArg::SuddenDeath => WoundMethod::SuddenDeath,
    })
}

/// `simulate --games 1 --save FILE`: plays the game recording its orders and writes the save.
fn simulate_and_save(
    path: &Path,
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    wounds: Option<WoundMethod>,
    out: &Path,
    roll_log: Option<&Path>,
) -> ExitCode {
    let source = save::SaveSource::for_file(Some(&path.display().to_string()));
    let (result, saved) = batch::play_saved_game(scenario, rules, seed, 0, wounds, source);
    if let Err(e) = save::write_atomically(out, &saved.to_ron()) {
        eprintln!("error: --save {}: {e}", out.display());
        return ExitCode::from(1);
    }
    if let Some(log) = roll_log
        && let Err(code) = write_roll_log(log, &result.log)
    {
        return code;
    }
    println!(
        "{} — 1 game, seed {seed}, saved to {} ({} orders)",
        scenario.name,
        out.display(),
        saved.orders.len()
    );
    ExitCode::SUCCESS
}

/// Writes a game's rolls to `path` as JSON lines, as `--roll-log` asks.
fn write_roll_log(path: &Path, log: &[ambush::rules::log::RollEntry]) -> Result<(), ExitCode> {
    let text: String = log.iter().map(|e| format!("{}\n", e.to_json())).collect();
    std::fs::write(path, text).map_err(|e| {
        eprintln!("error: --roll-log {}: {e}", path.display());
        ExitCode::from(1)
    })
}

/// A progress bar for `games` games, when stderr is a terminal.
fn progress_bar(games: u64) -> Option<indicatif::ProgressBar> {
    std::io::stderr().is_terminal().then(|| {
        let b = indicatif::ProgressBar::new(games);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        b
    })
}

/// Writes `simulate --plot`'s chart of `compared` to `out`.
fn write_plot(out: &Path, compared: &[Compared], human: &str) -> Result<(), ExitCode> {
    let svg = report::chart(compared, human).map_err(|e| {
        eprintln!("error: --plot: {e}");
        ExitCode::from(1)
    })?;
    std::fs::write(out, svg).map_err(|e| {
        eprintln!("error: --plot {}: {e}", out.display());
        ExitCode::from(1)
    })
}

/// `simulate --compare LIST`: every variant on the same seeds, then the table (or JSON) and chart.
fn simulate_compare(list: &str, args: &SimulateArgs, pool: &rayon::ThreadPool) -> ExitCode {
    let specs = match report::parse_variants(list, args.scenario.is_some()) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    let mut variants = Vec::new();
    for spec in specs {
        let Some(file) = spec.file.or_else(|| args.scenario.clone()) else {
            unreachable!("parse_variants refuses a bare wound method without --scenario")
        };
        match load_scenario(&file) {
            Ok((scenario, rules)) => variants.push(Variant {
                label: spec.label,
                file,
                scenario,
                rules,
                wounds: spec.wounds,
            }),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(2);
            }
        }
    }
    let bar = progress_bar(args.games * variants.len() as u64);
    let compared = pool.install(|| {
        report::compare(&variants, args.games, args.seed, || {
            if let Some(b) = &bar {
                b.inc(1);
            }
        })
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let names = variants[0].scenario.names(&variants[0].rules);
    if let Some(out) = &args.plot
        && let Err(code) = write_plot(out, &compared, names.one(Side::Humans))
    {
        return code;
    }
    if args.json {
        match serde_json::to_string(&compared) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        print!("{}", report::table(&compared, names));
    }
    ExitCode::SUCCESS
}

fn simulate(args: SimulateArgs) -> ExitCode {
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: cannot start worker threads: {e}");
            return ExitCode::from(1);
        }
    };
    if let Some(list) = &args.compare {
        return simulate_compare(list, &args, &pool);
    }
    let SimulateArgs {
        scenario: path,
        games,
        seed,
        wounds,
        json,
        roll_log,
        save: save_to,
        plot,
        ..
    } = args;
    let Some(path) = path else {
        unreachable!("clap requires --scenario without --compare")
    };
    let (scenario, rules) = match load_scenario(&path) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    if let Some(out) = &save_to {
        if games != 1 {
            eprintln!("error: --save writes one game: give --games 1");
            return ExitCode::from(2);
        }
        return simulate_and_save(
            &path,
            &scenario,
            rules,
            seed,
            wounds_of(wounds),
            out,
            roll_log.as_deref(),
        );
    }
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
    let wounds = wounds_of(wounds);
    let bar = progress_bar(games);
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
    let names = scenario.names(&rules);
    if let Some(out) = &plot {
        let one = Variant {
            label: report::wounds_name(wounds.unwrap_or(scenario.human_wounds)).to_string(),
            file: path.clone(),
            scenario: scenario.clone(),
            rules: rules.clone(),
            wounds,
        };
        let compared = [Compared::new(&one, summary.clone())];
        if let Err(code) = write_plot(out, &compared, names.one(Side::Humans)) {
            return code;
        }
    }
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
        let (humans, aliens) = (names.of(Side::Humans), names.of(Side::Aliens));
        println!(
            "  {humans} won {}, {aliens} won {}, draws {}",
            summary.marine_wins, summary.alien_wins, summary.draws
        );
        println!(
            "  {} casualties: mean {:.2}, histogram {:?}",
            names.one(Side::Humans),
            summary.marine_casualties.mean,
            summary.marine_casualties.histogram
        );
        println!(
            "  turns {:.1}, {aliens} killed {:.1}, waves {:.1} (means)",
            summary.turns.mean, summary.aliens_killed.mean, summary.waves.mean
        );
        println!(
            "  {:.2} s, {:.0} games/s",
            summary.elapsed_s, summary.games_per_s
        );
    }
    ExitCode::SUCCESS
}
