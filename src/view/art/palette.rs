//! The art's colours: the palette, ordinary or high contrast, with each terrain look's fill and ink apart in lightness.

use ambush_data::board::{Side, TerrainLook};
use ambush_data::scenario::Environment;
use bevy::prelude::*;

/// The colours the table is drawn in: the usual palette, or one of stronger contrast.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Palette {
    pub high_contrast: bool,
}

/// A terrain look's fill and the colour of its pattern. The fills differ in lightness as well as
/// hue, so they stay apart in grey and for colour-blind players; the pattern tells them apart
/// again.
impl Palette {
    pub fn fill(self, look: TerrainLook) -> Color {
        let (r, g, b) = match (look, self.high_contrast) {
            (TerrainLook::Open, false) => (0.62, 0.66, 0.46),
            (TerrainLook::Woods, false) => (0.13, 0.33, 0.17),
            (TerrainLook::Rough, false) => (0.60, 0.50, 0.30),
            (TerrainLook::Water, false) => (0.20, 0.42, 0.72),
            (TerrainLook::Rocks, false) => (0.33, 0.31, 0.30),
            (TerrainLook::Wall, false) => (0.80, 0.70, 0.48),
            (TerrainLook::Ship, false) => (0.68, 0.72, 0.78),
            (TerrainLook::Deck, false) => (0.36, 0.39, 0.44),
            (TerrainLook::Hill, false) => (0.74, 0.66, 0.44),
            (TerrainLook::Open, true) => (0.85, 0.85, 0.70),
            (TerrainLook::Woods, true) => (0.0, 0.25, 0.05),
            (TerrainLook::Rough, true) => (0.75, 0.55, 0.15),
            (TerrainLook::Water, true) => (0.0, 0.35, 0.95),
            (TerrainLook::Rocks, true) => (0.25, 0.22, 0.20),
            (TerrainLook::Wall, true) => (1.0, 0.92, 0.55),
            (TerrainLook::Ship, true) => (0.92, 0.95, 1.0),
            (TerrainLook::Deck, true) => (0.15, 0.15, 0.20),
            (TerrainLook::Hill, true) => (0.95, 0.80, 0.45),
        };
        Color::srgb(r, g, b)
    }

    /// The pattern drawn over a fill: lighter on dark fills, darker on light ones.
    pub fn pattern(self, look: TerrainLook) -> Color {
        let k = if self.high_contrast { 1.0 } else { 0.75 };
        let (r, g, b) = match look {
            TerrainLook::Open => (0.45, 0.50, 0.32),
            TerrainLook::Woods => (0.30, 0.58, 0.28),
            TerrainLook::Rough => (0.36, 0.28, 0.16),
            TerrainLook::Water => (0.70, 0.85, 1.0),
            TerrainLook::Rocks => (0.70, 0.67, 0.62),
            TerrainLook::Wall => (0.45, 0.36, 0.22),
            TerrainLook::Ship => (0.35, 0.38, 0.45),
            TerrainLook::Deck => (0.60, 0.64, 0.70),
            TerrainLook::Hill => (0.50, 0.40, 0.22),
        };
        let base = self.fill(look).to_srgba();
        Color::srgb(
            base.red + (r - base.red) * k,
            base.green + (g - base.green) * k,
            base.blue + (b - base.blue) * k,
        )
    }

    /// The cloth: grass on land, the sea's blue-green under water (003), the black of space.
    pub fn cloth(self, environment: Option<Environment>) -> Color {
        match (environment, self.high_contrast) {
            (None, false) => Color::srgb(0.45, 0.52, 0.34),
            (None, true) => Color::srgb(0.55, 0.62, 0.40),
            (Some(Environment::Underwater { .. }), _) => Color::srgb(0.10, 0.27, 0.35),
            (Some(Environment::Space), _) => Color::srgb(0.03, 0.03, 0.07),
        }
    }

    /// A side's token colour: blue and vermilion, the pair colour-blind readers tell apart best.
    pub fn side(self, side: Side) -> Color {
        match (side, self.high_contrast) {
            (Side::Humans, false) => Color::srgb(0.0, 0.38, 0.75),
            (Side::Aliens, false) => Color::srgb(0.80, 0.30, 0.0),
            (Side::Humans, true) => Color::srgb(0.0, 0.30, 1.0),
            (Side::Aliens, true) => Color::srgb(1.0, 0.35, 0.0),
        }
    }

    /// The ink of a token's frame and symbol.
    pub fn ink(self, side: Side) -> Color {
        match side {
            Side::Humans => Color::srgb(0.93, 0.96, 1.0),
            Side::Aliens => Color::srgb(0.12, 0.04, 0.0),
        }
    }
}
