//! The RON scenario format: what a modder writes in `scenarios/*.ron`.

use crate::ambush_spec::AmbushSpec;
use crate::ambush_spec::AmbushUnitSpec;
use crate::board::{Edge, Side, SideNames, TerrainFeature};
use crate::geometry::{Footprint, Shape, bearing_to_angle};
use crate::tables::{FormationName, Rules, Species, Traits, TroopType};
use glam::Vec2;
use serde::{Deserialize, Serialize};

/// A whole scenario file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub name: String,
    /// Shown in the menu.
    pub briefing: String,
    /// Table width (west–east) and depth (south–north), inches.
    pub table: (f32, f32),
    /// What the players and the overlay call the two sides; `None`: the rules' `terms.ron`
    /// (marines and aliens, or a mod's own names).
    #[serde(default)]
    pub side_names: Option<SideNames>,
    /// The edge the humans nominate as friendly.
    pub friendly_edge: Edge,
    /// The game ends in a draw after this turn, if nobody has won.
    pub turn_limit: u32,
    /// The turn whose wave comes without a roll; `None` uses the rules' default (turn 2).
    #[serde(default)]
    pub automatic_wave_turn: Option<u32>,
    /// How human units take wounds.
    pub human_wounds: WoundMethod,
    /// Whether the human side's one-third morale rule is in play.
    pub human_morale: bool,
    /// Who shoots with an inferior weapon, if anyone (001: "where two opposing forces are using
    /// radically different firearms").
    #[serde(default)]
    pub inferior_weapons: Option<Side>,
    /// Which of 001's penalties the inferior weapon takes ("one or more of" them).
    #[serde(default)]
    pub inferior_weapon_rules: InferiorWeaponRules,
    /// What every generated alien carries.
    pub aliens: AlienProfile,
    #[serde(default)]
    pub terrain: Vec<TerrainFeature>,
    /// The human units at the start.
    pub units: Vec<UnitSpec>,
    /// The scenario's own objective, if any.
    #[serde(default)]
    pub objective: Option<Objective>,
    /// What happens when the alien attack is over (001: every alien gone and no wave for six turns).
    #[serde(default = "default_attack_over")]
    pub attack_over: AttackOver,
    /// An ambush at the start of the game, if the scenario is one (000, 002, 003, 004).
    #[serde(default)]
    pub ambush: Option<AmbushSpec>,
    /// A night battle (003 darkness): shooting only within the sight range, at -1, unless the
    /// shooter has night vision.
    #[serde(default)]
    pub darkness: Option<Darkness>,
    /// 003 blindsides: +1 for an attack from outside the target's front arc by an enemy it has
    /// not located; a perception check at the end of the turn locates it.
    #[serde(default)]
    pub blindsides: bool,
    /// 003 explosives: a hit by a weapon with a blast radius hits everyone in its circle, and
    /// less beyond it.
    #[serde(default)]
    pub explosives: bool,
    /// 003's hostile environments: the battle is fought under water or in space.
    #[serde(default)]
    pub environment: Option<Environment>,
    /// Who plays the aliens when the AI has them and no level is chosen: 001's random monster
    /// (its solo rules, the default) or the commander, which plays the scenario's objective.
    /// Left out of the text at its default, so a scenario written before it (a save's, a
    /// message's, and their settings' hashes) reads and writes as it always did.
    #[serde(default, skip_serializing_if = "AlienPlayer::is_default")]
    pub alien_player: AlienPlayer,
}

/// Who plays the aliens for the AI when no level is chosen (`alien_player`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum AlienPlayer {
    /// 001's "random monster": its solo rules, the aliens charging or closing on the nearest
    /// human. The rules as written.
    #[default]
    RandomMonster,
    /// The commander at the normal level: the aliens play the scenario's objective, as a
    /// two-player game's opponent would (000, 002, 004).
    Commander,
}

impl AlienPlayer {
    /// Whether it is the default, the random monster (left out when a scenario is written).
    pub fn is_default(&self) -> bool {
        *self == AlienPlayer::default()
    }
}

