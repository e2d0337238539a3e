//! The roll log: every die and card as it happens, with its faces, named modifiers, need and result.

use ambush_data::board::{Side, SideNames};
use ambush_engine::rules::log::{RollEntry, RollKind};
use bevy::prelude::*;
use bevy_egui::egui;

/// What the log shows.
#[derive(Resource, Debug, Default)]
pub struct RollLogView {
    /// Only this kind, when set.
    pub kind: Option<RollKind>,
    /// Only entries naming this unit, when not empty.
    pub unit: String,
}

/// A card code from the log as a player reads it: `QH` → `Q♥`, `JK` → `Joker`.
pub fn pretty_card(code: &str) -> String {
    if code == "JK" {
        return "Joker".into();
    }
    let (rank, suit) = code.split_at(code.len().saturating_sub(1));
    let symbol = match suit {
        "C" => "♣",
        "D" => "♦",
        "H" => "♥",
        "S" => "♠",
        other => other,
    };
    format!("{rank}{symbol}")
}

/// One entry as a player reads it: `M1 vs A2.3 · to hit 1d6 [4] +1 did not move = 5 need 5 ✔ — hit ...`.
pub fn describe(e: &RollEntry, names: &SideNames) -> String {
    let mut s = String::new();
    match (&e.actor, &e.target) {
        (Some(a), Some(t)) => s.push_str(&format!("{a} vs {t} · ")),
        (Some(a), None) => s.push_str(&format!("{a} · ")),
        _ => {}
    }
    s.push_str(&kind_label(e.kind, names));
    // The card rules already write the card at the head of the effect ("Q♥ — killed").
    let mut effect_has_card = false;
    if let Some(card) = &e.card {
        let pretty = pretty_card(card);
        effect_has_card = e.effect.starts_with(&pretty);
        if !effect_has_card {
            s.push_str(&format!(" {pretty}"));
        }
    } else if !e.rolls.is_empty() {
        s.push_str(&format!(" {} {:?}", e.dice, e.rolls));
    }
    for m in &e.modifiers {
        s.push_str(&format!(" {:+} {}", m.value, m.name));
    }
    if !e.modifiers.is_empty() {
        s.push_str(&format!(" = {}", e.total));
    }
    if let Some(n) = e.need {
        s.push_str(&format!(" need {n}"));
    }
    match e.success {
        Some(true) => s.push_str(" ✔"),
        Some(false) => s.push_str(" x"),
        None => {}
    }
    if effect_has_card {
        s.push_str(&format!(" {}", e.effect));
    } else if !e.effect.is_empty() {
        s.push_str(&format!(" — {}", e.effect));
    }
    s
}

/// A roll's kind in the game's words, not its identifier: "to hit", "wound card", and the
/// generated side under its own name ("warrior generation" in a mod that calls them warriors).
pub fn kind_label(kind: RollKind, names: &SideNames) -> String {
    match kind {
        RollKind::AlienGeneration => format!("{} generation", names.one(Side::Aliens)),
        RollKind::AweDetection => "AWE detection".into(),
        other => other.name().replace('_', " "),
    }
}

/// Draws the roll log down the right of `root`. Returns the panel's area, and the units named by
/// an entry the player clicked, with whether it was a double-click (centre the view on them).
pub(super) fn show(
    root: &mut egui::Ui,
    log: &[&RollEntry],
    names: &SideNames,
    view: &mut RollLogView,
) -> (egui::Rect, Option<(Vec<String>, bool)>) {
    let mut clicked = None;
    let panel = egui::Panel::right("roll_log")
        .default_size(440.0)
        .resizable(true)
        .show(root, |ui| {
            // As the inspector: the panel keeps its width whatever the entries say.
            ui.set_max_width(ui.available_width());
            ui.heading("Rolls");
            ui.small(
                "Click an entry to highlight its units on the table; double-click to go to them.",
            );
            ui.horizontal(|ui| {
                egui::ComboBox::from_id_salt("kind")
                    .selected_text(
                        view.kind
                            .map_or("every kind".to_string(), |k| kind_label(k, names)),
                    )
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut view.kind, None, "every kind");
                        for k in RollKind::ALL {
                            ui.selectable_value(&mut view.kind, Some(k), kind_label(k, names));
                        }
                    });
                ui.label("unit");
                ui.text_edit_singleline(&mut view.unit);
            });
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| {
                    let mut last_turn = None;
                    for e in log
                        .iter()
                        .rev()
                        .filter(|e| {
                            view.kind.is_none_or(|k| k == e.kind)
                                && (view.unit.is_empty()
                                    || e.actor.as_deref() == Some(view.unit.as_str())
                                    || e.target.as_deref() == Some(view.unit.as_str()))
                        })
                        .take(400)
                    {
                        if last_turn != Some(e.turn) {
                            if e.turn == 0 {
                                ui.strong("Before the first turn");
                            } else {
                                ui.strong(format!("Turn {}", e.turn));
                            }
                            last_turn = Some(e.turn);
                        }
                        let line = ui
                            .add(egui::Label::new(describe(e, names)).sense(egui::Sense::click()));
                        if line.clicked() || line.double_clicked() {
                            clicked = Some((
                                e.actor.iter().chain(e.target.iter()).cloned().collect(),
                                line.double_clicked(),
                            ));
                        }
                    }
                });
        });
    (panel.response.rect, clicked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_engine::rules::log::Modifier;

    #[test]
    fn a_turned_card_reads_as_its_card_and_a_roll_names_its_modifiers() {
        // The issue's own example: "a turned card as its card (`Q♥ — killed`)".
        let card = RollEntry::dice(RollKind::WoundCard, "card", Vec::new())
            .actor("M1")
            .target("A2.3")
            .card("QH".into())
            .effect("killed");
        assert_eq!(
            describe(&card, &SideNames::default()),
            "M1 vs A2.3 · wound card Q♥ — killed"
        );
        let as_logged = RollEntry::dice(RollKind::WoundCard, "card", Vec::new())
            .card("QH".into())
            .effect("Q♥ — killed");
        assert_eq!(
            describe(&as_logged, &SideNames::default()),
            "wound card Q♥ — killed"
        );
        assert_eq!(pretty_card("10S"), "10♠");
        assert_eq!(pretty_card("JK"), "Joker");
        let shot = RollEntry::dice(RollKind::ToHit, "1d6", vec![4])
            .actor("M1")
            .target("A1.1")
            .modifiers(vec![Modifier::new("did not move", 1)])
            .need(5)
            .success(true)
            .effect("hit");
        assert_eq!(
            describe(&shot, &SideNames::default()),
            "M1 vs A1.1 · to hit 1d6 [4] +1 did not move = 5 need 5 ✔ — hit"
        );
    }
}
