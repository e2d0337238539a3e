//! The game's resource and messages: the `Game` being played, each roll as it is made, each order refused.

use crate::play::Game;
use crate::play::seats::OrderRejected;
use crate::rules::log::RollEntry;
use bevy::prelude::*;

/// The game being played: the ECS steps it a frame at a time and mirrors its units as components.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct GameInPlay(pub Game);

// An order the rules refused, with the reason, for the window to say why.
impl Message for OrderRejected {}

/// A roll made this frame, for the overlay.
#[derive(Message, Debug, Clone)]
pub struct RollMade(pub RollEntry);
