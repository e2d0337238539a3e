//! Marks drawn over the table each frame: selection, who can act, move and charge ghosts, targets
//! by range band, the sight line, wounds, hit dice waiting, shot puffs, and roll-log highlights.
//! Every mark differs by shape as well as colour.

use crate::game::visibility::PlayerView;
use crate::input::cursor::TableCursor;
use crate::input::{OrderDraft, PreviewSet, Previews, Selection};
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_engine::rules::orders::Decision;
use ambush_engine::rules::shooting::RangeBand;

use crate::game::resources::GameInPlay;
use crate::game::start::PerGame;
use ambush_data::board::Side;
use ambush_engine::rules::phases::PhaseStates;
use ambush_engine::rules::table::{Counter, Presence, Surprise, Table, UnitId};
use bevy::prelude::*;
use std::f32::consts::TAU;

/// Units to highlight because the player clicked a roll-log entry naming them.
#[derive(Resource, Debug, Clone, Default)]
pub struct Highlight(pub Vec<UnitId>);

const SELECTED: Color = Color::srgb(1.0, 1.0, 1.0);
const ACTOR: Color = Color::srgb(1.0, 0.85, 0.2);
const LEGAL: Color = Color::srgb(0.3, 0.95, 0.4);
const ILLEGAL: Color = Color::srgb(1.0, 0.3, 0.25);
const MEDIUM: Color = Color::srgb(1.0, 0.6, 0.1);
const LONG: Color = Color::srgb(0.95, 0.9, 0.4);
const WOUND: Color = Color::srgb(1.0, 0.2, 0.2);
const HIT_DIE: Color = Color::srgb(1.0, 1.0, 1.0);
const SMOKE: Color = Color::srgb(0.75, 0.75, 0.75);
const HIGHLIGHT: Color = Color::srgb(1.0, 0.3, 1.0);
const CONTACT: Color = Color::srgb(1.0, 0.95, 0.6);
const ROUTE: Color = Color::srgba(0.9, 0.85, 0.6, 0.5);
const SPRING: Color = Color::srgb(1.0, 0.4, 0.1);
const COUNTER: Color = Color::srgb(0.95, 0.75, 0.3);
const STUN: Color = Color::srgb(1.0, 0.9, 0.3);
const SURPRISE: Color = Color::srgb(1.0, 0.55, 0.95);
const WITHDRAW: Color = Color::srgb(0.7, 0.9, 1.0);
const CURSOR: Color = Color::srgb(0.4, 0.9, 1.0);
/// A counter's side, inches.
const COUNTER_SIZE: f32 = 1.2;

pub(super) fn plugin(app: &mut App) {
    app.init_per_game_resource::<Highlight>();
    app.add_systems(Update, draw_marks.in_set(PreviewSet::Draw));
}

fn outline(g: &mut Gizmos, f: &Footprint, grow: f32, colour: Color) {
    let c = f.corners();
    let centre = f.center;
    let grown: Vec<Vec2> = c
        .iter()
        .map(|p| *p + (*p - centre).normalize_or_zero() * grow)
        .collect();
    g.linestrip_2d([grown[0], grown[1], grown[2], grown[3], grown[0]], colour);
}

/// A ghost base: its outline and front edge; an illegal one is crossed through.
fn ghost(g: &mut Gizmos, f: &Footprint, legal: bool) {
    let colour = if legal { LEGAL } else { ILLEGAL };
    outline(g, f, 0.0, colour);
    let (a, b) = f.front_edge();
    let inward = -f.forward() * 0.12;
    g.line_2d(a + inward, b + inward, colour);
    if !legal {
        let c = f.corners();
        g.line_2d(c[0], c[2], colour);
        g.line_2d(c[1], c[3], colour);
    }
}

/// A circle drawn as dashes, to tell long range from medium without colour.
fn dashed_circle(g: &mut Gizmos, at: Vec2, r: f32, colour: Color) {
    let n = 12;
    for i in 0..n {
        let a0 = i as f32 / n as f32 * TAU;
        let a1 = a0 + TAU / n as f32 * 0.55;
        g.line_2d(
            at + Vec2::from_angle(a0) * r,
            at + Vec2::from_angle(a1) * r,
            colour,
        );
    }
}

