//! Publishes each new roll-log entry as a `RollMade` message, for the overlay to show live.

use crate::game::frame::FrameSet;
use crate::game::resources::GameInPlay;
use crate::game::resources::RollMade;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, publish_rolls.in_set(FrameSet::Log));
}

fn publish_rolls(
    game: Option<Res<GameInPlay>>,
    mut cursor: Local<usize>,
    mut out: MessageWriter<RollMade>,
) {
    let Some(game) = game else { return };
    let dice = &game.dice;
    if dice.log.len() < *cursor {
        *cursor = 0; // a new game started
    }
    for entry in &dice.log[*cursor..] {
        out.write(RollMade(entry.clone()));
    }
    *cursor = dice.log.len();
}
