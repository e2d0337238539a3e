//! The table's art as plain triangles: terrain, tokens and the menu's maps, drawn by one code for the window's meshes and egui.
//!
//! Everything here is pure: a drawing is a list of [`Paint`]s in inches, and [`Triangles`] is
//! what both backends draw, a Bevy mesh on the table (`mesh`) and an egui mesh in the menu's
//! thumbnails (`screen::menu`). Patterns are placed by a small hash of the feature's name, not by
//! the dice service: the art never touches a rule or the roll log.

use ambush_data::board::{Going, Side, TerrainFeature, TerrainLook};
use ambush_data::geometry::Shape;
use ambush_data::scenario::{Environment, Scenario};
use ambush_data::tables::UnitSymbol;
use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use bevy::prelude::*;
use bevy_egui::egui;
use std::f32::consts::{FRAC_PI_2, PI, TAU};

/// The colours the table is drawn in: the usual palette, or one of stronger contrast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Palette {
    pub high_contrast: bool,
}

/// A terrain look's fill and the colour of its pattern. The fills differ in lightness as well as
/// hue, so they stay apart in grey and for colour-blind players; the pattern tells them apart
/// again.
impl Palette {
    pub fn fill(self, look: TerrainLook) -> Color {
        let (r, g, b) = match (look, self.high_contrast) {
            (TerrainLook::Open, false) => (0.62, 0.66, 0.46),
            (TerrainLook::Woods, false) => (0.13, 0.33, 0.17),
            (TerrainLook::Rough, false) => (0.60, 0.50, 0.30),
            (TerrainLook::Water, false) => (0.20, 0.42, 0.72),
            (TerrainLook::Rocks, false) => (0.33, 0.31, 0.30),
            (TerrainLook::Wall, false) => (0.80, 0.70, 0.48),
            (TerrainLook::Ship, false) => (0.68, 0.72, 0.78),
            (TerrainLook::Deck, false) => (0.36, 0.39, 0.44),
            (TerrainLook::Hill, false) => (0.74, 0.66, 0.44),
            (TerrainLook::Open, true) => (0.85, 0.85, 0.70),
            (TerrainLook::Woods, true) => (0.0, 0.25, 0.05),
            (TerrainLook::Rough, true) => (0.75, 0.55, 0.15),
            (TerrainLook::Water, true) => (0.0, 0.35, 0.95),
            (TerrainLook::Rocks, true) => (0.25, 0.22, 0.20),
            (TerrainLook::Wall, true) => (1.0, 0.92, 0.55),
            (TerrainLook::Ship, true) => (0.92, 0.95, 1.0),
            (TerrainLook::Deck, true) => (0.15, 0.15, 0.20),
            (TerrainLook::Hill, true) => (0.95, 0.80, 0.45),
        };
        Color::srgb(r, g, b)
    }

    /// The pattern drawn over a fill: lighter on dark fills, darker on light ones.
    pub fn pattern(self, look: TerrainLook) -> Color {
        let k = if self.high_contrast { 1.0 } else { 0.75 };
        let (r, g, b) = match look {
            TerrainLook::Open => (0.45, 0.50, 0.32),
            TerrainLook::Woods => (0.30, 0.58, 0.28),
            TerrainLook::Rough => (0.36, 0.28, 0.16),
            TerrainLook::Water => (0.70, 0.85, 1.0),
            TerrainLook::Rocks => (0.70, 0.67, 0.62),
            TerrainLook::Wall => (0.45, 0.36, 0.22),
            TerrainLook::Ship => (0.35, 0.38, 0.45),
            TerrainLook::Deck => (0.60, 0.64, 0.70),
            TerrainLook::Hill => (0.50, 0.40, 0.22),
        };
        let base = self.fill(look).to_srgba();
        Color::srgb(
            base.red + (r - base.red) * k,
            base.green + (g - base.green) * k,
            base.blue + (b - base.blue) * k,
        )
    }

