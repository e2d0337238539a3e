//! A unit on the table: its number, base, weapons, wounds, states, what it did this turn, and how surprised it is.

use crate::rules::cards::Stack;
use crate::rules::grid::GridUnit;
use ambush_data::board::Side;
use ambush_data::geometry::Footprint;
use ambush_data::tables::Hold;
use ambush_data::tables::Rules;
use ambush_data::tables::Traits;
use ambush_data::tables::WeaponClass;
use ambush_data::tables::{FormationName, TroopType};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// A unit's stable number within one game.
pub type UnitId = u32;

/// Where a unit is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Presence {
    #[default]
    OnTable,
    /// Aboard the crashed ship: cannot shoot or be attacked.
    Aboard,
    Destroyed,
    /// Left the table and will not return.
    LeftTable,
    /// Left the table by the edge its side's `ExitEdge` objective names: through, counted
    /// toward the objective, and not a casualty.
    Exited,
    /// In a column still off the table, behind its lead (004: "The first unit in the ambushed
    /// player's convoy/column is moved onto the edge of the table"); it marches on along the route.
    Waiting,
}

/// How a unit moved this turn (001's movement definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
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
    /// Whether the unit may move in this turn's movement phase (and so break off or disengage
    /// in its melee). 000's third unit may not: "they may run away but they can only do this at
    /// the end of the unit" (`may_run_away`).
    pub fn may_move(self) -> bool {
        match self {
            Surprise::Alert => true,
            Surprise::Ladder { .. } => false,
            Surprise::Doom { .. } | Surprise::Megs { .. } => false,
            Surprise::Recovering { .. } => true,
        }
    }
    /// Whether the unit may run away at the end of the turn, after the shooting and the melee:
    /// 000's third unit, "For those personas that are still not part of the action they may
    /// move but not attack. More precisely they may run away but they can only do this at the
    /// end of the unit."
    pub fn may_run_away(self) -> bool {
        matches!(
            self,
            Surprise::Ladder {
                hold: Hold::MoveOnly,
                ..
            }
        )
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
            Surprise::Ladder { .. } => {
                "surprised by the ambush: may not attack, and may only run away at the end of the turn"
            }
            Surprise::Doom { .. } => "surprised: does nothing but defend",
            Surprise::Megs { .. } => "surprised: no initiative this turn",
            Surprise::Recovering { .. } => {
                "recovering early from surprise: may move, and fight if engaged, but not attack"
            }
        }
    }
}

/// One unit (one base).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