impl Scenario {
    /// The smallest scenario: a name and a table, nothing on it, every other setting as a file
    /// that leaves it out reads (or, where a file must write it, 001's plain choice). The one
    /// place a setting's default is spelled out for code: the editor's new scenario and the
    /// engine's test tables start from it, so a new setting is added here and nowhere else.
    pub fn new(name: &str, table: (f32, f32)) -> Self {
        Scenario {
            name: name.to_string(),
            briefing: String::new(),
            table,
            side_names: None,
            friendly_edge: Edge::South,
            turn_limit: 12,
            automatic_wave_turn: None,
            human_wounds: WoundMethod::Degradation,
            human_morale: true,
            inferior_weapons: None,
            inferior_weapon_rules: InferiorWeaponRules::default(),
            aliens: AlienProfile {
                weapons: Vec::new(),
                traits: alien_traits(),
            },
            terrain: Vec::new(),
            units: Vec::new(),
            objective: None,
            attack_over: default_attack_over(),
            ambush: None,
            darkness: None,
            blindsides: false,
            explosives: false,
            environment: None,
            alien_player: AlienPlayer::RandomMonster,
        }
    }

    /// What the two sides are called: the scenario's names, else the rules' terms.
    pub fn names<'a>(&'a self, rules: &'a Rules) -> &'a SideNames {
        self.side_names.as_ref().unwrap_or(&rules.terms.sides)
    }
}

/// 001's penalties for an inferior weapon: "The inferior weapon may not fire above medium range;
/// the inferior weapon receives -1 on either the 'to hit' or 'hit effect' dice." A scenario uses
/// "one or more of" them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct InferiorWeaponRules {
    /// It may not fire above medium range.
    pub no_long_range: bool,
    /// Where its −1 goes.
    pub penalty: InferiorPenalty,
}

impl Default for InferiorWeaponRules {
    fn default() -> Self {
        InferiorWeaponRules {
            no_long_range: true,
            penalty: InferiorPenalty::ToHit,
        }
    }
}

/// Where an inferior weapon's −1 goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum InferiorPenalty {
    /// −1 on the to-hit die.
    #[default]
    ToHit,
    /// −1 on the hit effect: the target's saving throw gets +1.
    HitEffect,
    /// No −1: only the range limit, if that is chosen.
    None,
}

/// 003's natural darkness.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Darkness {
    /// How far a unit without night vision can see to shoot, inches.
    pub sight_range: f32,
    /// 003: "A full moon will double this range" (5 APs to 6: one AP doubles a distance).
    #[serde(default)]
    pub full_moon: bool,
}

impl Darkness {
    /// How far a unit without night vision sees tonight, inches.
    pub fn sight(&self) -> f32 {
        if self.full_moon {
            self.sight_range * 2.0
        } else {
            self.sight_range
        }
    }
}

/// 003's hostile environments: where the whole battle is fought.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Environment {
    /// Under water, `depth` feet below the surface: slow movement and initiative, weak attacks,
    /// short thrown weapons, sight that shrinks with depth, the descent's harm, held breath.
    Underwater { depth: f32 },
    /// In space: weak attacks, unlimited ranges, suffocation, and drift for units that cannot
    /// fly.
    Space,
}

/// The deepest water a scenario may set, feet: deeper than any sea on Earth (about 36,000).
pub const MAX_DEPTH_FEET: f32 = 50_000.0;

fn default_attack_over() -> AttackOver {
    AttackOver::HumansWin
}

/// The human wound methods of 001.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WoundMethod {
    Degradation,
    SuddenDeath,
}

/// The kit of every alien in the scenario.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlienProfile {
    /// Weapon names from `assets/rules/weapons.ron`, e.g. `["claws"]`.
    pub weapons: Vec<String>,
    /// Their attributes for the ambush rules.
    #[serde(default = "alien_traits")]
    pub traits: Traits,
}

fn alien_traits() -> Traits {
    Traits {
        species: Species::Alien,
        ..Traits::default()
    }
}

