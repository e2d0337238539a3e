//! The rule tables, as serde types loaded from `assets/rules/*.ron`: every number the rules use.

use crate::board::SideNames;
use crate::error::{DataError, parse_ron};
use crate::ident::Ident;
use crate::locate::{dotted_path, locate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::OnceLock;

/// A troop type's name: the keys of `troops.ron`, such as `Infantry` or a mod's `Warrior`.
/// 001 has four ("In effect we have four troop types"); a mod adds its own by name.
pub type TroopType = Ident;

/// A formation's name: the keys of a troop type's `formations`, such as `Limbered` or `Square`.
pub type FormationName = Ident;

/// Which movement a troop type must have made (at most) to shoot afterwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ShootAfter {
    /// Only a unit that did not move may shoot (turning on the spot is not movement).
    NoMoveOnly,
    /// No move, or a straight-forward move.
    NoMoveOrStraightForward,
    /// Any move (aliens: "can shoot and make full move").
    AnyMove,
}

/// Movement allowance of one troop type, in SMR per turn.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Allowance {
    pub straight_forward: f32,
    pub advance: f32,
    pub fall_back: f32,
    /// When set, the troop moves this far in any direction and the categories do not limit it.
    #[serde(default)]
    pub any_direction: Option<f32>,
}

/// One troop type's line of the bases and movement tables.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TroopProfile {
    /// What the player reads for one unit of this type: inspector, orders panel, roll log.
    /// Empty: the type's key, as written in `troops.ron`.
    #[serde(default)]
    pub display: String,
    /// Base width (frontage) and depth, inches.
    pub base: (f32, f32),
    pub movement: Allowance,
    pub shoot_after: ShootAfter,
    /// Physical contact factor with its ordinary weapons.
    pub physical_contact: i32,
    /// Physical contact factor when it carries a physical contact weapon.
    pub physical_contact_with_weapon: i32,
    /// Mounted units may try to disengage from non-mounted ones.
    #[serde(default)]
    pub mounted: bool,
    /// Heavy weapons and mounted troops "still get +1 for not moving".
    #[serde(default)]
    pub always_counts_as_stationary: bool,
    /// A weapon crew: the only troop type that may carry a heavy weapon (001: "a line of sight
    /// weapon, requiring a unit of Weapon Crew to operate it").
    #[serde(default)]
    pub crew: bool,
    /// Formations the unit may take instead of its ordinary order, by name (001's "period
    /// extras": limbered guns, infantry squares). Changing formation costs the unit its move.
    #[serde(default)]
    pub formations: BTreeMap<FormationName, Formation>,
    /// A swimmer: under water it moves at its full rate (003: "Subtract 2 from all movement
    /// rates except swimming").
    #[serde(default)]
    pub swims: bool,
    /// It flies: in zero-g it moves freely and does not drift (003: "Only characters with the
    /// flight power may move freely").
    #[serde(default)]
    pub flies: bool,
    /// The symbol on its token, in the style of wargame unit symbols. Left out: worked out from
    /// the line (`crew`, `mounted`, `flies`), else infantry (see [`TroopProfile::symbol`]).
    #[serde(default)]
    pub symbol: Option<UnitSymbol>,
}

/// The troop-type symbol drawn on a unit's token, after the military map symbols wargamers know:
/// a cross for infantry, a slash for mounted troops, a gun's wheel for a weapon crew.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitSymbol {
    /// Foot troops: the two diagonals of the infantry symbol.
    Infantry,
    /// Riders, bikes, cavalry: the single diagonal of the cavalry symbol.
    Mounted,
    /// A heavy weapon or gun with its crew: the wheel of the artillery symbol.
    WeaponCrew,
    /// Fliers: the wings of the aviation symbol.
    Flying,
    /// The alien warrior: a claw of three strokes.
    Alien,
}

impl TroopProfile {
    /// The symbol on the token: the line's `symbol`, else crew, mounted or flying as the line
    /// says, else infantry.
    pub fn symbol(&self) -> UnitSymbol {
        self.symbol.unwrap_or(if self.crew {
            UnitSymbol::WeaponCrew
        } else if self.mounted {
            UnitSymbol::Mounted
        } else if self.flies {
            UnitSymbol::Flying
        } else {
            UnitSymbol::Infantry
        })
    }
}

/// A formation a troop type may take: what it changes while the unit is in it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    /// What the player reads, such as "limbered" or "in square".
    pub display: String,
    /// The order that takes it up, such as "limber up" or "form square".
    pub enter: String,
    /// The order that leaves it, such as "unlimber" or "break square".
    pub leave: String,
    /// Movement allowance while in it; `None`: the unit cannot move (a square).
    #[serde(default)]
    pub movement: Option<Allowance>,
    /// Whether the unit may shoot while in it (a limbered gun may not).
    #[serde(default = "yes")]
    pub may_shoot: bool,
    /// No flank or rear: every attack on it counts as from the front (a square).
    #[serde(default)]
    pub all_round: bool,
}

fn yes() -> bool {
    true
}

fn two() -> u32 {
    2
}

fn three() -> i32 {
    3
}

fn seven() -> u32 {
    7
}

fn five() -> i32 {
    5
}

/// The five weapon groups of 001 (bombardment is out of scope, as the text says).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum WeaponClass {
    StandardIssue,
    Heavy,
    CloseQuarter,
    PhysicalContact,
}

/// A named weapon.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponProfile {
    pub class: WeaponClass,
    /// Shown in the inspector and the roll log.
    pub display: String,
    /// An explosive's blast radius, inches (003), used where a scenario plays explosives.
    #[serde(default)]
    pub blast: Option<f32>,
    /// Hit dice placed per hit, when this weapon places more or fewer than its class (a
    /// gatling's hail of fire); `None`: the class's number from `hit_dice`.
    #[serde(default)]
    pub hit_dice: Option<u32>,
    /// Thrown, not continually propelled (grenades, spears): under water its range is shorter
    /// (003: "Items that are not continually propelled ... have a range that is 2 APs shorter").
    #[serde(default)]
    pub thrown: bool,
}

/// Medium and long range of a weapon class, in SMR.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeBands {
    pub medium: f32,
    #[serde(default)]
    pub long: Option<f32>,
}

crate::patch::patchable! {
/// `troops.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TroopTable / TroopTablePatch {
    pub troops: BTreeMap<TroopType, TroopProfile> => merge,
}
}

crate::patch::patchable! {
/// `weapons.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WeaponTable / WeaponTablePatch {
    pub weapons: BTreeMap<String, WeaponProfile> => merge,
    pub ranges: BTreeMap<WeaponClass, RangeBands> => merge,
    /// Hit dice placed per hit, by weapon class (heavy weapons place two).
    pub hit_dice: BTreeMap<WeaponClass, u32> => merge,
}
}

crate::patch::patchable! {
/// The to-hit modifiers of the shooting table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToHitModifiers / ToHitModifiersPatch {
    pub not_moved: i32,
    pub target_has_fired: i32,
    pub long_range: i32,
    pub target_in_cover: i32,
    pub alien_shooter: i32,
    pub one_wound: i32,
    pub inferior_weapon: i32,
}
}

crate::patch::patchable! {
/// `shooting.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ShootingTable / ShootingTablePatch {
    /// D6 score needed to hit after modifiers.
    pub to_hit_need: i32,
    pub modifiers: ToHitModifiers => nested(ToHitModifiersPatch),
    /// A friend in contact with the missed target takes a hit on this score or lower.
    pub friendly_fire_hit_max: i32,
}
}

