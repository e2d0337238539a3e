//! 004's set-up screens before an ambush: the column's secret order of march, then the
//! ambusher's hidden units and dummy counters, with a hand-over in hot-seat play. The spring
//! point is picked on the table, once the column's order is shown (`Decision::Spring`).

use crate::screen::{GameChoice, GameRequest, Screen};
use crate::ui::EguiPass;
use crate::view::DisplaySettings;
use crate::view::art::{self, Palette, Triangles};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::check::check_scenario;
use ambush_data::geometry::Shape;
use ambush_data::geometry::route_of;
use ambush_data::scenario::Scenario;
use ambush_engine::control::Controller;
pub use ambush_engine::play::deployment::{MarchOrder, Piece, Placement, column_labels};
use ambush_engine::play::new_game::NewGame;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::sync::Arc;

/// One part of the set-up, taken by one side's player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeploymentStep {
    /// The column's player writes the order of march.
    March(Side),
    /// The ambusher places its units and dummies (the spring point comes on the table, after
    /// the column's order of march is shown).
    Ambush(Side),
}

impl DeploymentStep {
    pub fn side(self) -> Side {
        match self {
            DeploymentStep::March(s) | DeploymentStep::Ambush(s) => s,
        }
    }
}

/// The set-up screens' state: the game to start, the steps the players take, and their choices.
#[derive(Resource, Debug, Clone)]
pub struct DeploymentWizard {
    pub setup: NewGame,
    pub rules: Arc<Rules>,
    /// The scenario file, for hot reload's notice once the game is on.
    pub file: Option<String>,
    pub steps: Vec<DeploymentStep>,
    pub current: usize,
    /// Hot-seat: the player of the current step is at the screen.
    pub ready: bool,
    pub march: Option<MarchOrder>,
    pub placement: Option<Placement>,
    /// The piece to put down with the next click on the map.
    pub selected: Option<Piece>,
    /// Why the last placement was refused.
    pub problem: Option<String>,
    /// A game played by file: the one side's secret set-up, for the turn file it goes with.
    pub by_file: Option<crate::screen::by_file::ByFile>,
    /// The game it sets up is the player's own, kept in the autosave (`GameChoice::autosave`);
    /// a test play's is not.
    pub autosave: bool,
}

impl DeploymentWizard {
    /// The set-up for a game, or `None` when no player has a part in it.
    pub fn new(setup: NewGame, rules: Arc<Rules>) -> Option<DeploymentWizard> {
        let s = &setup.scenario;
        let a = s.ambush.as_ref()?;
        let human = |side: Side| setup.controllers.get(side) == Controller::Human;
        let march = MarchOrder::of(s).filter(|_| human(a.ambushed));
        let placement = Placement::of(s).filter(|_| human(a.ambushed.other()));
        let mut steps = Vec::new();
        if march.is_some() {
            steps.push(DeploymentStep::March(a.ambushed));
        }
        if placement.is_some() {
            steps.push(DeploymentStep::Ambush(a.ambushed.other()));
        }
        if steps.is_empty() {
            return None;
        }
        // The spring point is picked on the table, after the column's order is shown (004:
        // "Then, the player being ambushed shows the other player the order ... Finally, the
        // player conducting the ambush indicates where he wants the lead unit to be").
        let wizard = DeploymentWizard {
            ready: !setup.controllers.is_hot_seat(),
            setup,
            rules,
            file: None,
            steps,
            current: 0,
            march,
            placement,
            selected: None,
            problem: None,
            by_file: None,
            autosave: false,
        };
        Some(wizard)
    }

    pub fn step(&self) -> Option<DeploymentStep> {
        self.steps.get(self.current).copied()
    }

    /// The scenario with every choice so far applied.
    pub fn scenario(&self) -> Scenario {
        let mut s = self.setup.scenario.clone();
        if let Some(m) = &self.march {
            s = m.apply(&s);
        }
        if let Some(p) = &self.placement {
            s = p.apply(&s);
        }
        s
    }

