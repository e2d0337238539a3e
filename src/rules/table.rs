//! The table as plain data: units, terrain and the game's progress, so rule steps stay pure.
//!
//! ECS systems build a `Table` from components, run a rule step on it, and write it back.

use crate::rules::cards::{CardLedger, Stack};
use crate::rules::grid::{GridCache, GridUnit, TableGrid, UnitGrid};
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::board::Edge;
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::board::SideNames;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::scenario::AlienProfile;
use ambush_data::scenario::AttackOver;
use ambush_data::scenario::Darkness;
use ambush_data::scenario::Environment;
use ambush_data::scenario::InferiorWeaponRules;
use ambush_data::scenario::Objective;
use ambush_data::scenario::WoundMethod;
use ambush_data::tables::Hold;
use ambush_data::tables::Rules;
use ambush_data::tables::Traits;
use ambush_data::tables::WeaponClass;
use ambush_data::tables::{FormationName, TroopType};
use glam::Vec2;
use serde::Serialize;
use std::sync::Arc;

/// A unit's stable number within one game.
pub type UnitId = u32;

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Presence {
    #[default]
    OnTable,
    /// Aboard the crashed ship: cannot shoot or be attacked.
    Aboard,
    Destroyed,
    /// Left the table and will not return.
    LeftTable,
    /// In a column still off the table, behind its lead (004: "The first unit in the ambushed
    /// player's convoy/column is moved onto the edge of the table"); it marches on along the route.
    Waiting,
}

/// How a unit moved this turn (001's movement definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum MoveKind {
    /// Turned on the spot or stood still: "does not count as movement".
    NoMove,
    StraightForward,
    Advance,
    FallBack,
    /// Aliens move in any direction.
    AnyDirection,
    /// Changed formation (limbered, unlimbered, formed square): the unit's move, and it counts
    /// as movement for shooting.
    Reformed,
    /// Carried by its drift in zero-g (003 space): not a move of its own, and it counts as a
    /// straight-forward move for shooting.
    Drift,
}

impl MoveKind {
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::NoMove => "no move",
            MoveKind::StraightForward => "straight forward",
            MoveKind::Advance => "advance left/right",
            MoveKind::FallBack => "fall back",
            MoveKind::AnyDirection => "any direction",
            MoveKind::Reformed => "change of formation",
            MoveKind::Drift => "drift",
        }
    }
}

/// Lasting states of a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Status {
    pub presence: Presence,
    /// Clubs: may not move in the next movement phase.
    pub stunned: bool,
    /// Withdrawing (an alien wave after a Joker, or a human side whose morale broke).
    pub withdrawing: bool,
    /// The formation it is in (a square, limbered); `None`: its ordinary order.
    pub formation: Option<FormationName>,
    /// An ambusher still under its counter (004): the enemy sees only the counter, may not aim
    /// at it, and finds it by spotting it, touching it, or seeing it act.
    pub hidden: bool,
}

/// What a unit has done this turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct TurnMarks {
    /// Set once the unit has moved or re-faced in this movement phase.
    pub moved: Option<MoveKind>,
    /// Shot this turn ("A unit may only shoot once per turn").
    pub shot: bool,
    /// Shot in the current shooting phase: a later shooter at it gets +1.
    pub fired_this_phase: bool,
    /// Fought in melee this turn (close quarter or physical contact).
    pub fought: bool,
    /// It moved into contact with the enemy: the attacker of its melee.
    pub attacking: bool,
    /// The last unit that shot at it this phase (aliens turn to face it).
    pub last_shot_by: Option<UnitId>,
    /// Wounded in physical contact this turn: a surprised unit joins the fight (000).
    pub hurt_in_contact: bool,
    /// Attacked this turn by an enemy it has not located, from outside its front arc (003).
    pub blindsided_by: Option<UnitId>,
}

