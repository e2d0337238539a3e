//! The one integration-test binary: whole headless games, properties, the CLI, scenario errors.

mod ambushes;
mod cli;
mod headless;
mod play;
mod properties;
mod scenarios;

use ambush::rules::Rules;
use ambush::scenario::format::Scenario;
use ambush::scenario::validate::load_scenario_file;
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn scenario(name: &str) -> Scenario {
    let path = root().join("scenarios").join(name);
    match load_scenario_file(Path::new(&path), Rules::bundled()) {
        Ok(s) => s,
        Err(e) => panic!("{e}"),
    }
}
