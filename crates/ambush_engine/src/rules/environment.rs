//! 003's hostile environments in this game's terms: who the water or the vacuum hampers, the penalties they bring, the descent to depth, and the air clock.

use crate::rules::dice::DiceService;
use crate::rules::log::{Modifier, RollEntry, RollKind, count_word, sum};
use crate::rules::table::{Table, Unit, UnitId};
use crate::rules::wounds::{apply_wound, distance_aps, resolve_hit_dice, world_attack_hit_dice};
use ambush_data::board::Side;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::scenario::Environment;
use ambush_data::tables::{Rules, WeaponProfile};

/// The depth of the water, feet, when the battle is fought under water.
pub fn water_depth(table: &Table) -> Option<f32> {
    match table.config.scenario.environment {
        Some(Environment::Underwater { depth }) => Some(depth),
        Some(Environment::Space) | None => None,
    }
}

/// Whether the battle is fought in space.
pub fn in_space(table: &Table) -> bool {
    table.config.scenario.environment == Some(Environment::Space)
}

/// Whether the water hampers `u`: "the water freedom power negates all underwater penalties
/// except for thrown items".
pub fn water_hampers(table: &Table, u: &Unit) -> bool {
    water_depth(table).is_some() && !u.traits.water_freedom
}

/// Whether `u` can steer itself in zero-g: "Flight, Telekinesis, a jet pack, etc."
pub fn controls_position(rules: &Rules, u: &Unit) -> bool {
    u.traits.jets || rules.troop(u.troop).flies
}

/// Whether `u` drifts in zero-g: in space without flight or a jet pack ("Only characters with the
/// flight power may move freely").
pub fn drifts(table: &Table, rules: &Rules, u: &Unit) -> bool {
    in_space(table) && !controls_position(rules, u)
}

/// A distance made `aps` APs shorter: each AP halves it.
fn less_aps(aps: u32) -> f32 {
    0.5f32.powi(aps.min(64) as i32)
}

/// The fraction of its allowance `u` may move: "Subtract 2 from all movement rates except
/// swimming", 2 APs off a distance being a quarter of it.
pub fn movement_factor(table: &Table, rules: &Rules, u: &Unit) -> f32 {
    if water_hampers(table, u) && !rules.troop(u.troop).swims {
        less_aps(rules.environment.underwater.movement_aps)
    } else {
        1.0
    }
}

/// The modifiers of `side`'s movement initiative die: "Subtract 5 from the Initiative score of
/// each character that is underwater", taken when the water hampers any of its units on the
/// table.
pub fn initiative_modifiers(table: &Table, rules: &Rules, side: Side) -> Vec<Modifier> {
    if table.side_on_table(side).any(|u| water_hampers(table, u)) {
        let who = table.config.side_names.of(side);
        vec![Modifier::named(
            format!("{who} underwater"),
            rules.environment.underwater.initiative_modifier,
        )]
    } else {
        Vec::new()
    }
}

/// The environment's penalty on an attack by `attacker` (shooting, close quarter, physical
/// contact): under water "a +2 column shift penalty to OV"; in space +3 shifts, +2 with "some
/// means of controlling his position", +1 with the spacecraft skill (the least that applies).
pub fn attack_modifiers(table: &Table, rules: &Rules, attacker: &Unit) -> Vec<Modifier> {
    if water_hampers(table, attacker) {
        return vec![Modifier::new(
            "underwater",
            rules.environment.underwater.attack_modifier,
        )];
    }
    if !in_space(table) {
        return Vec::new();
    }
    let s = &rules.environment.space;
    let mut best = Modifier::new("in space, adrift", s.attack_modifier);
    let mut better = |name: &'static str, value: i32| {
        if value > best.value {
            best = Modifier::new(name, value);
        }
    };
    if controls_position(rules, attacker) {
        better("in space, flight or jets", s.controlled_attack_modifier);
    }
    if attacker.traits.spacecraft {
        better("in space, spacecraft skill", s.trained_attack_modifier);
    }
    vec![best]
}

/// The water's penalty on a dice action that moves `u` (break off, disengage): "Add +1 column
/// shift to the right on any dice action's RV involving movement".
pub fn movement_check_modifiers(table: &Table, rules: &Rules, u: &Unit) -> Vec<Modifier> {
    if water_hampers(table, u) {
        vec![Modifier::new(
            "underwater movement",
            rules.environment.underwater.movement_check_modifier,
        )]
    } else {
        Vec::new()
    }
}

