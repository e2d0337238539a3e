//! Saving throws, human wounds (degradation or sudden death), alien wound cards, and falling back.

use crate::rules::cards::{card_effect, edge_card_effect, turn_card};
use crate::rules::dice::DiceService;
use crate::rules::log::{Modifier, RollEntry, RollKind};
use crate::rules::table::{Presence, Table, Unit, UnitId};
use ambush_data::board::Going;
use ambush_data::board::Side;
use ambush_data::geometry;
use ambush_data::geometry::Footprint;
use ambush_data::geometry::{BROAD_PHASE_MARGIN, MEASURING_SLACK};
use ambush_data::scenario::{InferiorPenalty, WoundMethod};
use ambush_data::tables::CardEffect;
use ambush_data::tables::Rules;
use glam::Vec2;

/// Whether a unit suffers the degradation penalties of one wound (−1 on its dice).
pub fn one_wound_penalty(table: &Table, rules: &Rules, id: UnitId) -> Option<i32> {
    let u = table.unit(id)?;
    (u.side == Side::Humans
        && table.config.scenario.human_wounds == WoundMethod::Degradation
        && u.wounds >= 1)
        .then_some(rules.wounds.degradation_one_wound_penalty)
}

/// Whether a unit has too many wounds to shoot: 001 "To shoot": "The shooter must not ... have
/// received more than one wound". The sentence names no wound method, so it holds for every
/// shooter: a degraded marine, a sudden-death marine that lived through two wounds, an alien
/// with a firearm that has turned two cards.
pub fn too_wounded_to_shoot(rules: &Rules, u: &Unit) -> bool {
    u.wounds >= rules.wounds.degradation_crippled_at
}

/// Whether a unit is crippled (degradation, second wound): half movement.
pub fn crippled(table: &Table, rules: &Rules, id: UnitId) -> bool {
    table.unit(id).is_some_and(|u| {
        u.side == Side::Humans
            && table.config.scenario.human_wounds == WoundMethod::Degradation
            && u.wounds >= rules.wounds.degradation_crippled_at
    })
}

/// Rolls the saving throw for each hit die on `target` and applies the wounds.
/// 001: "Roll D6: 1 - 4 Target receives one wound"; body armour adds +1.
pub fn resolve_hit_dice(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    source: UnitId,
    target: UnitId,
    hit_dice: u32,
) {
    for _ in 0..hit_dice {
        let Some(t) = table.unit(target) else { return };
        if !t.on_table() {
            return;
        }
        let armour = t.armour;
        let face = dice.d6();
        let mut mods = Vec::new();
        if armour {
            mods.push(Modifier::new("body armour", rules.wounds.armour_bonus));
        }
        // 001: the inferior weapon's "-1 on ... 'hit effect' dice", when the scenario puts it
        // there: the target saves the more easily.
        let inferior_source = table.side_of(source).is_some_and(|side| {
            table.config.scenario.inferior_weapons == Some(side)
                && table.config.scenario.inferior_weapon_rules.penalty == InferiorPenalty::HitEffect
        });
        if inferior_source {
            mods.push(Modifier::new(
                "inferior weapon",
                -rules.shooting.modifiers.inferior_weapon,
            ));
        }
        let total = face as i32 + mods.iter().map(|m| m.value).sum::<i32>();
        let saved = total > rules.wounds.save_wound_max;
        dice.record_with(|| {
            RollEntry::dice(RollKind::Save, "1d6", vec![face])
                .actor(table.label(source))
                .target(table.label(target))
                .modifiers(mods)
                .need(rules.wounds.save_wound_max + 1)
                .success(saved)
                .effect(if saved { "no effect" } else { "one wound" })
        });
        if !saved {
            apply_wound(table, rules, dice, source, target);
        }
    }
}

