//! Shooting: who may shoot, range bands, line of sight, cover, to-hit modifiers, friendly fire.

use crate::rules::dice::DiceService;
use crate::rules::environment;
use crate::rules::formation;
use crate::rules::grid::{SightBlock, UnitGrid};
use crate::rules::log::{Modifier, RollEntry, RollKind, sum};
use crate::rules::table::{MoveKind, Surprise, Table, Unit, UnitId};
use crate::rules::wounds::{crippled, one_wound_penalty};
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::scenario::InferiorPenalty;
use ambush_data::tables::AmbushTable;
use ambush_data::tables::Rules;
use ambush_data::tables::ShootAfter;
use ambush_data::tables::{RangeBands, WeaponClass, WeaponProfile};

/// Medium or long range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeBand {
    Medium,
    Long,
}

/// Hit dice waiting beside a target until all shooting is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingHit {
    pub source: UnitId,
    pub target: UnitId,
    pub dice: u32,
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

/// Why unit `id` may not shoot this phase, if it may not (001 "To shoot").
pub fn cannot_shoot(table: &Table, rules: &Rules, id: UnitId) -> Option<CannotShoot> {
    let u = table.unit(id)?;
    Some(held_fire(table, rules, u)?.in_words(rules, u))
}

/// Whether unit `id` may shoot this phase: `cannot_shoot` without the words, for the AIs' many
/// questions (a unit that does not exist may not).
pub fn free_to_shoot(table: &Table, rules: &Rules, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table
        .unit(id)
        .is_some_and(|u| fire_free_asking(table, rules, u, || table.in_enemy_contact(u.id, tol)))
}

/// `free_to_shoot`, asking `grid` (of this table as it stands) whether an enemy touches it.
pub fn free_to_shoot_via_grid(table: &Table, rules: &Rules, grid: &UnitGrid, id: UnitId) -> bool {
    let tol = rules.general.contact_tolerance;
    table.unit(id).is_some_and(|u| {
        fire_free_asking(table, rules, u, || {
            table.in_enemy_contact_via_grid(grid, id, tol)
        })
    })
}

/// Whether nothing holds unit `u`'s fire, asking `in_contact` whether an enemy touches it: the
/// answer of `held_fire_asking`, with the contact (the costly question) asked last, as only the
/// words of a refusal depend on the order.
fn fire_free_asking(
    table: &Table,
    rules: &Rules,
    u: &Unit,
    in_contact: impl FnOnce() -> bool,
) -> bool {
    held_fire_asking(table, rules, u, || false).is_none() && !in_contact()
}

