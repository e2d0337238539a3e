//! The scenario's settings, the aliens and their waves, and the ambush section, edited on a copy of the scenario and written to the draft as one edit when a field is done with.

use super::inspector::{finished, traits_fields};
use super::panels::ERROR;
use super::*;
use crate::editor::{Concern, new_ambush};
use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec, Detection, SurpriseEffects};
use ambush_data::board::{Edge, Side, SideNames};
use ambush_data::geometry::Shape;
use ambush_data::scenario::{
    AlienPlayer, AttackOver, Darkness, Environment, InferiorPenalty, MAX_DEPTH_FEET, Objective,
    Scenario, WoundMethod,
};
use ambush_data::tables::AmbushNature;
use bevy_egui::egui;

/// An inches field that reports when it is done with.
fn inches(ui: &mut egui::Ui, v: &mut f32, range: std::ops::RangeInclusive<f32>) -> bool {
    finished(
        &ui.add(
            egui::DragValue::new(v)
                .speed(0.25)
                .range(range)
                .suffix("\""),
        ),
    )
}

/// The problems the checks find in the field `name`, shown beside it.
fn field_problems(ui: &mut egui::Ui, workbench: &EditorWorkbench, name: &str) {
    for p in &workbench.problems {
        let here = match p.concern {
            Concern::Setting(field) => field == name,
            Concern::Ambush => name == "ambush",
            _ => false,
        };
        if here {
            ui.colored_label(ERROR, &p.problem.message);
        }
    }
}

