//! The player's side of the table: input actions, the pointer, the camera, selection, previews and orders.

pub mod actions;
pub mod camera;
pub mod cursor;
pub mod orders;
pub mod pointer;
mod previews;
mod requests;

use crate::game::RulesPlugin;
use crate::game::frame::{FrameSet, order_frame};
use crate::game::start::{PerGame, start_game};
use crate::game::visibility::VisibilityPlugin;
use ambush_data::tables::FormationName;
use ambush_engine::play::new_game::NewGame;
use ambush_engine::rules::orders::{Order, OrderError};
use ambush_engine::rules::preview::{ChargePreview, MovePreview, ShotPreview, TargetMark};
use ambush_engine::rules::table::UnitId;
use bevy::prelude::*;
use glam::Vec2;

pub use actions::{Binding, Bindings, BindingsSource, PlayerAction};

/// Where the pointer is on the table, in inches, and whether a panel of the overlay is under it.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq)]
pub struct Pointer {
    pub world: Option<Vec2>,
    pub over_panel: bool,
    /// A text field of the overlay has the keyboard.
    pub typing: bool,
}

/// An order being drawn up but not yet given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum OrderDraft {
    Move {
        to: Vec2,
        facing: f32,
    },
    Rotate {
        facing: f32,
    },
    Charge {
        target: UnitId,
    },
    Shot {
        target: UnitId,
    },
    /// 004: the spring point, inches along the column's route.
    Spring {
        at: f32,
    },
}

/// The selected unit and the order drawn up for it.
#[derive(Resource, Debug, Clone, Default, PartialEq)]
pub struct Selection {
    pub unit: Option<UnitId>,
    /// Move the unit without its group (the default moves the whole group in base contact).
    pub alone: bool,
    pub draft: Option<OrderDraft>,
    /// The unit under the pointer.
    pub hover: Option<UnitId>,
    /// The unit was picked, or its order drawn up, by keys: the move preview does not follow
    /// the pointer, which may lie anywhere, until a click.
    pub by_keys: bool,
    /// The drafted order was given and the rules have not answered yet: the selection stays
    /// until they take it, and stays on when they refuse it so the player can mend the order.
    pub committed: bool,
}

/// What the player asks for, from a key, a click or an overlay button.
#[derive(Message, Debug, Clone, Copy, PartialEq)]
pub enum Request {
    /// A click on the table at this point.
    Click(Vec2),
    /// The same, made by a key at the keyboard's cursor.
    KeyClick(Vec2),
    /// A unit picked from a list (the same as clicking it).
    Pick(UnitId),
    Commit,
    Cancel,
    Pass,
    ToggleGroup,
    /// Turn the draft by this many radians.
    Turn(f32),
    FacePointer(Vec2),
    NextUnit,
    PreviousUnit,
    /// The selected unit's next target: a shot's in the shooting phase, a charge's in movement.
    NextTarget,
    /// The keyboard's table cursor moved here: a selected unit's move is placed there.
    Cursor(Vec2),
    /// The selected unit's first formation change (the orders panel's first formation button).
    NextFormation,
    /// Change the selected unit's formation (a button of the orders panel).
    ChangeFormation(UnitId, Option<FormationName>),
    /// 004: put the spring point this many inches along the column's route (the orders panel's
    /// slider).
    SpringAt(f32),
}

/// What the table shows about the order being drawn up.
#[derive(Resource, Debug, Clone, Default)]
pub struct Previews {
    /// Units that can act on the current decision.
    pub actors: Vec<UnitId>,
    pub movement: Option<MovePreview>,
    pub charge: Option<ChargePreview>,
    /// The selected shooter's targets in range and sight.
    pub targets: Vec<TargetMark>,
    pub shot: Option<ShotPreview>,
    /// The order a commit would give now, and the rules' check of it: every preview's verdict.
    pub verdict: Option<(Order, Result<(), OrderError>)>,
}

/// A selection given on the command line (`play --select M1 --aim A1.1`, or `#3` for unit 3 as a
/// save file numbers it): the unit of that label
/// is selected once it is on the player's table, and its shot drawn up at the target, as clicks
/// would. It makes the README's screenshots reproducible.
#[derive(Resource, Debug, Clone, PartialEq, Eq)]
pub struct ScriptedSelection {
    pub unit: String,
    pub aim: Option<String>,
    /// The keyboard's cursor this far from the unit, in inches, with the move placed there as
    /// the cursor keys would place it.
    pub cursor: Option<(i32, i32)>,
}