/// What holds a unit's fire this phase: `CannotShoot` before the unit's name is put in.
#[derive(Debug, Clone, Copy, PartialEq)]
enum HeldFire {
    NotOnTable,
    AlreadyShot,
    Surprised(&'static str),
    InContact,
    Crippled,
    InFormation,
    Moved(MoveKind),
    NoShootingWeapon,
}

impl HeldFire {
    /// What holds unit `u`'s fire, in words.
    fn in_words(self, rules: &Rules, u: &Unit) -> CannotShoot {
        let unit = u.label.to_string();
        match self {
            HeldFire::NotOnTable => CannotShoot::NotOnTable(unit),
            HeldFire::AlreadyShot => CannotShoot::AlreadyShot(unit),
            HeldFire::Surprised(why) => CannotShoot::Surprised(unit, why),
            HeldFire::InContact => CannotShoot::InContact(unit),
            HeldFire::Crippled => CannotShoot::Crippled(unit),
            HeldFire::InFormation => {
                let display =
                    formation::formation_of(rules, u).map_or(String::new(), |f| f.display.clone());
                CannotShoot::InFormation(unit, display)
            }
            HeldFire::Moved(kind) => CannotShoot::Moved(unit, kind.name()),
            HeldFire::NoShootingWeapon => CannotShoot::NoShootingWeapon(unit),
        }
    }
}

fn held_fire(table: &Table, rules: &Rules, u: &Unit) -> Option<HeldFire> {
    let tol = rules.general.contact_tolerance;
    held_fire_asking(table, rules, u, || table.in_enemy_contact(u.id, tol))
}

/// What holds unit `u`'s fire, asking `in_contact` whether an enemy touches it.
fn held_fire_asking(
    table: &Table,
    rules: &Rules,
    u: &Unit,
    in_contact: impl FnOnce() -> bool,
) -> Option<HeldFire> {
    let id = u.id;
    if !u.on_table() {
        return Some(HeldFire::NotOnTable);
    }
    if u.marks.shot {
        return Some(HeldFire::AlreadyShot);
    }
    if !u.surprise.may_attack() {
        return Some(HeldFire::Surprised(u.surprise.why()));
    }
    if in_contact() {
        return Some(HeldFire::InContact);
    }
    if crippled(table, rules, id) {
        return Some(HeldFire::Crippled);
    }
    if !formation::may_shoot(rules, u) {
        return Some(HeldFire::InFormation);
    }
    let moved = u.marks.moved.unwrap_or(MoveKind::NoMove);
    // 001: a side whose morale broke "withdraws from the table ... It can still fire its
    // weapons", whatever its troop type allows after a move.
    let broken_but_firing = u.status.withdrawing && u.side == Side::Humans;
    let ok = broken_but_firing
        || match rules.troop(u.troop).shoot_after {
            ShootAfter::AnyMove => true,
            ShootAfter::NoMoveOnly => moved == MoveKind::NoMove,
            // Carried by its drift in zero-g, a unit has made no move of its own to spoil its aim
            // beyond a straight-forward one's.
            ShootAfter::NoMoveOrStraightForward => {
                matches!(
                    moved,
                    MoveKind::NoMove | MoveKind::StraightForward | MoveKind::Drift
                )
            }
        };
    if !ok {
        return Some(HeldFire::Moved(moved));
    }
    if !u.weapons.iter().any(|w| {
        rules
            .weapon(w)
            .is_some_and(|p| p.class != WeaponClass::PhysicalContact)
    }) {
        return Some(HeldFire::NoShootingWeapon);
    }
    None
}

/// What blocks the line of sight from `a` to `b`, if anything: tall terrain or another unit
/// (001: "Any terrain feature that is taller than the figures ... or any other troop units that
/// lie directly between shooter and target, block the line of sight").
pub fn line_of_sight(table: &Table, a: UnitId, b: UnitId) -> Result<(), SightBlocked> {
    match los_blocker(table, a, b) {
        None => Ok(()),
        Some(name) => Err(SightBlocked(name.to_string())),
    }
}

/// The name of what blocks the line of sight from `a` to `b`, if anything.
pub fn los_blocker(table: &Table, a: UnitId, b: UnitId) -> Option<&str> {
    let (Some(ia), Some(ib)) = (table.index(a), table.index(b)) else {
        return Some("nothing: no such unit");
    };
    blocker_name(table, sight_block(table, ia, ib))
}

/// `los_blocker`, asking `grid` (of this table as it stands) for a line already drawn since
/// the units last moved; `terrain` is `terrain_print(table)`.
pub fn los_blocker_via_grid<'t>(
    table: &'t Table,
    grid: &UnitGrid,
    terrain: u64,
    a: UnitId,
    b: UnitId,
) -> Option<&'t str> {
    let (Some(ia), Some(ib)) = (table.index(a), table.index(b)) else {
        return Some("nothing: no such unit");
    };
    blocker_name(
        table,
        grid.sight(ia, ib, terrain, || sight_block(table, ia, ib)),
    )
}

/// A fingerprint of what in the terrain can block a line of sight or give cover (each feature's
/// shape, height, going, water and linear defence): lines remembered over one terrain are not
/// taken for another's.
pub fn terrain_print(table: &Table) -> u64 {
    // A multiplicative mix of every word: cheap, and any change to a tall feature's shape (or
    // which features are tall) changes it.
    let mut h = table.terrain.len() as u64;
    let mut mix =
        |w: u32| h = (h.rotate_left(5) ^ u64::from(w)).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    for f in &table.terrain {
        mix(u32::from(f.tall));
        mix(u32::from(f.water) | u32::from(f.linear_defence) << 1);
        mix(match f.going {
            Going::Good => 0,
            Going::Bad => 1,
            Going::Impassable => 2,
        });
        let words = match &f.shape {
            geometry::Shape::Rect {
                center,
                size,
                rotation,
            } => [0.0, center.0, center.1, size.0, size.1, *rotation],
            geometry::Shape::Circle { center, radius } => {
                [1.0, center.0, center.1, *radius, 0.0, 0.0]
            }
        };
        for w in words {
            mix(w.to_bits());
        }
    }
    h
}

