//! The editor screen's tests: clicks, drags and keys become the draft's edits; test play, balance runs, autosave and saving.

use super::*;
use crate::batch::{Tally, play_game};
use ambush_data::geometry::Shape;
use ambush_engine::control::Controllers;

fn workbench() -> EditorWorkbench {
    EditorWorkbench::new_scenario(Arc::new(Rules::bundled().clone()))
}

/// Issue 24: "Place units of either side from the troop types of the scenario's tables" and
/// "Terrain: add, move ...": tools and drags become the draft's edits, one each, and undo
/// takes each back.
#[test]
fn clicks_and_drags_place_and_move_pieces_as_one_edit_each() {
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Wood);
    s.click((20.2, 20.1));
    s.click((40.0, 20.0));
    let terrain = &s.draft.scenario().terrain;
    assert_eq!(terrain.len(), 2);
    assert_eq!(terrain[0].name, "wood");
    assert_eq!(terrain[1].name, "wood 2", "names are made unique");
    assert_eq!(
        terrain[0].shape.center(),
        Vec2::new(20.0, 20.0),
        "snapped to 0.5\""
    );
    s.tool = Tool::Unit;
    s.click((10.0, 5.0));
    s.click((12.0, 5.0));
    let units = &s.draft.scenario().units;
    assert_eq!(
        units.iter().map(|u| u.label.as_str()).collect::<Vec<_>>(),
        ["M1", "M2"]
    );
    assert_eq!(units[0].troop.as_str(), "Infantry");
    // Drag the second wood 5" east: one edit, its end snapped.
    s.tool = Tool::Select;
    s.drag_start((40.0, 20.0));
    assert_eq!(s.selected, Some(Pick::Terrain(1)));
    s.drag_end((45.1, 20.0));
    assert_eq!(
        s.draft.scenario().terrain[1].shape.center(),
        Vec2::new(45.0, 20.0)
    );
    // The unit is picked over the terrain under it.
    s.drag_start((12.0, 5.0));
    assert_eq!(s.selected, Some(Pick::Unit(1)));
    s.drag_end((12.0, 9.0));
    assert_eq!(s.draft.scenario().units[1].at, (12.0, 9.0));
    // Six edits, six undos back to the empty table.
    for _ in 0..6 {
        s.undo();
    }
    assert!(s.draft.scenario().terrain.is_empty() && s.draft.scenario().units.is_empty());
    assert!(!s.draft.can_undo());
    s.redo();
    assert_eq!(s.draft.scenario().terrain.len(), 1);
}

/// Issue 24: "Errors show at the piece or field they concern ... and in a list that selects
/// the piece when clicked": a unit put into impassable rocks is a problem of that unit.
#[test]
fn a_unit_placed_in_rocks_is_a_problem_of_that_unit_until_it_moves_out() {
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Rocks);
    s.click((30.0, 30.0));
    s.tool = Tool::Unit;
    s.click((30.0, 30.0));
    s.click((10.0, 10.0));
    let unit = Pick::Unit(0);
    assert!(s.problems_of(unit).next().is_some(), "{:?}", s.problems);
    assert!(s.problems_of(Pick::Unit(1)).next().is_none());
    assert!(s.status.contains("problem"), "{}", s.status);
    s.tool = Tool::Select;
    s.drag_start((30.0, 30.0));
    assert_eq!(s.selected, Some(unit));
    s.drag_end((30.0, 40.0));
    assert!(s.problems_of(unit).next().is_none(), "{:?}", s.problems);
}

/// Issue 24: "polygons (drag vertices)": the selected polygon's point is taken by its
/// handle and moved as one edit; a press away from the points moves the whole piece.
#[test]
fn a_polygons_point_is_dragged_by_its_handle() {
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Rough);
    s.click((30.0, 30.0));
    assert_eq!(s.selected, Some(Pick::Terrain(0)));
    let Shape::Polygon { points } = s.draft.scenario().terrain[0].shape.clone() else {
        panic!("the rough tool places a polygon");
    };
    s.tool = Tool::Select;
    s.drag_start(points[2]);
    s.drag_end((36.0, 31.0));
    let Shape::Polygon { points: moved } = &s.draft.scenario().terrain[0].shape else {
        panic!("still a polygon");
    };
    assert_eq!(moved[2], (36.0, 31.0));
    assert_eq!((moved[0], moved[1]), (points[0], points[1]));
    assert!(
        s.problems_of(Pick::Terrain(0)).next().is_none(),
        "{:?}",
        s.problems
    );
    // Dragged across itself, the outline is a problem of that feature, and undo mends it.
    s.drag_start((36.0, 31.0));
    s.drag_end((24.0, 30.0));
    assert!(
        s.problems_of(Pick::Terrain(0)).next().is_some(),
        "{:?}",
        s.problems
    );
    s.undo();
    assert!(s.problems_of(Pick::Terrain(0)).next().is_none());
}

