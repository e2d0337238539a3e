//! The main menu: the scenarios found in `scenarios/` with their briefings, and the rules options.

use crate::control::Controllers;
use crate::rules::Rules;
use crate::rules::tables::RULE_FILES;
use crate::scenario::format::{AmbushSetup, Scenario, Side, WoundMethod};
use crate::scenario::spawn::GameSetup;
use crate::scenario::validate::parse_scenario;
use crate::screen::loading::{GameFiles, RonText};
use crate::screen::{AlienPace, DirectStart, Screen, SessionOptions, SessionRequest};
use crate::turn::phase::GameSet;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use std::path::Path;
use std::sync::Arc;

/// A scenario file and what became of reading it.
#[derive(Debug, Clone)]
pub struct CatalogueEntry {
    pub file: String,
    /// The scenario, or the validator's message naming file, line and field.
    pub scenario: Result<Scenario, String>,
}

/// The rule tables and scenarios the menu offers.
#[derive(Resource, Debug, Clone)]
pub struct Catalogue {
    pub rules: Arc<Rules>,
    /// Why `assets/rules/` could not be used, if it could not (the bundled tables are used).
    pub rules_problem: Option<String>,
    pub scenarios: Vec<CatalogueEntry>,
}

impl Catalogue {
    /// Reads the rule tables and scenarios from their texts: (file name, text) pairs. A bad rule
    /// file falls back to the bundled tables; a bad scenario is listed with its error.
    pub fn from_texts(
        rule_texts: &[(String, String)],
        scenario_texts: &[(String, String)],
    ) -> Self {
        let text_of = |name: &str| {
            rule_texts
                .iter()
                .find(|(f, _)| Path::new(f).file_name().is_some_and(|n| n == name))
                .map(|(_, t)| t.as_str())
        };
        let texts: Option<Vec<&str>> = RULE_FILES.iter().map(|f| text_of(f)).collect();
        let (rules, rules_problem) = match texts {
            Some(t) => match Rules::from_texts(
                |f| format!("assets/rules/{f}"),
                std::array::from_fn(|i| t[i]),
            ) {
                Ok(r) => (Arc::new(r), None),
                Err(e) => (
                    Arc::new(Rules::bundled().clone()),
                    Some(format!("{e} (using the bundled rule tables)")),
                ),
            },
            None => (
                Arc::new(Rules::bundled().clone()),
                Some("assets/rules/ is missing a rule file (using the bundled rule tables)".into()),
            ),
        };
        let mut scenarios: Vec<CatalogueEntry> = scenario_texts
            .iter()
            .map(|(file, text)| {
                let shown = format!(
                    "scenarios/{}",
                    Path::new(file)
                        .file_name()
                        .map_or(file.as_str(), |n| n.to_str().unwrap_or(file))
                );
                CatalogueEntry {
                    scenario: parse_scenario(&shown, text, &rules).map_err(|e| e.to_string()),
                    file: shown,
                }
            })
            .collect();
        scenarios.sort_by(|a, b| a.file.cmp(&b.file));
        Catalogue {
            rules,
            rules_problem,
            scenarios,
        }
    }
}

/// The column's secret order of march and spacing, chosen before a complex ambush (004: "the
/// player that will be ambushed writes down the order that his units will move on the table, and
/// the distance separating them").
#[derive(Debug, Clone, PartialEq)]
pub struct MarchOrder {
    /// Indices into the scenario's units, first = the lead.
    pub order: Vec<usize>,
    pub spacing: f32,
}

impl MarchOrder {
    /// The scenario's own order and spacing.
    pub fn of(s: &Scenario) -> Option<MarchOrder> {
        let a = s.ambush.as_ref()?;
        (a.setup == AmbushSetup::Complex && a.ambushed == Side::Humans).then(|| MarchOrder {
            order: (0..s.units.len()).collect(),
            spacing: a.spacing,
        })
    }

    /// The scenario with the column in this order and at this spacing.
    pub fn apply(&self, s: &Scenario) -> Scenario {
        let mut out = s.clone();
        if self.order.len() == s.units.len() && self.order.iter().all(|i| *i < s.units.len()) {
            out.units = self.order.iter().map(|i| s.units[*i].clone()).collect();
        }
        if let Some(a) = out.ambush.as_mut() {
            a.spacing = self.spacing.clamp(1.0, 8.0);
        }
        out
    }
}

