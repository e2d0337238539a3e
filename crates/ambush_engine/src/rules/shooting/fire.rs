//! Making a shot: the roll to hit, hit dice placed, friendly fire on a miss, and 003's blasts.

use super::plan::{RangeBand, ShotPlan};
use super::unready::note_attack;
use crate::rules::dice::DiceService;
use crate::rules::log::{RollEntry, RollKind, sum};
use crate::rules::table::{Table, UnitId};
use ambush_data::board::Side;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::AmbushTable;
use ambush_data::tables::Rules;

/// Hit dice waiting beside a target until all shooting is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PendingHit {
    pub source: UnitId,
    pub target: UnitId,
    pub dice: u32,
}

/// Makes a shot in one call: `plan_shot_now`, then `fire`. The shooting phase takes the two
/// steps apart (its check, then its effect); the rule tests make shots this way.
#[cfg(test)]
pub fn shoot(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    shooter: UnitId,
    target: UnitId,
    weapon: Option<&str>,
    pending: &mut Vec<PendingHit>,
) -> Result<(), super::plan::ShotError> {
    let plan = super::plan::plan_shot_now(table, rules, shooter, target, weapon)?;
    fire(table, rules, dice, shooter, target, &plan, pending);
    Ok(())
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
        if let Some(radius) = radius.filter(|_| table.config.scenario.explosives) {
            blast(
                table, rules, dice, shooter, target, radius, hit_dice, pending,
            );
        }
    } else {
        // "If shooting against enemy in base contact with a friendly unit and the unit fails to
        // hit: roll D6 for each friend in contact, a score of 1, 2 or 3 results in the friendly
        // unit receiving a hit."
        let friends = match table.unit(shooter).map(|u| u.side) {
            Some(side) => in_the_line_of_friendly_fire(table, rules, side, target),
            None => Vec::new(),
        };
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

/// The units of `side` that a miss at `target` may hit: those in base contact with it (001,
/// "If shooting against enemy in base contact with a friendly unit and the unit fails to hit:
/// roll D6 for each friend in contact").
pub fn in_the_line_of_friendly_fire(
    table: &Table,
    rules: &Rules,
    side: Side,
    target: UnitId,
) -> Vec<UnitId> {
    table
        .enemies_in_contact(target, rules.general.contact_tolerance)
        .into_iter()
        .filter(|f| table.unit(*f).is_some_and(|u| u.side == side))
        .collect()
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
