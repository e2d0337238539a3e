//! Starts games from the menu, plays again, goes back to the menu, and paces the alien side.

use crate::command::{Refusal, Selection};
use crate::scenario::spawn::{GameSetup, start_game};
use crate::screen::menu::Catalogue;
use crate::screen::{AlienPace, Screen, SessionOptions, SessionRequest};
use crate::turn::components::UnitNumber;
use crate::turn::phase::{GameSet, Phase};
use crate::turn::resources::AiSteps;
use crate::ui::Curtain;
use crate::view::Highlight;
use bevy::prelude::*;

/// The game being played, for "play again".
#[derive(Resource, Debug, Clone)]
pub struct CurrentGame(pub GameSetup);

/// Paces the AI in the window: one AI order per tick.
#[derive(Resource, Debug)]
struct Pace(Option<Timer>);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(Pace(None));
    app.add_systems(
        Update,
        (handle_requests, tick_pace).chain().in_set(GameSet::Input),
    );
}

fn handle_requests(
    mut requests: MessageReader<SessionRequest>,
    current: Option<Res<CurrentGame>>,
    catalogue: Option<Res<Catalogue>>,
    options: Res<SessionOptions>,
    units: Query<Entity, With<UnitNumber>>,
    mut pace: ResMut<Pace>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut phase: ResMut<NextState<Phase>>,
) {
    let Some(request) = requests.read().last().cloned() else {
        return;
    };
    let setup = match request {
        SessionRequest::Start(setup) => *setup,
        SessionRequest::PlayAgain => {
            let Some(c) = current else { return };
            let mut again = c.0.clone();
            // New dice for the new game.
            again.seed = again.seed.wrapping_add(1);
            again
        }
        SessionRequest::MainMenu => {
            for e in &units {
                commands.entity(e).despawn();
            }
            phase.set(Phase::Setup);
            screen.set(Screen::Menu);
            return;
        }
    };
    let rules = super::menu::rules_of(catalogue.as_deref());
    pace.0 = match options.pace {
        AlienPace::Instant => None,
        AlienPace::Every(d) => Some(Timer::new(d, TimerMode::Repeating)),
    };
    commands.insert_resource(CurrentGame(setup.clone()));
    commands.insert_resource(Selection::default());
    commands.insert_resource(Refusal::default());
    commands.insert_resource(Highlight::default());
    // Hot-seat: nobody is at the screen yet, so the first decision brings the curtain down.
    commands.insert_resource(Curtain::default());
    commands.queue(move |world: &mut World| start_game(world, &setup, rules));
    screen.set(Screen::Table);
}

fn tick_pace(time: Res<Time>, mut pace: ResMut<Pace>, mut steps: ResMut<AiSteps>) {
    steps.0 = pace.0.as_mut().map(|t| {
        t.tick(time.delta());
        t.times_finished_this_tick().min(1)
    });
}