/// The scenario's own settings. True when a field is done with.
pub(super) fn settings(ui: &mut egui::Ui, workbench: &EditorWorkbench, s: &mut Scenario) -> bool {
    let mut done = false;
    ui.strong("Scenario");
    ui.horizontal(|ui| {
        ui.label("Name");
        done |= finished(&ui.text_edit_singleline(&mut s.name));
    });
    field_problems(ui, workbench, "name");
    ui.label("Briefing");
    done |= finished(&ui.text_edit_multiline(&mut s.briefing));
    ui.horizontal(|ui| {
        ui.label("Table");
        done |= inches(ui, &mut s.table.0, 12.0..=240.0);
        done |= inches(ui, &mut s.table.1, 12.0..=240.0);
        ui.label("Turn limit");
        done |= finished(&ui.add(egui::DragValue::new(&mut s.turn_limit).range(1..=500)));
    });
    field_problems(ui, workbench, "table");
    ui.horizontal(|ui| {
        ui.label("Friendly edge");
        for (edge, label) in [
            (Edge::North, "north"),
            (Edge::East, "east"),
            (Edge::South, "south"),
            (Edge::West, "west"),
        ] {
            done |= ui
                .selectable_value(&mut s.friendly_edge, edge, label)
                .clicked();
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Objective");
        let ship = s
            .terrain
            .first()
            .map(|f| f.name.clone())
            .unwrap_or_default();
        let mut kind = match &s.objective {
            None => 0,
            Some(Objective::HoldUntilTurnLimit) => 1,
            Some(Objective::RepairAndBoard { .. }) => 2,
            Some(Objective::ReachZone { .. }) => 3,
            Some(Objective::HoldZone { .. }) => 4,
            Some(Objective::ExitEdge { .. }) => 5,
            Some(Objective::Destroy { .. }) => 6,
        };
        let before = kind;
        ui.selectable_value(&mut kind, 0, "none");
        ui.selectable_value(&mut kind, 1, "hold until the turn limit");
        ui.selectable_value(&mut kind, 2, "repair and board a ship");
        ui.selectable_value(&mut kind, 3, "reach a zone");
        ui.selectable_value(&mut kind, 4, "hold a zone at the end");
        ui.selectable_value(&mut kind, 5, "get out by an edge");
        ui.selectable_value(&mut kind, 6, "destroy or survive");
        if kind != before {
            // A new zone starts as a quarter of the table at its far (north) end's middle.
            let (w, d) = s.table;
            let zone = s
                .objective
                .as_ref()
                .and_then(|o| o.zone())
                .cloned()
                .unwrap_or(Shape::Rect {
                    center: (w * 0.5, d * 0.875),
                    size: (w * 0.5, d * 0.25),
                    rotation: 0.0,
                });
            s.objective = match kind {
                1 => Some(Objective::HoldUntilTurnLimit),
                2 => Some(Objective::RepairAndBoard { feature: ship }),
                3 => Some(Objective::ReachZone {
                    side: Side::Humans,
                    zone,
                    count: 1,
                }),
                4 => Some(Objective::HoldZone { zone }),
                // A patrol that must get through starts out making for the far (north) edge.
                5 => Some(Objective::ExitEdge {
                    side: Side::Humans,
                    edge: Edge::North,
                    count: 1,
                }),
                6 => Some(Objective::Destroy { side: Side::Humans }),
                _ => None,
            };
            done = true;
        }
    });
    if let Some(Objective::ReachZone { side, count, .. }) = &mut s.objective {
        ui.horizontal_wrapped(|ui| {
            done |= pick_side(ui, "Who must reach it", side);
            ui.label("units");
            done |= ui.add(egui::DragValue::new(count).range(1..=99)).changed();
        });
    }
    if let Some(Objective::ExitEdge { side, edge, count }) = &mut s.objective {
        ui.horizontal_wrapped(|ui| {
            done |= pick_side(ui, "Who must get out", side);
            ui.label("by the edge");
            for e in Edge::ALL {
                done |= ui.selectable_value(edge, e, e.name()).clicked();
            }
            ui.label("units");
            done |= ui.add(egui::DragValue::new(count).range(1..=99)).changed();
        });
    }
    if let Some(Objective::Destroy { side }) = &mut s.objective {
        ui.horizontal_wrapped(|ui| {
            done |= pick_side(ui, "Who must destroy the other", side);
            ui.label("(the other wins by surviving to the turn limit)");
        });
    }
    let table = s.table;
    if let Some(Shape::Rect { center, size, .. }) =
        s.objective.as_mut().and_then(Objective::zone_mut)
    {
        ui.horizontal_wrapped(|ui| {
            ui.label("The zone: centre");
            done |= ui
                .add(
                    egui::DragValue::new(&mut center.0)
                        .range(0.0..=table.0)
                        .speed(0.5),
                )
                .changed();
            done |= ui
                .add(
                    egui::DragValue::new(&mut center.1)
                        .range(0.0..=table.1)
                        .speed(0.5),
                )
                .changed();
            ui.label("size");
            done |= ui
                .add(
                    egui::DragValue::new(&mut size.0)
                        .range(1.0..=table.0)
                        .speed(0.5),
                )
                .changed();
            done |= ui
                .add(
                    egui::DragValue::new(&mut size.1)
                        .range(1.0..=table.1)
                        .speed(0.5),
                )
                .changed();
        });
    }
    let names: Vec<String> = s.terrain.iter().map(|f| f.name.clone()).collect();
    if let Some(Objective::RepairAndBoard { feature }) = &mut s.objective {
        ui.horizontal_wrapped(|ui| {
            ui.label("The ship");
            for n in &names {
                done |= ui.selectable_value(feature, n.clone(), n).clicked();
            }
        });
    }
    field_problems(ui, workbench, "objective");
    ui.horizontal(|ui| {
        ui.label("When the attack is over");
        done |= ui
            .selectable_value(&mut s.attack_over, AttackOver::HumansWin, "the humans win")
            .clicked();
        done |= ui
            .selectable_value(&mut s.attack_over, AttackOver::Continue, "play goes on")
            .clicked();
    });
    let mut own_names = s.side_names.is_some();
    if ui
        .checkbox(&mut own_names, "its own names for the sides")
        .clicked()
    {
        s.side_names = own_names.then(|| s.names(workbench.draft.rules()).clone());
        done = true;
    }
    if let Some(n) = &mut s.side_names {
        done |= side_names(ui, n);
    }
    field_problems(ui, workbench, "side_names");
    ui.separator();
    ui.strong("Humans");
    ui.horizontal(|ui| {
        ui.label("Wounds");
        done |= ui
            .selectable_value(&mut s.human_wounds, WoundMethod::Degradation, "degradation")
            .clicked();
        done |= ui
            .selectable_value(
                &mut s.human_wounds,
                WoundMethod::SuddenDeath,
                "sudden death",
            )
            .clicked();
        done |= ui.checkbox(&mut s.human_morale, "morale").clicked();
    });
    ui.horizontal(|ui| {
        ui.label("Inferior weapons");
        done |= ui
            .selectable_value(&mut s.inferior_weapons, None, "neither")
            .clicked();
        done |= ui
            .selectable_value(&mut s.inferior_weapons, Some(Side::Humans), "humans")
            .clicked();
        done |= ui
            .selectable_value(&mut s.inferior_weapons, Some(Side::Aliens), "aliens")
            .clicked();
    });
    if s.inferior_weapons.is_some() {
        let r = &mut s.inferior_weapon_rules;
        ui.horizontal(|ui| {
            done |= ui.checkbox(&mut r.no_long_range, "no long range").clicked();
            for (p, label) in [
                (InferiorPenalty::ToHit, "-1 to hit"),
                (InferiorPenalty::HitEffect, "-1 hit effect"),
                (InferiorPenalty::None, "no penalty"),
            ] {
                done |= ui.selectable_value(&mut r.penalty, p, label).clicked();
            }
        });
    }
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        ui.label("The aliens' AI, with no level chosen");
        done |= ui
            .selectable_value(
                &mut s.alien_player,
                AlienPlayer::RandomMonster,
                "001's random monster",
            )
            .clicked();
        done |= ui
            .selectable_value(
                &mut s.alien_player,
                AlienPlayer::Commander,
                "the commander (plays the objective)",
            )
            .clicked();
    });
    field_problems(ui, workbench, "alien_player");
    done |= aliens(ui, workbench, s);
    ui.separator();
    done |= conditions(ui, workbench, s);
    done
}

