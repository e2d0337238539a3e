//! Starts a game in the world: the `Game` resource, its units' entities, per-game state put back to its defaults, and the game's number that ends the last game's entities.

use crate::game::mirror::spawn_unit;
use crate::game::resources::GameInPlay;
use crate::play::Game;
use crate::play::new_game::NewGame;
use crate::rules::turn::Phase;
use ambush_data::Rules;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;
use bevy::state::state::StateTransition;
use std::sync::Arc;

/// Runs once each time a game starts, before its units come onto the table: every plugin puts
/// its per-game state back here (see `PerGame`), so a new game never inherits the last one's.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameStart;

/// Registration of state that lives for one game.
pub trait PerGame {
    /// A resource that starts at its default with every game.
    fn init_per_game_resource<R: Resource + Default>(&mut self) -> &mut Self;
}

impl PerGame for App {
    fn init_per_game_resource<R: Resource + Default>(&mut self) -> &mut Self {
        self.init_resource::<R>()
            .add_systems(GameStart, |mut commands: Commands| {
                commands.insert_resource(R::default())
            })
    }
}

/// Which game the world holds: each game started gets the next number, and 0 is none. What is
/// spawned for a game carries `of_game(its number)`, so Bevy removes it when the next game
/// begins (the number is left) or the player leaves for the menu (`Phase::NoGame` is entered).
#[derive(States, Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct GameNumber(pub u64);

/// The components that tie an entity to the lifetime of game `number`.
pub fn of_game(number: GameNumber) -> (DespawnOnExit<GameNumber>, DespawnOnEnter<Phase>) {
    (DespawnOnExit(number), DespawnOnEnter(Phase::NoGame))
}

/// Starts a game in `world`: the last game's entities go at once (its number is left), every
/// per-game resource is reset, the new `Game` is inserted and its units spawned; the approach
/// (or turn 1) comes next frame.
pub fn start_game(world: &mut World, setup: &NewGame, rules: Arc<Rules>) {
    let last = world
        .get_resource::<State<GameNumber>>()
        .map_or(0, |s| s.get().0);
    let number = GameNumber(last + 1);
    world.insert_resource(NextState::Pending(number));
    // Left now, not next frame, so no system meets the last game's entities beside the new
    // game's. Only apps with states have this schedule.
    let _ = world.try_run_schedule(StateTransition);
    // Only apps with per-game state have this schedule.
    let _ = world.try_run_schedule(GameStart);
    let game = Game::new(setup, rules);
    {
        let mut commands = world.commands();
        for u in game.table.units.iter() {
            spawn_unit(&mut commands, u, number);
        }
    }
    world.flush();
    world.insert_resource(GameInPlay(game));
    // A complex ambush's approach comes first; otherwise that phase hands straight on.
    world.insert_resource(NextState::Pending(Phase::Approach));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::test_support::{game_entities, scenario};
    use crate::game::visibility::PlayerView;
    use crate::input::{Refusal, Selection};

    #[test]
    fn a_new_game_starts_with_fresh_per_game_state_and_none_of_the_last_games_entities() {
        let scenario = scenario("crashed_ship.ron");
        let units = scenario.units.len();
        let rules = Arc::new(Rules::bundled().clone());
        let setup = NewGame::new(scenario, 1, 0);
        let mut app = crate::input::player_app(&setup, rules.clone());
        for _ in 0..40 {
            app.update();
        }
        assert!(
            game_entities(&mut app) > units,
            "aliens have come on by now"
        );
        app.world_mut().resource_mut::<Selection>().unit = Some(0);
        app.world_mut().resource_mut::<Refusal>().0 = Some("left over".into());
        assert!(app.world().resource::<PlayerView>().table.is_some());
        start_game(app.world_mut(), &setup, rules);
        assert_eq!(
            game_entities(&mut app),
            units,
            "only the new game's marines"
        );
        assert_eq!(*app.world().resource::<Selection>(), Selection::default());
        assert_eq!(app.world().resource::<Refusal>().0, None);
        assert!(app.world().resource::<PlayerView>().table.is_none());
        assert_eq!(app.world().resource::<GameInPlay>().table.progress.turn, 1);
    }

    #[test]
    fn leaving_a_game_for_the_menu_leaves_nothing_of_it_on_the_table() {
        let setup = NewGame::new(scenario("crashed_ship.ron"), 1, 0);
        let mut app = crate::input::player_app(&setup, Arc::new(Rules::bundled().clone()));
        for _ in 0..5 {
            app.update();
        }
        assert!(app.world().resource::<PlayerView>().table.is_some());
        // What the session does on "Main menu".
        app.world_mut()
            .resource_mut::<NextState<Phase>>()
            .set(Phase::NoGame);
        app.update();
        assert_eq!(game_entities(&mut app), 0);
        assert!(app.world().resource::<PlayerView>().table.is_none());
        // The game left behind may still be touched (the window sets the AI's pace every
        // frame): nothing of it comes back onto the table while no game is played.
        app.world_mut()
            .resource_mut::<crate::game::resources::GameInPlay>()
            .ai_steps = crate::play::seats::AiSteps(Some(1));
        app.update();
        assert_eq!(game_entities(&mut app), 0);
    }
}
