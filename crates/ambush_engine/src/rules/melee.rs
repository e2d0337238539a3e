//! Melee: close quarter stage, mounted disengage, facing the attacker, engagement and support,
//! physical contact, the double-score extra wound, draws and break off (001).

use crate::rules::dice::DiceService;
use crate::rules::environment;
use crate::rules::formation;
use crate::rules::log::{Modifier, RollEntry, RollKind, count_word, sum};
use crate::rules::shooting::against_the_unready;
use crate::rules::table::{Surprise, Table, UnitId};
use crate::rules::wounds::{apply_wound, one_wound_penalty, placement_clear, push_away};
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::MEASURING_SLACK;
use ambush_data::tables::Rules;
use ambush_data::tables::WeaponClass;
use glam::Vec2;

/// Two units fighting a physical contact melee, and who supports each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Engagement {
    pub attacker: UnitId,
    pub defender: UnitId,
    pub attacker_support: Vec<UnitId>,
    pub defender_support: Vec<UnitId>,
}

/// How a physical contact ended for one unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactResult {
    Won,
    Lost,
    Draw,
}

/// Whether `a` attacks `b` from outside `b`'s front arc (flank or rear). A unit in an
/// all-round formation (a square) has no flank or rear.
pub fn from_flank_or_rear(table: &Table, rules: &Rules, a: UnitId, b: UnitId) -> bool {
    match (table.unit(a), table.unit(b)) {
        (Some(ua), Some(ub)) => {
            !formation::all_round(rules, ub) && !ub.base.in_front_arc(ua.base.center)
        }
        _ => false,
    }
}

/// Units in base contact with an enemy, in id order.
pub fn units_in_melee(table: &Table, rules: &Rules) -> Vec<UnitId> {
    let tol = rules.general.contact_tolerance;
    // Filed by place once, so each unit is measured only against the units near it.
    let grid = table.grid();
    table
        .units
        .iter()
        .filter(|u| u.on_table() && table.in_enemy_contact_via_grid(&grid, u.id, tol))
        .map(|u| u.id)
        .collect()
}

/// Marks every unit in contact with the enemy as having fought this turn (no repairs for it).
pub fn mark_fighting(table: &mut Table, rules: &Rules) {
    for id in units_in_melee(table, rules) {
        if let Some(u) = table.unit_mut(id) {
            u.marks.fought = true;
        }
    }
}

/// The close quarter stage: each unit with a close quarter weapon whose front edge or corner
/// touches an enemy rolls a D6; 5–6 hits (modifiers from `melee.ron`). Hits are resolved as
/// wounds, after every unit has rolled.
pub fn close_quarter_stage(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    let tol = rules.general.contact_tolerance;
    let mut wounds: Vec<(UnitId, UnitId)> = Vec::new();
    let mut attacks: Vec<(UnitId, UnitId)> = Vec::new();
    let ids: Vec<UnitId> = table.units.iter().map(|u| u.id).collect();
    // Nothing moves until every close-quarter attack is rolled.
    let grid = table.grid();
    for id in ids {
        let Some(u) = table.unit(id) else { continue };
        if !u.on_table()
            || !u.has_weapon_class(rules, WeaponClass::CloseQuarter)
            || !u.surprise.strikes_when_engaged()
        {
            continue;
        }
        let weapon = u
            .weapons
            .iter()
            .find(|w| {
                rules
                    .weapon(w)
                    .is_some_and(|p| p.class == WeaponClass::CloseQuarter)
            })
            .cloned()
            .unwrap_or_default();
        let Some(target) = table
            .enemies_in_contact_via_grid(&grid, id, tol)
            .into_iter()
            .find(|e| {
                table
                    .unit(*e)
                    .is_some_and(|t| geometry::front_touches(&u.base, &t.base, tol))
            })
        else {
            continue;
        };
        let m = &rules.melee.close_quarter_modifiers;
        let mut mods = Vec::new();
        if from_flank_or_rear(table, rules, id, target) {
            mods.push(Modifier::new("flank or rear", m.flank_or_rear));
        }
        if u.side == Side::Aliens {
            let who = table.config.side_names.one(Side::Aliens);
            mods.push(Modifier::named(format!("{who} attacker"), m.alien_attacker));
        }
        if one_wound_penalty(table, rules, id).is_some() {
            mods.push(Modifier::new("one wound", m.one_wound));
        }
        // 003: "+1 to all attacks" on a blindsided or surprised defender.
        mods.extend(against_the_unready(table, rules, id, target));
        // 003: attacks in natural darkness suffer, unless the attacker has night vision.
        if table.config.scenario.darkness.is_some() && !u.traits.night_vision {
            mods.push(Modifier::new("darkness", rules.ambush.darkness_to_hit));
        }
        // 003: attacks under water and in space suffer.
        mods.extend(environment::attack_modifiers(table, rules, u));
        let face = dice.d6();
        let need = rules.melee.close_quarter_need;
        let hit = face as i32 + sum(&mods) >= need;
        dice.record_with(|| {
            RollEntry::dice(RollKind::CloseQuarter, "1d6", vec![face])
                .actor(table.label(id))
                .target(table.label(target))
                .modifiers(mods)
                .need(need)
                .success(hit)
                .effect(if hit {
                    format!("{weapon}: a hit, one wound")
                } else {
                    format!("{weapon}: no effect")
                })
        });
        attacks.push((id, target));
        if hit {
            wounds.push((id, target));
        }
    }
    drop(grid);
    for (attacker, target) in attacks {
        crate::rules::shooting::note_attack(table, attacker, target);
    }
    for (source, target) in wounds {
        apply_wound(table, rules, dice, source, target);
    }
}

