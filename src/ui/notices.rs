//! Says each phase change aloud: a line at the top of the table for every phase that ends (and why, for shooting), every new turn and every arrival, with a marker at the window's edge pointing to units that arrive out of view.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::start::PerGame;
use crate::game::visibility::PlayerView;
use crate::input::camera::TableCamera;
use crate::ui::EguiPass;
use ambush_data::Rules;
use ambush_data::board::{Side, SideNames};
use ambush_engine::control::Controller;
use ambush_engine::rules::preview::why_no_shot;
use ambush_engine::rules::table::{Table, UnitId};
use ambush_engine::rules::turn::Phase;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

/// How long a notice stays at the top of the table, and an arrival's edge marker, seconds.
const SHOWN_FOR: f32 = 8.0;
/// The most notices shown at once, newest at the bottom.
const SHOWN_AT_ONCE: usize = 4;
/// The most units a shooting notice names with their reasons.
const REASONS_NAMED: usize = 4;

/// One thing said: its words and when.
#[derive(Debug, Clone, PartialEq)]
pub struct Notice {
    pub text: String,
    pub at: f32,
}

/// What the table has said this game, and the units that arrived lately.
#[derive(Resource, Debug, Clone, Default)]
pub struct Notices {
    pub said: Vec<Notice>,
    /// Units that came onto the player's table, with when: the edge marker points at them.
    pub arrivals: Vec<(Vec<UnitId>, f32)>,
    /// Where the game stood last frame: its phase and turn, and the units on the player's table.
    last: Option<(Phase, u32)>,
    on_table: Vec<UnitId>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_per_game_resource::<Notices>();
    app.add_systems(Update, watch_the_game.in_set(FrameSet::Presentation));
    app.add_systems(
        EguiPrimaryContextPass,
        draw_notices.in_set(EguiPass::Overlay),
    );
}

/// The sides whose units a notice speaks for: those played at this machine, else (an AI game
/// watched) the humans.
fn players(game: &GameInPlay) -> Vec<Side> {
    let sides: Vec<Side> = [Side::Humans, Side::Aliens]
        .into_iter()
        .filter(|s| game.controllers.get(*s) == Controller::Human)
        .collect();
    if sides.is_empty() {
        vec![Side::Humans]
    } else {
        sides
    }
}

/// The words for a phase that has just ended, on the table as the player may see it. Shooting
/// says why each of the player's units that did not shoot had no shot.
pub fn phase_over(ended: Phase, table: &Table, rules: &Rules, sides: &[Side]) -> Option<String> {
    let names = &table.config.side_names;
    Some(match ended {
        Phase::Movement => "Movement over".into(),
        Phase::Shooting => {
            let mine: Vec<_> = sides
                .iter()
                .flat_map(|side| table.side_on_table(*side))
                .collect();
            let mut reasons = Vec::new();
            let mut could = Vec::new();
            for u in &mine {
                match why_no_shot(table, rules, u.id) {
                    Some(why) => reasons.push(why),
                    None => could.push(u.label.to_string()),
                }
            }
            let who: Vec<&str> = sides.iter().map(|s| names.of(*s)).collect();
            let lead = if could.is_empty() {
                format!(
                    "Shooting over: no more shots for the {}",
                    who.join(" or the ")
                )
            } else {
                format!(
                    "Shooting over: the {} declined ({} could still shoot)",
                    who.join(" and the "),
                    could.join(", ")
                )
            };
            if reasons.is_empty() {
                lead
            } else {
                let more = reasons.len().saturating_sub(REASONS_NAMED);
                let mut named = reasons
                    .into_iter()
                    .take(REASONS_NAMED)
                    .collect::<Vec<_>>()
                    .join("; ");
                if more > 0 {
                    named.push_str(&format!("; and {more} more"));
                }
                format!("{lead}. {named}")
            }
        }
        Phase::Approach => "The approach is over: the ambush is sprung".into(),
        // Generation says itself by its arrivals, melee by its rolls in the log; the end of the
        // turn by the next turn's notice.
        Phase::AlienGeneration
        | Phase::Melee
        | Phase::RunAway
        | Phase::EndOfTurn
        | Phase::NoGame
        | Phase::GameOver => return None,
    })
}

