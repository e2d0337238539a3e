//! The player's own folders and settings files, worked out in one place for the window and the command line alike.
//!
//! `AMBUSH_SAVES` moves every folder into one (tests and CI keep all they write in one scratch
//! folder): the saves and the data of games played at a distance are that folder itself, and
//! the player's mods are `mods/` inside it. Otherwise they live in the user's data folder
//! (`~/.local/share/ambush` on Linux): `saves/`, `mods/` and the games by file (`pbem/`).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The variable that moves every folder of the player's into one.
pub const SAVES_VARIABLE: &str = "AMBUSH_SAVES";

/// Where the player's files go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserFolders {
    /// Games played at a distance, their secrets and outboxes (`pbem/` inside it).
    pub data: PathBuf,
    /// The window's saves and autosave.
    pub saves: PathBuf,
    /// The player's own mods, where the editor saves.
    pub mods: PathBuf,
}

impl UserFolders {
    /// The folders of this run, read from the environment once.
    pub fn of_this_run() -> &'static UserFolders {
        static FOLDERS: OnceLock<UserFolders> = OnceLock::new();
        FOLDERS.get_or_init(|| {
            let moved = std::env::var_os(SAVES_VARIABLE)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from);
            UserFolders::from_places(moved, dirs::data_dir())
        })
    }

    /// The folders, given where `AMBUSH_SAVES` moves them (if it does) and the user's data
    /// folder (if the system has one; else `ambush-data` in the working folder).
    pub fn from_places(moved: Option<PathBuf>, user_data: Option<PathBuf>) -> UserFolders {
        if let Some(dir) = moved {
            return UserFolders {
                data: dir.clone(),
                saves: dir.clone(),
                mods: dir.join("mods"),
            };
        }
        let data = user_data.map_or_else(|| PathBuf::from("ambush-data"), |d| d.join("ambush"));
        UserFolders {
            saves: data.join("saves"),
            mods: data.join("mods"),
            data,
        }
    }
}

/// The player's data folder, where games played at a distance are kept.
pub fn data_folder() -> PathBuf {
    UserFolders::of_this_run().data.clone()
}

/// The folder of the player's saves.
pub fn saves_folder() -> PathBuf {
    UserFolders::of_this_run().saves.clone()
}

/// The player's mods folder, where the editor saves.
pub fn user_mods_root() -> PathBuf {
    UserFolders::of_this_run().mods.clone()
}

/// Where messages to send wait in a data folder: `DATA/pbem/outbox/`.
pub fn outbox(data: &Path) -> PathBuf {
    data.join("pbem").join("outbox")
}

/// A settings file: the file the variable `override_variable` names, else `ambush/NAME` in the
/// user's config folder (`~/.config` on Linux); `None` on a system with neither.
pub fn settings_file(override_variable: &str, name: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(override_variable).filter(|v| !v.is_empty()) {
        return Some(PathBuf::from(p));
    }
    dirs::config_dir().map(|d| d.join("ambush").join(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambush_saves_moves_every_folder_into_one_and_the_user_data_folder_holds_them_otherwise() {
        let moved = UserFolders::from_places(Some("/tmp/s".into()), Some("/home/u/.local".into()));
        assert_eq!(moved.saves, PathBuf::from("/tmp/s"));
        assert_eq!(moved.data, PathBuf::from("/tmp/s"));
        assert_eq!(moved.mods, PathBuf::from("/tmp/s/mods"));
        let user = UserFolders::from_places(None, Some("/home/u/.local/share".into()));
        assert_eq!(user.data, PathBuf::from("/home/u/.local/share/ambush"));
        assert_eq!(
            user.saves,
            PathBuf::from("/home/u/.local/share/ambush/saves")
        );
        assert_eq!(user.mods, PathBuf::from("/home/u/.local/share/ambush/mods"));
        let bare = UserFolders::from_places(None, None);
        assert_eq!(bare.saves, PathBuf::from("ambush-data/saves"));
        assert_eq!(outbox(&user.data), user.data.join("pbem/outbox"));
    }
}
