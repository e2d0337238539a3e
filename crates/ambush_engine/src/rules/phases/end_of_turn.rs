//! The end of the turn: the ambush units recover, counters are looked for, repairs, air, morale, victory and the turn limit.

use crate::rules::ambush::hidden;
use crate::rules::ambush::recovery;
use crate::rules::dice::DiceService;
use crate::rules::environment;
use crate::rules::log::count_word;
use crate::rules::log::{RollEntry, RollKind};
use crate::rules::morale::morale;

use crate::rules::table::{Outcome, Presence, Table, UnitId};
use ambush_data::board::Side;
use ambush_data::scenario::{AttackOver, Objective};
use ambush_data::tables::Rules;

/// Repairs, the air clock, morale, victory, the end of the attack and the turn limit. Returns
/// true if the game is over.
pub fn end_of_turn(table: &mut Table, rules: &Rules, dice: &mut DiceService) -> bool {
    // The ambush-units phase: surprised units roll to join, or their surprise runs down.
    recovery::advance_surprise(table, rules, dice);
    recovery::locate_blindsiders(table, rules, dice);
    // 004's counters still on the table: anything pushed against one finds it, then the
    // ambushed side looks for the rest.
    hidden::after_move(table, rules, dice);
    hidden::spot_counters(table, rules, dice);
    repairs(table, rules, dice);
    // 003: held breath runs out under water and in the vacuum.
    environment::air_clock(table, rules, dice);
    morale(table, rules);
    if let Some(o) = victory(table, rules) {
        table.progress.outcome = Some(o.0);
        table.progress.ending = o.1;
        return true;
    }
    false
}

/// "After the melee phase, roll 1D6 per marine attempting repairs - a six indicates success."
/// Any marine in contact with the ship and not shooting or meleeing attempts it.
pub fn repairs(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    if table.progress.power_restored || table.ship().is_none() {
        return;
    }
    let tol = rules.general.contact_tolerance;
    let crew: Vec<UnitId> = table
        .side_on_table(Side::Humans)
        .filter(|u| !u.marks.shot && !u.marks.fought && table.touches_ship(&u.base, tol))
        .map(|u| u.id)
        .collect();
    for id in crew {
        let face = dice.d6();
        let ok = face as i32 >= rules.general.repair_need;
        dice.record_with(|| {
            RollEntry::dice(RollKind::Repair, "1d6", vec![face])
                .actor(table.label(id))
                .need(rules.general.repair_need)
                .success(ok)
                .effect(if ok { "power restored" } else { "no luck" })
        });
        if ok {
            table.progress.power_restored = true;
        }
    }
}

