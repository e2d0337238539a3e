//! `ambush simulate`: many AI games of a scenario, their summary, roll log, save or chart, or variants compared on the same dice.

use super::arena::LevelArg;
use super::{CliError, load_scenario, plain, progress, unusable, write_roll_log};
use crate::batch::report::{self, Compared, Variant};
use crate::batch::{self, GameResult};
use crate::save;
use ambush_data::board::Side;
use ambush_data::scenario::WoundMethod;
use ambush_data::{Rules, Scenario};
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::DEFAULT_SEED;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The simulator's options.
#[derive(Args, Debug)]
pub struct SimulateArgs {
    /// The scenario file, e.g. scenarios/crashed_ship.ron; a mod's scenario
    /// (mods/NAME/scenarios/X.ron) plays with its mod's rules.
    #[arg(long, required_unless_present = "compare")]
    pub scenario: Option<PathBuf>,
    /// How many games to play.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// The run's seed: the same seed gives the same games.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Override the human side's wound method (001 suggests comparing the two).
    #[arg(long, value_enum)]
    pub wounds: Option<WoundsArg>,
    /// Print one JSON object instead of the human summary.
    #[arg(long)]
    pub json: bool,
    /// Write every roll of every game to FILE as JSON lines.
    #[arg(long, value_name = "FILE")]
    pub roll_log: Option<PathBuf>,
    /// Write the game as a save file that `replay` and the window can play back (needs
    /// --games 1).
    #[arg(long, value_name = "FILE")]
    pub save: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
    #[arg(long, value_name = "LIST", help = report::COMPARE_HELP,
        conflicts_with_all = ["wounds", "save", "roll_log"])]
    pub compare: Option<String>,
    /// The humans' AI: a commander at this level (default: the crashed-ship script).
    #[arg(long, value_enum, conflicts_with = "compare")]
    pub humans: Option<LevelArg>,
    /// The aliens' AI: a commander at this level (default: the scenario's `alien_player`, the
    /// random monster unless it names the commander).
    #[arg(long, value_enum, conflicts_with = "compare")]
    pub aliens: Option<LevelArg>,
    /// Draw the marine-casualty distribution (of each --compare variant) as an SVG chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum WoundsArg {
    Degradation,
    SuddenDeath,
}

fn wounds_of(arg: Option<WoundsArg>) -> Option<WoundMethod> {
    arg.map(|w| match w {
        WoundsArg::Degradation => WoundMethod::Degradation,
        WoundsArg::SuddenDeath => WoundMethod::SuddenDeath,
    })
}

/// The sides' AIs in `scenario`: a commander where a level is given, else the side's own
/// (`batch::simulated_player`: the aliens as the scenario's `alien_player` says).
fn controllers_of(
    scenario: &Scenario,
    humans: Option<LevelArg>,
    aliens: Option<LevelArg>,
) -> Controllers {
    batch::simulated_sides(
        scenario,
        humans.map(LevelArg::level),
        aliens.map(LevelArg::level),
    )
}

/// `simulate --games 1 --save FILE`: plays the game recording its orders and writes the save.
fn simulate_and_save(
    path: &Path,
    scenario: &Scenario,
    rules: Arc<Rules>,
    seed: u64,
    controllers: Controllers,
    wounds: Option<WoundMethod>,
    out: &Path,
    roll_log: Option<&Path>,
) -> Result<(), CliError> {
    let source = save::SaveSource::for_file(Some(&path.display().to_string()));
    let (result, saved) =
        batch::play_saved_game(scenario, rules, seed, 0, controllers, wounds, source);
    ambush_data::atomic::write_atomically(out, &saved.to_ron())
        .map_err(|e| CliError::Failed(format!("--save {}: {e}", out.display())))?;
    if let Some(log) = roll_log {
        write_roll_log(log, &result.log)?;
    }
    println!(
        "{} — 1 game, seed {seed}, saved to {} ({} orders)",
        plain(&scenario.name),
        out.display(),
        saved.orders.len()
    );
    Ok(())
}

/// Writes `simulate --plot`'s chart of `compared` to `out`.
fn write_plot(out: &Path, compared: &[Compared], human: &str) -> Result<(), CliError> {
    let svg = crate::batch::plot::chart(compared, human)
        .map_err(|e| CliError::Failed(format!("--plot: {e}")))?;
    std::fs::write(out, svg).map_err(|e| CliError::Failed(format!("--plot {}: {e}", out.display())))
}

