//! The game flow: starts games from the menu, plays again, goes back to the menu, and paces the alien side.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::start_game;
use crate::game::state::TurnPhase;
use crate::screen::replay_viewer::ReplayViewer;
use crate::screen::{AlienPace, GameChoice, GameOptions, GameRequest, ReloadNotice, Screen};
use crate::ui::SummaryChoice;
use ambush_engine::play::record::ReplayQueue;
use ambush_engine::play::seats::AiSteps;
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;

/// The game being played, for "play again" and for hot reload's notice.
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame(pub GameChoice);

/// Paces the AI in the window: one AI order per tick.
#[derive(Resource, Debug)]
struct Pace(Option<Timer>);

/// Where the AI's pace is set each frame: what holds the AI still (the game menu) comes after.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PaceSet;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Pace(None));
    app.configure_sets(Update, PaceSet.in_set(FrameSet::Input));
    app.add_systems(Update, (handle_requests, tick_pace).chain().in_set(PaceSet));
}

fn handle_requests(
    mut requests: MessageReader<GameRequest>,
    mut choices: MessageReader<SummaryChoice>,
    current: Option<Res<CurrentGame>>,
    options: Res<GameOptions>,
    mut pace: ResMut<Pace>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut phase: ResMut<NextState<TurnPhase>>,
) {
    // The end-of-game window's choice is a request like the menu's.
    let chosen = choices.read().last().map(|c| match c {
        SummaryChoice::PlayAgain => GameRequest::PlayAgain,
        SummaryChoice::MainMenu => GameRequest::MainMenu,
    });
    let Some(request) = requests.read().last().cloned().or(chosen) else {
        return;
    };
    let choice = match request {
        GameRequest::Start(choice) => *choice,
        GameRequest::PlayAgain => {
            let Some(c) = current else { return };
            let mut again = c.0.clone();
            // New dice for the new game.
            again.setup.seed = again.setup.seed.wrapping_add(1);
            again
        }
        GameRequest::MainMenu => {
            commands.remove_resource::<ReplayViewer>();
            phase.set(TurnPhase(Phase::NoGame));
            screen.set(Screen::Menu);
            return;
        }
    };
    pace.0 = match options.pace {
        AlienPace::Instant => None,
        AlienPace::Every(d) => Some(Timer::new(d, TimerMode::Repeating)),
    };
    if !choice.view_only {
        commands.remove_resource::<ReplayViewer>();
    }
    commands.insert_resource(CurrentGame(choice.clone()));
    commands.remove_resource::<ReloadNotice>();
    commands.queue(move |world: &mut World| start_choice(world, choice));
    screen.set(Screen::Table);
}

/// Starts the game `choice` describes in `world`: a loaded save's orders are given again first
/// (the table catches up in a few frames), and the replay viewer's hold there.
pub fn start_choice(world: &mut World, choice: GameChoice) {
    start_game(world, &choice.setup, choice.rules);
    if !choice.orders.is_empty() || choice.view_only {
        world.resource_mut::<GameInPlay>().replay = ReplayQueue {
            hold_after: choice.view_only,
            reveal: choice.reveal,
            ..ReplayQueue::of(choice.orders)
        };
    }
}

fn tick_pace(time: Res<Time>, mut pace: ResMut<Pace>, game: Option<ResMut<GameInPlay>>) {
    let Some(mut game) = game else { return };
    game.ai_steps = AiSteps(pace.0.as_mut().map(|t| {
        t.tick(time.delta());
        t.times_finished_this_tick().min(1)
    }));
}
