//! Where the game's own files (`assets/`, `scenarios/`, `mods/`) are: found on disk as installed games look, else unpacked from the copy built into the binary.
//!
//! The game is whole wherever it runs from: a clone, an unpacked release folder, a
//! `cargo install`ed binary, a package under `/usr/share`. The folders are searched in this
//! order, and the first that holds `assets/rules/` and `scenarios/` is used:
//!
//! 1. `AMBUSH_DATA`, when set (a player's or packager's override);
//! 2. the working folder (a clone, or a release run from its own folder);
//! 3. `CARGO_MANIFEST_DIR` (`cargo run` started from another folder);
//! 4. beside the executable, then `../share/ambush` from it (`PREFIX/bin` and `PREFIX/share`);
//! 5. `ambush/` in the user's data folder (`$XDG_DATA_HOME`, `~/.local/share`);
//! 6. `ambush/` in each of the system's data folders (`$XDG_DATA_DIRS`, else
//!    `/usr/local/share:/usr/share`);
//! 7. the copy built into the binary, unpacked into the user's data folder
//!    (`ambush/bundled/VERSION-DIGEST/`), each file checked against the built-in bytes at every
//!    start so an edited or half-written copy is put right.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The files built into the binary: their paths under the game folder, and their bytes.
mod built_in {
    include!(concat!(env!("OUT_DIR"), "/bundle.rs"));
}

/// How the game folder was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FoundBy {
    /// `AMBUSH_DATA`.
    Override,
    WorkingFolder,
    /// `CARGO_MANIFEST_DIR`, set by `cargo run`.
    Cargo,
    BesideExecutable,
    UserData,
    SystemData,
    /// The built-in copy, unpacked.
    BuiltIn,
}

impl FoundBy {
    fn words(self) -> &'static str {
        match self {
            FoundBy::Override => "AMBUSH_DATA",
            FoundBy::WorkingFolder => "the working folder",
            FoundBy::Cargo => "the crate's folder (cargo run)",
            FoundBy::BesideExecutable => "beside the executable",
            FoundBy::UserData => "the user's data folder",
            FoundBy::SystemData => "the system's data folders",
            FoundBy::BuiltIn => "the copy built into the game, unpacked",
        }
    }
}

/// The folder the game's own files are read from, and every place looked at to find it.
#[derive(Debug, Clone)]
pub struct GameFolder {
    /// The folder holding `assets/`, `scenarios/` and `mods/`; `None` when none was found and
    /// the built-in copy could not be unpacked.
    pub root: Option<PathBuf>,
    pub found_by: Option<FoundBy>,
    /// Every folder looked at, in order, the one used last.
    pub searched: Vec<PathBuf>,
    /// Why the built-in copy could not be unpacked, or why `AMBUSH_DATA` was passed over.
    pub problems: Vec<String>,
}

impl GameFolder {
    /// The folder to read from; without one, a folder that does not exist (so every read
    /// fails with its path, and the menu says where the game looked).
    pub fn path(&self) -> PathBuf {
        self.root
            .clone()
            .unwrap_or_else(|| PathBuf::from("ambush-game-files-not-found"))
    }

    /// One line for the terminal and the menu: where the files came from, or where the game
    /// looked without finding them.
    pub fn describe(&self) -> String {
        match (&self.root, self.found_by) {
            (Some(root), Some(how)) => format!("game files: {} ({})", root.display(), how.words()),
            _ => format!(
                "game files: not found; looked in {}{}",
                self.searched
                    .iter()
                    .map(|p| p.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
                self.problems
                    .iter()
                    .map(|p| format!("; {p}"))
                    .collect::<String>()
            ),
        }
    }
}

/// The game folder, found once per run.
pub fn game_folder() -> &'static GameFolder {
    static FOLDER: OnceLock<GameFolder> = OnceLock::new();
    FOLDER.get_or_init(|| find(&Places::of_this_run()))
}

/// Where mods are looked for, in order: `mods/` beside the game, the user's mods folder (where
/// the editor saves), then each of `extra` (`--mods` and `AMBUSH_MODS`).
pub fn mod_roots(extra: &[PathBuf]) -> Vec<PathBuf> {
    let mut roots = vec![
        game_folder().path().join("mods"),
        crate::paths::user_mods_root(),
    ];
    roots.extend(extra.iter().cloned());
    roots
}

/// Whether `dir` holds the game's files.
fn holds_game(dir: &Path) -> bool {
    dir.join("assets").join("rules").is_dir() && dir.join("scenarios").is_dir()
}

