//! `ambush fuzz`: many cases of mutated data files through the loaders, or one case replayed.

use super::{CliError, plain, progress};
use crate::batch::fuzz::{Corpus, DataFile, SettingsFile, Verdict};
use crate::input::Bindings;
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The fuzzer's options.
#[derive(Args, Debug)]
pub struct FuzzArgs {
    /// How many cases to run.
    #[arg(long, default_value_t = 1000)]
    pub cases: u64,
    /// The first case's seed; case i is seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Replay one case by its seed, showing its mutations and verdict.
    #[arg(long, value_name = "SEED", conflicts_with_all = ["cases", "seed"])]
    pub case: Option<u64>,
    /// The checkout whose scenarios/, assets/rules/ and mods/ are mutated.
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
}

/// Every file the fuzzer mutates: the data files under `root`, and the files the layers above
/// the data read (the bindings, a turn message), each with how its layer reads it.
pub fn corpus(root: &Path) -> Result<Corpus, String> {
    let bindings = SettingsFile {
        file: DataFile {
            shown: "bindings.ron".into(),
            text: Bindings::default_text()?,
        },
        read: Bindings::read,
    };
    let (shown, text) = crate::remote::fuzz::sample_message()?;
    let message = SettingsFile {
        file: DataFile { shown, text },
        read: crate::remote::fuzz::read,
    };
    Ok(Corpus::load(root)?
        .with_settings(bindings)
        .with_settings(message))
}

/// Runs the cases; an unplaced refusal or a panic is a problem found.
pub fn fuzz(args: FuzzArgs) -> Result<(), CliError> {
    let corpus = corpus(&args.root).map_err(CliError::Usage)?;
    if let Some(case) = args.case {
        // Not caught: a panic shows its place and backtrace.
        let mutant = corpus.mutant(case);
        let line = format!(
            "case {case}: {}: {}",
            mutant.shown,
            mutant.mutations.join("; ")
        );
        println!("{}", plain(&line));
        let verdict = corpus.judge(&mutant);
        println!("{verdict:?}");
        return match verdict {
            Verdict::Unlocated(_) => Err(CliError::Found),
            _ => Ok(()),
        };
    }
    let started = Instant::now();
    let bar = progress::bar(args.cases, "cases");
    let soak = corpus.soak(args.seed, args.cases, || progress::step(&bar));
    progress::finish(bar);
    for failure in &soak.failures {
        println!("{}", plain(&failure.to_string()));
    }
    println!(
        "fuzz: {} cases from seed {}: {} refused with a place, {} played, {} bindings or turn messages accepted, {} failed ({:.1} s)",
        soak.cases,
        args.seed,
        soak.refused,
        soak.played,
        soak.accepted,
        soak.failures.len(),
        started.elapsed().as_secs_f64()
    );
    if soak.failures.is_empty() {
        Ok(())
    } else {
        Err(CliError::Found)
    }
}
