//! Planning a shot: the weapon and range band chosen, sight, and the to-hit modifiers, as a `ShotPlan` or a `ShotError`.

use super::may_shoot::{CannotShoot, cannot_shoot};
use super::sight::{
    Sight, SightBlocked, in_cover, los_blocker, los_blocker_via_grid, terrain_print,
};
use super::unready::against_the_unready;
use crate::rules::environment;
use crate::rules::log::{Modifier, sum};
use crate::rules::table::{MoveKind, Surprise, Table, Unit, UnitId};
use crate::rules::wounds::one_wound_penalty;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::scenario::InferiorPenalty;
use ambush_data::tables::Rules;
use ambush_data::tables::{RangeBands, WeaponClass, WeaponProfile};

/// Medium or long range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeBand {
    Medium,
    Long,
}

/// Everything about one possible shot, for the AI and the window's preview.
#[derive(Debug, Clone, PartialEq)]
pub struct ShotPlan {
    pub weapon: String,
    pub class: WeaponClass,
    pub band: RangeBand,
    pub distance: f32,
    pub modifiers: Vec<Modifier>,
    pub need: i32,
}

impl ShotPlan {
    /// The chance to hit, for choosing targets.
    pub fn chance(&self) -> f32 {
        let m = sum(&self.modifiers);
        (1..=6).filter(|f| f + m >= self.need).count() as f32 / 6.0
    }
}

/// Why the rules refuse a shot, in the words the player sees.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShotError {
    #[error(transparent)]
    Cannot(#[from] CannotShoot),
    #[error("no such shooter")]
    NoSuchShooter,
    #[error("no such target")]
    NoSuchTarget,
    #[error("{0} is a friend")]
    Friend(String),
    #[error("{0} cannot be attacked")]
    NotAttackable(String),
    #[error("{target} is out of range ({distance:.1}\")")]
    OutOfRange { target: String, distance: f32 },
    #[error("{shooter} cannot see {target}: {blocked}")]
    Sight {
        shooter: String,
        target: String,
        blocked: SightBlocked,
    },
    #[error("{shooter} cannot see {target} in the dark (sight {sight:.0}\" without night vision)")]
    Dark {
        shooter: String,
        target: String,
        sight: f32,
    },
    #[error("{shooter} cannot see {target} through the water (sight {sight:.1}\" at this depth)")]
    Murk {
        shooter: String,
        target: String,
        sight: f32,
    },
}

/// Plans a shot from `shooter` at `target` with a named weapon, or the best weapon that reaches.
pub fn plan_shot(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
) -> Result<ShotPlan, ShotError> {
    plan_shot_seeing(table, rules, shooter, target, weapon, Sight::Draw)
}

/// The shot `shooter` would make at `target` now, or why the rules refuse it, with sight and
/// cover as the grid finds them (the units have not moved since the shot was chosen). Rolls
/// nothing: what an order's check asks.
pub fn plan_shot_now(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
) -> Result<ShotPlan, ShotError> {
    let grid = table.grid();
    let terrain = terrain_print(table);
    plan_shot_seeing(
        table,
        rules,
        shooter,
        target,
        weapon,
        Sight::FromGrid(&grid, terrain),
    )
}

/// `plan_shot`, finding sight and cover as `sight` says.
fn plan_shot_seeing(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
    sight: Sight,
) -> Result<ShotPlan, ShotError> {
    if let Some(why) = cannot_shoot(table, rules, shooter) {
        return Err(why.into());
    }
    let s = table.unit(shooter).ok_or(ShotError::NoSuchShooter)?;
    let t = table.unit(target).ok_or(ShotError::NoSuchTarget)?;
    plan_checked_shooter(table, rules, shooter, target, weapon, sight).map_err(|b| {
        let (shooter_label, target_label) = (s.label.to_string(), table.public_name(t).to_string());
        match b {
            Blocked::Friend => ShotError::Friend(target_label),
            Blocked::NotAttackable => ShotError::NotAttackable(target_label),
            Blocked::OutOfRange(distance) => ShotError::OutOfRange {
                target: target_label,
                distance,
            },
            Blocked::BeyondLongest => ShotError::OutOfRange {
                target: target_label,
                distance: geometry::base_distance(&s.base, &t.base),
            },
            Blocked::Sight(name) => ShotError::Sight {
                shooter: shooter_label,
                target: target_label,
                blocked: SightBlocked(name.to_string()),
            },
            Blocked::Dark(sight) => ShotError::Dark {
                shooter: shooter_label,
                target: target_label,
                sight,
            },
            Blocked::Murk(sight) => ShotError::Murk {
                shooter: shooter_label,
                target: target_label,
                sight,
            },
        }
    })
}

