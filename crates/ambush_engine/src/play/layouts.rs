//! Scenarios laid out to measure how a game's cost grows with a group: a block of marines.

use ambush_data::Rules;
use ambush_data::scenario::Scenario;

/// `scenario` (the crashed ship) with `marines` marines of its first unit's kind in one block in
/// base contact, `per_rank` to a rank and the ranks touching (a colonial square's shape: 4
/// ranks of 24 is 96), or with `gap` inches between neighbours; the ship alone is left, in the
/// middle of a table wide enough for the block and deep enough that the ship is not reached in
/// `turns` turns. One group: what grows with its size (the group's search, its moves' checks,
/// support in melee) shows in its games.
pub fn marine_block(
    mut scenario: Scenario,
    rules: &Rules,
    marines: usize,
    per_rank: usize,
    gap: f32,
    turns: u32,
) -> Scenario {
    let Some(template) = scenario.units.first().cloned() else {
        return scenario;
    };
    let (w, d) = rules
        .troops
        .troops
        .get(&template.troop)
        .map_or((1.0, 1.0), |p| p.base);
    // A rank of none would divide by nothing: a rank holds one marine at least.
    let per_rank = per_rank.max(1);
    let ranks = marines.div_ceil(per_rank);
    let width = (per_rank as f32 * (w + gap) + 8.0).max(54.0);
    let depth = (ranks as f32 * (d + gap) + 60.0).max(72.0);
    scenario.table = (width, depth);
    scenario.terrain.retain(|f| f.name == "ship");
    for f in &mut scenario.terrain {
        if let ambush_data::geometry::Shape::Rect { center, .. } = &mut f.shape {
            *center = (width * 0.5, depth - 10.0);
        }
    }
    scenario.turn_limit = turns;
    scenario.units = (0..marines)
        .map(|i| {
            let mut u = template.clone();
            u.label = format!("M{}", i + 1);
            u.at = (
                4.0 + w / 2.0 + (i % per_rank) as f32 * (w + gap),
                1.0 + d / 2.0 + (i / per_rank) as f32 * (d + gap),
            );
            u
        })
        .collect();
    scenario
}
