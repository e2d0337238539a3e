//! Mods: folders with a `mod.ron` manifest, rule patches and scenarios, found on disk and read as untrusted input.
//!
//! A mod never writes anything: its tables are the bundled ones with its patches laid over a
//! copy, so it cannot change the bundled files or another mod. Every file it names or holds must
//! lie inside its own folder.

use crate::check::parse_scenario;
use crate::error::{DataError, MAX_FILE_BYTES, parse_ron, read_bounded};
use crate::locate::{dotted_path, locate_depth};
use crate::scenario::Scenario;
use crate::tables::{self, RULE_FILES, Rules};
use serde::{Deserialize, Serialize};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

/// The manifest's file name inside a mod folder.
pub const MANIFEST: &str = "mod.ron";

/// The most scenarios one mod may hold.
pub const MAX_SCENARIOS: usize = 100;

/// The most mods read from one folder of mods.
pub const MAX_MODS_PER_FOLDER: usize = 200;

/// This game's version, which a manifest's `game_version` must accept.
pub const GAME_VERSION: &str = env!("CARGO_PKG_VERSION");

/// `mod.ron`: what a mod is and what it changes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Manifest {
    /// The mod's name, as the menu heads its scenarios.
    pub name: String,
    /// The mod's own version, such as "1.0.0".
    pub version: String,
    /// A line or two for the menu.
    #[serde(default)]
    pub description: String,
    /// The game versions it plays with, as a Cargo-style requirement such as "0.1" or
    /// ">=0.1, <0.3".
    pub game_version: String,
    /// The rule files it changes, as paths inside the mod folder, such as "rules/troops.ron".
    /// Each must be one of the bundled rule files' names under `rules/`.
    #[serde(default)]
    pub overrides: Vec<String>,
}

/// A scenario file of a mod and what became of reading it.
#[derive(Debug, Clone)]
pub struct ModScenario {
    /// The file, as errors and the menu name it.
    pub file: PathBuf,
    pub scenario: Result<Scenario, DataError>,
}

/// A mod that loaded: its manifest, its merged tables and its scenarios.
#[derive(Debug, Clone)]
pub struct LoadedMod {
    pub dir: PathBuf,
    pub manifest: Manifest,
    /// The bundled tables with this mod's patches over them.
    pub rules: Arc<Rules>,
    /// Sorted by file name; a broken one carries its error and harms no other.
    pub scenarios: Vec<ModScenario>,
}

/// A folder that holds a `mod.ron`, and what became of loading it.
#[derive(Debug, Clone)]
pub struct ModListing {
    pub dir: PathBuf,
    /// The loaded mod, or the first error that stops it, with file, line and column.
    pub loaded: Result<LoadedMod, DataError>,
}

/// Finds every mod under `roots`. A root that holds a `mod.ron` is a mod itself; any other
/// root is a folder of mods, one per subfolder. Roots that do not exist are skipped, and a
/// folder reached twice is listed once.
pub fn find_mods(roots: &[PathBuf]) -> Vec<ModListing> {
    find_mods_where(roots, |_| true)
        .into_iter()
        .filter_map(|(dir, loaded)| loaded.map(|loaded| ModListing { dir, loaded }))
        .collect()
}

/// Every mod folder under `roots`, as `find_mods` finds them, each loaded only if `load` says so
/// (`None` for the others).
fn find_mods_where(
    roots: &[PathBuf],
    mut load: impl FnMut(&Path) -> bool,
) -> Vec<(PathBuf, Option<Result<LoadedMod, DataError>>)> {
    let mut seen: Vec<PathBuf> = Vec::new();
    let mut listings = Vec::new();
    for dir in roots.iter().flat_map(|r| mod_folders(r)) {
        let key = dir.canonicalize().unwrap_or_else(|_| dir.clone());
        if seen.contains(&key) {
            continue;
        }
        seen.push(key);
        let loaded = load(&dir).then(|| load_mod(&dir));
        listings.push((dir, loaded));
    }
    listings
}

