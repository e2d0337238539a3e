//! Saving and loading in the window: the save folder, the autosave after every order, the resume offer, the game menu with its list of saves, and taking back an order until a die is rolled.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::save::{
    MAX_SAVE_BYTES, SaveFile, SaveSource, SaveSummary, load_save, parse_save, save_of,
};
use crate::screen::CurrentGame;
use crate::screen::game_flow::PaceSet;
use crate::screen::replay_viewer::watch_save;
use crate::screen::{GameChoice, GameRequest, Screen};
use crate::ui::EguiPass;
use ambush_data::atomic::write_atomically;
use ambush_engine::control::Controller;
use ambush_engine::play::record::take_back_point;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The autosave's file name in the save folder.
pub const AUTOSAVE: &str = "autosave.ron";

/// Where saves are kept: `AMBUSH_SAVES`, else the user's data folder
/// (`~/.local/share/ambush/saves` on Linux).
#[derive(Resource, Debug, Clone)]
pub struct SaveFolder(pub PathBuf);

impl Default for SaveFolder {
    fn default() -> Self {
        SaveFolder(crate::paths::saves_folder())
    }
}

impl SaveFolder {
    pub fn autosave(&self) -> PathBuf {
        self.0.join(AUTOSAVE)
    }
}

/// The most saves the list reads and shows, the newest by the files' times.
pub const MAX_SAVES_LISTED: usize = 100;

/// A save in the folder, as the list shows it (read without replaying it).
#[derive(Debug, Clone)]
pub struct SaveEntry {
    pub path: PathBuf,
    pub saved_at: u64,
    /// The summary, or why the file cannot be read.
    pub summary: Result<SaveSummary, String>,
}

/// Every save in `folder`, newest first.
pub fn list_saves(folder: &Path) -> Vec<SaveEntry> {
    let mut files: Vec<(std::time::SystemTime, PathBuf)> =
        ambush_data::error::folder_entries(folder)
            .into_iter()
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .map(|p| {
                let modified = std::fs::metadata(&p)
                    .and_then(|m| m.modified())
                    .unwrap_or(std::time::UNIX_EPOCH);
                (modified, p)
            })
            .collect();
    // Only the newest are read and shown: each read parses a whole save.
    files.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    files.truncate(MAX_SAVES_LISTED);
    let mut list: Vec<SaveEntry> = files
        .into_iter()
        .map(|(_, path)| {
            let shown = path.display().to_string();
            let read = ambush_data::error::read_bounded(&path, &shown, MAX_SAVE_BYTES)
                .map_err(|e| e.to_string())
                .and_then(|text| parse_save(&shown, &text).map_err(|e| e.to_string()));
            SaveEntry {
                saved_at: read.as_ref().map_or(0, |s| s.saved_at),
                summary: read.map(|s| s.summary),
                path,
            }
        })
        .collect();
    list.sort_by(|a, b| b.saved_at.cmp(&a.saved_at).then(a.path.cmp(&b.path)));
    list
}

/// The interrupted game the menu offers to resume: the autosave, if its game was not over.
#[derive(Resource, Debug, Clone, Default)]
pub struct Interrupted(pub Option<SaveEntry>);

/// The autosave's last write: which game, how many orders, and any error.
#[derive(Resource, Debug, Default)]
struct Autosaved {
    key: Option<(u64, u64, String, usize, u32, Phase)>,
    error: Option<String>,
}

