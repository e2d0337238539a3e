//! `ambush soak`: whole games under the random policy with every invariant checked.

use super::{CliError, load_scenario, plain, progress, unusable};
use crate::batch::soak::{Policy, every_scenario, soak as soak_all, soak_game};
use ambush_engine::play::new_game::DEFAULT_SEED;
use clap::{Args, ValueEnum};
use std::path::PathBuf;
use std::time::Instant;

/// The soak's options.
#[derive(Args, Debug)]
pub struct SoakArgs {
    /// Games of each scenario.
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..))]
    pub games: u64,
    /// How both sides choose their orders.
    #[arg(long, value_enum, default_value_t = PolicyArg::Random)]
    pub policy: PolicyArg,
    /// The run's seed; game i of a scenario is that seed's game i.
    #[arg(long, default_value_t = DEFAULT_SEED)]
    pub seed: u64,
    /// Soak only this scenario (may be given again); default: every scenario under --root,
    /// the mods' included.
    #[arg(long)]
    pub scenario: Vec<PathBuf>,
    /// Replay one game by its number (with --seed and one --scenario), showing its verdict.
    #[arg(long, value_name = "N", requires = "scenario")]
    pub game: Option<u64>,
    /// The checkout whose scenarios/ and mods/ are soaked.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum PolicyArg {
    /// Uniformly at random among the orders the rules accept.
    Random,
}

/// Soaks every scenario (or the ones named), or replays one game; a breach is a problem found.
pub fn soak(args: SoakArgs) -> Result<(), CliError> {
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
    let scenarios = scenarios.map_err(unusable)?;
    if let Some(game) = args.game {
        let (file, scenario, rules) = &scenarios[0];
        let r = soak_game(scenario, rules, args.seed, game, policy);
        let line = format!(
            "{file}: seed {}, game {game}: {} decisions, {} orders: {}",
            args.seed,
            r.decisions,
            r.orders,
            r.breach.as_deref().unwrap_or("every invariant held")
        );
        println!("{}", plain(&line));
        return if r.breach.is_none() {
            Ok(())
        } else {
            Err(CliError::Found)
        };
    }
    let started = Instant::now();
    let bar = progress::bar(args.games * scenarios.len() as u64, "games");
    let report = soak_all(&scenarios, args.games, args.seed, policy, || {
        progress::step(&bar)
    });
    progress::finish(bar);
    for breach in &report.breaches {
        println!("{}", plain(breach));
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
        Ok(())
    } else {
        Err(CliError::Found)
    }
}
