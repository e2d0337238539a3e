//! Simple polygons (convex or concave, either winding): area, inside tests, spans of a segment, contact with a base, self-crossing and ear-clipping triangulation.

use crate::segment::{cross, point_segment_distance, segments_intersect};
use glam::Vec2;

/// How near a boundary a point may lie and still count as on it, inches (as `Footprint::contains`).
const ON_EDGE: f32 = 1e-5;

/// The edges in order, the last closing back to the first.
pub fn edges(p: &[Vec2]) -> impl Iterator<Item = (Vec2, Vec2)> + '_ {
    (0..p.len()).map(move |i| (p[i], p[(i + 1) % p.len()]))
}

/// The shoelace area, positive for counter-clockwise points.
pub fn signed_area(p: &[Vec2]) -> f32 {
    edges(p).map(|(a, b)| cross(a, b)).sum::<f32>() * 0.5
}

/// The centre of area; the mean of the points where the area is nil (a drawn-out draft).
pub fn centroid(p: &[Vec2]) -> Vec2 {
    if p.is_empty() {
        return Vec2::ZERO;
    }
    // Measured from the first point, so large coordinates lose no precision.
    let o = p[0];
    let mut area = 0.0;
    let mut c = Vec2::ZERO;
    for (a, b) in edges(p) {
        let (a, b) = (a - o, b - o);
        let w = cross(a, b);
        area += w;
        c += (a + b) * w;
    }
    if area.abs() > 1e-9 && (c / (3.0 * area)).is_finite() {
        o + c / (3.0 * area)
    } else {
        p.iter().copied().sum::<Vec2>() / p.len() as f32
    }
}

/// The least distance from `q` to the outline.
pub fn boundary_distance(p: &[Vec2], q: Vec2) -> f32 {
    edges(p)
        .map(|(a, b)| point_segment_distance(q, a, b))
        .fold(f32::INFINITY, f32::min)
}