/// Applies one wound to `target`, inflicted by `source`.
pub fn apply_wound(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    source: UnitId,
    target: UnitId,
) {
    let Some(t) = table.unit_mut(target) else {
        return;
    };
    if !t.on_table() {
        return;
    }
    t.wounds += 1;
    match t.side {
        Side::Humans => human_wound(table, rules, dice, source, target),
        Side::Aliens => alien_wound(table, rules, dice, source, target),
    }
}

fn human_wound(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    source: UnitId,
    target: UnitId,
) {
    match table.config.scenario.human_wounds {
        WoundMethod::Degradation => {
            let Some(t) = table.unit_mut(target) else {
                return;
            };
            if t.wounds >= rules.wounds.degradation_destroyed_at {
                t.status.presence = Presence::Destroyed;
            }
        }
        WoundMethod::SuddenDeath => {
            // 001: "Each time a unit receives a wound roll D6: 1-2 destroyed, 3-4: Fall Back one
            // base depth. 5-6: Unharmed".
            let face = dice.d6() as i32;
            let effect = if face <= rules.wounds.sudden_death_destroyed_max {
                if let Some(t) = table.unit_mut(target) {
                    t.status.presence = Presence::Destroyed;
                }
                "destroyed"
            } else if face <= rules.wounds.sudden_death_fall_back_max {
                let depth = table.unit(target).map_or(0.0, |u| u.base.depth());
                let from = table.unit(source).map_or(Vec2::ZERO, |u| u.base.center);
                push_away(table, rules, dice, target, from, depth);
                "falls back one base depth"
            } else {
                "unharmed"
            };
            dice.record_with(|| {
                RollEntry::dice(RollKind::SuddenDeath, "1d6", vec![face as u32])
                    .actor(table.label(source))
                    .target(table.label(target))
                    .effect(effect)
            });
        }
    }
}

fn alien_wound(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    source: UnitId,
    target: UnitId,
) {
    let mut at_edge = false;
    // Each pass turns one card; a red fall back stopped at the edge turns another.
    for _ in 0..64 {
        let Some(idx) = table.index(target) else {
            return;
        };
        // Changed through `touch`, so the table's log names the one unit changed.
        let mut stack = table
            .units
            .touch(idx)
            .and_then(|u| u.cards.take())
            .unwrap_or_default();
        let card = turn_card(&mut stack, &mut table.ledger, dice, &rules.cards);
        if let Some(u) = table.units.touch(idx) {
            u.cards = Some(stack);
        }
        let effect = if at_edge {
            edge_card_effect(&card, &rules.cards)
        } else {
            card_effect(&card, &rules.cards)
        };
        let from = table.unit(source).map_or(Vec2::ZERO, |u| u.base.center);
        let mut words = effect_words(effect).to_string();
        let mut stopped_at_edge = false;
        match effect {
            CardEffect::WaveWithdraws => withdraw_wave(table, rules, dice, target),
            CardEffect::Killed => {
                if let Some(u) = table.units.touch(idx) {
                    u.status.presence = Presence::Destroyed;
                    if let Some(mut stack) = u.cards.take() {
                        table.ledger.discard_unseen(&mut stack);
                        u.cards = Some(stack);
                    }
                }
                table.progress.aliens_killed += 1;
            }
            CardEffect::Recoils | CardEffect::FallsBack => {
                let dist = if effect == CardEffect::Recoils {
                    table.units[idx].base.depth() * rules.cards.recoil_base_depths
                } else {
                    rules.cards.fall_back_distance * rules.general.smr
                };
                stopped_at_edge = push_away(table, rules, dice, target, from, dist);
                if stopped_at_edge {
                    words.push_str(", stopped at the table edge: another card");
                }
            }
            CardEffect::Stunned => {
                if let Some(u) = table.units.touch(idx) {
                    u.status.stunned = true;
                }
            }
            CardEffect::NoEffect => {}
            CardEffect::LeavesTable => {
                if let Some(u) = table.units.touch(idx) {
                    u.status.presence = Presence::LeftTable;
                }
            }
        }
        dice.record_with(|| {
            RollEntry::dice(RollKind::WoundCard, "card", Vec::new())
                .actor(table.label(source))
                .target(table.label(target))
                .card(card.code())
                .effect(format!("{} — {}", card.pretty(), words))
        });
        if !stopped_at_edge {
            return;
        }
        at_edge = true;
    }
}

