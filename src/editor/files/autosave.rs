//! The autosave: the draft written after every edit, found again after a crash, removed once saved.

use super::error::FileError;
use super::writing::{to_ron, write};
use crate::editor::draft::{Draft, Origin};
use ambush_data::error::{MAX_FILE_BYTES, read_bounded};
use ambush_data::{Scenario, parse_ron};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The autosave's file name inside the folder the editor is given for it.
pub const AUTOSAVE_FILE: &str = "editor-autosave.ron";

/// What an autosave holds: the scenario and where it came from (which says which rules to
/// check it with when it is brought back).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recovered {
    pub origin: Origin,
    pub scenario: Scenario,
}

/// Writes the draft to `folder/editor-autosave.ron`, atomically: the window calls it after
/// every edit, so a crash loses at most the edit being made.
pub fn autosave(draft: &Draft, folder: &Path) -> Result<PathBuf, FileError> {
    let path = folder.join(AUTOSAVE_FILE);
    let record = Recovered {
        origin: draft.origin().clone(),
        scenario: draft.scenario().clone(),
    };
    let text = to_ron(&record).map_err(|why| FileError::Unwritable {
        path: path.clone(),
        why,
    })?;
    write(&path, &text)?;
    Ok(path)
}

/// The autosave in `folder`, if there is one: the window offers to bring it back
/// (`Draft::recovered`, with `rules_for` its origin's file).
pub fn find_autosave(folder: &Path) -> Result<Option<Recovered>, FileError> {
    let path = folder.join(AUTOSAVE_FILE);
    if !path.is_file() {
        return Ok(None);
    }
    let text = read_bounded(&path, &path.display().to_string(), MAX_FILE_BYTES)?;
    Ok(Some(parse_ron(&path.display().to_string(), &text)?))
}

/// Removes the autosave in `folder` (after a save, or when the person leaves the editor
/// without keeping the draft); no autosave is no error.
pub fn remove_autosave(folder: &Path) -> Result<(), FileError> {
    let path = folder.join(AUTOSAVE_FILE);
    match std::fs::remove_file(&path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(FileError::Io { path, source: e })
        }
        _ => Ok(()),
    }
}
