//! What the player sees on the table: the terrain and the bases, drawn to scale.

mod bases;
mod marks;
mod terrain;

use bevy::prelude::*;

pub use marks::Highlight;

/// Draw order, as z: table cloth, terrain, bases, marks on bases.
pub(crate) mod z {
    pub const CLOTH: f32 = 0.0;
    pub const TERRAIN: f32 = 1.0;
    pub const BASE: f32 = 3.0;
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((terrain::plugin, bases::plugin, marks::plugin));
}