crate::patch::patchable! {
/// `wounds.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WoundTable / WoundTablePatch {
    /// A hit die scoring this or lower (after armour) wounds the target.
    pub save_wound_max: i32,
    /// Added to the save roll by body armour.
    pub armour_bonus: i32,
    /// Degradation: penalty on shooting, close quarter and physical contact dice from one wound.
    pub degradation_one_wound_penalty: i32,
    /// Degradation: wounds at which the unit moves at `half_move_factor` and may not shoot.
    pub degradation_crippled_at: u32,
    pub degradation_half_move_factor: f32,
    /// Degradation: wounds at which the unit is destroyed.
    pub degradation_destroyed_at: u32,
    /// Sudden death: this score or lower destroys the unit.
    pub sudden_death_destroyed_max: i32,
    /// Sudden death: this score or lower (above destroyed) falls back one base depth.
    pub sudden_death_fall_back_max: i32,
}
}

crate::patch::patchable! {
/// Physical contact modifiers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ContactModifiers / ContactModifiersPatch {
    pub per_supporting_unit: i32,
    pub one_wound: i32,
    pub flank_or_rear: i32,
    pub defending_linear_defence: i32,
}
}

crate::patch::patchable! {
/// Close quarter modifiers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CloseQuarterModifiers / CloseQuarterModifiersPatch {
    pub flank_or_rear: i32,
    pub alien_attacker: i32,
    pub one_wound: i32,
}
}

crate::patch::patchable! {
/// `melee.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MeleeTable / MeleeTablePatch {
    pub close_quarter_need: i32,
    pub close_quarter_modifiers: CloseQuarterModifiers => nested(CloseQuarterModifiersPatch),
    pub contact_modifiers: ContactModifiers => nested(ContactModifiersPatch),
    /// The winner's total must be at least this multiple of the loser's for the extra wounds.
    pub extra_wound_ratio: i32,
    /// Wounds the loser of a physical contact takes.
    pub loser_wounds: u32,
    /// Further wounds when the winner scored `extra_wound_ratio` times the loser's total.
    pub extra_wounds: u32,
    pub break_off_need: i32,
    pub break_off_draw_penalty: i32,
    /// Break off distance, in SMR.
    pub break_off_distance: f32,
    pub disengage_need: i32,
    /// Mounted disengage distance, in base depths.
    pub disengage_base_depths: f32,
}
}

/// What a turned card does to an alien.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardEffect {
    /// The alien's wave withdraws; the alien is unharmed.
    WaveWithdraws,
    Killed,
    /// Falls back one base depth directly away from the wounding unit.
    Recoils,
    /// Falls back `card_fall_back` SMR directly away from the wounding unit.
    FallsBack,
    /// May not move in the next movement phase.
    Stunned,
    NoEffect,
    /// Leaves the table for good (table-edge rule only).
    LeavesTable,
}

/// Suits, for the card table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    Clubs,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    #[inline]
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }
}

crate::patch::patchable! {
/// `cards.ron`: the alien card-stack table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardTable / CardTablePatch {
    /// Jokers per pack.
    pub jokers_per_pack: u32,
    /// Cards dealt to each alien, and re-dealt from the reserve.
    pub cards_per_alien: u32,
    pub joker: CardEffect,
    /// Effect of Ace, Jack, Queen and King (rank 1, 11, 12, 13).
    pub ace_and_court: CardEffect,
    /// Effect of ranks 2–10 per suit.
    pub pips: BTreeMap<Suit, CardEffect> => merge,
    /// Distance of a Diamonds fall back, in SMR.
    pub fall_back_distance: f32,
    /// Recoil distance, in base depths.
    pub recoil_base_depths: f32,
    /// Table edge: ranks that decide instead of the normal effect (Ace = 1).
    pub edge_ranks: Vec<u32>,
    pub edge_red: CardEffect,
    pub edge_black: CardEffect,
}
}

/// Which edge a wave enters from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EdgeChoice {
    LeftFlank,
    RightFlank,
    Opposite,
    Friendly,
}

crate::patch::patchable! {
/// `generation.ron`: alien generation and placement.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GenerationTable / GenerationTablePatch {
    /// The troop type every generated unit is (001's aliens; a mod's warriors).
    #[serde(default = "alien_troop")]
    pub troop: TroopType,
    pub wave_size: u32,
    /// D6 score → edge, for every face 1..=6.
    pub edge_by_roll: BTreeMap<u32, EdgeChoice> => merge,
    /// Equal sections along an edge (one per face of the second D6).
    pub sections: u32,
    /// Distance kept from a unit that crowds the spot, in SMR.
    pub crowding_distance: f32,
    /// Default automatic-wave turn when the scenario does not say.
    pub default_automatic_wave_turn: u32,
    /// Turns without a new wave before an empty table ends the attack.
    pub quiet_turns_to_end: u32,
}
}

crate::patch::patchable! {
/// `general.ron`: measures and the rules that do not fit elsewhere.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GeneralTable / GeneralTablePatch {
    /// Standard Movement Rate, inches.
    pub smr: f32,
    /// How close two bases must be to count as in contact, inches.
    pub contact_tolerance: f32,
    /// Bad going costs this many inches of allowance per inch moved.
    pub bad_going_cost: f32,
    /// Morale breaks when losses reach this fraction (numerator, denominator) of starting units.
    pub morale_loss_fraction: (u32, u32),
    /// D6 score that restores the ship's power in a repair attempt.
    pub repair_need: i32,
    /// A unit counts as defending a wall when its base is within this much more than base
    /// contact of it, inches.
    pub linear_defence_reach: f32,
    /// Units the side that wins movement initiative moves before the other side moves.
    pub initiative_winner_moves: u32,
    /// Units the other side then moves, before the winner moves again.
    pub initiative_loser_moves: u32,
}
}

/// The nature of an ambush, which sets the die of the AWE detection roll (000 Table 34.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum AmbushNature {
    Easy,
    Normal,
    Hard,
    Tough,
    Impossible,
    Bizarre,
}

impl AmbushNature {
    pub const ALL: [AmbushNature; 6] = [
        AmbushNature::Easy,
        AmbushNature::Normal,
        AmbushNature::Hard,
        AmbushNature::Tough,
        AmbushNature::Impossible,
        AmbushNature::Bizarre,
    ];
}

/// A unit's species, for the traits that differ: felines and avarians detect ambushes better (000).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, Default,
)]
pub enum Species {
    #[default]
    Human,
    Feline,
    Avarian,
    Alien,
}

/// A unit's attributes for the ambush rules (000's AWE and DEX, 003's INT, 002's recovery bonus,
/// 004's Leadership and quality die) and its kit for 003's hostile environments. The defaults
/// are an ordinary trooper (reconstructed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Traits {
    pub awe: i32,
    pub dex: i32,
    pub int: i32,
    /// 002: phases of surprise it shakes off early.
    pub recovery: u32,
    /// 004: 1 is the best; with Threat Level −1 a Leadership 1 unit never fails a reaction test.
    pub leadership: i32,
    /// 004: the quality die's sides (6, 8, 10 or 12).
    pub quality: u32,
    pub species: Species,
    /// 003: equipment that cancels the darkness penalties.
    pub night_vision: bool,
    /// 003: diving gear or a vacuum suit (the "sealed systems power"): it does not drown or
    /// suffocate.
    pub sealed: bool,
    /// 003's water freedom: at home under water, where it "negates all underwater penalties
    /// except for thrown items".
    pub water_freedom: bool,
    /// A jet pack (003: "some means of controlling his position"): in zero-g it moves freely.
    pub jets: bool,
    /// 003's "space craft sub skill of vehicles": trained for zero-g and vacuum.
    pub spacecraft: bool,
}