fn radius(f: &Footprint) -> f32 {
    f.size.length() * 0.5
}

fn draw_marks(
    mut g: Gizmos,
    view: Res<PlayerView>,
    selection: Res<Selection>,
    previews: Res<Previews>,
    game: Option<Res<GameInPlay>>,
    highlight: Res<Highlight>,
    cursor: Res<TableCursor>,
    time: Res<Time>,
) {
    let Some(table) = &view.table else { return };
    if let Some(at) = cursor.at {
        draw_cursor(&mut g, at, cursor.step_inches());
    }
    let base = |id: UnitId| table.unit(id).map(|u| u.base);
    for id in &previews.actors {
        if let Some(f) = base(*id) {
            outline(&mut g, &f, 0.15, ACTOR);
        }
    }
    if let Some(f) = selection.unit.and_then(base) {
        outline(&mut g, &f, 0.25, SELECTED);
        outline(&mut g, &f, 0.35, SELECTED);
    }
    if let Some(f) = selection.hover.and_then(base) {
        outline(&mut g, &f, 0.3, SELECTED.with_alpha(0.5));
    }
    if let Some(m) = &previews.movement {
        let colour = if m.legal() { LEGAL } else { ILLEGAL };
        if m.length > 0.05 {
            g.arrow_2d(m.from, m.to, colour);
        }
        for (_, f) in &m.ghosts {
            ghost(&mut g, f, m.legal());
        }
    }
    if let Some(c) = &previews.charge {
        let colour = if c.verdict.is_ok() { LEGAL } else { ILLEGAL };
        if let (Some(from), Some(to)) = (base(c.unit), base(c.target)) {
            g.arrow_2d(from.center, to.center, colour);
        }
        if let Some(f) = &c.ghost {
            ghost(&mut g, f, c.verdict.is_ok());
        }
    }
    for t in &previews.targets {
        if let Some(f) = base(t.target) {
            match t.plan.band {
                RangeBand::Medium => {
                    g.circle_2d(
                        Isometry2d::from_translation(f.center),
                        radius(&f) + 0.3,
                        MEDIUM,
                    );
                    g.circle_2d(
                        Isometry2d::from_translation(f.center),
                        radius(&f) + 0.45,
                        MEDIUM,
                    );
                }
                RangeBand::Long => dashed_circle(&mut g, f.center, radius(&f) + 0.35, LONG),
            }
        }
    }
    if let Some(s) = &previews.shot {
        let (a, b) = s.line;
        if s.verdict.is_ok() {
            g.line_2d(a, b, LEGAL);
        } else {
            // A broken line for a shot that cannot be made.
            let n = 24;
            for i in (0..n).step_by(2) {
                let t0 = i as f32 / n as f32;
                let t1 = (i + 1) as f32 / n as f32;
                g.line_2d(a.lerp(b, t0), a.lerp(b, t1), ILLEGAL);
            }
        }
    }
    draw_unit_markers(&mut g, table, game.as_deref().map(|g| &g.phase_states));
    draw_approach(&mut g, table, view.dark.is_some());
    if let Some(Decision::Spring { from, to, hint, .. }) =
        game.as_ref().and_then(|g| g.awaiting.0.as_ref())
    {
        let at = match selection.draft {
            Some(OrderDraft::Spring { at }) => at,
            _ => hint.clamp(*from, *to),
        };
        draw_spring_choice(&mut g, table, (*from, *to), at);
    }
    // The highlight pulses so it catches the eye.
    let pulse = 0.3 + 0.2 * (time.elapsed_secs() * 6.0).sin().abs();
    for id in &highlight.0 {
        if let Some(f) = base(*id) {
            g.circle_2d(
                Isometry2d::from_translation(f.center),
                radius(&f) + pulse,
                HIGHLIGHT,
            );
        }
    }
}

