//! A turn of a game played by file, in the window: the table as the received message left it, the player's orders up to the first that rolls, and the answer written when the turn is over.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::start_game;
use crate::input::InputSet;
use crate::pbem::game::rolls;
use crate::pbem::{Opened, Turn};
use crate::rules::orders::Order;
use crate::screen::Screen;
use crate::ui::EguiPass;
use ambush_data::board::Side;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// What the turn came to: the answer sent, or why not. The command line reads it once the
/// window has closed.
pub type TurnResult = Arc<Mutex<Option<Result<Opened, String>>>>;

/// A turn to play at once, skipping the menu (`ambush pbem open MSG` without `--ai`).
#[derive(Resource)]
pub struct PbemStart {
    pub turn: Box<Turn>,
    /// Where the answer is written.
    pub out: PathBuf,
    pub result: TurnResult,
}

/// A turn for the window to open on, handed over once (the window's options are cloned).
#[derive(Clone, Default)]
pub struct PbemOpen(pub Arc<Mutex<Option<PbemStart>>>);

impl PbemOpen {
    pub fn of(start: PbemStart) -> PbemOpen {
        PbemOpen(Arc::new(Mutex::new(Some(start))))
    }

    /// The turn, taken out.
    pub fn take(&self) -> Option<PbemStart> {
        self.0.lock().unwrap_or_else(|p| p.into_inner()).take()
    }
}

impl std::fmt::Debug for PbemOpen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PbemOpen")
    }
}

/// The turn in play.
#[derive(Resource)]
struct PbemInPlay {
    turn: Option<Box<Turn>>,
    out: PathBuf,
    side: Side,
    /// The game's count of orders when the turn began: this turn's are those after it.
    first_order: usize,
    /// The order that rolls: it ends the turn, and its dice wait for the answer.
    last: Option<Order>,
    result: TurnResult,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Menu), start_turn)
        .add_systems(
            Update,
            hold_an_order_that_rolls
                .after(InputSet::Apply)
                .in_set(FrameSet::Input)
                .run_if(resource_exists::<PbemInPlay>),
        )
        .add_systems(
            Update,
            end_of_turn
                .in_set(FrameSet::Presentation)
                .run_if(resource_exists::<PbemInPlay>),
        )
        .add_systems(
            EguiPrimaryContextPass,
            say_how_the_turn_ends
                .in_set(EguiPass::Screens)
                .run_if(resource_exists::<PbemInPlay>),
        );
}

/// A line atop the table: whose turn this is, how it ends and where the answer goes.
fn say_how_the_turn_ends(mut contexts: EguiContexts, turn: Res<PbemInPlay>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new(egui::Id::new("pbem turn"))
        // Over the table's top left, clear of the side panels and the legend.
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(236.0, 30.0))
        .show(ctx, |ui| {
            ui.set_max_width(540.0);
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(format!(
                    "Playing by file as the {:?}: your first order that rolls a die ends your turn (its dice come with the answer). The answer goes to {}.",
                    turn.side,
                    turn.out.display()
                ));
            });
        });
    Ok(())
}

/// Puts the received message's table in play, once the files are loaded.
fn start_turn(world: &mut World) {
    let Some(start) = world.remove_resource::<PbemStart>() else {
        return;
    };
    let PbemStart { turn, out, result } = start;
    let setup = match turn.setup() {
        Ok(s) => s,
        Err(e) => {
            *result.lock().unwrap_or_else(|p| p.into_inner()) = Some(Err(e.to_string()));
            world.write_message(AppExit::error());
            return;
        }
    };
    start_game(world, &setup, turn.rules().clone());
    let game = turn.rebuilt.game.clone();
    let first_order = game.record.orders.len();
    world.resource_mut::<GameInPlay>().0 = game;
    let side = turn.side();
    // The player at the screen is this side's: no hand-over curtain, as in hot-seat play.
    world.insert_resource(crate::ui::Curtain(Some(side)));
    world.insert_resource(PbemInPlay {
        turn: Some(turn),
        out,
        side,
        first_order,
        last: None,
        result,
    });
    world.resource_mut::<NextState<Screen>>().set(Screen::Table);
}

/// An order of the player's that rolls is not played now: its dice need the answer's
/// contribution. It ends the turn instead, as the message's last order.
fn hold_an_order_that_rolls(mut turn: ResMut<PbemInPlay>, game: Option<ResMut<GameInPlay>>) {
    let Some(mut game) = game else { return };
    if turn.last.is_some() {
        game.pending.0.clear();
        return;
    }
    let side = turn.side;
    let Some(k) = game.pending.0.iter().position(|(s, _)| *s == side) else {
        return;
    };
    let order = game.pending.0[k].1.clone();
    if rolls(&game, side, &order) == Some(true) {
        game.pending.0.remove(k);
        turn.last = Some(order);
    }
}

