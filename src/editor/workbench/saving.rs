//! Saving the draft from the editor: into the user's mod (asking first before replacing a file it did not write), and the autosave, each told on the status line.

use super::Workbench;
use crate::editor::files;
use std::path::{Path, PathBuf};

/// Where the editor writes: the folder of the user's mods, the folders it never writes into
/// (the game's own), and the folder of its autosave.
#[derive(Debug, Clone, Copy)]
pub struct SaveFolders<'a> {
    pub mods_root: &'a Path,
    pub protected: &'a [PathBuf],
    pub autosave: &'a Path,
}

impl Workbench {
    /// Saves the draft into the user's mod `mod_name` as `file_name`: into its `scenarios/`
    /// when it passes every check, else into its `drafts/`, which the menu never lists. A file
    /// there that this draft did not come from (another scenario's, or rule files a person put
    /// in a folder that is not a mod yet), or one with hand-written comments, is not replaced
    /// until the user says so (`save_anyway_into`) or picks another name.
    pub fn save_into(&mut self, folders: SaveFolders<'_>) {
        let target = files::save_target(
            &self.draft,
            folders.mods_root,
            &self.mod_name,
            &self.file_name,
            folders.protected,
        );
        if let Ok(t) = &target {
            let shown = |files: &[std::path::PathBuf]| {
                let names: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
                names.join(", ")
            };
            let why = if !t.replaces.is_empty() {
                Some(format!(
                    "{} {} there already, which this draft did not write: saving replaces {}",
                    shown(&t.replaces),
                    if t.replaces.len() == 1 { "is" } else { "are" },
                    if t.replaces.len() == 1 { "it" } else { "them" },
                ))
            } else if t.loses_comments {
                Some(format!(
                    "{} has hand-written comments, which a save does not keep",
                    t.file.display()
                ))
            } else {
                None
            };
            if let Some(why) = why {
                self.confirm_overwrite = true;
                self.status = format!(
                    "{why}: overwrite, or change the mod or file name to save somewhere new."
                );
                return;
            }
        }
        self.write_save(folders, files::Overwrite::Refuse);
    }

    /// Saves, replacing what is there: the user has said to overwrite.
    pub fn save_anyway_into(&mut self, folders: SaveFolders<'_>) {
        self.write_save(folders, files::Overwrite::Allowed);
    }

    fn write_save(&mut self, folders: SaveFolders<'_>, overwrite: files::Overwrite) {
        self.confirm_overwrite = false;
        let result = files::save_into_mod(
            &mut self.draft,
            folders.mods_root,
            &self.mod_name,
            &self.file_name,
            folders.protected,
            overwrite,
        );
        self.status = match result {
            Ok(target) if target.as_draft => format!(
                "Saved as a draft to {} (it fails a check, so the menu does not offer it yet)",
                target.file.display()
            ),
            Ok(target) => {
                let _ = files::remove_autosave(folders.autosave);
                format!("Saved to {}", target.file.display())
            }
            Err(why) => format!("Not saved: {why}"),
        };
    }

    /// Writes the autosave into `folder`; a failure is said on the status line, never lost silently.
    pub fn autosave_into(&mut self, folder: &Path) {
        if let Err(why) = files::autosave(&self.draft, folder) {
            self.status = format!("The autosave failed: {why}");
        }
    }
}