/// The ambusher's spring point on the column's route, when the player sets the ambush (004
/// simple ambush: "the player conducting the ambush indicates where he wants the lead unit to be
/// when the ambush is sprung").
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SpringPoint {
    /// Inches along the route.
    pub at: f32,
    /// The least it may be: the whole column must stand on the route.
    pub least: f32,
    /// The route's length.
    pub length: f32,
}

impl SpringPoint {
    pub fn of(s: &Scenario) -> Option<SpringPoint> {
        let a = s.ambush.as_ref()?;
        if a.setup != AmbushSetup::Simple || a.ambushed != Side::Aliens || a.route.len() < 2 {
            return None;
        }
        let (_, length) = crate::rules::surprise::route_of(&a.route);
        let column = a.units.iter().filter(|u| u.side == Side::Aliens).count();
        let least = (a.spacing * column.saturating_sub(1) as f32).min(length);
        Some(SpringPoint {
            at: a.spring_at.unwrap_or(length).clamp(least, length),
            least,
            length,
        })
    }

    pub fn apply(&self, s: &Scenario) -> Scenario {
        let mut out = s.clone();
        if let Some(a) = out.ambush.as_mut() {
            a.spring_at = Some(self.at.clamp(self.least, self.length));
        }
        out
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        (build_catalogue, start_directly).chain(),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu
            .in_set(GameSet::Presentation)
            .run_if(in_state(Screen::Menu)),
    );
}

fn build_catalogue(
    files: Option<Res<GameFiles>>,
    texts: Res<Assets<RonText>>,
    mut commands: Commands,
) {
    let collect = |map: &bevy::platform::collections::HashMap<String, Handle<RonText>>| {
        map.iter()
            .filter_map(|(k, h)| texts.get(h).map(|t| (k.clone(), t.text.clone())))
            .collect::<Vec<_>>()
    };
    let catalogue = match files {
        Some(f) => Catalogue::from_texts(&collect(&f.rules), &collect(&f.scenarios)),
        None => Catalogue::from_texts(&[], &[]),
    };
    if let Some(p) = &catalogue.rules_problem {
        warn!("{p}");
    }
    for e in &catalogue.scenarios {
        if let Err(why) = &e.scenario {
            warn!("{why}");
        }
    }
    info!(
        "menu: {} of {} scenarios playable",
        catalogue
            .scenarios
            .iter()
            .filter(|e| e.scenario.is_ok())
            .count(),
        catalogue.scenarios.len()
    );
    commands.insert_resource(catalogue);
}

/// `ambush play --scenario` goes straight to the table.
fn start_directly(
    direct: Option<Res<DirectStart>>,
    mut commands: Commands,
    mut requests: MessageWriter<SessionRequest>,
) {
    if let Some(d) = direct {
        requests.write(SessionRequest::Start(Box::new(d.0.clone())));
        commands.remove_resource::<DirectStart>();
    }
}

