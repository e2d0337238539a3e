//! The editor's workbench as the window's resource: the editor's model (`editor::workbench::Workbench`) with the balance run beside it, and what needs the window's own types: saving into its folders and test play.

use super::balance_run::{BALANCE_GAMES, BalancePlayers, BalanceRun};
use super::{EditorFolders, TestPlayers};
use crate::editor::Draft;
use crate::editor::workbench::{SaveFolders, Workbench};
use crate::screen::{GameChoice, GameOptions};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use bevy::prelude::*;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The editor at work on one draft, as the window holds it: everything but the balance run is
/// the editor's model, reached through `Deref`.
#[derive(Resource)]
pub struct EditorWorkbench {
    /// The editor's model: the draft and everything done to it.
    pub(super) workbench: Workbench,
    /// The last balance run, if one was asked for.
    pub balance: Option<BalanceRun>,
    /// How many games the next balance run plays.
    pub balance_games: u64,
    /// The AIs the next balance run pits.
    pub balance_players: BalancePlayers,
    /// Whether the balance window is open: its run's progress and results in sight, whatever
    /// the side panel is scrolled to.
    pub balance_open: bool,
}

impl Deref for EditorWorkbench {
    type Target = Workbench;
    fn deref(&self) -> &Workbench {
        &self.workbench
    }
}

impl DerefMut for EditorWorkbench {
    fn deref_mut(&mut self) -> &mut Workbench {
        &mut self.workbench
    }
}

impl EditorWorkbench {
    /// A workbench on `draft`, saved by default as `file_name` in the mod "my scenarios".
    pub fn new(draft: Draft, file_name: &str) -> EditorWorkbench {
        EditorWorkbench::around(Workbench::new(draft, file_name))
    }

    /// A new, empty table.
    pub fn new_scenario(rules: Arc<Rules>) -> EditorWorkbench {
        EditorWorkbench::around(Workbench::new_scenario(rules))
    }

    fn around(workbench: Workbench) -> EditorWorkbench {
        EditorWorkbench {
            workbench,
            balance: None,
            balance_games: BALANCE_GAMES,
            balance_players: BalancePlayers::default(),
            balance_open: false,
        }
    }

    /// Saves into the user's mod (`Workbench::save_into`), asking first before replacing a file
    /// this draft did not write.
    pub fn save(&mut self, folders: &EditorFolders) {
        self.workbench.save_into(save_folders(folders));
    }

    /// Saves, replacing what is there: the user has said to overwrite.
    pub fn save_anyway(&mut self, folders: &EditorFolders) {
        self.workbench.save_anyway_into(save_folders(folders));
    }

    /// Writes the autosave; a failure is said on the status line, never lost silently.
    pub fn autosave(&mut self, folders: &EditorFolders) {
        self.workbench.autosave_into(&folders.autosave);
    }

    /// The game a test play starts: the draft as it stands, with the menu's options, seed and
    /// wound method, played by `players`. None while the draft fails a check: the game is only
    /// ever started on a scenario the checks pass.
    pub fn test_game(&mut self, players: TestPlayers, options: &GameOptions) -> Option<GameChoice> {
        if !self.draft.passes_checks() {
            self.status = "Test play needs a scenario that passes every check.".into();
            return None;
        }
        let mut setup = NewGame::new(options.apply(self.draft.scenario()), options.seed, 0);
        setup.wounds = options.human_wounds;
        setup.controllers = match players {
            TestPlayers::Solo => Controllers::solo_as(Side::Humans, None, self.draft.scenario()),
            TestPlayers::HotSeat => Controllers::hot_seat(),
            TestPlayers::AiAgainstAi => Controllers::ai_as_written(self.draft.scenario()),
        };
        // A test play never touches the player's own autosave.
        let rules = self.draft.rules().clone();
        Some(GameChoice::new_game(setup, rules, None, false))
    }
}

/// The editor's folders as a save reads them.
fn save_folders(folders: &EditorFolders) -> SaveFolders<'_> {
    SaveFolders {
        mods_root: &folders.mods_root,
        protected: &folders.protected,
        autosave: &folders.autosave,
    }
}
