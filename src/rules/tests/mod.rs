//! Rule tests with scripted dice, each citing the sentence or table it checks.

mod ambush;
mod claims;
mod corrections;
mod formation;
mod melee;
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