/// Delete, turn and duplicate act on the selection, each one edit.
#[test]
fn the_selection_is_deleted_turned_and_copied() {
    let mut s = workbench();
    s.tool = Tool::Unit;
    s.click((10.0, 10.0));
    s.rotate_selected(15.0);
    assert_eq!(s.draft.scenario().units[0].facing, 15.0);
    s.duplicate_selected();
    assert_eq!(s.draft.scenario().units.len(), 2);
    assert_eq!(s.selected, Some(Pick::Unit(1)));
    assert_eq!(s.draft.scenario().units[1].label, "M2");
    s.delete_selected();
    assert_eq!(s.draft.scenario().units.len(), 1);
    assert_eq!(s.selected, None);
}

/// Issue 24: "Test play, one click ... Ending or leaving the game returns to the editor with
/// the draft as it was": the game is the draft as it stands, and the menu sends a test game
/// back to the editor.
#[test]
fn test_play_starts_the_draft_and_leaving_it_returns_to_the_editor() {
    use bevy::state::app::StatesPlugin;
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Rocks);
    s.click((30.0, 30.0));
    s.tool = Tool::Unit;
    s.click((30.0, 30.0));
    let options = GameOptions::default();
    assert!(
        s.test_game(TestPlayers::Solo, &options).is_none(),
        "a failing draft"
    );
    s.tool = Tool::Select;
    s.drag_start((30.0, 30.0));
    s.drag_end((30.0, 40.0));
    let game = s
        .test_game(TestPlayers::AiAgainstAi, &options)
        .expect("a passing draft plays");
    assert_eq!(game.setup.scenario.units, s.draft.scenario().units);
    assert_eq!(game.setup.controllers, Controllers::all_ai());
    let before = s.draft.scenario().clone();
    // Leaving the game is the menu: a test game goes on to the editor.
    let mut app = App::new();
    app.add_plugins(StatesPlugin);
    app.init_state::<Screen>();
    app.add_systems(OnEnter(Screen::Menu), back_to_the_editor);
    app.insert_resource(s);
    app.insert_resource(TestPlay);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::Editor
    );
    assert!(app.world().get_resource::<TestPlay>().is_none());
    assert_eq!(
        *app.world().resource::<EditorWorkbench>().draft.scenario(),
        before
    );
}

/// Issue 24: "A button plays N AI-against-AI games of the draft ... on a background thread":
/// the run plays the draft as it stood, counts its games, and gives the simulator's tally.
#[test]
fn a_balance_run_plays_the_draft_in_the_background() {
    let rules = Arc::new(Rules::bundled().clone());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    let s = open_file(&path, &[]).expect("the crashed ship opens");
    let options = GameOptions::default();
    let mut run = BalanceRun::start(
        s.draft.scenario().clone(),
        rules.clone(),
        20,
        &options,
        Default::default(),
    );
    let mut waited = 0;
    while run.summary.is_none() && waited < 600 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        run.poll();
        waited += 1;
    }
    let summary = run.summary.as_ref().expect("the run finishes");
    assert_eq!(summary.games, 20);
    assert_eq!(run.played(), 20);
    assert_eq!(summary.marine_wins + summary.alien_wins + summary.draws, 20);
    // The same games as the simulator's, game for game.
    let mut tally = Tally::default();
    for g in 0..20 {
        tally.add(&play_game(
            s.draft.scenario(),
            rules.clone(),
            options.seed,
            g,
            options.human_wounds,
            false,
        ));
    }
    let sides = crate::batch::simulated_sides(s.draft.scenario(), None, None);
    let simulated = tally.summary(&s.draft.scenario().name, options.seed, sides, 0.0);
    assert_eq!(summary.marine_casualties, simulated.marine_casualties);
    assert_eq!(summary.marine_wins, simulated.marine_wins);
}

