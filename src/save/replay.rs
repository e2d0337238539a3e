//! Loading a save: replaying its orders from the seed, checking the table's hash after each, and making a save of a game in play.

use crate::save::file::{
    MAX_SAVE_BYTES, SAVE_VERSION, SaveError, SaveFile, SaveSource, SaveSummary, parse_save,
    players_of, settings_hash,
};
use ambush_engine::control::Controllers;
use ambush_engine::play::Game;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::turn::Phase;
use std::path::Path;
use std::sync::Arc;

/// A save replayed to the point it was made.
#[derive(Debug, Clone)]
pub struct Replayed {
    /// The save, with its summary brought up to date by the replay.
    pub save: SaveFile,
    /// The table, the roll log and the decision awaited when it was saved.
    pub table: Table,
    pub log: Vec<RollEntry>,
    pub awaiting: Option<Decision>,
    pub phase: Phase,
}

impl Replayed {
    /// The set-up that starts this game again, with its own controllers.
    pub fn setup(&self) -> NewGame {
        setup_of(&self.save, self.save.controllers)
    }
}

fn setup_of(save: &SaveFile, controllers: Controllers) -> NewGame {
    let mut setup = NewGame::new(save.scenario.clone(), save.seed, save.game);
    setup.wounds = save.wounds;
    setup.controllers = controllers;
    setup.dice_schedule = save.dice_schedule.clone();
    setup
}

/// Reads, parses and replays the save at `path`. Any problem is an error naming the file; the
/// caller's game is untouched.
pub fn load_save(path: &Path) -> Result<Replayed, SaveError> {
    let file = path.display().to_string();
    let text = ambush_data::error::read_bounded(path, &file, MAX_SAVE_BYTES)?;
    let save = parse_save(&file, &text)?;
    replay_save(&file, save)
}

/// Replays `save` headlessly: the game starts from its seed, each order is given in turn, and
/// the table's hash after each must be the one recorded. It stops where the save was made: at
/// the decision that was awaited then, or at the game's end.
pub fn replay_save(file: &str, save: SaveFile) -> Result<Replayed, SaveError> {
    let failed = |why: String| SaveError::Replay {
        file: file.to_string(),
        why,
    };
    if let Some(kept) = &save.settings {
        let now = settings_hash(&save);
        if *kept != now {
            return Err(failed(format!(
                "its settings were changed after it was saved (their hash was {kept}, is {now}): a turn limit, objective, force or rule table edited in the file would change the game; only the scenario's name and briefing may be edited"
            )));
        }
    }
    // Both sides are "players" during the replay, so nothing is decided that the save did not
    // record, and the replay stops at the first decision after the last order.
    let setup = setup_of(&save, Controllers::hot_seat());
    let mut game = Game::new(&setup, Arc::new(save.rules.clone()));
    // Five phases a turn, an order or more a step, with slack; a save that needs more steps
    // than this does not replay.
    let cap = save.orders.len() + (save.scenario.turn_limit as usize + 2) * 10 + 50;
    game.replay(save.orders.clone(), cap).map_err(failed)?;
    let mut save = save;
    // The replay knows the count of rolls after each order, which format 1 did not keep.
    save.orders = std::mem::take(&mut game.record.orders);
    save.summary = summary_of(&save, game.table.progress.turn, game.phase);
    Ok(Replayed {
        save,
        awaiting: game.awaiting.0,
        phase: game.phase,
        log: game.dice.log,
        table: game.table,
    })
}

/// What a list of saves shows of `save`, which stands at `turn` in `phase`.
fn summary_of(save: &SaveFile, turn: u32, phase: Phase) -> SaveSummary {
    SaveSummary {
        scenario: save.scenario.name.clone(),
        turn,
        phase: phase_word(phase).into(),
        players: players_of(&save.controllers).into(),
        orders: save.orders.len(),
        finished: phase == Phase::GameOver,
    }
}

fn phase_word(phase: Phase) -> &'static str {
    match phase {
        Phase::NoGame => "no game",
        Phase::Approach => "approach",
        Phase::AlienGeneration => "generation",
        Phase::Movement => "movement",
        Phase::Shooting => "shooting",
        Phase::Melee => "melee",
        Phase::RunAway => "running away",
        Phase::EndOfTurn => "end of turn",
        Phase::GameOver => "game over",
    }
}

/// A save of `game`, which was started from `setup`.
pub fn save_of(game: &Game, setup: &NewGame, source: SaveSource) -> SaveFile {
    let saved_at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let mut save = SaveFile {
        version: SAVE_VERSION,
        game_version: env!("CARGO_PKG_VERSION").to_string(),
        saved_at,
        summary: SaveSummary::default(),
        source,
        seed: setup.seed,
        game: setup.game,
        wounds: setup.wounds,
        controllers: setup.controllers,
        orders: game.record.orders.clone(),
        scenario: setup.scenario.clone(),
        rules: (*game.rules).clone(),
        dice_schedule: setup.dice_schedule.clone(),
        settings: None,
    };
    save.summary = summary_of(&save, game.table.progress.turn, game.phase);
    save.settings = Some(settings_hash(&save));
    save
}
