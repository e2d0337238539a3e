//! The orders panel: what the rules wait for, the initiative, the preview of the order being
//! drawn up with every rule that bears on it, and the commit, undo and pass buttons.

use crate::input::{Bindings, OrderDraft, PlayerAction, Request};
use crate::ui::OverlayFrame;
use ambush_data::board::{Side, SideNames};
use ambush_engine::rules::formation;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::shooting::RangeBand;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::turn::Phase;
use bevy_egui::egui;

impl OverlayFrame<'_> {
    /// What the rules wait for from a player, if anything.
    fn decision(&self) -> Option<&Decision> {
        self.awaiting.and_then(|a| a.0.as_ref())
    }
}

/// What to do now, in a sentence or two for each decision: with the mouse, then with the keys
/// the player's bindings give (the keyboard alone can give every order).
fn instructions(d: &Decision, names: &SideNames, bindings: &Bindings) -> String {
    use PlayerAction as A;
    let key = |a: A| bindings.labels(a);
    let enemy = names.one(d.side().other());
    let (next, commit, pass) = (key(A::NextUnit), key(A::Commit), key(A::Pass));
    match d {
        Decision::Move { .. } => format!(
            "Click one of your units (its group in base contact comes with it), then click where \
             it should go. {} turn it, {} faces the pointer, {} moves it alone. Click an enemy \
             {enemy} to charge it. A unit with formations shows a button to change formation \
             ({}), which costs its move. Commit to move; Pass ends your movement.\n\
             Keys: {next} picks a unit; {} move the cursor, which places the move ({} / {} \
             change its step); {} picks an enemy to charge; {commit} commits, {pass} passes.",
            key(A::TurnLeft),
            key(A::FacePointer),
            key(A::ToggleGroup),
            key(A::ChangeFormation),
            cursor_keys(bindings),
            key(A::CursorFiner),
            key(A::CursorCoarser),
            key(A::NextTarget),
        ),
        Decision::Board { .. } => format!(
            "{} touching the repaired ship may board. Click one ({next}) and commit \
             ({commit}), or pass ({pass}).",
            names.of(Side::Humans)
        ),
        Decision::Shoot { .. } => format!(
            "Click a shooter: its targets are ringed (solid: medium range, dashed: long). Click a \
             target, then commit. Pass declines: you may not shoot again this turn.\n\
             Keys: {next} picks a shooter, {} its next target, {commit} shoots, {pass} passes.",
            key(A::NextTarget)
        ),
        Decision::Disengage { .. } => format!(
            "Your mounted unit may try to disengage from the melee ({commit} tries, {pass} stays)."
        ),
        Decision::Engage { .. } => format!(
            "Two attackers are equally close: click the one your unit engages ({next} picks, \
             {commit} engages)."
        ),
        Decision::BreakOff { .. } => format!(
            "Your unit may try to break off from the melee ({commit} tries, {pass} fights on)."
        ),
        Decision::Spring { march_on: true, .. } => format!(
            "Your units lie in ambush as the column approaches (004). Spring it now: click the \
             route where the lead should stop (no farther than its full move), or set the \
             slider, and commit; or march on: the lead moves its full move, and the column \
             may spot you. Your reaction tests are made either way.\n\
             Keys: {} / {} move the point an inch; {commit} springs, {pass} marches on.",
            key(A::TurnLeft),
            key(A::TurnRight),
        ),
        Decision::Spring { .. } => format!(
            "Say where the column's lead is when you spring the ambush (004): click the route, \
             or set the slider, and commit. The rest of the column stands behind it at its \
             spacing.\n\
             Keys: {} / {} move the point an inch; {commit} springs, {pass} springs at the \
             scenario's point.",
            key(A::TurnLeft),
            key(A::TurnRight),
        ),
        Decision::RunAway { .. } => format!(
            "The turn's fighting is over. Your units the ambush still holds may run away (000): \
             click one, then click where it should go. Each move must end farther from every \
             {enemy} you can see than it started, and not in contact. {} turns it, {} moves it \
             alone or with its group. Commit to run; Pass keeps the rest where they stand.\n\
             Keys: {next} picks a unit; {} move the cursor; {commit} commits, {pass} passes.",
            key(A::TurnLeft),
            key(A::ToggleGroup),
            cursor_keys(bindings),
        ),
    }
}

