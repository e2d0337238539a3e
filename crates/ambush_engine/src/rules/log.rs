//! The roll log's entry: one die roll or turned card, with its modifiers and outcome.

use crate::rules::turn::Phase;
use ambush_data::board::Side;
use serde::{Deserialize, Serialize};

/// What a roll was for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RollKind {
    AlienGeneration,
    WaveEdge,
    WaveSection,
    MovementInitiative,
    ToHit,
    FriendlyFire,
    Save,
    SuddenDeath,
    WoundCard,
    CloseQuarter,
    PhysicalContact,
    BreakOff,
    Disengage,
    Repair,
    AweDetection,
    SurpriseCheck,
    Perception,
    ReactionTest,
    Spotting,
    AmbushRecovery,
    PrematureTrigger,
    Blast,
    MoraleCheck,
    Fall,
    /// A hidden unit or dummy counter found (004): which counter it was.
    Reveal,
    /// 003 underwater: an attack of the descent to depth.
    Depth,
    /// 003 underwater: the action check once the breath is out, and the wounds of drowning.
    Drowning,
    /// 003 space: the same for a unit without air in the vacuum.
    Suffocation,
    /// 003 space: the launch check of a unit pushing off in zero-g.
    Launch,
    /// 003 space: how far off its line a failed launch sends the unit.
    LaunchScatter,
    /// 003 space: a drifting unit hits something, or drifts off the table.
    Drift,
}

impl RollKind {
    pub const ALL: [RollKind; 31] = [
        RollKind::AlienGeneration,
        RollKind::WaveEdge,
        RollKind::WaveSection,
        RollKind::MovementInitiative,
        RollKind::ToHit,
        RollKind::FriendlyFire,
        RollKind::Save,
        RollKind::SuddenDeath,
        RollKind::WoundCard,
        RollKind::CloseQuarter,
        RollKind::PhysicalContact,
        RollKind::BreakOff,
        RollKind::Disengage,
        RollKind::Repair,
        RollKind::AweDetection,
        RollKind::SurpriseCheck,
        RollKind::Perception,
        RollKind::ReactionTest,
        RollKind::Spotting,
        RollKind::AmbushRecovery,
        RollKind::PrematureTrigger,
        RollKind::Blast,
        RollKind::MoraleCheck,
        RollKind::Fall,
        RollKind::Reveal,
        RollKind::Depth,
        RollKind::Drowning,
        RollKind::Suffocation,
        RollKind::Launch,
        RollKind::LaunchScatter,
        RollKind::Drift,
    ];

    /// The name used in the JSON roll log.
    pub fn name(self) -> &'static str {
        match self {
            RollKind::AlienGeneration => "alien_generation",
            RollKind::WaveEdge => "wave_edge",
            RollKind::WaveSection => "wave_section",
            RollKind::MovementInitiative => "movement_initiative",
            RollKind::ToHit => "to_hit",
            RollKind::FriendlyFire => "friendly_fire",
            RollKind::Save => "save",
            RollKind::SuddenDeath => "sudden_death",
            RollKind::WoundCard => "wound_card",
            RollKind::CloseQuarter => "close_quarter",
            RollKind::PhysicalContact => "physical_contact",
            RollKind::BreakOff => "break_off",
            RollKind::Disengage => "disengage",
            RollKind::Repair => "repair",
            RollKind::AweDetection => "awe_detection",
            RollKind::SurpriseCheck => "surprise_check",
            RollKind::Perception => "perception",
            RollKind::ReactionTest => "reaction_test",
            RollKind::Spotting => "spotting",
            RollKind::AmbushRecovery => "ambush_recovery",
            RollKind::PrematureTrigger => "premature_trigger",
            RollKind::Blast => "blast",
            RollKind::MoraleCheck => "morale_check",
            RollKind::Fall => "fall",
            RollKind::Reveal => "reveal",
            RollKind::Depth => "depth",
            RollKind::Drowning => "drowning",
            RollKind::Suffocation => "suffocation",
            RollKind::Launch => "launch",
            RollKind::LaunchScatter => "launch_scatter",
            RollKind::Drift => "drift",
        }
    }
}