fn effect_words(effect: CardEffect) -> &'static str {
    match effect {
        CardEffect::WaveWithdraws => "the wave withdraws",
        CardEffect::Killed => "killed",
        CardEffect::Recoils => "recoils one base depth",
        CardEffect::FallsBack => "falls back 1 SMR",
        CardEffect::Stunned => "stunned",
        CardEffect::NoEffect => "shrugs it off",
        CardEffect::LeavesTable => "leaves the table",
    }
}

/// Orders a wave to withdraw; its aliens in contact disengage at once, falling back one base depth.
pub fn withdraw_wave(table: &mut Table, rules: &Rules, dice: &mut DiceService, alien: UnitId) {
    let Some(wave) = table.unit(alien).and_then(|u| u.wave) else {
        return;
    };
    let tol = rules.general.contact_tolerance;
    let members: Vec<UnitId> = table
        .units
        .iter()
        .filter(|u| u.wave == Some(wave) && u.on_table())
        .map(|u| u.id)
        .collect();
    for id in members {
        if let Some(u) = table.unit_mut(id) {
            u.status.withdrawing = true;
            u.marks.attacking = false;
        }
        let enemies = table.enemies_in_contact(id, tol);
        if !enemies.is_empty() {
            let centre = enemies
                .iter()
                .filter_map(|e| table.unit(*e))
                .map(|e| e.base.center)
                .sum::<Vec2>()
                / enemies.len() as f32;
            let depth = table.unit(id).map_or(0.0, |u| u.base.depth());
            push_away(table, rules, dice, id, centre, depth);
        }
    }
}

/// Whether a base may stand at a place: on the table, off impassable terrain, clear of other bases.
pub fn placement_clear(table: &Table, rules: &Rules, base: &Footprint, ignore: &[UnitId]) -> bool {
    let tol = rules.general.contact_tolerance;
    geometry::on_table(base, table.config.table(), MEASURING_SLACK)
        && !table
            .terrain
            .iter()
            .any(|f| f.going == Going::Impassable && f.shape.overlaps(base, tol))
        // Only the bases the grid files near it can overlap it: a check of every unit made the
        // turns of a block of 1,000 marines that found no move cost the square of the block.
        && !table.grid().any_near(
            base.center,
            base.size.length() * 0.5 + tol + BROAD_PHASE_MARGIN,
            |place| {
                let u = &table.units[place];
                u.on_table() && !ignore.contains(&u.id) && geometry::bases_overlap(base, &u.base, tol)
            },
        )
}

/// Moves unit `id` up to `dist` inches directly away from `from`, stopping before another base,
/// impassable terrain or the table edge. Returns true when the table edge stopped it.
pub fn push_away(
    table: &mut Table,
    rules: &Rules,
    dice: &mut DiceService,
    id: UnitId,
    from: Vec2,
    dist: f32,
) -> bool {
    let Some(u) = table.unit(id) else {
        return false;
    };
    let start = u.base;
    let mut dir = (start.center - from).normalize_or_zero();
    if dir == Vec2::ZERO {
        dir = -start.forward();
    }
    let steps = (dist / 0.1).ceil().max(1.0) as usize;
    let mut best = start;
    let mut edge = false;
    for i in 1..=steps {
        let d = dist * i as f32 / steps as f32;
        let cand = start.at(start.center + dir * d);
        if !geometry::on_table(&cand, table.config.table(), MEASURING_SLACK) {
            edge = true;
            break;
        }
        if !placement_clear(table, rules, &cand, &[id]) {
            break;
        }
        best = cand;
    }
    if edge {
        // Slide the rest of the way to the very edge, if nothing stands there.
        let at_edge = clamp_to_table(&start.at(start.center + dir * dist), table.config.table());
        if placement_clear(table, rules, &at_edge, &[id]) {
            best = at_edge;
        }
    }
    let drop = height_at(table, start.center) - height_at(table, best.center);
    if let Some(u) = table.unit_mut(id) {
        u.base = best;
    }
    if drop > 0.0 {
        fall(table, rules, dice, id, drop);
    }
    edge
}

