//! The egui overlay: the phase bar, the orders panel, the inspector, the roll log, help and the
//! end-of-game summary.

pub mod help;
mod inspector;
mod legend;
mod notices;
mod orders;
mod pass;
mod quiet_modifiers;
mod roll_log;
mod status_bar;
mod summary;
mod table_keys;

use crate::game::resources::GameInPlay;
use crate::game::start::PerGame;
use crate::game::state::TurnPhase;
use crate::game::visibility::{PlayerView, VisibleLog};
use crate::input::actions::PlayerInput;
use crate::input::camera::CameraTarget;
use crate::input::camera::PanelRects;
use crate::input::{
    Bindings, BindingsSource, PlayerAction, Pointer, Previews, Refusal, Request, Selection,
};
use crate::view::art::Palette;
use crate::view::{DisplaySettings, Highlight};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_engine::control::Controllers;
use ambush_engine::play::seats::Awaiting;
use ambush_engine::rules::log::RollEntry;
use ambush_engine::rules::phases::PhaseStates;
use ambush_engine::rules::table::{Table, UnitId};
use ambush_engine::rules::turn::Phase;
use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use leafwing_input_manager::prelude::ActionState;

pub use pass::{EguiPass, order_egui_pass, window_ui};
pub use roll_log::{RollLogView, describe};
pub use summary::{AiGames, casualty_chart};
pub use table_keys::release_buttons;

/// Hot-seat: the side that last took over the screen.
#[derive(Resource, Debug, Default)]
pub struct Curtain(pub Option<Side>);

/// In hot-seat play the table is covered when the decision passes to the other player, until that
/// player is at the screen. Returns the side to hand over to, if the curtain is down.
pub fn curtain_for(
    hot_seat: bool,
    deciding: Option<Side>,
    at_screen: Option<Side>,
) -> Option<Side> {
    match deciding {
        Some(side) if hot_seat && at_screen != Some(side) => Some(side),
        _ => None,
    }
}

/// What the player picks in the end-of-game window; the game flow (`screen::game_flow`) acts on it.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SummaryChoice {
    PlayAgain,
    MainMenu,
}

/// Whether the help window is open.
#[derive(Resource, Debug, Default)]
pub struct HelpOpen(pub bool);

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SummaryChoice>()
        .init_resource::<RollLogView>()
        .init_resource::<HelpOpen>()
        // Hot-seat: nobody is at the screen when a game starts, so the first decision brings
        // the curtain down.
        .init_per_game_resource::<Curtain>()
        // Each game's end asks for the AI games of its own scenario.
        .init_per_game_resource::<AiGames>();
    app.add_plugins((quiet_modifiers::plugin, table_keys::plugin, notices::plugin));
    app.add_systems(
        EguiPrimaryContextPass,
        draw_overlay.in_set(EguiPass::Overlay),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        apply_ui_scale.in_set(EguiPass::Screens),
    );
}

/// Sets egui's zoom to the player's UI scale, in the menu as at the table.
fn apply_ui_scale(mut contexts: EguiContexts, display: Res<DisplaySettings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - display.ui_scale).abs() > 1e-3 {
        ctx.set_zoom_factor(display.ui_scale);
    }
    Ok(())
}

/// What the overlay reads from the game.
#[derive(SystemParam)]
struct OverlayData<'w, 's> {
    phase: Res<'w, State<TurnPhase>>,
    game: Option<Res<'w, GameInPlay>>,
    view: Res<'w, PlayerView>,
    log: VisibleLog<'w>,
    selection: Res<'w, Selection>,
    previews: Res<'w, Previews>,
    refusal: Res<'w, Refusal>,
    bindings: Res<'w, Bindings>,
    source: Res<'w, BindingsSource>,
    input: Query<'w, 's, &'static ActionState<PlayerAction>, With<PlayerInput>>,
    ai_games: Option<Res<'w, AiGames>>,
    pointer: Res<'w, Pointer>,
    display: Res<'w, DisplaySettings>,
}

fn to_rect(r: egui::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.max.x, r.max.y)
}

/// Everything the overlay reads in one frame.
pub struct OverlayFrame<'a> {
    pub phase: Phase,
    pub awaiting: Option<&'a Awaiting>,
    /// The roll log as the player at the screen may read it, oldest first.
    pub log: &'a [&'a RollEntry],
    /// The side kept in the dark (`game::visibility`), if any.
    pub dark: Option<Side>,
    /// Where the decision phases stand.
    pub phase_states: Option<&'a PhaseStates>,
    pub rules: Option<&'a Rules>,
    /// The table as the player at the screen may see it.
    pub table: Option<&'a Table>,
    pub selection: &'a Selection,
    pub previews: &'a Previews,
    pub refusal: &'a Refusal,
    pub bindings: &'a Bindings,
    pub source: &'a BindingsSource,
    /// Both sides are played at this machine.
    pub hot_seat: bool,
    /// Who plays each side.
    pub controllers: Option<&'a Controllers>,
    /// AI games of the scenario, for the end-of-game window.
    pub ai_games: Option<&'a AiGames>,
    /// The table point under the pointer, if it is over the table.
    pub pointer: Option<Vec2>,
    pub pointer_over_panel: bool,
    pub palette: Palette,
}

