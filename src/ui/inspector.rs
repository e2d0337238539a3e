//! The left panel: the scenario objective, and the unit under inspection with its troop type,
//! weapons, wounds, status, and for an alien the cards turned so far (never the face-down ones).

use ambush_data::board::Side;
use ambush_data::scenario::Objective;
use ambush_data::tables::Rules;
use ambush_engine::rules::formation;
use ambush_engine::rules::table::{Presence, Table, UnitId};
use bevy_egui::egui;

pub(super) fn show(
    root: &mut egui::Ui,
    table: Option<&Table>,
    rules: Option<&Rules>,
    unit: Option<UnitId>,
) -> egui::Rect {
    egui::Panel::left("inspector")
        .default_size(230.0)
        .resizable(true)
        .show(root, |ui| {
            // The panel keeps the width it has: what it shows scrolls inside it (a vertical-only
            // scroll area would pass a wide line's width on), so inspecting a unit never widens
            // it and moves the table under the pointer.
            egui::ScrollArea::both()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let Some(t) = table else { return };
                    objective(ui, t);
                    ui.separator();
                    match unit.and_then(|u| t.unit(u)) {
                        Some(_) => inspect(ui, t, rules, unit.unwrap_or_default()),
                        None => {
                            ui.label("Click a unit to inspect it.");
                        }
                    }
                });
        })
        .response
        .rect
}

fn objective(ui: &mut egui::Ui, t: &Table) {
    ui.heading("Objective");
    let p = &t.progress;
    let names = &t.config.side_names;
    let (marine, aliens) = (names.one(Side::Humans), names.of(Side::Aliens));
    match &t.config.scenario.objective {
        Some(Objective::RepairAndBoard { feature }) => {
            let aboard = t
                .units
                .iter()
                .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Aboard)
                .count();
            ui.label(format!(
                "Repair the {feature}: a {marine} touching it, not shooting or fighting, rolls a 6 \
                 after melee. Then board it; it takes off with every surviving {marine} aboard."
            ));
            ui.label(format!(
                "Power: {}",
                if p.power_restored {
                    "restored"
                } else {
                    "not yet"
                }
            ));
            ui.label(format!("Aboard: {aboard} of {} alive", t.humans_alive()));
        }
        Some(Objective::ReachZone { side, zone, count }) => {
            let (them, other) = (names.of(*side), names.of(side.other()));
            ui.label(format!(
                "Reach the zone: the {them} win once {count} of them stand in it at the end of a \
                 turn; the {other} win by destroying them first."
            ));
            ui.label(format!(
                "In the zone: {} of {count}",
                t.standing_in(*side, zone)
            ));
        }
        Some(Objective::HoldZone { zone }) => {
            ui.label(format!(
                "Hold the zone: at the end of turn {}, the side alone in it wins; with both or \
                 neither there, it is a draw.",
                t.config.scenario.turn_limit
            ));
            ui.label(format!(
                "In the zone: {} {}, {} {}",
                t.standing_in(Side::Humans, zone),
                names.of(Side::Humans),
                t.standing_in(Side::Aliens, zone),
                names.of(Side::Aliens)
            ));
        }
        Some(Objective::ExitEdge { side, edge, count }) => {
            let (them, other) = (names.of(*side), names.of(side.other()));
            ui.label(format!(
                "Get through: a unit of the {them} whose move ends at the {} edge leaves the \
                 table by it; the {them} win once {count} of them are through; the {other} win \
                 by destroying them first.",
                edge.name()
            ));
            ui.label(format!("Through: {} of {count}", t.exited(*side)));
        }
        Some(Objective::Destroy { side }) => {
            let (them, other) = (names.of(*side), names.of(side.other()));
            ui.label(format!(
                "Destroy or survive: the {them} win by destroying every one of the {other}; the \
                 {other} win if any of them still stand at the end of turn {}.",
                t.config.scenario.turn_limit
            ));
        }
        Some(Objective::HoldUntilTurnLimit) => {
            ui.label(format!(
                "Hold: the {} win if any of them still stand at the end of turn {}.",
                names.of(Side::Humans),
                t.config.scenario.turn_limit
            ));
        }
        None => {
            ui.label(format!(
                "Survive the attack of the {aliens} with as few casualties as you can."
            ));
        }
    }
    ui.label(format!(
        "Casualties {} of {} · {aliens} killed {} · waves {}",
        t.human_casualties(),
        p.humans_at_start,
        p.aliens_killed,
        p.waves
    ));
    if p.morale_broken {
        ui.colored_label(
            egui::Color32::from_rgb(255, 110, 90),
            "Morale broken: withdrawing",
        );
    }
}