/// How surprised a unit is by an ambush; `Alert` acts normally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub enum Surprise {
    #[default]
    Alert,
    /// 000's ladder: it failed to join in ambush unit (turn) `unit`, and `hold` says what it may do.
    Ladder { unit: u32, hold: Hold },
    /// 002: surprised for `turns_left` more turns; it does nothing but defend, at −2.
    Doom { turns_left: u32 },
    /// 003: no initiative for `turns_left` more turns, and attacks against it get +1.
    Megs { turns_left: u32 },
    /// 002: recovered early while its party's surprise runs `turns_left` more turns: it "is able
    /// to take action: moving, readying a weapon, or other non-attack if not engaged; defending
    /// normally and/or a snap attack if engaged".
    Recovering { turns_left: u32 },
}

impl Surprise {
    /// Whether the unit may move this turn.
    pub fn may_move(self) -> bool {
        match self {
            Surprise::Alert => true,
            Surprise::Ladder { hold, .. } => hold == Hold::MoveOnly,
            Surprise::Doom { .. } | Surprise::Megs { .. } => false,
            Surprise::Recovering { .. } => true,
        }
    }
    /// Whether the unit strikes back in a melee it is already in: alert, or recovered early
    /// (002's "a snap attack if engaged").
    pub fn strikes_when_engaged(self) -> bool {
        matches!(self, Surprise::Alert | Surprise::Recovering { .. })
    }
    /// Whether the unit may shoot, charge or make close-quarter attacks this turn.
    pub fn may_attack(self) -> bool {
        self == Surprise::Alert
    }
    pub fn why(self) -> &'static str {
        match self {
            Surprise::Alert => "alert",
            Surprise::Ladder {
                hold: Hold::Frozen, ..
            } => "surprised by the ambush: may not attack or move",
            Surprise::Ladder { .. } => "surprised by the ambush: may not attack",
            Surprise::Doom { .. } => "surprised: does nothing but defend",
            Surprise::Megs { .. } => "surprised: no initiative this turn",
            Surprise::Recovering { .. } => {
                "recovering early from surprise: may move, and fight if engaged, but not attack"
            }
        }
    }
}

/// One unit (one base).
#[derive(Debug, Clone, PartialEq)]
pub struct Unit {
    pub id: UnitId,
    /// Shared, so lending the table to a rule step copies no strings.
    pub label: Arc<str>,
    pub side: Side,
    pub troop: TroopType,
    pub base: Footprint,
    pub weapons: Arc<[String]>,
    pub armour: bool,
    /// Wounds taken so far; never goes down.
    pub wounds: u32,
    /// The alien wave it belongs to.
    pub wave: Option<u32>,
    pub status: Status,
    pub marks: TurnMarks,
    /// Aliens' card stacks.
    pub cards: Option<Stack>,
    pub traits: Traits,
    pub surprise: Surprise,
    /// Enemies whose position it knows (003 blindsides).
    pub located: Vec<UnitId>,
}

impl Unit {
    /// A fresh unit on the table: unhurt, unmarked, alert, with no cards and default traits.
    /// Callers set what differs with struct update syntax.
    pub fn new(
        id: UnitId,
        label: &str,
        side: Side,
        troop: TroopType,
        base: Footprint,
        weapons: Arc<[String]>,
    ) -> Unit {
        Unit {
            id,
            label: label.into(),
            side,
            troop,
            base,
            weapons,
            armour: false,
            wounds: 0,
            wave: None,
            status: Status::default(),
            marks: TurnMarks::default(),
            cards: None,
            traits: Traits::default(),
            surprise: Surprise::Alert,
            located: Vec::new(),
        }
    }
    pub fn on_table(&self) -> bool {
        self.status.presence == Presence::OnTable
    }
    /// Still fighting: on the table, aboard, or waiting to march onto it.
    pub fn alive(&self) -> bool {
        matches!(
            self.status.presence,
            Presence::OnTable | Presence::Aboard | Presence::Waiting
        )
    }
    pub fn has_weapon_class(&self, rules: &Rules, class: WeaponClass) -> bool {
        self.weapons
            .iter()
            .any(|w| rules.weapon(w).is_some_and(|p| p.class == class))
    }
}