    /// The cloth: grass on land, the sea's blue-green under water (003), the black of space.
    pub fn cloth(self, environment: Option<Environment>) -> Color {
        match (environment, self.high_contrast) {
            (None, false) => Color::srgb(0.45, 0.52, 0.34),
            (None, true) => Color::srgb(0.55, 0.62, 0.40),
            (Some(Environment::Underwater { .. }), _) => Color::srgb(0.10, 0.27, 0.35),
            (Some(Environment::Space), _) => Color::srgb(0.03, 0.03, 0.07),
        }
    }

    /// A side's token colour: blue and vermilion, the pair colour-blind readers tell apart best.
    pub fn side(self, side: Side) -> Color {
        match (side, self.high_contrast) {
            (Side::Humans, false) => Color::srgb(0.0, 0.38, 0.75),
            (Side::Aliens, false) => Color::srgb(0.80, 0.30, 0.0),
            (Side::Humans, true) => Color::srgb(0.0, 0.30, 1.0),
            (Side::Aliens, true) => Color::srgb(1.0, 0.35, 0.0),
        }
    }

    /// The ink of a token's frame and symbol.
    pub fn ink(self, side: Side) -> Color {
        match side {
            Side::Humans => Color::srgb(0.93, 0.96, 1.0),
            Side::Aliens => Color::srgb(0.12, 0.04, 0.0),
        }
    }
}

/// One element of a drawing, in inches.
#[derive(Debug, Clone, PartialEq)]
pub enum Paint {
    /// A filled polygon, star-shaped about its centroid (every fill here is convex or a jittered
    /// ring about its centre).
    Fill { points: Vec<Vec2>, colour: Color },
    /// A line `width` inches wide through the points, closed back to the first if `closed`.
    Stroke {
        points: Vec<Vec2>,
        width: f32,
        colour: Color,
        closed: bool,
    },
}

impl Paint {
    fn fill(points: Vec<Vec2>, colour: Color) -> Paint {
        Paint::Fill { points, colour }
    }
    fn line(points: Vec<Vec2>, width: f32, colour: Color) -> Paint {
        Paint::Stroke {
            points,
            width,
            colour,
            closed: false,
        }
    }
    fn ring(points: Vec<Vec2>, width: f32, colour: Color) -> Paint {
        Paint::Stroke {
            points,
            width,
            colour,
            closed: true,
        }
    }
}

/// A drawing reduced to coloured triangles: three positions, three colours, per triangle.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Triangles {
    pub positions: Vec<Vec2>,
    pub colours: Vec<Color>,
}

impl Triangles {
    fn push(&mut self, a: Vec2, b: Vec2, c: Vec2, colour: Color) {
        self.positions.extend([a, b, c]);
        self.colours.extend([colour; 3]);
    }

    /// Adds a paint: a fill fanned from its centroid, a stroke as one quad per segment with a
    /// square cap, so joints leave no gaps.
    pub fn add(&mut self, paint: &Paint) {
        match paint {
            Paint::Fill { points, colour } => {
                if points.len() < 3 {
                    return;
                }
                let centre = points.iter().copied().sum::<Vec2>() / points.len() as f32;
                for i in 0..points.len() {
                    let j = (i + 1) % points.len();
                    self.push(centre, points[i], points[j], *colour);
                }
            }
            Paint::Stroke {
                points,
                width,
                colour,
                closed,
            } => {
                let n = points.len();
                let segments = if *closed { n } else { n.saturating_sub(1) };
                let h = width * 0.5;
                for i in 0..segments {
                    let (a, b) = (points[i], points[(i + 1) % n]);
                    let along = (b - a).normalize_or_zero();
                    if along == Vec2::ZERO {
                        continue;
                    }
                    let (a, b) = (a - along * h, b + along * h);
                    let side = along.perp() * h;
                    self.push(a - side, b - side, b + side, *colour);
                    self.push(a - side, b + side, a + side, *colour);
                }
            }
        }
    }