fn inspect(ui: &mut egui::Ui, t: &Table, rules: Option<&Rules>, id: UnitId) {
    let Some(u) = t.unit(id) else { return };
    ui.heading(u.label.as_ref());
    egui::Grid::new("unit").num_columns(2).show(ui, |ui| {
        ui.label("side");
        ui.label(t.config.side_names.of(u.side));
        ui.end_row();
        ui.label("troop");
        ui.label(rules.map_or(u.troop.as_str(), |r| r.troop_name(u.troop)));
        ui.end_row();
        if let Some(w) = u.wave {
            ui.label("wave");
            ui.label(w.to_string());
            ui.end_row();
        }
        ui.label("weapons");
        ui.label(if u.weapons.is_empty() {
            "none".to_string()
        } else {
            u.weapons
                .iter()
                .map(|w| {
                    rules
                        .and_then(|r| r.weapon(w))
                        .map_or(w.as_str(), |p| p.display.as_str())
                })
                .collect::<Vec<_>>()
                .join(", ")
        });
        ui.end_row();
        ui.label("armour");
        ui.label(if u.armour { "body armour" } else { "none" });
        ui.end_row();
        ui.label("wounds");
        ui.label(u.wounds.to_string());
        ui.end_row();
        ui.label("status");
        let mut words = vec![format!("{:?}", u.status.presence)];
        if u.status.stunned {
            words.push("stunned".into());
        }
        if u.status.withdrawing {
            words.push("withdrawing".into());
        }
        if let Some(f) = rules.and_then(|r| formation::formation_of(r, u)) {
            words.push(f.display.clone());
        }
        ui.label(words.join(", "));
        ui.end_row();
        if u.surprise != ambush_engine::rules::table::Surprise::Alert {
            ui.label("ambush");
            ui.label(match u.surprise {
                ambush_engine::rules::table::Surprise::Ladder { unit, .. } => {
                    format!("{} (ambush unit {unit})", u.surprise.why())
                }
                ambush_engine::rules::table::Surprise::Doom { turns_left }
                | ambush_engine::rules::table::Surprise::Megs { turns_left }
                | ambush_engine::rules::table::Surprise::Recovering { turns_left } => {
                    format!("{} ({turns_left} turn(s) left)", u.surprise.why())
                }
                ambush_engine::rules::table::Surprise::Alert => String::new(),
            });
            ui.end_row();
        }
        if t.config.scenario.ambush.is_some() || t.config.scenario.blindsides {
            let tr = &u.traits;
            ui.label("traits");
            ui.label(format!(
                "AWE {} DEX {} INT {} · recovery {} · Leadership {} · d{} quality · {:?}{}",
                tr.awe,
                tr.dex,
                tr.int,
                tr.recovery,
                tr.leadership,
                tr.quality,
                tr.species,
                if tr.night_vision {
                    " · night vision"
                } else {
                    ""
                }
            ));
            ui.end_row();
        }
        if t.config.scenario.environment.is_some() {
            // 003's hostile environments: the unit's kit, its air and its drift.
            let tr = &u.traits;
            let mut kit: Vec<String> = [
                (tr.sealed, "sealed suit"),
                (tr.water_freedom, "water freedom"),
                (tr.jets, "jets"),
                (tr.spacecraft, "spacecraft skill"),
                (tr.night_vision, "lamps"),
            ]
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| name.to_string())
            .collect();
            let held = t.exposure.of(u.id);
            if held.turns_without_air > 0 {
                kit.push(format!("{} turn(s) without air", held.turns_without_air));
            }
            if let Some(v) = held.drift {
                kit.push(format!("drifting {:.1}\" a turn", v.length()));
            }
            ui.label("environment");
            ui.label(if kit.is_empty() {
                "no kit".to_string()
            } else {
                kit.join(", ")
            });
            ui.end_row();
        }
        ui.label("this turn");
        let mut did = Vec::new();
        if let Some(m) = u.marks.moved {
            did.push(format!("moved: {}", m.name()));
        }
        if u.marks.shot {
            did.push("shot".into());
        }
        if u.marks.fought {
            did.push("fought".into());
        }
        if u.marks.attacking {
            did.push("charged".into());
        }
        ui.label(if did.is_empty() {
            "nothing yet".to_string()
        } else {
            did.join(", ")
        });
        ui.end_row();
        if let Some(r) = rules {
            ui.label("moves");
            let Some(mv) = formation::movement_of(r, u) else {
                ui.label("may not move in this formation");
                ui.end_row();
                return;
            };
            ui.label(format!(
                "{:.0}\" forward, {:.0}\" advance, {:.0}\" fall back",
                mv.straight_forward * r.general.smr,
                mv.advance * r.general.smr,
                mv.fall_back * r.general.smr
            ));
            ui.end_row();
        }
    });
    if let Some(stack) = &u.cards {
        ui.separator();
        ui.label(format!(
            "Cards: {} face down, turned: {}",
            stack.face_down.len(),
            if stack.turned.is_empty() {
                "none".to_string()
            } else {
                stack
                    .turned
                    .iter()
                    .map(|c| c.pretty())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        ));
    }
}
