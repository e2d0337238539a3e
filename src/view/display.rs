//! The player's display settings, the UI scale and the high-contrast palette, kept in the config directory between runs.

use crate::view::art::Palette;
use ambush_data::atomic::write_atomically;
use bevy::prelude::*;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// How the player likes the window: read at start, written when changed in the menu.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DisplaySettings {
    /// egui's zoom: 1.0 is the usual size of the overlay's text and buttons.
    pub ui_scale: f32,
    /// Stronger colours on the table and tokens.
    pub high_contrast: bool,
}

impl Default for DisplaySettings {
    fn default() -> Self {
        DisplaySettings {
            ui_scale: 1.0,
            high_contrast: false,
        }
    }
}

/// The UI scales the menu offers: from small to large.
pub const UI_SCALES: [f32; 5] = [0.8, 1.0, 1.25, 1.5, 2.0];

impl DisplaySettings {
    pub fn palette(&self) -> Palette {
        Palette {
            high_contrast: self.high_contrast,
        }
    }

    /// Reads the settings; a missing file means the defaults, and so does a bad one, with a
    /// warning naming file and line: a display preference is never worth refusing to start.
    pub fn load(path: Option<&Path>) -> DisplaySettings {
        let Some(path) = path else {
            return DisplaySettings::default();
        };
        if !path.exists() {
            return DisplaySettings::default();
        }
        // Read and parsed as every data file is: a regular file, bounded, no NaN.
        let shown = path.display().to_string();
        let read =
            ambush_data::error::read_bounded(path, &shown, ambush_data::error::MAX_FILE_BYTES)
                .and_then(|text| ambush_data::error::parse_ron::<DisplaySettings>(&shown, &text));
        match read {
            Ok(s) => s.sane(),
            Err(e) => {
                warn!("{e} (using the default display settings)");
                DisplaySettings::default()
            }
        }
    }

    /// A scale out of reach of the menu is brought back to the nearest sane one.
    fn sane(mut self) -> DisplaySettings {
        if !self.ui_scale.is_finite() {
            self.ui_scale = 1.0;
        }
        self.ui_scale = self
            .ui_scale
            .clamp(UI_SCALES[0], UI_SCALES[UI_SCALES.len() - 1]);
        self
    }

    /// Writes the settings as the saves are written, so a crash never leaves half a file.
    pub fn save(&self, path: &Path) -> std::io::Result<()> {
        let text = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .map_err(std::io::Error::other)?;
        write_atomically(path, &text)
    }
}

/// The settings file: `AMBUSH_DISPLAY`, or `ambush/display.ron` in the user's config directory.
pub fn display_path() -> Option<PathBuf> {
    crate::paths::settings_file("AMBUSH_DISPLAY", "display.ron")
}

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(DisplaySettings::load(display_path().as_deref()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_remembered_and_a_bad_file_falls_back_to_the_defaults() {
        let dir = std::env::temp_dir().join(format!("ambush-display-{}", std::process::id()));
        let path = dir.join("display.ron");
        let chosen = DisplaySettings {
            ui_scale: 1.5,
            high_contrast: true,
        };
        chosen.save(&path).unwrap();
        assert_eq!(DisplaySettings::load(Some(&path)), chosen);
        std::fs::write(&path, "(ui_scale: \"big\")").unwrap();
        assert_eq!(
            DisplaySettings::load(Some(&path)),
            DisplaySettings::default()
        );
        std::fs::write(&path, "(ui_scale: 900.0)").unwrap();
        assert_eq!(DisplaySettings::load(Some(&path)).ui_scale, 2.0);
        assert_eq!(
            DisplaySettings::load(Some(&dir.join("none.ron"))),
            DisplaySettings::default()
        );
        let _ = std::fs::remove_dir_all(dir);
    }
}