fn draw_menu(
    mut contexts: EguiContexts,
    catalogue: Option<Res<Catalogue>>,
    mut options: ResMut<SessionOptions>,
    mut chosen: Local<usize>,
    mut march: Local<Option<(usize, MarchOrder)>>,
    mut spring: Local<Option<(usize, SpringPoint)>>,
    mut requests: MessageWriter<SessionRequest>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(catalogue) = catalogue else {
        return Ok(());
    };
    let mut root = egui::Ui::new(
        ctx.clone(),
        "menu".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        ui.heading("Ambush");
        ui.label("Marines against alien waves. Every roll is shown and explained.");
        if let Some(p) = &catalogue.rules_problem {
            ui.colored_label(egui::Color32::from_rgb(255, 110, 90), p);
        }
        ui.separator();
        ui.columns(2, |cols| {
            cols[0].strong("Scenarios");
            if catalogue.scenarios.is_empty() {
                cols[0].label("No scenarios found in scenarios/.");
            }
            for (i, e) in catalogue.scenarios.iter().enumerate() {
                let name = match &e.scenario {
                    Ok(s) => s.name.clone(),
                    Err(_) => format!("{} (cannot be played)", e.file),
                };
                cols[0].selectable_value(&mut *chosen, i, name);
            }
            cols[0].separator();
            options_ui(&mut cols[0], &mut options);
            let Some(entry) = catalogue.scenarios.get(*chosen) else {
                return;
            };
            let ui = &mut cols[1];
            match &entry.scenario {
                Ok(s) => {
                    ui.heading(&s.name);
                    ui.small(&entry.file);
                    ui.label(&s.briefing);
                    ui.label(format!(
                        "Table {}\" x {}\", {} turns, {} marine units; marines' wounds by {:?}.",
                        s.table.0,
                        s.table.1,
                        s.turn_limit,
                        s.units.len(),
                        s.human_wounds
                    ));
                    ui.separator();
                    // A fresh order of march whenever another scenario is chosen.
                    if march.as_ref().map(|(i, _)| *i) != Some(*chosen) {
                        *march = MarchOrder::of(s).map(|m| (*chosen, m));
                    }
                    if let Some((_, m)) = march.as_mut() {
                        march_ui(ui, s, m);
                        ui.separator();
                    }
                    if spring.as_ref().map(|(i, _)| *i) != Some(*chosen) {
                        *spring = SpringPoint::of(s).map(|p| (*chosen, p));
                    }
                    if let Some((_, p)) = spring.as_mut() {
                        ui.strong("Your ambush: where the patrol's lead is when you spring it");
                        ui.add(
                            egui::Slider::new(&mut p.at, p.least..=p.length)
                                .suffix("\" along its route"),
                        );
                        ui.separator();
                    }
                    let solo = ui.button("Play as the marines (the aliens are the AI)");
                    let hot_seat = ui.button("Hot-seat: two players, marines and aliens");
                    if solo.clicked() || hot_seat.clicked() {
                        let s = match march.as_ref() {
                            Some((_, m)) => m.apply(s),
                            None => s.clone(),
                        };
                        let s = match spring.as_ref() {
                            Some((_, p)) => p.apply(&s),
                            None => s,
                        };
                        let mut setup = GameSetup::new(s, options.seed, 0);
                        setup.wounds = options.human_wounds;
                        setup.controllers = if hot_seat.clicked() {
                            Controllers::hot_seat()
                        } else {
                            Controllers::solo()
                        };
                        requests.write(SessionRequest::Start(Box::new(setup)));
                    }
                }
                Err(why) => {
                    ui.colored_label(egui::Color32::from_rgb(255, 110, 90), why);
                }
            }
        });
    });
    Ok(())
}

/// The column player's secret order of march: move units up and down, set the spacing.
fn march_ui(ui: &mut egui::Ui, s: &Scenario, m: &mut MarchOrder) {
    ui.strong("Your order of march (secret until the ambush is sprung)");
    let mut swap = None;
    for (pos, i) in m.order.iter().enumerate() {
        ui.horizontal(|ui| {
            let u = &s.units[*i];
            ui.label(format!("{}. {} ({:?})", pos + 1, u.label, u.troop));
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
}

fn options_ui(ui: &mut egui::Ui, options: &mut SessionOptions) {
    ui.strong("Rules options");
    ui.label("Marines' wounds (001 offers two methods):");
    ui.horizontal(|ui| {
        ui.radio_value(&mut options.human_wounds, None, "as the scenario says");
        ui.radio_value(
            &mut options.human_wounds,
            Some(WoundMethod::Degradation),
            "degradation",
        );
        ui.radio_value(
            &mut options.human_wounds,
            Some(WoundMethod::SuddenDeath),
            "sudden death",
        );
    });
    ui.label("Aliens' wounds: turned cards (001's alien rule; it has no alternative).");
    ui.label("Alien animation speed:");
    ui.horizontal(|ui| {
        for (name, pace) in AlienPace::CHOICES {
            ui.radio_value(&mut options.pace, pace, name);
        }
    });
    ui.horizontal(|ui| {
        ui.label("Seed");
        ui.add(egui::DragValue::new(&mut options.seed));
    });
}