fn side_names(ui: &mut egui::Ui, n: &mut SideNames) -> bool {
    let mut done = false;
    egui::Grid::new("side names").show(ui, |ui| {
        for (label, v) in [
            ("Humans (plural)", &mut n.humans),
            ("one of them", &mut n.human),
            ("Aliens (plural)", &mut n.aliens),
            ("one of them", &mut n.alien),
        ] {
            ui.label(label);
            done |= finished(&ui.text_edit_singleline(v));
            ui.end_row();
        }
    });
    done
}

/// The aliens that come in waves: their weapons, their traits, and the turn a wave comes
/// without a card.
fn aliens(ui: &mut egui::Ui, workbench: &EditorWorkbench, s: &mut Scenario) -> bool {
    let mut done = false;
    ui.strong("Aliens and their waves");
    ui.label(where_aliens_come_from(s, workbench.draft.rules()));
    let mut automatic = s.automatic_wave_turn.is_some();
    ui.horizontal(|ui| {
        if ui
            .checkbox(&mut automatic, "a wave comes without a card on turn")
            .clicked()
        {
            s.automatic_wave_turn = automatic.then_some(s.automatic_wave_turn.unwrap_or(3));
            done = true;
        }
        if let Some(turn) = &mut s.automatic_wave_turn {
            done |= finished(&ui.add(egui::DragValue::new(turn).range(1..=500)));
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Weapons");
        for w in workbench.draft.rules().weapons.weapons.keys() {
            let mut carried = s.aliens.weapons.contains(w);
            if ui.checkbox(&mut carried, w.as_str()).clicked() {
                if carried {
                    s.aliens.weapons.push(w.clone());
                } else {
                    s.aliens.weapons.retain(|x| x != w);
                }
                done = true;
            }
        }
    });
    done |= traits_fields(ui, &mut s.aliens.traits);
    field_problems(ui, workbench, "aliens");
    done
}

/// Where the aliens come from, in the scenario's words: never placed, but in waves of the
/// rules' size on a double (and on the automatic wave's turn), from the edges the rules' die
/// picks; hidden ones only through an ambush.
pub(super) fn where_aliens_come_from(s: &Scenario, rules: &ambush_data::Rules) -> String {
    let names = s.names(rules);
    let g = &rules.generation;
    let mut edges: Vec<Edge> = g
        .edge_by_roll
        .values()
        .map(|c| ambush_engine::rules::generation::edge_for(*c, s.friendly_edge))
        .collect();
    edges.sort_by_key(|e| *e as u8);
    edges.dedup();
    let edges: Vec<String> = edges
        .iter()
        .map(|e| format!("{e:?}").to_lowercase())
        .collect();
    let turn = s
        .automatic_wave_turn
        .unwrap_or(g.default_automatic_wave_turn);
    format!(
        "The {aliens} are not placed on the table: they come in waves of {size}, when the 2D6 \
         rolled at the start of a turn show a double (and on turn {turn} without one), entering \
         from the {edges} edge as a die picks. To have {aliens} waiting on the table, place \
         hidden ones with the hidden-unit tool (it adds an ambush). These settings arm the waves.",
        aliens = names.aliens,
        size = g.wave_size,
        edges = edges.join(" or "),
    )
}

/// Darkness, blindsides, explosives and the environment.
fn conditions(ui: &mut egui::Ui, workbench: &EditorWorkbench, s: &mut Scenario) -> bool {
    let mut done = false;
    ui.strong("Conditions");
    let mut dark = s.darkness.is_some();
    ui.horizontal(|ui| {
        if ui.checkbox(&mut dark, "darkness: sight").clicked() {
            s.darkness = dark.then_some(Darkness {
                sight_range: 8.0,
                full_moon: false,
            });
            done = true;
        }
        if let Some(d) = &mut s.darkness {
            done |= inches(ui, &mut d.sight_range, 0.5..=240.0);
            done |= ui.checkbox(&mut d.full_moon, "full moon").clicked();
        }
    });
    field_problems(ui, workbench, "darkness");
    ui.horizontal(|ui| {
        done |= ui.checkbox(&mut s.blindsides, "blindsides (003)").clicked();
        done |= ui.checkbox(&mut s.explosives, "explosives (003)").clicked();
    });
    ui.horizontal(|ui| {
        ui.label("Environment");
        let mut kind = match s.environment {
            None => 0,
            Some(Environment::Underwater { .. }) => 1,
            Some(Environment::Space) => 2,
        };
        let before = kind;
        ui.selectable_value(&mut kind, 0, "open air");
        ui.selectable_value(&mut kind, 1, "under water");
        ui.selectable_value(&mut kind, 2, "space");
        if kind != before {
            s.environment = match kind {
                1 => Some(Environment::Underwater { depth: 20.0 }),
                2 => Some(Environment::Space),
                _ => None,
            };
            done = true;
        }
        if let Some(Environment::Underwater { depth }) = &mut s.environment {
            ui.label("depth (feet)");
            done |= finished(&ui.add(egui::DragValue::new(depth).range(0.0..=MAX_DEPTH_FEET)));
        }
    });
    field_problems(ui, workbench, "environment");
    done
}

/// Adjusts a set-up, detection and effects that do not go together after `keep` was chosen:
/// the nearest mix the game accepts that keeps the choice (the other fields in their order).
pub fn fit_combination(a: &mut AmbushSpec, keep: AmbushField) {
    let ok =
        |a: &AmbushSpec| AmbushSpec::combination_problem(a.setup, a.detection, a.effects).is_none();
    if ok(a) {
        return;
    }
    for setup in AmbushSetup::ALL {
        for detection in Detection::ALL {
            for effects in SurpriseEffects::ALL {
                let mut t = a.clone();
                t.setup = setup;
                t.detection = detection;
                t.effects = effects;
                let kept = match keep {
                    AmbushField::Setup => setup == a.setup,
                    AmbushField::Detection => detection == a.detection,
                    AmbushField::Effects => effects == a.effects,
                };
                if kept && ok(&t) {
                    *a = t;
                    return;
                }
            }
        }
    }
}

/// Which of the three an ambush choice changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AmbushField {
    Setup,
    Detection,
    Effects,
}