/// Why a shot cannot be made, cheaply (the AI asks this many times a turn).
pub(super) enum Blocked<'a> {
    Friend,
    NotAttackable,
    OutOfRange(f32),
    /// Beyond the longest range of any weapon: the distance is measured only if a player
    /// asks (the AI's searches never do).
    BeyondLongest,
    Sight(&'a str),
    /// Beyond the sight range of a dark night.
    Dark(f32),
    /// Beyond the sight range under water (003).
    Murk(f32),
}

/// How far a weapon's ranges carry it to a target.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Reach {
    /// Within one of its range bands.
    Band(RangeBand),
    /// Beyond its longest range, inches, which only space allows.
    Beyond(f32),
}

impl Reach {
    /// Lower is better: medium, then long, then the least overshoot.
    fn rank(self) -> (u8, f32) {
        match self {
            Reach::Band(RangeBand::Medium) => (0, 0.0),
            Reach::Band(RangeBand::Long) => (1, 0.0),
            Reach::Beyond(max_range) => (2, -max_range),
        }
    }
}

/// `plan_shot` for a shooter already known to be free to shoot.
pub(super) fn plan_checked_shooter<'a>(
    table: &'a Table,
    rules: &Rules,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
    sight: Sight,
) -> Result<ShotPlan, Blocked<'a>> {
    let Some(s) = table.unit(shooter) else {
        return Err(Blocked::NotAttackable);
    };
    plan_with_kit(
        table,
        rules,
        &kit_of(rules, s),
        shooter,
        target,
        weapon,
        sight,
    )
}