/// Every mod folder under `roots`, in `find_mods`'s order, with the mods whose files differ
/// between the fingerprints `before` and `now` loaded again (`Some`); the others are `None`,
/// for the caller to keep as it last read them. An edit to one mod re-reads that mod alone.
pub fn find_changed_mods(
    roots: &[PathBuf],
    before: &[(PathBuf, u64)],
    now: &[(PathBuf, u64)],
) -> Vec<(PathBuf, Option<Result<LoadedMod, DataError>>)> {
    let files_of = |print: &[(PathBuf, u64)], dir: &Path| -> Vec<(PathBuf, u64)> {
        print
            .iter()
            .filter(|(f, _)| {
                f.parent()
                    .is_some_and(|p| p == dir || p.parent() == Some(dir))
            })
            .cloned()
            .collect()
    };
    find_mods_where(roots, |dir| files_of(before, dir) != files_of(now, dir))
}

/// The mod folders a root stands for.
fn mod_folders(root: &Path) -> Vec<PathBuf> {
    if root.join(MANIFEST).is_file() {
        return vec![root.to_path_buf()];
    }
    let mut dirs: Vec<PathBuf> = crate::error::folder_entries(root)
        .into_iter()
        .filter(|p| p.join(MANIFEST).is_file())
        .collect();
    dirs.sort();
    dirs.truncate(MAX_MODS_PER_FOLDER);
    dirs
}

/// Loads the mod in `dir`: manifest, rule patches over the bundled tables, and scenarios.
pub fn load_mod(dir: &Path) -> Result<LoadedMod, DataError> {
    let (manifest, rules) = load_mod_rules(dir)?;
    let scenarios = load_scenarios(dir, &rules)?;
    Ok(LoadedMod {
        dir: dir.to_path_buf(),
        manifest,
        rules,
        scenarios,
    })
}

/// Reads the manifest in `dir` and builds the mod's tables: the bundled ones with its patches.
pub fn load_mod_rules(dir: &Path) -> Result<(Manifest, Arc<Rules>), DataError> {
    let (manifest, patches) = read_mod_patches(dir)?;
    let patches: Vec<RulePatch> = patches
        .iter()
        .map(|(shown, p)| RulePatch {
            file: &p.file,
            shown,
            text: &p.text,
        })
        .collect();
    let rules = rules_with_patches(&patches)?;
    Ok((manifest, Arc::new(rules)))
}

/// One of a mod's rule patches as it travels: the bundled rule file it patches (one of
/// `RULE_FILES`, such as "weapons.ron") and its text exactly as the mod holds it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PatchText {
    pub file: String,
    pub text: String,
}

/// Reads the manifest in `dir` and the rule patches it lists, each checked to lie inside the
/// mod and to name a bundled rule file, in the manifest's order; each with the path errors show.
pub fn read_mod_patches(dir: &Path) -> Result<(Manifest, Vec<(String, PatchText)>), DataError> {
    let home = dir.canonicalize().map_err(|e| {
        DataError::at(
            &dir.display().to_string(),
            1,
            1,
            format!("cannot open the mod folder: {e}"),
        )
    })?;
    let manifest_file = dir.join(MANIFEST);
    let shown = manifest_file.display().to_string();
    let manifest_text = read_inside(&home, &manifest_file)?;
    let manifest: Manifest = parse_ron(&shown, &manifest_text)?;
    check_manifest_texts(&shown, &manifest_text, &manifest)?;
    check_game_version(&shown, &manifest)?;
    let mut patched: Vec<(&str, String)> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for (i, rel) in manifest.overrides.iter().enumerate() {
        let field =
            |why: String| DataError::at(&shown, 1, 1, format!("field `overrides[{i}]`: {why}"));
        let file = rule_file_named(rel).map_err(field)?;
        if patched.iter().any(|(f, _)| *f == file) {
            return Err(field(format!("\"{rel}\" is listed twice")));
        }
        let path = inside(&home, dir, rel).map_err(field)?;
        texts.push(read_inside(&home, &path)?);
        patched.push((file, path.display().to_string()));
    }
    refuse_unlisted_rule_files(dir, &shown, &patched)?;
    let patches = patched
        .into_iter()
        .zip(texts)
        .map(|((file, shown), text)| {
            let file = file.to_string();
            (shown, PatchText { file, text })
        })
        .collect();
    Ok((manifest, patches))
}