/// How high the ground stands at `p`, feet: the highest raised feature it lies on.
pub fn height_at(table: &Table, p: Vec2) -> f32 {
    table
        .terrain
        .iter()
        .filter(|f| f.height > 0.0 && f.shape.contains(p))
        .map(|f| f.height)
        .fold(0.0, f32::max)
}

/// 003's distance in APs: up to 10 feet is 0 APs, and each AP doubles it (11-20 feet is 1 AP,
/// 21-40 is 2).
pub fn distance_aps(feet: f32) -> u32 {
    if feet <= 10.0 || feet.is_nan() {
        return 0;
    }
    (f64::from(feet) / 10.0).log2().ceil() as u32
}

/// 003's distance in APs of a fall of `feet`, at most `fall_max_aps`.
pub fn fall_aps(rules: &Rules, feet: f32) -> u32 {
    distance_aps(feet).min(rules.ambush.fall_max_aps)
}

/// The hit dice of an attack the world makes on a unit (a fall, the descent) of `av` APs: 003
/// sets "the character's BODY/BODY as the OV/RV" (STR/BODY for the descent), and each AP of the
/// attack beyond an ordinary BODY places one hit die, each a saving throw as a shot's.
pub fn world_attack_hit_dice(rules: &Rules, av: u32) -> u32 {
    av.saturating_sub(rules.ambush.ordinary_body_aps)
}

/// A unit knocked off a height falls: "Make an action check using the APs of distance that the
/// character falls multiplied by 2 as the AV/EV, and the character's BODY/BODY as the OV/RV".
pub fn fall(table: &mut Table, rules: &Rules, dice: &mut DiceService, id: UnitId, feet: f32) {
    let aps = fall_aps(rules, feet);
    let av = aps.saturating_mul(rules.ambush.fall_av_per_ap);
    let hit_dice = world_attack_hit_dice(rules, av);
    let label = table.label(id).to_string();
    dice.record_with(|| {
        RollEntry::dice(RollKind::Fall, "none", Vec::new())
            .actor(&label)
            .success(hit_dice == 0)
            .effect(format!(
                "falls {feet:.0} feet ({aps} AP{}, AV {av} against BODY {}): {}",
                if aps == 1 { "" } else { "s" },
                rules.ambush.ordinary_body_aps,
                if hit_dice == 0 {
                    "unhurt".to_string()
                } else {
                    format!("{hit_dice} hit dice")
                }
            ))
    });
    if hit_dice > 0 {
        resolve_hit_dice(table, rules, dice, id, id, hit_dice);
    }
}

/// The nearest position to `base` that lies wholly on the table.
pub fn clamp_to_table(base: &Footprint, size: Vec2) -> Footprint {
    let k = base.corners();
    let (mut lo, mut hi) = (Vec2::splat(f32::INFINITY), Vec2::splat(f32::NEG_INFINITY));
    for c in k {
        lo = lo.min(c);
        hi = hi.max(c);
    }
    let mut shift = Vec2::ZERO;
    if lo.x < 0.0 {
        shift.x = -lo.x;
    }
    if hi.x > size.x {
        shift.x = size.x - hi.x;
    }
    if lo.y < 0.0 {
        shift.y = -lo.y;
    }
    if hi.y > size.y {
        shift.y = size.y - hi.y;
    }
    base.at(base.center + shift)
}
