//! The main menu: the scenarios of `scenarios/` and of each mod, grouped, with their briefings, and the rules options.

use crate::screen::catalogue::Catalogue;
use crate::screen::deployment::DeploymentWizard;
use crate::screen::loading::{GameFiles, RonText};
use crate::screen::mods::ModShelf;
use crate::screen::saves::{Interrupted, choice_from_save, describe};
use crate::screen::thumbnail::MapCache;
use crate::screen::title::{TitleScene, title_banner};
use crate::screen::{
    AlienPace, DirectStart, EditorFolders, EditorWorkbench, GameChoice, GameOptions, GameRequest,
    Screen,
};
use crate::ui::EguiPass;
use crate::view::art::Palette;
use crate::view::display::display_path;
use crate::view::{DisplaySettings, UI_SCALES};
use ambush_data::ambush_spec::AmbushSetup;
use ambush_data::board::Side;
use ambush_data::scenario::{InferiorPenalty, WoundMethod};
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{Controller, Controllers};
use ambush_engine::play::new_game::NewGame;
use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Screen::Menu),
        (build_catalogue, start_directly).chain(),
    );
    app.add_systems(
        EguiPrimaryContextPass,
        draw_menu
            .in_set(EguiPass::Screens)
            .run_if(in_state(Screen::Menu)),
    );
}

fn build_catalogue(
    files: Option<Res<GameFiles>>,
    texts: Res<Assets<RonText>>,
    shelf: Res<ModShelf>,
    mut commands: Commands,
) {
    let collect = |map: &bevy::platform::collections::HashMap<String, Handle<RonText>>| {
        map.iter()
            .filter_map(|(k, h)| texts.get(h).map(|t| (k.clone(), t.text.clone())))
            .collect::<Vec<_>>()
    };
    let mut catalogue = match files {
        Some(f) => Catalogue::from_texts(&collect(&f.rules), &collect(&f.scenarios)),
        None => Catalogue::from_texts(&[], &[]),
    };
    catalogue.set_mods(&shelf);
    catalogue.game_files = crate::install::game_folder().describe();
    if let Some(p) = &mut catalogue.rules_problem {
        p.push_str(&format!("; {}", catalogue.game_files));
    }
    for g in &catalogue.groups {
        if let Some(p) = &g.problem {
            warn!(
                "{}",
                ambush_data::text::plain(&format!("mod {}: {p}", g.name))
            );
        }
    }
    if let Some(p) = &catalogue.rules_problem {
        warn!("{}", ambush_data::text::plain(p));
    }
    for e in &catalogue.scenarios {
        if let Err(why) = &e.scenario {
            warn!("{}", ambush_data::text::plain(&why.to_string()));
        }
    }
    info!(
        "menu: {} of {} scenarios playable ({})",
        catalogue
            .scenarios
            .iter()
            .filter(|e| e.scenario.is_ok())
            .count(),
        catalogue.scenarios.len(),
        catalogue.game_files
    );
    commands.insert_resource(catalogue);
}

/// `ambush play --scenario` goes straight to the table, or to its set-up screens.
fn start_directly(
    direct: Option<Res<DirectStart>>,
    mut commands: Commands,
    mut requests: MessageWriter<GameRequest>,
    mut screen: ResMut<NextState<Screen>>,
) {
    if let Some(d) = direct {
        // An ambush with a player's part in it opens on its set-up screens.
        let wizard = (!d.0.set_up)
            .then(|| DeploymentWizard::new(d.0.setup.clone(), d.0.rules.clone()))
            .flatten();
        match wizard {
            Some(mut wizard) => {
                wizard.file = d.0.file.clone();
                wizard.autosave = d.0.autosave;
                commands.insert_resource(wizard);
                screen.set(Screen::Deployment);
            }
            None => {
                requests.write(GameRequest::Start(Box::new(d.0.clone())));
            }
        }
        commands.remove_resource::<DirectStart>();
    }
}