/// Mounted units in contact with the enemy where every enemy touching them is non-mounted.
pub fn disengage_candidates(table: &Table, rules: &Rules) -> Vec<UnitId> {
    let tol = rules.general.contact_tolerance;
    table
        .units
        .iter()
        // Surprised and held where it stands, it may not disengage until it recovers.
        .filter(|u| u.on_table() && rules.troop(u.troop).mounted && u.surprise.may_move())
        .filter(|u| {
            let enemies = table.enemies_in_contact(u.id, tol);
            !enemies.is_empty()
                && enemies.iter().all(|e| {
                    table
                        .unit(*e)
                        .is_some_and(|t| !rules.troop(t.troop).mounted)
                })
        })
        .map(|u| u.id)
        .collect()
}

/// A mounted unit's disengage attempt: "score 5 or 6 = unit may move the length of two base
/// depths away from enemy unit".
pub fn disengage(table: &mut Table, rules: &Rules, dice: &mut DiceService, id: UnitId) {
    let face = dice.d6();
    let need = rules.melee.disengage_need;
    // 003 underwater: "+1 column shift ... on any dice action's RV involving movement".
    let mods = table.unit(id).map_or_else(Vec::new, |u| {
        environment::movement_check_modifiers(table, rules, u)
    });
    let ok = face as i32 + sum(&mods) >= need;
    if ok {
        let from = enemy_centre(table, rules, id);
        let dist =
            table.unit(id).map_or(0.0, |u| u.base.depth()) * rules.melee.disengage_base_depths;
        push_away(table, rules, dice, id, from, dist);
        if let Some(u) = table.unit_mut(id) {
            u.marks.attacking = false;
        }
    }
    dice.record_with(|| {
        RollEntry::dice(RollKind::Disengage, "1d6", vec![face])
            .actor(table.label(id))
            .modifiers(mods)
            .need(need)
            .success(ok)
            .effect(if ok {
                "disengages two base depths"
            } else {
                "stays in contact"
            })
    });
}

fn enemy_centre(table: &Table, rules: &Rules, id: UnitId) -> Vec2 {
    let enemies = table.enemies_in_contact(id, rules.general.contact_tolerance);
    if enemies.is_empty() {
        return table.unit(id).map_or(Vec2::ZERO, |u| u.base.center);
    }
    enemies
        .iter()
        .filter_map(|e| table.unit(*e))
        .map(|e| e.base.center)
        .sum::<Vec2>()
        / enemies.len() as f32
}

