//! Mods in the window: found at start, listed in the menu by mod, and watched so an edit shows at once (hot reload).
//!
//! The watch compares what the mods' files hold every half second (every second while the
//! window rests between inputs, `screen::awake`), on a thread of its own. Mod folders lie anywhere on
//! disk (beside the game, in the user's data folder, wherever `--mods` points), outside the
//! asset folder that Bevy's own watcher serves, and every file goes through the same checks
//! as `ambush check`, so the watch reads them itself.

use crate::game::frame::FrameSet;
use crate::screen::CurrentGame;
use crate::screen::catalogue::{Catalogue, CatalogueEntry, CatalogueGroup};
use crate::screen::{GameChoice, GameRequest, Screen};
use crate::ui::EguiPass;
use ambush_data::mods::{self, LoadedMod};
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often the watch looks at the mods' files.
pub const WATCH_EVERY: Duration = Duration::from_millis(500);

/// The folders searched for mods, in order: beside the game, the user's data folder, then
/// each `--mods` folder and each of `AMBUSH_MODS`.
#[derive(Resource, Debug, Clone, Default)]
pub struct ModRoots(pub Vec<PathBuf>);

/// One mod folder as the menu knows it.
#[derive(Debug, Clone)]
pub struct ShelfMod {
    pub dir: PathBuf,
    /// The last version that loaded; kept when an edit breaks the mod.
    pub good: Option<LoadedMod>,
    /// What is wrong now, with file:line:column, if anything.
    pub problem: Option<String>,
}

/// Every mod found, and what their files held when last read.
#[derive(Resource, Debug, Default)]
pub struct ModShelf {
    pub mods: Vec<ShelfMod>,
    fingerprint: Vec<(PathBuf, u64)>,
}

impl ModShelf {
    /// Reads the mods under `roots` again: those whose files changed since the last reading
    /// (all of them, the first time). A mod (or a scenario of it) that now fails keeps its last
    /// good version, with the error beside it. Returns the folders whose mods changed.
    pub fn reload(&mut self, roots: &[PathBuf]) -> Vec<PathBuf> {
        match ModReading::look(roots, &self.fingerprint) {
            Some(reading) => self.apply(reading),
            None => Vec::new(),
        }
    }

    /// Brings the shelf up to a reading of the mods' folders.
    fn apply(&mut self, reading: ModReading) -> Vec<PathBuf> {
        self.fingerprint = reading.fingerprint;
        let mut changed = Vec::new();
        let mut next = Vec::new();
        for (dir, loaded) in reading.listings {
            let old = self.mods.iter().find(|m| m.dir == dir);
            let entry = match (loaded, old) {
                // Its files are as they were: it stays as it was read.
                (None, Some(old)) => {
                    next.push(old.clone());
                    continue;
                }
                (None, None) => ShelfMod {
                    problem: Some(format!("{}: not read yet", dir.display())),
                    dir,
                    good: None,
                },
                (Some(Ok(mut fresh)), _) => {
                    let mut problems = Vec::new();
                    // A scenario whose edit broke it stays playable as it was.
                    for s in &mut fresh.scenarios {
                        if let Err(e) = &s.scenario {
                            let last = old
                                .and_then(|o| o.good.as_ref())
                                .and_then(|g| g.scenarios.iter().find(|o| o.file == s.file))
                                .and_then(|o| o.scenario.as_ref().ok());
                            if let Some(last) = last {
                                problems.push(format!("{e} (playing the last good version)"));
                                s.scenario = Ok(last.clone());
                            }
                        }
                    }
                    ShelfMod {
                        dir,
                        good: Some(fresh),
                        problem: (!problems.is_empty()).then(|| problems.join("\n")),
                    }
                }
                (Some(Err(e)), _) => ShelfMod {
                    good: old.and_then(|o| o.good.clone()),
                    problem: Some(match old.and_then(|o| o.good.as_ref()) {
                        Some(_) => format!("{e} (using the last good version)"),
                        None => e.to_string(),
                    }),
                    dir,
                },
            };
            let same = old.is_some_and(|o| same_mod(o, &entry));
            if !same {
                changed.push(entry.dir.clone());
            }
            next.push(entry);
        }
        // A mod folder that went away changed too.
        changed.extend(
            self.mods
                .iter()
                .filter(|m| !next.iter().any(|n| n.dir == m.dir))
                .map(|m| m.dir.clone()),
        );
        self.mods = next;
        changed
    }

