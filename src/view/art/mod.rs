//! The table's art as plain triangles: terrain, tokens and the menu's maps, drawn by one code for the window's meshes and egui.
//!
//! Everything here is pure: a drawing is a list of [`Paint`]s in inches, and [`Triangles`] is
//! what both backends draw, a Bevy mesh on the table (`mesh`) and an egui mesh in the menu's
//! thumbnails (`screen::menu`). Patterns are placed by a small hash of the feature's name, not by
//! the dice service: the art never touches a rule or the roll log.

mod egui_mesh;
mod maps;
mod paint;
mod palette;
mod terrain;
#[cfg(test)]
mod tests;
mod tokens;

pub use egui_mesh::*;
pub use maps::*;
pub use paint::*;
pub use palette::*;
pub use terrain::*;
pub use tokens::*;