/// The places to search, read from the environment once (tests give their own).
#[derive(Debug, Clone, Default)]
struct Places {
    data_override: Option<PathBuf>,
    working: Option<PathBuf>,
    cargo: Option<PathBuf>,
    executable: Option<PathBuf>,
    user_data: Option<PathBuf>,
    system_data: Vec<PathBuf>,
}

impl Places {
    fn of_this_run() -> Places {
        let env_path = |name| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        let system_data = std::env::var_os("XDG_DATA_DIRS")
            .filter(|v| !v.is_empty())
            .map(|v| std::env::split_paths(&v).collect())
            .unwrap_or_else(|| vec!["/usr/local/share".into(), "/usr/share".into()]);
        Places {
            data_override: env_path("AMBUSH_DATA"),
            working: std::env::current_dir().ok(),
            cargo: env_path("CARGO_MANIFEST_DIR"),
            executable: std::env::current_exe().ok(),
            user_data: dirs::data_dir(),
            system_data,
        }
    }

    /// The candidates in the order they are tried.
    fn candidates(&self) -> Vec<(PathBuf, FoundBy)> {
        let mut list = Vec::new();
        if let Some(d) = &self.data_override {
            list.push((d.clone(), FoundBy::Override));
        }
        if let Some(d) = &self.working {
            list.push((d.clone(), FoundBy::WorkingFolder));
        }
        if let Some(d) = &self.cargo {
            list.push((d.clone(), FoundBy::Cargo));
        }
        if let Some(dir) = self.executable.as_deref().and_then(Path::parent) {
            list.push((dir.to_path_buf(), FoundBy::BesideExecutable));
            if let Some(prefix) = dir.parent() {
                list.push((
                    prefix.join("share").join("ambush"),
                    FoundBy::BesideExecutable,
                ));
            }
        }
        if let Some(d) = &self.user_data {
            list.push((d.join("ambush"), FoundBy::UserData));
        }
        for d in &self.system_data {
            list.push((d.join("ambush"), FoundBy::SystemData));
        }
        list
    }

    /// Where the built-in copy is unpacked: the user's data folder, else the system's temporary
    /// folder (a machine without a home).
    fn unpack_folder(&self) -> PathBuf {
        let base = self
            .user_data
            .as_ref()
            .map(|d| d.join("ambush"))
            .unwrap_or_else(|| std::env::temp_dir().join("ambush"));
        base.join("bundled").join(format!(
            "{}-{}",
            env!("CARGO_PKG_VERSION"),
            built_in::DIGEST
        ))
    }
}

fn find(places: &Places) -> GameFolder {
    let mut searched = Vec::new();
    let mut problems = Vec::new();
    for (dir, how) in places.candidates() {
        if holds_game(&dir) {
            searched.push(dir.clone());
            return GameFolder {
                root: Some(dir),
                found_by: Some(how),
                searched,
                problems,
            };
        }
        if how == FoundBy::Override {
            problems.push(format!(
                "AMBUSH_DATA={} has no assets/rules/ and scenarios/",
                dir.display()
            ));
        }
        searched.push(dir);
    }
    let target = places.unpack_folder();
    searched.push(target.clone());
    match unpack(&target, built_in::FILES) {
        Ok(()) => GameFolder {
            root: Some(target),
            found_by: Some(FoundBy::BuiltIn),
            searched,
            problems,
        },
        Err(e) => {
            problems.push(format!(
                "the built-in copy cannot be unpacked into {}: {e}",
                target.display()
            ));
            GameFolder {
                root: None,
                found_by: None,
                searched,
                problems,
            }
        }
    }
}

/// Writes every file of `files` under `target` whose bytes on disk differ (or are missing).
/// Each file is written to a temporary name and renamed, so two games starting at once, or a
/// crash, never leave a half-written file under its real name.
fn unpack(target: &Path, files: &[(&str, &[u8])]) -> std::io::Result<()> {
    for (name, bytes) in files {
        let path = target.join(name);
        // A link is never followed: the copy must be the built-in bytes, not what a link names.
        let same = std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file())
            && std::fs::read(&path).is_ok_and(|on_disk| on_disk == *bytes);
        if same {
            continue;
        }
        let folder = path.parent().unwrap_or(target);
        std::fs::create_dir_all(folder)?;
        let temp = folder.join(format!(
            ".{}.{}.unpacking",
            file_name(&path),
            std::process::id()
        ));
        std::fs::write(&temp, bytes)?;
        if let Err(e) = std::fs::rename(&temp, &path) {
            let _ = std::fs::remove_file(&temp);
            return Err(e);
        }
    }
    Ok(())
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
}