/// The fraction of its ranges a weapon reaches: under water a thrown one (grenades, spears)
/// reaches "2 APs shorter than normal", for everyone, water freedom or not.
pub fn range_factor(table: &Table, rules: &Rules, weapon: &WeaponProfile) -> f32 {
    if water_depth(table).is_some() && weapon.thrown {
        less_aps(rules.environment.underwater.thrown_range_aps)
    } else {
        1.0
    }
}

/// Inches of the table a MEGS distance of `aps` APs spans (0 APs is 10 feet, each AP doubles).
pub fn aps_in_inches(rules: &Rules, aps: i32) -> f32 {
    10.0 * 2f32.powi(aps.clamp(-60, 60)) / rules.environment.feet_per_inch
}

/// How far `u` sees under water, inches, or `None` where its sight is not limited: "Normal
/// vision underwater is 5 APs (300 Feet). For every 2 APs of depth, 1 AP is subtracted ...
/// due to darkness." Night vision lights the dark of the depth but not the water itself; water
/// freedom sees as on land.
pub fn sight_under_water(table: &Table, rules: &Rules, u: &Unit) -> Option<f32> {
    let depth = water_depth(table)?;
    if u.traits.water_freedom {
        return None;
    }
    let w = &rules.environment.underwater;
    let dark = if u.traits.night_vision {
        0
    } else {
        (distance_aps(depth) / w.depth_aps_per_sight_ap.max(1)) as i32
    };
    Some(aps_in_inches(rules, w.sight_aps - dark))
}

/// The penalty for a shot in space beyond the weapon's longest range `max_range` (inches):
/// "Thrown objects and projectiles have an unlimited potential range ... Add the APs of distance
/// that exceed the maximum range of the weapon to the OV." Each doubling of the distance past
/// it is an AP (any fraction counts). The APs are added to the OV, not shifted: on the MEGS
/// table `ov_aps_per_column` of them move the OV one column, and the columns become a D6
/// penalty as every other shift does, each step rounded up.
pub fn beyond_range_modifier(rules: &Rules, distance: f32, max_range: f32) -> Modifier {
    let ratio = f64::from(distance) / f64::from(max_range.max(MEASURING_SLACK));
    let aps = (ratio.log2() - 1e-9).ceil().clamp(1.0, 64.0) as i32;
    let columns = divide_rounding_up(aps, rules.environment.space.ov_aps_per_column);
    let points = divide_rounding_up(columns, rules.environment.shifts_per_point);
    let plural = if aps == 1 { "" } else { "s" };
    Modifier::named(format!("beyond its range ({aps} AP{plural})"), -points)
}

/// `n / per`, rounded up (a `per` below 1 counts as 1).
fn divide_rounding_up(n: i32, per: i32) -> i32 {
    let per = per.max(1);
    (n + per - 1) / per
}

/// Whole game turns in `aps` APs of time: 0 APs is 4 seconds, each AP doubles it, and one turn
/// is `turn_time_aps`. Less than a turn is none.
pub fn turns_of(rules: &Rules, aps: i32) -> u32 {
    let beyond = aps.saturating_sub(rules.environment.turn_time_aps);
    if beyond < 0 {
        0
    } else {
        1u32.checked_shl(beyond as u32).unwrap_or(u32::MAX)
    }
}

/// The descent (003): "Each AP of depth over 5 causes the descending character to suffer a
/// physical attack with the APs of depth as the AV/EV ... A new attack is made every time the
/// character descends an additional one AP of depth." Every unit on the table that has not yet
/// come down to the battle's depth does so now (the scenario's units on the first turn, a wave
/// when it comes); at each AP of depth beyond the safe depth it takes an attack of as many hit
/// dice as the depth's APs exceed an ordinary BODY (`world_attack_hit_dice`), each a saving
/// throw. Water freedom is unharmed.
pub fn descend(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let Some(depth) = water_depth(table) else {
        return;
    };
    let aps = distance_aps(depth);
    let w = &rules.environment.underwater;
    let arriving: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.on_table() && !table.exposure.of(u.id).descended)
        .map(|u| u.id)
        .collect();
    for id in arriving {
        table.exposure.of_mut(id).descended = true;
        if !table.unit(id).is_some_and(|u| water_hampers(table, u)) {
            continue;
        }
        for ap in w.safe_depth_aps.saturating_add(1)..=aps {
            if !table.unit(id).is_some_and(|u| u.on_table()) {
                break;
            }
            // "with the APs of depth as the AV/EV".
            let hit_dice = world_attack_hit_dice(rules, ap);
            dice.record_with(|| {
                RollEntry::dice(RollKind::Depth, "none", Vec::new())
                    .actor(table.label(id))
                    .success(hit_dice == 0)
                    .effect(format!(
                        "descends past {ap} APs of depth ({depth:.0} feet in all): {} hit {}",
                        count_word(hit_dice),
                        if hit_dice == 1 { "die" } else { "dice" }
                    ))
            });
            resolve_hit_dice(table, rules, dice, id, id, hit_dice);
        }
    }
}

