//! The game's resource and messages: the `Game` being played, each roll as it is made, each order refused.

use ambush_engine::play::Game;
use ambush_engine::play::seats::OrderRejected;
use ambush_engine::rules::log::RollEntry;
use bevy::prelude::*;

/// The game being played: the ECS steps it a frame at a time and mirrors its units as components.
#[derive(Resource, Debug, Clone, Deref, DerefMut)]
pub struct GameInPlay(pub Game);

/// An order the rules refused, with the reason, for the window to say why.
#[derive(Message, Debug, Clone, Deref)]
pub struct OrderRefused(pub OrderRejected);

/// A roll made this frame, for the overlay.
#[derive(Message, Debug, Clone)]
pub struct RollMade(pub RollEntry);
