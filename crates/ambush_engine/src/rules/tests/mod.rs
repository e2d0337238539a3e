//! Rule tests with scripted dice, each citing the sentence or table it checks.

mod ambush;
mod as_written;
mod claims;
mod corrections;
mod environment;
mod formation;
mod grid;
mod hidden;
mod melee;
mod movement;
mod phases;
mod preview;
mod shooting;
mod wounds;

use crate::rules::cards::{Card, Stack};
use crate::rules::log::Modifier;
use crate::rules::table::{GameConfig, Table, UnitId};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::tables::Suit;
use ambush_data::tables::TroopType;

/// Whether a roll or plan carries the modifier `name` with this value.
pub fn has_modifier(mods: &[Modifier], name: &str, value: i32) -> bool {
    mods.iter().any(|m| m.name == name && m.value == value)
}

pub fn rules() -> &'static Rules {
    Rules::bundled()
}

pub fn open_table() -> Table {
    Table::new(GameConfig::plain(72.0, 48.0))
}

pub fn marine(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
    t.add(
        rules(),
        label,
        Side::Humans,
        TroopType::known("Infantry"),
        at,
        bearing,
        &["blaster", "laser_pistol"],
    )
}

pub fn alien(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
    t.add(
        rules(),
        label,
        Side::Aliens,
        TroopType::known("Alien"),
        at,
        bearing,
        &["claws"],
    )
}

/// A jet bike (mounted) with a blaster, facing north.
pub fn jet_bike(t: &mut Table, label: &str, at: (f32, f32)) -> UnitId {
    t.add(
        rules(),
        label,
        Side::Humans,
        TroopType::known("Mounted"),
        at,
        0.0,
        &["blaster"],
    )
}

/// A weapon crew with a plasma cannon, facing `bearing`.
pub fn weapon_crew(t: &mut Table, label: &str, at: (f32, f32), bearing: f32) -> UnitId {
    t.add(
        rules(),
        label,
        Side::Humans,
        TroopType::known("WeaponCrew"),
        at,
        bearing,
        &["plasma_cannon"],
    )
}

/// Puts 001's crashed ship (6" x 3", centred at (36, 24)) on the table as the objective.
pub fn crashed_ship(t: &mut Table) {
    use ambush_data::board::{Going, TerrainFeature};
    use ambush_data::geometry::Shape;
    use ambush_data::scenario::Objective;
    t.terrain.push(TerrainFeature {
        name: "ship".into(),
        shape: Shape::Rect {
            center: (36.0, 24.0),
            size: (6.0, 3.0),
            rotation: 0.0,
        },
        going: Going::Impassable,
        tall: true,
        water: false,
        linear_defence: false,
        height: 0.0,
        look: None,
    });
    t.config.scenario_mut().objective = Some(Objective::RepairAndBoard {
        feature: "ship".into(),
    });
}

/// A marine facing north at (30,10) and an alien touching its front, facing south, attacking.
pub fn duel() -> (Table, UnitId, UnitId) {
    let mut t = open_table();
    let m = marine(&mut t, "M1", (30.0, 10.0), 0.0);
    let a = alien(&mut t, "A1", (30.0, 11.25), 180.0);
    t.unit_mut(a).unwrap().marks.attacking = true;
    (t, m, a)
}

/// Gives an alien a face-down stack; the first card listed is turned first.
pub fn stack(t: &mut Table, id: UnitId, cards: &[(u8, Option<Suit>)]) {
    let face_down = cards
        .iter()
        .rev()
        .map(|(rank, suit)| Card {
            rank: *rank,
            suit: *suit,
            pack: 1,
        })
        .collect();
    t.unit_mut(id).expect("unit").cards = Some(Stack {
        face_down,
        turned: Vec::new(),
    });
}

/// 000's third unit: a marine the ambush still holds after its third unit ("May not attack.
/// May move.").
pub fn held_to_run(t: &mut Table, id: UnitId) {
    t.unit_mut(id).unwrap().surprise = crate::rules::table::Surprise::Ladder {
        unit: 3,
        hold: ambush_data::tables::Hold::MoveOnly,
    };
}
