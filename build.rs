//! Build-time check of every `scenarios/*.ron` against `assets/rules` (a broken scenario fails the build with file:line:column), and the copy of the game's own files built into the binary.

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

/// Every file under `dir`, recursively, sorted, as paths relative to the package root. Hidden
/// files (an editor's swap file, a temporary write) are left out.
fn files_under(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    let mut paths: Vec<PathBuf> = entries
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: cannot read: {e}", dir.display()))?;
    paths.sort();
    for path in paths {
        if path
            .file_name()
            .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        {
            continue;
        }
        if path.is_dir() {
            files_under(&path, out)?;
        } else if path.is_file() {
            out.push(path);
        }
    }
    Ok(())
}

/// Writes `$OUT_DIR/bundle.rs`: `FILES`, each of `assets/`, `scenarios/` and `mods/` as
/// `include_bytes!`, and `DIGEST`, which names the folder an installed game unpacks them into
/// (`src/install.rs`), so two builds with different files never share one.
fn write_bundle() -> Result<(), String> {
    let mut files = Vec::new();
    for dir in ["assets", "scenarios", "mods"] {
        println!("cargo::rerun-if-changed={dir}");
        files_under(Path::new(dir), &mut files)?;
    }
    let root = std::env::current_dir().map_err(|e| format!("the package folder: {e}"))?;
    // FNV-1a over every name and its bytes: a name for the set, not a defence against anyone.
    let mut digest: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            digest = (digest ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
    };
    let mut code = String::from("pub static FILES: &[(&str, &[u8])] = &[\n");
    for file in &files {
        let name = file
            .to_str()
            .ok_or_else(|| format!("{}: a name that is not UTF-8", file.display()))?
            .replace('\\', "/");
        let bytes =
            std::fs::read(file).map_err(|e| format!("{}: cannot read: {e}", file.display()))?;
        eat(name.as_bytes());
        eat(&bytes);
        code.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            root.join(file).display().to_string()
        ));
    }
    code.push_str("];\n");
    code.push_str(&format!("pub const DIGEST: &str = \"{digest:016x}\";\n"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?);
    std::fs::write(out.join("bundle.rs"), code).map_err(|e| format!("bundle.rs: {e}"))
}

fn main() {
    if let Err(e) = write_bundle() {
        report(&e);
        std::process::exit(1);
    }
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