/// The attackers touching `defender` that it could engage, best first, and whether the first two
/// tie (then the defender chooses). 001: "the unit engages the one closest to the front edge
/// (defender chooses if units are equidistant). If two units are both in contact with the front
/// edge, then the unit occupying the most frontage is engaged."
pub fn engage_order(
    table: &Table,
    rules: &Rules,
    defender: UnitId,
    candidates: &[UnitId],
) -> (Vec<UnitId>, bool) {
    let tol = rules.general.contact_tolerance;
    let Some(d) = table.unit(defender) else {
        return (Vec::new(), false);
    };
    let (p, q) = d.base.front_edge();
    let mut scored: Vec<(UnitId, f32, f32)> = candidates
        .iter()
        .filter_map(|c| table.unit(*c))
        .map(|c| {
            // From the attacker's base, not only its corners: an alien wider than the marine
            // it attacks straddles the front edge with both corners beyond its ends.
            let dist = c
                .base
                .edges()
                .iter()
                .map(|(a, b)| geometry::segment_distance(*a, *b, p, q))
                .fold(f32::INFINITY, f32::min);
            let frontage = geometry::frontage_on_front(&c.base, &d.base, tol);
            (c.id, dist, frontage)
        })
        .collect();
    scored.sort_by(|a, b| {
        let a_front = a.1 <= tol;
        let b_front = b.1 <= tol;
        b_front
            .cmp(&a_front)
            .then(if a_front && b_front {
                b.2.total_cmp(&a.2)
            } else {
                a.1.total_cmp(&b.1)
            })
            .then(a.0.cmp(&b.0))
    });
    let tie = scored.len() >= 2 && {
        let (a, b) = (scored[0], scored[1]);
        let both_front = a.1 <= tol && b.1 <= tol;
        if both_front {
            (a.2 - b.2).abs() < 0.01
        } else {
            (a.1 - b.1).abs() < 0.01
        }
    };
    (scored.into_iter().map(|s| s.0).collect(), tie)
}

/// Turns the defender to face the front edge of its attacker, where there is room.
pub fn face_attacker(table: &mut Table, rules: &Rules, defender: UnitId, attacker: UnitId) {
    let (Some(d), Some(a)) = (table.unit(defender), table.unit(attacker)) else {
        return;
    };
    if geometry::front_touches(&d.base, &a.base, rules.general.contact_tolerance)
        && geometry::front_touches(&a.base, &d.base, rules.general.contact_tolerance)
        && (geometry::dir(d.base.facing).dot(geometry::dir(a.base.facing)) < -0.999)
    {
        return; // already face to face
    }
    let pose = geometry::contact_pose(&d.base, &a.base, 0);
    if placement_clear(table, rules, &pose, &[defender, attacker])
        && let Some(u) = table.unit_mut(defender)
    {
        u.base = pose;
    }
}

/// The physical contact factor of a unit (`troops.ron`).
pub fn contact_factor(table: &Table, rules: &Rules, id: UnitId) -> i32 {
    let Some(u) = table.unit(id) else { return 0 };
    let p = rules.troop(u.troop);
    if u.has_weapon_class(rules, WeaponClass::PhysicalContact) {
        p.physical_contact_with_weapon
    } else {
        p.physical_contact
    }
}

/// Whether a unit is defending a linear defence: its front edge touches a wall it stands behind.
pub fn defending_linear_defence(table: &Table, rules: &Rules, id: UnitId, enemy: UnitId) -> bool {
    let (Some(u), Some(e)) = (table.unit(id), table.unit(enemy)) else {
        return false;
    };
    if u.marks.attacking {
        return false;
    }
    let tol = rules.general.contact_tolerance + rules.general.linear_defence_reach;
    table.terrain.iter().any(|f| {
        f.linear_defence
            && f.shape.touches(&u.base, tol)
            && f.shape.length_inside(u.base.center, e.base.center) > MEASURING_SLACK
    })
}

/// The modifiers of one side of a physical contact.
pub fn contact_modifiers(
    table: &Table,
    rules: &Rules,
    id: UnitId,
    enemy: UnitId,
    support: usize,
) -> Vec<Modifier> {
    let m = &rules.melee.contact_modifiers;
    let mut mods = vec![Modifier::new("factor", contact_factor(table, rules, id))];
    for _ in 0..support {
        mods.push(Modifier::new("supporting unit", m.per_supporting_unit));
    }
    if one_wound_penalty(table, rules, id).is_some() {
        mods.push(Modifier::new("one wound", m.one_wound));
    }
    if from_flank_or_rear(table, rules, id, enemy) {
        mods.push(Modifier::new("flank or rear", m.flank_or_rear));
    }
    if defending_linear_defence(table, rules, id, enemy) {
        mods.push(Modifier::new(
            "defending a linear defence",
            m.defending_linear_defence,
        ));
    }
    // 003: "+1 to all attacks" on a blindsided or surprised defender: physical contact too.
    mods.extend(against_the_unready(table, rules, id, enemy));
    // 003: "When a physical attack occurs in natural darkness, the attacker must be able to see
    // the defender": the darkness penalty, as for every attack, unless it has night vision.
    if table.config.scenario.darkness.is_some()
        && table.unit(id).is_some_and(|u| !u.traits.night_vision)
    {
        mods.push(Modifier::new("darkness", rules.ambush.darkness_to_hit));
    }
    // 003: "All attacks made using powers or skills underwater suffer", and "All dice actions
    // attempted by a character in space": each side of a contact attacks.
    if let Some(u) = table.unit(id) {
        mods.extend(environment::attack_modifiers(table, rules, u));
    }
    // 002: "A surprised character may defend, poorly — with a penalty of -2".
    if matches!(
        table.unit(id).map(|u| u.surprise),
        Some(Surprise::Doom { .. })
    ) {
        mods.push(Modifier::new(
            "surprised (defends poorly)",
            rules.ambush.surprise_check.defence_modifier,
        ));
    }
    mods
}