impl<'a> OverlayFrame<'a> {
    /// The frame read straight from a world with the curtain up, for code that has no egui
    /// pass (the per-frame benchmark, the hidden-information test). `log` is the log as the
    /// player may read it (`game::visibility::VisibleLog`).
    pub fn from_world(
        w: &'a World,
        log: &'a [&'a RollEntry],
        selection: &'a Selection,
    ) -> OverlayFrame<'a> {
        let view = w.resource::<PlayerView>();
        let game = w.get_resource::<GameInPlay>();
        OverlayFrame {
            phase: w.resource::<State<TurnPhase>>().get().0,
            awaiting: game.map(|g| &g.awaiting),
            log,
            dark: view.dark,
            phase_states: game.map(|g| &g.phase_states),
            rules: game.map(|g| &*g.rules),
            table: view.table.as_ref(),
            selection,
            previews: w.resource::<Previews>(),
            refusal: w.resource::<Refusal>(),
            bindings: w.resource::<Bindings>(),
            source: w.resource::<BindingsSource>(),
            hot_seat: false,
            controllers: game.map(|g| &g.controllers),
            ai_games: w.get_resource::<AiGames>(),
            pointer: None,
            pointer_over_panel: false,
            palette: w
                .get_resource::<DisplaySettings>()
                .map(|d| d.palette())
                .unwrap_or_default(),
        }
    }
}

/// What the player did in the overlay this frame.
#[derive(Debug, Default)]
pub struct OverlayOutput {
    /// Screen areas the overlay covers, in logical pixels.
    pub rects: Vec<Rect>,
    /// Units named by a clicked roll-log entry.
    pub highlight: Option<Vec<UnitId>>,
    /// Where to centre the view: the middle of a double-clicked entry's units.
    pub centre_on: Option<Vec2>,
    pub requests: Vec<Request>,
    /// The player's picks in the end-of-game window.
    pub summary_choices: Vec<SummaryChoice>,
    pub typing: bool,
}

/// The units of `table` (the player's view of it) that a clicked roll-log entry names.
pub fn units_named(table: &Table, labels: &[String]) -> Vec<UnitId> {
    table
        .units
        .iter()
        .filter(|u| labels.iter().any(|l| l.as_str() == u.label.as_ref()))
        .map(|u| u.id)
        .collect()
}

/// Draws the whole overlay into `ctx`: panels around the table, then the floating windows.
pub fn draw(
    ctx: &egui::Context,
    f: &OverlayFrame,
    view: &mut RollLogView,
    help_open: &mut bool,
    at_screen: &mut Option<Side>,
) -> OverlayOutput {
    let mut out = OverlayOutput::default();
    let deciding = f.awaiting.and_then(|a| a.0.as_ref()).map(|d| d.side());
    if let Some(side) = curtain_for(f.hot_seat, deciding, *at_screen) {
        // The whole window is the curtain's: nothing of the table shows, no key reaches it.
        let screen = ctx.viewport_rect();
        egui::Area::new("curtain".into())
            .order(egui::Order::Foreground)
            .fixed_pos(screen.min)
            .show(ctx, |ui| {
                ui.painter()
                    .rect_filled(screen, 0.0, egui::Color32::from_rgb(18, 20, 24));
                let middle =
                    screen.shrink2(egui::vec2(screen.width() * 0.3, screen.height() * 0.4));
                ui.scope_builder(egui::UiBuilder::new().max_rect(middle), |ui| {
                    let names = f
                        .table
                        .map(|t| t.config.side_names.clone())
                        .unwrap_or_default();
                    let who = names.of(side);
                    ui.heading(format!("Pass the screen to the {who} player"));
                    ui.label("The other player looks away while you play your part of the turn.");
                    // Enter too, for a player at the keyboard alone; but not the Enter that gave
                    // the last order and brought the curtain down in this very frame.
                    let id = egui::Id::new("curtain drawn at pass");
                    let now = ctx.cumulative_pass_nr();
                    let was_up = ctx.data(|d| d.get_temp::<u64>(id)) == Some(now.wrapping_sub(1));
                    ctx.data_mut(|d| d.insert_temp(id, now));
                    let enter = was_up && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button("I am ready (Enter)").clicked() || enter {
                        *at_screen = Some(side);
                    }
                });
            });
        out.rects.push(Rect::new(
            screen.min.x,
            screen.min.y,
            screen.max.x,
            screen.max.y,
        ));
        out.typing = true;
        return out;
    }
    let mut root = window_ui(ctx, "overlay");
    let dark = f.dark;
    let mut rects = vec![status_bar::show(
        &mut root,
        f.table,
        f.phase,
        f.awaiting,
        dark.is_some(),
    )];
    let default_names = ambush_data::board::SideNames::default();
    let names = f.table.map_or(&default_names, |t| &t.config.side_names);
    let (log_rect, clicked) = roll_log::show(&mut root, f.log, names, view);
    rects.push(log_rect);
    if let (Some((labels, double)), Some(t)) = (clicked, f.table) {
        let units = units_named(t, &labels);
        if double && !units.is_empty() {
            let centres: Vec<Vec2> = units
                .iter()
                .filter_map(|id| t.unit(*id).map(|u| u.base.center))
                .collect();
            out.centre_on = Some(centres.iter().sum::<Vec2>() / centres.len().max(1) as f32);
        }
        out.highlight = Some(units);
    }
    rects.push(orders::show(&mut root, f, &mut out.requests));
    rects.push(inspector::show(
        &mut root,
        f.table,
        f.rules,
        f.selection.unit.or(f.selection.hover),
    ));
    rects.extend(help::show(
        ctx,
        help_open,
        f.bindings,
        f.source,
        help::HelpFor::Table,
    ));
    if let Some(t) = f.table {
        rects.extend(legend::show(
            ctx,
            t,
            f.palette,
            f.pointer,
            f.pointer_over_panel,
        ));
    }
    if f.phase == Phase::GameOver
        && let Some(t) = f.table
    {
        rects.extend(summary::show(ctx, t, f.ai_games, &mut out.summary_choices));
    }
    out.rects = rects.into_iter().map(to_rect).collect();
    out.typing = table_keys::release_buttons(ctx);
    out
}