    /// The good version of the scenario read from `file`, with its mod's tables, if any.
    pub fn scenario(
        &self,
        file: &str,
    ) -> Option<(&ambush_data::Scenario, &std::sync::Arc<ambush_data::Rules>)> {
        self.mods
            .iter()
            .filter_map(|m| m.good.as_ref())
            .find_map(|g| {
                g.scenarios
                    .iter()
                    .find(|s| same_file(&s.file, Path::new(file)))
                    .and_then(|s| s.scenario.as_ref().ok())
                    .map(|s| (s, &g.rules))
            })
    }

    /// The mod a scenario file belongs to, if it is one of a mod's.
    pub fn mod_of(&self, file: &str) -> Option<&ShelfMod> {
        let folder = mods::mod_of_scenario(Path::new(file))?;
        self.mods.iter().find(|m| same_file(&m.dir, &folder))
    }
}

/// Whether two paths name one file, however they were written.
fn same_file(a: &Path, b: &Path) -> bool {
    a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(x), Ok(y)) if x == y)
}

/// Whether two readings of a mod would play and show the same.
fn same_mod(a: &ShelfMod, b: &ShelfMod) -> bool {
    let scenarios = |m: &ShelfMod| {
        m.good.as_ref().map(|g| {
            g.scenarios
                .iter()
                .map(|s| {
                    (
                        s.file.clone(),
                        s.scenario.clone().map_err(|e| e.to_string()),
                    )
                })
                .collect::<Vec<_>>()
        })
    };
    a.problem == b.problem
        && a.good.as_ref().map(|g| (&g.manifest, &g.rules))
            == b.good.as_ref().map(|g| (&g.manifest, &g.rules))
        && scenarios(a) == scenarios(b)
}

/// Shown during a game whose files were edited: restart with them, or keep playing.
#[derive(Resource, Debug, Clone)]
pub struct ReloadNotice {
    /// The new version to restart with, if the edit left it playable.
    pub restart: Option<GameChoice>,
    /// The edit's error, when it broke the scenario or its mod.
    pub problem: Option<String>,
}

/// What one look at the mods' folders found: every file's fingerprint, and the mods read
/// again because their files changed (`None`: unchanged, kept as last read).
#[derive(Debug)]
struct ModReading {
    fingerprint: Vec<(PathBuf, u64)>,
    listings: Vec<(PathBuf, Option<Result<LoadedMod, ambush_data::DataError>>)>,
}

impl ModReading {
    /// Looks at the files under `roots`, and reads the mods whose files differ from `before`;
    /// `None` if no file changed.
    fn look(roots: &[PathBuf], before: &[(PathBuf, u64)]) -> Option<ModReading> {
        let fingerprint = mods::fingerprint(roots);
        (fingerprint != before).then(|| ModReading {
            listings: mods::find_changed_mods(roots, before, &fingerprint),
            fingerprint,
        })
    }
}

/// The watch: its clock, and the look at the files under way on a thread of its own (reading
/// and parsing every file of a large mod takes long enough to drop frames).
#[derive(Resource, Debug)]
struct ModWatch {
    timer: Timer,
    under_way: Option<std::thread::JoinHandle<Option<ModReading>>>,
}

