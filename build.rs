//! Build-time check of every `scenarios/*.ron` against `assets/rules`: a broken scenario fails the build with file:line:column.

use ambush_data::{Rules, load_scenario_file};
use std::path::{Path, PathBuf};

/// Prints one `cargo::error=` line per problem (cargo takes one line per directive).
fn report(message: &str) {
    println!("cargo::error={}", message.replace(['\r', '\n'], " "));
}

/// Every `*.ron` in `dir`, sorted by path.
fn scenario_files(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("{}: cannot read: {e}", dir.display()))?
            .path();
        if path.is_file() && path.extension().is_some_and(|e| e == "ron") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

fn main() {
    // The build script runs in the package root, so these relative paths name the package's own.
    let scenarios = Path::new("scenarios");
    let rules_dir = Path::new("assets/rules");
    println!("cargo::rerun-if-changed={}", scenarios.display());
    println!("cargo::rerun-if-changed={}", rules_dir.display());

    let rules = match Rules::from_dir(rules_dir) {
        Ok(rules) => rules,
        Err(e) => {
            report(&e.to_string());
            std::process::exit(1);
        }
    };
    let files = match scenario_files(scenarios) {
        Ok(files) => files,
        Err(e) => {
            report(&e);
            std::process::exit(1);
        }
    };
    let mut failed = false;
    for file in &files {
        if let Err(e) = load_scenario_file(file, &rules) {
            report(&e.to_string());
            failed = true;
        }
    }
    if failed {
        std::process::exit(1);
    }
}