fn draw_menu(
    mut contexts: EguiContexts,
    catalogue: Option<Res<Catalogue>>,
    mut options: ResMut<GameOptions>,
    mut chosen: Local<usize>,
    interrupted: Res<Interrupted>,
    mut resume_problem: Local<Option<String>>,
    mut requests: MessageWriter<GameRequest>,
    mut commands: Commands,
    mut screen: ResMut<NextState<Screen>>,
    mut display: ResMut<DisplaySettings>,
    mut maps: Local<MapCache>,
    title: Option<Res<TitleScene>>,
    folders: Option<Res<EditorFolders>>,
    mut edit_problem: Local<Option<String>>,
    left: Res<crate::screen::editor::DraftLeft>,
    mut remote: crate::screen::live::RemotePlay,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(catalogue) = catalogue else {
        return Ok(());
    };
    let palette = display.palette();
    let mut root = crate::ui::window_ui(ctx, "menu");
    // What the last step came to, in a bar of a fixed height at the bottom: a message that
    // comes or goes never moves the button under the pointer.
    egui::Panel::bottom("menu status")
        .exact_size(MENU_STATUS_HEIGHT)
        .resizable(false)
        .show(&mut root, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("menu status")
                .show(ui, |ui| {
                    crate::screen::by_file::status_ui(ui, &remote.by_file);
                    for why in [resume_problem.as_ref(), edit_problem.as_ref()]
                        .into_iter()
                        .flatten()
                    {
                        ui.colored_label(egui::Color32::from_rgb(255, 110, 90), why);
                    }
                });
        });
    egui::CentralPanel::default_margins().show(&mut root, |ui| {
        // The whole page scrolls, so every option is in reach in a small window (1280x720).
        let page = ui.available_height();
        egui::ScrollArea::vertical()
            .id_salt("menu page")
            .show(ui, |ui| {
                if let Some(scene) = &title {
                    title_banner(ui, &scene.triangles);
                }
                if let Some(p) = &catalogue.rules_problem {
                    ui.colored_label(egui::Color32::from_rgb(255, 110, 90), p);
                }
                if let Some(entry) = &interrupted.0 {
                    ui.separator();
                    ui.horizontal(|ui| {
                        if ui.button("Resume the interrupted game").clicked() {
                            match choice_from_save(&entry.path) {
                                Ok(choice) => {
                                    *resume_problem = None;
                                    requests.write(GameRequest::Start(Box::new(choice)));
                                }
                                Err(why) => *resume_problem = Some(why),
                            }
                        }
                        ui.label(describe(entry));
                    });
                }
                ui.separator();
                ui.horizontal(|ui| {
                    if ui.button("New scenario in the editor").clicked() {
                        commands.insert_resource(EditorWorkbench::new_scenario(catalogue.rules.clone()));
                        screen.set(Screen::Editor);
                    }
                    if let Some(draft) = &left.0
                        && ui
                            .button(format!(
                                "Reopen the editor's unsaved draft ({})",
                                draft.scenario.name
                            ))
                            .clicked()
                    {
                        let workbench = crate::screen::editor::reopen(draft, catalogue.rules.clone());
                        commands.insert_resource(workbench);
                        screen.set(Screen::Editor);
                    }
                });
                crate::screen::by_file::open_turn_ui(ui, &mut remote.by_file, &mut commands);
                crate::screen::live::join_ui(ui, &mut remote, &mut commands);
                ui.separator();
                ui.columns(2, |cols| {
                    egui::ScrollArea::vertical()
                        .id_salt("scenario list")
                        .max_height((page * 0.4).max(160.0))
                        .show(&mut cols[0], |ui| {
                            scenario_list(ui, &catalogue, &mut chosen, &mut maps, palette)
                        });
                    cols[0].separator();
                    options_ui(&mut cols[0], &mut options);
                    cols[0].separator();
                    display_ui(&mut cols[0], &mut display);
                    let Some(entry) = catalogue.scenarios.get(*chosen) else {
                        return;
                    };
                    let ui = &mut cols[1];
                    match &entry.scenario {
                        Ok(s) => {
                            let names = s.names(&entry.rules);
                            let (humans, aliens) = (names.of(Side::Humans), names.of(Side::Aliens));
                            ui.heading(&s.name);
                            ui.small(&entry.file);
                            let w = ui.available_width().min(520.0);
                            let (rect, _) = ui.allocate_exact_size(
                                egui::vec2(w, w * (s.table.1 / s.table.0).clamp(0.3, 1.0)),
                                egui::Sense::hover(),
                            );
                            maps.paint(ui, rect, &entry.file, s, &entry.rules, palette);
                            ui.small(
                                "Blue squares: the human side where it deploys; orange diamonds: the \
                                 alien side (an ambush's hidden units are not shown). Dashed orange: the \
                                 ambush's set-up zone; pale line: the column's route; star: the objective.",
                            );
                            ui.label(&s.briefing);
                            ui.label(format!(
                                "Table {}\" x {}\", {} turns, {} units of the {humans}; their wounds by {:?}.",
                                s.table.0,
                                s.table.1,
                                s.turn_limit,
                                s.units.len(),
                                s.human_wounds
                            ));
                            ui.separator();
                            if s.ambush
                                .as_ref()
                                .is_some_and(|a| a.setup != AmbushSetup::None)
                            {
                                ui.label(
                                    "An ambush scenario: before the game the column's player writes its \
                                     order of march, and the ambusher places hidden units and dummies \
                                     and picks the spring point (004).",
                                );
                            }
                            // A scenario of the game or a bundled mod is copied into a mod of the
                            // user's when saved: the editor never writes into the game's folders.
                            if ui.button("Edit in the scenario editor").clicked()
                                && let Some(folders) = folders.as_deref()
                            {
                                let path = if entry.group == 0 {
                                    folders.game_root.join(&entry.file)
                                } else {
                                    std::path::PathBuf::from(&entry.file)
                                };
                                match crate::screen::editor::open_file(&path, &folders.protected) {
                                    Ok(workbench) => {
                                        *edit_problem = None;
                                        commands.insert_resource(workbench);
                                        screen.set(Screen::Editor);
                                    }
                                    Err(why) => *edit_problem = Some(why),
                                }
                            }
                            // At a distance, a mod's scenario takes its mod's tables along in
                            // the game's first message.
                            if let Some(folders) = folders.as_deref() {
                                let path = if entry.group == 0 {
                                    folders.game_root.join(&entry.file)
                                } else {
                                    std::path::PathBuf::from(&entry.file)
                                };
                                crate::screen::by_file::start_game_ui(
                                    ui,
                                    (&path, &entry.rules),
                                    s,
                                    (humans, aliens),
                                    &mut remote.by_file,
                                    &mut commands,
                                );
                                crate::screen::live::host_ui(
                                    ui,
                                    (&path, &entry.rules),
                                    s,
                                    (humans, aliens),
                                    &mut remote,
                                    &mut commands,
                                );
                            }
                            let against = |side: Side| {
                                let Controller::Ai(ai) = Controllers::solo_as(side, options.opponent, s).get(side.other()) else {
                                    unreachable!("solo play has an AI opponent")
                                };
                                ai.describe()
                            };
                            let solo = ui.button(format!("Play as the {humans} (the {aliens} are {})", against(Side::Humans)));
                            let solo_aliens = ui.button(format!("Play as the {aliens} (the {humans} are {})", against(Side::Aliens)));
                            let hot_seat = ui.button(format!("Hot-seat: two players, {humans} and {aliens}"));
                            if solo.clicked() || solo_aliens.clicked() || hot_seat.clicked() {
                                let mut setup = NewGame::new(options.apply(s), options.seed, 0);
                                setup.wounds = options.human_wounds;
                                setup.controllers = if hot_seat.clicked() {
                                    Controllers::hot_seat()
                                } else if solo_aliens.clicked() {
                                    Controllers::solo_as(Side::Aliens, options.opponent, s)
                                } else {
                                    Controllers::solo_as(Side::Humans, options.opponent, s)
                                };
                                let (rules, file) = (entry.rules.clone(), Some(entry.file.clone()));
                                let choice = GameChoice::new_game(setup, rules, file, true);
                                // The set-up screens come first when a player has a part in them.
                                match DeploymentWizard::new(choice.setup.clone(), choice.rules.clone()) {
                                    Some(mut wizard) => {
                                        wizard.file = choice.file;
                                        wizard.autosave = choice.autosave;
                                        commands.insert_resource(wizard);
                                        screen.set(Screen::Deployment);
                                    }
                                    None => {
                                        requests.write(GameRequest::Start(Box::new(choice)));
                                    }
                                }
                            }
                        }
                        Err(why) => {
                            ui.colored_label(egui::Color32::from_rgb(255, 110, 90), why);
                        }
                    }
                });
            });
    });
    Ok(())
}

