//! Why a draft could not be opened, saved or autosaved.

use ambush_data::DataError;
use std::path::PathBuf;

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
