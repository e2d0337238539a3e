//! Table-edge helpers: the nearest point of the table's edge, and a point on a given edge.

use ambush_data::board::Edge;
use glam::Vec2;

/// The point on the nearest table edge to a position, and that edge.
pub fn nearest_edge_point(p: Vec2, size: Vec2) -> (Vec2, Edge) {
    let options = [
        (p.y, Vec2::new(p.x, 0.0), Edge::South),
        (size.y - p.y, Vec2::new(p.x, size.y), Edge::North),
        (p.x, Vec2::new(0.0, p.y), Edge::West),
        (size.x - p.x, Vec2::new(size.x, p.y), Edge::East),
    ];
    let best = options
        .iter()
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .copied()
        .unwrap_or(options[0]);
    (best.1, best.2)
}

/// A point on a given edge, level with `p`.
pub fn edge_point(edge: Edge, p: Vec2, size: Vec2) -> Vec2 {
    match edge {
        Edge::South => Vec2::new(p.x, 0.0),
        Edge::North => Vec2::new(p.x, size.y),
        Edge::West => Vec2::new(0.0, p.y),
        Edge::East => Vec2::new(size.x, p.y),
    }
}