/// The units of a table, in the order they came on: a list read as a `Vec<Unit>`, with a
/// revision stamped on it afresh whenever it can change, so a question answered at one
/// revision holds while the revision does (`Table::grid` files the units again only then). No
/// two changes anywhere get the same revision, so a revision names one content: copies share
/// it only while they are the same.
///
/// A change to one unit (`touch`) is logged with its place, so whoever knows the revision it
/// last saw can learn which units changed since (`touched_since`) instead of looking at all;
/// any other mutable borrow may change any unit, and starts the log afresh.
#[derive(Clone)]
pub struct Units {
    list: Vec<Unit>,
    revision: u64,
    /// The revision from which `log` is complete.
    logged_from: u64,
    /// Each change to one unit since `logged_from`: its revision and the unit's place.
    log: Vec<(u64, usize)>,
}

/// How many one-unit changes the log keeps; past that it forgets the older half.
const TOUCH_LOG_KEPT: usize = 64;

impl Units {
    /// The revision of the list as it stands.
    pub fn revision(&self) -> u64 {
        self.revision
    }
    /// The unit at `place`, to change: only it is logged as changed.
    pub fn touch(&mut self, place: usize) -> Option<&mut Unit> {
        if place >= self.list.len() {
            return None;
        }
        self.revision = fresh_revision();
        if self.log.len() >= TOUCH_LOG_KEPT {
            // The older half is forgotten: the log is complete only from its last change.
            let forget = TOUCH_LOG_KEPT / 2;
            self.logged_from = self.log[forget - 1].0;
            self.log.drain(..forget);
        }
        self.log.push((self.revision, place));
        self.list.get_mut(place)
    }
    /// The places of the units that may have changed since the list stood at `revision`
    /// (each once or more), or `None` if the log does not reach back to it.
    pub fn touched_since(&self, revision: u64) -> Option<impl Iterator<Item = usize> + '_> {
        let from = if revision == self.logged_from {
            0
        } else {
            self.log.iter().position(|(r, _)| *r == revision)? + 1
        };
        Some(self.log[from..].iter().map(|(_, place)| *place))
    }
}

/// Printed as the list alone: the revision is not part of the game (saves hash the print).
impl std::fmt::Debug for Units {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.list.fmt(f)
    }
}

impl Default for Units {
    fn default() -> Self {
        Vec::new().into()
    }
}

impl From<Vec<Unit>> for Units {
    fn from(list: Vec<Unit>) -> Self {
        let revision = fresh_revision();
        Units {
            list,
            revision,
            logged_from: revision,
            log: Vec::new(),
        }
    }
}

impl FromIterator<Unit> for Units {
    fn from_iter<I: IntoIterator<Item = Unit>>(iter: I) -> Self {
        iter.into_iter().collect::<Vec<_>>().into()
    }
}

impl std::ops::Deref for Units {
    type Target = Vec<Unit>;
    fn deref(&self) -> &Vec<Unit> {
        &self.list
    }
}

impl std::ops::DerefMut for Units {
    /// Whoever may change the whole list gets it under a new revision, from which the log of
    /// one-unit changes starts again.
    fn deref_mut(&mut self) -> &mut Vec<Unit> {
        self.revision = fresh_revision();
        self.logged_from = self.revision;
        self.log.clear();
        &mut self.list
    }
}

impl IntoIterator for Units {
    type Item = Unit;
    type IntoIter = std::vec::IntoIter<Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.into_iter()
    }
}

impl<'a> IntoIterator for &'a Units {
    type Item = &'a Unit;
    type IntoIter = std::slice::Iter<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a> IntoIterator for &'a mut Units {
    type Item = &'a mut Unit;
    type IntoIter = std::slice::IterMut<'a, Unit>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

/// A revision no list has had: each thread takes a block of numbers at a time, so threads
/// playing games side by side never wait on one another for one.
fn fresh_revision() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    const BLOCK: u64 = 1 << 20;
    static NEXT_BLOCK: AtomicU64 = AtomicU64::new(BLOCK);
    thread_local! {
        static NEXT: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
    }
    NEXT.with(|next| {
        let (mut at, mut end) = next.get();
        if at == end {
            at = NEXT_BLOCK.fetch_add(BLOCK, Ordering::Relaxed);
            end = at + BLOCK;
        }
        next.set((at + 1, end));
        at
    })
}