/// The keyboard's cursor: cross hairs with a gap at the point, and a ring as wide as one step,
/// so the player sees how far the next press goes.
fn draw_cursor(g: &mut Gizmos, at: Vec2, step: f32) {
    for dir in [Vec2::X, Vec2::Y, Vec2::NEG_X, Vec2::NEG_Y] {
        g.line_2d(at + dir * 0.2, at + dir * 0.9, CURSOR);
    }
    g.circle_2d(
        Isometry2d::from_translation(at),
        step.max(0.1),
        CURSOR.with_alpha(0.6),
    );
}

/// 004's approach: the column's route as a faint line, and every counter as a square with a
/// diagonal, all alike to a player kept in the dark. The ambusher's own player sees a dot on a
/// real counter and a ring at the spring point. After the spring, the counters still on the
/// table are drawn alone.
fn draw_approach(g: &mut Gizmos, table: &Table, dark: bool) {
    if table.progress.ambush_sprung {
        draw_counters(g, &table.progress.counters, dark);
        return;
    }
    let Some(a) = table.progress.approach.as_ref() else {
        return;
    };
    let (route, _) = table
        .config
        .scenario
        .ambush
        .as_ref()
        .map(|s| geometry::route_of(&s.route))
        .unwrap_or_default();
    for w in route.windows(2) {
        g.line_2d(w[0], w[1], ROUTE);
    }
    if !dark && route.len() >= 2 {
        let (p, _) = geometry::along(&route, a.spring_at);
        g.circle_2d(Isometry2d::from_translation(p), 0.8, SPRING);
        g.circle_2d(Isometry2d::from_translation(p), 0.6, SPRING);
    }
    draw_counters(g, &a.counters, dark);
}

/// 004: the stretch of route the ambusher may spring the ambush on (the lead's path this turn,
/// or where the whole column stands on the route), and the point it has drawn up, ringed.
fn draw_spring_choice(g: &mut Gizmos, table: &Table, (from, to): (f32, f32), at: f32) {
    let Some(spec) = table.config.scenario.ambush.as_ref() else {
        return;
    };
    let (route, _) = geometry::route_of(&spec.route);
    if route.len() < 2 {
        return;
    }
    const STEPS: usize = 24;
    let points: Vec<Vec2> = (0..=STEPS)
        .map(|i| geometry::along(&route, from + (to - from) * i as f32 / STEPS as f32).0)
        .collect();
    for w in points.windows(2) {
        g.line_2d(w[0], w[1], SPRING.with_alpha(0.6));
    }
    let (p, _) = geometry::along(&route, at);
    g.circle_2d(Isometry2d::from_translation(p), 0.8, SPRING);
    g.circle_2d(Isometry2d::from_translation(p), 1.0, SPRING);
}

/// Counters as squares with a diagonal; a dot on a real one for a player who may know.
fn draw_counters(g: &mut Gizmos, counters: &[Counter], dark: bool) {
    for c in counters {
        let h = COUNTER_SIZE * 0.5;
        g.rect_2d(
            Isometry2d::from_translation(c.at),
            Vec2::splat(COUNTER_SIZE),
            COUNTER,
        );
        g.line_2d(c.at + Vec2::new(-h, -h), c.at + Vec2::new(h, h), COUNTER);
        if !dark && c.unit.is_some() {
            g.circle_2d(Isometry2d::from_translation(c.at), h * 0.4, COUNTER);
        }
    }
}