impl ModWatch {
    /// Whether a look at the files is under way.
    #[cfg(test)]
    fn looking(&self) -> bool {
        self.under_way.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ModRoots>()
        .init_resource::<ModShelf>()
        .insert_resource(ModWatch {
            timer: Timer::new(WATCH_EVERY, TimerMode::Repeating),
            under_way: None,
        })
        .add_systems(Startup, first_reading)
        .add_systems(Update, watch_mods.in_set(FrameSet::Input))
        .add_systems(
            EguiPrimaryContextPass,
            draw_notice
                .in_set(EguiPass::Screens)
                .run_if(in_state(Screen::Table).and_then(resource_exists::<ReloadNotice>)),
        );
}

fn first_reading(roots: Res<ModRoots>, mut shelf: ResMut<ModShelf>) {
    shelf.reload(&roots.0);
    info!(
        "mods: {} found in {} folders",
        shelf.mods.len(),
        roots.0.len()
    );
}

/// Twice a second, looks at the mods' files on a thread of its own; when a look finds a change,
/// brings the menu and the game being played up to date with the mods it read again.
fn watch_mods(
    time: Res<Time>,
    mut watch: ResMut<ModWatch>,
    roots: Res<ModRoots>,
    mut shelf: ResMut<ModShelf>,
    catalogue: Option<ResMut<Catalogue>>,
    current: Option<Res<CurrentGame>>,
    mut commands: Commands,
) {
    let due = watch.timer.tick(time.delta()).just_finished();
    let Some(under_way) = watch.under_way.take() else {
        if due {
            let roots = roots.0.clone();
            let before = shelf.fingerprint.clone();
            watch.under_way = Some(std::thread::spawn(move || {
                ModReading::look(&roots, &before)
            }));
        }
        return;
    };
    if !under_way.is_finished() {
        watch.under_way = Some(under_way);
        return;
    }
    let Ok(Some(reading)) = under_way.join() else {
        return;
    };
    let changed = shelf.apply(reading);
    info!("mods: files changed in {} mod folder(s)", changed.len());
    if let Some(mut c) = catalogue {
        c.set_mods(&shelf);
    }
    let Some(game) = current else { return };
    let Some(file) = &game.0.file else { return };
    let Some(m) = shelf.mod_of(file).filter(|m| changed.contains(&m.dir)) else {
        return;
    };
    let restart = shelf.scenario(file).map(|(scenario, rules)| {
        let mut again = game.0.clone();
        again.setup.scenario = scenario.clone();
        again.rules = rules.clone();
        again.orders.clear();
        again
    });
    commands.insert_resource(ReloadNotice {
        restart,
        problem: m.problem.clone(),
    });
}

fn draw_notice(
    mut contexts: EguiContexts,
    notice: Res<ReloadNotice>,
    mut requests: MessageWriter<GameRequest>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("The scenario's files changed")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, 60.0))
        .show(ctx, |ui| {
            if let Some(p) = &notice.problem {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 90), p);
            }
            ui.horizontal(|ui| {
                if let Some(choice) = &notice.restart
                    && ui
                        .button("Restart the scenario with the new files")
                        .clicked()
                {
                    requests.write(GameRequest::Start(Box::new(choice.clone())));
                    commands.remove_resource::<ReloadNotice>();
                }
                if ui.button("Keep playing").clicked() {
                    commands.remove_resource::<ReloadNotice>();
                }
            });
        });
    Ok(())
}