/// `simulate --compare LIST`: every variant on the same seeds, then the table (or JSON) and chart.
fn simulate_compare(
    list: &str,
    args: &SimulateArgs,
    pool: &rayon::ThreadPool,
) -> Result<(), CliError> {
    let specs = report::parse_variants(list, args.scenario.is_some()).map_err(unusable)?;
    let mut variants = Vec::new();
    for spec in specs {
        let Some(file) = spec.file.or_else(|| args.scenario.clone()) else {
            unreachable!("parse_variants refuses a bare wound method without --scenario")
        };
        let (scenario, rules) = load_scenario(&file).map_err(unusable)?;
        variants.push(Variant {
            label: spec.label,
            file,
            scenario,
            rules,
            wounds: spec.wounds,
        });
    }
    let bar = progress::bar(args.games * variants.len() as u64, "games");
    let compared =
        pool.install(|| report::compare(&variants, args.games, args.seed, || progress::step(&bar)));
    progress::finish(bar);
    let names = variants[0].scenario.names(&variants[0].rules);
    if let Some(out) = &args.plot {
        write_plot(out, &compared, names.one(Side::Humans))?;
    }
    if args.json {
        let s = serde_json::to_string(&compared).map_err(|e| CliError::Failed(e.to_string()))?;
        println!("{s}");
    } else {
        print!("{}", plain(&report::table(&compared, names)));
    }
    Ok(())
}

/// Plays the games, or the variants, and reports them.
pub fn simulate(args: SimulateArgs) -> Result<(), CliError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start worker threads: {e}")))?;
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
        humans,
        aliens,
        ..
    } = args;
    let Some(path) = path else {
        unreachable!("clap requires --scenario without --compare")
    };
    let (scenario, rules) = load_scenario(&path).map_err(unusable)?;
    let controllers = controllers_of(&scenario, humans, aliens);
    if let Some(out) = &save_to {
        if games != 1 {
            return Err(CliError::Usage(
                "--save writes one game: give --games 1".into(),
            ));
        }
        return simulate_and_save(
            &path,
            &scenario,
            rules,
            seed,
            controllers,
            wounds_of(wounds),
            out,
            roll_log.as_deref(),
        );
    }
    let mut log_file = match &roll_log {
        Some(p) => Some(std::io::BufWriter::new(std::fs::File::create(p).map_err(
            |e| CliError::Usage(format!("--roll-log {}: {e}", p.display())),
        )?)),
        None => None,
    };
    let wounds = wounds_of(wounds);
    let bar = progress::bar(games, "games");
    let started = Instant::now();
    let mut write_error: Option<std::io::Error> = None;
    let keep_log = log_file.is_some();
    let tally = pool.install(|| {
        batch::simulate(
            &scenario,
            rules.clone(),
            games,
            seed,
            controllers,
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
                progress::step(&bar);
            },
        )
    });
    progress::finish(bar);
    if let Some(f) = log_file.as_mut()
        && let Err(e) = f.flush()
    {
        write_error.get_or_insert(e);
    }
    if let Some(e) = write_error {
        return Err(CliError::Failed(format!("writing the roll log: {e}")));
    }
    let summary = tally.summary(
        &scenario.name,
        seed,
        controllers,
        started.elapsed().as_secs_f64(),
    );
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
        write_plot(out, &compared, names.one(Side::Humans))?;
    }
    if json {
        let s = serde_json::to_string(&summary).map_err(|e| CliError::Failed(e.to_string()))?;
        println!("{s}");
    } else {
        let (humans, aliens) = (names.of(Side::Humans), names.of(Side::Aliens));
        let text = format!(
            "{} — {} games, seed {}\n  {humans}: {}; {aliens}: {}\n  {humans} won {}, {aliens} won {}, draws {}\n  {} casualties: mean {:.2}, histogram {:?}\n  turns {:.1}, {aliens} killed {:.1}, waves {:.1} (means)\n  {:.2} s, {:.0} games/s",
            summary.scenario,
            summary.games,
            summary.seed,
            summary.humans_ai,
            summary.aliens_ai,
            summary.marine_wins,
            summary.alien_wins,
            summary.draws,
            names.one(Side::Humans),
            summary.marine_casualties.mean,
            summary.marine_casualties.histogram,
            summary.turns.mean,
            summary.aliens_killed.mean,
            summary.waves.mean,
            summary.elapsed_s,
            summary.games_per_s
        );
        println!("{}", plain(&text));
    }
    Ok(())
}
