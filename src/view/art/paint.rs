//! What a drawing is made of: filled shapes and lines in inches (`Paint`), turned into the triangles both backends draw, and the Bevy mesh of them.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, Mesh, PrimitiveTopology};
use bevy::prelude::*;

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
    pub(super) fn fill(points: Vec<Vec2>, colour: Color) -> Paint {
        Paint::Fill { points, colour }
    }
    pub(super) fn line(points: Vec<Vec2>, width: f32, colour: Color) -> Paint {
        Paint::Stroke {
            points,
            width,
            colour,
            closed: false,
        }
    }
    pub(super) fn ring(points: Vec<Vec2>, width: f32, colour: Color) -> Paint {
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
    pub(super) fn push(&mut self, a: Vec2, b: Vec2, c: Vec2, colour: Color) {
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