/// A shooter's weapons that have a profile and range bands, in its order, each looked up once:
/// a search that plans many shots by one shooter looks them up once for all.
pub(super) struct Kit<'t, 'r> {
    weapons: Vec<(&'t String, &'r WeaponProfile, &'r RangeBands)>,
    /// The longest range of any weapon class of the rules, in SMR.
    longest: f32,
}

/// The longest range of any weapon class of the rules, in SMR: no shot is planned at a target
/// farther than this by `base_distance_at_least`.
pub(super) fn longest_class_range(rules: &Rules) -> f32 {
    rules
        .weapons
        .ranges
        .values()
        .map(|b| b.long.unwrap_or(b.medium).max(b.medium))
        .fold(0.0, f32::max)
}

pub(super) fn kit_of<'t, 'r>(rules: &'r Rules, s: &'t Unit) -> Kit<'t, 'r> {
    Kit {
        weapons: s
            .weapons
            .iter()
            .filter_map(|w| {
                let p = rules.weapon(w)?;
                Some((w, p, rules.weapons.ranges.get(&p.class)?))
            })
            .collect(),
        longest: longest_class_range(rules),
    }
}

/// What a shot's plan reads of its target beyond where it stands (its base, whether it is on the
/// table or hidden, which is all its lines of sight and contacts read): whose it is, whether it
/// has fired this phase, 003's surprise and the attackers it has located (blindsides). A plan
/// kept for a target that changed in nothing else (shot at, with only its `last_shot_by` new) is
/// the plan made afresh (`control::known_shots`): a new read of the target belongs here too.
#[derive(Debug, Clone, PartialEq)]
pub struct TargetReads {
    side: Side,
    fired_this_phase: bool,
    surprised: bool,
    located: Vec<UnitId>,
}

impl TargetReads {
    pub fn of(u: &Unit) -> TargetReads {
        TargetReads {
            side: u.side,
            fired_this_phase: u.marks.fired_this_phase,
            surprised: matches!(u.surprise, Surprise::Megs { .. }),
            located: u.located.clone(),
        }
    }
}

/// `plan_checked_shooter`, with the shooter's `kit` looked up already.
pub(super) fn plan_with_kit<'a>(
    table: &'a Table,
    rules: &Rules,
    kit: &Kit,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
    sight: Sight,
) -> Result<ShotPlan, Blocked<'a>> {
    let (Some(s), Some(t)) = (table.unit(shooter), table.unit(target)) else {
        return Err(Blocked::NotAttackable);
    };
    if t.side == s.side {
        return Err(Blocked::Friend);
    }
    // A hidden unit cannot be aimed at: the enemy knows only its counter (004).
    if !t.on_table() || t.status.hidden {
        return Err(Blocked::NotAttackable);
    }
    let smr = rules.general.smr;
    // 003 space: "Thrown objects and projectiles have an unlimited potential range".
    let unlimited = environment::in_space(table);
    let longest = kit.longest;
    if !unlimited
        && geometry::base_distance_at_least(&s.base, &t.base) > longest * smr + MEASURING_SLACK
    {
        return Err(Blocked::BeyondLongest);
    }
    let distance = geometry::base_distance(&s.base, &t.base);
    // "The inferior weapon may not fire above medium range", when the scenario says so.
    let inferior = table.config.scenario.inferior_weapons == Some(s.side)
        && table.config.scenario.inferior_weapon_rules.no_long_range;
    // The best weapon that reaches: medium range before long, then more hit dice; in space, a
    // weapon that does not reach is still fired, the one with the longest range first.
    let mut choice: Option<(&String, &WeaponProfile, Reach)> = None;
    for &(w, p, bands) in &kit.weapons {
        if weapon.is_some_and(|n| n != w) {
            continue;
        }
        // 003 underwater: a thrown weapon's ranges are shorter.
        let scale = smr * environment::range_factor(table, rules, p);
        let reach = if distance <= bands.medium * scale + MEASURING_SLACK {
            Reach::Band(RangeBand::Medium)
        } else if !inferior
            && bands
                .long
                .is_some_and(|l| distance <= l * scale + MEASURING_SLACK)
        {
            Reach::Band(RangeBand::Long)
        } else if unlimited && !inferior {
            Reach::Beyond(bands.long.unwrap_or(bands.medium).max(bands.medium) * scale)
        } else {
            continue;
        };
        let better = match &choice {
            None => true,
            Some((_, chosen, r)) => {
                reach.rank() < r.rank()
                    || (reach.rank() == r.rank()
                        && rules.hit_dice_of(p) > rules.hit_dice_of(chosen))
            }
        };
        if better {
            choice = Some((w, p, reach));
        }
    }
    let Some((weapon, WeaponProfile { class, .. }, reach)) = choice else {
        return Err(Blocked::OutOfRange(distance));
    };
    let band = match reach {
        Reach::Band(band) => band,
        Reach::Beyond(_) => RangeBand::Long,
    };
    let blocker = match sight {
        Sight::Draw => los_blocker(table, shooter, target),
        Sight::FromGrid(grid, terrain) => {
            los_blocker_via_grid(table, grid, terrain, shooter, target)
        }
    };
    if let Some(name) = blocker {
        return Err(Blocked::Sight(name));
    }
    // 003 darkness: "the attacker must be able to see the defender in order to hit him".
    let dark = table
        .config
        .scenario
        .darkness
        .filter(|_| !s.traits.night_vision);
    if let Some(d) = dark
        && distance > d.sight() + MEASURING_SLACK
    {
        return Err(Blocked::Dark(d.sight()));
    }
    // 003 underwater: sight shrinks with depth, and the shooter must see its target.
    if let Some(sight) = environment::sight_under_water(table, rules, s)
        && distance > sight + MEASURING_SLACK
    {
        return Err(Blocked::Murk(sight));
    }
    let m = &rules.shooting.modifiers;
    let mut mods = Vec::new();
    if dark.is_some() {
        mods.push(Modifier::new("darkness", rules.ambush.darkness_to_hit));
    }
    mods.extend(environment::attack_modifiers(table, rules, s));
    if let Reach::Beyond(max_range) = reach {
        mods.push(environment::beyond_range_modifier(
            rules, distance, max_range,
        ));
    }
    let moved = s.marks.moved.unwrap_or(MoveKind::NoMove);
    if moved == MoveKind::NoMove || rules.troop(s.troop).always_counts_as_stationary {
        mods.push(Modifier::new("did not move", m.not_moved));
    }
    if t.marks.fired_this_phase {
        mods.push(Modifier::new("target has fired", m.target_has_fired));
    }
    if band == RangeBand::Long {
        mods.push(Modifier::new("long range", m.long_range));
    }
    let covered = match sight {
        Sight::Draw => in_cover(table, rules, shooter, target),
        Sight::FromGrid(grid, terrain) => match (table.index(shooter), table.index(target)) {
            (Some(a), Some(b)) => {
                grid.cover(a, b, terrain, || in_cover(table, rules, shooter, target))
            }
            _ => in_cover(table, rules, shooter, target),
        },
    };
    if covered {
        mods.push(Modifier::new("target in cover", m.target_in_cover));
    }
    if s.side == Side::Aliens {
        let who = table.config.side_names.one(Side::Aliens);
        mods.push(Modifier::named(format!("{who} shooter"), m.alien_shooter));
    }
    if one_wound_penalty(table, rules, shooter).is_some() {
        mods.push(Modifier::new("one wound", m.one_wound));
    }
    if table.config.scenario.inferior_weapons == Some(s.side)
        && table.config.scenario.inferior_weapon_rules.penalty == InferiorPenalty::ToHit
    {
        mods.push(Modifier::new("inferior weapon", m.inferior_weapon));
    }
    mods.extend(against_the_unready(table, rules, shooter, target));
    Ok(ShotPlan {
        weapon: weapon.clone(),
        class: *class,
        band,
        distance,
        modifiers: mods,
        need: rules.shooting.to_hit_need,
    })
}