/// Whether `u` needs air here: under water unless sealed in diving gear or at home in the water;
/// in space "Unless a character in space has the sealed systems power".
pub fn breathes(table: &Table, u: &Unit) -> bool {
    match table.config.scenario.environment {
        Some(Environment::Underwater { .. }) => !u.traits.sealed && !u.traits.water_freedom,
        Some(Environment::Space) => !u.traits.sealed,
        None => false,
    }
}

/// The kind of the air clock's rolls here: drowning, or suffocating in space.
fn air_kind(table: &Table) -> (RollKind, &'static str) {
    if in_space(table) {
        (RollKind::Suffocation, "suffocating")
    } else {
        (RollKind::Drowning, "drowning")
    }
}

/// The end of a turn for every unit that needs air: "A character may hold his breath for 5 APs
/// of time (two minutes). If he stays underwater beyond this time, the character must make an
/// action check ... Any positive RAPs, up to a maximum of 5, are the APs of time that the
/// character may remain ... If the character does not receive any RAPs ... he will take 1 point
/// of physical damage per minute (4 APs of time)". In space the same, "except that the OV/RVs
/// of the action check are increased by +2 column shifts unless the character has the
/// spacecraft sub skill". A point of damage is a wound.
pub fn air_clock(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if table.config.scenario.environment.is_none() {
        return;
    }
    let air = &rules.environment.air;
    let held = turns_of(rules, air.held_breath_aps);
    let every = turns_of(rules, air.wound_every_aps).max(1);
    let (kind, doing) = air_kind(table);
    let breathing: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.on_table() && breathes(table, u))
        .map(|u| u.id)
        .collect();
    for id in breathing {
        let line = table.exposure.of_mut(id);
        line.turns_without_air = line.turns_without_air.saturating_add(1);
        let spent = line.turns_without_air;
        if spent < held {
            continue;
        }
        let extra = match line.extra_air_turns {
            Some(extra) => extra,
            None => {
                let extra = air_check(table, rules, dice, id);
                table.exposure.of_mut(id).extra_air_turns = Some(extra);
                extra
            }
        };
        let over = spent.saturating_sub(held.saturating_add(extra));
        if over == 0 || !over.is_multiple_of(every) {
            continue;
        }
        dice.record_with(|| {
            RollEntry::dice(kind, "none", Vec::new())
                .actor(table.label(id))
                .success(false)
                .effect(format!(
                    "{doing}: one wound ({} turns without air)",
                    count_word(spent)
                ))
        });
        apply_wound(table, rules, dice, id, id);
    }
}

/// The action check once a unit's breath is out: a D6 against `check_need`; a pass wins one AP
/// of time and one more for each point above the need, up to `max_extra_aps`. Returns the whole
/// turns won.
fn air_check(table: &Table, rules: &Rules, dice: &mut DiceService, id: UnitId) -> u32 {
    let air = &rules.environment.air;
    let (kind, doing) = air_kind(table);
    let mut mods = Vec::new();
    if in_space(table) && !table.unit(id).is_some_and(|u| u.traits.spacecraft) {
        mods.push(Modifier::new(
            "vacuum, no spacecraft skill",
            rules.environment.space.suffocation_modifier,
        ));
    }
    let face = dice.d6();
    let total = face as i32 + sum(&mods);
    let passed = total >= air.check_need;
    let aps = if passed {
        (total - air.check_need + 1).min(air.max_extra_aps)
    } else {
        0
    };
    let turns = if passed { turns_of(rules, aps) } else { 0 };
    let every = turns_of(rules, air.wound_every_aps).max(1);
    dice.record_with(|| {
        RollEntry::dice(kind, "1d6", vec![face])
            .actor(table.label(id))
            .modifiers(mods)
            .need(air.check_need)
            .success(passed)
            .effect(if passed {
                let time = match turns {
                    0 => "less than a turn".to_string(),
                    1 => "one more turn".to_string(),
                    n => format!("{} more turns", count_word(n)),
                };
                format!(
                    "breath out: holds on {aps} AP{} of time ({time}), then {doing}",
                    if aps == 1 { "" } else { "s" }
                )
            } else {
                format!(
                    "breath out: {doing}, a wound every {} turn{}",
                    count_word(every),
                    if every == 1 { "" } else { "s" }
                )
            })
    });
    turns
}