impl GridUnit for Unit {
    fn number(&self) -> u32 {
        self.id
    }
    fn footprint(&self) -> &Footprint {
        &self.base
    }
    fn is_on_table(&self) -> bool {
        self.on_table()
    }
    fn team(&self) -> u8 {
        match self.side {
            Side::Humans => 0,
            Side::Aliens => 1,
        }
    }
}

/// The scenario's settings for one game, fixed once it starts.
#[derive(Debug, Clone, PartialEq)]
pub struct GameConfig {
    pub scenario: String,
    /// What the players call each side.
    pub side_names: SideNames,
    pub table: Vec2,
    pub friendly_edge: Edge,
    pub turn_limit: u32,
    pub automatic_wave_turn: u32,
    pub human_wounds: WoundMethod,
    pub human_morale: bool,
    pub inferior_weapons: Option<Side>,
    pub inferior_weapon_rules: InferiorWeaponRules,
    pub aliens: AlienProfile,
    pub objective: Option<Objective>,
    pub attack_over: AttackOver,
    /// The scenario's ambush, if it is one.
    pub ambush: Option<AmbushSpec>,
    /// A night battle.
    pub darkness: Option<Darkness>,
    /// 003 blindsides are in play.
    pub blindsides: bool,
    /// 003 explosives are in play.
    pub explosives: bool,
    /// 003's hostile environment the battle is fought in, if any.
    pub environment: Option<Environment>,
}

/// How the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Outcome {
    HumansWin,
    AliensWin,
    Draw,
}

/// Game-wide progress that is not a unit's.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Progress {
    pub turn: u32,
    pub waves: u32,
    /// Turn of the last wave generated.
    pub last_wave_turn: Option<u32>,
    pub next_unit_id: UnitId,
    pub humans_at_start: u32,
    pub morale_broken: bool,
    /// The crashed ship's power.
    pub power_restored: bool,
    /// Every surviving human is aboard: the ship takes off in the next movement phase.
    pub takeoff_pending: bool,
    pub outcome: Option<Outcome>,
    /// Why the game ended, in words.
    pub ending: String,
    pub aliens_killed: u32,
    /// The scenario's ambush has been sprung (its units placed, its detection rolled).
    pub ambush_sprung: bool,
    /// Who activates first in the turn the ambush is sprung: the ambusher, or the column that
    /// spotted it (004).
    pub ambush_first: Option<Side>,
    /// 002: how many units of the surprised party there were, and how many were already lost,
    /// when the ambush was sprung (for the morale check once surprise has run its course).
    pub surprised_party: Option<(u32, u32)>,
    /// 004's complex set-up while the column approaches, turn by turn, before the first turn.
    pub approach: Option<Approach>,
    /// 004's counters still on the table once the ambush is sprung: hidden ambushers not yet
    /// found, and dummies not yet exposed.
    pub counters: Vec<Counter>,
    /// 002: turns of the party's surprise still to run, as rolled; a unit that recovers early
    /// is limited until they have.
    pub surprise_phases_left: Option<u32>,
}

/// A counter on the table: a hidden ambusher or a dummy, during a complex set-up's approach and
/// into the game until it is found. Both sides see the counter; only the ambusher knows which it
/// is.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counter {
    /// The public name, like `"counter 3"`, numbered by place on the table, not by kind.
    pub name: String,
    /// The ambusher's unit under it, or `None` for a dummy.
    pub unit: Option<String>,
    pub at: Vec2,
}