/// Pairs every unit in contact into engagements and supporters. `choose` picks the attacker a
/// defender engages when the rules leave it to the defender (it gets the tied candidates).
pub fn engagements(
    table: &Table,
    rules: &Rules,
    mut choose: impl FnMut(UnitId, &[UnitId]) -> UnitId,
) -> Vec<Engagement> {
    let tol = rules.general.contact_tolerance;
    let fighting = units_in_melee(table, rules);
    let mut engaged: Vec<UnitId> = Vec::new();
    let mut out: Vec<Engagement> = Vec::new();
    // Defenders first: units in contact that did not move into contact.
    let mut order: Vec<UnitId> = fighting
        .iter()
        .copied()
        .filter(|id| table.unit(*id).is_some_and(|u| !u.marks.attacking))
        .collect();
    order.extend(
        fighting
            .iter()
            .copied()
            .filter(|id| table.unit(*id).is_some_and(|u| u.marks.attacking)),
    );
    for d in order {
        if engaged.contains(&d) {
            continue;
        }
        let candidates: Vec<UnitId> = table
            .enemies_in_contact(d, tol)
            .into_iter()
            .filter(|e| !engaged.contains(e))
            .collect();
        if candidates.is_empty() {
            continue;
        }
        let (ranked, tie) = engage_order(table, rules, d, &candidates);
        let pick = if tie {
            let tied: Vec<UnitId> = ranked.iter().take(2).copied().collect();
            let c = choose(d, &tied);
            if tied.contains(&c) { c } else { ranked[0] }
        } else {
            ranked[0]
        };
        engaged.push(d);
        engaged.push(pick);
        out.push(Engagement {
            attacker: pick,
            defender: d,
            attacker_support: Vec::new(),
            defender_support: Vec::new(),
        });
    }
    // Support: "that unit must have its front edge or a front corner in contact with enemy unit
    // engaged ... A unit can only give support to one engaged unit."
    for s in fighting {
        if engaged.contains(&s) {
            continue;
        }
        let Some(su) = table.unit(s) else { continue };
        // Support is a part in the fight: a unit still surprised gives none (002's surprised
        // "does nothing but defend", 003's have "no initiative", 000's hold may not attack).
        if !su.surprise.may_attack() {
            continue;
        }
        for e in out.iter_mut() {
            let (foe, attacker_side) = match table.unit(e.attacker) {
                Some(a) if a.side == su.side => (e.defender, true),
                _ => (e.attacker, false),
            };
            let touches = table
                .unit(foe)
                .is_some_and(|f| geometry::front_touches(&su.base, &f.base, tol));
            if touches {
                if attacker_side {
                    e.attacker_support.push(s);
                } else {
                    e.defender_support.push(s);
                }
                break;
            }
        }
    }
    out
}