    pub fn of(paints: &[Paint]) -> Triangles {
        let mut t = Triangles::default();
        for p in paints {
            t.add(p);
        }
        t
    }

    /// The Bevy mesh of these triangles, coloured by vertex, at z = 0.
    pub fn mesh(&self) -> Mesh {
        let positions: Vec<[f32; 3]> = self.positions.iter().map(|p| [p.x, p.y, 0.0]).collect();
        let colours: Vec<[f32; 4]> = self
            .colours
            .iter()
            .map(|c| c.to_linear().to_f32_array())
            .collect();
        let normals = vec![[0.0, 0.0, 1.0]; positions.len()];
        let uvs = vec![[0.0, 0.0]; positions.len()];
        let indices = (0..positions.len() as u32).collect();
        Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::RENDER_WORLD,
        )
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_attribute(Mesh::ATTRIBUTE_COLOR, colours)
        .with_inserted_indices(Indices::U32(indices))
    }
}

/// egui's colour for a Bevy colour.
pub fn egui_colour(c: Color) -> egui::Color32 {
    let [r, g, b, a] = c.to_srgba().to_u8_array();
    egui::Color32::from_rgba_unmultiplied(r, g, b, a)
}

impl Triangles {
    /// The same triangles as an egui mesh, each point placed by `to_screen`: how the menu's
    /// maps and the set-up screen draw the table with the table's own art.
    pub fn egui_mesh(&self, to_screen: impl Fn(Vec2) -> egui::Pos2) -> egui::Mesh {
        let mut mesh = egui::Mesh::default();
        mesh.reserve_vertices(self.positions.len());
        mesh.reserve_triangles(self.positions.len() / 3);
        for (i, (p, c)) in self.positions.iter().zip(&self.colours).enumerate() {
            mesh.colored_vertex(to_screen(*p), egui_colour(*c));
            if i % 3 == 2 {
                let i = i as u32;
                mesh.add_triangle(i - 2, i - 1, i);
            }
        }
        mesh
    }
}

/// Maps table inches (y north) into `rect` (y down), the table fitted and centred, aspect kept.
/// Returns the mapping and the rectangle the table fills.
pub fn fit_table(rect: egui::Rect, size: Vec2) -> (impl Fn(Vec2) -> egui::Pos2, egui::Rect) {
    let scale = (rect.width() / size.x.max(1e-3)).min(rect.height() / size.y.max(1e-3));
    let used = egui::vec2(size.x * scale, size.y * scale);
    let min = rect.center() - used * 0.5;
    let filled = egui::Rect::from_min_size(min, used);
    let bottom = filled.bottom();
    (
        move |p: Vec2| egui::pos2(min.x + p.x * scale, bottom - p.y * scale),
        filled,
    )
}

/// A small deterministic stream for placing pattern marks: the same feature always looks the
/// same, and the art draws nothing from the game's dice.
struct Scatter(u64);

impl Scatter {
    fn new(name: &str, salt: u64) -> Scatter {
        // FNV-1a over the name.
        let mut h = 0xcbf2_9ce4_8422_2325u64 ^ salt;
        for b in name.bytes() {
            h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        Scatter(h | 1)
    }
    /// A number in [0, 1).
    fn next(&mut self) -> f32 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        ((self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 40) as f32) / (1u64 << 24) as f32
    }
    fn between(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * self.next()
    }
}

/// A shape's own frame: its centre, its rotation, and its half sizes along its axes.
#[derive(Debug, Clone, Copy)]
struct Frame {
    centre: Vec2,
    rotation: f32,
    half: Vec2,
    round: bool,
}

