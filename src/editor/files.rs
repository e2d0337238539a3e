//! The draft's files: opening a scenario into a draft, saving it into a user's mod (a draft that fails its checks into the mod's `drafts/` folder), safe names, and the autosave.
//!
//! Where a save goes: `<mods root>/<mod>/scenarios/<name>.ron` when the draft passes every
//! check, else `<mods root>/<mod>/drafts/<name>.ron`. The mod loader lists only `scenarios/`
//! (and reads only `rules/` besides), so a draft file is never offered in the menu, and the menu
//! keeps the last version of the scenario that passed. A scenario saved that passes replaces
//! its draft file. A new mod made for a draft of a mod's file (a bundled mod's scenario) copies
//! that mod's rule files, so the copy plays with the same rules. Every write is atomic
//! (`ambush_data::atomic::write_atomically`): a failed or interrupted write leaves the old file whole. A save
//! never replaces a file the draft did not come from unless the person has said so
//! (`Overwrite`), and never writes through a link that leads out of the mod folder.

use super::draft::{Draft, Origin};
use ambush_data::atomic::write_atomically;
use ambush_data::error::{MAX_FILE_BYTES, read_bounded};
use ambush_data::mods::{self, MANIFEST, Manifest};
use ambush_data::{DataError, Rules, Scenario, parse_ron};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The folder of a mod that holds its playable scenarios: the loader lists these.
pub const SCENARIOS_FOLDER: &str = "scenarios";
/// The folder of a mod that holds drafts that fail their checks: the loader never lists it.
pub const DRAFTS_FOLDER: &str = "drafts";
/// The autosave's file name inside the folder the editor is given for it.
pub const AUTOSAVE_FILE: &str = "editor-autosave.ron";
/// The longest mod folder or scenario file name the editor writes, in characters.
pub const MAX_FILE_NAME_CHARS: usize = 64;

/// Why a draft could not be opened, saved or autosaved.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    #[error("{what} \"{name}\": {why}")]
    UnsafeName {
        what: &'static str,
        name: String,
        why: String,
    },
    #[error(
        "{}: lies in the bundled folder {}; the editor never writes there: save into a mod in your data folder",
        path.display(),
        protected.display()
    )]
    Protected { path: PathBuf, protected: PathBuf },
    #[error("this draft has no file of a user's mod to save to; choose a mod and a name first")]
    NeedsAMod,
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// A file that could not be read or parsed, at its line and column.
    #[error(transparent)]
    Data(#[from] DataError),
    #[error("{}: cannot be written as RON: {why}", path.display())]
    Unwritable { path: PathBuf, why: String },
    #[error(
        "{} {}: saving would replace what is there, which the editor did not write for this draft; say to replace it, or choose another mod or file name",
        if files.len() == 1 { "already holds" } else { "already hold" },
        shown(files)
    )]
    WouldReplace { files: Vec<PathBuf> },
    #[error(
        "{}: a link to {}, outside the mod folder {}; the editor writes only inside the mod (and `ambush check` refuses a link out of it)",
        path.display(),
        to.display(),
        dir.display()
    )]
    LinkOut {
        path: PathBuf,
        to: PathBuf,
        dir: PathBuf,
    },
}

/// Paths for a message, joined with commas.
fn shown(files: &[PathBuf]) -> String {
    let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    names.join(", ")
}

/// Whether a save may replace files that are there and that the editor did not write for this
/// draft (`SaveTarget::replaces`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Overwrite {
    /// Refuse the save when it would replace such a file: the window asks first.
    Refuse,
    /// The person has said to replace them.
    Allowed,
}

/// Where a save would go, found before writing so the window can warn first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveTarget {
    /// The mod's folder.
    pub dir: PathBuf,
    /// The file: in the mod's `scenarios/`, or in its `drafts/` for a draft that fails.
    pub file: PathBuf,
    /// The draft fails its checks: it goes to `drafts/`, where the menu does not look.
    pub as_draft: bool,
    /// The mod folder has no `mod.ron` yet: saving writes one.
    pub new_mod: bool,
    /// For a new mod: the mod whose rule files it copies (the draft's file's mod, such as a
    /// bundled mod), so the draft plays with the same rules; `None` plays with the bundled ones.
    pub rules_from: Option<PathBuf>,
    /// The file exists and holds hand-written comments, which saving will not keep.
    pub loses_comments: bool,
    /// Files there now that the save would replace or remove though the draft did not come from
    /// them: another scenario's file, a draft file of another scenario, or, in a folder with no
    /// `mod.ron` yet, the rule files a person put there. The window asks before replacing them.
    pub replaces: Vec<PathBuf>,
}