/// The turn is over when the player has given an order that rolls, the game waits on the
/// other side, or it has ended: the answer is sent and the window closes.
fn end_of_turn(
    mut turn: ResMut<PbemInPlay>,
    game: Option<Res<GameInPlay>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(game) = game else { return };
    let theirs = game.awaited().is_some_and(|d| d.side() != turn.side);
    if turn.last.is_none() && !theirs && !game.is_over() {
        return;
    }
    let Some(mut t) = turn.turn.take() else {
        return;
    };
    let orders = game.record.orders[turn.first_order.min(game.record.orders.len())..].to_vec();
    t.rebuilt.game = game.0.clone();
    let sent = t.send(orders, turn.last.take(), &turn.out);
    let failed = sent.is_err();
    *turn.result.lock().unwrap_or_else(|p| p.into_inner()) = Some(sent.map_err(|e| e.to_string()));
    exit.write(if failed {
        AppExit::error()
    } else {
        AppExit::Success
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::control::{Controller, Controllers};
    use crate::pbem::{Prepared, open, prepare, start};
    use ambush_data::Rules;
    use bevy::state::app::StatesPlugin;
    use std::path::Path;

    /// Issue 25: "Open turn file ... lets you play your turn, and writes the answer": the
    /// player's orders are played at once until one rolls; that one ends the turn, the answer
    /// is written, and the other player's game takes it.
    #[test]
    fn a_turn_played_in_the_window_is_sent_when_an_order_rolls() {
        let dir = std::env::temp_dir().join(format!("ambush-pbem-window-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let rules = Arc::new(Rules::bundled().clone());
        let text = std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron"),
        )
        .expect("the crashed ship");
        let (a, b) = (dir.join("A"), dir.join("B"));
        let m = |i: u32| dir.join(format!("m{i}.ron"));
        start(&a, &text, Side::Humans, &rules, &m(0)).expect("started");
        // The aliens (B, the AI) and the humans (A) answer until the humans' turn comes.
        let mut i = 0;
        let turn = loop {
            let (who, ai) = if i % 2 == 0 { (&b, true) } else { (&a, false) };
            if ai {
                open(who, &m(i), &rules, true, &m(i + 1)).expect("the AI answers");
            } else {
                match prepare(who, &m(i), &rules).expect("the message opens") {
                    Prepared::Answer(turn) if turn.is_mine() => break turn,
                    Prepared::Answer(turn) => {
                        turn.send(Vec::new(), None, &m(i + 1)).expect("answered");
                    }
                    Prepared::Over(_) => panic!("over before the humans played"),
                }
            }
            i += 1;
            assert!(i < 20, "the humans never get a turn");
        };
        // The window: the game as the message left it, and the turn's state.
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin));
        app.init_state::<Screen>();
        app.add_message::<AppExit>();
        let result = TurnResult::default();
        let first_order = turn.rebuilt.game.record.orders.len();
        app.insert_resource(GameInPlay(turn.rebuilt.game.clone()));
        app.insert_resource(PbemInPlay {
            turn: Some(turn),
            out: m(i + 1),
            side: Side::Humans,
            first_order,
            last: None,
            result: result.clone(),
        });
        app.add_systems(
            Update,
            (hold_an_order_that_rolls, step, end_of_turn).chain(),
        );
        // The player gives the orders the marines' AI would, one a frame.
        let Controller::Ai(marines) = Controllers::all_ai().humans else {
            unreachable!("the marines have an AI")
        };
        for _ in 0..200 {
            if result.lock().expect("a lock").is_some() {
                break;
            }
            {
                let mut game = app.world_mut().resource_mut::<GameInPlay>();
                if game.pending.0.is_empty()
                    && let Some(d) = game.awaited().cloned()
                    && d.side() == Side::Humans
                {
                    let order = marines.decide(&game.table, &game.rules, &d, &game.ai_memos);
                    game.pending.push(Side::Humans, order);
                }
            }
            app.update();
        }
        let sent = result
            .lock()
            .expect("a lock")
            .take()
            .expect("the turn ended")
            .expect("the answer is sent");
        assert_eq!(sent.answered, Some(u64::from(i) + 1));
        let answer = crate::pbem::MessageFile::read(&m(i + 1)).expect("written");
        assert!(
            answer.message.last.is_some(),
            "an order rolled and ended the turn"
        );
        // The aliens' game takes the answer and plays on.
        open(&b, &m(i + 1), &rules, true, &m(i + 2)).expect("the aliens take the answer");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The game's step, as the window's rules set plays it.
    fn step(game: Option<ResMut<GameInPlay>>) {
        if let Some(mut game) = game {
            game.step();
        }
    }
}
