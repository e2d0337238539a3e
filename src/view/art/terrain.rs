//! The terrain's looks: woods, water, rough ground, rocks, walls, a ship, a deck, high ground, and the cloth of the table under them.

use super::*;
use ambush_data::board::{Going, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::polygon;
use ambush_data::scenario::Environment;
use bevy::prelude::*;
use std::f32::consts::{PI, TAU};

/// A small deterministic stream for placing pattern marks: the same feature always looks the
/// same, and the art draws nothing from the game's dice.
pub(super) struct Scatter(u64);

impl Scatter {
    pub(super) fn new(name: &str, salt: u64) -> Scatter {
        // FNV-1a over the name.
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        Scatter(h | 1)
    }
    /// A number in [0, 1).
    pub(super) fn next(&mut self) -> f32 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as f32) / (1u64 << 24) as f32
    }
    pub(super) fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

/// A shape's own frame: its centre, its rotation, and its half sizes along its axes (a
/// polygon's: the middle of its bounding box, no rotation, and the box's half sizes).
#[derive(Debug, Clone)]
pub(super) struct Frame {
    pub(super) centre: Vec2,
    rotation: f32,
    pub(super) half: Vec2,
    round: bool,
    /// A polygon's points, about the centre; `None` for a rectangle or a circle.
    points: Option<Vec<Vec2>>,
}

impl Frame {
    pub(super) fn of(shape: &Shape) -> Frame {
        match *shape {
            Shape::Rect {
                center,
                size,
                rotation,
            } => Frame {
                centre: Vec2::from(center),
                rotation: rotation.to_radians(),
                half: Vec2::new(size.0, size.1) * 0.5,
                round: false,
                points: None,
            },
            Shape::Circle { center, radius } => Frame {
                centre: Vec2::from(center),
                rotation: 0.0,
                half: Vec2::splat(radius),
                round: true,
                points: None,
            },
            Shape::Polygon { ref points } => {
                let k: Vec<Vec2> = points.iter().map(|p| Vec2::from(*p)).collect();
                let (lo, hi) = k.iter().fold(
                    (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY)),
                    |(lo, hi), p| (lo.min(*p), hi.max(*p)),
                );
                // No points, or points that cannot be measured: a frame of no size.
                let (centre, half) = if (lo + hi).is_finite() {
                    ((lo + hi) * 0.5, (hi - lo) * 0.5)
                } else {
                    (Vec2::ZERO, Vec2::ZERO)
                };
                Frame {
                    centre,
                    rotation: 0.0,
                    half,
                    round: false,
                    points: Some(k.iter().map(|p| *p - centre).collect()),
                }
            }
        }
    }
    /// The area, square inches.
    pub(super) fn area(&self) -> f32 {
        match &self.points {
            Some(k) => polygon::signed_area(k).abs(),
            None if self.round => PI * self.half.x * self.half.x,
            None => 4.0 * self.half.x * self.half.y,
        }
    }
    /// The whole shape filled: one paint, or a polygon's triangles (a concave outline cannot
    /// be fanned from its centre).
    pub(super) fn fill(&self, colour: Color, out: &mut Vec<Paint>) {
        match &self.points {
            Some(k) => {
                for t in polygon::triangulate(k) {
                    out.push(Paint::fill(self.all(t.map(|i| k[i])), colour));
                }
            }
            None => out.push(Paint::fill(self.all(self.outline(0.0)), colour)),
        }
    }
    /// The pieces of the local segment `a`–`b` inside the shape: a polygon's outline may cut
    /// it; a rectangle's and a circle's lines are already drawn within them.
    pub(super) fn clip(&self, a: Vec2, b: Vec2) -> Vec<[Vec2; 2]> {
        match &self.points {
            Some(k) => {
                let mut spans = Vec::new();
                polygon::spans_inside(k, a, b, &mut spans);
                let d = (b - a).normalize_or_zero();
                spans
                    .iter()
                    .map(|(t0, t1)| [a + d * *t0, a + d * *t1])
                    .collect()
            }
            None => vec![[a, b]],
        }
    }
    /// A point given in the shape's frame, on the table.
    pub(super) fn at(&self, local: Vec2) -> Vec2 {
        self.centre + Vec2::from_angle(self.rotation).rotate(local)
    }
    pub(super) fn all(&self, local: impl IntoIterator<Item = Vec2>) -> Vec<Vec2> {
        local.into_iter().map(|p| self.at(p)).collect()
    }
    /// Whether a local point lies inside, `margin` in from the edge.
    pub(super) fn holds(&self, p: Vec2, margin: f32) -> bool {
        if let Some(k) = &self.points {
            return polygon::contains(k, p) && polygon::boundary_distance(k, p) >= margin;
        }
        if self.round {
            p.length() <= self.half.x - margin
        } else {
            p.x.abs() <= self.half.x - margin && p.y.abs() <= self.half.y - margin
        }
    }
    /// The outline, in local coordinates, grown by `grow` inches.
    pub(super) fn outline(&self, grow: f32) -> Vec<Vec2> {
        if let Some(k) = &self.points {
            return grown(k, grow);
        }
        if self.round {
            circle(Vec2::ZERO, self.half.x + grow, 32)
        } else {
            let h = self.half + Vec2::splat(grow);
            vec![
                Vec2::new(-h.x, -h.y),
                Vec2::new(h.x, -h.y),
                Vec2::new(h.x, h.y),
                Vec2::new(-h.x, h.y),
            ]
        }
    }
    /// How far the shape reaches across, either side of the line `u` along one axis: the
    /// half-chord of a circle, the half-size of a rectangle.
    pub(super) fn reach_across(&self, u: f32, across: f32) -> f32 {
        if self.round {
            (self.half.x * self.half.x - u * u).max(0.0).sqrt()
        } else {
            across
        }
    }
    /// The long axis of a rectangle as local x: a stream flows and a wall runs along it.
    pub(super) fn long_is_x(&self) -> bool {
        self.half.x >= self.half.y
    }
    /// The half-lengths along and across the long axis.
    pub(super) fn along_across(&self) -> (f32, f32) {
        if self.long_is_x() {
            (self.half.x, self.half.y)
        } else {
            (self.half.y, self.half.x)
        }
    }
    /// A local point from its place along and across the long axis.
    pub(super) fn on_long_axis(&self, along: f32, across: f32) -> Vec2 {
        if self.long_is_x() {
            Vec2::new(along, across)
        } else {
            Vec2::new(across, along)
        }
    }
}

