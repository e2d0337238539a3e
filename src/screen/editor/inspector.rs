//! The inspector: the selected piece's fields (terrain, unit, hidden unit, dummy or zone shape), each change written to the draft as one edit when the field is done with.

use super::panels::ERROR;
use super::*;
use crate::editor::workbench::Form;
use ambush_data::ambush_spec::AmbushUnitSpec;
use ambush_data::board::{Going, Side, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::scenario::{PlacedMut, PlacedUnit};
use ambush_data::tables::{Species, Traits, TroopType};
use bevy_egui::egui;

/// The selected piece's fields. Each change is one edit, made when the field is done with.
pub(super) fn inspector(ui: &mut egui::Ui, workbench: &mut EditorWorkbench) {
    let s = workbench.draft.scenario();
    let a = s.ambush.as_ref();
    let current = match workbench.selected {
        Some(Pick::Terrain(i)) => s.terrain.get(i).map(|f| Form::Terrain(i, f.clone())),
        Some(Pick::Unit(i)) => s.units.get(i).map(|u| Form::Unit(i, u.clone())),
        Some(Pick::AmbushUnit(i)) => a
            .and_then(|a| a.units.get(i))
            .map(|u| Form::AmbushUnit(i, u.clone())),
        Some(Pick::Dummy(i)) => a.and_then(|a| a.dummies.get(i)).map(|d| Form::Dummy(i, *d)),
        Some(Pick::Zone(i)) => a
            .and_then(|a| a.zone.get(i))
            .map(|z| Form::Zone(i, z.clone())),
        None => None,
    };
    let more = workbench.selection().len().saturating_sub(1);
    if more > 0 {
        ui.label(format!(
            "{} pieces selected: the inspector shows the first; a change here is made to each \
             selected piece of its kind (a label, a name and a place are each piece's own).",
            more + 1
        ));
    }
    let Some(current) = current else {
        ui.label("Nothing selected: pick a piece on the table.");
        return;
    };
    let mut form = match workbench.form.take() {
        Some(f)
            if std::mem::discriminant(&f) == std::mem::discriminant(&current)
                && form_index(&f) == form_index(&current) =>
        {
            f
        }
        _ => current.clone(),
    };
    let rules = workbench.draft.rules().clone();
    let troops = placeable_troops(&rules);
    let wave = rules.generation.troop;
    let weapons: Vec<String> = rules.weapons.weapons.keys().cloned().collect();
    let done = match &mut form {
        Form::Terrain(_, f) => terrain_fields(ui, f),
        Form::Unit(_, u) => {
            ui.strong("Unit");
            let mut done = unit_fields(ui, u.placed_mut(), &troops, &weapons);
            done |= traits_fields(ui, &mut u.traits);
            done
        }
        Form::AmbushUnit(_, u) => ambush_unit_fields(ui, u, &troops, wave, &weapons),
        Form::Dummy(_, d) => {
            ui.strong("Dummy counter");
            ui.small("The ambushed side sees it as a hidden unit until it is spotted or touched.");
            point_fields(ui, "At", d)
        }
        Form::Zone(_, z) => {
            ui.strong("Set-up zone");
            ui.small("The ambusher's units and dummies must stand inside one of its shapes.");
            shape_fields(ui, z)
        }
    };
    let pick = workbench.selected;
    for problem in pick.into_iter().flat_map(|p| workbench.problems_of(p)) {
        ui.colored_label(ERROR, &problem.problem.message);
    }
    ui.horizontal(|ui| {
        if ui.button("Duplicate (Ctrl+D)").clicked() {
            workbench.duplicate_selected();
        }
        if ui.button("Delete").clicked() {
            workbench.delete_selected();
        }
    });
    if done && form != current {
        if let Some(edit) = workbench.form_edit(&current, form) {
            let _ = workbench.apply(edit);
        }
    } else if workbench.selected == pick {
        workbench.form = Some(form);
    }
}

/// The troop types a unit may be placed as: every one of the rules but the generated one (the
/// aliens, who come in waves).
pub(super) fn placeable_troops(rules: &ambush_data::Rules) -> Vec<TroopType> {
    let wave = rules.generation.troop;
    rules
        .troops
        .troops
        .keys()
        .copied()
        .filter(|t| *t != wave)
        .collect()
}

fn form_index(f: &Form) -> usize {
    match f {
        Form::Terrain(i, _)
        | Form::Unit(i, _)
        | Form::AmbushUnit(i, _)
        | Form::Dummy(i, _)
        | Form::Zone(i, _) => *i,
    }
}

/// Whether a field's change is finished: a drag let go, a text left, a click.
pub(super) fn finished(r: &egui::Response) -> bool {
    r.drag_stopped() || r.lost_focus() || (r.changed() && !r.dragged() && !r.has_focus())
}

/// An inches field.
fn inches(ui: &mut egui::Ui, value: &mut f32, range: std::ops::RangeInclusive<f32>) -> bool {
    finished(
        &ui.add(
            egui::DragValue::new(value)
                .speed(0.25)
                .range(range)
                .suffix("\""),
        ),
    )
}

fn point_fields(ui: &mut egui::Ui, label: &str, p: &mut (f32, f32)) -> bool {
    let mut done = false;
    ui.horizontal(|ui| {
        ui.label(label);
        done |= inches(ui, &mut p.0, -1000.0..=1000.0);
        done |= inches(ui, &mut p.1, -1000.0..=1000.0);
    });
    done
}

fn terrain_fields(ui: &mut egui::Ui, f: &mut TerrainFeature) -> bool {
    let mut done = false;
    ui.strong("Terrain");
    ui.horizontal(|ui| {
        ui.label("Name");
        done |= finished(&ui.text_edit_singleline(&mut f.name));
    });
    ui.horizontal(|ui| {
        ui.label("Going");
        for going in [Going::Good, Going::Bad, Going::Impassable] {
            done |= ui
                .selectable_value(&mut f.going, going, format!("{going:?}"))
                .clicked();
        }
    });
    ui.horizontal_wrapped(|ui| {
        done |= ui.checkbox(&mut f.tall, "tall (blocks sight)").clicked();
        done |= ui.checkbox(&mut f.water, "water").clicked();
        done |= ui.checkbox(&mut f.linear_defence, "wall").clicked();
    });
    ui.horizontal(|ui| {
        ui.label("Height (feet)");
        done |= finished(&ui.add(egui::DragValue::new(&mut f.height).range(0.0..=10_000.0)));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Look");
        let mut look = f.look();
        for l in TerrainLook::ALL {
            if ui.selectable_value(&mut look, l, l.label()).clicked() {
                f.look = Some(look);
                done = true;
            }
        }
    });
    done | shape_fields(ui, &mut f.shape)
}

/// A shape's size, turn, radius or points.
fn shape_fields(ui: &mut egui::Ui, shape: &mut Shape) -> bool {
    let mut done = false;
    match shape {
        Shape::Rect {
            center,
            size,
            rotation,
        } => {
            done |= point_fields(ui, "Centre", center);
            ui.horizontal(|ui| {
                ui.label("Size");
                done |= inches(ui, &mut size.0, 0.5..=240.0);
                done |= inches(ui, &mut size.1, 0.5..=240.0);
                ui.label("Turned");
                done |= finished(
                    &ui.add(
                        egui::DragValue::new(rotation)
                            .range(-360.0..=360.0)
                            .suffix("°"),
                    ),
                );
            });
        }
        Shape::Polygon { points } => {
            ui.label(format!(
                "A polygon of {} points: drag a point's handle on the table, or set it here.",
                points.len()
            ));
            for (k, p) in points.iter_mut().enumerate() {
                done |= point_fields(ui, &format!("{}", k + 1), p);
            }
            ui.horizontal(|ui| {
                // A new point halfway along the edge from the last point back to the first.
                if points.len() < ambush_data::check::MAX_POLYGON_POINTS
                    && ui.button("Add a point").clicked()
                    && let (Some(a), Some(b)) = (points.last().copied(), points.first().copied())
                {
                    points.push(((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0));
                    done = true;
                }
                if points.len() > 3 && ui.button("Remove the last point").clicked() {
                    points.pop();
                    done = true;
                }
            });
        }
        Shape::Circle { center, radius } => {
            done |= point_fields(ui, "Centre", center);
            ui.horizontal(|ui| {
                ui.label("Radius");
                done |= inches(ui, radius, 0.25..=120.0);
            });
        }
    }
    done
}

/// A unit's fields; `troops` are the types it may take (none: its type is fixed, as a hidden
/// alien's).
fn unit_fields(ui: &mut egui::Ui, u: PlacedMut, troops: &[TroopType], weapons: &[String]) -> bool {
    let mut done = false;
    ui.horizontal(|ui| {
        ui.label("Label");
        done |= finished(&ui.text_edit_singleline(u.label));
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Troop type");
        if troops.is_empty() {
            ui.label(u.troop.as_str());
        }
        for t in troops {
            done |= ui.selectable_value(u.troop, *t, t.as_str()).clicked();
        }
    });
    ui.horizontal(|ui| {
        ui.label("Facing");
        done |= finished(
            &ui.add(
                egui::DragValue::new(u.facing)
                    .range(0.0..=359.0)
                    .suffix("°"),
            ),
        );
        done |= ui.checkbox(u.armour, "armour").clicked();
    });
    ui.horizontal_wrapped(|ui| {
        ui.label("Weapons");
        for w in weapons {
            let mut carried = u.weapons.contains(w);
            if ui.checkbox(&mut carried, w.as_str()).clicked() {
                if carried {
                    u.weapons.push(w.clone());
                } else {
                    u.weapons.retain(|x| x != w);
                }
                done = true;
            }
        }
    });
    done
}

fn ambush_unit_fields(
    ui: &mut egui::Ui,
    u: &mut AmbushUnitSpec,
    troops: &[TroopType],
    wave: TroopType,
    weapons: &[String],
) -> bool {
    ui.strong("Hidden unit");
    let mut done = false;
    ui.horizontal(|ui| {
        ui.label("Side");
        let before = u.side;
        done |= ui
            .selectable_value(&mut u.side, Side::Aliens, "aliens")
            .clicked();
        done |= ui
            .selectable_value(&mut u.side, Side::Humans, "humans")
            .clicked();
        if u.side != before {
            fit_troop_to_side(u, troops, wave);
        }
    });
    // A hidden alien is the generated troop type, and only they are.
    let offered: &[TroopType] = match u.side {
        Side::Aliens => &[],
        Side::Humans => troops,
    };
    done |= unit_fields(ui, u.placed_mut(), offered, weapons);
    if u.side == Side::Aliens && u.weapons.is_empty() {
        ui.small("No weapons ticked: it carries the scenario's alien weapons.");
    }
    let mut own = u.traits.is_some();
    if ui
        .checkbox(&mut own, "its own traits (else its side's)")
        .clicked()
    {
        u.traits = own.then(|| match u.side {
            Side::Aliens => Traits {
                species: Species::Alien,
                ..Traits::default()
            },
            Side::Humans => Traits::default(),
        });
        done = true;
    }
    if let Some(t) = &mut u.traits {
        done |= traits_fields(ui, t);
    }
    done
}

/// A hidden unit's troop type after its side changed: an alien is the generated type, a human
/// the first placeable one unless it already is one.
pub(super) fn fit_troop_to_side(u: &mut AmbushUnitSpec, placeable: &[TroopType], wave: TroopType) {
    match u.side {
        Side::Aliens => u.troop = wave,
        Side::Humans if !placeable.contains(&u.troop) => {
            if let Some(t) = placeable.first() {
                u.troop = *t;
            }
        }
        Side::Humans => {}
    }
}

/// A unit's attributes for the ambush rules.
pub(super) fn traits_fields(ui: &mut egui::Ui, t: &mut Traits) -> bool {
    let mut done = false;
    egui::CollapsingHeader::new("Traits (the ambush rules)")
        .id_salt("traits")
        .show(ui, |ui| {
            egui::Grid::new("traits grid").show(ui, |ui| {
                let mut number = |ui: &mut egui::Ui, label: &str, v: &mut i32, range| {
                    ui.label(label);
                    done |= finished(&ui.add(egui::DragValue::new(v).range(range)));
                    ui.end_row();
                };
                number(ui, "AWE (000)", &mut t.awe, -20..=100);
                number(ui, "DEX (000)", &mut t.dex, -20..=100);
                number(ui, "INT (003)", &mut t.int, -20..=100);
                number(ui, "Leadership (004, 1 best)", &mut t.leadership, -5..=10);
                ui.label("Recovery (002, phases)");
                done |= finished(&ui.add(egui::DragValue::new(&mut t.recovery).range(0..=10)));
                ui.end_row();
                ui.label("Quality die (004)");
                ui.horizontal(|ui| {
                    for sides in [6, 8, 10, 12] {
                        done |= ui
                            .selectable_value(&mut t.quality, sides, format!("d{sides}"))
                            .clicked();
                    }
                });
                ui.end_row();
                ui.label("Species");
                ui.horizontal(|ui| {
                    for sp in [
                        Species::Human,
                        Species::Feline,
                        Species::Avarian,
                        Species::Alien,
                    ] {
                        done |= ui
                            .selectable_value(&mut t.species, sp, format!("{sp:?}"))
                            .clicked();
                    }
                });
                ui.end_row();
            });
            ui.horizontal_wrapped(|ui| {
                done |= ui.checkbox(&mut t.night_vision, "night vision").clicked();
                done |= ui.checkbox(&mut t.sealed, "sealed (suit)").clicked();
                done |= ui.checkbox(&mut t.water_freedom, "water freedom").clicked();
                done |= ui.checkbox(&mut t.jets, "jets").clicked();
                done |= ui.checkbox(&mut t.spacecraft, "spacecraft skill").clicked();
            });
        });
    done
}
