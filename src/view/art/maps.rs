//! Whole pictures: a scenario's map for the menu (terrain, deployments, the ambush's zone and route, the objective) and the darkness with its hole of light.

use super::*;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_data::tables::UnitSymbol;
use bevy::prelude::*;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

/// The objective's zone, to reach or to hold, or its edge to leave by, dashed in the
/// objective's colour: on the menu's map and on the table (`size`), where both players see it.
pub fn objective_zone(
    objective: Option<&ambush_data::scenario::Objective>,
    size: Vec2,
) -> Vec<Paint> {
    if let Some(ambush_data::scenario::Objective::ExitEdge { edge, .. }) = objective {
        return exit_edge(*edge, size);
    }
    let Some(zone) = objective.and_then(|o| o.zone()) else {
        return Vec::new();
    };
    let frame = Frame::of(zone);
    dashes(&frame.all(frame.outline(0.0)), 0.3, map_colours::OBJECTIVE)
}

/// The edge a patrol must leave by: a dashed line just inside it, along its length.
fn exit_edge(edge: ambush_data::board::Edge, size: Vec2) -> Vec<Paint> {
    use ambush_data::board::Edge;
    const INSET: f32 = 0.4;
    let (a, b) = match edge {
        Edge::South => (Vec2::new(0.0, INSET), Vec2::new(size.x, INSET)),
        Edge::North => (
            Vec2::new(0.0, size.y - INSET),
            Vec2::new(size.x, size.y - INSET),
        ),
        Edge::West => (Vec2::new(INSET, 0.0), Vec2::new(INSET, size.y)),
        Edge::East => (
            Vec2::new(size.x - INSET, 0.0),
            Vec2::new(size.x - INSET, size.y),
        ),
    };
    let n = (a.distance(b).ceil() as usize).max(1);
    (0..n)
        .step_by(2)
        .map(|k| {
            let (t0, t1) = (k as f32 / n as f32, ((k + 1) as f32 / n as f32).min(1.0));
            Paint::line(
                vec![a.lerp(b, t0), a.lerp(b, t1)],
                0.5,
                map_colours::OBJECTIVE,
            )
        })
        .collect()
}

/// A scenario's map before play, for the menu: the table, the units where they deploy, the
/// ambush's set-up zone dashed, the column's route as a line with an arrow, and a star on the
/// objective's feature. `troop_symbol` says how each troop type is drawn. In an ambush the
/// ambushers' units and dummies are left off: both players see the menu, and where the ambush
/// waits is the ambusher's secret.
pub fn scenario_map(
    s: &Scenario,
    troop_symbol: &dyn Fn(Side, &ambush_data::tables::TroopType) -> (UnitSymbol, Vec2),
    palette: Palette,
) -> Vec<Paint> {
    let size = Vec2::new(s.table.0, s.table.1);
    let mut out = table(size, &s.terrain, s.environment, palette);
    if let Some(ambush_data::scenario::Objective::RepairAndBoard { feature }) = &s.objective
        && let Some(f) = s.terrain.iter().find(|f| &f.name == feature)
    {
        let frame = Frame::of(&f.shape);
        out.push(Paint::ring(
            frame.all(frame.outline(0.5)),
            0.35,
            map_colours::OBJECTIVE,
        ));
        out.push(Paint::fill(
            star(frame.centre, frame.half.min_element().clamp(1.0, 2.5)),
            map_colours::OBJECTIVE,
        ));
    }
    out.extend(objective_zone(s.objective.as_ref(), size));
    if let Some(a) = &s.ambush {
        for z in &a.zone {
            let frame = Frame::of(z);
            out.extend(dashes(
                &frame.all(frame.outline(0.0)),
                0.3,
                map_colours::ZONE,
            ));
        }
        let route: Vec<Vec2> = a.route.iter().map(|p| Vec2::from(*p)).collect();
        if route.len() >= 2 {
            out.push(Paint::line(route.clone(), 0.35, map_colours::ROUTE));
            let (b, a2) = (route[route.len() - 1], route[route.len() - 2]);
            let dir = (b - a2).normalize_or_zero();
            out.push(Paint::fill(
                vec![
                    b + dir * 1.2,
                    b - dir * 0.4 + dir.perp() * 0.9,
                    b - dir * 0.4 - dir.perp() * 0.9,
                ],
                map_colours::ROUTE,
            ));
        }
        for u in a.units.iter().filter(|u| u.side == a.ambushed) {
            let (symbol, base) = troop_symbol(u.side, &u.troop);
            out.extend(placed(
                token(u.side, symbol, base, palette),
                Vec2::from(u.at),
                u.facing.to_radians(),
            ));
        }
    }
    let ambushers = s.ambush.as_ref().map(|a| a.ambushed.other());
    for u in s.units.iter().filter(|_| ambushers != Some(Side::Humans)) {
        let (symbol, base) = troop_symbol(Side::Humans, &u.troop);
        out.extend(placed(
            token(Side::Humans, symbol, base, palette),
            Vec2::from(u.at),
            u.facing.to_radians(),
        ));
    }
    out
}