/// Lasting states as icons above the token's front right corner, each its own shape: a star of
/// strokes for stunned, an exclamation mark in a triangle for surprised, a backward arrow for
/// withdrawing.
fn draw_state_icons(g: &mut Gizmos, u: &ambush_engine::rules::table::Unit) {
    let f = &u.base;
    let mut at =
        f.center + f.right() * (f.width() * 0.5 + 0.35) + f.forward() * (f.depth() * 0.5 + 0.35);
    let step = -f.right() * 0.55;
    if u.status.stunned {
        for k in 0..3 {
            let d = Vec2::from_angle(k as f32 * TAU / 6.0) * 0.2;
            g.line_2d(at - d, at + d, STUN);
        }
        at += step;
    }
    if u.surprise != Surprise::Alert {
        let (a, b, c) = (
            at + Vec2::new(0.0, 0.26),
            at + Vec2::new(-0.24, -0.16),
            at + Vec2::new(0.24, -0.16),
        );
        g.linestrip_2d([a, b, c, a], SURPRISE);
        g.line_2d(
            at + Vec2::new(0.0, 0.14),
            at + Vec2::new(0.0, -0.02),
            SURPRISE,
        );
        g.circle_2d(
            Isometry2d::from_translation(at + Vec2::new(0.0, -0.09)),
            0.02,
            SURPRISE,
        );
        at += step;
    }
    if u.status.withdrawing {
        let back = -f.forward();
        let tip = at + back * 0.22;
        g.line_2d(at - back * 0.22, tip, WITHDRAW);
        g.line_2d(tip, tip - back * 0.12 + back.perp() * 0.12, WITHDRAW);
        g.line_2d(tip, tip - back * 0.12 - back.perp() * 0.12, WITHDRAW);
    }
}

/// Wounds as crosses down the left side, hit dice as small squares with a pip down the right,
/// and a puff of smoke behind a unit that has shot this phase.
fn draw_unit_markers(g: &mut Gizmos, table: &Table, phase_states: Option<&PhaseStates>) {
    for u in table.units.iter() {
        if u.status.presence != Presence::OnTable && u.status.presence != Presence::Aboard {
            continue;
        }
        let f = &u.base;
        let left = -f.right();
        let back = -f.forward();
        let corner = f.center + left * (f.width() * 0.5 + 0.3) + f.forward() * (f.depth() * 0.5);
        for i in 0..u.wounds {
            let at = corner + back * (0.35 * i as f32 + 0.15);
            g.cross_2d(Isometry2d::from_translation(at), 0.14, WOUND);
            g.circle_2d(Isometry2d::from_translation(at), 0.16, WOUND);
        }
        draw_state_icons(g, u);
        if u.marks.fired_this_phase {
            let at = f.center + back * (f.depth() * 0.5 + 0.35);
            for (dx, r) in [(-0.18, 0.14), (0.0, 0.19), (0.18, 0.14)] {
                g.circle_2d(Isometry2d::from_translation(at + f.right() * dx), r, SMOKE);
            }
        }
    }
    // Melee contacts: a cross of two strokes where opposing bases touch.
    for a in table
        .units
        .iter()
        .filter(|u| u.on_table() && u.side == Side::Humans)
    {
        for b in table
            .units
            .iter()
            .filter(|u| u.on_table() && u.side == Side::Aliens)
        {
            let reach = (a.base.size.length() + b.base.size.length()) * 0.5 + 0.1;
            if a.base.center.distance(b.base.center) <= reach
                && geometry::in_contact(&a.base, &b.base, 0.05)
            {
                let at = (a.base.center + b.base.center) * 0.5;
                let d = (b.base.center - a.base.center).normalize_or_zero().perp() * 0.45;
                let along = (b.base.center - a.base.center).normalize_or_zero() * 0.25;
                g.line_2d(at - d - along, at + d + along, CONTACT);
                g.line_2d(at - d + along, at + d - along, CONTACT);
            }
        }
    }
    let Some(phase_states) = phase_states else {
        return;
    };
    let mut placed: Vec<(UnitId, u32)> = Vec::new();
    for hit in &phase_states.shooting.pending {
        let Some(u) = table.unit(hit.target) else {
            continue;
        };
        let f = &u.base;
        let start = match placed.iter_mut().find(|(id, _)| *id == hit.target) {
            Some((_, n)) => {
                *n += hit.dice;
                *n - hit.dice
            }
            None => {
                placed.push((hit.target, hit.dice));
                0
            }
        };
        let corner =
            f.center + f.right() * (f.width() * 0.5 + 0.35) + f.forward() * (f.depth() * 0.5);
        for i in start..start + hit.dice {
            let at = corner - f.forward() * (0.4 * i as f32 + 0.2);
            g.rect_2d(Isometry2d::from_translation(at), Vec2::splat(0.3), HIT_DIE);
            g.circle_2d(Isometry2d::from_translation(at), 0.04, HIT_DIE);
        }
    }
}