impl Frame {
    fn of(shape: &Shape) -> Frame {
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
            },
            Shape::Circle { center, radius } => Frame {
                centre: Vec2::from(center),
                rotation: 0.0,
                half: Vec2::splat(radius),
                round: true,
            },
        }
    }
    /// A point given in the shape's frame, on the table.
    fn at(&self, local: Vec2) -> Vec2 {
        self.centre + Vec2::from_angle(self.rotation).rotate(local)
    }
    fn all(&self, local: impl IntoIterator<Item = Vec2>) -> Vec<Vec2> {
        local.into_iter().map(|p| self.at(p)).collect()
    }
    /// Whether a local point lies inside, `margin` in from the edge.
    fn holds(&self, p: Vec2, margin: f32) -> bool {
        if self.round {
            p.length() <= self.half.x - margin
        } else {
            p.x.abs() <= self.half.x - margin && p.y.abs() <= self.half.y - margin
        }
    }
    /// The outline, in local coordinates, grown by `grow` inches.
    fn outline(&self, grow: f32) -> Vec<Vec2> {
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
    fn reach_across(&self, u: f32, across: f32) -> f32 {
        if self.round {
            (self.half.x * self.half.x - u * u).max(0.0).sqrt()
        } else {
            across
        }
    }
    /// The long axis of a rectangle as local x: a stream flows and a wall runs along it.
    fn long_is_x(&self) -> bool {
        self.half.x >= self.half.y
    }
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
        _ => out.push(Paint::fill(frame.all(frame.outline(0.0)), fill)),
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
fn woods(frame: &Frame, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
    let area = if frame.round {
        PI * frame.half.x * frame.half.x
    } else {
        4.0 * frame.half.x * frame.half.y
    };
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
fn stipple(frame: &Frame, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
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
fn ripples(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let (along, across) = if frame.long_is_x() {
        (frame.half.x, frame.half.y)
    } else {
        (frame.half.y, frame.half.x)
    };
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
fn rocks(frame: &Frame, fill: Color, ink: Color, s: &mut Scatter, out: &mut Vec<Paint>) {
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
    let light = Vec2::new(-1.0, 1.0).normalize();
    let shadow = fill.mix(&Color::BLACK, 0.45);
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        // Facets facing the light are lit, the others in shadow; world light, so rotate it in.
        let facing = ((a + b) * 0.5 - peak).normalize_or_zero();
        let lit = Vec2::from_angle(frame.rotation).rotate(facing).dot(light);
        let colour = if lit > 0.2 {
            ink
        } else if lit < -0.2 {
            shadow
        } else {
            fill
        };
        out.push(Paint::fill(frame.all([peak, a, b]), colour));
    }
    out.push(Paint::ring(frame.all(ring), 0.08, shadow));
}

/// A wall: blocks along its length, joints staggered.
fn blocks(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let (along, across) = if frame.long_is_x() {
        (frame.half.x, frame.half.y)
    } else {
        (frame.half.y, frame.half.x)
    };
    let map = |u: f32, v: f32| {
        if frame.long_is_x() {
            Vec2::new(u, v)
        } else {
            Vec2::new(v, u)
        }
    };
    let block = (across * 2.0).clamp(0.3, 0.9);
    let mut u = -along + block;
    while u < along {
        let v = frame.reach_across(u, across);
        out.push(Paint::line(frame.all([map(u, -v), map(u, v)]), 0.05, ink));
        u += block;
    }
    out.push(Paint::ring(frame.all(frame.outline(0.0)), 0.06, ink));
}

/// Deck plates: a grid with a plate's rivets at the corners.
fn deck(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    let step = 2.0;
    let mut x = -frame.half.x + step;
    while x < frame.half.x {
        let v = frame.reach_across(x, frame.half.y) - 0.03;
        out.push(Paint::line(
            frame.all([Vec2::new(x, -v), Vec2::new(x, v)]),
            0.05,
            ink,
        ));
        x += step;
    }
    let mut y = -frame.half.y + step;
    while y < frame.half.y {
        let u = frame.reach_across(y, frame.half.x) - 0.03;
        out.push(Paint::line(
            frame.all([Vec2::new(-u, y), Vec2::new(u, y)]),
            0.05,
            ink,
        ));
        y += step;
    }
}

/// High ground: contour lines stepping in from the edge.
fn contours(frame: &Frame, ink: Color, out: &mut Vec<Paint>) {
    for k in 1..=3 {
        let inset = k as f32 * 0.6;
        if frame.half.min_element() <= inset + 0.1 {
            break;
        }
        out.push(Paint::ring(frame.all(frame.outline(-inset)), 0.07, ink));
    }
}

/// A ship: a hull pointed at the bow along its long axis, plates, a cockpit and engines.
fn ship(frame: &Frame, fill: Color, ink: Color, out: &mut Vec<Paint>) {
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
    let map = |u: f32, v: f32| {
        if frame.long_is_x() {
            Vec2::new(u, v)
        } else {
            Vec2::new(v, u)
        }
    };
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
fn star(centre: Vec2, r: f32) -> Vec<Vec2> {
    (0..10)
        .map(|i| {
            let a = FRAC_PI_2 + i as f32 * PI / 5.0;
            centre + Vec2::from_angle(a) * if i % 2 == 0 { r } else { r * 0.45 }
        })
        .collect()
}

/// A closed outline drawn as dashes.
fn dashes(outline: &[Vec2], width: f32, colour: Color) -> Vec<Paint> {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn feature(name: &str, shape: Shape, going: Going) -> TerrainFeature {
        TerrainFeature::new(name, shape, going)
    }

    fn area(t: &Triangles) -> f32 {
        t.positions
            .chunks(3)
            .map(|c| ((c[1] - c[0]).perp_dot(c[2] - c[0]) * 0.5).abs())
            .sum()
    }

    #[test]
    fn a_fill_covers_its_polygon_and_a_stroke_its_length_times_width() {
        let square = vec![
            Vec2::ZERO,
            Vec2::new(2.0, 0.0),
            Vec2::new(2.0, 2.0),
            Vec2::new(0.0, 2.0),
        ];
        let t = Triangles::of(&[Paint::fill(square, Color::WHITE)]);
        assert!((area(&t) - 4.0).abs() < 1e-4);
        let t = Triangles::of(&[Paint::line(
            vec![Vec2::ZERO, Vec2::new(3.0, 0.0)],
            0.5,
            Color::WHITE,
        )]);
        // 3 long plus a square cap of half the width at each end.
        assert!((area(&t) - 3.5 * 0.5).abs() < 1e-4);
        assert_eq!(t.positions.len(), t.colours.len());
    }

    #[test]
    fn every_look_draws_inside_its_feature_and_the_patterns_differ() {
        let shapes = [
            Shape::Rect {
                center: (10.0, 10.0),
                size: (8.0, 3.0),
                rotation: 30.0,
            },
            Shape::Circle {
                center: (10.0, 10.0),
                radius: 3.0,
            },
        ];
        for shape in shapes {
            let outer = match &shape {
                Shape::Circle { radius, .. } => *radius,
                Shape::Rect { size, .. } => Vec2::from(*size).length() * 0.5,
            } + 0.2;
            let mut seen = Vec::new();
            for look in TerrainLook::ALL {
                let mut f = feature("x", shape.clone(), Going::Bad);
                f.look = Some(look);
                let t = Triangles::of(&terrain(&f, Palette::default()));
                assert!(!t.positions.is_empty(), "{look:?} draws something");
                for p in &t.positions {
                    assert!(
                        p.distance(Vec2::new(10.0, 10.0)) <= outer,
                        "{look:?} spills out of its feature at {p}"
                    );
                }
                assert!(!seen.contains(&t), "{look:?} looks like another look");
                seen.push(t);
            }
        }
    }

    #[test]
    fn the_fills_differ_in_lightness_so_they_read_in_grey() {
        for high_contrast in [false, true] {
            let p = Palette { high_contrast };
            let grey = |c: Color| {
                let c = c.to_srgba();
                0.299 * c.red + 0.587 * c.green + 0.114 * c.blue
            };
            // The looks a table sets side by side: woods, water, rocks, open, rough, ship.
            let looks = [
                TerrainLook::Woods,
                TerrainLook::Water,
                TerrainLook::Rocks,
                TerrainLook::Rough,
                TerrainLook::Ship,
            ];
            for (i, a) in looks.iter().enumerate() {
                for b in &looks[i + 1..] {
                    let (ga, gb) = (grey(p.fill(*a)), grey(p.fill(*b)));
                    assert!(
                        (ga - gb).abs() > 0.04,
                        "{a:?} and {b:?} are too alike in grey ({ga:.2}, {gb:.2})"
                    );
                }
            }
        }
    }

    #[test]
    fn a_look_left_out_is_worked_out_from_the_features_rules_and_name() {
        let rect = Shape::Rect {
            center: (1.0, 1.0),
            size: (1.0, 1.0),
            rotation: 0.0,
        };
        let mut wood = feature("north wood", rect.clone(), Going::Bad);
        assert_eq!(wood.look(), TerrainLook::Woods);
        wood.name = "scree".into();
        assert_eq!(wood.look(), TerrainLook::Rough);
        let mut stream = feature("stream", rect.clone(), Going::Bad);
        stream.water = true;
        assert_eq!(stream.look(), TerrainLook::Water);
        let mut ship = feature("ship", rect, Going::Impassable);
        ship.tall = true;
        assert_eq!(ship.look(), TerrainLook::Ship);
        ship.name = "crag".into();
        assert_eq!(ship.look(), TerrainLook::Rocks);
        ship.look = Some(TerrainLook::Hill);
        assert_eq!(ship.look(), TerrainLook::Hill, "the scenario's look wins");
    }

    #[test]
    fn darkness_covers_the_table_outside_the_light_and_none_of_it_inside() {
        let size = Vec2::new(72.0, 48.0);
        for (at, r) in [
            (Vec2::new(36.0, 24.0), 12.0),
            (Vec2::new(2.0, 3.0), 10.0),
            (Vec2::new(70.0, 40.0), 100.0),
        ] {
            let t = Triangles::of(&darkness_with_light(size, at, r, Color::BLACK));
            // The lit part of the table: the circle clipped to the table (by sampling).
            let mut lit = 0.0;
            let step = 0.25;
            let mut x = step * 0.5;
            while x < size.x {
                let mut y = step * 0.5;
                while y < size.y {
                    if Vec2::new(x, y).distance(at) <= r {
                        lit += step * step;
                    }
                    y += step;
                }
                x += step;
            }
            let dark = area(&t);
            let expected = size.x * size.y - lit;
            assert!(
                (dark - expected).abs() < expected.max(1.0) * 0.02 + 2.0,
                "dark {dark} against {expected} for a light of {r} at {at}"
            );
        }
    }

    #[test]
    fn tokens_tell_the_sides_apart_by_shape_as_well_as_colour() {
        let size = Vec2::ONE;
        let grey = Palette::default();
        let strip = |p: Vec<Paint>| -> Vec<Vec<Vec2>> {
            p.into_iter()
                .map(|p| match p {
                    Paint::Fill { points, .. } | Paint::Stroke { points, .. } => points,
                })
                .collect()
        };
        let marine = strip(token(Side::Humans, UnitSymbol::Infantry, size, grey));
        let alien = strip(token(Side::Aliens, UnitSymbol::Infantry, size, grey));
        assert_ne!(
            marine, alien,
            "the frames differ with the colours taken away"
        );
        let mut symbols = Vec::new();
        for s in [
            UnitSymbol::Infantry,
            UnitSymbol::Mounted,
            UnitSymbol::WeaponCrew,
            UnitSymbol::Flying,
            UnitSymbol::Alien,
        ] {
            let t = strip(token(Side::Humans, s, size, grey));
            assert!(!symbols.contains(&t), "{s:?} has a symbol of its own");
            symbols.push(t);
        }
    }
}
