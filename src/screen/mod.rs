//! The screens around a game: loading the rule and scenario files, the main menu, and the table.

mod ai_games;
pub mod awake;
pub mod by_file;
pub mod catalogue;
mod deployment;
pub mod editor;
mod game_flow;
pub mod live;
mod loading;
mod menu;
mod mods;
mod replay_viewer;
mod saves;
pub mod thumbnail;
mod title;

pub use title::TitleCard;

use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::WoundMethod;
use ambush_data::scenario::{InferiorWeaponRules, Scenario};
use ambush_engine::control::commander::AiLevel;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::record::RecordedOrder;
use bevy::prelude::*;
use std::sync::Arc;
use std::time::Duration;

pub use catalogue::{Catalogue, CatalogueEntry};
pub use deployment::{DeploymentStep, DeploymentWizard, MarchOrder, Piece, Placement};
pub use editor::{EditStart, EditorFolders, EditorWorkbench};
pub use loading::{GameFiles, RonText};
pub use mods::{ModRoots, ModShelf, ReloadNotice, ShelfMod};
pub use replay_viewer::{ReplayViewer, watch_save};
pub use saves::{Interrupted, SaveEntry, SaveFolder, choice_from_save, list_saves};

/// Which screen the window shows.
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Screen {
    /// bevy_asset_loader reads `assets/rules/` and `scenarios/`.
    #[default]
    Loading,
    Menu,
    /// 004's set-up before an ambush (deployment): order of march, hidden units, dummies,
    /// spring point.
    Deployment,
    Table,
    /// A turn played by file is over: what was sent, where the file is and what to do with it
    /// (`screen::by_file`).
    TurnSent,
    /// The scenario editor (`screen::editor`).
    Editor,
}

/// How fast the AI's orders appear: one per step, or all at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AlienPace {
    Instant,
    Every(Duration),
}

impl AlienPace {
    pub const CHOICES: [(&'static str, AlienPace); 4] = [
        ("instant", AlienPace::Instant),
        ("fast", AlienPace::Every(Duration::from_millis(150))),
        (
            "normal",
            AlienPace::Every(Duration::from_millis(DEFAULT_PACE_MS)),
        ),
        ("slow", AlienPace::Every(Duration::from_millis(1000))),
    ];
    pub fn from_millis(ms: u64) -> Self {
        if ms == 0 {
            AlienPace::Instant
        } else {
            AlienPace::Every(Duration::from_millis(ms))
        }
    }
}

use ambush_engine::play::new_game::DEFAULT_SEED;
/// Milliseconds between the AI's orders at the "normal" pace, the default.
pub const DEFAULT_PACE_MS: u64 = 500;

/// The options chosen in the menu (or on the command line) for the next game.
#[derive(Resource, Debug, Clone)]
pub struct GameOptions {
    /// The marines' wound method; `None` keeps the scenario's.
    pub human_wounds: Option<WoundMethod>,
    /// 001's one-third morale rule for the human side on or off; `None` keeps the scenario's.
    pub human_morale: Option<bool>,
    /// Who has the inferior weapon (`Some(None)`: nobody); `None` keeps the scenario's.
    pub inferior_weapons: Option<Option<Side>>,
    /// Which of 001's penalties the inferior weapon takes, when the menu chooses a side.
    pub inferior_weapon_rules: InferiorWeaponRules,
    pub pace: AlienPace,
    pub seed: u64,
    /// The level of the AI a solo player faces; `None`: `AiPlayer::as_written`'s player.
    pub opponent: Option<AiLevel>,
}

impl GameOptions {
    /// `scenario` with the rules options chosen over its own.
    pub fn apply(&self, scenario: &Scenario) -> Scenario {
        let mut s = scenario.clone();
        if let Some(morale) = self.human_morale {
            s.human_morale = morale;
        }
        if let Some(side) = self.inferior_weapons {
            s.inferior_weapons = side;
            s.inferior_weapon_rules = self.inferior_weapon_rules;
        }
        s
    }
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            human_wounds: None,
            human_morale: None,
            inferior_weapons: None,
            inferior_weapon_rules: InferiorWeaponRules::default(),
            pace: AlienPace::from_millis(DEFAULT_PACE_MS),
            seed: DEFAULT_SEED,
            opponent: None,
        }
    }
}

/// The game being played, for "play again", the saves and hot reload's notice.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame(pub GameChoice);

