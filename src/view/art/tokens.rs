//! Unit tokens: a side's frame, the troop type's symbol and the bright front edge, placed on the table at a base's pose.

use super::*;
use ambush_data::board::Side;
use ambush_data::tables::UnitSymbol;
use bevy::prelude::*;
use std::f32::consts::FRAC_PI_2;

/// A token in its own frame, front edge toward +y: the base at true size in the side's colour,
/// the side's frame (a square for the human side, a diamond for the alien side, as map symbols
/// draw friend and foe), the troop-type symbol in it, and a bright front edge.
pub fn token(side: Side, symbol: UnitSymbol, size: Vec2, palette: Palette) -> Vec<Paint> {
    let h = size * 0.5;
    let fill = palette.side(side);
    let ink = palette.ink(side);
    let rect = |h: Vec2| {
        vec![
            Vec2::new(-h.x, -h.y),
            Vec2::new(h.x, -h.y),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ]
    };
    let mut out = vec![
        Paint::fill(rect(h), fill),
        Paint::ring(rect(h), 0.05, Color::srgb(0.05, 0.05, 0.05)),
    ];
    let m = h.min_element();
    let w = (m * 0.09).max(0.04);
    // The frame, and where the symbol's strokes may reach inside it.
    let inner = match side {
        Side::Humans => {
            let f = Vec2::new(h.x * 0.72, m * 0.55);
            out.push(Paint::ring(rect(f), w, ink));
            f
        }
        Side::Aliens => {
            let r = m * 0.82;
            out.push(Paint::ring(
                vec![
                    Vec2::new(0.0, -r),
                    Vec2::new(r, 0.0),
                    Vec2::new(0.0, r),
                    Vec2::new(-r, 0.0),
                ],
                w,
                ink,
            ));
            Vec2::splat(r * 0.5)
        }
    };
    match symbol {
        UnitSymbol::Infantry => {
            out.push(Paint::line(vec![-inner, inner], w, ink));
            out.push(Paint::line(
                vec![Vec2::new(-inner.x, inner.y), Vec2::new(inner.x, -inner.y)],
                w,
                ink,
            ));
        }
        UnitSymbol::Mounted => {
            out.push(Paint::line(
                vec![Vec2::new(-inner.x, -inner.y), Vec2::new(inner.x, inner.y)],
                w,
                ink,
            ));
        }
        UnitSymbol::WeaponCrew => {
            let r = inner.min_element() * 0.75;
            out.push(Paint::ring(circle(Vec2::ZERO, r, 16), w, ink));
            out.push(Paint::fill(circle(Vec2::ZERO, r * 0.35, 10), ink));
        }
        UnitSymbol::Flying => {
            let y = -inner.y * 0.2;
            out.push(Paint::line(
                vec![
                    Vec2::new(-inner.x, inner.y * 0.4),
                    Vec2::new(-inner.x * 0.45, y),
                    Vec2::new(0.0, inner.y * 0.4),
                    Vec2::new(inner.x * 0.45, y),
                    Vec2::new(inner.x, inner.y * 0.4),
                ],
                w,
                ink,
            ));
        }
        UnitSymbol::Alien => {
            for dx in [-0.55f32, 0.0, 0.55] {
                out.push(Paint::line(
                    vec![
                        Vec2::new(dx * inner.x - inner.x * 0.2, -inner.y * 0.9),
                        Vec2::new(dx * inner.x + inner.x * 0.2, inner.y * 0.9),
                    ],
                    w,
                    ink,
                ));
            }
        }
    }
    // The front edge: the rules measure from it, so it stands out.
    let front = (m * 0.22).clamp(0.08, 0.3);
    out.push(Paint::fill(
        vec![
            Vec2::new(-h.x, h.y - front),
            Vec2::new(h.x, h.y - front),
            Vec2::new(h.x, h.y),
            Vec2::new(-h.x, h.y),
        ],
        Color::srgb(1.0, 0.95, 0.55),
    ));
    out
}

/// A token placed on the table: turned to `facing` (radians from +x) and moved to `at`.
pub fn placed(paints: Vec<Paint>, at: Vec2, facing: f32) -> Vec<Paint> {
    let turn = Vec2::from_angle(facing - FRAC_PI_2);
    let place = |p: &mut Vec<Vec2>| p.iter_mut().for_each(|q| *q = at + turn.rotate(*q));
    paints
        .into_iter()
        .map(|mut paint| {
            match &mut paint {
                Paint::Fill { points, .. } | Paint::Stroke { points, .. } => place(points),
            }
            paint
        })
        .collect()
}

/// The colours of the map's marks for set-up, objectives and routes.
pub mod map_colours {
    use bevy::prelude::Color;
    pub const ZONE: Color = Color::srgb(1.0, 0.55, 0.1);
    pub const ROUTE: Color = Color::srgb(0.98, 0.92, 0.65);
    pub const OBJECTIVE: Color = Color::srgb(1.0, 0.85, 0.1);
    /// A line of fire, in the title's scene.
    pub const FIRE: Color = Color::srgba(1.0, 0.9, 0.4, 0.8);
}
