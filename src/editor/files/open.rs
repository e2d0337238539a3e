//! Opening a scenario or draft file as a draft, with the rules it plays with.

use super::error::FileError;
use super::mod_folder::{mod_of_file, refuse_protected, rules_for};
use crate::editor::draft::{Draft, Origin};
use ambush_data::error::{MAX_FILE_BYTES, read_bounded};
use ambush_data::mods;
use ambush_data::{Rules, Scenario, parse_ron};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Opens a scenario or draft file as a draft checked against `rules`. The file need only parse:
/// a draft may fail its checks. A file inside `protected` is `Origin::Bundled` (saving copies it
/// into a user's mod), one of a user's mod `Origin::Mod`, any other `Origin::Elsewhere`.
pub fn open(path: &Path, rules: Arc<Rules>, protected: &[PathBuf]) -> Result<Draft, FileError> {
    let shown = path.display().to_string();
    let bundled = refuse_protected(path, protected).is_err();
    let (text, origin) = match mod_of_file(path) {
        Some(dir) if !bundled => {
            // As the loader reads a mod's files: a link out of its folder is refused.
            let home = dir.canonicalize().map_err(|source| FileError::Io {
                path: dir.clone(),
                source,
            })?;
            let text = mods::read_inside(&home, path)?;
            let file = path.to_path_buf();
            (text, Origin::Mod { dir, file })
        }
        _ => {
            let text = read_bounded(path, &shown, MAX_FILE_BYTES)?;
            let file = path.to_path_buf();
            let origin = if bundled {
                Origin::Bundled { file }
            } else {
                Origin::Elsewhere { file }
            };
            (text, origin)
        }
    };
    let scenario: Scenario = parse_ron(&shown, &text)?;
    Ok(Draft::opened(scenario, rules, origin))
}

/// `open` with the rules the file plays with (`rules_for`).
pub fn open_with_its_rules(path: &Path, protected: &[PathBuf]) -> Result<Draft, FileError> {
    open(path, rules_for(path)?, protected)
}