/// The tables of rule patches that came as texts rather than from a mod's folder (a game's
/// first message carries its mod's): each must name a bundled rule file, once, and be no
/// larger than a mod's file may be; then they are laid over the bundled tables and checked
/// exactly as a mod's are. `source` names where they came from in errors, each patch shown as
/// `SOURCE, rules/FILE`.
pub fn rules_from_patch_texts(source: &str, patches: &[PatchText]) -> Result<Rules, DataError> {
    let refuse = |why: String| DataError::at(source, 1, 1, why);
    if patches.len() > RULE_FILES.len() {
        return Err(refuse(format!(
            "{} rule patches; there are only {} rule files to patch",
            patches.len(),
            RULE_FILES.len()
        )));
    }
    let mut shown = Vec::with_capacity(patches.len());
    for (i, p) in patches.iter().enumerate() {
        if !RULE_FILES.contains(&p.file.as_str()) {
            let name: String = p.file.chars().take(80).collect();
            return Err(refuse(format!(
                "rule patch {i}: \"{name}\" is not a rule file; expected one of: {}",
                RULE_FILES.join(", ")
            )));
        }
        if patches[..i].iter().any(|q| q.file == p.file) {
            return Err(refuse(format!(
                "rule patch {i}: rules/{} is patched twice",
                p.file
            )));
        }
        if p.text.len() > MAX_FILE_BYTES {
            return Err(refuse(format!(
                "rule patch rules/{}: {} bytes; a rule file may hold at most {MAX_FILE_BYTES}",
                p.file,
                p.text.len()
            )));
        }
        shown.push(format!("{source}, rules/{}", p.file));
    }
    let patches: Vec<RulePatch> = patches
        .iter()
        .zip(&shown)
        .map(|(p, shown)| RulePatch {
            file: &p.file,
            shown,
            text: &p.text,
        })
        .collect();
    rules_with_patches(&patches)
}

/// The text of the scenario file at `path` and, when it lies in a mod's `scenarios/`, that
/// mod's manifest and rule patches: the scenario read inside the mod's folder as the mod's own
/// files are (a link out of the folder is refused), any other file as a data file is.
pub fn read_scenario_with_patches(
    path: &Path,
) -> Result<(String, Option<(Manifest, Vec<PatchText>)>), DataError> {
    let shown = path.display().to_string();
    let Some(dir) = mod_of_scenario(path) else {
        return Ok((read_bounded(path, &shown, MAX_FILE_BYTES)?, None));
    };
    let (manifest, patches) = read_mod_patches(&dir)?;
    let home = dir.canonicalize().map_err(|e| {
        DataError::at(
            &dir.display().to_string(),
            1,
            1,
            format!("cannot open: {e}"),
        )
    })?;
    let text = read_inside(&home, path)?;
    let patches = patches.into_iter().map(|(_, p)| p).collect();
    Ok((text, Some((manifest, patches))))
}

/// One of a mod's rule files: which bundled file it patches, the name errors show, its text.
#[derive(Debug, Clone, Copy)]
pub struct RulePatch<'a> {
    /// One of `RULE_FILES`, such as "troops.ron".
    pub file: &'a str,
    pub shown: &'a str,
    pub text: &'a str,
}

