//! Table-edge helpers: the nearest point of the table's edge, a point on a given edge, and whether a base stands at an edge to leave by it.

use ambush_data::board::Edge;
use ambush_data::geometry::Footprint;
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

/// How far `p` lies inside the table from `edge`, inches (negative beyond it).
pub fn inside_from(edge: Edge, p: Vec2, size: Vec2) -> f32 {
    match edge {
        Edge::South => p.y,
        Edge::North => size.y - p.y,
        Edge::West => p.x,
        Edge::East => size.x - p.x,
    }
}

/// The way off the table across `edge`.
pub fn outward(edge: Edge) -> Vec2 {
    match edge {
        Edge::South => Vec2::NEG_Y,
        Edge::North => Vec2::Y,
        Edge::West => Vec2::NEG_X,
        Edge::East => Vec2::X,
    }
}

/// Whether `base` stands at `edge`, near enough to leave the table by it (an `ExitEdge`
/// objective): its centre no farther from the edge than its base's diagonal. The texts give no
/// rule for leaving the table on purpose, and a base must end a move wholly on the table; so a
/// unit leaves once a move brings it this near, however it is turned: the nearest thing to
/// stepping off (reconstructed).
pub fn at_edge(edge: Edge, base: &Footprint, size: Vec2) -> bool {
    inside_from(edge, base.center, size) <= base.size.length()
}