/// One human unit at the start of the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    /// Unique label shown on the table and in the roll log, e.g. `"M1"`.
    pub label: String,
    /// A troop type from the rules' `troops.ron`, e.g. `Infantry`.
    pub troop: TroopType,
    /// The formation it starts in, one of its troop type's `formations`; `None`: its ordinary
    /// order.
    #[serde(default)]
    pub formation: Option<FormationName>,
    /// Centre of the base, inches from the south-west corner.
    pub at: (f32, f32),
    /// Compass bearing of the front edge, degrees (0 = north, 90 = east).
    pub facing: f32,
    /// Weapon names from `assets/rules/weapons.ron`.
    pub weapons: Vec<String>,
    /// Body armour: +1 on saves.
    #[serde(default)]
    pub armour: bool,
    /// Attributes for the ambush rules (AWE, DEX, INT, recovery, Leadership, quality, species).
    #[serde(default)]
    pub traits: Traits,
}

/// A unit the scenario places, whether it starts on the table (`UnitSpec`) or hidden in an
/// ambush (`AmbushUnitSpec`). The two stay two types: a file writes them differently (a
/// formation; a side, and traits that may be left out), and one struct holding the other would
/// nest the shared fields in the file. What reads or edits the fields they share goes through
/// this, once for both.
pub trait PlacedUnit {
    /// The fields every placed unit has.
    fn placed(&self) -> Placed<'_>;
    /// The fields every placed unit has, to edit.
    fn placed_mut(&mut self) -> PlacedMut<'_>;
}

/// The fields every unit a scenario places has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Placed<'a> {
    pub label: &'a str,
    pub troop: TroopType,
    pub at: (f32, f32),
    pub facing: f32,
    pub weapons: &'a [String],
    pub armour: bool,
}

impl Placed<'_> {
    /// Its base on the table, as the game places it, for a troop type whose base is `size`
    /// (width by depth, inches).
    pub fn footprint(&self, size: (f32, f32)) -> Footprint {
        Footprint::new(
            Vec2::new(self.at.0, self.at.1),
            Vec2::new(size.0, size.1),
            bearing_to_angle(self.facing),
        )
    }
}

/// The fields every unit a scenario places has, to edit.
pub struct PlacedMut<'a> {
    pub label: &'a mut String,
    pub troop: &'a mut TroopType,
    pub at: &'a mut (f32, f32),
    pub facing: &'a mut f32,
    pub weapons: &'a mut Vec<String>,
    pub armour: &'a mut bool,
}

/// Both twins list their shared fields the same way; a macro keeps the two lists one.
macro_rules! placed_unit {
    ($spec:ty) => {
        impl PlacedUnit for $spec {
            fn placed(&self) -> Placed<'_> {
                Placed {
                    label: &self.label,
                    troop: self.troop,
                    at: self.at,
                    facing: self.facing,
                    weapons: &self.weapons,
                    armour: self.armour,
                }
            }
            fn placed_mut(&mut self) -> PlacedMut<'_> {
                PlacedMut {
                    label: &mut self.label,
                    troop: &mut self.troop,
                    at: &mut self.at,
                    facing: &mut self.facing,
                    weapons: &mut self.weapons,
                    armour: &mut self.armour,
                }
            }
        }
    };
}

placed_unit!(UnitSpec);
placed_unit!(AmbushUnitSpec);

