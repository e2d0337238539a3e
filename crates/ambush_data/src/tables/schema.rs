//! The rule tables a modder writes, one serde type per file (each declared with its patch type), and the enums they use.

use crate::board::SideNames;
use crate::ident::Ident;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    #[serde(default, deserialize_with = "crate::patch::unique_keys")]
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

fn five_aps() -> u32 {
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
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub troops: BTreeMap<TroopType, TroopProfile> => merge,
}
}

crate::patch::patchable! {
/// `weapons.ron`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WeaponTable / WeaponTablePatch {
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub weapons: BTreeMap<String, WeaponProfile> => merge,
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub ranges: BTreeMap<WeaponClass, RangeBands> => merge,
    /// Hit dice placed per hit, by weapon class (heavy weapons place two).
    #[serde(deserialize_with = "crate::patch::unique_keys")]
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
    /// Wounds at which a unit may not shoot, whatever its wound method (001 "To shoot"), and
    /// at which, under degradation, it moves at `half_move_factor`.
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
    #[serde(deserialize_with = "crate::patch::unique_keys")]
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
    #[serde(deserialize_with = "crate::patch::unique_keys")]
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
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub detection_die: BTreeMap<AmbushNature, u32> => merge,
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub species_detection_bonus: BTreeMap<Species, i32> => merge,
    pub ambush_units: Vec<AmbushUnitLine>,
    pub contact_damage_joins: bool,
    pub surprise_check: SurpriseCheckTable => nested(SurpriseCheckTablePatch),
    /// Name → (least, most) value.
    #[serde(deserialize_with = "crate::patch::unique_keys")]
    pub surprise_modifiers: BTreeMap<String, (i32, i32)> => merge,
    pub perception: PerceptionTable => nested(PerceptionTablePatch),
    pub megs: MegsTable => nested(MegsTablePatch),
    pub blindside_to_hit: i32,
    pub darkness_to_hit: i32,
    /// 003 explosives: strength lost per AP of distance outside the blast's target area.
    #[serde(alias = "blast_falloff_per_smr")]
    pub blast_falloff_per_ap: i32,
    /// 003 falling: "the APs of distance that the character falls multiplied by 2 as the
    /// AV/EV": the fall's AV/EV per AP of the fall.
    #[serde(default = "two")]
    pub fall_av_per_ap: u32,
    /// The OV/RV of an ordinary trooper's BODY against the attacks the world makes on it, a
    /// fall ("the character's BODY/BODY as the OV/RV") and the descent ("the character's
    /// STR/BODY"): each AP of the attack's AV/EV beyond it places one hit die, each a saving
    /// throw. One conversion for both, so a deeper fall or descent always hurts more.
    #[serde(default = "five_aps")]
    pub ordinary_body_aps: u32,
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
    /// "Each AP of depth over 5 causes ... a physical attack with the APs of depth as the
    /// AV/EV": the depth that does no harm. Each attack's hit dice are its AV/EV beyond
    /// `ambush.ordinary_body_aps`.
    pub safe_depth_aps: u32,
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
    #[serde(deserialize_with = "crate::patch::unique_keys")]
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
    /// "Add the APs of distance that exceed the maximum range of the weapon to the OV": APs
    /// added to an OV that move it one column on the MEGS table (its value bands are two APs
    /// wide). Tables written before it was asked for read 2.
    #[serde(default = "two_aps")]
    pub ov_aps_per_column: i32,
}
}

fn two_aps() -> i32 {
    2
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