/// Applies the scripted selection every frame, so it stands once the game reaches it.
fn apply_scripted_selection(
    script: Option<Res<ScriptedSelection>>,
    view: Res<crate::game::visibility::PlayerView>,
    mut selection: ResMut<Selection>,
    mut cursor: ResMut<cursor::TableCursor>,
) {
    let (Some(script), Some(table)) = (script, &view.table) else {
        return;
    };
    // A label, or `#` and a unit's number as save files write it.
    let find = |label: &str| {
        let number = label
            .strip_prefix('#')
            .and_then(|n| n.parse::<usize>().ok());
        table
            .units
            .iter()
            .find(|u| u.on_table() && (u.label.as_ref() == label || number == Some(u.id as usize)))
            .map(|u| u.id)
    };
    let Some(unit) = find(&script.unit) else {
        return;
    };
    let mut draft = script
        .aim
        .as_deref()
        .and_then(find)
        .map(|target| OrderDraft::Shot { target });
    if let (Some((dx, dy)), Some(u)) = (script.cursor, table.unit(unit)) {
        let at = u.base.center + Vec2::new(dx as f32, dy as f32);
        if cursor.at != Some(at) {
            cursor.at = Some(at);
            cursor.for_unit = Some(unit);
        }
        draft = Some(OrderDraft::Move {
            to: at,
            facing: u.base.facing,
        });
    }
    if selection.unit != Some(unit) || selection.draft != draft {
        selection.unit = Some(unit);
        selection.draft = draft;
    }
}

/// The last order the rules refused, and why, until the next order is given.
#[derive(Resource, Debug, Clone, Default)]
pub struct Refusal(pub Option<String>);

/// The order of the player's systems within the frame.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum InputSet {
    /// Where the pointer is.
    Pointer,
    /// Actions become requests; the camera moves.
    Read,
    /// Requests change the selection and give orders.
    Apply,
}

/// The order of what is drawn from the rules' result.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum PreviewSet {
    Previews,
    /// The table's marks and bases are drawn from the player's view and the previews.
    Draw,
}

/// Selection, previews and orders from the mouse and keyboard.
pub struct PlayerInputPlugin;

impl Plugin for PlayerInputPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<Request>()
            .init_resource::<Pointer>()
            .init_per_game_resource::<Selection>()
            .init_per_game_resource::<Previews>()
            .init_per_game_resource::<Refusal>();
        app.configure_sets(
            Update,
            (InputSet::Pointer, InputSet::Read, InputSet::Apply)
                .chain()
                .in_set(FrameSet::Input),
        );
        app.configure_sets(
            Update,
            (PreviewSet::Previews, PreviewSet::Draw)
                .chain()
                .in_set(FrameSet::Presentation),
        );
        app.add_systems(
            Update,
            apply_scripted_selection
                .after(InputSet::Apply)
                .in_set(FrameSet::Input),
        );
        app.add_plugins((
            actions::plugin,
            camera::plugin,
            cursor::plugin,
            pointer::plugin,
            requests::plugin,
            previews::plugin,
        ));
    }
}

/// A windowless app with the rules and the player's input, selection, previews and orders, as
/// the window has them: for tests that play through input, and for the per-frame benchmark.
pub fn player_app(setup: &NewGame, rules: std::sync::Arc<ambush_data::Rules>) -> App {
    let mut app = App::new();
    order_frame(&mut app);
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ));
    // The user's own bindings file has no place in a test.
    app.insert_resource(Bindings::default());
    app.add_plugins((RulesPlugin, VisibilityPlugin, PlayerInputPlugin));
    start_game(app.world_mut(), setup, rules);
    app
}

#[cfg(test)]
mod tests {
    //! A new game through `game::start` leaves nothing of the last one: its entities, the
    //! player's view and the input's per-game state.
    use super::*;
    use crate::game::resources::GameInPlay;
    use crate::game::start::start_game;
    use crate::game::state::TurnPhase;
    use crate::game::test_support::{game_entities, scenario};
    use crate::game::visibility::PlayerView;
    use ambush_data::Rules;
    use ambush_engine::play::new_game::NewGame;
    use ambush_engine::rules::turn::Phase;
    use std::sync::Arc;

    #[test]
    fn a_new_game_starts_with_fresh_per_game_state_and_none_of_the_last_games_entities() {
        let scenario = scenario("crashed_ship.ron");
        let units = scenario.units.len();
        let rules = Arc::new(Rules::bundled().clone());
        let setup = NewGame::new(scenario, 1, 0);
        let mut app = player_app(&setup, rules.clone());
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
        let mut app = player_app(&setup, Arc::new(Rules::bundled().clone()));
        for _ in 0..5 {
            app.update();
        }
        assert!(app.world().resource::<PlayerView>().table.is_some());
        // What the game flow does on "Main menu".
        app.world_mut()
            .resource_mut::<NextState<TurnPhase>>()
            .set(TurnPhase(Phase::NoGame));
        app.update();
        assert_eq!(game_entities(&mut app), 0);
        assert!(app.world().resource::<PlayerView>().table.is_none());
        // The game left behind may still be touched (the window sets the AI's pace every
        // frame): nothing of it comes back onto the table while no game is played.
        app.world_mut().resource_mut::<GameInPlay>().ai_steps =
            ambush_engine::play::seats::AiSteps(Some(1));
        app.update();
        assert_eq!(game_entities(&mut app), 0);
    }
}