/// The ambush section. True when a field is done with.
pub(super) fn ambush(ui: &mut egui::Ui, workbench: &EditorWorkbench, s: &mut Scenario) -> bool {
    let mut done = false;
    let Some(a) = &mut s.ambush else {
        ui.label("No ambush: the game opens with every unit in sight.");
        if ui.button("Add an ambush").clicked() {
            s.ambush = Some(new_ambush());
            return true;
        }
        return false;
    };
    ui.horizontal(|ui| {
        ui.label("Caught in it");
        done |= ui
            .selectable_value(&mut a.ambushed, Side::Humans, "humans")
            .clicked();
        done |= ui
            .selectable_value(&mut a.ambushed, Side::Aliens, "aliens")
            .clicked();
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Nature (000 Table 34.1)");
        for n in AmbushNature::ALL {
            done |= ui
                .selectable_value(&mut a.nature, n, format!("{n:?}"))
                .clicked();
        }
    });
    // Each choice offers what goes with the others; picking one mends the rest if need be.
    let mut changed = None;
    ui.horizontal(|ui| {
        ui.label("Set-up (004)");
        for (v, label) in [
            (AmbushSetup::None, "none (sprung at once)"),
            (AmbushSetup::Simple, "simple"),
            (AmbushSetup::Complex, "complex"),
        ] {
            if ui.selectable_value(&mut a.setup, v, label).clicked() {
                changed = Some(AmbushField::Setup);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Detection");
        for (v, label) in [
            (Detection::Awe, "AWE roll (000)"),
            (Detection::PartyCheck, "party check (002)"),
            (Detection::Perception, "perception (003)"),
            (Detection::Spotting, "spotting (004)"),
        ] {
            let fits = AmbushSetup::ALL.contains(&a.setup)
                && SurpriseEffects::ALL
                    .iter()
                    .any(|e| AmbushSpec::combination_problem(a.setup, v, *e).is_none());
            if ui
                .add_enabled(fits, egui::Button::selectable(a.detection == v, label))
                .on_disabled_hover_text("needs a complex set-up")
                .clicked()
            {
                a.detection = v;
                changed = Some(AmbushField::Detection);
            }
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Surprise");
        for (v, label) in [
            (SurpriseEffects::AmbushUnits, "ambush units (000)"),
            (SurpriseEffects::RollForDoom, "roll for doom (002)"),
            (SurpriseEffects::Megs, "MEGS (003)"),
        ] {
            let fits = AmbushSpec::combination_problem(a.setup, a.detection, v).is_none();
            let why =
                AmbushSpec::combination_problem(a.setup, a.detection, v).map_or("", |(_, why)| why);
            if ui
                .add_enabled(fits, egui::Button::selectable(a.effects == v, label))
                .on_disabled_hover_text(why)
                .clicked()
            {
                a.effects = v;
                changed = Some(AmbushField::Effects);
            }
        }
    });
    if let Some(field) = changed {
        fit_combination(a, field);
        done = true;
    }
    let complex = a.setup == AmbushSetup::Complex;
    let party = a.detection == Detection::PartyCheck;
    ui.horizontal_wrapped(|ui| {
        done |= ui
            .add_enabled(
                complex,
                egui::Checkbox::new(&mut a.spotting_by_fire, "spotting by fire (004)"),
            )
            .clicked();
        done |= ui
            .add_enabled(
                party,
                egui::Checkbox::new(&mut a.recovery_from_int, "recovery from INT (002)"),
            )
            .clicked();
        done |= ui
            .add_enabled(
                party,
                egui::Checkbox::new(&mut a.recovery_save, "early recovery save (002)"),
            )
            .clicked();
    });
    if party {
        egui::CollapsingHeader::new("Surprise modifiers (002)")
            .id_salt("modifiers")
            .show(ui, |ui| {
                for (name, (least, most)) in &workbench.draft.rules().ambush.surprise_modifiers {
                    let at = a.modifiers.iter().position(|(n, _)| n == name);
                    let mut on = at.is_some();
                    ui.horizontal(|ui| {
                        if ui.checkbox(&mut on, name.as_str()).clicked() {
                            match at {
                                Some(k) => {
                                    a.modifiers.remove(k);
                                }
                                None => a
                                    .modifiers
                                    .push((name.clone(), (least != most).then_some(*least))),
                            }
                            done = true;
                        }
                        if let Some(k) = at
                            && let Some((_, Some(v))) = a.modifiers.get_mut(k)
                        {
                            done |=
                                finished(&ui.add(egui::DragValue::new(v).range(*least..=*most)));
                        }
                    });
                }
            });
    }
    ui.horizontal(|ui| {
        ui.label("Spacing in the column");
        done |= inches(ui, &mut a.spacing, 0.5..=24.0);
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!("Route: {} points", a.route.len()));
        if ui.button("remove the last").clicked() {
            a.route.pop();
            done = true;
        }
        if ui.button("clear").clicked() {
            a.route.clear();
            a.spring_at = None;
            done = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        match a.spring_at {
            Some(d) => ui.label(format!("Spring point: {d:.1}\" along the route")),
            None => ui.label("Spring point: the route's end"),
        };
        if let Some(d) = &mut a.spring_at {
            done |= inches(ui, d, 0.0..=2000.0);
        }
        if a.spring_at.is_some() && ui.button("at the end").clicked() {
            a.spring_at = None;
            done = true;
        }
    });
    ui.horizontal_wrapped(|ui| {
        ui.label(format!(
            "{} hidden units, {} dummies, {} zone shapes",
            a.units.len(),
            a.dummies.len(),
            a.zone.len()
        ));
        if ui.button("clear the dummies").clicked() {
            a.dummies.clear();
            done = true;
        }
    });
    ui.small("Place hidden units, dummies, the zone, the route and the spring point with the ambush tools.");
    field_problems(ui, workbench, "ambush");
    if ui.button("Remove the ambush").clicked() {
        s.ambush = None;
        done = true;
    }
    done
}

/// A question and the two sides to answer it with; true when the answer was clicked.
fn pick_side(ui: &mut egui::Ui, question: &str, side: &mut Side) -> bool {
    ui.label(question);
    let humans = ui
        .selectable_value(side, Side::Humans, "the human side")
        .clicked();
    let aliens = ui
        .selectable_value(side, Side::Aliens, "the alien side")
        .clicked();
    humans || aliens
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 24: "`setup`, `detection` and `effects`, offering only the combinations the game
    /// accepts": a choice that does not go with the others brings them along.
    #[test]
    fn an_ambush_choice_mends_the_others() {
        let mut a = new_ambush();
        a.detection = Detection::PartyCheck;
        fit_combination(&mut a, AmbushField::Detection);
        assert_eq!(a.detection, Detection::PartyCheck);
        assert_eq!(a.effects, SurpriseEffects::RollForDoom);
        a.detection = Detection::Spotting;
        fit_combination(&mut a, AmbushField::Detection);
        assert_eq!(a.setup, AmbushSetup::Complex);
        assert!(AmbushSpec::combination_problem(a.setup, a.detection, a.effects).is_none());
        a.setup = AmbushSetup::Simple;
        fit_combination(&mut a, AmbushField::Setup);
        assert_eq!(a.setup, AmbushSetup::Simple);
        assert!(AmbushSpec::combination_problem(a.setup, a.detection, a.effects).is_none());
        // Every mix the editor can reach is one the checks accept.
        for setup in AmbushSetup::ALL {
            for detection in Detection::ALL {
                for effects in SurpriseEffects::ALL {
                    let mut t = new_ambush();
                    (t.setup, t.detection, t.effects) = (setup, detection, effects);
                    fit_combination(&mut t, AmbushField::Effects);
                    assert!(
                        AmbushSpec::combination_problem(t.setup, t.detection, t.effects).is_none(),
                        "{setup:?} {detection:?} {effects:?}"
                    );
                }
            }
        }
    }

    /// The panels' copy is written as one edit, settings and ambush together, and a change
    /// elsewhere starts a fresh copy.
    #[test]
    fn the_panels_changes_are_one_edit() {
        let mut s = EditorWorkbench::new_scenario(std::sync::Arc::new(
            ambush_data::Rules::bundled().clone(),
        ));
        let mut form = s.take_fields();
        form.edited.turn_limit = 9;
        form.edited.ambush = Some(new_ambush());
        s.commit_fields(form, false);
        assert_eq!(s.draft.scenario().turn_limit, 12, "not yet done with");
        let form = s.take_fields();
        assert_eq!(form.edited.turn_limit, 9, "kept between frames");
        s.commit_fields(form, true);
        assert_eq!(s.draft.scenario().turn_limit, 9);
        assert!(s.draft.scenario().ambush.is_some());
        s.undo();
        assert_eq!(s.draft.scenario().turn_limit, 12);
        assert!(s.draft.scenario().ambush.is_none());
    }
}
