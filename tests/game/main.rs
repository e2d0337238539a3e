//! The one integration-test binary: whole headless games, properties, the CLI, scenario errors.

mod ambushes;
mod cli;
mod environments;
mod headless;
mod layers;
mod mods;
mod play;
mod properties;
mod saves;
mod scenarios;
mod visibility;

use ambush_data::Rules;
use ambush_data::check::load_scenario_file;
use ambush_data::scenario::Scenario;
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