    /// Puts a piece down at `at`, if the scenario's rules allow it there.
    pub fn place(&mut self, piece: Piece, at: (f32, f32)) -> Result<(), String> {
        let Some(p) = self.placement.as_mut() else {
            return Err("nothing to place in this set-up".into());
        };
        let before = p.clone();
        match piece {
            Piece::Unit(i) if i < p.units.len() => p.units[i].1 = at,
            Piece::Dummy(i) if i < p.dummies.len() => p.dummies[i] = at,
            Piece::Dummy(i) if i == p.dummies.len() && i < p.max_dummies => p.dummies.push(at),
            _ => return Err("no such piece".into()),
        }
        // The loader's own checks, on the scenario in memory: every rule a scenario file obeys
        // (the zone, the table, terrain, other bases) holds for a placement too.
        let verdict = check_scenario(&self.scenario(), &self.rules).map_err(|p| p.message);
        if verdict.is_err() {
            self.placement = Some(before);
        }
        self.problem = verdict.clone().err();
        verdict
    }

    /// Takes a dummy counter off the table.
    pub fn remove_dummy(&mut self, i: usize) {
        if let Some(p) = self.placement.as_mut()
            && i < p.dummies.len()
        {
            p.dummies.remove(i);
        }
        self.selected = None;
    }

    /// Goes on to the next step (the next player's, in hot-seat, behind a curtain). Returns the
    /// game to start when the last step is done.
    pub fn finish_step(&mut self) -> Option<NewGame> {
        let was = self.step().map(DeploymentStep::side);
        self.current += 1;
        self.selected = None;
        self.problem = None;
        match self.step() {
            Some(step) => {
                if self.setup.controllers.is_hot_seat() && Some(step.side()) != was {
                    self.ready = false;
                }
                None
            }
            None => {
                let mut setup = self.setup.clone();
                setup.scenario = self.scenario();
                Some(setup)
            }
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw_setup
            .in_set(EguiPass::Screens)
            .run_if(in_state(Screen::Deployment)),
    );
}

fn draw_setup(
    mut commands: Commands,
    mut by_file_menu: ResMut<crate::screen::by_file::ByFileMenu>,
    mut contexts: EguiContexts,
    wizard: Option<ResMut<DeploymentWizard>>,
    mut requests: MessageWriter<GameRequest>,
    mut screen: ResMut<NextState<Screen>>,
    display: Res<DisplaySettings>,
) -> Result {
    let palette = display.palette();
    let ctx = contexts.ctx_mut()?;
    let Some(mut wizard) = wizard else {
        return Ok(());
    };
    let mut root = crate::ui::window_ui(ctx, "setup");
    // The page scrolls: at 1280x720 a step with its map is taller than the window.
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("setup page")
            .show(ui, |ui| {
                setup_page(
                    ui,
                    &mut wizard,
                    &mut commands,
                    &mut by_file_menu,
                    &mut requests,
                    &mut screen,
                    palette,
                )
            })
    });
    Ok(())
}

/// One step of the set-up, on its scrolling page.
fn setup_page(
    ui: &mut egui::Ui,
    wizard: &mut DeploymentWizard,
    commands: &mut Commands,
    by_file_menu: &mut crate::screen::by_file::ByFileMenu,
    requests: &mut MessageWriter<GameRequest>,
    screen: &mut NextState<Screen>,
    palette: Palette,
) {
    let Some(step) = wizard.step() else { return };
    ui.heading(format!(
        "{}: set-up, step {} of {}",
        wizard.setup.scenario.name,
        wizard.current + 1,
        wizard.steps.len()
    ));
    if !wizard.ready {
        // Hot-seat: the other player must not see this step's secrets.
        ui.add_space(40.0);
        ui.heading(format!(
            "Pass the screen to the {} player",
            wizard.setup.scenario.names(&wizard.rules).of(step.side())
        ));
        ui.label("The other player looks away while you make your secret choices.");
        if ui.button("I am ready").clicked() {
            wizard.ready = true;
        }
        return;
    }
    match step {
        DeploymentStep::March(side) => march_ui(ui, wizard, side, palette),
        DeploymentStep::Ambush(side) => ambush_ui(ui, wizard, side, palette),
    }
    ui.separator();
    ui.horizontal(|ui| {
        if ui.button("Back to the menu").clicked() {
            screen.set(Screen::Menu);
        }
        let last = wizard.current + 1 == wizard.steps.len();
        if ui
            .button(if last { "Start the game" } else { "Done" })
            .clicked()
            && let Some(setup) = wizard.finish_step()
        {
            if let Some(by_file) = wizard.by_file.clone() {
                // Played by file: the choice is committed in this side's message.
                crate::screen::by_file::set_up_chosen(
                    by_file,
                    &setup.scenario,
                    by_file_menu,
                    commands,
                );
                screen.set(Screen::Menu);
                return;
            }
            requests.write(GameRequest::Start(Box::new(GameChoice::new_game(
                setup,
                wizard.rules.clone(),
                wizard.file.clone(),
                wizard.autosave,
            ))));
            // Leave the last step on screen until the table takes over.
            wizard.current -= 1;
        }
    });
}