/// A five-pointed star.
pub(super) fn star(centre: Vec2, r: f32) -> Vec<Vec2> {
    (0..10)
        .map(|i| {
            let a = FRAC_PI_2 + i as f32 * PI / 5.0;
            centre + Vec2::from_angle(a) * if i % 2 == 0 { r } else { r * 0.45 }
        })
        .collect()
}

/// A closed outline drawn as dashes.
pub(super) fn dashes(outline: &[Vec2], width: f32, colour: Color) -> Vec<Paint> {
    let mut out = Vec::new();
    for i in 0..outline.len() {
        let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
        let n = ((a.distance(b) / 1.0).ceil() as usize).max(1);
        for k in (0..n).step_by(2) {
            let t0 = k as f32 / n as f32;
            let t1 = ((k + 1) as f32 / n as f32).min(1.0);
            out.push(Paint::line(
                vec![a.lerp(b, t0), a.lerp(b, t1)],
                width,
                colour,
            ));
        }
    }
    out
}

/// Darkness over the table with a hole of light: the table less a circle of radius `r` about
/// `at`, as rays from `at` to the edge (the corners among them), so nothing inside the circle is
/// dimmed and everything outside it is.
pub fn darkness_with_light(size: Vec2, at: Vec2, r: f32, colour: Color) -> Vec<Paint> {
    let at = at.clamp(Vec2::ZERO, size);
    let corners = [
        Vec2::ZERO,
        Vec2::new(size.x, 0.0),
        size,
        Vec2::new(0.0, size.y),
    ];
    let mut angles: Vec<f32> = (0..72).map(|i| i as f32 / 72.0 * TAU).collect();
    for c in corners {
        let d = c - at;
        if d.length() > 1e-4 {
            angles.push(d.y.atan2(d.x).rem_euclid(TAU));
        }
    }
    angles.sort_by(f32::total_cmp);
    // How far a ray from `at` runs before it leaves the table.
    let exit = |from: f32, extent: f32, d: f32| {
        if d > 1e-6 {
            (extent - from) / d
        } else if d < -1e-6 {
            -from / d
        } else {
            f32::INFINITY
        }
    };
    let to_edge = |dir: Vec2| exit(at.x, size.x, dir.x).min(exit(at.y, size.y, dir.y));
    let mut out = Vec::new();
    for i in 0..angles.len() {
        let (a0, a1) = (angles[i], angles[(i + 1) % angles.len()]);
        let (d0, d1) = (Vec2::from_angle(a0), Vec2::from_angle(a1));
        let (e0, e1) = (to_edge(d0), to_edge(d1));
        let (i0, i1) = (r.min(e0), r.min(e1));
        out.push(Paint::fill(
            vec![at + d0 * i0, at + d0 * e0, at + d1 * e1, at + d1 * i1],
            colour,
        ));
    }
    out
}