/// The height of the menu's status bar: three lines, scrolling when a message is longer.
const MENU_STATUS_HEIGHT: f32 = 58.0;

/// The scenarios under their groups' headings, each with a small map: the game's own, then each
/// mod with its problem.
fn scenario_list(
    ui: &mut egui::Ui,
    catalogue: &Catalogue,
    chosen: &mut usize,
    maps: &mut MapCache,
    palette: Palette,
) {
    for (g, group) in catalogue.groups.iter().enumerate() {
        ui.strong(&group.name);
        if !group.description.is_empty() {
            ui.small(&group.description);
        }
        if let Some(p) = &group.problem {
            ui.colored_label(egui::Color32::from_rgb(255, 110, 90), p);
        }
        let mut any = false;
        for (i, e) in catalogue.scenarios.iter().enumerate() {
            if e.group != g {
                continue;
            }
            any = true;
            ui.horizontal(|ui| {
                let (rect, _) =
                    ui.allocate_exact_size(egui::vec2(60.0, 40.0), egui::Sense::hover());
                let name = match &e.scenario {
                    Ok(s) => {
                        maps.paint(ui, rect, &e.file, s, &e.rules, palette);
                        s.name.clone()
                    }
                    Err(_) => format!("{} (cannot be played)", e.file),
                };
                ui.selectable_value(chosen, i, name);
            });
        }
        if !any && group.problem.is_none() {
            ui.label("No scenarios.");
            // The game's own list is never empty where its files were found: say where it looked.
            if g == 0 {
                ui.colored_label(egui::Color32::from_rgb(255, 110, 90), &catalogue.game_files);
            }
        }
        ui.add_space(6.0);
    }
}