impl Default for Traits {
    fn default() -> Self {
        Traits {
            awe: 10,
            dex: 10,
            int: 3,
            recovery: 0,
            leadership: 2,
            quality: 8,
            species: Species::Human,
            night_vision: false,
            sealed: false,
            water_freedom: false,
            jets: false,
            spacecraft: false,
        }
    }
}

/// The roll a still-surprised unit makes in one line of Table 34.2 to join the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum JoinTest {
    /// The ambush detection roll itself (the first unit).
    Detection,
    AweAndDex,
    AweOrDex,
    /// Everyone joins.
    NoRoll,
}

/// What a unit that failed to join may do that turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Hold {
    /// "May not attack or move."
    Frozen,
    /// "May not attack. May move."
    MoveOnly,
}

/// One line of Table 34.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushUnitLine {
    pub test: JoinTest,
    pub on_failure: Hold,
}

/// One line of 002's result table: a total at most `at_most` is surprised for `phases`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhasesLine {
    pub at_most: i32,
    pub phases: u32,
}

crate::patch::patchable! {
/// 002's surprise check and what surprise allows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurpriseCheckTable / SurpriseCheckTablePatch {
    pub dice: u32,
    pub sides: u32,
    pub phases_by_total: Vec<PhasesLine>,
    pub least_phases_after_recovery: u32,
    pub active_move_fraction: f32,
    pub active_attacks: u32,
    pub defence_modifier: i32,
    pub morale_fraction: (u32, u32),
    /// 002's suggested rule, reconstructed: with `recovery_from_int`, a unit recovers one phase
    /// early for every this many points of INT.
    #[serde(default = "three")]
    pub int_per_recovery_phase: i32,
    /// 002's optional rule, reconstructed: with `recovery_save`, a D6 of this or more recovers
    /// one phase early (its "saving throw vs spells").
    #[serde(default = "five")]
    pub recovery_save_need: i32,
    /// The Threat Level of the morale check a party makes after losing `morale_fraction` of
    /// itself while surprised: its best-led unit's quality die must beat Leadership plus this.
    #[serde(default)]
    pub morale_threat_level: i32,
    pub closing_range_moves: f32,
}
}

crate::patch::patchable! {
/// 003's perception check on the (reconstructed) MEGS Action Table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PerceptionTable / PerceptionTablePatch {
    pub dice: u32,
    pub sides: u32,
    pub doubles_roll_again: bool,
    pub double_one_fails: bool,
    /// Lower bounds of the value bands.
    pub bands: Vec<i32>,
    /// Roll needed: row = acting value's band, column = opposing value's band.
    pub need: Vec<Vec<i32>>,
}
}

impl PerceptionTable {
    /// The band a value falls in: the last whose lower bound it reaches.
    #[inline]
    pub fn band(&self, value: i32) -> usize {
        self.bands.iter().rposition(|b| value >= *b).unwrap_or(0)
    }
    /// The roll needed for acting value `av` against opposing value `ov`.
    #[inline]
    pub fn need_for(&self, av: i32, ov: i32) -> i32 {
        self.need[self.band(av)][self.band(ov)]
    }
}

crate::patch::patchable! {
/// 003's surprise effects in this game's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MegsTable / MegsTablePatch {
    pub no_initiative_turns: u32,
    pub to_hit_bonus: i32,
}
}

crate::patch::patchable! {
/// Spotting hidden units (004; the numbers are reconstructed).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpottingTable / SpottingTablePatch {
    pub base_need: i32,
    pub per_smr: i32,
    pub max_range_smr: f32,
    /// Added to the need when the hidden unit is in bad going.
    pub cover: i32,
    /// How near (inches) an enemy base must come to a dummy counter's centre to expose it; a
    /// real hidden unit is found when an enemy base touches its own. Defaulted, so that rule
    /// tables saved before it existed still load.
    #[serde(default = "half_inch")]
    pub dummy_touch: f32,
}
}

crate::patch::patchable! {
/// `assets/rules/ambush.ron`: detection, surprise and its effects (000, 002, 003, 004).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AmbushTable / AmbushTablePatch {
    pub detection_die: BTreeMap<AmbushNature, u32> => merge,
    pub species_detection_bonus: BTreeMap<Species, i32> => merge,
    pub ambush_units: Vec<AmbushUnitLine>,
    pub contact_damage_joins: bool,
    pub surprise_check: SurpriseCheckTable => nested(SurpriseCheckTablePatch),
    /// Name → (least, most) value.
    pub surprise_modifiers: BTreeMap<String, (i32, i32)> => merge,
    pub perception: PerceptionTable => nested(PerceptionTablePatch),
    pub megs: MegsTable => nested(MegsTablePatch),
    pub blindside_to_hit: i32,
    pub darkness_to_hit: i32,
    /// 003 explosives: strength lost per AP of distance outside the blast's target area.
    #[serde(alias = "blast_falloff_per_smr")]
    pub blast_falloff_per_ap: i32,
    /// 003 falling: "the APs of distance that the character falls multiplied by 2 as the
    /// AV/EV": hit dice per AP of the fall, as the blast's strength is counted in hit dice.
    #[serde(default = "two")]
    pub fall_hit_dice_per_ap: u32,
    /// "If the distance that the character is falling is greater than 7 APs, treat it as 7".
    #[serde(default = "seven")]
    pub fall_max_aps: u32,
    pub reaction_threat_level: i32,
    pub spotting: SpottingTable => nested(SpottingTablePatch),
    pub blind_fire_modifier: i32,
}
}

/// Half an inch: `SpottingTable::dummy_touch` when a table leaves it out.
fn half_inch() -> f32 {
    0.5
}

fn alien_troop() -> TroopType {
    Ident::known("Alien")
}

crate::patch::patchable! {
/// `terms.ron`: what the player reads for the sides, where a scenario does not name them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TermsTable / TermsTablePatch {
    /// The two sides' names, plural and singular (001's marines and aliens; a mod's own).
    pub sides: SideNames,
}
}

crate::patch::patchable! {
/// 003 underwater, in this game's terms (`underwater` in `environment.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnderwaterTable / UnderwaterTablePatch {
    /// "Subtract 2 from all movement rates except swimming": APs of distance taken off a move.
    pub movement_aps: u32,
    /// "Subtract 5 from the Initiative score": added to a side's movement initiative die.
    pub initiative_modifier: i32,
    /// "All attacks ... underwater suffer a +2 column shift penalty to OV": to-hit and melee dice.
    pub attack_modifier: i32,
    /// "+1 column shift ... on any dice action's RV involving movement": break off, disengage.
    pub movement_check_modifier: i32,
    /// "a range that is 2 APs shorter than normal": APs taken off a thrown weapon's ranges.
    pub thrown_range_aps: u32,
    /// "Normal vision underwater is 5 APs".
    pub sight_aps: i32,
    /// "For every 2 APs of depth, 1 AP is subtracted from the normal range of vision".
    pub depth_aps_per_sight_ap: u32,
    /// "Each AP of depth over 5 causes ... a physical attack": the depth that does no harm.
    pub safe_depth_aps: u32,
    /// Hit dice of the attack at each AP of depth beyond `safe_depth_aps`, per AP beyond it.
    pub depth_hit_dice_per_ap: u32,
}
}