/// The bundled tables with `patches` laid over them in order, then checked as a whole; an error
/// in a patched table names the patch, one in an untouched table the bundled file.
pub fn rules_with_patches(patches: &[RulePatch]) -> Result<Rules, DataError> {
    let mut rules = Rules::bundled().clone();
    for p in patches {
        rules.apply_patch(p.file, p.shown, p.text)?;
    }
    rules.check(&|file: &str, field: &str| place_in_patches(patches, file, field))?;
    Ok(rules)
}

/// Where a problem with `field` of the merged rule file `file` shows: in the text that wrote it,
/// the patch (the last one, when several patch the file) or else the bundled table, whichever
/// holds most of the field's path; at that field's line and column.
fn place_in_patches(patches: &[RulePatch], file: &str, field: &str) -> (String, usize, usize) {
    let path = dotted_path(field);
    let bundled = tables::bundled_text(file).unwrap_or("");
    let (depth, (line, column)) = locate_depth(bundled, &path);
    let mut best = (
        depth,
        format!("assets/rules/{file} (bundled)"),
        line,
        column,
    );
    for p in patches.iter().filter(|p| p.file == file) {
        let (depth, (line, column)) = locate_depth(p.text, &path);
        // A later patch writes over an earlier one and over the bundled table.
        if depth >= best.0 && depth > 0 {
            best = (depth, p.shown.to_string(), line, column);
        }
    }
    (best.1, best.2, best.3)
}

/// The manifest of the mod in `dir`, read on its own (for naming the mod in a save).
pub fn manifest_of(dir: &Path) -> Result<Manifest, DataError> {
    let home = dir.canonicalize().map_err(|e| {
        DataError::at(
            &dir.display().to_string(),
            1,
            1,
            format!("cannot open: {e}"),
        )
    })?;
    let file = dir.join(MANIFEST);
    parse_ron(&file.display().to_string(), &read_inside(&home, &file)?)
}

/// The tables a scenario file plays with: its mod's, when it lies in a mod's `scenarios/`
/// folder, else the bundled ones.
pub fn rules_for_scenario(path: &Path) -> Result<(Option<Manifest>, Arc<Rules>), DataError> {
    match mod_of_scenario(path) {
        Some(dir) => {
            let (manifest, rules) = load_mod_rules(&dir)?;
            Ok((Some(manifest), rules))
        }
        None => Ok((None, Arc::new(Rules::bundled().clone()))),
    }
}

/// Reads the scenario file at `path` with the tables it plays with: its mod's when it lies in a
/// mod's `scenarios/` (read inside that mod's folder, as the mod's own files are: a link out of
/// the folder is refused), the bundled ones otherwise.
pub fn load_scenario_with_rules(path: &Path) -> Result<(Scenario, Arc<Rules>), DataError> {
    let shown = path.display().to_string();
    let (rules, text) = match mod_of_scenario(path) {
        Some(dir) => {
            let (_, rules) = load_mod_rules(&dir)?;
            let home = dir.canonicalize().map_err(|e| {
                DataError::at(
                    &dir.display().to_string(),
                    1,
                    1,
                    format!("cannot open: {e}"),
                )
            })?;
            (rules, read_inside(&home, path)?)
        }
        None => (
            Arc::new(Rules::bundled().clone()),
            read_bounded(path, &shown, MAX_FILE_BYTES)?,
        ),
    };
    let scenario = parse_scenario(&shown, &text, &rules)?;
    Ok((scenario, rules))
}

/// The mod folder a scenario file belongs to, if any: `MOD/scenarios/FILE.ron`.
pub fn mod_of_scenario(path: &Path) -> Option<PathBuf> {
    let folder = path.parent()?;
    if folder.file_name()? != "scenarios" {
        return None;
    }
    let dir = match folder.parent()? {
        p if p.as_os_str().is_empty() => Path::new("."),
        p => p,
    };
    dir.join(MANIFEST).is_file().then(|| dir.to_path_buf())
}

