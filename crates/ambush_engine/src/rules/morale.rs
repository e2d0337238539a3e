//! Morale (001): a human side that has lost a third of its units withdraws; aliens ignore morale.

use crate::rules::table::Table;
use ambush_data::board::Side;
use ambush_data::tables::Rules;

/// "On losing one third of its units, morale is broken, the army withdraws from the table,
/// heading for its own base edge. It can still fire its weapons." Aliens ignore morale.
pub fn morale(table: &mut Table, rules: &Rules) {
    if !table.config.scenario.human_morale || table.progress.morale_broken {
        return;
    }
    let (num, den) = rules.general.morale_loss_fraction;
    let lost = table.human_casualties();
    if lost * den >= table.progress.humans_at_start * num && lost > 0 {
        break_human_morale(table);
    }
}

/// The humans' morale breaks: every human unit withdraws toward its own edge.
pub fn break_human_morale(table: &mut Table) {
    table.progress.morale_broken = true;
    for u in table.units.iter_mut().filter(|u| u.side == Side::Humans) {
        u.status.withdrawing = true;
    }
}
