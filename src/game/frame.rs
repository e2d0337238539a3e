//! The frame's order in `Update`, declared once: input, the rules, the roll log, what the player may know, presentation.

use bevy::prelude::*;

/// The frame's order in `Update`: input produces orders, the rules consume them, the roll log is
/// published, then presentation reads the result. Each plugin orders its own sets inside these.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FrameSet {
    Input,
    Rules,
    Log,
    /// What the player at the screen may know is worked out (`game::visibility`).
    Visibility,
    Presentation,
}

/// Declares the frame's order in `Update`; every app calls it before adding its plugins.
pub fn order_frame(app: &mut App) {
    app.configure_sets(
        Update,
        (
            FrameSet::Input,
            FrameSet::Rules,
            FrameSet::Log,
            FrameSet::Visibility,
            FrameSet::Presentation,
        )
            .chain(),
    );
}