/// Gathers the frame for `draw`, and hands what the player did to the rest of the game.
fn draw_overlay(
    mut contexts: EguiContexts,
    data: OverlayData,
    mut view: ResMut<RollLogView>,
    mut help: ResMut<HelpOpen>,
    mut curtain: ResMut<Curtain>,
    mut highlight: ResMut<Highlight>,
    mut camera_target: ResMut<CameraTarget>,
    mut panels: ResMut<PanelRects>,
    mut keys: ResMut<table_keys::OverlayKeys>,
    mut requests: MessageWriter<Request>,
    mut summary_choices: MessageWriter<SummaryChoice>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if data
        .input
        .single()
        .is_ok_and(|a| a.just_pressed(&PlayerAction::Help))
    {
        help.0 = !help.0;
    }
    let log: Vec<&RollEntry> = data.log.entries().collect();
    let frame = OverlayFrame {
        phase: data.phase.get().0,
        awaiting: data.game.as_deref().map(|g| &g.awaiting),
        log: &log,
        dark: data.view.dark,
        phase_states: data.game.as_deref().map(|g| &g.phase_states),
        rules: data.game.as_deref().map(|g| &*g.rules),
        table: data.view.table.as_ref(),
        selection: &data.selection,
        previews: &data.previews,
        refusal: &data.refusal,
        bindings: &data.bindings,
        source: &data.source,
        hot_seat: data
            .game
            .as_deref()
            .is_some_and(|g| g.controllers.is_hot_seat()),
        controllers: data.game.as_deref().map(|g| &g.controllers),
        ai_games: data.ai_games.as_deref(),
        pointer: data.pointer.world,
        pointer_over_panel: data.pointer.over_panel,
        palette: data.display.palette(),
    };
    let out = draw(ctx, &frame, &mut view, &mut help.0, &mut curtain.0);
    if let Some(h) = out.highlight {
        highlight.0 = h;
    }
    if let Some(at) = out.centre_on {
        camera_target.0 = Some(at);
    }
    requests.write_batch(out.requests);
    summary_choices.write_batch(out.summary_choices);
    // The overlay's points are window pixels times the UI scale.
    let zoom = ctx.zoom_factor();
    panels.rects = out
        .rects
        .iter()
        .map(|r| Rect::from_corners(r.min * zoom, r.max * zoom))
        .collect();
    panels.typing = out.typing;
    *keys = table_keys::OverlayKeys {
        shown: true,
        typing: out.typing,
    };
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curtain_falls_when_the_decision_passes_to_the_other_player() {
        // Hot-seat: "two players on one machine, in ambush scenarios with hidden information".
        assert_eq!(
            curtain_for(true, Some(Side::Aliens), Some(Side::Humans)),
            Some(Side::Aliens)
        );
        assert_eq!(
            curtain_for(true, Some(Side::Aliens), Some(Side::Aliens)),
            None
        );
        assert_eq!(
            curtain_for(true, None, Some(Side::Humans)),
            None,
            "nothing to decide"
        );
        assert_eq!(
            curtain_for(false, Some(Side::Aliens), None),
            None,
            "solo play"
        );
    }
}