crate::patch::patchable! {
/// 003 space, in this game's terms (`space` in `environment.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpaceTable / SpaceTablePatch {
    /// "+3 column shifts" on every attack by a unit with no means of controlling its position.
    pub attack_modifier: i32,
    /// "+2 column shifts" for one that flies or has a jet pack.
    pub controlled_attack_modifier: i32,
    /// "+1 column shift" for one with the spacecraft skill, "a minimum +1".
    pub trained_attack_modifier: i32,
    /// The launch check against "OV/RV of 8/8": the D6 score needed.
    pub launch_need: i32,
    /// The launch check against "6/6" for a unit with the spacecraft skill.
    pub launch_need_trained: i32,
    /// A failed launch "drifts off target": degrees off the intended line by the score of a
    /// D6 (positive clockwise), one line for every face. Merged key by key.
    pub scatter_degrees: BTreeMap<u32, f32> => merge,
    /// The fastest launch, SMR per turn, pushing off terrain it touches ("the weight of the
    /// object pushed off of").
    pub push_off_max_smr: f32,
    /// The fastest launch, SMR per turn, with nothing to push off: the recoil of a weapon fired
    /// or an object thrown.
    pub recoil_max_smr: f32,
    /// "the OV/RVs of the action check are increased by +2 column shifts unless the character
    /// has the space craft sub skill": added to the suffocation check.
    pub suffocation_modifier: i32,
}
}

crate::patch::patchable! {
/// 003's held breath, drowning and suffocation (`air` in `environment.ron`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AirTable / AirTablePatch {
    /// "A character may hold his breath for 5 APs of time (two minutes)".
    pub held_breath_aps: i32,
    /// The D6 score the action check needs once the breath is out.
    pub check_need: i32,
    /// "Any positive RAPs, up to a maximum of 5, are the APs of time that the character may
    /// remain": each point the check beats its need by, plus one, is one AP, up to this.
    pub max_extra_aps: i32,
    /// "1 point of physical damage per minute (4 APs of time)": one wound every this many APs.
    pub wound_every_aps: i32,
}
}

crate::patch::patchable! {
/// `environment.ron`: 003's hostile environments, under water and in space.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnvironmentTable / EnvironmentTablePatch {
    /// The table's scale: feet of the world per inch of the table. MEGS distances (10 feet is 0
    /// APs, each AP doubles) meet the table here.
    pub feet_per_inch: f32,
    /// MEGS APs of time one game turn stands for (0 APs is 4 seconds, each AP doubles).
    pub turn_time_aps: i32,
    /// MEGS column shifts per point of this game's D6: a penalty of N shifts is N / this,
    /// rounded up.
    pub shifts_per_point: i32,
    pub underwater: UnderwaterTable => nested(UnderwaterTablePatch),
    pub space: SpaceTable => nested(SpaceTablePatch),
    pub air: AirTable => nested(AirTablePatch),
}
}

/// The bundled `environment.ron`, for a save made before the table existed.
fn bundled_environment() -> EnvironmentTable {
    Rules::bundled().environment.clone()
}

/// Every table, as one value. A save file embeds it, so a game resumes with the tables it began
/// with whatever becomes of its mod.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub general: GeneralTable,
    pub troops: TroopTable,
    pub weapons: WeaponTable,
    pub shooting: ShootingTable,
    pub wounds: WoundTable,
    pub melee: MeleeTable,
    pub cards: CardTable,
    pub generation: GenerationTable,
    pub ambush: AmbushTable,
    pub terms: TermsTable,
    #[serde(default = "bundled_environment")]
    pub environment: EnvironmentTable,
}

/// The most troop types one set of tables may have.
pub const MAX_TROOP_TYPES: usize = 64;

/// No number in a rule table may be larger than this in size. The real ones are dice, modifiers,
/// distances in SMR and counts, all far below it; a larger one is a typing mistake, and an
/// absurd one would overflow the game's sums.
pub const MAX_RULE_NUMBER: f64 = 10_000.0;
/// The most aliens one wave may bring.
pub const MAX_WAVE_SIZE: u32 = 50;
/// The most cards dealt to one alien, and jokers in one pack.
pub const MAX_CARDS_PER_ALIEN: u32 = 54;
pub const MAX_JOKERS_PER_PACK: u32 = 8;
/// The most dice one roll (or one hit, or one fall) may throw, and the most sides a die may have.
pub const MAX_DICE: u32 = 20;
pub const MAX_DIE_SIDES: u32 = 1_000;
/// The most wounds one rule may deal or a unit may take.
pub const MAX_WOUNDS: u32 = 20;
/// The most sections an edge may be cut into for placing a wave.
pub const MAX_SECTIONS: u32 = 100;
/// The longest game a table's turn counts may name (a scenario's `turn_limit` is held to it too).
pub const MAX_RULE_TURNS: u32 = 500;
/// The farthest distance a rule table may give, in SMR or base depths.
pub const MAX_RULE_DISTANCE: f32 = 100.0;

/// How many rule files there are.
pub const RULE_FILE_COUNT: usize = 11;

/// The rule files, in the order `Rules` loads them.
pub const RULE_FILES: [&str; RULE_FILE_COUNT] = [
    "general.ron",
    "troops.ron",
    "weapons.ron",
    "shooting.ron",
    "wounds.ron",
    "melee.ron",
    "cards.ron",
    "generation.ron",
    "ambush.ron",
    "terms.ron",
    "environment.ron",
];

impl Rules {
    /// Builds the tables from the text of each file in `RULE_FILES` order; `name` labels errors.
    pub fn from_texts(
        name: impl Fn(&str) -> String,
        texts: [&str; RULE_FILE_COUNT],
    ) -> Result<Rules, DataError> {
        let rules = Rules {
            general: parse_ron(&name(RULE_FILES[0]), texts[0])?,
            troops: parse_ron(&name(RULE_FILES[1]), texts[1])?,
            weapons: parse_ron(&name(RULE_FILES[2]), texts[2])?,
            shooting: parse_ron(&name(RULE_FILES[3]), texts[3])?,
            wounds: parse_ron(&name(RULE_FILES[4]), texts[4])?,
            melee: parse_ron(&name(RULE_FILES[5]), texts[5])?,
            cards: parse_ron(&name(RULE_FILES[6]), texts[6])?,
            generation: parse_ron(&name(RULE_FILES[7]), texts[7])?,
            ambush: parse_ron(&name(RULE_FILES[8]), texts[8])?,
            terms: parse_ron(&name(RULE_FILES[9]), texts[9])?,
            environment: parse_ron(&name(RULE_FILES[10]), texts[10])?,
        };
        rules.check(&|file: &str, field: &str| {
            let text = RULE_FILES
                .iter()
                .position(|f| *f == file)
                .map_or("", |i| texts[i]);
            let (line, column) = locate(text, &dotted_path(field));
            (name(file), line, column)
        })?;
        Ok(rules)
    }

