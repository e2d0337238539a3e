//! Writing the editor's files: the scenario as ordinary pretty RON, and the one atomic write every file goes through.

use super::error::FileError;
use ambush_data::Scenario;
use ambush_data::atomic::write_atomically;
use serde::Serialize;
use std::path::Path;

/// The scenario as a file: ordinary pretty RON, one piece of terrain or unit a line.
pub fn scenario_text(scenario: &Scenario) -> Result<String, String> {
    to_ron(scenario)
}

pub(super) fn to_ron<T: Serialize>(value: &T) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .struct_names(false);
    ron::ser::to_string_pretty(value, config)
        .map(|text| text + "\n")
        .map_err(|e| e.to_string())
}

pub(super) fn write(path: &Path, text: &str) -> Result<(), FileError> {
    write_atomically(path, text).map_err(|source| FileError::Io {
        path: path.to_path_buf(),
        source,
    })
}
