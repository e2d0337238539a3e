//! The scenario's settings: every field of the file that is not terrain, units or the ambush, each named as the checks name it.

use ambush_data::board::{Edge, Side, SideNames};
use ambush_data::scenario::{
    AlienProfile, AttackOver, Darkness, Environment, InferiorWeaponRules, Objective, Scenario,
    WoundMethod,
};

/// A scenario setting: every field of the file that is not terrain, units or the ambush.
#[derive(Debug, Clone, PartialEq)]
pub enum Setting {
    Name(String),
    Briefing(String),
    /// Width (west–east) and depth (south–north), inches.
    Table((f32, f32)),
    SideNames(Option<SideNames>),
    FriendlyEdge(Edge),
    TurnLimit(u32),
    AutomaticWaveTurn(Option<u32>),
    HumanWounds(WoundMethod),
    HumanMorale(bool),
    InferiorWeapons(Option<Side>),
    InferiorWeaponRules(InferiorWeaponRules),
    /// The aliens' profile: their weapons and traits.
    Aliens(AlienProfile),
    Objective(Option<Objective>),
    AttackOver(AttackOver),
    Darkness(Option<Darkness>),
    Blindsides(bool),
    Explosives(bool),
    Environment(Option<Environment>),
}

impl Setting {
    /// The scenario file's field this setting writes, as problems' field paths name it.
    pub fn field(&self) -> &'static str {
        match self {
            Setting::Name(_) => "name",
            Setting::Briefing(_) => "briefing",
            Setting::Table(_) => "table",
            Setting::SideNames(_) => "side_names",
            Setting::FriendlyEdge(_) => "friendly_edge",
            Setting::TurnLimit(_) => "turn_limit",
            Setting::AutomaticWaveTurn(_) => "automatic_wave_turn",
            Setting::HumanWounds(_) => "human_wounds",
            Setting::HumanMorale(_) => "human_morale",
            Setting::InferiorWeapons(_) => "inferior_weapons",
            Setting::InferiorWeaponRules(_) => "inferior_weapon_rules",
            Setting::Aliens(_) => "aliens",
            Setting::Objective(_) => "objective",
            Setting::AttackOver(_) => "attack_over",
            Setting::Darkness(_) => "darkness",
            Setting::Blindsides(_) => "blindsides",
            Setting::Explosives(_) => "explosives",
            Setting::Environment(_) => "environment",
        }
    }

    /// The settings in which `after` differs from `before`, in the file's order: what a panel
    /// that edits a copy of the scenario has changed. Terrain, units and the ambush are not
    /// settings.
    pub fn changed(before: &Scenario, after: &Scenario) -> Vec<Setting> {
        let mut out = Vec::new();
        macro_rules! each {
            ($($field:ident => $setting:ident),* $(,)?) => {
                $(if before.$field != after.$field {
                    out.push(Setting::$setting(after.$field.clone()));
                })*
            };
        }
        each!(
            name => Name,
            briefing => Briefing,
            table => Table,
            side_names => SideNames,
            friendly_edge => FriendlyEdge,
            turn_limit => TurnLimit,
            automatic_wave_turn => AutomaticWaveTurn,
            human_wounds => HumanWounds,
            human_morale => HumanMorale,
            inferior_weapons => InferiorWeapons,
            inferior_weapon_rules => InferiorWeaponRules,
            aliens => Aliens,
            objective => Objective,
            attack_over => AttackOver,
            darkness => Darkness,
            blindsides => Blindsides,
            explosives => Explosives,
            environment => Environment,
        );
        out
    }

    pub(super) fn write(self, s: &mut Scenario) {
        match self {
            Setting::Name(v) => s.name = v,
            Setting::Briefing(v) => s.briefing = v,
            Setting::Table(v) => s.table = v,
            Setting::SideNames(v) => s.side_names = v,
            Setting::FriendlyEdge(v) => s.friendly_edge = v,
            Setting::TurnLimit(v) => s.turn_limit = v,
            Setting::AutomaticWaveTurn(v) => s.automatic_wave_turn = v,
            Setting::HumanWounds(v) => s.human_wounds = v,
            Setting::HumanMorale(v) => s.human_morale = v,
            Setting::InferiorWeapons(v) => s.inferior_weapons = v,
            Setting::InferiorWeaponRules(v) => s.inferior_weapon_rules = v,
            Setting::Aliens(v) => s.aliens = v,
            Setting::Objective(v) => s.objective = v,
            Setting::AttackOver(v) => s.attack_over = v,
            Setting::Darkness(v) => s.darkness = v,
            Setting::Blindsides(v) => s.blindsides = v,
            Setting::Explosives(v) => s.explosives = v,
            Setting::Environment(v) => s.environment = v,
        }
    }
}