/// Where a complex set-up's approach stands (004).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Approach {
    /// Approach turns played so far.
    pub turns: u32,
    /// Inches along the route from its start to the lead unit.
    pub lead: f32,
    /// Where the ambusher wants the lead unit when it springs the ambush, inches along the route.
    pub spring_at: f32,
    /// The column in order of march, the lead first.
    pub column: Vec<UnitId>,
    /// The counters still on the table.
    pub counters: Vec<Counter>,
    /// How it ended, once it has.
    pub ended: Option<ApproachEnd>,
}

/// How a complex set-up's approach ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ApproachEnd {
    /// An ambusher failed its reaction test: sprung early, the ambusher acts first.
    Premature,
    /// The lead unit reached the spring point: the ambusher acts first.
    SpringPoint,
    /// A unit of the column spotted a real ambusher: the column acts first, nobody surprised.
    Spotted,
}

/// What 003's hostile environment has done to one unit so far.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct UnitExposure {
    /// It has made its descent to the scenario's depth (and taken the depth's attacks).
    pub descended: bool,
    /// Turns it has spent without air (held breath, then drowning or suffocating).
    pub turns_without_air: u32,
    /// Turns of air its action check won once its breath was out; `None` before the check.
    pub extra_air_turns: Option<u32>,
    /// Its drift in zero-g, inches per turn along the table; `None` at rest.
    pub drift: Option<Vec2>,
}

/// The hostile environment's hold on each unit, by unit. Empty in every other battle.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Exposure {
    pub units: std::collections::BTreeMap<UnitId, UnitExposure>,
}

impl Exposure {
    /// What the environment has done to unit `id` (nothing yet, if it has no line).
    pub fn of(&self, id: UnitId) -> UnitExposure {
        self.units.get(&id).copied().unwrap_or_default()
    }
    /// The line of unit `id`, made when first needed.
    pub fn of_mut(&mut self, id: UnitId) -> &mut UnitExposure {
        self.units.entry(id).or_default()
    }
    /// Its drift in zero-g, if it is drifting.
    pub fn drift(&self, id: UnitId) -> Option<Vec2> {
        self.units.get(&id).and_then(|e| e.drift)
    }
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }
}

/// Everything a rule step reads and changes.
#[derive(Debug, Clone)]
pub struct Table {
    pub config: GameConfig,
    pub terrain: Vec<TerrainFeature>,
    pub units: Units,
    pub progress: Progress,
    pub ledger: CardLedger,
    /// 003's hostile environment: each unit's descent, air and drift.
    pub exposure: Exposure,
    /// The units filed by place, kept between questions: read it through `Table::grid`.
    grid: GridCache,
}