/// Refuses a name that is unsafe as a file or folder name on any system the game runs on:
/// empty, longer than `MAX_FILE_NAME_CHARS`, with a path separator, `..`, a leading dot, a
/// control character or a character Windows forbids, a trailing dot or space, or one of
/// Windows' reserved device names (CON, PRN, AUX, NUL, COM0–COM9, LPT0–LPT9, with any
/// extension).
pub fn check_name(what: &'static str, name: &str) -> Result<(), FileError> {
    let refuse = |why: &str| {
        Err(FileError::UnsafeName {
            what,
            name: name.chars().take(MAX_FILE_NAME_CHARS + 8).collect(),
            why: why.to_string(),
        })
    };
    if name.is_empty() {
        return refuse("a name is needed");
    }
    if name.chars().count() > MAX_FILE_NAME_CHARS {
        return refuse(&format!("longer than {MAX_FILE_NAME_CHARS} characters"));
    }
    if name.contains("..") {
        return refuse("`..` could lead out of the folder");
    }
    if name.contains(['/', '\\']) {
        return refuse("a name may not hold `/` or `\\`");
    }
    if name.starts_with('.') {
        return refuse("a name starting with a dot is hidden");
    }
    if name.chars().any(char::is_control) {
        return refuse("a name may not hold control characters");
    }
    if name.contains(['<', '>', ':', '"', '|', '?', '*']) {
        return refuse("a name may not hold any of < > : \" | ? *");
    }
    if name.ends_with(['.', ' ']) || name.starts_with(' ') {
        return refuse("a name may not start with a space or end with a dot or a space");
    }
    let stem = name.split('.').next().unwrap_or(name).trim_end();
    let upper = stem.to_ascii_uppercase();
    let reserved = ["CON", "PRN", "AUX", "NUL"].contains(&upper.as_str())
        || ((upper.starts_with("COM") || upper.starts_with("LPT"))
            && upper.len() == 4
            && upper.as_bytes()[3].is_ascii_digit());
    if reserved {
        return refuse("a device name on Windows");
    }
    Ok(())
}

