//! What the player sees on the table: the terrain and the bases drawn to scale, the marks over them, darkness and murk.

pub mod art;
mod bases;
pub mod display;
mod marks;
mod night;
mod terrain;

use bevy::prelude::*;

pub use bases::{MIN_TOKEN_PX, token_growth, troop_look};
pub use display::{DisplaySettings, UI_SCALES};
pub use marks::Highlight;
pub use night::{gloom_colour, sight_radius};

/// Draw order, as z: table (cloth and terrain in one mesh), darkness, bases, marks on bases.
pub(crate) mod z {
    pub const CLOTH: f32 = 0.0;
    pub const GLOOM: f32 = 2.0;
    pub const BASE: f32 = 3.0;
}

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins((
        display::plugin,
        terrain::plugin,
        night::plugin,
        bases::plugin,
        marks::plugin,
    ));
}