/// The cursor's keys in one go: "Shift+W/S/A/D".
fn cursor_keys(bindings: &Bindings) -> String {
    let first = |a: PlayerAction| {
        bindings
            .0
            .get(&a)
            .and_then(|b| b.first())
            .map(|b| b.label())
            .unwrap_or_default()
    };
    let keys = [
        PlayerAction::CursorUp,
        PlayerAction::CursorDown,
        PlayerAction::CursorLeft,
        PlayerAction::CursorRight,
    ]
    .map(first);
    // "Shift+W/S/A/D" when the four share a modifier.
    match keys[0].rsplit_once('+') {
        Some((held, _)) if keys.iter().all(|k| k.starts_with(&format!("{held}+"))) => {
            let tails: Vec<&str> = keys.iter().map(|k| &k[held.len() + 1..]).collect();
            format!("{held}+{}", tails.join("/"))
        }
        _ => keys.join(" "),
    }
}

fn label(table: Option<&Table>, id: u32) -> String {
    table.map_or_else(|| format!("#{id}"), |t| t.label(id).to_string())
}

pub(super) fn show(
    root: &mut egui::Ui,
    v: &OverlayFrame,
    requests: &mut Vec<Request>,
) -> egui::Rect {
    egui::Panel::bottom("orders")
        .min_size(150.0)
        .default_size(170.0)
        .resizable(true)
        .show(root, |ui| {
            egui::ScrollArea::vertical().show(ui, |ui| body(ui, v, requests));
        })
        .response
        .rect
}

fn body(ui: &mut egui::Ui, v: &OverlayFrame, requests: &mut Vec<Request>) {
    if let Some(f) = v.phase_states
        && let (Some(side), Some(Decision::Move { .. })) = (f.movement.initiative, v.decision())
    {
        let names = v.table.map(|t| &t.config.side_names);
        let name = |s: Side| names.map_or(format!("{s:?}"), |n| n.of(s).to_string());
        ui.label(format!(
            "Initiative: the {} won the last roll. Moves left on it: {} {}, {} {}.",
            name(side),
            name(Side::Humans),
            f.movement.moves_left[0],
            name(Side::Aliens),
            f.movement.moves_left[1]
        ));
    }
    let Some(d) = v.decision() else {
        ui.label(if v.phase == Phase::GameOver {
            "The game is over. Click any unit to inspect it."
        } else if v.phase == Phase::Approach {
            "The column marches toward the ambush: reaction tests, the lead's advance and the \
             column's spotting attempts, one approach turn at a time (004)."
        } else {
            "The other side is acting. Click any unit to inspect it."
        });
        return;
    };
    buttons(ui, d, v, requests);
    let t = v.table;
    match d {
        Decision::Move { .. } => {
            formation_buttons(ui, v, requests);
            move_details(ui, v)
        }
        Decision::RunAway { .. } => move_details(ui, v),
        Decision::Spring { from, to, hint, .. } => {
            spring_details(ui, v, (*from, *to, *hint), requests)
        }
        Decision::Shoot { .. } => shot_details(ui, v),
        Decision::Engage { candidates, .. } => {
            ui.horizontal(|ui| {
                for c in candidates {
                    if ui.button(format!("Engage {}", label(t, *c))).clicked() {
                        requests.push(Request::Pick(*c));
                    }
                }
            });
        }
        Decision::Disengage { unit, .. } | Decision::BreakOff { unit, .. } => {
            ui.strong(format!("{}:", label(t, *unit)));
        }
        Decision::Board { .. } => {
            if let Some(u) = v.selection.unit {
                ui.label(format!("Selected: {}", label(t, u)));
            }
        }
    }
    if let Some(why) = &v.refusal.0 {
        ui.colored_label(
            egui::Color32::from_rgb(255, 110, 90),
            format!("Refused: {why}"),
        );
    }
    ui.separator();
    let default_names = SideNames::default();
    let names = t.map_or(&default_names, |t| &t.config.side_names);
    ui.small(instructions(d, names, v.bindings));
}