/// Issue 40: "the editor's balance run can pick the levels it pits": a run between chosen
/// levels plays the arena's games between those commanders, game for game, and a side left as
/// written keeps its default AI.
#[test]
fn a_balance_run_pits_the_levels_it_is_given() {
    use super::BalancePlayers;
    use ambush_data::board::Side;
    use ambush_engine::control::commander::AiLevel;
    use ambush_engine::control::{AiPlayer, Controller, Controllers};
    let rules = Arc::new(Rules::bundled().clone());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/night_raid.ron");
    let s = open_file(&path, &[]).expect("the night raid opens");
    let options = GameOptions::default();
    let players = BalancePlayers {
        humans: Some(AiLevel::Hard),
        aliens: Some(AiLevel::Cautious),
    };
    let scenario = s.draft.scenario().clone();
    assert_eq!(
        BalancePlayers::default().controllers(&scenario),
        Controllers::all_ai(),
        "as written: the balance run's AIs of before"
    );
    let controllers = players.controllers(&scenario);
    assert_eq!(
        controllers.humans,
        Controller::Ai(AiPlayer::Commander(AiLevel::Hard))
    );
    let mut run = BalanceRun::start(scenario.clone(), rules.clone(), 6, &options, players);
    let mut waited = 0;
    while run.summary.is_none() && waited < 900 {
        std::thread::sleep(std::time::Duration::from_millis(100));
        run.poll();
        waited += 1;
    }
    let summary = run.summary.as_ref().expect("the run finishes");
    let mut tally = Tally::default();
    for g in 0..6 {
        tally.add(&crate::batch::play_game_between(
            &scenario,
            rules.clone(),
            options.seed,
            g,
            controllers,
            options.human_wounds,
            false,
        ));
    }
    let pitted = tally.summary(&scenario.name, options.seed, controllers, 0.0);
    assert_eq!(summary.marine_casualties, pitted.marine_casualties);
    assert_eq!(
        (summary.marine_wins, summary.alien_wins),
        (pitted.marine_wins, pitted.alien_wins)
    );
    assert_eq!(
        run.players.player(Side::Aliens, &scenario),
        AiPlayer::Commander(AiLevel::Cautious)
    );
}