/// The words for units that came onto the player's table: how many of each side, and the table
/// edge they are nearest.
pub fn arrivals_text(table: &Table, arrived: &[UnitId]) -> Option<String> {
    let units: Vec<_> = arrived.iter().filter_map(|id| table.unit(*id)).collect();
    let first = units.first()?;
    let names: &SideNames = &table.config.side_names;
    let n = units.len();
    let centre = units.iter().map(|u| u.base.center).sum::<Vec2>() / n as f32;
    let size = table.config.table();
    let edge = [
        (centre.y, "south"),
        (size.y - centre.y, "north"),
        (centre.x, "west"),
        (size.x - centre.x, "east"),
    ]
    .into_iter()
    .min_by(|a, b| a.0.total_cmp(&b.0));
    // Units revealed in the middle of the table (an ambush sprung) are not at an edge.
    let place = match edge {
        Some((d, e)) if d <= 4.0 => format!("near the {e} edge"),
        _ => format!("at ({:.0}\", {:.0}\")", centre.x, centre.y),
    };
    let who = if n == 1 {
        format!("{} {}", names.one(first.side), first.label)
    } else {
        format!("{n} {}", names.of(first.side))
    };
    Some(format!(
        "{who} {} {place}",
        if n == 1 { "appears" } else { "appear" }
    ))
}

/// Notes each phase that ends, each new turn, the game's end and each arrival.
fn watch_the_game(
    game: Option<Res<GameInPlay>>,
    view: Res<PlayerView>,
    time: Res<Time>,
    mut notices: ResMut<Notices>,
) {
    let (Some(game), Some(table)) = (game, &view.table) else {
        return;
    };
    let now = time.elapsed_secs();
    let stands = (game.phase, table.progress.turn);
    let on_table: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.on_table())
        .map(|u| u.id)
        .collect();
    let Some((phase, turn)) = notices.last.replace(stands) else {
        notices.on_table = on_table;
        return;
    };
    let mut said = Vec::new();
    if phase != game.phase
        && let Some(text) = phase_over(phase, table, &game.rules, &players(&game))
    {
        said.push(text);
    }
    if turn != table.progress.turn && game.phase != Phase::GameOver {
        said.push(format!(
            "Turn {} of {}",
            table.progress.turn, table.config.scenario.turn_limit
        ));
    }
    if phase != game.phase && game.phase == Phase::GameOver {
        said.push(format!("The game is over: {}", table.progress.ending));
    }
    let arrived: Vec<UnitId> = on_table
        .iter()
        .filter(|id| !notices.on_table.contains(id))
        .copied()
        .collect();
    if let Some(text) = arrivals_text(table, &arrived) {
        said.push(text);
        notices.arrivals.push((arrived, now));
    }
    notices.on_table = on_table;
    for text in said {
        // Sentences start with a capital, whatever the scenario calls its sides.
        let mut chars = text.chars();
        let text: String = chars
            .next()
            .map(|c| c.to_uppercase().chain(chars).collect())
            .unwrap_or_default();
        info!("notice: {text}");
        notices.said.push(Notice { text, at: now });
    }
}

/// The notices of the last few seconds under the status bar, and an arrow at the window's edge
/// toward each recent arrival out of view.
fn draw_notices(
    mut contexts: EguiContexts,
    notices: Res<Notices>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    panels: Res<crate::input::camera::PanelRects>,
    view: Res<PlayerView>,
    time: Res<Time>,
    camera: Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    mut redraw: MessageWriter<RequestRedraw>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let now = time.elapsed_secs();
    let fresh: Vec<&Notice> = notices
        .said
        .iter()
        .filter(|n| now - n.at < SHOWN_FOR)
        .collect();
    // Over the table, clear of the panels: the part of the window they leave, in egui's points.
    let zoom = ctx.zoom_factor();
    let free = window.single().map_or(ctx.content_rect(), |w| {
        let r = crate::input::camera::free_area(w, &panels);
        egui::Rect::from_min_max(
            egui::pos2(r.min.x, r.min.y) / zoom,
            egui::pos2(r.max.x, r.max.y) / zoom,
        )
    });
    if !fresh.is_empty() {
        egui::Area::new("notices".into())
            .order(egui::Order::Foreground)
            .fixed_pos(free.left_top() + egui::vec2(12.0, 8.0))
            .interactable(false)
            .show(ctx, |ui| {
                ui.set_max_width((free.width() - 40.0).max(200.0));
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    for n in fresh.iter().rev().take(SHOWN_AT_ONCE).rev() {
                        ui.label(egui::RichText::new(&n.text).strong());
                    }
                });
            });
    }
    let markers = edge_markers(ctx, &notices, &view, &camera, now);
    if !fresh.is_empty() || markers {
        // The window sleeps between inputs: a notice still to fade asks for the next frame.
        redraw.write(RequestRedraw);
    }
    Ok(())
}

