//! The alien generation phase: the ambush sprung at the first turn, the doubles roll or the
//! automatic wave, then placement, and under water the descent of whoever came.

use crate::rules::ambush::spring;
use crate::rules::dice::DiceService;
use crate::rules::environment;
use crate::rules::generation;

use crate::rules::table::Table;
use ambush_data::tables::Rules;

/// The alien generation phase: the doubles roll or the automatic wave, then placement.
pub fn alien_generation(table: &mut Table, rules: &Rules, dice: &mut DiceService) {
    // A scenario's ambush is sprung as the first turn opens, before any wave.
    if table.progress.turn == 1 {
        spring::spring_ambush(table, rules, dice);
    }
    if generation::roll_for_wave(table, dice) {
        generation::place_wave(table, rules, dice);
    }
    // 003 underwater: whoever has come onto the table makes the descent to the battle's depth.
    environment::descend(table, rules, dice);
}
