//! The editor's session as the window's resource: the editor's model (`editor::session::Session`) with the balance run beside it, and what needs the window's own types: saving into its folders and test play.

use super::balance_run::{BALANCE_GAMES, BalanceRun};
use super::{EditorFolders, TestPlayers};
use crate::editor::Draft;
use crate::editor::session::{SaveFolders, Session};
use crate::screen::{GameChoice, SessionOptions};
use ambush_data::Rules;
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::NewGame;
use bevy::prelude::*;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

/// The editor at work on one draft, as the window holds it: everything but the balance run is
/// the editor's model, reached through `Deref`.
#[derive(Resource)]
pub struct EditorSession {
    /// The editor's model: the draft and everything done to it.
    pub(super) session: Session,
    /// The last balance run, if one was asked for.
    pub balance: Option<BalanceRun>,
    /// How many games the next balance run plays.
    pub balance_games: u64,
    /// Whether the balance window is open: its run's progress and results in sight, whatever
    /// the side panel is scrolled to.
    pub balance_open: bool,
}

impl Deref for EditorSession {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl DerefMut for EditorSession {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

impl EditorSession {
    /// A session on `draft`, saved by default as `file_name` in the mod "my scenarios".
    pub fn new(draft: Draft, file_name: &str) -> EditorSession {
        EditorSession::around(Session::new(draft, file_name))
    }

    /// A new, empty table.
    pub fn new_scenario(rules: Arc<Rules>) -> EditorSession {
        EditorSession::around(Session::new_scenario(rules))
    }

    fn around(session: Session) -> EditorSession {
        EditorSession {
            session,
            balance: None,
            balance_games: BALANCE_GAMES,
            balance_open: false,
        }
    }

    /// Saves into the user's mod (`Session::save_into`), asking first before replacing a file
    /// this draft did not write.
    pub fn save(&mut self, folders: &EditorFolders) {
        self.session.save_into(save_folders(folders));
    }

    /// Saves, replacing what is there: the user has said to overwrite.
    pub fn save_anyway(&mut self, folders: &EditorFolders) {
        self.session.save_anyway_into(save_folders(folders));
    }

    /// Writes the autosave; a failure is said on the status line, never lost silently.
    pub fn autosave(&mut self, folders: &EditorFolders) {
        self.session.autosave_into(&folders.autosave);
    }

    /// The game a test play starts: the draft as it stands, with the menu's options, seed and
    /// wound method, played by `players`. None while the draft fails a check: the game is only
    /// ever started on a scenario the checks pass.
    pub fn test_game(
        &mut self,
        players: TestPlayers,
        options: &SessionOptions,
    ) -> Option<GameChoice> {
        if !self.draft.passes_checks() {
            self.status = "Test play needs a scenario that passes every check.".into();
            return None;
        }
        let mut setup = NewGame::new(options.apply(self.draft.scenario()), options.seed, 0);
        setup.wounds = options.human_wounds;
        setup.controllers = match players {
            TestPlayers::Solo => Controllers::solo(),
            TestPlayers::HotSeat => Controllers::hot_seat(),
            TestPlayers::AiAgainstAi => Controllers::all_ai(),
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