/// The name of what `block` names.
fn blocker_name(table: &Table, block: SightBlock) -> Option<&str> {
    match block {
        SightBlock::Clear => None,
        SightBlock::Terrain(i) => Some(&table.terrain[i as usize].name),
        SightBlock::Unit(i) => Some(table.public_name(&table.units[i as usize])),
    }
}

/// What blocks the line from the unit at place `a` to the one at place `b`: the first tall
/// feature it runs through, else the first other unit on the table it crosses.
fn sight_block(table: &Table, a: usize, b: usize) -> SightBlock {
    let (p, q) = (table.units[a].base.center, table.units[b].base.center);
    if let Some(i) = table
        .terrain
        .iter()
        .position(|f| f.tall && f.shape.length_inside(p, q) > MEASURING_SLACK)
    {
        return SightBlock::Terrain(i as u32);
    }
    table
        .units
        .iter()
        .enumerate()
        .filter(|(i, u)| *i != a && *i != b && u.on_table())
        .find(|(_, u)| segment_crosses_base(p, q, &u.base))
        .map_or(SightBlock::Clear, |(i, _)| SightBlock::Unit(i as u32))
}

fn segment_crosses_base(p: glam::Vec2, q: glam::Vec2, base: &Footprint) -> bool {
    // Broad phase: a base whose centre is farther from the line than its half-diagonal (and a
    // margin for rounding) has no point on it. Compared as squares, with the square of the
    // reach taken generously (r² + 0.02·max(r², 1) + 0.0001 is at least (r + 0.01)²), so no
    // root is needed and no base the exact test would catch is passed over.
    let r2 = base.size.length_squared() * 0.25;
    let reach2 = r2 + 0.02 * r2.max(1.0) + 1e-4;
    if geometry::point_segment_distance_squared(base.center, p, q) > reach2 {
        return false;
    }
    let fwd = base.forward();
    if base.contains_along(p, fwd) || base.contains_along(q, fwd) {
        return false;
    }
    let k = geometry::PlacedBase::along(*base, fwd).corners;
    [(k[0], k[1]), (k[1], k[2]), (k[2], k[3]), (k[3], k[0])]
        .iter()
        .any(|(c, d)| geometry::segments_intersect(p, q, *c, *d))
}

/// Whether the target is in cover from the shooter: "if it is in, or if the shooter has to shoot
/// through any intervening bad going except water features", or in frontal contact with a
/// linear defence facing the shooter.
pub fn in_cover(table: &Table, rules: &Rules, shooter: UnitId, target: UnitId) -> bool {
    let (Some(s), Some(t)) = (table.unit(shooter), table.unit(target)) else {
        return false;
    };
    let tol = rules.general.contact_tolerance;
    let (p, q) = (s.base.center, t.base.center);
    for f in &table.terrain {
        if f.going != Going::Bad || f.water {
            continue;
        }
        if f.linear_defence {
            let target_behind = front_contacts_shape(&t.base, &f.shape, tol)
                && t.base.in_front_arc(p)
                && f.shape.length_inside(p, q) > MEASURING_SLACK;
            // "this does not count against the unit as intervening bad going when that unit shoots over it"
            let shooter_over = front_contacts_shape(&s.base, &f.shape, tol);
            if target_behind || (!shooter_over && f.shape.length_inside(p, q) > MEASURING_SLACK) {
                return true;
            }
            continue;
        }
        // A unit shooting out of a wood it stands in is not shooting through it.
        if f.shape.contains(p) && !f.shape.contains(q) {
            continue;
        }
        if f.shape.contains(q) || f.shape.length_inside(p, q) > MEASURING_SLACK {
            return true;
        }
    }
    false
}