/// The commit, undo and pass buttons, first so they never scroll out of sight.
fn buttons(ui: &mut egui::Ui, d: &Decision, v: &OverlayFrame, requests: &mut Vec<Request>) {
    ui.horizontal(|ui| {
        let (yes, no) = match d {
            Decision::Move { .. } => ("Commit move", "End movement"),
            Decision::Board { .. } => ("Board", "End boarding"),
            Decision::Shoot { .. } => ("Shoot", "Decline to shoot"),
            Decision::Disengage { .. } => ("Try to disengage", "Stay"),
            Decision::BreakOff { .. } => ("Try to break off", "Fight on"),
            Decision::Engage { .. } => ("Engage selected", "Engage the first"),
            Decision::RunAway { .. } => ("Run away", "Stay"),
            Decision::Spring { march_on: true, .. } => ("Spring the ambush", "March on"),
            Decision::Spring { .. } => ("Spring the ambush", "Spring at the scenario's point"),
        };
        if ui.button(format!("{yes} (Enter)")).clicked() {
            requests.push(Request::Commit);
        }
        if ui.button("Undo (Esc)").clicked() {
            requests.push(Request::Cancel);
        }
        if ui.button(format!("{no} (N)")).clicked() {
            requests.push(Request::Pass);
        }
        if matches!(d, Decision::Move { .. } | Decision::RunAway { .. }) {
            let group = if v.selection.alone {
                "Moving alone (G)"
            } else {
                "Moving with group (G)"
            };
            if ui.button(group).clicked() {
                requests.push(Request::ToggleGroup);
            }
        }
    });
}

/// A button for each formation change the selected unit may make (form square, unlimber).
fn formation_buttons(ui: &mut egui::Ui, v: &OverlayFrame, requests: &mut Vec<Request>) {
    let (Some(t), Some(rules), Some(id)) = (v.table, v.rules, v.selection.unit) else {
        return;
    };
    let Some(u) = t.unit(id) else { return };
    let choices = formation::choices(rules, u);
    if choices.is_empty() {
        return;
    }
    ui.horizontal(|ui| {
        if let Some(f) = formation::formation_of(rules, u) {
            ui.label(format!("{} is {}.", u.label, f.display));
        }
        for to in choices {
            let name = formation::order_name(rules, u, to);
            if ui
                .button(format!("{} (costs its move)", capitalised(&name)))
                .clicked()
            {
                requests.push(Request::ChangeFormation(id, to));
            }
        }
    });
}

/// 004: the column's order of march, shown to the ambusher before it picks its spring point,
/// and the point itself, on a slider along the route.
fn spring_details(
    ui: &mut egui::Ui,
    v: &OverlayFrame,
    (from, to, hint): (f32, f32, f32),
    requests: &mut Vec<Request>,
) {
    if let Some(line) = v.table.and_then(column_line) {
        ui.label(line);
    }
    let mut at = match v.selection.draft {
        Some(OrderDraft::Spring { at }) => at,
        _ => hint.clamp(from, to),
    };
    ui.horizontal(|ui| {
        ui.label("The lead stops at");
        ui.spacing_mut().slider_width = 320.0;
        let slider = egui::Slider::new(&mut at, from..=to.max(from)).suffix("\" along the route");
        if ui.add(slider).changed() {
            requests.push(Request::SpringAt(at));
        }
    });
}