/// A polygon's points moved `grow` inches out along each corner's bisector (in when negative),
/// so each edge moves out by about `grow`; a sharp corner moves at most twice as far.
fn grown(k: &[Vec2], grow: f32) -> Vec<Vec2> {
    if grow == 0.0 || k.len() < 3 {
        return k.to_vec();
    }
    // Outward is right of each edge for counter-clockwise points.
    let out_sign = if polygon::signed_area(k) < 0.0 {
        -1.0
    } else {
        1.0
    };
    let n = k.len();
    let normal = |a: Vec2, b: Vec2| {
        let e = (b - a).normalize_or_zero();
        Vec2::new(e.y, -e.x) * out_sign
    };
    (0..n)
        .map(|i| {
            let (prev, p, next) = (k[(i + n - 1) % n], k[i], k[(i + 1) % n]);
            let (n1, n2) = (normal(prev, p), normal(p, next));
            let m = (n1 + n2).normalize_or(n1);
            p + m * grow / m.dot(n1).max(0.5)
        })
        .collect()
}

/// A circle's outline as `n` points.
pub fn circle(centre: Vec2, r: f32, n: usize) -> Vec<Vec2> {
    (0..n)
        .map(|i| centre + Vec2::from_angle(i as f32 / n as f32 * TAU) * r)
        .collect()
}

/// One terrain feature: its fill and its pattern.
pub fn terrain(f: &TerrainFeature, palette: Palette) -> Vec<Paint> {
    let look = f.look();
    let frame = Frame::of(&f.shape);
    let fill = palette.fill(look);
    let ink = palette.pattern(look);
    let mut out = Vec::new();
    let mut scatter = Scatter::new(&f.name, look as u64);
    match look {
        TerrainLook::Ship => ship(&frame, fill, ink, &mut out),
        TerrainLook::Rocks => rocks(&frame, fill, ink, &mut scatter, &mut out),
        _ => frame.fill(fill, &mut out),
    }
    match look {
        TerrainLook::Woods => woods(&frame, ink, &mut scatter, &mut out),
        TerrainLook::Rough => stipple(&frame, ink, &mut scatter, &mut out),
        TerrainLook::Water => ripples(&frame, ink, &mut out),
        TerrainLook::Wall => blocks(&frame, ink, &mut out),
        TerrainLook::Deck => deck(&frame, ink, &mut out),
        TerrainLook::Hill => contours(&frame, ink, &mut out),
        TerrainLook::Open | TerrainLook::Ship | TerrainLook::Rocks => {}
    }
    // Impassable ground gets a firm edge: it is the one thing no base may cross.
    if f.going == Going::Impassable && look != TerrainLook::Ship && look != TerrainLook::Rocks {
        out.push(Paint::ring(
            frame.all(frame.outline(0.0)),
            0.12,
            palette.pattern(look),
        ));
    }
    out
}