fn front_contacts_shape(base: &Footprint, shape: &geometry::Shape, tol: f32) -> bool {
    let (a, b) = base.front_edge();
    let probe = Footprint::new(
        (a + b) * 0.5,
        glam::Vec2::new(base.width(), 0.02),
        base.facing,
    );
    shape.touches(&probe, tol)
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

/// Why a unit may not shoot this phase (001 "To shoot").
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CannotShoot {
    #[error("{0} is not on the table")]
    NotOnTable(String),
    #[error("{0} has already shot this turn")]
    AlreadyShot(String),
    /// The unit, and its surprise in words.
    #[error("{0} is {1}")]
    Surprised(String, &'static str),
    #[error("{0} is in base contact with the enemy")]
    InContact(String),
    #[error("{0} has received more than one wound")]
    Crippled(String),
    /// The unit, and the kind of move it made.
    #[error("{0} made a {1} move and may not shoot")]
    Moved(String, &'static str),
    #[error("{0} has no shooting weapon")]
    NoShootingWeapon(String),
    /// The unit, and its formation in words.
    #[error("{0} is {1} and may not shoot")]
    InFormation(String, String),
}

/// What blocks a line of sight: tall terrain or a unit, by name.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("blocked by {0}")]
pub struct SightBlocked(pub String);

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

/// Why a shot cannot be made, cheaply (the AI asks this many times a turn).
enum Blocked<'a> {
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

/// How a plan finds its line of sight: drawn afresh, or asked of a grid (of the table as it
/// stands) that remembers the lines drawn since the units last moved, over terrain of the
/// given fingerprint (`terrain_print`).
#[derive(Clone, Copy)]
enum Sight<'g> {
    /// Draw each line of sight afresh.
    Draw,
    /// Ask the grid of the table as it stands (with the table's terrain print) for the lines it
    /// drew since the units last moved.
    FromGrid(&'g UnitGrid, u64),
}

/// `plan_shot` for a shooter already known to be free to shoot.
fn plan_checked_shooter<'a>(
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
struct Kit<'t, 'r> {
    weapons: Vec<(&'t String, &'r WeaponProfile, &'r RangeBands)>,
    /// The longest range of any weapon class of the rules, in SMR.
    longest: f32,
}

/// The longest range of any weapon class of the rules, in SMR: no shot is planned at a target
/// farther than this by `base_distance_at_least`.
fn longest_class_range(rules: &Rules) -> f32 {
    rules
        .weapons
        .ranges
        .values()
        .map(|b| b.long.unwrap_or(b.medium).max(b.medium))
        .fold(0.0, f32::max)
}

/// How far, inches, any shooter's plan may reach by `base_distance_at_least` before it is
/// refused as beyond every range: a shooter with no enemy within it has no target. `None` in
/// space, where a shot reaches anywhere.
pub fn farthest_plan(table: &Table, rules: &Rules) -> Option<f32> {
    (!environment::in_space(table))
        .then(|| longest_class_range(rules) * rules.general.smr + MEASURING_SLACK)
}

fn kit_of<'t, 'r>(rules: &'r Rules, s: &'t Unit) -> Kit<'t, 'r> {
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

/// `plan_checked_shooter`, with the shooter's `kit` looked up already.
fn plan_with_kit<'a>(
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
    let inferior = table.config.inferior_weapons == Some(s.side)
        && table.config.inferior_weapon_rules.no_long_range;
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
    let dark = table.config.darkness.filter(|_| !s.traits.night_vision);
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
    if table.config.inferior_weapons == Some(s.side)
        && table.config.inferior_weapon_rules.penalty == InferiorPenalty::ToHit
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

/// 003 explosives: "they do full damage to everyone in the target area ... and less damage in
/// the area around". Every other unit whose base reaches into the blast circle round the target
/// takes the same hit dice; outside it, the strength falls with the distance in APs.
fn blast(
    table: &Table,
    rules: &Rules,
    dice: &mut DiceService,
    shooter: UnitId,
    target: UnitId,
    radius: f32,
    hit_dice: u32,
    pending: &mut Vec<PendingHit>,
) {
    let Some(centre) = table.unit(target).map(|t| t.base.center) else {
        return;
    };
    let circle = ambush_data::geometry::Shape::Circle {
        center: (centre.x, centre.y),
        radius,
    };
    for u in table
        .units
        .iter()
        .filter(|u| u.on_table() && u.id != target)
    {
        // From the circle's edge to the nearest point of the base.
        let beyond = circle.distance_to(&u.base);
        let caught = blast_strength(&rules.ambush, hit_dice as i32, beyond, 2.0 * radius);
        if caught <= 0 {
            continue;
        }
        dice.record_with(|| {
            RollEntry::dice(RollKind::Blast, "none", Vec::new())
                .actor(table.label(shooter))
                .target(&u.label)
                .success(true)
                .effect(format!(
                    "caught in the blast {beyond:.1}\" beyond its {radius:.1}\" circle: {caught} hit dice"
                ))
        });
        pending.push(PendingHit {
            source: shooter,
            target: u.id,
            dice: caught as u32,
        });
    }
}

/// 003's modifiers for "all attacks" on a defender that is not ready: +1 from a blindside (the
/// attacker unseen outside its front arc), and +1 while it is surprised and has no initiative.
/// Shooting, close quarter and physical contact all take them.
pub fn against_the_unready(
    table: &Table,
    rules: &Rules,
    attacker: UnitId,
    target: UnitId,
) -> Vec<Modifier> {
    let mut mods = Vec::new();
    if blindside(table, attacker, target) {
        mods.push(Modifier::new("blindside", rules.ambush.blindside_to_hit));
    }
    // 003 via rules.md: "attacks against it get +1" while it has no initiative.
    if table
        .unit(target)
        .is_some_and(|t| matches!(t.surprise, Surprise::Megs { .. }))
    {
        mods.push(Modifier::new(
            "target surprised",
            rules.ambush.megs.to_hit_bonus,
        ));
    }
    mods
}

/// 003 blindside (a scenario option): the attacker is outside the target's front arc and the
/// target has not located it.
pub fn blindside(table: &Table, attacker: UnitId, target: UnitId) -> bool {
    let (Some(a), Some(t)) = (table.unit(attacker), table.unit(target)) else {
        return false;
    };
    table.config.blindsides && !t.base.in_front_arc(a.base.center) && !t.located.contains(&attacker)
}

/// After an attack: an attacker seen in the front arc is located; a blindsiding one is noted, so
/// the target can try to locate it (a perception check in the ambush-units phase).
pub fn note_attack(table: &mut Table, attacker: UnitId, target: UnitId) {
    if !table.config.blindsides {
        return;
    }
    let hidden = blindside(table, attacker, target);
    if let Some(t) = table.unit_mut(target) {
        if hidden {
            t.marks.blindsided_by = Some(attacker);
        } else if !t.located.contains(&attacker) {
            t.located.push(attacker);
        }
    }
}

/// Every target unit `shooter` could shoot now, with its plan.
pub fn targets(table: &Table, rules: &Rules, shooter: UnitId) -> Vec<(UnitId, ShotPlan)> {
    targets_seeing(table, rules, shooter, Sight::Draw)
}

/// `targets`, asking `grid` (of this table as it stands) for the lines of sight: a search that
/// asks for every shooter's targets at every decision of a phase draws each line once while
/// the units stand still. `terrain` is `terrain_print(table)`.
pub fn targets_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    terrain: u64,
    shooter: UnitId,
) -> Vec<(UnitId, ShotPlan)> {
    targets_seeing(table, rules, shooter, Sight::FromGrid(grid, terrain))
}

fn targets_seeing(
    table: &Table,
    rules: &Rules,
    shooter: UnitId,
    sight: Sight,
) -> Vec<(UnitId, ShotPlan)> {
    let Some(s) = table.unit(shooter) else {
        return Vec::new();
    };
    if !free_to_shoot(table, rules, shooter) {
        return Vec::new();
    }
    let kit = kit_of(rules, s);
    table
        .units
        .iter()
        .filter(|t| t.side != s.side && t.on_table())
        .filter_map(|t| {
            plan_with_kit(table, rules, &kit, shooter, t.id, None, sight)
                .ok()
                .map(|p| (t.id, p))
        })
        .collect()
}

/// The plan of a shot from `shooter` at `target`, if the rules allow it now: one of `targets`,
/// for a search that ranks the pairs before planning any (the alien AI's nearest target). It
/// asks `grid` (of this table as it stands) for the lines of sight and cover already found
/// since the units last moved; `terrain` is `terrain_print(table)`.
pub fn possible_shot_via_grid(
    table: &Table,
    rules: &Rules,
    grid: &UnitGrid,
    terrain: u64,
    shooter: UnitId,
    target: UnitId,
) -> Option<ShotPlan> {
    let (s, t) = (table.unit(shooter)?, table.unit(target)?);
    if t.side == s.side || !t.on_table() || !free_to_shoot(table, rules, shooter) {
        return None;
    }
    plan_checked_shooter(
        table,
        rules,
        shooter,
        target,
        None,
        Sight::FromGrid(grid, terrain),
    )
    .ok()
}

/// Whether `shooter` could shoot at anything now: `targets` is not empty, found without planning
/// every shot.
pub fn has_target(table: &Table, rules: &Rules, shooter: UnitId) -> bool {
    let Some(s) = table.unit(shooter) else {
        return false;
    };
    free_to_shoot(table, rules, shooter)
        && table
            .units
            .iter()
            .filter(|t| t.side != s.side && t.on_table())
            .any(|t| plan_checked_shooter(table, rules, shooter, t.id, None, Sight::Draw).is_ok())
}

/// Whether a side has any unit that could shoot at anything.
pub fn side_can_shoot(table: &Table, rules: &Rules, side: Side) -> bool {
    let tol = rules.general.contact_tolerance;
    let grid = table.grid();
    let terrain = terrain_print(table);
    // The enemies on the table, found once rather than once a shooter.
    let enemies: Vec<&Unit> = table
        .units
        .iter()
        .filter(|t| t.side != side && t.on_table())
        .collect();
    table
        .units
        .iter()
        .filter(|u| u.side == side && u.on_table())
        .filter(|u| {
            fire_free_asking(table, rules, u, || {
                table.in_enemy_contact_via_grid(&grid, u.id, tol)
            })
        })
        .any(|u| {
            let reach = longest_reach(table, rules, u);
            enemies.iter().any(|t| {
                geometry::base_distance_at_least(&u.base, &t.base) <= reach
                    && geometry::base_distance(&u.base, &t.base) <= reach
                    && los_blocker_via_grid(table, &grid, terrain, u.id, t.id).is_none()
            })
        })
}

/// How far `s`'s longest-reaching weapon reaches, inches (with the measuring slack), before any
/// modifier: a target farther than this cannot be shot at all.
pub fn longest_reach(table: &Table, rules: &Rules, s: &Unit) -> f32 {
    let inferior = table.config.inferior_weapons == Some(s.side)
        && table.config.inferior_weapon_rules.no_long_range;
    let smr = rules.general.smr;
    let reaches = s
        .weapons
        .iter()
        .filter_map(|w| rules.weapon(w))
        .filter_map(|p| Some((p, rules.weapons.ranges.get(&p.class)?)));
    if environment::in_space(table) && !inferior {
        // 003 space: any shooting weapon reaches anywhere.
        reaches
            .map(|_| f32::INFINITY)
            .fold(f32::NEG_INFINITY, f32::max)
    } else {
        reaches
            .map(|(p, b)| {
                let band = match b.long {
                    Some(l) if !inferior => l.max(b.medium),
                    _ => b.medium,
                };
                band * environment::range_factor(table, rules, p)
            })
            .fold(f32::NEG_INFINITY, f32::max)
            * smr
            + MEASURING_SLACK
    }
}

/// Makes a shot: rolls to hit, places hit dice, rolls friendly fire on a miss.
pub fn shoot(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
    pending: &mut Vec<PendingHit>,
) -> Result<(), ShotError> {
    let plan = plan_shot_now(table, rules, shooter, target, weapon)?;
    fire(table, rules, dice, shooter, target, &plan, pending);
    Ok(())
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

/// Makes a shot already planned (`plan_shot_now`): rolls to hit, places hit dice, rolls
/// friendly fire on a miss. Nothing here can refuse it.
pub fn fire(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    shooter: UnitId,
    target: UnitId,
    plan: &ShotPlan,
    pending: &mut Vec<PendingHit>,
) {
    let face = dice.d6();
    let total = face as i32 + sum(&plan.modifiers);
    let hit = total >= plan.need;
    let hit_dice = rules
        .weapon(&plan.weapon)
        .map_or(1, |w| rules.hit_dice_of(w));
    let weapon_name = rules
        .weapon(&plan.weapon)
        .map_or(plan.weapon.as_str(), |w| w.display.as_str());
    let band = match plan.band {
        RangeBand::Medium => "medium",
        RangeBand::Long => "long",
    };
    dice.record_with(|| {
        RollEntry::dice(RollKind::ToHit, "1d6", vec![face])
            .actor(table.label(shooter))
            .target(table.label(target))
            .modifiers(plan.modifiers.clone())
            .need(plan.need)
            .success(hit)
            .effect(if hit {
                format!(
                    "hit with {} at {band} range: {hit_dice} hit {} placed",
                    weapon_name,
                    if hit_dice == 1 { "die" } else { "dice" }
                )
            } else {
                format!("missed with {weapon_name} at {band} range")
            })
    });
    if hit {
        pending.push(PendingHit {
            source: shooter,
            target,
            dice: hit_dice,
        });
        let radius = rules.weapon(&plan.weapon).and_then(|w| w.blast);
        if let Some(radius) = radius.filter(|_| table.config.explosives) {
            blast(
                table, rules, dice, shooter, target, radius, hit_dice, pending,
            );
        }
    } else {
        // "If shooting against enemy in base contact with a friendly unit and the unit fails to
        // hit: roll D6 for each friend in contact, a score of 1, 2 or 3 results in the friendly
        // unit receiving a hit."
        let side = table.unit(shooter).map(|u| u.side);
        let friends: Vec<UnitId> = table
            .enemies_in_contact(target, rules.general.contact_tolerance)
            .into_iter()
            .filter(|f| table.unit(*f).map(|u| u.side) == side)
            .collect();
        for f in friends {
            let ff = dice.d6();
            let struck = ff as i32 <= rules.shooting.friendly_fire_hit_max;
            dice.record_with(|| {
                RollEntry::dice(RollKind::FriendlyFire, "1d6", vec![ff])
                    .actor(table.label(shooter))
                    .target(table.label(f))
                    .need(rules.shooting.friendly_fire_hit_max)
                    .success(struck)
                    .effect(if struck {
                        "friend hit: hit die placed"
                    } else {
                        "friend unharmed"
                    })
            });
            if struck {
                pending.push(PendingHit {
                    source: shooter,
                    target: f,
                    dice: hit_dice,
                });
            }
        }
    }
    note_attack(table, shooter, target);
    if let Some(s) = table.unit_mut(shooter) {
        s.marks.shot = true;
        s.marks.fired_this_phase = true;
    }
    if let Some(t) = table.unit_mut(target) {
        t.marks.last_shot_by = Some(shooter);
    }
}

/// 003 explosives: full strength inside the blast circle; outside it "Each AP of distance from
/// the target area reduces the blast's AV/EV by 2", rounded so that any fraction of an AP costs.
pub fn blast_strength(
    t: &AmbushTable,
    strength: i32,
    beyond_circle: f32,
    area_diameter: f32,
) -> i32 {
    let aps = blast_distance_aps(beyond_circle, area_diameter);
    // Any fraction of an AP costs: the first inch outside the circle already weakens the blast.
    let loss = (f64::from(t.blast_falloff_per_ap) * aps - 1e-9)
        .ceil()
        .max(0.0) as i32;
    (strength - loss).max(0)
}

/// 003's distance from the target area in APs: the target area is "a diameter of 10 feet, or 0
/// APs" (the weapon's blast circle), and each AP doubles the distance. A unit `beyond_circle`
/// inches outside a circle `area_diameter` across is log2(1 + beyond / diameter) APs away.
pub fn blast_distance_aps(beyond_circle: f32, area_diameter: f32) -> f64 {
    let d = f64::from(beyond_circle.max(0.0));
    let area = f64::from(area_diameter.max(MEASURING_SLACK));
    (1.0 + d / area).log2()
}