/// Reads and checks every `scenarios/*.ron` of a mod against its tables.
fn load_scenarios(dir: &Path, rules: &Rules) -> Result<Vec<ModScenario>, DataError> {
    let folder = dir.join("scenarios");
    let entries = crate::error::folder_entries(&folder);
    let home = dir
        .canonicalize()
        .map_err(|e| DataError::at(&dir.display().to_string(), 1, 1, e.to_string()))?;
    let mut files: Vec<PathBuf> = entries
        .into_iter()
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    if files.len() > MAX_SCENARIOS {
        return Err(DataError::at(
            &folder.display().to_string(),
            1,
            1,
            format!(
                "{} scenario files; a mod may hold at most {MAX_SCENARIOS}",
                files.len()
            ),
        ));
    }
    Ok(files
        .into_iter()
        .map(|file| {
            let shown = file.display().to_string();
            let scenario =
                read_inside(&home, &file).and_then(|text| parse_scenario(&shown, &text, rules));
            ModScenario { file, scenario }
        })
        .collect())
}

/// The longest description a manifest may give, in characters (the menu shows it whole).
pub const MAX_DESCRIPTION_CHARS: usize = 4_000;
/// The longest version or game version, in characters.
pub const MAX_VERSION_CHARS: usize = 32;

/// The manifest's texts, no longer than the menu can show.
fn check_manifest_texts(shown: &str, text: &str, manifest: &Manifest) -> Result<(), DataError> {
    let fields = [
        ("name", &manifest.name, crate::check::MAX_NAME_CHARS),
        ("version", &manifest.version, MAX_VERSION_CHARS),
        ("description", &manifest.description, MAX_DESCRIPTION_CHARS),
        ("game_version", &manifest.game_version, MAX_VERSION_CHARS),
    ];
    for (field, value, most) in fields {
        let n = value.chars().count();
        if n > most {
            let (line, column) = crate::locate::locate(text, &crate::locate::dotted_path(field));
            return Err(DataError::at(
                shown,
                line,
                column,
                format!("field `{field}`: {n} characters; it may have at most {most}"),
            ));
        }
    }
    Ok(())
}

/// The manifest's `game_version` must be a requirement this game meets.
fn check_game_version(shown: &str, manifest: &Manifest) -> Result<(), DataError> {
    let bad = |why: String| DataError::at(shown, 1, 1, format!("field `game_version`: {why}"));
    let wanted = semver::VersionReq::parse(&manifest.game_version).map_err(|e| {
        bad(format!(
            "\"{}\" is not a version requirement ({e}); expected one such as \"0.1\"",
            manifest.game_version
        ))
    })?;
    let this = semver::Version::parse(GAME_VERSION).map_err(|e| bad(e.to_string()))?;
    if !wanted.matches(&this) {
        return Err(bad(format!(
            "the mod needs game version {wanted}, and this is {this}"
        )));
    }
    Ok(())
}

/// Which bundled rule file a manifest's override path names: `rules/NAME.ron`.
fn rule_file_named(rel: &str) -> Result<&'static str, String> {
    let path = Path::new(rel);
    let mut parts = path.components();
    let (Some(Component::Normal(folder)), Some(Component::Normal(name)), None) =
        (parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "\"{rel}\" must be a rule file in the mod's rules folder, such as \"rules/troops.ron\""
        ));
    };
    if folder != "rules" {
        return Err(format!("\"{rel}\" must lie in the mod's rules folder"));
    }
    RULE_FILES
        .iter()
        .find(|f| name == **f)
        .copied()
        .ok_or_else(|| {
            format!(
                "\"{rel}\" is not a rule file; expected one of: {}",
                RULE_FILES.join(", ")
            )
        })
}

/// A file in `rules/` that the manifest does not list would silently do nothing: refuse it.
fn refuse_unlisted_rule_files(
    dir: &Path,
    shown: &str,
    patched: &[(&str, String)],
) -> Result<(), DataError> {
    for entry in crate::error::folder_entries(&dir.join("rules")) {
        let Some(name) = entry.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        if name.ends_with(".ron") && !patched.iter().any(|(f, _)| *f == name) {
            return Err(DataError::at(
                shown,
                1,
                1,
                format!(
                    "field `overrides`: rules/{name} is in the mod but not listed; add \"rules/{name}\" to `overrides` or remove the file"
                ),
            ));
        }
    }
    Ok(())
}