/// The game menu's state. While it is open the game is paused.
#[derive(Resource, Debug, Default)]
pub(super) struct GameMenu {
    pub(super) open: bool,
    name: String,
    listing: Vec<SaveEntry>,
    message: Option<String>,
    /// A save to write at the end of the frame (it needs the whole world).
    write_to: Option<PathBuf>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<SaveFolder>()
        .init_resource::<Interrupted>()
        .init_resource::<Autosaved>()
        .init_resource::<GameMenu>()
        // Read again each time the menu shows, so the resume line describes what Resume opens.
        .add_systems(
            Update,
            hold_the_ai_while_the_menu_is_open
                .after(PaceSet)
                .in_set(FrameSet::Input),
        )
        .add_systems(Startup, find_interrupted)
        .add_systems(OnEnter(Screen::Menu), find_interrupted)
        .add_systems(
            Update,
            (autosave, write_requested)
                .chain()
                .in_set(FrameSet::Presentation)
                .run_if(in_state(Screen::Table)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            draw_game_menu
                .in_set(EguiPass::Screens)
                .run_if(in_state(Screen::Table)),
        );
}

/// The game menu pauses the game: the AI gives no order while it is open.
fn hold_the_ai_while_the_menu_is_open(menu: Res<GameMenu>, game: Option<ResMut<GameInPlay>>) {
    if let Some(mut game) = game.filter(|_| menu.open) {
        game.ai_steps = AiSteps(Some(0));
    }
}

fn find_interrupted(folder: Res<SaveFolder>, mut interrupted: ResMut<Interrupted>) {
    let path = folder.autosave();
    interrupted.0 = list_saves(&folder.0)
        .into_iter()
        .find(|e| e.path == path)
        .filter(|e| e.summary.as_ref().is_ok_and(|s| !s.finished));
}

/// The save of the game on the table.
fn save_now(world: &mut World) -> Option<SaveFile> {
    let choice = world.get_resource::<CurrentGame>()?.0.clone();
    let source = choice
        .source
        .clone()
        .unwrap_or_else(|| SaveSource::for_file(choice.file.as_deref()));
    Some(save_of(
        world.get_resource::<GameInPlay>()?,
        &choice.setup,
        source,
    ))
}

/// After every order the rules accept (and when a game starts), the game is written to the
/// autosave, atomically: a crash at any moment leaves the last good autosave.
fn autosave(world: &mut World) {
    let Some(game) = world.get_resource::<CurrentGame>() else {
        return;
    };
    // Only the player's own game: a test play, a replay or a watched AI game never replaces
    // it (the replay viewer shows a game; it does not play one).
    if game.0.view_only || !game.0.autosave {
        return;
    }
    let Some(played) = world.get_resource::<GameInPlay>() else {
        return;
    };
    let orders = played.record.orders.len();
    // The turn and phase too, so the list of saves says where the game stands.
    let turn = played.table.progress.turn;
    let phase = played.phase;
    let setup = &game.0.setup;
    let key = (
        setup.seed,
        setup.game,
        setup.scenario.name.clone(),
        orders,
        turn,
        phase,
    );
    if world.resource::<Autosaved>().key.as_ref() == Some(&key) {
        return;
    }
    let Some(save) = save_now(world) else { return };
    let path = world.resource::<SaveFolder>().autosave();
    let result = write_atomically(&path, &save.to_ron());
    let mut autosaved = world.resource_mut::<Autosaved>();
    autosaved.key = Some(key);
    autosaved.error = result
        .err()
        .map(|e| format!("the autosave {} cannot be written: {e}", path.display()));
    if let Some(e) = &autosaved.error {
        warn!("{e}");
    }
}

/// Writes the save the game menu asked for.
fn write_requested(world: &mut World) {
    let Some(path) = world.resource_mut::<GameMenu>().write_to.take() else {
        return;
    };
    let message = match save_now(world).map(|s| write_atomically(&path, &s.to_ron())) {
        Some(Ok(())) => format!("Saved to {}", path.display()),
        Some(Err(e)) => format!("Cannot save to {}: {e}", path.display()),
        None => "No game to save.".into(),
    };
    let folder = world.resource::<SaveFolder>().0.clone();
    let mut menu = world.resource_mut::<GameMenu>();
    menu.message = Some(message);
    menu.listing = list_saves(&folder);
}

/// Loads a save for play: replays and checks it first, so a bad file leaves the current game
/// as it is and only says why.
pub fn choice_from_save(path: &Path) -> Result<GameChoice, String> {
    let r = load_save(path).map_err(|e| e.to_string())?;
    Ok(GameChoice::from_save(
        r.setup(),
        Arc::new(r.save.rules.clone()),
        r.save.source.file.clone(),
        r.save.source.clone(),
        r.save.orders,
    ))
}

/// "Turn 3, movement · hot-seat · 12 orders · saved 2026-11-23 14:05 UTC".
pub fn describe(entry: &SaveEntry) -> String {
    let auto = entry.path.file_name().is_some_and(|n| n == AUTOSAVE);
    match &entry.summary {
        Ok(s) => format!(
            "{}{}: turn {}, {}{} · {} · {} orders · saved {}",
            if auto { "Autosave · " } else { "" },
            s.scenario,
            s.turn,
            s.phase,
            if s.finished { " (finished)" } else { "" },
            s.players,
            s.orders,
            utc(entry.saved_at)
        ),
        Err(why) => format!("{} (cannot be read: {why})", entry.path.display()),
    }
}

/// Seconds since 1970 as a UTC date and time, "2026-11-23 14:05 UTC".
fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (hour, minute) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Days to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {hour:02}:{minute:02} UTC")
}