/// The column player's secret order of march: move units up and down, set the spacing.
fn march_ui(ui: &mut egui::Ui, wizard: &mut DeploymentWizard, side: Side, palette: Palette) {
    let labels = column_labels(&wizard.setup.scenario, side);
    let Some(m) = wizard.march.as_mut() else {
        return;
    };
    ui.strong(format!(
        "The {}' order of march (secret until the ambush is sprung)",
        wizard.setup.scenario.names(&wizard.rules).of(side)
    ));
    ui.label("The lead marches first along the route; the rest follow at the spacing you set.");
    let mut swap = None;
    for (pos, i) in m.order.iter().enumerate() {
        ui.horizontal(|ui| {
            ui.label(format!(
                "{}. {}",
                pos + 1,
                labels.get(*i).map_or("?", String::as_str)
            ));
            if pos > 0 && ui.small_button("up").clicked() {
                swap = Some((pos, pos - 1));
            }
            if pos + 1 < m.order.len() && ui.small_button("down").clicked() {
                swap = Some((pos, pos + 1));
            }
        });
    }
    if let Some((a, b)) = swap {
        m.order.swap(a, b);
    }
    ui.horizontal(|ui| {
        ui.label("Spacing (inches)");
        ui.add(
            egui::DragValue::new(&mut m.spacing)
                .range(1.0..=8.0)
                .speed(0.1),
        );
    });
    ui.label("The column's route:");
    let scenario = wizard.scenario();
    draw_map(ui, &scenario, None, None, palette);
}

/// The ambusher's map: pick a unit or dummy, click where it goes; the spring point slider.
fn ambush_ui(ui: &mut egui::Ui, wizard: &mut DeploymentWizard, side: Side, palette: Palette) {
    ui.strong(format!(
        "The {}' ambush: hidden units and dummy counters",
        wizard.setup.scenario.names(&wizard.rules).of(side)
    ));
    // 004: the ambusher places its pieces before "the player being ambushed shows the other
    // player the order"; the order is shown on the table, where the spring point is picked.
    ui.label(
        "The column's order of march is shown to you once your pieces are down, on the table, \
         where you say where its lead is when you spring the ambush.",
    );
    ui.label("Click a piece, then click inside the shaded zone to put it there.");
    let scenario = wizard.scenario();
    let Some(placement) = wizard.placement.clone() else {
        return;
    };
    ui.horizontal_wrapped(|ui| {
        for (i, (label, _)) in placement.units.iter().enumerate() {
            let on = wizard.selected == Some(Piece::Unit(i));
            if ui.selectable_label(on, label).clicked() {
                wizard.selected = Some(Piece::Unit(i));
            }
        }
        for i in 0..placement.dummies.len() {
            let on = wizard.selected == Some(Piece::Dummy(i));
            if ui
                .selectable_label(on, format!("dummy {}", i + 1))
                .clicked()
            {
                wizard.selected = Some(Piece::Dummy(i));
            }
        }
        if placement.dummies.len() < placement.max_dummies && ui.button("add a dummy").clicked() {
            wizard.selected = Some(Piece::Dummy(placement.dummies.len()));
        }
        if let Some(Piece::Dummy(i)) = wizard.selected
            && i < placement.dummies.len()
            && ui.button("remove this dummy").clicked()
        {
            wizard.remove_dummy(i);
        }
    });
    if let Some(clicked) = draw_map(ui, &scenario, Some(&placement), wizard.selected, palette)
        && let Some(piece) = wizard.selected
    {
        // A refusal stays on screen; a success moves on to the next piece.
        if wizard.place(piece, clicked).is_ok() {
            wizard.selected = None;
        }
    }
    if let Some(why) = &wizard.problem {
        ui.colored_label(egui::Color32::from_rgb(255, 110, 90), why);
    }
}