/// `rel` joined to the mod folder `dir`, refusing anything that leads out of it: an absolute
/// path, a `..`, or a symbolic link whose target lies outside. `home` is `dir` canonicalized.
pub fn inside(home: &Path, dir: &Path, rel: &str) -> Result<PathBuf, String> {
    let path = Path::new(rel);
    if path.is_absolute() || path.has_root() {
        return Err(format!(
            "\"{rel}\" is an absolute path; a mod may only name files inside its own folder"
        ));
    }
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Err(format!(
            "\"{rel}\" leads out of the mod folder; a mod may only name files inside it"
        ));
    }
    let joined = dir.join(path);
    let real = joined
        .canonicalize()
        .map_err(|e| format!("\"{rel}\": cannot open it: {e}"))?;
    if !real.starts_with(home) {
        return Err(format!(
            "\"{rel}\" is a link to {}, outside the mod folder; a mod may only use files inside it",
            real.display()
        ));
    }
    Ok(joined)
}

/// How many names the file at `path` has (hard links), where the system says.
#[cfg(unix)]
fn hard_links(path: &Path) -> Option<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata(path).ok().map(|m| m.nlink())
}

/// How many names the file at `path` has, where the system says.
#[cfg(not(unix))]
fn hard_links(_path: &Path) -> Option<u64> {
    None
}

/// Reads a file of the mod whose canonical folder is `home`, refusing a file outside it (a
/// symbolic link that leads out) and one larger than `MAX_FILE_BYTES`, before reading it.
pub fn read_inside(home: &Path, file: &Path) -> Result<String, DataError> {
    let shown = file.display().to_string();
    let fail = |why: String| DataError::at(&shown, 1, 1, why);
    let real = file
        .canonicalize()
        .map_err(|e| fail(format!("cannot open: {e}")))?;
    if !real.starts_with(home) {
        return Err(fail(format!(
            "a link to {}, outside the mod folder; a mod may only use files inside it",
            real.display()
        )));
    }
    if let Some(links) = hard_links(&real).filter(|n| *n > 1) {
        return Err(fail(format!(
            "the file has {links} hard links: one may be a file outside the mod folder, which \
             cannot be told from inside it; a mod's files must be its own (copy the file instead \
             of linking it)"
        )));
    }
    read_bounded(&real, &shown, MAX_FILE_BYTES)
}

/// What the files of the mods under `roots` hold now, for noticing an edit: each file's path
/// and a hash of its bytes. Cheap enough to take twice a second (a few small files per mod).
pub fn fingerprint(roots: &[PathBuf]) -> Vec<(PathBuf, u64)> {
    use std::hash::{Hash, Hasher};
    let mut files = Vec::new();
    for dir in roots.iter().flat_map(|r| mod_folders(r)) {
        let home = dir.canonicalize().unwrap_or_else(|_| dir.clone());
        files.push((home.clone(), dir.join(MANIFEST)));
        for sub in ["rules", "scenarios"] {
            let mut found = crate::error::folder_entries(&dir.join(sub));
            found.sort();
            files.extend(
                found
                    .into_iter()
                    .take(MAX_SCENARIOS + 1)
                    .map(|f| (home.clone(), f)),
            );
        }
    }
    files
        .into_iter()
        .map(|(home, f)| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            // Read as the loader reads: inside the mod's folder, regular files only, bounded; a
            // file that cannot be read hashes as its error, which changes when it does.
            match read_inside(&home, &f) {
                Ok(text) => text.hash(&mut hasher),
                Err(e) => e.message.hash(&mut hasher),
            }
            (f, hasher.finish())
        })
        .collect()
}

#[cfg(test)]
mod tests;