impl Table {
    /// The id for the next unit to come onto the table.
    pub fn take_unit_id(&mut self) -> UnitId {
        let id = self.progress.next_unit_id;
        self.progress.next_unit_id += 1;
        id
    }
    /// The units on the table filed by place, up to date with the table as it stands: ask it
    /// which units are near a place instead of measuring every unit.
    pub fn grid(&self) -> TableGrid<'_> {
        self.grid.of(
            self.config.table,
            self.units.revision(),
            |since| self.units.touched_since(since),
            &self.units,
        )
    }
    pub fn unit(&self, id: UnitId) -> Option<&Unit> {
        self.index(id).map(|i| &self.units[i])
    }
    /// The side of unit `id`, if there is such a unit.
    pub fn side_of(&self, id: UnitId) -> Option<Side> {
        self.unit(id).map(|u| u.side)
    }
    pub fn unit_mut(&mut self, id: UnitId) -> Option<&mut Unit> {
        self.index(id).and_then(|i| self.units.touch(i))
    }
    pub fn index(&self, id: UnitId) -> Option<usize> {
        // Units are numbered in the order they come on, so a unit's number is nearly always its
        // place in the list; look there first.
        match self.units.get(id as usize) {
            Some(u) if u.id == id => Some(id as usize),
            _ => self.units.iter().position(|u| u.id == id),
        }
    }
    pub fn label(&self, id: UnitId) -> &str {
        self.unit(id).map_or("", |u| &u.label)
    }

    /// Units on the table, of one side.
    pub fn side_on_table(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.units
            .iter()
            .filter(move |u| u.side == side && u.on_table())
    }

    /// Enemies on the table in base contact with unit `id`.
    pub fn enemies_in_contact(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        if !u.on_table() {
            return Vec::new();
        }
        self.units
            .iter()
            .filter(|o| {
                o.side != u.side && o.on_table() && geometry::in_contact(&u.base, &o.base, tol)
            })
            .map(|o| o.id)
            .collect()
    }

    /// Whether any enemy on the table is in base contact with unit `id`.
    pub fn in_enemy_contact(&self, id: UnitId, tol: f32) -> bool {
        let Some(u) = self.unit(id) else {
            return false;
        };
        u.on_table()
            && self.units.iter().any(|o| {
                o.side != u.side && o.on_table() && geometry::in_contact(&u.base, &o.base, tol)
            })
    }

    /// `enemies_in_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn enemies_in_contact_via_grid(
        &self,
        grid: &UnitGrid,
        id: UnitId,
        tol: f32,
    ) -> Vec<UnitId> {
        let Some(at) = self.index(id) else {
            return Vec::new();
        };
        let u = &self.units[at];
        if !u.on_table() {
            return Vec::new();
        }
        // `geometry::in_contact`, with both bases worked out already.
        grid.near_base(&u.base, tol)
            .into_iter()
            .filter(|i| {
                self.units[*i].side != u.side && grid.placed(at).in_contact(grid.placed(*i), tol)
            })
            .map(|i| self.units[i].id)
            .collect()
    }

    /// `in_enemy_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn in_enemy_contact_via_grid(&self, grid: &UnitGrid, id: UnitId, tol: f32) -> bool {
        let Some(at) = self.index(id) else {
            return false;
        };
        // `geometry::in_contact`, with both bases worked out already (and the answer kept
        // until a unit moves).
        self.units[at].on_table() && grid.touches_enemy(at, tol)
    }

    /// Friends on the table in base contact with unit `id`.
    pub fn friends_in_contact(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        self.units
            .iter()
            .filter(|o| {
                o.id != id
                    && o.side == u.side
                    && o.on_table()
                    && geometry::in_contact(&u.base, &o.base, tol)
            })
            .map(|o| o.id)
            .collect()
    }

    /// `friends_in_contact`, asking `grid` (of this table as it stands) which units are near.
    pub fn friends_in_contact_via_grid(
        &self,
        grid: &UnitGrid,
        id: UnitId,
        tol: f32,
    ) -> Vec<UnitId> {
        let Some(at) = self.index(id) else {
            return Vec::new();
        };
        let u = &self.units[at];
        // `geometry::in_contact`, with both bases worked out already.
        grid.near_base(&u.base, tol)
            .into_iter()
            .filter(|i| {
                let o = &self.units[*i];
                o.id != id && o.side == u.side && grid.placed(at).in_contact(grid.placed(*i), tol)
            })
            .map(|i| self.units[i].id)
            .collect()
    }

    /// The group of `id`: friends linked to it by base contact, itself first.
    pub fn group_of(&self, id: UnitId, tol: f32) -> Vec<UnitId> {
        self.group_via_grid(&self.grid(), id, tol)
    }

    /// `group_of`, asking `grid` (of this table as it stands) which units are near.
    pub fn group_via_grid(&self, grid: &UnitGrid, id: UnitId, tol: f32) -> Vec<UnitId> {
        let mut group = vec![id];
        let mut i = 0;
        while i < group.len() {
            for f in self.friends_in_contact_via_grid(grid, group[i], tol) {
                if !group.contains(&f) {
                    group.push(f);
                }
            }
            i += 1;
        }
        group
    }

    /// The terrain feature an objective names.
    pub fn feature(&self, name: &str) -> Option<&TerrainFeature> {
        self.terrain.iter().find(|f| f.name == name)
    }

    /// The ship of a repair-and-board objective.
    pub fn ship(&self) -> Option<&TerrainFeature> {
        match &self.config.objective {
            Some(Objective::RepairAndBoard { feature }) => self.feature(feature),
            Some(Objective::HoldUntilTurnLimit) | None => None,
        }
    }

    /// Whether a base touches the objective's ship.
    pub fn touches_ship(&self, base: &Footprint, tol: f32) -> bool {
        self.ship().is_some_and(|s| s.shape.touches(base, tol))
    }

    /// Whether `p` lies in bad going that gives cover (not water).
    pub fn in_cover_terrain(&self, p: Vec2) -> bool {
        self.terrain
            .iter()
            .any(|f| f.going == Going::Bad && !f.water && !f.linear_defence && f.shape.contains(p))
    }

    /// Human units still alive (on the table or aboard).
    pub fn humans_alive(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Humans && u.alive())
            .count() as u32
    }

    /// What the other side calls unit `u`: its counter's name while it is hidden, else its label.
    pub fn public_name<'a>(&'a self, u: &'a Unit) -> &'a str {
        if u.status.hidden
            && let Some(c) = self
                .progress
                .counters
                .iter()
                .find(|c| c.unit.as_deref() == Some(&*u.label))
        {
            return &c.name;
        }
        &u.label
    }

    /// `side`'s enemies on the table that `side` knows of: every one not hidden under a counter.
    pub fn known_enemies(&self, side: Side) -> impl Iterator<Item = &Unit> {
        self.side_on_table(side.other())
            .filter(|u| !u.status.hidden)
    }

    /// Aliens still in play: on the table, or in a column still marching onto it.
    pub fn aliens_on_table(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Aliens && u.alive())
            .count() as u32
    }

    /// Human units destroyed so far (the crashed-ship score).
    pub fn human_casualties(&self) -> u32 {
        self.units
            .iter()
            .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Destroyed)
            .count() as u32
    }
}

