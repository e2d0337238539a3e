//! The egui overlay: the phase bar, the orders panel, the inspector, the roll log, help and the
//! end-of-game summary.

mod help;
mod inspector;
mod orders;
mod roll_log;
mod status_bar;
mod summary;

use crate::command::actions::PlayerInput;
use crate::command::pointer::PanelRects;
use crate::command::{
    Bindings, BindingsSource, PlayerAction, Previews, Refusal, Request, Selection, TableSnapshot,
};
use crate::screen::{Screen, SessionRequest};
use crate::turn::phase::{GameSet, Phase};
use crate::turn::resources::{Awaiting, Battle, Dice, Flows, RuleBook};
use crate::view::Highlight;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use leafwing_input_manager::prelude::ActionState;

pub use roll_log::{RollLogView, describe};

/// Whether the help window is open.
#[derive(Resource, Debug, Default)]
pub struct HelpOpen(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<RollLogView>()
        .init_resource::<HelpOpen>();
    app.add_systems(
        EguiPrimaryContextPass,
        draw_overlay
            .in_set(GameSet::Presentation)
            .run_if(in_state(Screen::Table)),
    );
}

/// What the overlay reads from the game.
#[derive(SystemParam)]
struct OverlayData<'w, 's> {
    battle: Option<Res<'w, Battle>>,
    phase: Res<'w, State<Phase>>,
    awaiting: Option<Res<'w, Awaiting>>,
    dice: Option<Res<'w, Dice>>,
    flows: Option<Res<'w, Flows>>,
    rules: Option<Res<'w, RuleBook>>,
    snapshot: Res<'w, TableSnapshot>,
    selection: Res<'w, Selection>,
    previews: Res<'w, Previews>,
    refusal: Res<'w, Refusal>,
    bindings: Res<'w, Bindings>,
    source: Res<'w, BindingsSource>,
    input: Query<'w, 's, &'static ActionState<PlayerAction>, With<PlayerInput>>,
}

fn to_rect(r: egui::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
}

/// Lays the panels out around the table, in one root so they share the screen.
fn draw_overlay(
    mut contexts: EguiContexts,
    data: OverlayData,
    mut view: ResMut<RollLogView>,
    mut help: ResMut<HelpOpen>,
    mut highlight: ResMut<Highlight>,
    mut panels: ResMut<PanelRects>,
    mut requests: MessageWriter<Request>,
    mut session: MessageWriter<SessionRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if data
        .input
        .single()
        .is_ok_and(|a| a.just_pressed(&PlayerAction::Help))
    {
        help.0 = !help.0;
    }
    let mut root = egui::Ui::new(
        ctx.clone(),
        "overlay".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    let table = data.snapshot.0.as_ref();
    let decision = data.awaiting.as_ref().and_then(|a| a.0.as_ref());
    let mut rects = Vec::new();
    rects.push(status_bar::show(
        &mut root,
        data.battle.as_deref(),
        *data.phase.get(),
        data.awaiting.as_deref(),
    ));
    let (log_rect, clicked) = roll_log::show(&mut root, data.dice.as_deref(), &mut view);
    rects.push(log_rect);
    if let (Some(labels), Some(t)) = (clicked, table) {
        highlight.0 = t
            .units
            .iter()
            .filter(|u| labels.iter().any(|l| l.as_str() == u.label.as_ref()))
            .map(|u| u.id)
            .collect();
    }
    let mut asked = Vec::new();
    rects.push(orders::show(
        &mut root,
        &orders::OrdersView {
            decision,
            table,
            flows: data.flows.as_deref(),
            selection: &data.selection,
            previews: &data.previews,
            refusal: &data.refusal,
        },
        &mut asked,
    ));
    rects.push(inspector::show(
        &mut root,
        table,
        data.rules.as_deref().map(|r| &*r.0),
        data.selection.unit.or(data.selection.hover),
    ));
    let mut open = help.0;
    rects.extend(help::show(ctx, &mut open, &data.bindings, &data.source));
    help.0 = open;
    if *data.phase.get() == Phase::GameOver
        && let Some(t) = table
    {
        let mut wanted = Vec::new();
        rects.extend(summary::show(ctx, t, &mut wanted));
        session.write_batch(wanted);
    }
    requests.write_batch(asked);
    panels.rects = rects.into_iter().map(to_rect).collect();
    panels.typing = ctx.egui_wants_keyboard_input();
    Ok(())
}