/// The catalogue takes the mods on the shelf: here, so the catalogue knows nothing of mods.
impl Catalogue {
    /// Lists the mods on `shelf` after the game's own scenarios, replacing any listed before.
    pub fn set_mods(&mut self, shelf: &ModShelf) {
        self.groups.truncate(1);
        self.scenarios.retain(|e| e.group == 0);
        for m in &shelf.mods {
            let group = self.groups.len();
            let name = m.good.as_ref().map_or_else(
                || m.dir.display().to_string(),
                |g| format!("{} {}", g.manifest.name, g.manifest.version),
            );
            self.groups.push(CatalogueGroup {
                name,
                description: m
                    .good
                    .as_ref()
                    .map_or_else(String::new, |g| g.manifest.description.clone()),
                problem: m.problem.clone(),
            });
            let Some(good) = &m.good else { continue };
            for s in &good.scenarios {
                self.scenarios.push(CatalogueEntry {
                    file: s.file.display().to_string(),
                    group,
                    rules: good.rules.clone(),
                    scenario: s.scenario.clone().map_err(|e| e.to_string()),
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::time::TimeUpdateStrategy;

    /// A mod folder holding one of the bundled scenarios under a new name.
    fn write_mod(dir: &Path, name: &str) {
        let scenario = include_str!("../../scenarios/crashed_ship.ron").replacen(
            "name: \"The Crashed Ship\"",
            &format!("name: \"{name}\""),
            1,
        );
        std::fs::create_dir_all(dir.join("scenarios")).expect("folders");
        std::fs::write(
            dir.join("mod.ron"),
            "(name: \"Watched\", version: \"1.0.0\", game_version: \"0.1\")",
        )
        .expect("manifest");
        std::fs::write(dir.join("scenarios/watched.ron"), scenario).expect("scenario");
    }

    /// Runs frames until the watch has looked at the files as they are now and brought the
    /// shelf up to date: a look begun before an edit ends first, then a fresh one is awaited
    /// (virtual time advances at most 250 ms a frame, so one starts every other frame).
    fn settle(app: &mut App) {
        let wait = |app: &mut App| {
            while app.world().resource::<ModWatch>().looking() {
                std::thread::sleep(std::time::Duration::from_millis(5));
                app.update();
            }
        };
        wait(app);
        for _ in 0..4 {
            app.update();
            if app.world().resource::<ModWatch>().looking() {
                break;
            }
        }
        assert!(app.world().resource::<ModWatch>().looking(), "a fresh look");
        wait(app);
    }

    fn names(app: &App) -> Vec<String> {
        app.world()
            .resource::<Catalogue>()
            .scenarios
            .iter()
            .filter(|e| e.group > 0)
            .map(|e| {
                e.scenario
                    .as_ref()
                    .map_or_else(|e| e.clone(), |s| s.name.clone())
            })
            .collect()
    }

    #[test]
    fn an_edited_scenario_shows_in_the_menu_and_a_broken_edit_keeps_the_last_good_one() {
        let dir = std::env::temp_dir().join(format!("ambush-watch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        write_mod(&dir, "Before the edit");
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .insert_resource(TimeUpdateStrategy::ManualDuration(WATCH_EVERY * 2))
            .insert_resource(ModRoots(vec![dir.clone()]))
            .insert_resource(Catalogue::from_texts(&[], &[]));
        plugin(&mut app);
        app.update();
        // The menu lists the mods read at start (the window does this on entering the menu).
        app.world_mut()
            .resource_scope(|world, mut c: Mut<Catalogue>| {
                c.set_mods(world.resource::<ModShelf>())
            });
        assert_eq!(names(&app), ["Before the edit"]);

        // Saving the file changes the menu on the watch's next look.
        write_mod(&dir, "After the edit");
        settle(&mut app);
        assert_eq!(names(&app), ["After the edit"]);

        // During a game of that scenario, an edit offers a restart with the new files.
        let file = dir.join("scenarios/watched.ron");
        let (scenario, rules) = {
            let shelf = app.world().resource::<ModShelf>();
            let (s, r) = shelf.scenario(&file.display().to_string()).expect("listed");
            (s.clone(), r.clone())
        };
        app.insert_resource(CurrentGame(GameChoice::new_game(
            ambush_engine::play::new_game::NewGame::new(scenario, 1, 0),
            rules,
            Some(file.display().to_string()),
            true,
        )));
        write_mod(&dir, "Edited mid-game");
        settle(&mut app);
        let notice = app.world().resource::<ReloadNotice>();
        let restart = notice.restart.as_ref().expect("a restart is offered");
        assert_eq!(restart.setup.scenario.name, "Edited mid-game");
        assert_eq!(notice.problem, None);
        app.world_mut().remove_resource::<CurrentGame>();

        // A broken save shows its error and keeps the last good version playable.
        std::fs::write(
            dir.join("scenarios/watched.ron"),
            "(name: \"Half-written\",\n  table:",
        )
        .expect("a broken save");
        settle(&mut app);
        assert_eq!(names(&app), ["Edited mid-game"]);
        let c = app.world().resource::<Catalogue>();
        let problem = c.groups[1].problem.as_deref().expect("the error is shown");
        assert!(problem.contains("watched.ron:2:"), "{problem}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