impl GameConfig {
    /// A plain open table with 001's defaults, for tests and quick set-ups.
    pub fn plain(width: f32, depth: f32) -> Self {
        GameConfig {
            scenario: "test".into(),
            side_names: SideNames::default(),
            table: Vec2::new(width, depth),
            friendly_edge: Edge::South,
            turn_limit: 20,
            automatic_wave_turn: 2,
            human_wounds: WoundMethod::Degradation,
            human_morale: false,
            inferior_weapons: None,
            inferior_weapon_rules: InferiorWeaponRules::default(),
            aliens: AlienProfile {
                weapons: vec!["claws".into()],
                traits: Traits {
                    species: ambush_data::tables::Species::Alien,
                    ..Traits::default()
                },
            },
            objective: None,
            attack_over: AttackOver::HumansWin,
            ambush: None,
            darkness: None,
            blindsides: false,
            explosives: false,
            environment: None,
        }
    }
}

impl Table {
    /// An empty table with no terrain.
    pub fn new(config: GameConfig) -> Self {
        Table {
            config,
            terrain: Vec::new(),
            units: Units::default(),
            progress: Progress {
                turn: 1,
                ..Default::default()
            },
            ledger: CardLedger::default(),
            exposure: Exposure::default(),
            grid: GridCache::default(),
        }
    }

    /// Adds a unit with the troop type's base, centred at `at`, facing the compass `bearing`;
    /// aliens get an empty card stack. Returns its id.
    pub fn add(
        &mut self,
        rules: &Rules,
        label: &str,
        side: Side,
        troop: TroopType,
        at: (f32, f32),
        bearing: f32,
        weapons: &[&str],
    ) -> UnitId {
        let id = self.take_unit_id();
        let (w, d) = rules.troop(troop).base;
        let base = Footprint::new(
            Vec2::new(at.0, at.1),
            Vec2::new(w, d),
            geometry::bearing_to_angle(bearing),
        );
        let weapons = weapons.iter().map(|w| w.to_string()).collect();
        self.units.push(Unit {
            wave: (side == Side::Aliens).then_some(1),
            cards: (side == Side::Aliens).then(Stack::default),
            ..Unit::new(id, label, side, troop, base, weapons)
        });
        if side == Side::Humans {
            self.progress.humans_at_start += 1;
        }
        id
    }
}