    /// Parses `text`, a mod's version of the rule file `file` (one of `RULE_FILES`), as a patch
    /// and writes it over these tables. `shown` names the file in errors. The merged tables are
    /// checked as a whole by `check` once every patch is in.
    pub fn apply_patch(&mut self, file: &str, shown: &str, text: &str) -> Result<(), DataError> {
        match file {
            "general.ron" => parse_ron::<GeneralTablePatch>(shown, text)?.apply(&mut self.general),
            "troops.ron" => parse_ron::<TroopTablePatch>(shown, text)?.apply(&mut self.troops),
            "weapons.ron" => parse_ron::<WeaponTablePatch>(shown, text)?.apply(&mut self.weapons),
            "shooting.ron" => {
                parse_ron::<ShootingTablePatch>(shown, text)?.apply(&mut self.shooting)
            }
            "wounds.ron" => parse_ron::<WoundTablePatch>(shown, text)?.apply(&mut self.wounds),
            "melee.ron" => parse_ron::<MeleeTablePatch>(shown, text)?.apply(&mut self.melee),
            "cards.ron" => parse_ron::<CardTablePatch>(shown, text)?.apply(&mut self.cards),
            "generation.ron" => {
                parse_ron::<GenerationTablePatch>(shown, text)?.apply(&mut self.generation)
            }
            "ambush.ron" => parse_ron::<AmbushTablePatch>(shown, text)?.apply(&mut self.ambush),
            "terms.ron" => parse_ron::<TermsTablePatch>(shown, text)?.apply(&mut self.terms),
            "environment.ron" => {
                parse_ron::<EnvironmentTablePatch>(shown, text)?.apply(&mut self.environment)
            }
            _ => {
                return Err(DataError::at(
                    shown,
                    1,
                    1,
                    format!("not a rule file: expected one of {}", RULE_FILES.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// Loads every table from a directory such as `assets/rules`.
    pub fn from_dir(dir: &Path) -> Result<Rules, DataError> {
        let mut texts: Vec<String> = Vec::with_capacity(RULE_FILES.len());
        for file in RULE_FILES {
            let path = dir.join(file);
            let text = std::fs::read_to_string(&path).map_err(|e| {
                DataError::at(
                    &path.display().to_string(),
                    0,
                    0,
                    format!("cannot read: {e}"),
                )
            })?;
            texts.push(text);
        }
        let refs: [&str; RULE_FILE_COUNT] = std::array::from_fn(|i| texts[i].as_str());
        Rules::from_texts(|f| dir.join(f).display().to_string(), refs)
    }

    /// Checks what serde cannot: every troop type and weapon class has a line, every D6 face an
    /// edge, every number sane. `place` says where a problem shows: the name of the file that
    /// holds the field (one of `RULE_FILES` is asked, with the field's dotted path, such as
    /// `troops.Colonial.movement`), and its line and column there.
    pub fn check(
        &self,
        place: &impl Fn(&str, &str) -> (String, usize, usize),
    ) -> Result<(), DataError> {
        self.problem().map_err(|p| {
            let (shown, line, column) = place(p.file, &p.field);
            DataError::at(&shown, line, column, p.message)
        })
    }

    /// The first problem the checks find.
    fn problem(&self) -> Result<(), TableProblem> {
        self.check_troops()?;
        for (weapon, profile) in &self.weapons.weapons {
            if profile.class != WeaponClass::PhysicalContact
                && !self.weapons.ranges.contains_key(&profile.class)
            {
                return Err(TableProblem {
                    file: "weapons.ron",
                    field: format!("weapons.{weapon}.class"),
                    message: format!(
                        "field `ranges`: weapon `{weapon}` has class {:?} with no range bands",
                        profile.class
                    ),
                });
            }
        }
        for face in 1..=6 {
            if !self.generation.edge_by_roll.contains_key(&face) {
                return Err(TableProblem {
                    file: "generation.ron",
                    field: "edge_by_roll".into(),
                    message: format!("field `edge_by_roll`: no edge for a roll of {face}"),
                });
            }
        }
        self.check_ambush()?;
        self.check_environment()?;
        self.check_numbers()?;
        self.check_limits()?;
        if self.general.smr <= 0.0 {
            return Err(TableProblem {
                file: "general.ron",
                field: "smr".into(),
                message: "field `smr`: must be positive".into(),
            });
        }
        Ok(())
    }

    /// No number anywhere in the tables may be larger than `MAX_RULE_NUMBER` in size. Each table
    /// is written out as RON and read back as a tree of values, so a new field is covered too.
    fn check_numbers(&self) -> Result<(), TableProblem> {
        fn walk(value: &serde_json::Value, path: &mut String) -> Option<(String, String)> {
            let mut step = |key: &str, v: &serde_json::Value| {
                let len = path.len();
                if !path.is_empty() && !key.starts_with('[') {
                    path.push('.');
                }
                path.push_str(key);
                let found = walk(v, path);
                path.truncate(len);
                found
            };
            match value {
                serde_json::Value::Number(n) => {
                    let v = n.as_f64().unwrap_or(f64::INFINITY);
                    (!(v.is_finite() && v.abs() <= MAX_RULE_NUMBER)).then(|| {
                        (path.clone(), format!("field `{path}`: {v} is beyond any rule's need; expected a number from -{MAX_RULE_NUMBER} to {MAX_RULE_NUMBER}"))
                    })
                }
                serde_json::Value::Object(map) => map.iter().find_map(|(k, v)| step(k, v)),
                serde_json::Value::Array(items) => items
                    .iter()
                    .enumerate()
                    .find_map(|(i, v)| step(&format!("[{i}]"), v)),
                _ => None,
            }
        }
        fn tree<T: Serialize>(table: &T) -> Result<serde_json::Value, String> {
            serde_json::to_value(table).map_err(|e| format!("the table cannot be checked: {e}"))
        }
        let tables = [
            ("general.ron", tree(&self.general)),
            ("troops.ron", tree(&self.troops)),
            ("weapons.ron", tree(&self.weapons)),
            ("shooting.ron", tree(&self.shooting)),
            ("wounds.ron", tree(&self.wounds)),
            ("melee.ron", tree(&self.melee)),
            ("cards.ron", tree(&self.cards)),
            ("generation.ron", tree(&self.generation)),
            ("ambush.ron", tree(&self.ambush)),
            ("environment.ron", tree(&self.environment)),
        ];
        for (file, value) in tables {
            let why = match value {
                Ok(v) => walk(&v, &mut String::new()),
                Err(e) => Some((String::new(), e)),
            };
            if let Some((field, message)) = why {
                return Err(TableProblem {
                    file,
                    field,
                    message,
                });
            }
        }
        Ok(())
    }

    /// The counts that set how much work a game does (aliens, cards, dice, wounds) and the
    /// numbers the rules divide by or loop on must be sane.
    fn check_limits(&self) -> Result<(), TableProblem> {
        let fail = |file: &'static str, field: &str, why: String| {
            Err(TableProblem {
                file,
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        let count = |file: &'static str, field: &str, v: u32, least: u32, most: u32| {
            if (least..=most).contains(&v) {
                Ok(())
            } else {
                fail(
                    file,
                    field,
                    format!("expected {least} to {most}, found {v}"),
                )
            }
        };
        let distance = |file: &'static str, field: &str, v: f32| {
            if v.is_finite() && (0.0..=MAX_RULE_DISTANCE).contains(&v) {
                Ok(())
            } else {
                fail(
                    file,
                    field,
                    format!("expected 0 to {MAX_RULE_DISTANCE}, found {v}"),
                )
            }
        };
        let g = &self.general;
        if !(g.smr > 0.0 && g.smr <= MAX_RULE_DISTANCE) {
            return fail(
                "general.ron",
                "smr",
                format!(
                    "expected inches above 0 and at most {MAX_RULE_DISTANCE}, found {}",
                    g.smr
                ),
            );
        }
        distance("general.ron", "contact_tolerance", g.contact_tolerance)?;
        distance("general.ron", "bad_going_cost", g.bad_going_cost)?;
        distance(
            "general.ron",
            "linear_defence_reach",
            g.linear_defence_reach,
        )?;
        count(
            "general.ron",
            "morale_loss_fraction.1",
            g.morale_loss_fraction.1,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "general.ron",
            "initiative_winner_moves",
            g.initiative_winner_moves,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "general.ron",
            "initiative_loser_moves",
            g.initiative_loser_moves,
            1,
            MAX_DIE_SIDES,
        )?;
        for (class, n) in &self.weapons.hit_dice {
            count(
                "weapons.ron",
                &format!("hit_dice.{class:?}"),
                *n,
                0,
                MAX_DICE,
            )?;
        }
        for (weapon, p) in &self.weapons.weapons {
            if let Some(n) = p.hit_dice {
                count(
                    "weapons.ron",
                    &format!("weapons.{weapon}.hit_dice"),
                    n,
                    0,
                    MAX_DICE,
                )?;
            }
            if let Some(b) = p.blast {
                distance("weapons.ron", &format!("weapons.{weapon}.blast"), b)?;
            }
        }
        let w = &self.wounds;
        count(
            "wounds.ron",
            "degradation_destroyed_at",
            w.degradation_destroyed_at,
            1,
            MAX_WOUNDS,
        )?;
        count(
            "wounds.ron",
            "degradation_crippled_at",
            w.degradation_crippled_at,
            0,
            MAX_WOUNDS,
        )?;
        if !(0.0..=1.0).contains(&w.degradation_half_move_factor) {
            return fail(
                "wounds.ron",
                "degradation_half_move_factor",
                format!("expected 0 to 1, found {}", w.degradation_half_move_factor),
            );
        }
        let m = &self.melee;
        count("melee.ron", "loser_wounds", m.loser_wounds, 0, MAX_WOUNDS)?;
        count("melee.ron", "extra_wounds", m.extra_wounds, 0, MAX_WOUNDS)?;
        distance("melee.ron", "break_off_distance", m.break_off_distance)?;
        distance(
            "melee.ron",
            "disengage_base_depths",
            m.disengage_base_depths,
        )?;
        let c = &self.cards;
        count(
            "cards.ron",
            "cards_per_alien",
            c.cards_per_alien,
            1,
            MAX_CARDS_PER_ALIEN,
        )?;
        count(
            "cards.ron",
            "jokers_per_pack",
            c.jokers_per_pack,
            0,
            MAX_JOKERS_PER_PACK,
        )?;
        distance("cards.ron", "fall_back_distance", c.fall_back_distance)?;
        distance("cards.ron", "recoil_base_depths", c.recoil_base_depths)?;
        if c.edge_ranks.len() > 13 || c.edge_ranks.iter().any(|r| !(1..=13).contains(r)) {
            return fail(
                "cards.ron",
                "edge_ranks",
                "expected at most 13 ranks, each from 1 (Ace) to 13 (King)".into(),
            );
        }
        let gen_ = &self.generation;
        count(
            "generation.ron",
            "wave_size",
            gen_.wave_size,
            1,
            MAX_WAVE_SIZE,
        )?;
        count("generation.ron", "sections", gen_.sections, 1, MAX_SECTIONS)?;
        count(
            "generation.ron",
            "default_automatic_wave_turn",
            gen_.default_automatic_wave_turn,
            1,
            MAX_RULE_TURNS,
        )?;
        count(
            "generation.ron",
            "quiet_turns_to_end",
            gen_.quiet_turns_to_end,
            0,
            MAX_RULE_TURNS,
        )?;
        distance(
            "generation.ron",
            "crowding_distance",
            gen_.crowding_distance,
        )?;
        let a = &self.ambush;
        for (nature, sides) in &a.detection_die {
            count(
                "ambush.ron",
                &format!("detection_die.{nature:?}"),
                *sides,
                2,
                MAX_DIE_SIDES,
            )?;
        }
        let sc = &a.surprise_check;
        count("ambush.ron", "surprise_check.dice", sc.dice, 1, MAX_DICE)?;
        count(
            "ambush.ron",
            "surprise_check.sides",
            sc.sides,
            1,
            MAX_DIE_SIDES,
        )?;
        count(
            "ambush.ron",
            "surprise_check.active_attacks",
            sc.active_attacks,
            0,
            MAX_DICE,
        )?;
        count(
            "ambush.ron",
            "surprise_check.least_phases_after_recovery",
            sc.least_phases_after_recovery,
            0,
            MAX_RULE_TURNS,
        )?;
        count(
            "ambush.ron",
            "surprise_check.morale_fraction.1",
            sc.morale_fraction.1,
            1,
            MAX_DIE_SIDES,
        )?;
        for (i, line) in sc.phases_by_total.iter().enumerate() {
            count(
                "ambush.ron",
                &format!("surprise_check.phases_by_total[{i}].phases"),
                line.phases,
                0,
                MAX_RULE_TURNS,
            )?;
        }
        if !(0.0..=1.0).contains(&sc.active_move_fraction) {
            return fail(
                "ambush.ron",
                "surprise_check.active_move_fraction",
                format!("expected 0 to 1, found {}", sc.active_move_fraction),
            );
        }
        distance(
            "ambush.ron",
            "surprise_check.closing_range_moves",
            sc.closing_range_moves,
        )?;
        let p = &a.perception;
        // Doubles roll again: one die, or a one-sided die, would roll doubles for ever.
        let least = if p.doubles_roll_again { 2 } else { 1 };
        count("ambush.ron", "perception.dice", p.dice, least, MAX_DICE)?;
        count(
            "ambush.ron",
            "perception.sides",
            p.sides,
            least,
            MAX_DIE_SIDES,
        )?;
        if p.bands.len() > 64 {
            return fail(
                "ambush.ron",
                "perception.bands",
                format!("at most 64 bands, found {}", p.bands.len()),
            );
        }
        count(
            "ambush.ron",
            "megs.no_initiative_turns",
            a.megs.no_initiative_turns,
            0,
            MAX_RULE_TURNS,
        )?;
        count(
            "ambush.ron",
            "fall_hit_dice_per_ap",
            a.fall_hit_dice_per_ap,
            0,
            MAX_DICE,
        )?;
        count("ambush.ron", "fall_max_aps", a.fall_max_aps, 0, MAX_DICE)?;
        distance(
            "ambush.ron",
            "spotting.max_range_smr",
            a.spotting.max_range_smr,
        )?;
        distance("ambush.ron", "spotting.dummy_touch", a.spotting.dummy_touch)?;
        let u = &self.environment.underwater;
        count(
            "environment.ron",
            "underwater.depth_hit_dice_per_ap",
            u.depth_hit_dice_per_ap,
            0,
            MAX_DICE,
        )?;
        Ok(())
    }

    /// The ambush tables must cover every nature, end in a line everyone joins, and give the
    /// perception table one need per pair of bands.
    fn check_ambush(&self) -> Result<(), TableProblem> {
        let a = &self.ambush;
        let bad = |field: &str, why: String| {
            Err(TableProblem {
                file: "ambush.ron",
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        for nature in AmbushNature::ALL {
            if a.detection_die.get(&nature).is_none_or(|d| *d < 2) {
                return bad(
                    "detection_die",
                    format!("no die of 2 or more sides for {nature:?}"),
                );
            }
        }
        if a.ambush_units.last().map(|l| l.test) != Some(JoinTest::NoRoll) {
            return bad(
                "ambush_units",
                "the last line must be `NoRoll`: every unit joins in the end".into(),
            );
        }
        let p = &a.perception;
        let n = p.bands.len();
        if n == 0 || p.need.len() != n || p.need.iter().any(|row| row.len() != n) {
            return bad(
                "perception",
                format!("`need` must be {n} rows of {n}, one per band"),
            );
        }
        if p.bands.windows(2).any(|w| w[0] >= w[1]) {
            return bad("perception", "`bands` must rise".into());
        }
        if a.surprise_check
            .phases_by_total
            .windows(2)
            .any(|w| w[0].at_most >= w[1].at_most)
        {
            return bad(
                "surprise_check",
                "`phases_by_total` must rise by `at_most`".into(),
            );
        }
        for (name, (least, most)) in &a.surprise_modifiers {
            if least > most {
                return bad(
                    "surprise_modifiers",
                    format!("`{name}` has its least above its most"),
                );
            }
        }
        Ok(())
    }

    /// The environment table's scale and time must be usable, and every face of the D6 needs a
    /// scatter.
    fn check_environment(&self) -> Result<(), TableProblem> {
        let e = &self.environment;
        let bad = |field: &str, why: &str| {
            Err(TableProblem {
                file: "environment.ron",
                field: field.to_string(),
                message: format!("field `{field}`: {why}"),
            })
        };
        if !(e.feet_per_inch.is_finite() && e.feet_per_inch > 0.0) {
            return bad("feet_per_inch", "must be positive");
        }
        if !(-10..=20).contains(&e.turn_time_aps) {
            return bad("turn_time_aps", "expected from -10 to 20 APs");
        }
        if e.shifts_per_point < 1 {
            return bad("shifts_per_point", "must be at least 1");
        }
        if e.underwater.depth_aps_per_sight_ap < 1 {
            return bad("underwater.depth_aps_per_sight_ap", "must be at least 1");
        }
        for face in 1..=6 {
            if !e
                .space
                .scatter_degrees
                .get(&face)
                .is_some_and(|d| d.is_finite())
            {
                return bad(
                    "space.scatter_degrees",
                    &format!("no finite scatter for a roll of {face}"),
                );
            }
        }
        let speeds = [e.space.push_off_max_smr, e.space.recoil_max_smr];
        if !speeds
            .iter()
            .all(|v| v.is_finite() && (0.0..=100.0).contains(v))
        {
            return bad(
                "space",
                "`push_off_max_smr` and `recoil_max_smr` must be from 0 to 100 SMR",
            );
        }
        let a = &e.air;
        if a.max_extra_aps < 0 || !(-10..=40).contains(&a.held_breath_aps) {
            return bad(
                "air",
                "`held_breath_aps` must be from -10 to 40 and `max_extra_aps` at least 0",
            );
        }
        if a.wound_every_aps < e.turn_time_aps {
            return bad(
                "air.wound_every_aps",
                "must be at least `turn_time_aps`: one wound a turn at most",
            );
        }
        Ok(())
    }

    /// Troop lines must be usable: positive finite bases and allowances, and the troop type
    /// that waves are generated as must have a line.
    fn check_troops(&self) -> Result<(), TableProblem> {
        let bad = |file: &'static str, field: String, why: String| {
            Err(TableProblem {
                file,
                field,
                message: why,
            })
        };
        let wave = self.generation.troop;
        if !self.troops.troops.contains_key(&wave) {
            return bad(
                "generation.ron",
                "troop".into(),
                format!("field `troop`: troop type {wave} has no line in troops.ron"),
            );
        }
        if self.troops.troops.len() > MAX_TROOP_TYPES {
            return bad(
                "troops.ron",
                "troops".into(),
                format!("field `troops`: at most {MAX_TROOP_TYPES} troop types"),
            );
        }
        let allowance_ok = |a: &Allowance| {
            [a.straight_forward, a.advance, a.fall_back]
                .into_iter()
                .chain(a.any_direction)
                .all(|v| v.is_finite() && (0.0..=100.0).contains(&v))
        };
        for (kind, p) in &self.troops.troops {
            let base_ok = [p.base.0, p.base.1]
                .iter()
                .all(|v| v.is_finite() && *v > 0.0 && *v <= 100.0);
            if !base_ok {
                return bad(
                    "troops.ron",
                    format!("troops.{kind}.base"),
                    format!(
                        "field `troops.{kind}.base`: expected a width and depth above 0 and at most 100 inches"
                    ),
                );
            }
            if !allowance_ok(&p.movement) {
                return bad(
                    "troops.ron",
                    format!("troops.{kind}.movement"),
                    format!(
                        "field `troops.{kind}.movement`: expected allowances from 0 to 100 SMR"
                    ),
                );
            }
            for (f, formation) in &p.formations {
                if formation
                    .movement
                    .as_ref()
                    .is_some_and(|m| !allowance_ok(m))
                {
                    return bad(
                        "troops.ron",
                        format!("troops.{kind}.formations.{f}.movement"),
                        format!(
                            "field `troops.{kind}.formations.{f}.movement`: expected allowances from 0 to 100 SMR"
                        ),
                    );
                }
            }
        }
        Ok(())
    }

    /// The line of `kind`. Scenarios are checked against the tables before play, so every
    /// unit's troop type has one.
    #[inline]
    pub fn troop(&self, kind: TroopType) -> &TroopProfile {
        &self.troops.troops[&kind]
    }

    /// What the player reads for one unit of `kind`.
    pub fn troop_name(&self, kind: TroopType) -> &str {
        match self.troops.troops.get(&kind) {
            Some(p) if !p.display.is_empty() => &p.display,
            _ => kind.as_str(),
        }
    }

    /// Hit dice a hit by `weapon` places: its own number, or its class's.
    pub fn hit_dice_of(&self, weapon: &WeaponProfile) -> u32 {
        weapon.hit_dice.unwrap_or_else(|| {
            self.weapons
                .hit_dice
                .get(&weapon.class)
                .copied()
                .unwrap_or(1)
        })
    }

    #[inline]
    pub fn weapon(&self, name: &str) -> Option<&WeaponProfile> {
        self.weapons.weapons.get(name)
    }
}

/// The rule files shipped in `assets/rules`, compiled in so the simulator and the tests need no
/// working directory. `build.rs` has already checked that they parse.
const BUNDLED: [&str; RULE_FILE_COUNT] = [
    include_str!("../../../assets/rules/general.ron"),
    include_str!("../../../assets/rules/troops.ron"),
    include_str!("../../../assets/rules/weapons.ron"),
    include_str!("../../../assets/rules/shooting.ron"),
    include_str!("../../../assets/rules/wounds.ron"),
    include_str!("../../../assets/rules/melee.ron"),
    include_str!("../../../assets/rules/cards.ron"),
    include_str!("../../../assets/rules/generation.ron"),
    include_str!("../../../assets/rules/ambush.ron"),
    include_str!("../../../assets/rules/terms.ron"),
    include_str!("../../../assets/rules/environment.ron"),
];

/// A problem a check found in the tables: the rule file it belongs to, the field's dotted path
/// (`troops.Colonial.movement`) and the message. `Rules::check` places it in a file's text.
#[derive(Debug, Clone)]
struct TableProblem {
    file: &'static str,
    field: String,
    message: String,
}

/// The text of the bundled rule file `file` (one of `RULE_FILES`), as the game was built with it.
pub fn bundled_text(file: &str) -> Option<&'static str> {
    RULE_FILES
        .iter()
        .position(|f| *f == file)
        .map(|i| BUNDLED[i])
}

impl Rules {
    /// The bundled tables (parsed once).
    pub fn bundled() -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            match Rules::from_texts(|f| format!("assets/rules/{f}"), BUNDLED) {
                Ok(r) => r,
                // build.rs parses these same files, so a broken one never gets this far.
                Err(e) => panic!("bundled rule tables are broken: {e}"),
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One broken value in each rule file: the file, the text as written there and as broken,
    /// and the field's name as it appears on the broken line (where the error must point).
    const BROKEN: [(&str, &str, &str, &str); RULE_FILE_COUNT] = [
        ("general.ron", "smr: 4.0", "smr: -1.0", "smr"),
        (
            "troops.ron",
            "movement: (straight_forward: 2.0,",
            "movement: (straight_forward: -1000.0,",
            "movement",
        ),
        (
            "weapons.ron",
            "StandardIssue: (medium: 3.0,",
            "StandardIssue: (medium: 30000.0,",
            "medium",
        ),
        (
            "shooting.ron",
            "to_hit_need: 5,",
            "to_hit_need: 50000,",
            "to_hit_need",
        ),
        (
            "wounds.ron",
            "save_wound_max: 4,",
            "save_wound_max: 40000,",
            "save_wound_max",
        ),
        (
            "melee.ron",
            "close_quarter_need: 5,",
            "close_quarter_need: 50000,",
            "close_quarter_need",
        ),
        (
            "cards.ron",
            "jokers_per_pack: 2,",
            "jokers_per_pack: 90000,",
            "jokers_per_pack",
        ),
        (
            "generation.ron",
            "wave_size: 5,",
            "wave_size: 50000,",
            "wave_size",
        ),
        ("ambush.ron", "Easy: 10,", "Easy: 100000,", "Easy"),
        (
            "terms.ron",
            "alien: \"alien\")",
            "alien: \"alien\", aliens_again: \"aliens\")",
            "aliens_again",
        ),
        (
            "environment.ron",
            "feet_per_inch: 10.0,",
            "feet_per_inch: -1.0,",
            "feet_per_inch",
        ),
    ];

    /// The bundled text of `file` with its broken value, and the line and column the error
    /// must name.
    fn broken(file: &str) -> (String, usize, usize) {
        let (_, good, bad, field) = BROKEN.iter().find(|b| b.0 == file).unwrap();
        let text = bundled_text(file).unwrap();
        assert_eq!(
            text.matches(good).count(),
            1,
            "{file}: the test breaks one value"
        );
        let text = text.replacen(good, bad, 1);
        let (n, line) = text
            .lines()
            .enumerate()
            .find(|(_, l)| l.contains(bad))
            .unwrap();
        (text.clone(), n + 1, line.find(field).unwrap() + 1)
    }

    #[test]
    fn a_broken_rule_table_names_its_file_line_and_column_for_every_table() {
        // A modder's error must point at the value to fix, in every rule file: the checks name
        // the field, and the locator finds it in the text that was loaded.
        for (file, ..) in BROKEN {
            let (text, line, column) = broken(file);
            let texts: [&str; RULE_FILE_COUNT] = std::array::from_fn(|i| {
                if RULE_FILES[i] == file {
                    text.as_str()
                } else {
                    BUNDLED[i]
                }
            });
            let e = Rules::from_texts(|f| format!("rules/{f}"), texts).unwrap_err();
            assert_eq!(
                (e.file.as_str(), e.line, e.column),
                (format!("rules/{file}").as_str(), line, column),
                "{e}"
            );
        }
    }

    #[test]
    fn a_broken_mod_patch_names_the_patch_its_line_and_column_for_every_table() {
        // A mod's rules/troops.ron with `straight_forward: -1000.0` on its line 6 is reported
        // at that line of that file, not at 1:1 nor in the bundled table.
        for (file, ..) in BROKEN {
            let (text, line, column) = broken(file);
            let shown = format!("mods/m/rules/{file}");
            let patch = crate::mods::RulePatch {
                file,
                shown: &shown,
                text: &text,
            };
            let e = crate::mods::rules_with_patches(&[patch]).unwrap_err();
            assert_eq!(
                (e.file.as_str(), e.line, e.column),
                (shown.as_str(), line, column),
                "{e}"
            );
        }
    }

    #[test]
    fn a_mod_patches_the_environment_table_field_by_field() {
        let mut rules = Rules::bundled().clone();
        let patch = "(underwater: (movement_aps: 1), space: (scatter_degrees: {1: -10.0}))";
        rules
            .apply_patch("environment.ron", "rules/environment.ron", patch)
            .expect("a patch");
        let (bundled, patched) = (&Rules::bundled().environment, &rules.environment);
        assert_eq!(patched.underwater.movement_aps, 1);
        assert_eq!(
            patched.underwater.sight_aps, bundled.underwater.sight_aps,
            "the other fields stay"
        );
        assert_eq!(patched.space.scatter_degrees[&1], -10.0);
        assert_eq!(
            patched.space.scatter_degrees[&6], bundled.space.scatter_degrees[&6],
            "merged key by key"
        );
        // The merged table is checked as the bundled one is.
        rules
            .apply_patch(
                "environment.ron",
                "rules/environment.ron",
                "(feet_per_inch: 0.0)",
            )
            .expect("it parses");
        let e = rules
            .check(&|f, _| (format!("rules/{f}"), 1, 1))
            .unwrap_err();
        assert!(e.message.contains("feet_per_inch"), "{e}");
    }

    #[test]
    fn absurd_counts_and_numbers_in_the_tables_are_refused_with_their_file_and_field() {
        let cases = [
            ("generation.ron", "(wave_size: 100000)", "`wave_size`"),
            ("cards.ron", "(cards_per_alien: 0)", "`cards_per_alien`"),
            (
                "general.ron",
                "(morale_loss_fraction: (1, 0))",
                "`morale_loss_fraction.1`",
            ),
            ("shooting.ron", "(to_hit_need: 2000000000)", "`to_hit_need`"),
            (
                "ambush.ron",
                "(perception: (sides: 1))",
                "`perception.sides`",
            ),
            (
                "weapons.ron",
                "(weapons: {\"claws\": (class: PhysicalContact, display: \"c\", blast: Some(1e20))})",
                "`weapons.claws.blast`",
            ),
        ];
        for (file, patch, field) in cases {
            let mut rules = Rules::bundled().clone();
            rules.apply_patch(file, file, patch).expect("it parses");
            let e = rules
                .check(&|f, _| (format!("rules/{f}"), 1, 1))
                .unwrap_err();
            assert_eq!(e.file, format!("rules/{file}"), "{e}");
            assert!(e.message.contains(field), "{field}: {e}");
        }
    }

    #[test]
    fn a_broken_ambush_table_is_refused_with_its_file_and_field() {
        // Bad input gets a clear error naming file and field, never a panic.
        let mut texts = BUNDLED;
        let ladder_without_end = texts[8].replace(
            "(test: NoRoll, on_failure: MoveOnly),",
            "(test: AweOrDex, on_failure: MoveOnly),",
        );
        texts[8] = &ladder_without_end;
        let e = Rules::from_texts(|f| format!("assets/rules/{f}"), texts).unwrap_err();
        assert_eq!(e.file, "assets/rules/ambush.ron");
        assert!(e.message.contains("ambush_units"), "{e}");
        let typo = BUNDLED[8].replace("Bizarre: 1000", "Bizare: 1000");
        texts[8] = &typo;
        let e = Rules::from_texts(|f| format!("assets/rules/{f}"), texts).unwrap_err();
        assert!(e.line > 1, "{e}");
    }
}