/// Draws an arrow at the window's edge toward each recent arrival whose units are all out of
/// view. Returns whether one is drawn.
fn edge_markers(
    ctx: &egui::Context,
    notices: &Notices,
    view: &PlayerView,
    camera: &Query<(&Camera, &GlobalTransform), With<TableCamera>>,
    now: f32,
) -> bool {
    let (Some(table), Ok((camera, placed))) = (&view.table, camera.single()) else {
        return false;
    };
    let zoom = ctx.zoom_factor();
    let screen = ctx.content_rect().shrink(60.0);
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        egui::Id::new("arrival markers"),
    ));
    let mut drawn = false;
    for (units, at) in &notices.arrivals {
        if now - at >= SHOWN_FOR {
            continue;
        }
        let points: Vec<egui::Pos2> = units
            .iter()
            .filter_map(|id| table.unit(*id))
            .filter_map(|u| {
                camera
                    .world_to_viewport(placed, u.base.center.extend(0.0))
                    .ok()
            })
            .map(|p| egui::pos2(p.x / zoom, p.y / zoom))
            .collect();
        if points.is_empty() || points.iter().any(|p| screen.contains(*p)) {
            continue;
        }
        let centre =
            points.iter().fold(egui::Vec2::ZERO, |s, p| s + p.to_vec2()) / points.len() as f32;
        let middle = screen.center();
        let dir = (centre.to_pos2() - middle).normalized();
        // Where the line from the middle toward them leaves the screen's inner rectangle.
        let scale = (screen.width() * 0.5 / dir.x.abs().max(1e-3))
            .min(screen.height() * 0.5 / dir.y.abs().max(1e-3));
        let tip = middle + dir * scale;
        let colour = egui::Color32::from_rgb(255, 140, 60);
        let side = egui::vec2(-dir.y, dir.x) * 14.0;
        painter.add(egui::Shape::convex_polygon(
            vec![tip + dir * 22.0, tip + side, tip - side],
            colour,
            egui::Stroke::new(2.0, egui::Color32::BLACK),
        ));
        painter.text(
            tip - dir * 24.0,
            egui::Align2::CENTER_CENTER,
            format!("{} arrived", points.len()),
            egui::FontId::proportional(15.0),
            colour,
        );
        drawn = true;
    }
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;
    use ambush_data::tables::TroopType;
    use ambush_engine::rules::table::{GameConfig, UnitId};

    fn rules() -> &'static Rules {
        Rules::bundled()
    }

    fn open_table() -> Table {
        Table::new(GameConfig::plain(72.0, 48.0))
    }

    fn marine(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
        let weapons = &["blaster", "laser_pistol"];
        t.add(
            rules(),
            label,
            Side::Humans,
            TroopType::known("Infantry"),
            at,
            bearing,
            weapons,
        )
    }

    fn alien(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
        t.add(
            rules(),
            label,
            Side::Aliens,
            TroopType::known("Alien"),
            at,
            bearing,
            &["claws"],
        )
    }

    #[test]
    fn shooting_over_says_why_each_unit_had_no_shot() {
        // 001: "The target must be in range and in line of sight"; a phase that ends for want
        // of targets says so, naming the unit in the way.
        let mut t = open_table();
        marine(&mut t, "M1", (10.0, 10.0), 0.0);
        marine(&mut t, "M2", (10.0, 12.0), 0.0);
        alien(&mut t, "A1", (10.0, 50.0), 180.0);
        let said = phase_over(Phase::Shooting, &t, rules(), &[Side::Humans]).expect("said");
        assert!(
            said.starts_with("Shooting over: no more shots for the"),
            "{said}"
        );
        assert!(said.contains("M1: A1 is out of range"), "{said}");
        assert!(said.contains("M2: A1 is out of range"), "{said}");
        assert_eq!(
            phase_over(Phase::Movement, &t, rules(), &[Side::Humans]).as_deref(),
            Some("Movement over")
        );
        assert_eq!(
            phase_over(Phase::EndOfTurn, &t, rules(), &[Side::Humans]),
            None
        );
    }

    #[test]
    fn an_arrival_names_its_count_and_nearest_edge() {
        let mut t = open_table();
        let size = t.config.table();
        let a = alien(&mut t, "A1", (size.x - 1.0, 20.0), 270.0);
        let b = alien(&mut t, "A2", (size.x - 1.0, 22.0), 270.0);
        assert_eq!(
            arrivals_text(&t, &[a, b]).as_deref(),
            Some("2 aliens appear near the east edge")
        );
        let one = arrivals_text(&t, &[a]).expect("said");
        assert!(one.ends_with("A1 appears near the east edge"), "{one}");
        assert_eq!(arrivals_text(&t, &[]), None);
    }
}
