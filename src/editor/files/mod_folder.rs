//! A user's mod folder as the editor sees it: which mod a file lies in, its rules, the bundled folders it never writes into, a draft's own files, and making a new mod.

use super::error::FileError;
use super::writing::{to_ron, write};
use crate::editor::draft::{Draft, Origin};
use ambush_data::mods::{self, MANIFEST, Manifest};
use ambush_data::{DataError, Rules};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The folder of a mod that holds its playable scenarios: the loader lists these.
pub const SCENARIOS_FOLDER: &str = "scenarios";
/// The folder of a mod that holds drafts that fail their checks: the loader never lists it.
pub const DRAFTS_FOLDER: &str = "drafts";

/// `path` with every folder that exists resolved (links followed), the rest as written: where
/// a write to it would land.
pub(super) fn resolved(path: &Path) -> PathBuf {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut existing = absolute.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = existing.canonicalize() {
            return rest.iter().rev().fold(real, |p, part| p.join(part));
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return absolute,
        }
    }
}

/// Refuses a mod folder inside a protected folder (the bundled `scenarios/`, a bundled mod) or
/// holding one (a `mod.ron` there would turn a folder of mods into one mod).
pub(super) fn refuse_protected(dir: &Path, protected: &[PathBuf]) -> Result<(), FileError> {
    let dir_real = resolved(dir);
    for p in protected {
        let p_real = resolved(p);
        if dir_real.starts_with(&p_real) || p_real.starts_with(&dir_real) {
            return Err(FileError::Protected {
                path: dir.to_path_buf(),
                protected: p.clone(),
            });
        }
    }
    Ok(())
}

/// The mod whose rules a draft's file plays with, if it lies in one: a new mod made for the
/// draft takes that mod's rule files with it, so a copy of the colonial mod's scenario still
/// plays with the colonial rules.
pub(super) fn source_mod(draft: &Draft) -> Option<PathBuf> {
    match draft.origin() {
        Origin::New => None,
        Origin::Bundled { file } | Origin::Elsewhere { file } | Origin::Mod { file, .. } => {
            mod_of_file(file)
        }
    }
}

/// The rules the scenarios of the mod in `dir` play with: its merged tables; for a mod not made
/// yet, those of the mod it will copy its rules from, else the bundled ones.
pub(super) fn rules_of_mod(dir: &Path, rules_from: Option<&Path>) -> Result<Arc<Rules>, FileError> {
    match (dir.join(MANIFEST).is_file(), rules_from) {
        (true, _) => Ok(mods::load_mod_rules(dir)?.1),
        (false, Some(source)) => Ok(mods::load_mod_rules(source)?.1),
        (false, None) => Ok(Arc::new(Rules::bundled().clone())),
    }
}

/// The draft file of the scenario whose playable file is `file`: `drafts/` beside `scenarios/`.
pub(super) fn stale_draft(dir: &Path, file: &Path) -> PathBuf {
    dir.join(DRAFTS_FOLDER)
        .join(file.file_name().unwrap_or_default())
}

/// Whether `path` is the draft's own file: the one it was opened from or last saved to, or that
/// scenario's other file in the same mod (its playable file in `scenarios/` and its draft file in
/// `drafts/` are one scenario's two versions, and the editor keeps them in step).
pub(super) fn is_its_own(draft: &Draft, path: &Path) -> bool {
    let Origin::Mod { file, .. } = draft.origin() else {
        return false;
    };
    let (mine, other) = (resolved(file), resolved(path));
    let folder_of = |p: &Path| p.parent().and_then(Path::parent).map(Path::to_path_buf);
    let in_a_mod_folder = |p: &Path| {
        p.parent()
            .and_then(Path::file_name)
            .is_some_and(|n| n == SCENARIOS_FOLDER || n == DRAFTS_FOLDER)
    };
    mine == other
        || (mine.file_name() == other.file_name()
            && in_a_mod_folder(&mine)
            && in_a_mod_folder(&other)
            && folder_of(&mine) == folder_of(&other))
}

/// The manifest of a mod the editor makes: named as its folder, for this game's minor version,
/// changing the rule files `overrides` names (those of the mod it copies its rules from).
pub(super) fn new_manifest(mod_name: &str, overrides: Vec<String>) -> Manifest {
    let mut version = mods::GAME_VERSION.split('.');
    let major = version.next().unwrap_or("0");
    let minor = version.next().unwrap_or("0");
    Manifest {
        name: mod_name.to_string(),
        version: "1.0.0".into(),
        description: "Scenarios made in the scenario editor.".into(),
        game_version: format!("{major}.{minor}"),
        overrides,
    }
}

/// Makes the new mod `dir`: the rule files of `rules_from` copied first, then its `mod.ron`
/// (last, so a mod folder is never listed before its rules are all there).
pub(super) fn make_mod(
    dir: &Path,
    mod_name: &str,
    rules_from: Option<&Path>,
) -> Result<(), FileError> {
    let mut overrides = Vec::new();
    if let Some(source) = rules_from {
        let manifest = mods::manifest_of(source)?;
        let home = source.canonicalize().map_err(|e| FileError::Io {
            path: source.to_path_buf(),
            source: e,
        })?;
        for rel in manifest.overrides {
            // The same refusals as the loader's: a path out of the source mod is not read.
            let from = mods::inside(&home, source, &rel).map_err(|why| {
                DataError::at(&source.join(MANIFEST).display().to_string(), 1, 1, why)
            })?;
            let text = mods::read_inside(&home, &from)?;
            write(&dir.join(&rel), &text)?;
            overrides.push(rel);
        }
    }
    let manifest_file = dir.join(MANIFEST);
    let manifest =
        to_ron(&new_manifest(mod_name, overrides)).map_err(|why| FileError::Unwritable {
            path: manifest_file.clone(),
            why,
        })?;
    write(&manifest_file, &manifest)
}

/// The mod folder of a scenario or draft file, `MOD/scenarios/X.ron` or `MOD/drafts/X.ron`
/// beside a `MOD/mod.ron`.
pub(super) fn mod_of_file(path: &Path) -> Option<PathBuf> {
    let folder = path.parent()?;
    let name = folder.file_name()?;
    if name != SCENARIOS_FOLDER && name != DRAFTS_FOLDER {
        return None;
    }
    let dir = match folder.parent()? {
        p if p.as_os_str().is_empty() => Path::new("."),
        p => p,
    };
    dir.join(MANIFEST).is_file().then(|| dir.to_path_buf())
}

/// The rules a scenario or draft file plays with: its mod's, else the bundled ones.
pub fn rules_for(path: &Path) -> Result<Arc<Rules>, FileError> {
    match mod_of_file(path) {
        Some(dir) => Ok(mods::load_mod_rules(&dir)?.1),
        None => Ok(Arc::new(Rules::bundled().clone())),
    }
}