/// A scenario objective.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Objective {
    /// 001's crashed ship: repair it in contact, then board it; the ship takes off with every
    /// surviving human aboard. `feature` names the ship's terrain feature.
    RepairAndBoard { feature: String },
    /// A holding action (the square, the zareba): the human side wins if any of its units still
    /// stands on the table when the turn limit is reached, where it would otherwise be a draw.
    HoldUntilTurnLimit,
    /// A patrol that must get through, a column that must cross: `side` wins at the end of a
    /// turn in which `count` of its units stand in `zone` (a unit stands in it when its centre
    /// does). The other side wins, as ever, by destroying it.
    ReachZone {
        side: Side,
        zone: Shape,
        #[serde(default = "one")]
        count: u32,
    },
    /// Ground to hold at the end: at the turn limit, the side with units in `zone` and no enemy
    /// there wins; with both sides or neither in it, the game is a draw.
    HoldZone { zone: Shape },
    /// A patrol that must get through: a unit of `side` whose move ends with its base at
    /// `edge` leaves the table by it (through, not a casualty), and `side` wins at the end of a
    /// turn by which `count` of its units have left by it. The other side wins, as ever, by
    /// destroying it.
    ExitEdge {
        side: Side,
        edge: Edge,
        #[serde(default = "one")]
        count: u32,
    },
    /// Destroy or survive: `side` wins at the end of a turn in which every enemy unit that has
    /// come is destroyed or gone; the other side wins if any of its units still stands at the
    /// turn limit. `Destroy(side: Aliens)` is 001's own game, as `HoldUntilTurnLimit` plays it.
    Destroy { side: Side },
}

fn one() -> u32 {
    1
}

impl Objective {
    /// The zone the objective names, if it names one.
    pub fn zone(&self) -> Option<&Shape> {
        match self {
            Objective::ReachZone { zone, .. } | Objective::HoldZone { zone } => Some(zone),
            Objective::RepairAndBoard { .. }
            | Objective::HoldUntilTurnLimit
            | Objective::ExitEdge { .. }
            | Objective::Destroy { .. } => None,
        }
    }
    /// `zone`, to edit.
    pub fn zone_mut(&mut self) -> Option<&mut Shape> {
        match self {
            Objective::ReachZone { zone, .. } | Objective::HoldZone { zone } => Some(zone),
            Objective::RepairAndBoard { .. }
            | Objective::HoldUntilTurnLimit
            | Objective::ExitEdge { .. }
            | Objective::Destroy { .. } => None,
        }
    }
}

/// What the end of the alien attack means for this scenario.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AttackOver {
    /// The humans have survived: they win.
    HumansWin,
    /// Play goes on toward the objective (or the turn limit).
    Continue,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A unit on the table and a hidden one with the same shared fields read the same through
    /// `PlacedUnit`, stand on the same base, and take an edit of each shared field alike.
    #[test]
    fn a_unit_and_a_hidden_unit_share_their_fields_through_one_view() {
        let troop = TroopType::known("Infantry");
        let mut unit = UnitSpec {
            label: "M1".into(),
            troop,
            formation: None,
            at: (10.0, 12.5),
            facing: 90.0,
            weapons: vec!["blaster".into()],
            armour: true,
            traits: Traits::default(),
        };
        let mut hidden = AmbushUnitSpec {
            label: "M1".into(),
            side: Side::Humans,
            troop,
            at: (10.0, 12.5),
            facing: 90.0,
            weapons: vec!["blaster".into()],
            armour: true,
            traits: None,
        };
        assert_eq!(unit.placed(), hidden.placed());
        let p = unit.placed();
        assert_eq!(
            (p.label, p.at, p.facing, p.armour),
            ("M1", (10.0, 12.5), 90.0, true)
        );
        assert_eq!(p.weapons, ["blaster".to_string()]);
        let base = p.footprint((1.0, 2.0));
        assert_eq!(base, hidden.placed().footprint((1.0, 2.0)));
        assert_eq!(base.center, Vec2::new(10.0, 12.5));
        assert_eq!(base.facing, bearing_to_angle(90.0));
        for u in [&mut unit as &mut dyn PlacedUnit, &mut hidden] {
            let m = u.placed_mut();
            *m.label = "M2".into();
            *m.at = (3.0, 4.0);
            *m.facing = 180.0;
            m.weapons.clear();
            *m.armour = false;
        }
        assert_eq!(unit.placed(), hidden.placed());
        assert_eq!(
            (unit.label.as_str(), unit.at, unit.facing, unit.armour),
            ("M2", (3.0, 4.0), 180.0, false)
        );
        assert!(hidden.weapons.is_empty() && hidden.label == "M2");
    }
}