/// The display options: the overlay's scale and the high-contrast palette, remembered in the
/// config directory.
fn display_ui(ui: &mut egui::Ui, display: &mut DisplaySettings) {
    ui.strong("Display");
    let mut chosen = *display;
    ui.horizontal(|ui| {
        ui.label("Text and buttons");
        for scale in UI_SCALES {
            ui.selectable_value(
                &mut chosen.ui_scale,
                scale,
                format!("{:.0}%", scale * 100.0),
            );
        }
    });
    ui.checkbox(
        &mut chosen.high_contrast,
        "High contrast: stronger colours on the table and tokens",
    );
    if chosen != *display {
        *display = chosen;
        if let Some(path) = display_path()
            && let Err(e) = display.save(&path)
        {
            warn!("{}: cannot save the display settings: {e}", path.display());
        }
    }
}

fn options_ui(ui: &mut egui::Ui, options: &mut GameOptions) {
    ui.strong("Rules options");
    ui.label("Wounds of the human side (001 offers two methods):");
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
    ui.label("Morale of the human side (001: a third lost and it withdraws):");
    ui.horizontal(|ui| {
        ui.radio_value(&mut options.human_morale, None, "as the scenario says");
        ui.radio_value(&mut options.human_morale, Some(true), "on");
        ui.radio_value(&mut options.human_morale, Some(false), "off");
    });
    ui.label("Inferior weapons (001: \"one or more of\" its penalties):");
    ui.horizontal(|ui| {
        ui.radio_value(&mut options.inferior_weapons, None, "as the scenario says");
        ui.radio_value(&mut options.inferior_weapons, Some(None), "none");
        ui.radio_value(
            &mut options.inferior_weapons,
            Some(Some(Side::Humans)),
            "the human side's",
        );
        ui.radio_value(
            &mut options.inferior_weapons,
            Some(Some(Side::Aliens)),
            "the waves'",
        );
    });
    if matches!(options.inferior_weapons, Some(Some(_))) {
        let r = &mut options.inferior_weapon_rules;
        ui.horizontal(|ui| {
            ui.checkbox(&mut r.no_long_range, "no fire above medium range");
            ui.label("−1 on");
            ui.radio_value(&mut r.penalty, InferiorPenalty::ToHit, "to hit");
            ui.radio_value(&mut r.penalty, InferiorPenalty::HitEffect, "hit effect");
            ui.radio_value(&mut r.penalty, InferiorPenalty::None, "neither");
        });
        if !r.no_long_range && r.penalty == InferiorPenalty::None {
            // "one or more of": with neither, the inferior weapon would be no different.
            r.no_long_range = true;
        }
    }
    ui.label("Wounds of the waves: turned cards (001's rule for them; it has no alternative).");
    ui.label("The AI you play against, solo (a level is a way of playing: no extra units, dice or sight):");
    ui.horizontal(|ui| {
        ui.radio_value(&mut options.opponent, None, "as the rules say")
            .on_hover_text(
                "The aliens: 001's random monster, nearest first, charging what it can reach, unless the scenario gives them the commander (its `alien_player`); the solo buttons say which. The marines: the normal commander.",
            );
        for level in AiLevel::ALL {
            ui.radio_value(&mut options.opponent, Some(level), level.name())
                .on_hover_text(level.summary());
        }
    });
    ui.label("Speed of the AI's moves:");
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
