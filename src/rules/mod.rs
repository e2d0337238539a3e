//! Pure rule math with no ECS: tables, dice, cards, geometry, and each phase's rules.

pub mod ambush;
pub mod cards;
pub mod dice;
pub mod flow;
pub mod generation;
pub mod geometry;
pub mod log;
pub mod melee;
pub mod movement;
pub mod preview;
pub mod shooting;
pub mod surprise;
pub mod table;
pub mod tables;
pub mod wounds;

#[cfg(test)]
mod tests;

pub use tables::Rules;

use std::sync::OnceLock;

/// The rule files shipped in `assets/rules`, compiled into the binary so the simulator and the
/// tests need no working directory. `build.rs` has already checked that they parse.
const BUNDLED: [&str; tables::RULE_FILE_COUNT] = [
    include_str!("../../assets/rules/general.ron"),
    include_str!("../../assets/rules/troops.ron"),
    include_str!("../../assets/rules/weapons.ron"),
    include_str!("../../assets/rules/shooting.ron"),
    include_str!("../../assets/rules/wounds.ron"),
    include_str!("../../assets/rules/melee.ron"),
    include_str!("../../assets/rules/cards.ron"),
    include_str!("../../assets/rules/generation.ron"),
    include_str!("../../assets/rules/ambush.ron"),
];

impl Rules {
    /// The bundled tables (parsed once).
    pub fn bundled() -> &'static Rules {
        static RULES: OnceLock<Rules> = OnceLock::new();
        RULES.get_or_init(|| {
            match Rules::from_texts(|f| format!("assets/rules/{f}"), BUNDLED) {
                Ok(r) => r,
                // build.rs parses these same files, so a broken one never gets this far.
                Err(e) => panic!("bundled rule tables are broken: {e}"),
            }
        })
    }
}