/// A count in words, as the log writes small numbers: "one", "two", … "six", then digits.
pub fn count_word(n: u32) -> String {
    const WORDS: [&str; 7] = ["none", "one", "two", "three", "four", "five", "six"];
    WORDS
        .get(n as usize)
        .map_or_else(|| n.to_string(), |w| w.to_string())
}

/// A named modifier and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Usually a fixed phrase; data files (002's surprise modifiers) supply their own.
    pub name: std::borrow::Cow<'static, str>,
    pub value: i32,
}

impl Modifier {
    pub fn new(name: &'static str, value: i32) -> Self {
        Modifier {
            name: name.into(),
            value,
        }
    }
    /// A modifier whose name comes from a data file, or names a side.
    pub fn named(name: String, value: i32) -> Self {
        Modifier {
            name: name.into(),
            value,
        }
    }
}

/// Sum of a modifier list.
pub fn sum(mods: &[Modifier]) -> i32 {
    mods.iter().map(|m| m.value).sum()
}

/// One line of the roll log. Field order is the JSON-lines order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RollEntry {
    pub game: u64,
    pub turn: u32,
    pub phase: Phase,
    pub kind: RollKind,
    pub actor: Option<String>,
    pub target: Option<String>,
    /// Like `"2d6"`, or `"card"` for a turned card.
    pub dice: String,
    pub rolls: Vec<u32>,
    pub modifiers: Vec<Modifier>,
    pub total: i32,
    pub need: Option<i32>,
    pub success: Option<bool>,
    /// Like `"QH"`, `"10S"`, `"JK"`.
    pub card: Option<String>,
    pub effect: String,
    /// A roll the referee keeps from this side's player until the ambush is sprung (004's
    /// hidden ambushers). The saved log has every roll in full.
    #[serde(skip)]
    pub hidden_from: Option<Side>,
    /// What that side's player reads instead, while the roll is kept from it: the roll with
    /// nothing in it that the player could not see (no hidden unit's name, value or distance).
    /// `None` leaves the roll out of that player's log altogether.
    #[serde(skip)]
    pub shown_instead: Option<Box<RollEntry>>,
}

impl RollEntry {
    /// A dice roll of `kind`: the context fields are filled in by the dice service.
    pub fn dice(kind: RollKind, dice: &str, rolls: Vec<u32>) -> Self {
        let total = rolls.iter().sum::<u32>() as i32;
        RollEntry {
            game: 0,
            turn: 0,
            phase: Phase::NoGame,
            kind,
            actor: None,
            target: None,
            dice: dice.to_string(),
            rolls,
            modifiers: Vec::new(),
            total,
            need: None,
            success: None,
            card: None,
            effect: String::new(),
            hidden_from: None,
            shown_instead: None,
        }
    }
    pub fn actor(mut self, label: &str) -> Self {
        self.actor = Some(label.to_string());
        self
    }
    pub fn target(mut self, label: &str) -> Self {
        self.target = Some(label.to_string());
        self
    }
    /// Adds modifiers and recomputes the total as dice plus modifiers.
    pub fn modifiers(mut self, mods: Vec<Modifier>) -> Self {
        self.total = self.rolls.iter().sum::<u32>() as i32 + sum(&mods);
        self.modifiers = mods;
        self
    }
    pub fn need(mut self, need: i32) -> Self {
        self.need = Some(need);
        self
    }
    pub fn success(mut self, success: bool) -> Self {
        self.success = Some(success);
        self
    }
    pub fn effect(mut self, effect: impl Into<String>) -> Self {
        self.effect = effect.into();
        self
    }
    pub fn card(mut self, card: String) -> Self {
        self.card = Some(card);
        self
    }
    /// Keeps the roll from `side`'s player until the ambush is sprung.
    pub fn hidden_from(mut self, side: Side) -> Self {
        self.hidden_from = Some(side);
        self
    }
    /// Keeps the roll from `side`'s player until the ambush is revealed, showing it `public`
    /// instead.
    pub fn shown_to(mut self, side: Side, public: RollEntry) -> Self {
        self.hidden_from = Some(side);
        self.shown_instead = Some(Box::new(public));
        self
    }
    /// The entry as one JSON line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }
}