fn victory(table: &mut Table, rules: &Rules) -> Option<(Outcome, String)> {
    // A patrol through: counted before its side's empty table, which its last units leaving
    // by the edge may make.
    if let Some(Objective::ExitEdge { side, edge, count }) = &table.config.scenario.objective
        && let Some(won) = got_there(table, *side, table.exited(*side), *count, |who, n| {
            format!(
                "the {who} get through: {n} of them have left by the {} edge",
                edge.name()
            )
        })
    {
        return Some(won);
    }
    let humans_on_table = table.side_on_table(Side::Humans).count();
    let aboard = table
        .units
        .iter()
        .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Aboard)
        .count();
    // 004: a column's units still marching on are "placed on the table behind" the lead as the
    // column comes on: they are still in the fight, and the attack is not over while they come.
    let waiting = table
        .units
        .iter()
        .filter(|u| u.side == Side::Humans && u.status.presence == Presence::Waiting)
        .count();
    if humans_on_table == 0 && aboard == 0 && waiting == 0 {
        let names = &table.config.side_names;
        let why = if table.humans_alive() == 0 && table.human_casualties() > 0 {
            format!("every {} unit is destroyed", names.one(Side::Humans))
        } else {
            format!("the {} have left the table", names.of(Side::Humans))
        };
        return Some((Outcome::AliensWin, why));
    }
    // Destroy or survive: the humans, when they are the destroyers, win once every alien that
    // came is gone (the aliens' side is the humans' empty table above, as ever).
    if table.config.scenario.objective == Some(Objective::Destroy { side: Side::Humans })
        && table.wiped_out(Side::Aliens)
    {
        let names = &table.config.side_names;
        return Some((
            Outcome::HumansWin,
            format!(
                "every {} is destroyed or gone: the {} have won",
                names.one(Side::Aliens),
                names.of(Side::Humans)
            ),
        ));
    }
    if table.ship().is_some()
        && table.progress.power_restored
        && humans_on_table == 0
        && waiting == 0
        && aboard > 0
    {
        table.progress.takeoff_pending = true;
    }
    // The scenario's zone: reached at the end of any turn, held at the turn limit.
    if let Some(Objective::ReachZone { side, zone, count }) = &table.config.scenario.objective
        && let Some(won) = got_there(
            table,
            *side,
            table.standing_in(*side, zone),
            *count,
            |who, n| format!("the {who} reach the objective: {n} of them stand in it"),
        )
    {
        return Some(won);
    }
    let p = &table.progress;
    let quiet = p
        .last_wave_turn
        .is_some_and(|t| p.turn >= t + rules.generation.quiet_turns_to_end);
    if p.waves > 0
        && quiet
        && table.aliens_on_table() == 0
        && table.config.scenario.attack_over == AttackOver::HumansWin
    {
        return Some((
            Outcome::HumansWin,
            format!(
                "the attack is over: every {} is gone and no wave came for {} turns",
                table.config.side_names.one(Side::Aliens),
                count_word(rules.generation.quiet_turns_to_end)
            ),
        ));
    }
    if p.turn >= table.config.scenario.turn_limit && !p.takeoff_pending {
        if let Some(Objective::HoldZone { zone }) = &table.config.scenario.objective {
            let names = &table.config.side_names;
            let (humans, aliens) = (
                table.standing_in(Side::Humans, zone),
                table.standing_in(Side::Aliens, zone),
            );
            let holder = match (humans > 0, aliens > 0) {
                (true, false) => Some(Side::Humans),
                (false, true) => Some(Side::Aliens),
                _ => None,
            };
            return Some(match holder {
                Some(side) => (
                    win_for(side),
                    format!(
                        "the {} hold the objective alone at the turn limit ({})",
                        names.of(side),
                        table.config.scenario.turn_limit
                    ),
                ),
                None => (
                    Outcome::Draw,
                    format!(
                        "the turn limit ({}) is reached with the objective {}",
                        table.config.scenario.turn_limit,
                        if humans > 0 { "contested" } else { "empty" }
                    ),
                ),
            });
        }
        if table.config.scenario.objective == Some(Objective::Destroy { side: Side::Humans })
            && table.aliens_on_table() > 0
        {
            return Some(still_at_the_limit(table, Side::Aliens, "stand"));
        }
        // A holding action, and 001's own game named as such: the aliens had to destroy them.
        if matches!(
            table.config.scenario.objective,
            Some(Objective::HoldUntilTurnLimit | Objective::Destroy { side: Side::Aliens })
        ) {
            return Some(still_at_the_limit(table, Side::Humans, "hold"));
        }
        return Some((
            Outcome::Draw,
            format!(
                "the turn limit ({}) is reached",
                table.config.scenario.turn_limit
            ),
        ));
    }
    None
}

/// The outcome of `side` winning.
/// The win of `side`, which must get `count` of its units somewhere (through, into a zone), once
/// `there` of them are; `says` puts it in words from the side's name and that number.
fn got_there(
    table: &Table,
    side: Side,
    there: usize,
    count: u32,
    says: impl FnOnce(&str, usize) -> String,
) -> Option<(Outcome, String)> {
    (there >= count as usize)
        .then(|| (win_for(side), says(table.config.side_names.of(side), there)))
}

/// The win of `side` for still being there at the turn limit: "the marines still hold".
fn still_at_the_limit(table: &Table, side: Side, verb: &str) -> (Outcome, String) {
    let why = format!(
        "the {} still {verb} at the turn limit ({})",
        table.config.side_names.of(side),
        table.config.scenario.turn_limit
    );
    (win_for(side), why)
}

fn win_for(side: Side) -> Outcome {
    match side {
        Side::Humans => Outcome::HumansWin,
        Side::Aliens => Outcome::AliensWin,
    }
}
