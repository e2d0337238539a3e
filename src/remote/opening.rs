//! What a game played by file starts from: its opening's scenario, read and checked as any file is, and the set-up with every seat a person's.

use ambush_data::scenario::Scenario;
use ambush_data::{Rules, check};
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::{DiceSchedule, NewGame};

/// The set-up of a game played by file: its scenario, every seat a person's (the orders come
/// from the messages), and its dice.
pub fn setup_for(scenario: Scenario, schedule: DiceSchedule) -> NewGame {
    let mut setup = NewGame::new(scenario, 0, 0);
    setup.controllers = Controllers::hot_seat();
    setup.dice_schedule = schedule;
    setup
}

/// The scenario of a game's opening, checked as any file is. With an ambush, it is the public
/// scenario: the order of battle and the ambusher's default set-up, which its secret set-up
/// may change.
pub fn scenario_of(text: &str, rules: &Rules) -> Result<Scenario, String> {
    check::parse_scenario("the game's scenario", text, rules).map_err(|e| e.to_string())
}