/// Tree crowns: overlapping discs, each with a lit side, scattered inside the outline.
pub(super) fn woods(frame: &Frame, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
    let area = frame.area();
    let crowns = ((area / 2.2) as usize).clamp(1, 400);
    let shade = ink.mix(&Color::BLACK, 0.45);
    for _ in 0..crowns * 3 {
        let p = Vec2::new(
            s.between(-frame.half.x, frame.half.x),
            s.between(-frame.half.y, frame.half.y),
        );
        let r = s.between(0.45, 0.8).min(frame.half.min_element() * 0.9);
        if !frame.holds(p, r * 0.8) {
            continue;
        }
        out.push(Paint::fill(frame.all(circle(p, r, 10)), shade));
        out.push(Paint::fill(
            frame.all(circle(p + Vec2::new(-0.1, 0.1) * r, r * 0.75, 10)),
            ink,
        ));
        if out.len() > crowns * 2 {
            break;
        }
    }
}

/// Stipple: small stones of two sizes.
pub(super) fn stipple(frame: &Frame, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
    let area = 4.0 * frame.half.x * frame.half.y;
    let n = ((area * 1.5) as usize).clamp(3, 1500);
    for _ in 0..n {
        let p = Vec2::new(
            s.between(-frame.half.x, frame.half.x),
            s.between(-frame.half.y, frame.half.y),
        );
        let r = s.between(0.06, 0.16);
        if frame.holds(p, r) {
            out.push(Paint::fill(frame.all(circle(p, r, 6)), ink));
        }
    }
}

/// Ripples: wavy lines along the water's long axis.
pub(super) fn ripples(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let (along, across) = frame.along_across();
    let rows = ((across * 2.0 / 0.75) as usize).max(1);
    for row in 0..rows {
        let v = -across + (row as f32 + 0.5) * across * 2.0 / rows as f32;
        // Short dashes of a wave, staggered row by row, as water is drawn on maps.
        let mut u = -along + 0.3 + (row % 2) as f32 * 0.8;
        while u + 1.2 < along - 0.2 {
            let wave: Vec<Vec2> = (0..=8)
                .map(|k| {
                    let t = k as f32 / 8.0;
                    let x = u + t * 1.2;
                    let y = v + (t * TAU).sin() * 0.12;
                    if frame.long_is_x() {
                        Vec2::new(x, y)
                    } else {
                        Vec2::new(y, x)
                    }
                })
                .filter(|p| frame.holds(*p, 0.05))
                .collect();
            if wave.len() >= 2 {
                out.push(Paint::line(frame.all(wave), 0.07, ink));
            }
            u += 1.8;
        }
    }
}

/// Rocks: a jagged outline with lit and shaded facets, light from the north-west.
pub(super) fn rocks(frame: &Frame, fill: Color, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
    let light = Vec2::new(-1.0, 1.0).normalize();
    let shadow = fill.mix(&Color::BLACK, 0.45);
    if let Some(k) = &frame.points {
        // A polygon's own triangles are its facets, lit by which way they lie from the middle.
        let middle = polygon::centroid(k);
        for t in polygon::triangulate(k) {
            let tri = t.map(|i| k[i]);
            let facing = (polygon::centroid(&tri) - middle).normalize_or_zero();
            let colour = facet_colour(facing.dot(light), ink, fill, shadow);
            out.push(Paint::fill(frame.all(tri), colour));
        }
        out.push(Paint::ring(frame.all(k.clone()), 0.08, shadow));
        return;
    }
    let n = 11;
    let ring: Vec<Vec2> = (0..n)
        .map(|i| {
            let a = i as f32 / n as f32 * TAU + s.between(-0.15, 0.15);
            let dir = Vec2::from_angle(a);
            let edge = if frame.round {
                frame.half.x
            } else {
                // Out to the rectangle's edge along this direction.
                (frame.half.x / dir.x.abs().max(1e-3)).min(frame.half.y / dir.y.abs().max(1e-3))
            };
            dir * edge * s.between(0.86, 1.0)
        })
        .collect();
    out.push(Paint::fill(frame.all(ring.clone()), fill));
    let peak = Vec2::new(s.between(-0.15, 0.15), s.between(-0.15, 0.15)) * frame.half;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        // Facets facing the light are lit, the others in shadow; world light, so rotate it in.
        let facing = ((a + b) * 0.5 - peak).normalize_or_zero();
        let lit = Vec2::from_angle(frame.rotation).rotate(facing).dot(light);
        out.push(Paint::fill(
            frame.all([peak, a, b]),
            facet_colour(lit, ink, fill, shadow),
        ));
    }
    out.push(Paint::ring(frame.all(ring), 0.08, shadow));
}

