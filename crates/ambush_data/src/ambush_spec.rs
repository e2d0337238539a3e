//! A scenario's `ambush` section: who is ambushed, how the ambush is set up, detected and felt.

use crate::board::Side;
use crate::geometry::Shape;
use crate::tables::{AmbushNature, Traits, TroopType};
use serde::{Deserialize, Serialize};

/// How a scenario's ambush is set up, detected and felt.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushSpec {
    /// The side caught in the ambush; the other side sets it.
    pub ambushed: Side,
    /// 000 Table 34.1's nature of the ambush (the AWE detection die).
    #[serde(default = "default_nature")]
    pub nature: AmbushNature,
    pub setup: AmbushSetup,
    pub detection: Detection,
    pub effects: SurpriseEffects,
    /// 004: the column may fire blindly at suspected positions.
    #[serde(default)]
    pub spotting_by_fire: bool,
    /// 002's modifiers, by name, with a value for the ranged ones: `("fog", Some(-2))`.
    #[serde(default)]
    pub modifiers: Vec<(String, Option<i32>)>,
    /// 002's suggested rule: the recovery bonus comes from INT ("The use of Intelligence to
    /// determine a recovery bonus seems to fit better") instead of each unit's `recovery`.
    #[serde(default)]
    pub recovery_from_int: bool,
    /// 002's optional rule: "Any character may recover early from surprise by succeeding on a
    /// saving throw ... one phase earlier than the surprise roll result".
    #[serde(default)]
    pub recovery_save: bool,
    /// The ambusher's units, placed on the table when the ambush is sprung (the hidden
    /// ambushers, or an alien column the marines ambush).
    #[serde(default)]
    pub units: Vec<AmbushUnitSpec>,
    /// The column's route, start to end (complex and simple set-ups). The column is the
    /// ambushed side's units, in order of march, the first leading.
    #[serde(default)]
    pub route: Vec<(f32, f32)>,
    /// Complex set-up: inches between the units of the column.
    #[serde(default = "default_spacing")]
    pub spacing: f32,
    /// Complex set-up: how far along the route (inches) the ambusher springs it on the lead
    /// unit; `None` is the end of the route.
    #[serde(default)]
    pub spring_at: Option<f32>,
    /// Simple and complex set-ups: dummy counters beside the hidden units (004: "places hidden
    /// unit counters and dummy counters on the tabletop"). They stay on the table into the game
    /// until the ambushed side spots or touches them.
    #[serde(default)]
    pub dummies: Vec<(f32, f32)>,
    /// Where the ambusher may set up (004: "Typically, the ambusher has restrictions on where on
    /// the table he can set up"): each of its units and dummies stands inside one of these
    /// shapes. Empty is anywhere on the table.
    #[serde(default)]
    pub zone: Vec<Shape>,
}

impl AmbushSpec {
    /// An ambush on `ambushed`, set up, detected and felt so, with every other field as a file
    /// that leaves it out reads: a hard ambush, no units, route, dummies or zone yet.
    pub fn new(
        ambushed: Side,
        setup: AmbushSetup,
        detection: Detection,
        effects: SurpriseEffects,
    ) -> AmbushSpec {
        AmbushSpec {
            ambushed,
            nature: default_nature(),
            setup,
            detection,
            effects,
            spotting_by_fire: false,
            modifiers: Vec::new(),
            recovery_from_int: false,
            recovery_save: false,
            units: Vec::new(),
            route: Vec::new(),
            spacing: default_spacing(),
            spring_at: None,
            dummies: Vec::new(),
            zone: Vec::new(),
        }
    }

    /// Why a set-up, a detection and surprise effects do not go together, with the field to
    /// change; `None` when they do. The checks refuse a file with such a mix, and the editor
    /// offers only the mixes this accepts.
    pub fn combination_problem(
        setup: AmbushSetup,
        detection: Detection,
        effects: SurpriseEffects,
    ) -> Option<(&'static str, &'static str)> {
        match (detection, effects) {
            (d, SurpriseEffects::AmbushUnits) if d != Detection::Awe => {
                return Some((
                    "effects",
                    "AmbushUnits (000 Table 34.2) begins with the AWE detection roll; it needs `detection: Awe`",
                ));
            }
            (d, SurpriseEffects::RollForDoom) if d != Detection::PartyCheck => {
                return Some((
                    "effects",
                    "RollForDoom (002) lasts as long as the party check says; it needs `detection: PartyCheck`",
                ));
            }
            _ => {}
        }
        if detection == Detection::Spotting && setup != AmbushSetup::Complex {
            return Some((
                "detection",
                "Spotting (004) happens as the column advances in a complex set-up; it needs `setup: Complex`",
            ));
        }
        None
    }

    /// Whether a point is inside the ambusher's set-up zone.
    pub fn in_zone(&self, p: (f32, f32)) -> bool {
        self.zone.is_empty()
            || self
                .zone
                .iter()
                .any(|z| z.contains(glam::Vec2::new(p.0, p.1)))
    }
}

fn default_spacing() -> f32 {
    2.0
}

fn default_nature() -> AmbushNature {
    AmbushNature::Hard
}

/// 004's set-ups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmbushSetup {
    /// The ambush is sprung as the game begins.
    None,
    /// The ambusher picks the spring point and activates first.
    Simple,
    /// Reaction tests, premature triggers and spotting as the column advances.
    Complex,
}

impl AmbushSetup {
    pub const ALL: [AmbushSetup; 3] =
        [AmbushSetup::None, AmbushSetup::Simple, AmbushSetup::Complex];
}

/// How a unit may notice the ambush.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Detection {
    /// 000: an AWE roll on the Table 34.1 die, per unit.
    Awe,
    /// 002: one 2D6 check for the whole party.
    PartyCheck,
    /// 003: INT against the ambusher's INT on the action table, per unit.
    Perception,
    /// 004: spotting attempts during a complex set-up.
    Spotting,
}

impl Detection {
    pub const ALL: [Detection; 4] = [
        Detection::Awe,
        Detection::PartyCheck,
        Detection::Perception,
        Detection::Spotting,
    ];
}

/// What surprise does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SurpriseEffects {
    /// 000 Table 34.2's ladder, one combat unit per turn.
    AmbushUnits,
    /// 002: the surprised only defend, at −2, for the rolled phases.
    RollForDoom,
    /// 003: no initiative in the first turn, +1 to hit the surprised.
    Megs,
}

impl SurpriseEffects {
    pub const ALL: [SurpriseEffects; 3] = [
        SurpriseEffects::AmbushUnits,
        SurpriseEffects::RollForDoom,
        SurpriseEffects::Megs,
    ];
}

/// A unit an ambush brings onto the table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushUnitSpec {
    pub label: String,
    pub side: Side,
    pub troop: TroopType,
    pub at: (f32, f32),
    pub facing: f32,
    /// Weapon names; empty takes the scenario's alien weapons for an alien.
    #[serde(default)]
    pub weapons: Vec<String>,
    #[serde(default)]
    pub armour: bool,
    #[serde(default)]
    pub traits: Option<Traits>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_ambush_is_what_a_file_that_leaves_out_the_rest_reads() {
        let text = "(ambushed: Humans, setup: Simple, detection: Awe, effects: AmbushUnits)";
        let read: AmbushSpec = ron::from_str(text).expect("it reads");
        let made = AmbushSpec::new(
            Side::Humans,
            AmbushSetup::Simple,
            Detection::Awe,
            SurpriseEffects::AmbushUnits,
        );
        assert_eq!(read, made);
    }
}