/// Whether RON `text` holds a comment (`//` or `/*` outside strings and characters), which
/// saving a draft over it would lose.
pub fn has_comments(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    // Only ASCII bytes are compared, and no byte of a multi-byte UTF-8 character is ASCII.
    while i < b.len() {
        match b[i] {
            b'/' if matches!(b.get(i + 1), Some(b'/' | b'*')) => return true,
            b'"' => i = after_string(b, i + 1),
            b'\'' => {
                // A character: 'a', '\'', '"'.
                i += 1;
                if b.get(i) == Some(&b'\\') {
                    i += 2;
                }
                while i < b.len() && b[i] != b'\'' {
                    i += 1;
                }
                i += 1;
            }
            b'r' if !b[..i]
                .last()
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_') =>
            {
                // A raw string r"…" or r#"…"#, whose quotes and backslashes are plain text.
                let hashes = b[i + 1..].iter().take_while(|c| **c == b'#').count();
                if b.get(i + 1 + hashes) == Some(&b'"') {
                    i = after_raw_string(b, i + 2 + hashes, hashes);
                } else {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    false
}

/// The index after the closing quote of a string whose text starts at `i`.
fn after_string(b: &[u8], mut i: usize) -> usize {
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// The index after the closing `"` and `hashes` hashes of a raw string whose text starts at `i`.
fn after_raw_string(b: &[u8], mut i: usize, hashes: usize) -> usize {
    while i < b.len() {
        if b[i] == b'"'
            && b[i + 1..]
                .iter()
                .take(hashes)
                .filter(|c| **c == b'#')
                .count()
                == hashes
        {
            return i + 1 + hashes;
        }
        i += 1;
    }
    b.len()
}

/// Whether the file at `path` holds comments; false when it does not exist or cannot be read.
pub fn file_has_comments(path: &Path) -> bool {
    read_bounded(path, &path.display().to_string(), MAX_FILE_BYTES)
        .is_ok_and(|text| has_comments(&text))
}

/// The scenario as a file: ordinary pretty RON, one piece of terrain or unit a line.
pub fn scenario_text(scenario: &Scenario) -> Result<String, String> {
    to_ron(scenario)
}

fn to_ron<T: Serialize>(value: &T) -> Result<String, String> {
    let config = ron::ser::PrettyConfig::new()
        .depth_limit(2)
        .struct_names(false);
    ron::ser::to_string_pretty(value, config)
        .map(|text| text + "\n")
        .map_err(|e| e.to_string())
}

/// `path` with every folder that exists resolved (links followed), the rest as written: where
/// a write to it would land.
fn resolved(path: &Path) -> PathBuf {
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
fn refuse_protected(dir: &Path, protected: &[PathBuf]) -> Result<(), FileError> {
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

/// `name` less a final `.ron`, checked as a safe name.
fn scenario_stem(name: &str) -> Result<&str, FileError> {
    let stem = name.strip_suffix(".ron").unwrap_or(name);
    check_name("scenario file", stem)?;
    Ok(stem)
}

/// The mod whose rules a draft's file plays with, if it lies in one: a new mod made for the
/// draft takes that mod's rule files with it, so a copy of the colonial mod's scenario still
/// plays with the colonial rules.
fn source_mod(draft: &Draft) -> Option<PathBuf> {
    match draft.origin() {
        Origin::New => None,
        Origin::Bundled { file } | Origin::Elsewhere { file } | Origin::Mod { file, .. } => {
            mod_of_file(file)
        }
    }
}

/// The rules the scenarios of the mod in `dir` play with: its merged tables; for a mod not made
/// yet, those of the mod it will copy its rules from, else the bundled ones.
fn rules_of_mod(dir: &Path, rules_from: Option<&Path>) -> Result<Arc<Rules>, FileError> {
    match (dir.join(MANIFEST).is_file(), rules_from) {
        (true, _) => Ok(mods::load_mod_rules(dir)?.1),
        (false, Some(source)) => Ok(mods::load_mod_rules(source)?.1),
        (false, None) => Ok(Arc::new(Rules::bundled().clone())),
    }
}

/// Where `save_into_mod` would write the draft, and what it would do there, without writing.
/// The draft is judged with the rules of the mod it goes into. Refuses a save that would write
/// through a link out of the mod folder (its `scenarios/` or `rules/` a link elsewhere), as the
/// loader refuses to read one.
pub fn save_target(
    draft: &Draft,
    mods_root: &Path,
    mod_name: &str,
    file_name: &str,
    protected: &[PathBuf],
) -> Result<SaveTarget, FileError> {
    check_name("mod folder", mod_name)?;
    let stem = scenario_stem(file_name)?;
    let dir = mods_root.join(mod_name);
    refuse_protected(&dir, protected)?;
    let new_mod = !dir.join(MANIFEST).is_file();
    let rules_from = source_mod(draft).filter(|_| new_mod);
    let rules = rules_of_mod(&dir, rules_from.as_deref())?;
    let as_draft = ambush_data::check_scenario(draft.scenario(), &rules).is_err();
    let folder = if as_draft {
        DRAFTS_FOLDER
    } else {
        SCENARIOS_FOLDER
    };
    let file = dir.join(folder).join(format!("{stem}.ron"));
    // Every file the save writes or removes, and whether it is the draft's own.
    let mut touched = vec![(file.clone(), is_its_own(draft, &file))];
    if !as_draft {
        let stale = stale_draft(&dir, &file);
        touched.push((stale.clone(), is_its_own(draft, &stale)));
    }
    if new_mod {
        touched.push((dir.join(MANIFEST), false));
        if let Some(source) = &rules_from {
            for rel in mods::manifest_of(source)?.overrides {
                touched.push((dir.join(rel), false));
            }
        }
    }
    let home = resolved(&dir);
    for (path, _) in &touched {
        let lands = resolved(path);
        if !lands.starts_with(&home) {
            return Err(FileError::LinkOut {
                path: path.clone(),
                to: lands,
                dir,
            });
        }
    }
    let replaces = touched
        .into_iter()
        .filter(|(path, own)| !own && path.symlink_metadata().is_ok())
        .map(|(path, _)| path)
        .collect();
    Ok(SaveTarget {
        new_mod,
        rules_from,
        loses_comments: file_has_comments(&file),
        dir,
        file,
        as_draft,
        replaces,
    })
}

/// The draft file of the scenario whose playable file is `file`: `drafts/` beside `scenarios/`.
fn stale_draft(dir: &Path, file: &Path) -> PathBuf {
    dir.join(DRAFTS_FOLDER)
        .join(file.file_name().unwrap_or_default())
}

/// Whether `path` is the draft's own file: the one it was opened from or last saved to, or that
/// scenario's other file in the same mod (its playable file in `scenarios/` and its draft file in
/// `drafts/` are one scenario's two versions, and the editor keeps them in step).
fn is_its_own(draft: &Draft, path: &Path) -> bool {
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
fn new_manifest(mod_name: &str, overrides: Vec<String>) -> Manifest {
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
fn make_mod(dir: &Path, mod_name: &str, rules_from: Option<&Path>) -> Result<(), FileError> {
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

/// Saves the draft into the mod `mod_name` under `mods_root` as `file_name` (`.ron` added):
/// into `scenarios/` when it passes its checks with that mod's rules, else into `drafts/`.
/// Makes the mod first when the folder has no `mod.ron`, with the rule files of the mod the
/// draft's file lies in, if any (`SaveTarget::rules_from`). Refuses unsafe names, any folder in
/// or around `protected` (the bundled `scenarios/` and bundled mods), a write through a link out
/// of the mod folder, and, unless `overwrite` allows it, replacing a file the draft did not come
/// from (`SaveTarget::replaces`). On success the draft belongs to that mod, is checked with its
/// rules, and counts as saved.
pub fn save_into_mod(
    draft: &mut Draft,
    mods_root: &Path,
    mod_name: &str,
    file_name: &str,
    protected: &[PathBuf],
    overwrite: Overwrite,
) -> Result<SaveTarget, FileError> {
    let target = save_target(draft, mods_root, mod_name, file_name, protected)?;
    if overwrite == Overwrite::Refuse && !target.replaces.is_empty() {
        return Err(FileError::WouldReplace {
            files: target.replaces,
        });
    }
    let text = scenario_text(draft.scenario()).map_err(|why| FileError::Unwritable {
        path: target.file.clone(),
        why,
    })?;
    if target.new_mod {
        make_mod(&target.dir, mod_name, target.rules_from.as_deref())?;
    }
    write(&target.file, &text)?;
    if !target.as_draft {
        // The draft file of this scenario is out of date now that it plays.
        let stale = stale_draft(&target.dir, &target.file);
        if stale.is_file() {
            let _ = std::fs::remove_file(stale);
        }
    }
    draft.set_rules(rules_of_mod(&target.dir, None)?);
    draft.mark_saved(Origin::Mod {
        dir: target.dir.clone(),
        file: target.file.clone(),
    });
    Ok(target)
}

/// Saves a draft of a user's mod back into that mod under its own name (to `scenarios/` or
/// `drafts/` as its checks say). A new draft, or one of a bundled or outside file, needs a mod
/// chosen first: `save_into_mod`.
pub fn save(
    draft: &mut Draft,
    protected: &[PathBuf],
    overwrite: Overwrite,
) -> Result<SaveTarget, FileError> {
    let Origin::Mod { dir, file } = draft.origin().clone() else {
        return Err(FileError::NeedsAMod);
    };
    let (Some(root), Some(mod_name), Some(stem)) = (
        dir.parent(),
        dir.file_name().and_then(|n| n.to_str()),
        file.file_stem().and_then(|n| n.to_str()),
    ) else {
        return Err(FileError::NeedsAMod);
    };
    save_into_mod(draft, root, mod_name, stem, protected, overwrite)
}

fn write(path: &Path, text: &str) -> Result<(), FileError> {
    write_atomically(path, text).map_err(|source| FileError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// The mod folder of a scenario or draft file, `MOD/scenarios/X.ron` or `MOD/drafts/X.ron`
/// beside a `MOD/mod.ron`.
fn mod_of_file(path: &Path) -> Option<PathBuf> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edits::{Edit, Setting};
    use std::fs;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh folder under the system's temporary folder, unique to this test, removed when
    /// dropped.
    struct Scratch(PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            static COUNT: AtomicUsize = AtomicUsize::new(0);
            let dir = std::env::temp_dir().join(format!(
                "ambush-editor-{}-{}-{name}",
                std::process::id(),
                COUNT.fetch_add(1, Ordering::Relaxed)
            ));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).expect("a scratch folder");
            Scratch(dir)
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    fn repo() -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
    }

    /// The bundled folders of this checkout: the editor never writes into them.
    fn bundled_folders() -> Vec<PathBuf> {
        vec![repo().join("scenarios"), repo().join("mods/colonial")]
    }

    fn ron_files(folder: &Path) -> Vec<PathBuf> {
        let mut files: Vec<PathBuf> = fs::read_dir(folder)
            .expect("a folder")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        files
    }

    /// A draft with one marine: the least that passes the checks.
    fn small_draft() -> Draft {
        let mut d = Draft::new_empty("Saved", (48.0, 48.0), Arc::new(Rules::bundled().clone()));
        d.apply(Edit::AddUnit(ambush_data::scenario::UnitSpec {
            label: "M1".into(),
            troop: ambush_data::Ident::known("Infantry"),
            formation: None,
            at: (10.0, 10.0),
            facing: 0.0,
            weapons: vec!["blaster".into()],
            armour: false,
            traits: Default::default(),
        }))
        .expect("a unit");
        d
    }

    #[test]
    fn every_shipped_scenario_opens_saves_and_reads_back_equal() {
        // Issue 24: the editor writes ordinary RON that reads back as the same scenario, with
        // the same checks (a bundled mod's scenarios with that mod's rules).
        let scratch = Scratch::new("round-trip");
        let protected = bundled_folders();
        let colonial = repo().join("mods/colonial");
        let mut files: Vec<(PathBuf, &str)> = ron_files(&repo().join("scenarios"))
            .into_iter()
            .map(|f| (f, "round trip"))
            .collect();
        // The bundled mod's scenarios go into a new mod, which takes the colonial rules along.
        files.extend(
            ron_files(&colonial.join(SCENARIOS_FOLDER))
                .into_iter()
                .map(|f| (f, "colonial copy")),
        );
        assert!(files.len() >= 13, "{files:?}");
        for (file, mod_name) in &files {
            let (original, _) = mods::load_scenario_with_rules(file).expect("a shipped scenario");
            let mut draft = open_with_its_rules(file, &protected).expect("it opens");
            assert_eq!(draft.origin(), &Origin::Bundled { file: file.clone() });
            let stem = file.file_stem().and_then(|s| s.to_str()).expect("a name");
            let saved = save_into_mod(
                &mut draft,
                &scratch.0,
                mod_name,
                stem,
                &protected,
                Overwrite::Refuse,
            )
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert!(!saved.as_draft, "{}", file.display());
            if saved.new_mod && *mod_name == "colonial copy" {
                assert_eq!(saved.rules_from.as_deref(), Some(colonial.as_path()));
            }
            assert_eq!(
                saved.file,
                scratch
                    .0
                    .join(mod_name)
                    .join("scenarios")
                    .join(format!("{stem}.ron"))
            );
            assert!(!draft.changed_since_saved());
            let text = fs::read_to_string(&saved.file).expect("the file written");
            assert!(!has_comments(&text));
            let (back, _) = mods::load_scenario_with_rules(&saved.file)
                .unwrap_or_else(|e| panic!("{}: {e}", saved.file.display()));
            assert_eq!(back, original, "{}", file.display());
        }
        // The new mod's manifest loads, and the menu would list every scenario saved into it.
        let listed = mods::find_mods(std::slice::from_ref(&scratch.0));
        assert_eq!(listed.len(), 2);
        for listing in listed {
            let loaded = listing.loaded.expect("the mod loads");
            assert!(loaded.scenarios.iter().all(|s| s.scenario.is_ok()));
        }
        let ours = mods::load_mod(&scratch.0.join("round trip")).expect("the new mod");
        assert_eq!(ours.manifest.name, "round trip");
        assert_eq!(
            ours.scenarios.len(),
            ron_files(&repo().join("scenarios")).len()
        );
    }

    #[test]
    fn a_draft_that_fails_goes_to_drafts_which_the_menu_never_lists() {
        let scratch = Scratch::new("drafts");
        let mut draft = small_draft();
        draft
            .apply(Edit::SetSetting(Setting::TurnLimit(0)))
            .expect("a setting");
        let saved = save_into_mod(
            &mut draft,
            &scratch.0,
            "mine",
            "hill",
            &[],
            Overwrite::Refuse,
        )
        .expect("saved");
        assert!(saved.as_draft && saved.new_mod);
        assert_eq!(saved.file, scratch.0.join("mine/drafts/hill.ron"));
        let listed = mods::load_mod(&scratch.0.join("mine")).expect("the mod loads");
        assert!(listed.scenarios.is_empty(), "{:?}", listed.scenarios);
        // It opens again as a draft of that mod, problems and all.
        let reopened = open_with_its_rules(&saved.file, &[]).expect("it opens");
        assert_eq!(
            reopened.origin(),
            &Origin::Mod {
                dir: scratch.0.join("mine"),
                file: saved.file.clone()
            }
        );
        assert_eq!(reopened.problems().len(), 1);
        // Fixed and saved again: it plays, and its out-of-date draft file is gone.
        draft
            .apply(Edit::SetSetting(Setting::TurnLimit(10)))
            .expect("a setting");
        let saved = save(&mut draft, &[], Overwrite::Refuse).expect("saved back into its mod");
        assert!(!saved.as_draft && !saved.new_mod);
        assert_eq!(saved.file, scratch.0.join("mine/scenarios/hill.ron"));
        assert!(!scratch.0.join("mine/drafts/hill.ron").exists());
        let listed = mods::load_mod(&scratch.0.join("mine")).expect("the mod loads");
        assert_eq!(listed.scenarios.len(), 1);
        assert!(listed.scenarios[0].scenario.is_ok());
    }

    #[test]
    fn a_new_or_bundled_draft_needs_a_mod_chosen() {
        let mut draft = small_draft();
        assert!(matches!(
            save(&mut draft, &[], Overwrite::Refuse),
            Err(FileError::NeedsAMod)
        ));
        assert!(draft.origin().needs_a_mod());
    }

    #[test]
    fn unsafe_names_are_refused_and_nothing_is_written() {
        let scratch = Scratch::new("names");
        let long = "x".repeat(MAX_FILE_NAME_CHARS + 1);
        let unsafe_names = [
            "",
            "..",
            "a/b",
            "a\\b",
            ".hidden",
            "tab\there",
            "new\nline",
            "CON",
            "con",
            "Nul.ron",
            "COM1",
            "lpt9",
            "aux.txt",
            "a:b",
            "what?",
            "end.",
            "end ",
            " start",
            long.as_str(),
            "a..b",
        ];
        for name in unsafe_names {
            assert!(
                matches!(
                    check_name("scenario file", name),
                    Err(FileError::UnsafeName { .. })
                ),
                "{name:?}"
            );
            let mut draft = small_draft();
            assert!(
                save_into_mod(&mut draft, &scratch.0, name, "ok", &[], Overwrite::Refuse).is_err(),
                "mod {name:?}"
            );
            assert!(
                save_into_mod(&mut draft, &scratch.0, "ok", name, &[], Overwrite::Refuse).is_err(),
                "file {name:?}"
            );
        }
        assert_eq!(fs::read_dir(&scratch.0).expect("the folder").count(), 0);
        for name in [
            "hill_station",
            "Hill Station 2",
            "x",
            "COM10",
            "console",
            "été",
        ] {
            assert!(check_name("scenario file", name).is_ok(), "{name:?}");
        }
        let sixty_four = "y".repeat(MAX_FILE_NAME_CHARS);
        assert!(check_name("scenario file", &sixty_four).is_ok());
    }

    #[test]
    fn the_bundled_folders_are_refused_even_through_a_link() {
        // Issue 24: "the editor never writes into scenarios/ or a bundled mod".
        let scratch = Scratch::new("protected");
        let game = scratch.0.join("game");
        let bundled_mod = game.join("mods/colonial");
        fs::create_dir_all(game.join("scenarios")).expect("a folder");
        fs::create_dir_all(&bundled_mod).expect("a folder");
        let protected = vec![game.join("scenarios"), bundled_mod.clone()];
        let cases = [
            // Into the bundled mod.
            (game.join("mods"), "colonial"),
            // A mod folder inside the bundled scenarios.
            (game.join("scenarios"), "mine"),
            // The game's folder as a mod: its scenarios/ is the bundled one.
            (scratch.0.clone(), "game"),
            // The folder of bundled mods made a mod itself.
            (game.clone(), "mods"),
        ];
        for (root, name) in cases {
            let mut draft = small_draft();
            let refused =
                save_into_mod(&mut draft, &root, name, "x", &protected, Overwrite::Refuse);
            assert!(
                matches!(refused, Err(FileError::Protected { .. })),
                "{}/{name}: {refused:?}",
                root.display()
            );
        }
        #[cfg(unix)]
        {
            let user_mods = scratch.0.join("user");
            fs::create_dir_all(&user_mods).expect("a folder");
            std::os::unix::fs::symlink(&bundled_mod, user_mods.join("sneaky")).expect("a link");
            let mut draft = small_draft();
            let refused = save_into_mod(
                &mut draft,
                &user_mods,
                "sneaky",
                "x",
                &protected,
                Overwrite::Refuse,
            );
            assert!(
                matches!(refused, Err(FileError::Protected { .. })),
                "{refused:?}"
            );
        }
        let mut written = Vec::new();
        for folder in [game.join("scenarios"), bundled_mod] {
            written.extend(
                fs::read_dir(folder)
                    .expect("a folder")
                    .map(|e| e.expect("entry").path()),
            );
        }
        assert_eq!(written, Vec::<PathBuf>::new());
        assert!(!game.join("mods").join(MANIFEST).exists());
        // A draft opened from a bundled folder is `Bundled`: saving needs a user's mod.
        let file = game.join("scenarios/x.ron");
        fs::write(
            &file,
            scenario_text(small_draft().scenario()).expect("text"),
        )
        .expect("a file");
        let mut draft = open(&file, Arc::new(Rules::bundled().clone()), &protected).expect("opens");
        assert_eq!(draft.origin(), &Origin::Bundled { file: file.clone() });
        assert!(matches!(
            save(&mut draft, &protected, Overwrite::Refuse),
            Err(FileError::NeedsAMod)
        ));
    }

    #[test]
    fn a_failed_write_leaves_what_was_there() {
        // Issue 24: writing files safely; a write that fails keeps the old file whole.
        let scratch = Scratch::new("failed");
        let mut draft = small_draft();
        save_into_mod(&mut draft, &scratch.0, "m", "first", &[], Overwrite::Refuse)
            .expect("a first save");
        // `scenarios` is a plain file: no folder can be made there.
        let blocked = scratch.0.join("blocked");
        fs::create_dir_all(&blocked).expect("a folder");
        fs::copy(scratch.0.join("m").join(MANIFEST), blocked.join(MANIFEST)).expect("a manifest");
        fs::write(blocked.join("scenarios"), "old").expect("a file");
        let failed = save_into_mod(
            &mut draft,
            &scratch.0,
            "blocked",
            "x",
            &[],
            Overwrite::Refuse,
        );
        assert!(matches!(failed, Err(FileError::Io { .. })), "{failed:?}");
        assert_eq!(
            fs::read_to_string(blocked.join("scenarios")).expect("kept"),
            "old"
        );
        // The target is a folder with a file in it: the rename fails, the folder stays whole.
        let target = scratch.0.join("m/scenarios/second.ron");
        fs::create_dir_all(&target).expect("a folder");
        fs::write(target.join("keep.txt"), "kept").expect("a file");
        draft
            .apply(Edit::SetSetting(Setting::Name("Changed".into())))
            .expect("a name");
        let failed = save_into_mod(
            &mut draft,
            &scratch.0,
            "m",
            "second",
            &[],
            Overwrite::Allowed,
        );
        assert!(matches!(failed, Err(FileError::Io { .. })), "{failed:?}");
        assert_eq!(
            fs::read_to_string(target.join("keep.txt")).expect("kept"),
            "kept"
        );
        // The failed save is not a save, and left no temporary file beside the target.
        assert!(draft.changed_since_saved());
        let left: Vec<PathBuf> = fs::read_dir(scratch.0.join("m/scenarios"))
            .expect("the folder")
            .map(|e| e.expect("entry").path())
            .collect();
        assert_eq!(left.len(), 2, "{left:?}");
        // The first file is as it was.
        let first = mods::load_scenario_with_rules(&scratch.0.join("m/scenarios/first.ron"))
            .expect("still there")
            .0;
        assert_eq!(first.name, "Saved");
    }

    #[test]
    fn comments_are_found_outside_strings_only() {
        assert!(has_comments("// a note\n(name: \"x\")"));
        assert!(has_comments("(name: \"x\", /* why */ turn_limit: 3)"));
        assert!(has_comments("(a: \"x\\\"\", // after an escaped quote\n)"));
        assert!(!has_comments("(name: \"http://x.org/*\")"));
        assert!(!has_comments("(c: '/', d: '/', e: '\\'', f: \"/\")"));
        assert!(!has_comments("(b: r#\"a \" // not a comment \"#, c: 1)"));
        assert!(!has_comments("(for: 1, bar: r\"//\")"));
        assert!(has_comments("(bar: 1) // r\"x\""));
        assert!(!has_comments("(half: 1.0 / 2)"));
        let bundled = fs::read_to_string(repo().join("scenarios/crashed_ship.ron")).expect("file");
        assert!(has_comments(&bundled));
        let text = scenario_text(small_draft().scenario()).expect("text");
        assert!(!has_comments(&text));
    }

    #[test]
    fn saving_over_a_commented_file_is_announced_first() {
        let scratch = Scratch::new("comments");
        let mut draft = small_draft();
        save_into_mod(&mut draft, &scratch.0, "m", "a", &[], Overwrite::Refuse).expect("saved");
        let file = scratch.0.join("m/scenarios/a.ron");
        let text = fs::read_to_string(&file).expect("the file");
        fs::write(&file, format!("// my notes\n{text}")).expect("a hand edit");
        let target = save_target(&draft, &scratch.0, "m", "a", &[]).expect("a target");
        assert!(target.loses_comments);
        assert!(file_has_comments(&file));
        let other = save_target(&draft, &scratch.0, "m", "b", &[]).expect("a target");
        assert!(!other.loses_comments);
    }

    #[test]
    fn a_new_mod_never_replaces_the_players_own_rule_files_without_asking() {
        // Seen twice: the colonial scenario saved into a folder that held the player's own
        // rules/troops.ron (and no mod.ron yet) replaced that file with the colonial copy.
        let scratch = Scratch::new("own-rules");
        let mine = scratch.0.join("mine");
        fs::create_dir_all(mine.join("rules")).expect("a folder");
        let own = "// my own troops\n(troops: {})\n";
        fs::write(mine.join("rules/troops.ron"), own).expect("the player's file");
        let colonial = repo().join("mods/colonial/scenarios/the_square.ron");
        let protected = bundled_folders();
        let mut draft = open_with_its_rules(&colonial, &protected).expect("it opens");
        let target = save_target(&draft, &scratch.0, "mine", "square", &protected).expect("where");
        assert!(target.new_mod);
        assert_eq!(target.replaces, vec![mine.join("rules/troops.ron")]);
        let refused = save_into_mod(
            &mut draft,
            &scratch.0,
            "mine",
            "square",
            &protected,
            Overwrite::Refuse,
        );
        match refused {
            Err(FileError::WouldReplace { files }) => {
                assert_eq!(files, vec![mine.join("rules/troops.ron")]);
            }
            other => panic!("expected a refusal, got {other:?}"),
        }
        // Nothing was written: the player's file is whole, and no mod was made.
        assert_eq!(
            fs::read_to_string(mine.join("rules/troops.ron")).expect("kept"),
            own
        );
        assert!(!mine.join(MANIFEST).exists());
        assert!(!mine.join("scenarios").exists());
        assert!(!mine.join("rules/weapons.ron").exists());
        assert_eq!(
            draft.origin(),
            &Origin::Bundled {
                file: colonial.clone()
            }
        );
        // Told to replace it, the save goes ahead with the colonial rules.
        let saved = save_into_mod(
            &mut draft,
            &scratch.0,
            "mine",
            "square",
            &protected,
            Overwrite::Allowed,
        )
        .expect("saved when told to");
        assert_eq!(saved.file, mine.join("scenarios/square.ron"));
        assert_eq!(
            fs::read_to_string(mine.join("rules/troops.ron")).expect("the copy"),
            fs::read_to_string(repo().join("mods/colonial/rules/troops.ron")).expect("colonial")
        );
        // Saved again to its own file: nothing of another's is replaced, nothing is asked.
        let again = save(&mut draft, &protected, Overwrite::Refuse).expect("its own file");
        assert!(again.replaces.is_empty());
        // Another draft saved over that file is refused until told.
        let mut other = small_draft();
        assert!(matches!(
            save_into_mod(
                &mut other,
                &scratch.0,
                "mine",
                "square",
                &[],
                Overwrite::Refuse
            ),
            Err(FileError::WouldReplace { .. })
        ));
        let kept = mods::load_scenario_with_rules(&mine.join("scenarios/square.ron"))
            .expect("still the square")
            .0;
        assert_eq!(&kept, draft.scenario());
    }

    #[cfg(unix)]
    #[test]
    fn the_editor_never_writes_through_a_link_out_of_the_mod() {
        // A user mod whose `scenarios` folder is a link out of the mod: the editor wrote into
        // the outside folder, which `ambush check` then refused.
        let scratch = Scratch::new("link-out");
        let outside = scratch.0.join("outside");
        fs::create_dir_all(&outside).expect("a folder");
        let mods_root = scratch.0.join("mods");
        let mut draft = small_draft();
        save_into_mod(
            &mut draft,
            &mods_root,
            "linked",
            "first",
            &[],
            Overwrite::Refuse,
        )
        .expect("a first save makes the mod");
        let dir = mods_root.join("linked");
        for folder in [SCENARIOS_FOLDER, DRAFTS_FOLDER] {
            let _ = fs::remove_dir_all(dir.join(folder));
            std::os::unix::fs::symlink(&outside, dir.join(folder)).expect("a link");
        }
        for overwrite in [Overwrite::Refuse, Overwrite::Allowed] {
            let mut draft = small_draft();
            let refused = save_into_mod(&mut draft, &mods_root, "linked", "x", &[], overwrite);
            assert!(
                matches!(&refused, Err(FileError::LinkOut { dir: d, .. }) if *d == dir),
                "{refused:?}"
            );
            assert!(refused.is_err_and(|e| e.to_string().contains("outside the mod folder")));
        }
        // A folder with no mod.ron yet is refused before the mod is made.
        let fresh = mods_root.join("fresh");
        fs::create_dir_all(&fresh).expect("a folder");
        std::os::unix::fs::symlink(&outside, fresh.join(SCENARIOS_FOLDER)).expect("a link");
        let refused = save_into_mod(
            &mut draft,
            &mods_root,
            "fresh",
            "y",
            &[],
            Overwrite::Allowed,
        );
        assert!(
            matches!(refused, Err(FileError::LinkOut { .. })),
            "{refused:?}"
        );
        assert!(!fresh.join(MANIFEST).exists());
        assert_eq!(
            fs::read_dir(&outside).expect("the folder").count(),
            0,
            "nothing written outside the mod"
        );
    }

    #[test]
    fn the_autosave_brings_back_the_last_edit() {
        // Issue 24: "a crash loses at most the last edit".
        let scratch = Scratch::new("autosave");
        assert!(
            find_autosave(&scratch.0)
                .expect("no file is no error")
                .is_none()
        );
        let mut draft = small_draft();
        draft
            .apply(Edit::SetSetting(Setting::Briefing("Hold on.".into())))
            .expect("a briefing");
        autosave(&draft, &scratch.0).expect("autosaved");
        let found = find_autosave(&scratch.0)
            .expect("it reads")
            .expect("it is there");
        assert_eq!(&found.scenario, draft.scenario());
        assert_eq!(found.origin, Origin::New);
        let back = Draft::recovered(found.scenario, draft.rules().clone(), found.origin);
        assert!(back.changed_since_saved());
        remove_autosave(&scratch.0).expect("removed");
        assert!(find_autosave(&scratch.0).expect("reads").is_none());
        remove_autosave(&scratch.0).expect("nothing to remove is fine");
        // A broken autosave is an error with its place, never a panic.
        fs::write(scratch.0.join(AUTOSAVE_FILE), "(origin: New, scen").expect("a file");
        assert!(matches!(find_autosave(&scratch.0), Err(FileError::Data(_))));
    }
}
