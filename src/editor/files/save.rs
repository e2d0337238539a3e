//! Saving a draft into a user's mod: where it would go and what it would replace, found first so the window can ask, then the save itself.

use super::comments::file_has_comments;
use super::error::FileError;
use super::mod_folder::{
    DRAFTS_FOLDER, SCENARIOS_FOLDER, is_its_own, make_mod, refuse_protected, resolved,
    rules_of_mod, source_mod, stale_draft,
};
use super::names::{check_name, scenario_stem};
use super::writing::{scenario_text, write};
use crate::editor::draft::{Draft, Origin};
use ambush_data::mods::{self, MANIFEST};
use std::path::{Path, PathBuf};

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
