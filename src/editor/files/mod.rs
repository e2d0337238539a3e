//! The draft's files: opening a scenario into a draft, saving it into a user's mod (a draft that fails its checks into the mod's `drafts/` folder), safe names, and the autosave; one file a job, re-exported here.
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

mod autosave;
mod comments;
mod error;
mod mod_folder;
mod names;
mod open;
mod save;
#[cfg(test)]
mod tests;
mod writing;

pub use autosave::{AUTOSAVE_FILE, Recovered, autosave, find_autosave, remove_autosave};
pub use comments::{file_has_comments, has_comments};
pub use error::FileError;
pub use mod_folder::{DRAFTS_FOLDER, SCENARIOS_FOLDER, rules_for};
pub use names::{MAX_FILE_NAME_CHARS, check_name};
pub use open::{open, open_with_its_rules};
pub use save::{Overwrite, SaveTarget, save, save_into_mod, save_target};
pub use writing::scenario_text;
