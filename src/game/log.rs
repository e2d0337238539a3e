//! Publishes each new roll-log entry as a `RollMade` message, for the overlay to show live.

use crate::FrameSet;
use crate::game::resources::{Dice, RollMade};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, publish_rolls.in_set(FrameSet::Log));
}

fn publish_rolls(
    dice: Option<Res<Dice>>,
    mut cursor: Local<usize>,
    mut out: MessageWriter<RollMade>,
) {
    let Some(dice) = dice else { return };
    if dice.log.len() < *cursor {
        *cursor = 0; // a new game started
    }
    for entry in &dice.log[*cursor..] {
        out.write(RollMade(entry.clone()));
    }
    *cursor = dice.log.len();
}
