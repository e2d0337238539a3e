//! The ECS components of a unit on the table, named as in the design.

use ambush_data::board::Side;
use ambush_data::tables::Traits;
use ambush_data::tables::TroopType;
use ambush_engine::rules::cards::Stack;
use ambush_engine::rules::table::{Status, Surprise, TurnMarks, UnitId};
use bevy::prelude::*;
use std::sync::Arc;

/// The unit's number within the game: stable for the whole game, used by orders and the log.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct UnitNumber(pub UnitId);

/// The label shown on the table and in the roll log, e.g. `M3` or `A2.4`.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct UnitLabel(pub Arc<str>);

/// A base on the table: troop type, base size, side and position (inches).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Base {
    pub troop: TroopType,
    /// Frontage and depth, inches.
    pub size: Vec2,
    pub side: Side,
    /// Centre of the base, inches from the south-west corner of the table.
    pub position: Vec2,
}

/// The direction the base's front edge points, radians counter-clockwise from east.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct Facing(pub f32);

/// Wounds taken so far (never goes down).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Wounds(pub u32);

/// An alien's pile of face-down cards and the cards turned from it.
#[derive(Component, Debug, Clone, PartialEq, Default)]
pub struct CardStack(pub Stack);

/// Whether an ambushed unit is still surprised, and how. Every unit carries one; the ambush-units
/// phase moves it on.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SurpriseState(pub Surprise);

/// AWE, DEX, INT, recovery, Leadership, quality die and species, for the ambush rules.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnitTraits(pub Traits);

/// Weapons carried and whether it wears body armour.
#[derive(Component, Debug, Clone, PartialEq, Eq)]
pub struct Loadout {
    pub weapons: Arc<[String]>,
    pub armour: bool,
}

/// The alien wave a unit belongs to.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wave(pub u32);

/// Lasting states: on the table, aboard, destroyed or gone; stunned; withdrawing.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UnitStatus(pub Status);

/// What the unit has done this turn: moved how, shot, fought, charged.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TurnRecord(pub TurnMarks);

/// Enemies whose position the unit knows (003 blindsides).
#[derive(Component, Debug, Clone, PartialEq, Eq, Default)]
pub struct Located(pub Vec<UnitId>);