/// Draws the table to scale with its terrain, the zone, the route and the ambusher's pieces. Returns the table point clicked, if any.
fn draw_map(
    ui: &mut egui::Ui,
    s: &Scenario,
    placement: Option<&Placement>,
    selected: Option<Piece>,
    palette: Palette,
) -> Option<(f32, f32)> {
    let (w, d) = s.table;
    let width = ui.available_width().min(900.0);
    // Inside the page's scroll area the height is unbounded: the window's is the bound.
    let room = ui
        .available_height()
        .min(ui.ctx().viewport_rect().height() * 0.75);
    let scale = (width / w).min((room - 80.0).max(200.0) / d);
    let (response, painter) =
        ui.allocate_painter(egui::vec2(w * scale, d * scale), egui::Sense::click());
    let origin = response.rect.left_bottom();
    // Table inches (y north) to screen points (y down).
    let to_screen = |x: f32, y: f32| egui::pos2(origin.x + x * scale, origin.y - y * scale);
    // The table in its own art, as the window draws it.
    let table = art::table(Vec2::new(w, d), &s.terrain, s.environment, palette);
    painter.add(egui::Shape::mesh(
        Triangles::of(&table).egui_mesh(|p| to_screen(p.x, p.y)),
    ));
    let shape = |sh: &Shape, fill: egui::Color32, stroke: egui::Stroke| match sh {
        Shape::Circle { center, radius } => {
            painter.circle(to_screen(center.0, center.1), radius * scale, fill, stroke);
        }
        Shape::Rect { .. } => {
            if let Some(corners) = sh.polygon() {
                let points = corners.iter().map(|c| to_screen(c.x, c.y)).collect();
                painter.add(egui::Shape::convex_polygon(points, fill, stroke));
            }
        }
        Shape::Polygon { .. } => {
            // A concave outline is filled triangle by triangle, then edged once.
            let k = sh.outline().unwrap_or_default();
            let on_screen: Vec<egui::Pos2> = k.iter().map(|c| to_screen(c.x, c.y)).collect();
            for t in ambush_data::polygon::triangulate(&k) {
                let tri = t.iter().map(|&i| on_screen[i]).collect();
                painter.add(egui::Shape::convex_polygon(tri, fill, egui::Stroke::NONE));
            }
            painter.add(egui::Shape::closed_line(on_screen, stroke));
        }
    };
    let a = s.ambush.as_ref()?;
    let zone = egui::Color32::from_rgba_unmultiplied(255, 220, 120, 50);
    for z in &a.zone {
        shape(
            z,
            zone,
            egui::Stroke::new(1.5, egui::Color32::from_rgb(255, 220, 120)),
        );
    }
    let (route, _) = route_of(&a.route);
    for seg in route.windows(2) {
        painter.line_segment(
            [to_screen(seg[0].x, seg[0].y), to_screen(seg[1].x, seg[1].y)],
            egui::Stroke::new(2.0, egui::Color32::from_rgb(230, 215, 160)),
        );
    }
    let font = egui::FontId::proportional(12.0);
    let chosen = egui::Stroke::new(2.5, egui::Color32::WHITE);
    // The column's player has nothing to place: the map is only to look at.
    let placement = placement?;
    for (i, (label, at)) in placement.units.iter().enumerate() {
        let c = to_screen(at.0, at.1);
        let fill = match placement.side {
            Side::Humans => egui::Color32::from_rgb(40, 90, 220),
            Side::Aliens => egui::Color32::from_rgb(200, 40, 40),
        };
        let stroke = if selected == Some(Piece::Unit(i)) {
            chosen
        } else {
            egui::Stroke::NONE
        };
        painter.circle(c, 0.6 * scale, fill, stroke);
        painter.text(
            c + egui::vec2(0.0, 0.6 * scale + 2.0),
            egui::Align2::CENTER_TOP,
            label,
            font.clone(),
            egui::Color32::WHITE,
        );
    }
    for (i, at) in placement.dummies.iter().enumerate() {
        let c = to_screen(at.0, at.1);
        let r = egui::Rect::from_center_size(c, egui::vec2(1.2 * scale, 1.2 * scale));
        let stroke = if selected == Some(Piece::Dummy(i)) {
            chosen
        } else {
            egui::Stroke::new(1.5, egui::Color32::from_rgb(242, 190, 76))
        };
        painter.rect_stroke(r, 0.0, stroke, egui::StrokeKind::Inside);
        painter.text(
            c,
            egui::Align2::CENTER_CENTER,
            "D",
            font.clone(),
            egui::Color32::from_rgb(242, 190, 76),
        );
    }
    if response.clicked()
        && let Some(p) = response.interact_pointer_pos()
    {
        let x = (p.x - origin.x) / scale;
        let y = (origin.y - p.y) / scale;
        return Some((x, y));
    }
    None
}