/// How many of the built-in files are scenarios of the game's own (not a mod's).
pub fn built_in_scenarios() -> usize {
    built_in::FILES
        .iter()
        .filter(|(name, _)| name.starts_with("scenarios/") && name.ends_with(".ron"))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("ambush-install-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        dir
    }

    fn game_at(dir: &Path) {
        std::fs::create_dir_all(dir.join("assets/rules")).expect("folders");
        std::fs::create_dir_all(dir.join("scenarios")).expect("folders");
    }

    #[test]
    fn the_built_in_copy_holds_every_rule_table_scenario_and_bundled_mod() {
        let names: Vec<&str> = built_in::FILES.iter().map(|(n, _)| *n).collect();
        for table in ambush_data::tables::RULE_FILES {
            assert!(
                names.contains(&format!("assets/rules/{table}").as_str()),
                "{table}"
            );
        }
        let on_disk = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
            .expect("scenarios/")
            .filter(|e| {
                e.as_ref()
                    .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ron"))
            })
            .count();
        assert_eq!(built_in_scenarios(), on_disk);
        assert!(names.contains(&"mods/colonial/mod.ron"));
    }

    #[test]
    fn an_installed_binary_finds_the_files_beside_it_then_in_share_then_the_data_folders() {
        let root = scratch("order");
        let empty = root.join("empty");
        std::fs::create_dir_all(&empty).expect("a folder");
        let prefix = root.join("prefix");
        let places = Places {
            working: Some(empty.clone()),
            executable: Some(prefix.join("bin/ambush")),
            user_data: Some(root.join("home/.local/share")),
            system_data: vec![root.join("usr/share")],
            ..Places::default()
        };
        // Only the system's copy: it is used.
        game_at(&root.join("usr/share/ambush"));
        let found = find(&places);
        assert_eq!(found.found_by, Some(FoundBy::SystemData));
        assert_eq!(found.root, Some(root.join("usr/share/ambush")));
        // A user's copy comes before the system's.
        game_at(&root.join("home/.local/share/ambush"));
        assert_eq!(find(&places).found_by, Some(FoundBy::UserData));
        // PREFIX/share/ambush beside PREFIX/bin/ambush comes before both.
        game_at(&prefix.join("share/ambush"));
        let found = find(&places);
        assert_eq!(found.root, Some(prefix.join("share/ambush")));
        assert_eq!(found.found_by, Some(FoundBy::BesideExecutable));
        // An override that holds nothing is said, and passed over.
        let passed = find(&Places {
            data_override: Some(root.join("nowhere")),
            ..places.clone()
        });
        assert_eq!(passed.found_by, Some(FoundBy::BesideExecutable));
        assert!(
            passed.problems[0].contains("AMBUSH_DATA="),
            "{:?}",
            passed.problems
        );
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn with_nothing_on_disk_the_built_in_copy_is_unpacked_and_put_right_when_changed() {
        let root = scratch("unpack");
        let places = Places {
            working: Some(root.join("empty")),
            user_data: Some(root.join("data")),
            ..Places::default()
        };
        let found = find(&places);
        assert_eq!(found.found_by, Some(FoundBy::BuiltIn), "{found:?}");
        let dir = found.root.clone().expect("unpacked");
        assert!(dir.starts_with(root.join("data/ambush/bundled")));
        assert!(holds_game(&dir));
        assert!(found.describe().contains("built into the game"));
        // An edited file is put back as built.
        let file = dir.join("scenarios/crashed_ship.ron");
        let built = std::fs::read(&file).expect("unpacked");
        std::fs::write(&file, "broken").expect("an edit");
        find(&places);
        assert_eq!(std::fs::read(&file).expect("unpacked"), built);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn when_nothing_can_be_found_or_unpacked_the_places_looked_in_are_said() {
        let root = scratch("nothing");
        // A file where the unpacking folder would go: it cannot be made.
        std::fs::write(root.join("data"), "a file").expect("a file");
        let found = find(&Places {
            working: Some(root.join("empty")),
            user_data: Some(root.join("data")),
            ..Places::default()
        });
        assert_eq!(found.root, None);
        let said = found.describe();
        assert!(said.contains("not found; looked in"), "{said}");
        assert!(
            said.contains(&root.join("empty").display().to_string()),
            "{said}"
        );
        assert!(said.contains("cannot be unpacked"), "{said}");
        let _ = std::fs::remove_dir_all(&root);
    }
}

/// What the unit tests of every layer share: the game's own files.
#[cfg(test)]
pub(crate) mod test_support {
    use ambush_data::Rules;
    use ambush_data::scenario::Scenario;
    use std::path::Path;

    /// A bundled scenario, such as `crashed_ship.ron`, loaded and checked.
    pub fn scenario(file: &str) -> Scenario {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(file);
        ambush_data::load_scenario_file(&path, Rules::bundled()).expect("a bundled scenario loads")
    }
}
