//! `ambush replay`: loads a save (replaying and checking every order) and writes its roll log.

use super::{CliError, plain, unusable, write_roll_log};
use crate::save;
use std::path::Path;

/// Replays the save at `file`; a save that does not replay is a usage error, naming its place.
pub fn replay(file: &Path, roll_log: Option<&Path>) -> Result<(), CliError> {
    let replayed = save::load_save(file).map_err(unusable)?;
    if let Some(out) = roll_log {
        write_roll_log(out, &replayed.log)?;
    }
    let s = &replayed.save.summary;
    println!(
        "{}: ok ({}, turn {}, {}, {} orders replayed, {} rolls{})",
        plain(&file.display().to_string()),
        plain(&s.scenario),
        s.turn,
        s.phase,
        s.orders,
        replayed.log.len(),
        if s.finished { ", finished" } else { "" }
    );
    Ok(())
}