/// The column's order of march and spacing, as the ambusher is shown them (004: "the player
/// being ambushed shows the other player the order in which his units will move, and the
/// distance separating them").
fn column_line(t: &Table) -> Option<String> {
    let a = t.config.scenario.ambush.as_ref()?;
    let labels: Vec<String> = match a.ambushed {
        Side::Aliens => a
            .units
            .iter()
            .filter(|u| u.side == Side::Aliens)
            .map(|u| u.label.to_string())
            .collect(),
        Side::Humans => t
            .units
            .iter()
            .filter(|u| u.side == Side::Humans)
            .map(|u| u.label.to_string())
            .collect(),
    };
    Some(format!(
        "The column marches {} at {:.1}\" apart.",
        labels.join(", "),
        a.spacing
    ))
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
}

fn move_details(ui: &mut egui::Ui, v: &OverlayFrame) {
    let t = v.table;
    let Some(u) = v.selection.unit else {
        ui.label("No unit selected (Tab selects the next one that can move).");
        return;
    };
    if let Some(c) = &v.previews.charge {
        match &c.verdict {
            Ok(kind) => ui.label(format!(
                "{} charges {} ({}): legal.",
                label(t, c.unit),
                label(t, c.target),
                kind.name()
            )),
            Err(why) => ui.colored_label(
                egui::Color32::from_rgb(255, 110, 90),
                format!("Charge not allowed: {why}"),
            ),
        };
        return;
    }
    let Some(m) = &v.previews.movement else {
        ui.label(format!(
            "{} selected: click open table for its destination.",
            label(t, u)
        ));
        return;
    };
    let placed = matches!(
        v.selection.draft,
        Some(OrderDraft::Move { .. } | OrderDraft::Rotate { .. })
    );
    ui.label(format!(
        "{} {}: {} — path {:.1}\", bad going adds {:.1}\", costs {:.1}\" of {:.1}\" allowed{}.",
        label(t, u),
        if placed { "planned" } else { "to pointer" },
        m.kind.name(),
        m.length,
        m.going_cost(),
        m.cost,
        m.allowance,
        if m.ghosts.len() > 1 {
            format!(", {} units as a group", m.ghosts.len())
        } else {
            String::new()
        }
    ));
    match &m.verdict {
        Ok(()) => ui.colored_label(egui::Color32::from_rgb(110, 230, 120), "Legal."),
        Err(why) => ui.colored_label(
            egui::Color32::from_rgb(255, 110, 90),
            format!("Not allowed: {why}"),
        ),
    };
}

fn shot_details(ui: &mut egui::Ui, v: &OverlayFrame) {
    let t = v.table;
    let Some(u) = v.selection.unit else {
        ui.label("No shooter selected (Tab selects the next one that can shoot).");
        return;
    };
    ui.label(format!(
        "{} has {} target(s) in range and sight.",
        label(t, u),
        v.previews.targets.len()
    ));
    let Some(s) = &v.previews.shot else { return };
    match &s.verdict {
        Ok(plan) => {
            let mods: Vec<String> = plan
                .modifiers
                .iter()
                .map(|m| format!("{:+} {}", m.value, m.name))
                .collect();
            ui.label(format!(
                "{} at {}: {} at {} range ({:.1}\"). Roll 1d6{} {} — need {}: {:.0}%.",
                label(t, s.shooter),
                label(t, s.target),
                plan.weapon,
                match plan.band {
                    RangeBand::Medium => "medium",
                    RangeBand::Long => "long",
                },
                plan.distance,
                if mods.is_empty() { "" } else { "," },
                mods.join(", "),
                plan.need,
                plan.chance() * 100.0
            ));
        }
        Err(why) => {
            ui.colored_label(
                egui::Color32::from_rgb(255, 110, 90),
                format!("Cannot shoot {}: {why}", label(t, s.target)),
            );
        }
    }
}