/// A wall: blocks along its length, joints staggered.
pub(super) fn blocks(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let (along, across) = frame.along_across();
    let map = |u: f32, v: f32| frame.on_long_axis(u, v);
    let block = (across * 2.0).clamp(0.3, 0.9);
    let mut u = -along + block;
    while u < along {
        let v = frame.reach_across(u, across);
        for piece in frame.clip(map(u, -v), map(u, v)) {
            out.push(Paint::line(frame.all(piece), 0.05, ink));
        }
        u += block;
    }
    out.push(Paint::ring(frame.all(frame.outline(0.0)), 0.06, ink));
}

/// Deck plates: a grid with a plate's rivets at the corners.
pub(super) fn deck(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let step = 2.0;
    let mut x = -frame.half.x + step;
    while x < frame.half.x {
        let v = frame.reach_across(x, frame.half.y) - 0.03;
        for piece in frame.clip(Vec2::new(x, -v), Vec2::new(x, v)) {
            out.push(Paint::line(frame.all(piece), 0.05, ink));
        }
        x += step;
    }
    let mut y = -frame.half.y + step;
    while y < frame.half.y {
        let u = frame.reach_across(y, frame.half.x) - 0.03;
        for piece in frame.clip(Vec2::new(-u, y), Vec2::new(u, y)) {
            out.push(Paint::line(frame.all(piece), 0.05, ink));
        }
        y += step;
    }
}

/// High ground: contour lines stepping in from the edge.
pub(super) fn contours(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    for k in 1..=3 {
        let inset = k as f32 * 0.6;
        if frame.half.min_element() <= inset + 0.1 {
            break;
        }
        let ring = frame.outline(-inset);
        // A polygon's inset outline folds over itself where the ground is narrower than it.
        if frame.points.is_some() && !ring.iter().all(|p| frame.holds(*p, 0.0)) {
            break;
        }
        out.push(Paint::ring(frame.all(ring), 0.07, ink));
    }
}