/// A game to play: the set-up, the rule tables it plays with (the bundled ones or its mod's),
/// and the scenario file it came from, which hot reload watches.
#[derive(Debug, Clone)]
pub struct GameChoice {
    pub setup: NewGame,
    pub rules: Arc<Rules>,
    pub file: Option<String>,
    /// Where a loaded save says its game came from (its file, its mod's name and version): kept
    /// as the save wrote it, so the file it names is never opened again. `None`: a new game, whose
    /// source is read from `file` when it is saved.
    pub source: Option<crate::save::SaveSource>,
    /// Orders to replay at once, from the start: a loaded save's.
    pub orders: Vec<RecordedOrder>,
    /// The replay viewer's: show the game after `orders` and let nobody play on; `reveal`
    /// shows everything (a finished game).
    pub view_only: bool,
    pub reveal: bool,
    /// The scenario is already set up (a save's): no set-up screens before it.
    pub set_up: bool,
    /// The player's own game, written to the autosave after every order. A test play, a
    /// replay and a watched AI game never touch the autosave (nor does a turn played at a
    /// distance, which is no `GameChoice`).
    pub autosave: bool,
}

impl GameChoice {
    /// A new game of a scenario from its start, not yet set up: the player's own (autosaved)
    /// unless `autosave` says otherwise (a test play, a watched AI game).
    pub fn new_game(
        setup: NewGame,
        rules: Arc<Rules>,
        file: Option<String>,
        autosave: bool,
    ) -> GameChoice {
        GameChoice {
            setup,
            rules,
            file,
            source: None,
            orders: Vec::new(),
            view_only: false,
            reveal: false,
            set_up: false,
            autosave,
        }
    }

    /// A saved game with its `orders`, to replay at once and play on from: already set up, and
    /// the player's own (autosaved). `file` is the scenario's or the save's, as the caller shows it.
    pub fn from_save(
        setup: NewGame,
        rules: Arc<Rules>,
        file: Option<String>,
        source: crate::save::SaveSource,
        orders: Vec<RecordedOrder>,
    ) -> GameChoice {
        GameChoice {
            source: Some(source),
            orders,
            set_up: true,
            ..GameChoice::new_game(setup, rules, file, true)
        }
    }

    /// The same game watched in the replay viewer: nobody plays on, nothing is autosaved, and
    /// `reveal` shows everything (a finished game).
    pub fn watched(self, reveal: bool) -> GameChoice {
        GameChoice {
            view_only: true,
            reveal,
            autosave: false,
            ..self
        }
    }
}

/// A game to start as soon as the files are loaded, skipping the menu (`ambush play --scenario`).
#[derive(Resource, Debug, Clone)]
pub struct DirectStart(pub GameChoice);

/// What the menu and the end-of-game window ask for.
#[derive(Message, Debug, Clone)]
pub enum GameRequest {
    Start(Box<GameChoice>),
    PlayAgain,
    MainMenu,
}

/// The screens, and the game flow from the menu into each game and out.
pub struct ScreenPlugin;

impl Plugin for ScreenPlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>()
            .add_message::<GameRequest>()
            .init_resource::<GameOptions>();
        app.add_plugins((
            loading::plugin,
            menu::plugin,
            title::plugin,
            mods::plugin,
            saves::plugin,
            replay_viewer::plugin,
            deployment::plugin,
            editor::plugin,
            game_flow::plugin,
            ai_games::plugin,
            awake::plugin,
            by_file::plugin,
            live::plugin,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_engine::play::Game;
    use ambush_engine::rules::table::Presence;

    /// The crashed ship as the menu would start it with `options`, two of its six marines down,
    /// after the morale check: whether the marines' morale broke.
    fn morale_breaks(options: &GameOptions) -> bool {
        let scenario = options.apply(&crate::game::test_support::scenario("crashed_ship.ron"));
        let mut game = Game::new(
            &NewGame::new(scenario, 1, 0),
            Arc::new(Rules::bundled().clone()),
        );
        let marines: Vec<_> = game
            .table
            .units
            .iter()
            .filter(|u| u.side == Side::Humans)
            .map(|u| u.id)
            .collect();
        for id in &marines[..2] {
            game.table.unit_mut(*id).expect("a marine").status.presence = Presence::Destroyed;
        }
        ambush_engine::rules::morale::morale(&mut game.table, &game.rules);
        game.table.progress.morale_broken
    }

    #[test]
    fn the_menus_morale_option_turns_001s_one_third_rule_on_or_off_over_the_scenarios() {
        // 001 "Morale": "On losing one third of its units, morale is broken"; "in some scenarios
        // ... morale can be ignored: troops will fight to the last man". The crashed ship ignores
        // it ("Morale rules are not used for marines"); the menu may switch it on, or off again.
        let scenario = crate::game::test_support::scenario("crashed_ship.ron");
        assert!(!scenario.human_morale);
        let keep = GameOptions::default();
        let on = GameOptions {
            human_morale: Some(true),
            ..GameOptions::default()
        };
        let off = GameOptions {
            human_morale: Some(false),
            ..GameOptions::default()
        };
        assert!(
            !morale_breaks(&keep),
            "the scenario's own rule: fight to the last man"
        );
        assert!(
            morale_breaks(&on),
            "the menu's morale rule: a third lost breaks the side"
        );
        assert!(!morale_breaks(&off));
    }
}