/// Fights one physical contact: each side rolls D6 + factor + modifiers; the loser takes a wound,
/// two if the winner scored double or more. Returns (attacker result, defender result).
pub fn physical_contact(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    e: &Engagement,
) -> (ContactResult, ContactResult) {
    let a_mods = contact_modifiers(
        table,
        rules,
        e.attacker,
        e.defender,
        e.attacker_support.len(),
    );
    let d_mods = contact_modifiers(
        table,
        rules,
        e.defender,
        e.attacker,
        e.defender_support.len(),
    );
    let a_face = dice.d6();
    let d_face = dice.d6();
    let a_total = a_face as i32 + sum(&a_mods);
    let d_total = d_face as i32 + sum(&d_mods);
    let m = &rules.melee;
    let ratio = m.extra_wound_ratio;
    // "If the winning score was double or more than that of the loser then the loser receives
    // an additional wound."
    let (ra, rd, by_double) = if a_total > d_total {
        (
            ContactResult::Won,
            ContactResult::Lost,
            a_total >= ratio * d_total,
        )
    } else if d_total > a_total {
        (
            ContactResult::Lost,
            ContactResult::Won,
            d_total >= ratio * a_total,
        )
    } else {
        (ContactResult::Draw, ContactResult::Draw, false)
    };
    // 000: the surprised "cannot move nor attack in response"; 002: "A surprised character may
    // defend, poorly". A surprised winner has held its ground: it strikes no blow.
    let winner = match ra {
        ContactResult::Won => Some(e.attacker),
        ContactResult::Lost => Some(e.defender),
        ContactResult::Draw => None,
    };
    let only_defends = winner
        .and_then(|w| table.unit(w))
        .is_some_and(|u| !u.surprise.strikes_when_engaged());
    let wounds = match ra {
        ContactResult::Draw => 0,
        _ if only_defends => 0,
        _ if by_double => m.loser_wounds + m.extra_wounds,
        _ => m.loser_wounds,
    };
    let plural = if wounds == 1 { "" } else { "s" };
    let words = |r: ContactResult| match r {
        ContactResult::Won if only_defends => {
            "wins, but surprised it only defends: no blow struck".to_string()
        }
        ContactResult::Lost if only_defends => {
            "loses, but the surprised winner strikes no blow".to_string()
        }
        ContactResult::Won => "wins".to_string(),
        ContactResult::Lost if by_double => {
            format!("loses by double: {} wound{plural}", count_word(wounds))
        }
        ContactResult::Lost => format!("loses: {} wound{plural}", count_word(wounds)),
        ContactResult::Draw => "draw: both stay in contact".to_string(),
    };
    let (al, dl) = (table.label(e.attacker), table.label(e.defender));
    dice.record_with(|| {
        RollEntry::dice(RollKind::PhysicalContact, "1d6", vec![a_face])
            .actor(al)
            .target(dl)
            .modifiers(a_mods)
            .success(ra == ContactResult::Won)
            .effect(words(ra))
    });
    dice.record_with(|| {
        RollEntry::dice(RollKind::PhysicalContact, "1d6", vec![d_face])
            .actor(dl)
            .target(al)
            .modifiers(d_mods)
            .success(rd == ContactResult::Won)
            .effect(words(rd))
    });
    let (winner, loser) = match ra {
        ContactResult::Won => (e.attacker, e.defender),
        ContactResult::Lost => (e.defender, e.attacker),
        ContactResult::Draw => return (ra, rd),
    };
    for _ in 0..wounds {
        apply_wound(table, rules, dice, winner, loser);
    }
    if wounds > 0
        && let Some(u) = table.unit_mut(loser)
    {
        u.marks.hurt_in_contact = true;
    }
    (ra, rd)
}

/// A break-off attempt: "Roll D6 (subtract 1 if the melee was a draw). A score of 5 or 6 allows
/// the unit to move one half SMR (2") away from the enemy."
pub fn break_off(table: &mut Table, rules: &Rules, dice: &mut DiceService, id: UnitId, draw: bool) {
    let face = dice.d6();
    let mut mods = Vec::new();
    if draw {
        mods.push(Modifier::new(
            "melee was a draw",
            rules.melee.break_off_draw_penalty,
        ));
    }
    if let Some(u) = table.unit(id) {
        mods.extend(environment::movement_check_modifiers(table, rules, u));
    }
    let need = rules.melee.break_off_need;
    let ok = face as i32 + sum(&mods) >= need;
    if ok {
        let from = enemy_centre(table, rules, id);
        push_away(
            table,
            rules,
            dice,
            id,
            from,
            rules.melee.break_off_distance * rules.general.smr,
        );
        if let Some(u) = table.unit_mut(id) {
            u.marks.attacking = false;
        }
    }
    dice.record_with(|| {
        RollEntry::dice(RollKind::BreakOff, "1d6", vec![face])
            .actor(table.label(id))
            .modifiers(mods)
            .need(need)
            .success(ok)
            .effect(if ok {
                "breaks off half an SMR"
            } else {
                "stays in contact"
            })
    });
}

/// Clears the attacker mark of units no longer touching any enemy.
pub fn clear_broken_contacts(table: &mut Table, rules: &Rules) {
    let tol = rules.general.contact_tolerance;
    let free: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.marks.attacking && !table.in_enemy_contact(u.id, tol))
        .map(|u| u.id)
        .collect();
    for id in free {
        if let Some(u) = table.unit_mut(id) {
            u.marks.attacking = false;
        }
    }
}