/// A file name for a new save of the game on the table.
fn save_name(game: Option<&CurrentGame>, turn: u32) -> String {
    let scenario = game.map_or("game".to_string(), |g| g.0.setup.scenario.name.clone());
    let slug: String = scenario
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    format!("{slug}_turn{turn}")
}

/// The buttons at the top right of the table (take back, game menu), and the game menu.
fn draw_game_menu(
    mut contexts: EguiContexts,
    mut menu: ResMut<GameMenu>,
    folder: Res<SaveFolder>,
    game: Option<Res<CurrentGame>>,
    played: Option<Res<GameInPlay>>,
    autosaved: Res<Autosaved>,
    mut requests: MessageWriter<GameRequest>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let viewing = game.as_ref().is_some_and(|g| g.0.view_only);
    let take_back = match &played {
        Some(p) if !viewing => take_back_point(&p.record, p.dice.log.len(), |side| {
            p.controllers.get(side) == Controller::Human
        }),
        _ => None,
    };
    // In the status bar's row, at its right end: below it the roll log's panel begins with its
    // heading and hint, which the buttons would cover.
    egui::Area::new("game menu buttons".into())
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::RIGHT_TOP, egui::vec2(-6.0, 2.0))
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                let undo = ui.add_enabled(
                    take_back.is_some(),
                    egui::Button::new("Take back last order").small(),
                );
                let undo = undo.on_disabled_hover_text(
                    "An order can be taken back only until a die is rolled or a card turned.",
                );
                if undo.clicked()
                    && let (Some(keep), Some(g), Some(p)) = (take_back, &game, &played)
                {
                    let mut again = g.0.clone();
                    again.orders = p.record.orders[..keep].to_vec();
                    requests.write(GameRequest::Start(Box::new(again)));
                }
                if ui.add(egui::Button::new("Game menu").small()).clicked() {
                    menu.open = !menu.open;
                    menu.listing = list_saves(&folder.0);
                    let turn = played.as_ref().map_or(0, |p| p.table.progress.turn);
                    menu.name = save_name(game.as_deref(), turn);
                    menu.message = None;
                }
            });
        });
    if !menu.open {
        return Ok(());
    }
    let mut open = true;
    egui::Window::new("Game menu")
        .open(&mut open)
        .collapsible(false)
        // Kept inside the window, scrolling when the window is small or the text large.
        .constrain(true)
        .vscroll(true)
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            ui.strong("The game is paused.");
            ui.label(format!("Saves are kept in {}.", folder.0.display()));
            if let Some(e) = &autosaved.error {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 90), e);
            } else {
                ui.small("The game is saved to autosave.ron after every order.");
            }
            ui.horizontal(|ui| {
                ui.label("Save as");
                ui.text_edit_singleline(&mut menu.name);
                if ui.button("Save").clicked() {
                    let name: String = menu
                        .name
                        .chars()
                        .filter(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | ' '))
                        .collect();
                    let name = if name.trim().is_empty() {
                        "save".into()
                    } else {
                        name
                    };
                    menu.write_to = Some(folder.0.join(format!("{}.ron", name.trim())));
                }
            });
            if let Some(m) = &menu.message {
                ui.label(m);
            }
            ui.separator();
            ui.strong("Load");
            let mut load = None;
            egui::ScrollArea::vertical()
                .max_height(300.0)
                .show(ui, |ui| {
                    if menu.listing.is_empty() {
                        ui.label("No saves yet.");
                    }
                    for entry in &menu.listing {
                        ui.horizontal(|ui| {
                            if ui
                                .add_enabled(entry.summary.is_ok(), egui::Button::new("Load"))
                                .clicked()
                            {
                                load = Some((entry.path.clone(), false));
                            }
                            if ui
                                .add_enabled(entry.summary.is_ok(), egui::Button::new("Watch"))
                                .on_hover_text("Step through the game's orders, forward and back.")
                                .clicked()
                            {
                                load = Some((entry.path.clone(), true));
                            }
                            ui.label(describe(entry));
                        });
                    }
                });
            if let Some((path, watch)) = load {
                let chosen = if watch {
                    watch_save(&path).map(|(viewer, choice)| {
                        commands.insert_resource(viewer);
                        choice
                    })
                } else {
                    choice_from_save(&path)
                };
                match chosen {
                    Ok(choice) => {
                        requests.write(GameRequest::Start(Box::new(choice)));
                        menu.open = false;
                    }
                    // The game on the table goes on: nothing of the bad save was loaded.
                    Err(why) => menu.message = Some(why),
                }
            }
            ui.separator();
            if ui.button("Main menu").clicked() {
                requests.write(GameRequest::MainMenu);
                menu.open = false;
            }
        });
    if !open {
        menu.open = false;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_open_game_menu_holds_the_ai_and_a_closed_one_leaves_its_pace() {
        use bevy::ecs::system::RunSystemOnce;
        let setup = ambush_engine::play::new_game::NewGame::new(
            crate::install::test_support::scenario("crashed_ship.ron"),
            1,
            0,
        );
        let rules = Arc::new(ambush_data::Rules::bundled().clone());
        let mut world = World::new();
        world.insert_resource(GameInPlay(ambush_engine::play::Game::new(&setup, rules)));
        world.resource_mut::<GameInPlay>().ai_steps = AiSteps(Some(1));
        world.insert_resource(GameMenu::default());
        world
            .run_system_once(hold_the_ai_while_the_menu_is_open)
            .expect("it runs");
        assert_eq!(world.resource::<GameInPlay>().ai_steps, AiSteps(Some(1)));
        world.resource_mut::<GameMenu>().open = true;
        world
            .run_system_once(hold_the_ai_while_the_menu_is_open)
            .expect("it runs");
        assert_eq!(world.resource::<GameInPlay>().ai_steps, AiSteps(Some(0)));
    }

    #[test]
    fn a_loaded_saves_source_is_kept_as_it_was_written_never_looked_up_again() {
        // The path a save names is a stranger's: the autosave of a game loaded from it keeps the
        // source the save wrote, and reads no `mod.ron` beside whatever path that is.
        let dir = std::env::temp_dir().join(format!("ambush-source-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("scenarios")).unwrap();
        std::fs::write(
            dir.join("mod.ron"),
            "(name: \"On disk\", version: \"9.9.9\", description: \"\", game_version: \"0.1\", overrides: [])",
        )
        .unwrap();
        let scenario = crate::game::test_support::scenario("crashed_ship.ron");
        let recorded = SaveSource {
            file: Some(dir.join("scenarios/x.ron").display().to_string()),
            mod_name: Some("As written".into()),
            mod_version: None,
        };
        let setup = ambush_engine::play::new_game::NewGame::new(scenario, 1, 0);
        let rules = Arc::new(ambush_data::Rules::bundled().clone());
        let choice = GameChoice::from_save(
            setup.clone(),
            rules.clone(),
            recorded.file.clone(),
            recorded.clone(),
            Vec::new(),
        );
        let mut world = World::new();
        world.insert_resource(CurrentGame(choice.clone()));
        world.insert_resource(GameInPlay(ambush_engine::play::Game::new(&setup, rules)));
        let saved = save_now(&mut world).expect("a save");
        assert_eq!(saved.source, recorded);
        // A new game's source is read from its file: there the mod beside it is named.
        let mut fresh = choice;
        fresh.source = None;
        world.insert_resource(CurrentGame(fresh));
        let saved = save_now(&mut world).expect("a save");
        assert_eq!(saved.source.mod_name.as_deref(), Some("On disk"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The game flow and the autosave without a window, saving into `folder`, at the menu.
    fn game_flow_app(folder: &Path) -> App {
        let rules = Arc::new(ambush_data::Rules::bundled().clone());
        let setup = ambush_engine::play::new_game::NewGame::new(
            crate::game::test_support::scenario("crashed_ship.ron"),
            1,
            0,
        );
        let mut app = crate::input::player_app(&setup, rules);
        app.init_state::<Screen>()
            .add_message::<GameRequest>()
            .add_message::<crate::ui::SummaryChoice>()
            .insert_resource(crate::screen::GameOptions {
                pace: crate::screen::AlienPace::Instant,
                ..Default::default()
            })
            .insert_resource(SaveFolder(folder.to_path_buf()))
            .add_plugins((crate::screen::game_flow::plugin, plugin));
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Menu);
        app.update();
        app
    }

    /// Starts `choice` as the menu does and plays it for `frames` frames, the human side's
    /// orders given as its AI would give them; then back to the menu. The orders played.
    fn play(app: &mut App, choice: GameChoice, frames: usize) -> usize {
        app.world_mut()
            .write_message(GameRequest::Start(Box::new(choice)));
        let ambush_engine::control::Controller::Ai(marines) =
            ambush_engine::control::Controllers::all_ai().humans
        else {
            unreachable!("the marines have an AI")
        };
        for _ in 0..frames {
            app.update();
            let mut game = app.world_mut().resource_mut::<GameInPlay>();
            if game.pending.0.is_empty()
                && let Some(d) = game.awaited().cloned()
                && game.controllers.get(d.side()) == Controller::Human
            {
                let order = game.ai_order(marines, &d);
                game.pending.push(d.side(), order);
            }
        }
        // An order pushed after the last frame was never given: leaving must not give it.
        let mut game = app.world_mut().resource_mut::<GameInPlay>();
        game.pending.0.clear();
        let orders = game.record.orders.len();
        app.world_mut().write_message(GameRequest::MainMenu);
        app.update();
        app.update();
        orders
    }

    fn resume_line(app: &App) -> Option<String> {
        app.world()
            .resource::<Interrupted>()
            .0
            .as_ref()
            .map(describe)
    }

    #[test]
    fn test_play_replays_and_watched_ai_games_leave_the_players_autosave_as_it_was() {
        // A crashed-ship game autosaved after its orders was replaced by the editor draft's test
        // play, and the menu's resume line still named what it had read at start-up.
        let dir = std::env::temp_dir().join(format!("ambush-autosave-kept-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut app = game_flow_app(&dir);
        assert_eq!(resume_line(&app), None, "nothing to resume yet");
        let own = own_game(1);
        let played = play(&mut app, own, 60);
        assert!(played > 5, "the player's own game has orders: {played}");
        let autosave = dir.join(AUTOSAVE);
        let kept = std::fs::read(&autosave).expect("the game was autosaved");
        let line = resume_line(&app).expect("the menu offers the game again");
        assert!(line.contains(&format!("{played} orders")), "{line}");

        // A test play of a draft (the editor's own choice of game), solo and AI against AI.
        let folders = [dir.join("none")];
        let scenarios = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut editor = crate::screen::editor::open_file(
            &scenarios.join("crashed_ship_heavy_weapon.ron"),
            &folders,
        )
        .expect("the editor opens a scenario");
        let options = crate::screen::GameOptions::default();
        for players in [
            crate::screen::editor::TestPlayers::Solo,
            crate::screen::editor::TestPlayers::AiAgainstAi,
        ] {
            let test = editor
                .test_game(players, &options)
                .expect("the draft plays");
            let orders = play(&mut app, test, 40);
            assert!(orders > 0, "the test play ({players:?}) played orders");
            assert_eq!(std::fs::read(&autosave).expect("kept"), kept, "{players:?}");
            assert_eq!(resume_line(&app).as_ref(), Some(&line), "{players:?}");
        }
        // The autosave watched in the replay viewer, and resumed.
        let (_, watched) = crate::screen::watch_save(&autosave).expect("the autosave replays");
        play(&mut app, watched, 10);
        assert_eq!(std::fs::read(&autosave).expect("kept"), kept, "watched");
        let resumed = choice_from_save(&autosave).expect("the autosave loads");
        assert_eq!(
            resumed.orders.len(),
            played,
            "Resume opens what the line says"
        );
        assert_eq!(resume_line(&app).as_ref(), Some(&line));
        // The player's own game resumed is autosaved again as it goes on.
        // The save's orders are given again first, one a frame.
        let more = play(&mut app, resumed, played + 60);
        assert!(more > played, "{more} orders after resuming {played}");
        assert_ne!(std::fs::read(&autosave).expect("written"), kept);
        let line = resume_line(&app).expect("the game goes on");
        assert!(line.contains(&format!("{more} orders")), "{line}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The menu's solo game of the crashed ship with `seed`, the player's own.
    fn own_game(seed: u64) -> GameChoice {
        let mut setup = ambush_engine::play::new_game::NewGame::new(
            crate::game::test_support::scenario("crashed_ship.ron"),
            seed,
            0,
        );
        setup.controllers = ambush_engine::control::Controllers::solo();
        let rules = Arc::new(ambush_data::Rules::bundled().clone());
        GameChoice::new_game(
            setup,
            rules,
            Some("scenarios/crashed_ship.ron".into()),
            true,
        )
    }

    #[test]
    fn dates_read_as_the_calendar_does() {
        assert_eq!(utc(0), "1970-01-01 00:00 UTC");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00 UTC");
        assert_eq!(utc(1_795_436_052), "2026-11-23 12:14 UTC");
    }
}
