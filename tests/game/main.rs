//! The one integration-test binary: whole headless games, properties, the CLI, scenario errors.

mod ambushes;
mod checks;
mod cli;
mod digests;
mod environments;
mod fuzz;
mod headless;
mod layers;
mod live;
mod memos;
mod mods;
mod pbem;
mod pbem_ambush;
mod pictures;
mod play;
mod polygons;
mod properties;
mod saves;
mod scenarios;
mod visibility;

use ambush_data::Rules;
use ambush_data::check::load_scenario_file;
use ambush_data::mods::load_mod;
use ambush_data::scenario::Scenario;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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

/// Every scenario the game ships, with the tables it plays with.
pub fn every_scenario() -> Vec<(Scenario, Arc<Rules>)> {
    let bundled = Arc::new(Rules::bundled().clone());
    let mut all: Vec<(Scenario, Arc<Rules>)> = std::fs::read_dir(root().join("scenarios"))
        .expect("scenarios/")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .map(|p| {
            let s = ambush_data::load_scenario_file(&p, &bundled).expect("a bundled scenario");
            (s, bundled.clone())
        })
        .collect();
    let colonial = load_mod(&root().join("mods/colonial")).expect("the colonial mod");
    for s in &colonial.scenarios {
        all.push((s.scenario.clone().expect("valid"), colonial.rules.clone()));
    }
    all.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    all
}