/// Issue 24: "Autosave of the draft ... On the next start the editor offers to reopen it":
/// the draft comes back as it was, not counted as saved.
#[test]
fn a_draft_left_behind_reopens_as_it_was() {
    let root = std::env::temp_dir().join(format!("ambush-editor-left-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Wood);
    s.click((20.0, 20.0));
    let folders = EditorFolders {
        mods_root: root.join("mods"),
        protected: Vec::new(),
        autosave: root.join("autosave"),
        game_root: root.clone(),
    };
    s.autosave(&folders);
    let left = files::find_autosave(&folders.autosave)
        .expect("readable")
        .expect("left behind");
    let again = reopen(&left, Arc::new(Rules::bundled().clone()));
    assert_eq!(again.draft.scenario(), s.draft.scenario());
    assert!(again.draft.changed_since_saved());
    let _ = std::fs::remove_dir_all(&root);
}

/// Issue 24: "the editor never writes into scenarios/ or a bundled mod", and a scenario that
/// fails a check is kept as a draft the menu does not list.
#[test]
fn saving_writes_into_the_users_mod_and_a_failing_draft_into_its_drafts() {
    let root = std::env::temp_dir().join(format!(
        "ambush-editor-screen-{}-{}",
        std::process::id(),
        line!()
    ));
    let _ = std::fs::remove_dir_all(&root);
    let folders = EditorFolders {
        mods_root: root.join("mods"),
        protected: vec![root.join("mods").join("bundled")],
        autosave: root.join("autosave"),
        game_root: root.clone(),
    };
    let mut s = workbench();
    s.tool = Tool::Terrain(TerrainKind::Rocks);
    s.click((30.0, 30.0));
    s.tool = Tool::Unit;
    s.click((30.0, 30.0));
    s.autosave(&folders);
    assert!(
        files::find_autosave(&folders.autosave)
            .ok()
            .flatten()
            .is_some()
    );
    s.mod_name = "mine".into();
    s.file_name = "rocky".into();
    s.save(&folders);
    let draft_file = root.join("mods/mine/drafts/rocky.ron");
    assert!(draft_file.is_file(), "{}", s.status);
    // Moved out of the rocks it passes, and goes where the menu lists it.
    s.tool = Tool::Select;
    s.drag_start((30.0, 30.0));
    s.drag_end((30.0, 40.0));
    s.save(&folders);
    assert!(
        root.join("mods/mine/scenarios/rocky.ron").is_file(),
        "{}",
        s.status
    );
    assert!(!draft_file.exists());
    assert!(!s.draft.changed_since_saved());
    // The bundled mods are refused.
    s.mod_name = "bundled".into();
    s.save(&folders);
    assert!(s.status.starts_with("Not saved"), "{}", s.status);
    let _ = std::fs::remove_dir_all(&root);
}

/// A scratch folder for one test, removed when dropped.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(line: u32) -> Scratch {
        let root = std::env::temp_dir().join(format!(
            "ambush-editor-screen-{}-{line}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(&root).expect("a scratch folder");
        Scratch(root)
    }

    fn folders(&self) -> EditorFolders {
        let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        EditorFolders {
            mods_root: self.0.join("mods"),
            protected: vec![repo.join("scenarios"), repo.join("mods/colonial")],
            autosave: self.0.join("autosave"),
            game_root: repo.to_path_buf(),
        }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Ctrl+S of the colonial mod's scenario into a folder that holds the player's own
/// rules/troops.ron (and no mod.ron yet) asks before replacing it, and replaces it only when
/// told; a `scenarios` folder that is a link out of the mod is refused with why.
#[test]
fn saving_asks_before_replacing_a_file_the_editor_did_not_write() {
    let scratch = Scratch::new(line!());
    let folders = scratch.folders();
    let repo = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mine = folders.mods_root.join("mine");
    std::fs::create_dir_all(mine.join("rules")).expect("a folder");
    let own = "// the player's own troops\n";
    std::fs::write(mine.join("rules/troops.ron"), own).expect("a file");
    let mut s = open_file(
        &repo.join("mods/colonial/scenarios/the_square.ron"),
        &folders.protected,
    )
    .expect("the colonial scenario opens");
    s.mod_name = "mine".into();
    s.act(crate::input::PlayerAction::EditorSave, &folders);
    assert!(s.confirm_overwrite, "{}", s.status);
    assert!(s.status.contains("troops.ron"), "{}", s.status);
    assert_eq!(
        std::fs::read_to_string(mine.join("rules/troops.ron")).expect("kept"),
        own
    );
    assert!(!mine.join("scenarios").exists(), "nothing saved yet");
    // Escape takes the question back; saving again asks again.
    s.act(crate::input::PlayerAction::Cancel, &folders);
    assert!(!s.confirm_overwrite);
    s.act(crate::input::PlayerAction::EditorSave, &folders);
    assert!(s.confirm_overwrite);
    s.save_anyway(&folders);
    assert!(s.status.starts_with("Saved to"), "{}", s.status);
    assert_ne!(
        std::fs::read_to_string(mine.join("rules/troops.ron")).expect("replaced"),
        own
    );
    #[cfg(unix)]
    {
        let outside = scratch.0.join("outside");
        std::fs::create_dir_all(&outside).expect("a folder");
        std::fs::remove_dir_all(mine.join("scenarios")).expect("removed");
        std::os::unix::fs::symlink(&outside, mine.join("scenarios")).expect("a link");
        s.act(crate::input::PlayerAction::EditorSave, &folders);
        assert!(
            s.status.starts_with("Not saved") && s.status.contains("outside the mod folder"),
            "{}",
            s.status
        );
        s.save_anyway(&folders);
        assert!(s.status.starts_with("Not saved"), "{}", s.status);
        assert_eq!(std::fs::read_dir(&outside).expect("a folder").count(), 0);
    }
}

/// Ticking armour in the inspector with four units selected changed only M1: a change made in
/// the inspector is made to every selected piece of its kind, as one edit, and each keeps its
/// own label and place.
#[test]
fn an_inspector_change_is_made_to_every_selected_unit() {
    use crate::editor::workbench::Form;
    let mut s = workbench();
    s.tool = Tool::Group(GroupShape::Line);
    s.drag_start((10.0, 10.0));
    s.drag_end((13.0, 10.0));
    assert_eq!(s.selection().len(), 4, "the group stays selected");
    let units = s.draft.scenario().units.clone();
    assert!(units.iter().all(|u| !u.armour));
    let before = Form::Unit(0, units[0].clone());
    let mut ticked = units[0].clone();
    ticked.armour = true;
    ticked.label = "Sarge".into();
    let edit = s
        .form_edit(&before, Form::Unit(0, ticked))
        .expect("an edit");
    s.apply(edit).expect("applied");
    let after = &s.draft.scenario().units;
    assert!(after.iter().all(|u| u.armour), "{after:?}");
    let labels: Vec<&str> = after.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(labels, ["Sarge", "M2", "M3", "M4"]);
    for (a, b) in after.iter().zip(&units) {
        assert_eq!(a.at, b.at);
    }
    // One edit: one undo takes back all four.
    s.undo();
    assert!(s.draft.scenario().units.iter().all(|u| !u.armour));
    // Hidden units too: a weapon ticked on one is ticked on each selected one.
    s.select(None);
    s.tool = Tool::HiddenUnit;
    s.click((30.0, 30.0));
    s.click((32.0, 30.0));
    s.tool = Tool::Select;
    s.select(None);
    s.shift_click((30.0, 30.0));
    s.shift_click((32.0, 30.0));
    assert_eq!(s.selection(), [Pick::AmbushUnit(0), Pick::AmbushUnit(1)]);
    let hidden = s.draft.scenario().ambush.clone().expect("an ambush").units;
    let mut armed = hidden[0].clone();
    armed.weapons.push("grenades".into());
    let edit = s
        .form_edit(
            &Form::AmbushUnit(0, hidden[0].clone()),
            Form::AmbushUnit(0, armed),
        )
        .expect("an edit");
    s.apply(edit).expect("applied");
    let hidden = s.draft.scenario().ambush.clone().expect("an ambush").units;
    assert!(
        hidden
            .iter()
            .all(|u| u.weapons.contains(&"grenades".to_string())),
        "{hidden:?}"
    );
}

/// Whether `v` lies on the grid of `step` inches, exactly.
fn on_grid(v: f32, step: f32) -> bool {
    (v / step).fract() == 0.0
}

/// With snapping on, every place the editor writes is on the grid: a unit dragged from off
/// the grid, a line dragged a little off east, a polygon moved (a saved `at: (53.49995,
/// 7.990077)` with snapping on was a bug).
#[test]
fn placed_values_snap_to_the_grid_chosen() {
    let mut s = workbench();
    s.tool = Tool::Unit;
    s.click((10.0, 10.0));
    // A unit off the grid (as a file may hold it), dragged with snapping at 0.5".
    let mut off = s.draft.scenario().units[0].clone();
    off.at = (20.3, 7.990077);
    s.apply(crate::editor::Edit::ReplaceUnit {
        index: 0,
        unit: off,
    })
    .expect("placed");
    s.tool = Tool::Select;
    s.drag_start((20.3, 7.990077));
    s.drag_end((53.61, 8.1));
    assert_eq!(s.draft.scenario().units[0].at, (53.5, 8.0));
    // A line dragged a little north of east stands along the grid, every unit on it.
    s.select(None);
    s.tool = Tool::Group(GroupShape::Line);
    s.drag_start((30.0, 30.0));
    s.drag_end((34.0, 30.3));
    let units = &s.draft.scenario().units[1..];
    assert_eq!(units.len(), 5);
    for u in units {
        assert!(on_grid(u.at.0, 0.5) && on_grid(u.at.1, 0.5), "{:?}", u.at);
        assert_eq!(u.facing, 0.0);
    }
    // A rough polygon moved: its points stay on the grid.
    s.tool = Tool::Terrain(TerrainKind::Rough);
    s.click((40.0, 40.0));
    s.tool = Tool::Select;
    s.drag_start((40.0, 40.0));
    s.drag_end((44.26, 39.1));
    let Shape::Polygon { points } = &s.draft.scenario().terrain[0].shape else {
        panic!("a polygon");
    };
    for p in points {
        assert!(on_grid(p.0, 0.5) && on_grid(p.1, 0.5), "{p:?}");
    }
    // With 1" snapping, a block's corner lands on whole inches.
    s.snap = Some(1.0);
    s.select(None);
    s.tool = Tool::Group(GroupShape::Block);
    s.drag_start((10.3, 20.2));
    s.drag_end((12.6, 18.4));
    let block = &s.draft.scenario().units[6..];
    assert!(!block.is_empty());
    for u in block {
        assert!(on_grid(u.at.0, 1.0) && on_grid(u.at.1, 1.0), "{:?}", u.at);
    }
}

/// The inspector offered troop type "Alien" and then refused it: it offers only the types a
/// unit may be placed as, a hidden alien is the generated type, the aliens' settings say where
/// aliens come from, and the ambush tools say they add an ambush before they do.
#[test]
fn aliens_are_offered_only_where_they_can_be_placed_and_the_editor_says_where_they_come_from() {
    let rules = Rules::bundled().clone();
    let offered = super::inspector::placeable_troops(&rules);
    assert!(!offered.is_empty());
    assert!(!offered.contains(&rules.generation.troop), "{offered:?}");
    // Each offered type is one a placed unit passes the checks with.
    let mut s = workbench();
    s.tool = Tool::Unit;
    s.click((10.0, 10.0));
    for troop in &offered {
        let mut u = s.draft.scenario().units[0].clone();
        u.troop = *troop;
        u.weapons.clear();
        let mut scenario = s.draft.scenario().clone();
        scenario.units[0] = u;
        let problems = crate::editor::problems_of(&scenario, &rules);
        assert!(
            problems
                .iter()
                .all(|p| !p.problem.message.contains("field `troop`")),
            "{troop}: {problems:?}"
        );
    }
    // A hidden unit switched to the aliens becomes the generated type, and back to a placeable one.
    let mut hidden = ambush_data::ambush_spec::AmbushUnitSpec {
        label: "H1".into(),
        side: ambush_data::board::Side::Aliens,
        troop: offered[0],
        at: (5.0, 5.0),
        facing: 0.0,
        weapons: Vec::new(),
        armour: false,
        traits: None,
    };
    super::inspector::fit_troop_to_side(&mut hidden, &offered, rules.generation.troop);
    assert_eq!(hidden.troop, rules.generation.troop);
    hidden.side = ambush_data::board::Side::Humans;
    super::inspector::fit_troop_to_side(&mut hidden, &offered, rules.generation.troop);
    assert!(offered.contains(&hidden.troop));
    // Where the aliens come from: the crashed ship's east edge is friendly.
    let mut scenario = s.draft.scenario().clone();
    scenario.friendly_edge = ambush_data::board::Edge::East;
    let told = super::settings::where_aliens_come_from(&scenario, &rules);
    assert!(told.contains("not placed"), "{told}");
    assert!(told.contains("waves of 5"), "{told}");
    assert!(
        told.contains("west"),
        "the edge opposite the friendly one: {told}"
    );
    assert!(told.contains("hidden-unit tool"), "{told}");
    // The hidden-unit tool says it adds an ambush, before and after.
    let folders = Scratch::new(line!()).folders();
    assert!(s.draft.scenario().ambush.is_none());
    s.act(crate::input::PlayerAction::ToolHiddenUnit, &folders);
    assert_eq!(s.tool, Tool::HiddenUnit);
    assert!(s.status.contains("no ambush yet"), "{}", s.status);
    assert!(s.draft.scenario().ambush.is_none(), "nothing added yet");
    s.click((30.0, 30.0));
    assert!(s.draft.scenario().ambush.is_some());
    assert!(s.status.starts_with("Added an ambush"), "{}", s.status);
    // Once there is one, the tool just places.
    assert!(!s.tool_hint(Tool::HiddenUnit).contains("no ambush yet"));
}

/// `ambush edit FILE` on a file over the size limit: why is said in the window (`OpenFailed`,
/// drawn over the menu until dismissed), not only in the log.
#[test]
fn a_file_the_editor_cannot_open_says_why_in_the_window() {
    use bevy::state::app::StatesPlugin;
    let scratch = Scratch::new(line!());
    let big = scratch.0.join("huge.ron");
    std::fs::write(&big, "x".repeat(ambush_data::error::MAX_FILE_BYTES + 1)).expect("a file");
    let mut app = App::new();
    app.add_plugins(StatesPlugin);
    app.init_state::<Screen>();
    app.insert_resource(EditStart(Some(big.clone())));
    app.add_systems(OnEnter(Screen::Menu), open_directly);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    app.update();
    let failed = app
        .world()
        .get_resource::<OpenFailed>()
        .expect("the failure is kept for the window");
    assert!(failed.0.contains("huge.ron"), "{}", failed.0);
    assert!(failed.0.contains("bytes"), "{}", failed.0);
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    assert!(app.world().get_resource::<EditorWorkbench>().is_none());
}

/// The balance run's progress and results were at the foot of a long side panel, out of
/// sight: they are in a window of their own, which at 1280x720 lies whole on the screen,
/// results and chart included.
#[test]
fn the_balance_runs_results_are_in_sight_without_scrolling() {
    use bevy_egui::egui;
    let rules = Arc::new(Rules::bundled().clone());
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
    let mut s = open_file(&path, &[]).expect("the crashed ship opens");
    let options = GameOptions::default();
    s.balance = Some(BalanceRun::start(
        s.draft.scenario().clone(),
        rules,
        10,
        &options,
        Default::default(),
    ));
    for _ in 0..600 {
        if let Some(run) = s.balance.as_mut() {
            run.poll();
            if run.summary.is_some() {
                break;
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert!(s.balance.as_ref().is_some_and(|r| r.summary.is_some()));
    s.balance_open = true;
    let ctx = egui::Context::default();
    let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 720.0));
    let input = || egui::RawInput {
        screen_rect: Some(screen),
        ..Default::default()
    };
    let mut shown = String::new();
    for _ in 0..3 {
        let out = ctx.run_ui(input(), |ui| {
            let ctx = ui.ctx().clone();
            super::balance::window(&ctx, &mut s, &options);
        });
        let mut out = out;
        shown = format!("{:?}", out.shapes);
        // No renderer here: the font textures are dropped unused.
        out.textures_delta.clear();
    }
    let rect = ctx
        .memory(|m| m.area_rect(egui::Id::new(super::balance::BALANCE_WINDOW)))
        .expect("the window is drawn");
    assert!(screen.contains_rect(rect), "{rect:?} off the screen");
    assert!(rect.height() < 600.0, "{rect:?}");
    // The results are in it: the shares of each side's wins.
    assert!(shown.contains("marines win"), "no results drawn");
    assert!(s.balance_open);
}

/// One egui frame of a text field above the editor's table, with `events`.
fn field_and_table(
    ctx: &bevy_egui::egui::Context,
    text: &mut String,
    s: &mut EditorWorkbench,
    events: Vec<bevy_egui::egui::Event>,
) {
    use bevy_egui::egui;
    let typing = ctx.egui_wants_keyboard_input();
    let palette = DisplaySettings::default().palette();
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        events,
        ..Default::default()
    };
    let mut out = ctx.run_ui(input, |ui| {
        ui.add(egui::TextEdit::singleline(text).id(egui::Id::new("a field")));
        super::table::table(ui, s, palette, typing);
    });
    // No renderer here: the font textures are dropped unused.
    out.textures_delta.clear();
}

/// A text field that has the keyboard takes the click out of it: clicking the table then ends
/// the typing and places no piece; the next click places one.
#[test]
fn clicking_out_of_a_text_field_never_places_a_piece() {
    use bevy_egui::egui;
    let mut s = workbench();
    s.tool = Tool::Unit;
    let ctx = egui::Context::default();
    let mut text = String::from("Hill");
    field_and_table(&ctx, &mut text, &mut s, vec![]);
    ctx.memory_mut(|m| m.request_focus(egui::Id::new("a field")));
    field_and_table(&ctx, &mut text, &mut s, vec![]);
    assert!(ctx.egui_wants_keyboard_input());
    let at = egui::pos2(640.0, 400.0);
    let button = |pressed| egui::Event::PointerButton {
        pos: at,
        button: egui::PointerButton::Primary,
        pressed,
        modifiers: Default::default(),
    };
    let click = |s: &mut EditorWorkbench, text: &mut String| {
        field_and_table(
            &ctx,
            text,
            s,
            vec![egui::Event::PointerMoved(at), button(true)],
        );
        field_and_table(&ctx, text, s, vec![button(false)]);
        field_and_table(&ctx, text, s, vec![]);
    };
    click(&mut s, &mut text);
    assert!(
        s.draft.scenario().units.is_empty(),
        "the click only ended the typing"
    );
    assert!(!ctx.egui_wants_keyboard_input());
    assert_eq!(text, "Hill");
    click(&mut s, &mut text);
    assert_eq!(
        s.draft.scenario().units.len(),
        1,
        "the next click places a unit"
    );
}