/// Even-odd: whether a ray east of `q` crosses the outline an odd number of times.
fn odd_crossings(p: &[Vec2], q: Vec2) -> bool {
    let mut inside = false;
    for (a, b) in edges(p) {
        if (a.y > q.y) != (b.y > q.y) {
            let x = a.x + (q.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if q.x < x {
                inside = !inside;
            }
        }
    }
    inside
}

/// Whether `q` lies inside or on the outline.
pub fn contains(p: &[Vec2], q: Vec2) -> bool {
    p.len() >= 3 && (odd_crossings(p, q) || boundary_distance(p, q) <= ON_EDGE)
}

/// Whether `q` lies inside, off the outline.
pub fn strictly_contains(p: &[Vec2], q: Vec2) -> bool {
    p.len() >= 3 && odd_crossings(p, q) && boundary_distance(p, q) > ON_EDGE
}

/// Where the segment `a`–`b` runs inside, as (entry, exit) inches from `a`, in order, pushed
/// onto `out`. A concave outline may be entered and left more than once; running along an
/// edge is not inside.
pub fn spans_inside(p: &[Vec2], a: Vec2, b: Vec2, out: &mut Vec<(f32, f32)>) {
    let len = a.distance(b);
    if p.len() < 3 || !len.is_finite() || len <= f32::EPSILON {
        return;
    }
    let d = b - a;
    // Every place the segment meets an edge's line within the edge, and its ends.
    let mut ts = vec![0.0f32, 1.0];
    for (c, e) in edges(p) {
        let s = e - c;
        let den = cross(d, s);
        if den.abs() <= f32::EPSILON * d.length() * s.length() {
            // Parallel: the edge's ends, where they lie along the segment, are cut points.
            for v in [c, e] {
                let t = (v - a).dot(d) / d.length_squared();
                if (0.0..=1.0).contains(&t) {
                    ts.push(t);
                }
            }
            continue;
        }
        let t = cross(c - a, s) / den;
        let u = cross(c - a, d) / den;
        if (0.0..=1.0).contains(&t) && (-1e-6..=1.0 + 1e-6).contains(&u) {
            ts.push(t);
        }
    }
    ts.sort_by(f32::total_cmp);
    ts.dedup();
    let start = out.len();
    for w in ts.windows(2) {
        let (t0, t1) = (w[0], w[1]);
        if t1 - t0 <= 1e-7 || !strictly_contains(p, a + d * ((t0 + t1) * 0.5)) {
            continue;
        }
        let (s0, s1) = (t0 * len, t1 * len);
        // Pieces that meet are one span.
        match out[start..].last_mut() {
            Some(last) if (last.1 - s0).abs() <= 1e-6 => last.1 = s1,
            _ => out.push((s0, s1)),
        }
    }
}

/// Whether the open segments `a`–`b` and `c`–`d` cross at a point inside both.
fn properly_cross(a: Vec2, b: Vec2, c: Vec2, d: Vec2) -> bool {
    let d1 = cross(b - a, c - a);
    let d2 = cross(b - a, d - a);
    let d3 = cross(d - c, a - c);
    let d4 = cross(d - c, b - c);
    ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
}

/// A rectangle's corners (in `Footprint::corners` order, or any order going round) shrunk by
/// `by` inches on every side, no smaller than nothing: its centre, half sizes and axes.
fn rect_frame(k: &[Vec2; 4], by: f32) -> (Vec2, f32, f32, Vec2, Vec2) {
    let c = (k[0] + k[1] + k[2] + k[3]) * 0.25;
    let u = (k[1] - k[0]).normalize_or_zero();
    let v = (k[0] - k[3]).normalize_or_zero();
    let hw = (k[1].distance(k[0]) * 0.5 - by).max(0.0);
    let hd = (k[0].distance(k[3]) * 0.5 - by).max(0.0);
    (c, hw, hd, u, v)
}

/// Whether a base (its corners) overlaps the polygon by more than `tolerance`: the base, shrunk
/// by the tolerance on every side, shares inside ground with the polygon. A base flush against
/// an edge, or merely touching, does not overlap.
pub fn overlaps_rect(p: &[Vec2], corners: &[Vec2; 4], tolerance: f32) -> bool {
    if p.len() < 3 {
        return false;
    }
    let (c, hw, hd, u, v) = rect_frame(corners, tolerance);
    let k = [
        c - u * hw + v * hd,
        c + u * hw + v * hd,
        c + u * hw - v * hd,
        c - u * hw - v * hd,
    ];
    let strictly_in_rect = |q: Vec2| {
        let d = q - c;
        d.dot(u).abs() < hw - ON_EDGE && d.dot(v).abs() < hd - ON_EDGE
    };
    k.iter().chain([&c]).any(|q| strictly_contains(p, *q))
        || p.iter().any(|q| strictly_in_rect(*q))
        || edges(p).any(|(a, b)| strictly_in_rect((a + b) * 0.5))
        || edges(p).any(|(a, b)| (0..4).any(|i| properly_cross(a, b, k[i], k[(i + 1) % 4])))
}

/// Edge distance from the polygon to a base (its corners): 0 when they touch or overlap.
pub fn distance_to_rect(p: &[Vec2], corners: &[Vec2; 4]) -> f32 {
    if p.is_empty() {
        return f32::INFINITY;
    }
    let (c, hw, hd, u, v) = rect_frame(corners, 0.0);
    let in_rect = |q: Vec2| {
        let d = q - c;
        d.dot(u).abs() <= hw + ON_EDGE && d.dot(v).abs() <= hd + ON_EDGE
    };
    let rect_edges = || (0..4).map(|i| (corners[i], corners[(i + 1) % 4]));
    if corners.iter().any(|q| contains(p, *q))
        || p.iter().any(|q| in_rect(*q))
        || edges(p).any(|(a, b)| rect_edges().any(|(c, d)| segments_intersect(a, b, c, d)))
    {
        return 0.0;
    }
    // Apart outlines: the nearest pair of points always includes a corner of one of them.
    let near = |q: Vec2, outline: &mut dyn Iterator<Item = (Vec2, Vec2)>| {
        outline
            .map(|(a, b)| point_segment_distance(q, a, b))
            .fold(f32::INFINITY, f32::min)
    };
    let from_corners = corners
        .iter()
        .map(|q| near(*q, &mut edges(p)))
        .fold(f32::INFINITY, f32::min);
    let from_points = p
        .iter()
        .map(|q| near(*q, &mut rect_edges()))
        .fold(f32::INFINITY, f32::min);
    from_corners.min(from_points)
}

/// The first pair of edges (by index: edge `i` runs from point `i` to the next) that cross or
/// touch where they should not: two edges that are not neighbours meeting anywhere, or two
/// neighbours folding back along each other. `None` for a simple outline.
pub fn self_crossing(p: &[Vec2]) -> Option<(usize, usize)> {
    let n = p.len();
    for i in 0..n {
        let (a, b) = (p[i], p[(i + 1) % n]);
        for j in i + 1..n {
            let (c, d) = (p[j], p[(j + 1) % n]);
            let neighbours = j == i + 1 || (i == 0 && j == n - 1);
            if neighbours {
                // They share a point; they fold back when the other ends lie on one line on the
                // same side of it.
                let (shared, x, y) = if j == i + 1 { (b, a, d) } else { (a, b, c) };
                let (e, f) = (x - shared, y - shared);
                let scale = e.length() * f.length();
                if cross(e, f).abs() <= 1e-6 * scale && e.dot(f) > 0.0 {
                    return Some((i, j));
                }
            } else if segments_intersect(a, b, c, d) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Ear clipping: triangles (indices into `p`, counter-clockwise) that together cover a simple
/// polygon exactly. On an outline that is not simple it stops where no ear is left, with what it
/// has: never a panic, never an endless loop.
pub fn triangulate(p: &[Vec2]) -> Vec<[usize; 3]> {
    let n = p.len();
    if n < 3 {
        return Vec::new();
    }
    let mut left: Vec<usize> = (0..n).collect();
    if signed_area(p) < 0.0 {
        left.reverse();
    }
    let mut out = Vec::with_capacity(n - 2);
    while left.len() > 3 {
        let m = left.len();
        let ear = (0..m).find(|&i| {
            let (a, b, c) = (p[left[(i + m - 1) % m]], p[left[i]], p[left[(i + 1) % m]]);
            // A convex corner with no other point inside or on its triangle.
            cross(b - a, c - b) > 0.0
                && left.iter().all(|&k| {
                    let q = p[k];
                    q == a
                        || q == b
                        || q == c
                        || !(cross(b - a, q - a) >= 0.0
                            && cross(c - b, q - b) >= 0.0
                            && cross(a - c, q - c) >= 0.0)
                })
        });
        // No ear: points on one line, or an outline that crosses itself. A straight corner
        // (no area) is dropped; otherwise give up.
        let Some(i) = ear.or_else(|| {
            (0..m).find(|&i| {
                let (a, b, c) = (p[left[(i + m - 1) % m]], p[left[i]], p[left[(i + 1) % m]]);
                cross(b - a, c - b) == 0.0
            })
        }) else {
            return out;
        };
        let (a, b, c) = (left[(i + m - 1) % m], left[i], left[(i + 1) % m]);
        if cross(p[b] - p[a], p[c] - p[b]) > 0.0 {
            out.push([a, b, c]);
        }
        left.remove(i);
    }
    if cross(p[left[1]] - p[left[0]], p[left[2]] - p[left[1]]) > 0.0 {
        out.push([left[0], left[1], left[2]]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An L: a 6x6 square less its north-east 4x4 quarter, so the notch is x 2..6, y 2..6.
    pub(crate) fn ell() -> Vec<Vec2> {
        [
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ]
        .map(Vec2::from)
        .to_vec()
    }

    #[test]
    fn an_ell_has_the_area_of_its_arms_and_its_notch_is_outside() {
        let l = ell();
        assert!((signed_area(&l) - 20.0).abs() < 1e-4);
        let mut back = l.clone();
        back.reverse();
        assert!((signed_area(&back) + 20.0).abs() < 1e-4);
        assert!(!contains(&l, Vec2::new(4.0, 4.0)), "the notch");
        assert!(contains(&l, Vec2::new(1.0, 5.0)), "the west arm");
        assert!(contains(&l, Vec2::new(5.0, 1.0)), "the south arm");
        assert!(contains(&l, Vec2::new(2.0, 4.0)), "on an edge");
        assert!(!strictly_contains(&l, Vec2::new(2.0, 4.0)));
        assert!(!contains(&back, Vec2::new(4.0, 4.0)));
    }

    #[test]
    fn the_ells_triangles_cover_exactly_its_area() {
        for l in [ell(), ell().into_iter().rev().collect()] {
            let tris = triangulate(&l);
            assert_eq!(tris.len(), l.len() - 2);
            let sum: f32 = tris
                .iter()
                .map(|t| signed_area(&[l[t[0]], l[t[1]], l[t[2]]]))
                .sum();
            assert!((sum - signed_area(&l).abs()).abs() < 1e-4, "{sum}");
            for t in &tris {
                let tri = [l[t[0]], l[t[1]], l[t[2]]];
                assert!(signed_area(&tri) > 0.0, "counter-clockwise, with area");
                assert!(contains(&l, centroid(&tri)), "no triangle outside: {tri:?}");
                assert!(!contains(&tri, Vec2::new(4.0, 4.0)), "none in the notch");
            }
        }
    }

    #[test]
    fn bad_outlines_triangulate_without_a_panic() {
        let bow = [(0.0, 0.0), (4.0, 4.0), (4.0, 0.0), (0.0, 4.0)].map(Vec2::from);
        let _ = triangulate(&bow);
        let line = [(0.0, 0.0), (1.0, 0.0), (2.0, 0.0)].map(Vec2::from);
        assert!(triangulate(&line).is_empty());
        let nan = [(0.0, 0.0), (f32::NAN, 0.0), (2.0, 2.0), (0.0, 3.0)].map(Vec2::from);
        let _ = triangulate(&nan);
        assert!(triangulate(&[]).is_empty());
    }

    #[test]
    fn crossings_are_found_and_simple_outlines_pass() {
        assert_eq!(self_crossing(&ell()), None);
        let bow = [(0.0, 0.0), (4.0, 4.0), (4.0, 0.0), (0.0, 4.0)].map(Vec2::from);
        assert_eq!(self_crossing(&bow), Some((0, 2)));
        let fold = [(0.0, 0.0), (4.0, 0.0), (2.0, 0.0), (2.0, 3.0)].map(Vec2::from);
        assert!(self_crossing(&fold).is_some());
    }

    #[test]
    fn a_segment_through_the_notch_is_outside_and_across_the_arms_inside_twice() {
        let l = ell();
        let mut spans = Vec::new();
        spans_inside(&l, Vec2::new(3.0, 6.0), Vec2::new(6.0, 3.0), &mut spans);
        assert!(spans.is_empty(), "{spans:?}");
        spans_inside(&l, Vec2::new(-1.0, 1.0), Vec2::new(7.0, 1.0), &mut spans);
        assert_eq!(spans.len(), 1);
        assert!((spans[0].0 - 1.0).abs() < 1e-4 && (spans[0].1 - 7.0).abs() < 1e-4);
        spans.clear();
        // Over the notch, meeting the outline only at its two inner corners.
        spans_inside(&l, Vec2::new(1.0, 7.0), Vec2::new(7.0, 1.0), &mut spans);
        assert!(spans.is_empty(), "{spans:?}");
        spans_inside(&l, Vec2::new(1.0, 3.0), Vec2::new(3.0, 1.0), &mut spans);
        assert_eq!(spans.len(), 1, "the diagonal stays inside: {spans:?}");
        spans.clear();
        let u = [
            (0.0, 0.0),
            (6.0, 0.0),
            (6.0, 6.0),
            (4.0, 6.0),
            (4.0, 2.0),
            (2.0, 2.0),
            (2.0, 6.0),
            (0.0, 6.0),
        ]
        .map(Vec2::from);
        spans_inside(&u, Vec2::new(-1.0, 4.0), Vec2::new(7.0, 4.0), &mut spans);
        assert_eq!(spans.len(), 2, "a U is crossed twice: {spans:?}");
        let total: f32 = spans.iter().map(|(a, b)| b - a).sum();
        assert!((total - 4.0).abs() < 1e-4);
    }
}
