//! Plays the finished game's scenario AI against AI in the background, for the end-of-game chart.

use crate::batch::{Summary, Tally, play_game, simulated_sides};
use crate::game::frame::FrameSet;
use crate::game::state::TurnPhase;
use crate::screen::CurrentGame;
use crate::ui::AiGames;
use ambush_engine::play::new_game::DEFAULT_SEED;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, TaskPool, block_on, poll_once};
use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::Instant;

/// Enough games for the distribution's shape, few enough to be ready in a second or two.
pub const AI_GAMES: u64 = 200;

/// The AI games already played, by scenario and wound method, and those being played.
#[derive(Resource, Default)]
struct AiGameRuns {
    done: HashMap<u64, Arc<Summary>>,
    running: HashMap<u64, Task<Summary>>,
    /// The run the window waits for.
    waiting_for: Option<u64>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AiGameRuns>().add_systems(
        Update,
        ask_for_ai_games
            .run_if(in_state(TurnPhase(Phase::GameOver)))
            .in_set(FrameSet::Presentation),
    );
}

/// What the AI games depend on: the scenario as played (a hot-reloaded edit is a new one), its
/// wound method, and the rule tables (a mod's reload makes new ones).
fn key_of(game: &CurrentGame) -> u64 {
    let mut hasher = DefaultHasher::new();
    format!("{:?}", game.0.setup.scenario).hash(&mut hasher);
    game.0.setup.wounds.hash(&mut hasher);
    (Arc::as_ptr(&game.0.rules) as usize).hash(&mut hasher);
    hasher.finish()
}

/// Once the game is over: shows the scenario's AI games if they were played before, else starts
/// them on a background thread and shows them when they are done. Never waits in a frame.
fn ask_for_ai_games(
    current: Option<Res<CurrentGame>>,
    mut shown: ResMut<AiGames>,
    mut runs: ResMut<AiGameRuns>,
) {
    let runs = &mut *runs;
    match *shown {
        AiGames::Ready(_) => return,
        AiGames::NotAsked => {
            let Some(game) = current else { return };
            let key = key_of(&game);
            runs.waiting_for = Some(key);
            if let Some(summary) = runs.done.get(&key) {
                *shown = AiGames::Ready(summary.clone());
                return;
            }
            runs.running.entry(key).or_insert_with(|| {
                let setup = game.0.setup.clone();
                let rules = game.0.rules.clone();
                AsyncComputeTaskPool::get_or_init(TaskPool::new).spawn(async move {
                    // One thread, one game at a time: the window keeps the other cores.
                    let started = Instant::now();
                    let mut tally = Tally::default();
                    for g in 0..AI_GAMES {
                        let r = play_game(
                            &setup.scenario,
                            rules.clone(),
                            DEFAULT_SEED,
                            g,
                            setup.wounds,
                            false,
                        );
                        tally.add(&r);
                    }
                    let elapsed = started.elapsed().as_secs_f64();
                    let sides = simulated_sides(&setup.scenario, None, None);
                    tally.summary(&setup.scenario.name, DEFAULT_SEED, sides, elapsed)
                })
            });
            *shown = AiGames::Simulating;
        }
        AiGames::Simulating => {}
    }
    let Some(key) = runs.waiting_for else { return };
    let Some(task) = runs.running.get_mut(&key) else {
        return;
    };
    // The task is finished, so this does not wait.
    if task.is_finished()
        && let Some(summary) = block_on(poll_once(task))
    {
        runs.running.remove(&key);
        let summary = Arc::new(summary);
        runs.done.insert(key, summary.clone());
        *shown = AiGames::Ready(summary);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::scenario;
    use crate::screen::GameChoice;
    use ambush_data::Rules;
    use ambush_engine::play::new_game::NewGame;
    use bevy::state::app::StatesPlugin;

    #[test]
    fn the_ai_games_are_played_in_the_background_once_per_scenario() {
        let mut app = App::new();
        app.add_plugins((TaskPoolPlugin::default(), StatesPlugin, plugin));
        app.insert_state(TurnPhase(Phase::GameOver));
        app.init_resource::<AiGames>();
        app.insert_resource(CurrentGame(GameChoice::new_game(
            NewGame::new(scenario("crashed_ship.ron"), 3, 0),
            Arc::new(Rules::bundled().clone()),
            None,
            true,
        )));
        app.update();
        assert!(
            !matches!(app.world().resource::<AiGames>(), AiGames::NotAsked),
            "the game's end asks for the AI games"
        );
        let mut ready = None;
        // Frames go on while the games are played; a bound keeps a broken task from hanging.
        for _ in 0..100_000 {
            app.update();
            if let AiGames::Ready(summary) = app.world().resource::<AiGames>() {
                ready = Some(summary.clone());
                break;
            }
            std::thread::yield_now();
        }
        let first = ready.expect("the AI games finish");
        assert_eq!(first.games, AI_GAMES);
        assert_eq!(
            first.marine_casualties.histogram.iter().sum::<u64>(),
            AI_GAMES
        );
        // The next game of the scenario starts with nothing asked; its end reuses the games.
        app.insert_resource(AiGames::NotAsked);
        app.update();
        match app.world().resource::<AiGames>() {
            AiGames::Ready(again) => assert!(Arc::ptr_eq(again, &first), "not played again"),
            other => panic!("expected the kept games, got {other:?}"),
        }
    }
}
