//! `ambush edit [FILE]`: the window, straight on the scenario editor.

use super::{CliError, app_exit};
use crate::window::WindowOptions;
use clap::Args;
use std::path::PathBuf;

/// The editor's options.
#[derive(Args, Debug)]
pub struct EditArgs {
    /// The scenario file to edit; without one, a new table. A file of the game or of a bundled
    /// mod is saved as a copy into a mod of the user's.
    pub file: Option<PathBuf>,
    /// Save a PNG of the window after --frames frames, then exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Frames to render before the screenshot.
    #[arg(long, default_value_t = 30, requires = "screenshot")]
    pub frames: u32,
    /// Another folder of mods (or one mod's folder); may be given again.
    #[arg(long = "mods", value_name = "DIR")]
    pub mods: Vec<PathBuf>,
}

/// Opens the window on the editor.
pub fn edit(args: EditArgs) -> Result<(), CliError> {
    let EditArgs {
        file,
        screenshot,
        frames,
        mods,
    } = args;
    if let Some(path) = &file
        && !path.is_file()
    {
        return Err(CliError::Usage(format!(
            "{}: no such scenario file",
            path.display()
        )));
    }
    let options = WindowOptions {
        screenshot: screenshot.map(|p| (p, frames)),
        mod_roots: crate::install::mod_roots(&[mods, super::play::env_mods()].concat()),
        edit: Some(file),
        ..WindowOptions::default()
    };
    app_exit(crate::window::run(options))
}
