//! The bases a draft's units stand on, as the game will place them, and the troop types new units take.

use crate::editor::draft::Draft;
use ambush_data::Rules;
use ambush_data::ambush_spec::AmbushUnitSpec;
use ambush_data::geometry::{Footprint, bearing_to_angle};
use ambush_data::scenario::UnitSpec;
use ambush_data::tables::TroopType;
use glam::Vec2;

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

/// A unit's base on the table, as the game will place it.
pub fn footprint(draft: &Draft, u: &UnitSpec) -> Footprint {
    base(draft, &u.troop, u.at, u.facing)
}

/// A hidden unit's base, where the ambush will place it.
pub fn ambush_footprint(draft: &Draft, u: &AmbushUnitSpec) -> Footprint {
    base(draft, &u.troop, u.at, u.facing)
}

/// The base of a unit of this troop type, at `at` facing the bearing `facing`.
fn base(draft: &Draft, troop: &TroopType, at: (f32, f32), facing: f32) -> Footprint {
    let size = base_size(draft, troop);
    Footprint::new(
        Vec2::new(at.0, at.1),
        Vec2::new(size.0, size.1),
        bearing_to_angle(facing),
    )
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