/// A ship: a hull pointed at the bow along its long axis, plates, a cockpit and engines.
pub(super) fn ship(frame: &Frame, fill: Color, ink: Color, out: &mut Vec<Paint>) {
    if let Some(k) = &frame.points {
        // A hull of any outline: plates as seams across its long axis, within it.
        frame.fill(fill, out);
        let (along, across) = frame.along_across();
        let map = |u: f32, v: f32| frame.on_long_axis(u, v);
        let mut u = -along + 1.2;
        while u < along {
            for piece in frame.clip(map(u, -across), map(u, across)) {
                out.push(Paint::line(frame.all(piece), 0.05, ink));
            }
            u += 1.2;
        }
        out.push(Paint::ring(frame.all(k.clone()), 0.1, ink));
        return;
    }
    if frame.round {
        // A round hull: a saucer with a ring of plates.
        out.push(Paint::fill(
            frame.all(circle(Vec2::ZERO, frame.half.x, 24)),
            fill,
        ));
        out.push(Paint::ring(
            frame.all(circle(Vec2::ZERO, frame.half.x * 0.6, 24)),
            0.08,
            ink,
        ));
        out.push(Paint::ring(
            frame.all(circle(Vec2::ZERO, frame.half.x, 24)),
            0.1,
            ink,
        ));
        return;
    }
    let map = |u: f32, v: f32| frame.on_long_axis(u, v);
    let (l, w) = if frame.long_is_x() {
        (frame.half.x, frame.half.y)
    } else {
        (frame.half.y, frame.half.x)
    };
    let nose = (l * 0.35).min(w * 1.4);
    let hull = vec![
        map(-l, -w * 0.8),
        map(l - nose, -w),
        map(l, 0.0),
        map(l - nose, w),
        map(-l, w * 0.8),
    ];
    out.push(Paint::fill(frame.all(hull.clone()), fill));
    // Plates: seams across the hull.
    let seams = ((l * 2.0 - nose) / 1.2) as usize;
    for k in 1..seams.max(1) {
        let u = -l + k as f32 * (l * 2.0 - nose) / seams as f32;
        let half_w = w * (0.8 + 0.2 * (u + l) / (l * 2.0 - nose));
        out.push(Paint::line(
            frame.all([map(u, -half_w * 0.95), map(u, half_w * 0.95)]),
            0.05,
            ink,
        ));
    }
    // The spine and the cockpit at the bow.
    out.push(Paint::line(
        frame.all([map(-l, 0.0), map(l - nose * 0.9, 0.0)]),
        0.06,
        ink,
    ));
    let c = map(l - nose * 0.55, 0.0);
    out.push(Paint::fill(
        frame.all([
            c + map(-nose * 0.25, -w * 0.3),
            c + map(nose * 0.3, 0.0),
            c + map(-nose * 0.25, w * 0.3),
        ]),
        Color::srgb(0.15, 0.55, 0.75),
    ));
    // Engines at the stern: dark nozzles.
    for v in [-w * 0.45, w * 0.45] {
        let e = map(-l, v);
        out.push(Paint::fill(
            frame.all([
                e + map(0.0, -w * 0.22),
                e + map(0.35, -w * 0.22),
                e + map(0.35, w * 0.22),
                e + map(0.0, w * 0.22),
            ]),
            Color::srgb(0.12, 0.12, 0.14),
        ));
    }
    out.push(Paint::ring(frame.all(hull), 0.1, ink));
}

/// The cloth under everything, and its border.
pub fn cloth(size: Vec2, environment: Option<Environment>, palette: Palette) -> Vec<Paint> {
    let c = palette.cloth(environment);
    let mut out = vec![Paint::fill(
        vec![
            Vec2::ZERO,
            Vec2::new(size.x, 0.0),
            size,
            Vec2::new(0.0, size.y),
        ],
        c,
    )];
    if environment == Some(Environment::Space) {
        // Stars, so space reads as space in grey too.
        let mut s = Scatter::new("stars", 7);
        for _ in 0..((size.x * size.y / 12.0) as usize).min(600) {
            let p = Vec2::new(s.between(0.0, size.x), s.between(0.0, size.y));
            let r = s.between(0.03, 0.09);
            out.push(Paint::fill(circle(p, r, 5), Color::srgb(0.85, 0.85, 0.95)));
        }
    } else {
        // A faint grid of 6-inch squares, as a printed mat has; it helps judge distances.
        let line = c.mix(&Color::BLACK, 0.12);
        let mut x = 6.0;
        while x < size.x {
            out.push(Paint::line(
                vec![Vec2::new(x, 0.0), Vec2::new(x, size.y)],
                0.06,
                line,
            ));
            x += 6.0;
        }
        let mut y = 6.0;
        while y < size.y {
            out.push(Paint::line(
                vec![Vec2::new(0.0, y), Vec2::new(size.x, y)],
                0.06,
                line,
            ));
            y += 6.0;
        }
    }
    out.push(Paint::ring(
        vec![
            Vec2::ZERO,
            Vec2::new(size.x, 0.0),
            size,
            Vec2::new(0.0, size.y),
        ],
        0.25,
        Color::srgb(0.22, 0.16, 0.10),
    ));
    out
}

/// The whole static table: cloth, then each feature in the scenario's order.
pub fn table(
    size: Vec2,
    terrain_features: &[TerrainFeature],
    environment: Option<Environment>,
    palette: Palette,
) -> Vec<Paint> {
    let mut out = cloth(size, environment, palette);
    for f in terrain_features {
        out.extend(terrain(f, palette));
    }
    out
}

/// A rock facet's colour by how squarely it faces the light (the dot of its outward direction
/// with the light's): lit, in shadow, or the plain fill between.
fn facet_colour<C>(lit: f32, ink: C, fill: C, shadow: C) -> C {
    if lit > 0.2 {
        ink
    } else if lit < -0.2 {
        shadow
    } else {
        fill
    }
}
