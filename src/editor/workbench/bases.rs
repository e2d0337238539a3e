//! The bases a draft's units stand on, as the game will place them, and the troop types new units take.

use crate::editor::draft::Draft;
use ambush_data::Rules;
use ambush_data::geometry::Footprint;
use ambush_data::scenario::PlacedUnit;
use ambush_data::tables::TroopType;

/// The troop type a new unit takes: infantry where the rules have it, else their first.
pub fn first_troop(rules: &Rules) -> TroopType {
    troop_named(rules, "Infantry")
}

/// The troop type of a hidden alien: `Alien` where the tables have it, else their first.
pub(super) fn alien_troop(rules: &Rules) -> TroopType {
    troop_named(rules, "Alien")
}

/// The troop type `name` where the rules have it, else their first (`name` when they have none).
fn troop_named(rules: &Rules, name: &str) -> TroopType {
    let troops = &rules.troops.troops;
    troops
        .keys()
        .find(|t| t.as_str() == name)
        .or_else(|| troops.keys().next())
        .copied()
        .unwrap_or_else(|| TroopType::known(name))
}

/// A unit's base on the table, as the game will place it (a hidden unit's, where the ambush
/// will).
pub fn footprint(draft: &Draft, u: &impl PlacedUnit) -> Footprint {
    let placed = u.placed();
    placed.footprint(base_size(draft, &placed.troop))
}

/// A troop type's base, width by depth, inches (1" square when the tables lack it).
pub fn base_size(draft: &Draft, troop: &TroopType) -> (f32, f32) {
    draft
        .rules()
        .troops
        .troops
        .get(troop)
        .map_or((1.0, 1.0), |p| p.base)
}

/// How wide a dummy counter is drawn and picked, inches.
pub const DUMMY_SIZE: f32 = 1.0;
