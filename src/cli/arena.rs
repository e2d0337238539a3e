//! `ambush arena`: each level of the commander against the one below it, seats swapped on the same dice, as a table or JSON.

use super::{CliError, load_scenario, plain, progress, unusable};
use crate::batch::arena::{self, Bout};
use ambush_engine::control::commander::AiLevel;
use ambush_engine::play::new_game::DEFAULT_SEED;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// The arena's options.
#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// A scenario file (of the game or of a mod); may be given again for several.
    #[arg(long, required = true)]
    pub scenario: Vec<PathBuf>,
    /// Games a pairing plays: half the seeds with each level on each side. Even.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(2..))]
    pub games: u64,
    /// The run's seed: the same seed gives the same games.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// The levels, weakest first: each is pitted against the one before it.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "cautious,normal,hard"
    )]
    pub levels: Vec<LevelArg>,
    /// Print one JSON array of the pairings instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub threads: Option<u64>,
}

/// A commander's level, as typed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LevelArg {
    /// Keeps to cover and out of reach; hangs back where it must destroy or catch the enemy in time
    Cautious,
    /// Plays the objective from cover to cover
    Normal,
    /// Presses in, spreading its attack, where it must destroy or catch the enemy in time; boards a ship in groups
    Hard,
}

impl LevelArg {
    pub fn level(self) -> AiLevel {
        match self {
            LevelArg::Cautious => AiLevel::Cautious,
            LevelArg::Normal => AiLevel::Normal,
            LevelArg::Hard => AiLevel::Hard,
        }
    }
}

/// Plays every pairing on every scenario and prints them.
pub fn arena(args: ArenaArgs) -> Result<(), CliError> {
    if !args.games.is_multiple_of(2) {
        return Err(CliError::Usage(format!(
            "--games {}: each seed is played twice, seats swapped; give an even number",
            args.games
        )));
    }
    if args.levels.len() < 2 {
        return Err(CliError::Usage(
            "--levels: give at least two levels to pit against each other".into(),
        ));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
        .map_err(|e| CliError::Failed(format!("cannot start worker threads: {e}")))?;
    let seeds = args.games / 2;
    let mut loaded = Vec::new();
    for file in &args.scenario {
        loaded.push(load_scenario(file).map_err(unusable)?);
    }
    let pairings = args.levels.len() - 1;
    let bar = progress::bar(
        seeds * (pairings * loaded.len()) as u64,
        "seat-swapped pairs",
    );
    let mut bouts: Vec<Bout> = Vec::new();
    for (scenario, rules) in &loaded {
        for w in args.levels.windows(2) {
            let (below, level) = (w[0].level(), w[1].level());
            bouts.push(pool.install(|| {
                arena::bout(
                    scenario,
                    rules.clone(),
                    level,
                    below,
                    seeds,
                    args.seed,
                    || progress::step(&bar),
                )
            }));
        }
    }
    progress::finish(bar);
    if args.json {
        let s = serde_json::to_string(&bouts).map_err(|e| CliError::Failed(e.to_string()))?;
        println!("{s}");
    } else {
        print!("{}", plain(&arena::table(&bouts)));
        println!(
            "seed {}, {} games a pairing ({} seeds, seats swapped)",
            args.seed, args.games, seeds
        );
    }
    Ok(())
}
