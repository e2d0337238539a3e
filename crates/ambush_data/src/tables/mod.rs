//! The rule tables, as serde types loaded from `assets/rules/*.ron`: every number the rules use.
//!
//! `schema.rs` holds the tables a modder writes (each with its patch type), `checks.rs` what
//! serde cannot check, and this file the whole set: loading, patching, the bundled files.

mod checks;
mod schema;
#[cfg(test)]
mod tests;

pub use schema::*;

use crate::error::{DataError, parse_ron};
use crate::locate::{dotted_path, locate};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::OnceLock;

/// The bundled `environment.ron`, for a save made before the table existed.
fn bundled_environment() -> EnvironmentTable {
    Rules::bundled().environment.clone()
}

/// Every table, as one value. A save file embeds it, so a game resumes with the tables it began
/// with whatever becomes of its mod.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rules {
    pub general: GeneralTable,
    pub troops: TroopTable,
    pub weapons: WeaponTable,
    pub shooting: ShootingTable,
    pub wounds: WoundTable,
    pub melee: MeleeTable,
    pub cards: CardTable,
    pub generation: GenerationTable,
    pub ambush: AmbushTable,
    pub terms: TermsTable,
    #[serde(default = "bundled_environment")]
    pub environment: EnvironmentTable,
}

/// The most troop types one set of tables may have.
pub const MAX_TROOP_TYPES: usize = 64;

/// No number in a rule table may be larger than this in size. The real ones are dice, modifiers,
/// distances in SMR and counts, all far below it; a larger one is a typing mistake, and an
/// absurd one would overflow the game's sums.
pub const MAX_RULE_NUMBER: f64 = 10_000.0;
/// The most aliens one wave may bring.
pub const MAX_WAVE_SIZE: u32 = 50;
/// The most cards dealt to one alien, and jokers in one pack.
pub const MAX_CARDS_PER_ALIEN: u32 = 54;
pub const MAX_JOKERS_PER_PACK: u32 = 8;
/// The most dice one roll (or one hit, or one fall) may throw, and the most sides a die may have.
pub const MAX_DICE: u32 = 20;
pub const MAX_DIE_SIDES: u32 = 1_000;
/// The most wounds one rule may deal or a unit may take.
pub const MAX_WOUNDS: u32 = 20;
/// The most sections an edge may be cut into for placing a wave.
pub const MAX_SECTIONS: u32 = 100;
/// The longest game a table's turn counts may name (a scenario's `turn_limit` is held to it too).
pub const MAX_RULE_TURNS: u32 = 500;
/// The farthest distance a rule table may give, in SMR or base depths.
pub const MAX_RULE_DISTANCE: f32 = 100.0;

/// How many rule files there are.
pub const RULE_FILE_COUNT: usize = 11;

/// The rule files, in the order `Rules` loads them.
pub const RULE_FILES: [&str; RULE_FILE_COUNT] = [
    "general.ron",
    "troops.ron",
    "weapons.ron",
    "shooting.ron",
    "wounds.ron",
    "melee.ron",
    "cards.ron",
    "generation.ron",
    "ambush.ron",
    "terms.ron",
    "environment.ron",
];

impl Rules {
    /// Builds the tables from the text of each file in `RULE_FILES` order; `name` labels errors.
    pub fn from_texts(
        name: impl Fn(&str) -> String,
        texts: [&str; RULE_FILE_COUNT],
    ) -> Result<Rules, DataError> {
        let rules = Rules {
            general: parse_ron(&name(RULE_FILES[0]), texts[0])?,
            troops: parse_ron(&name(RULE_FILES[1]), texts[1])?,
            weapons: parse_ron(&name(RULE_FILES[2]), texts[2])?,
            shooting: parse_ron(&name(RULE_FILES[3]), texts[3])?,
            wounds: parse_ron(&name(RULE_FILES[4]), texts[4])?,
            melee: parse_ron(&name(RULE_FILES[5]), texts[5])?,
            cards: parse_ron(&name(RULE_FILES[6]), texts[6])?,
            generation: parse_ron(&name(RULE_FILES[7]), texts[7])?,
            ambush: parse_ron(&name(RULE_FILES[8]), texts[8])?,
            terms: parse_ron(&name(RULE_FILES[9]), texts[9])?,
            environment: parse_ron(&name(RULE_FILES[10]), texts[10])?,
        };
        rules.check(&|file: &str, field: &str| {
            let text = RULE_FILES
                .iter()
                .position(|f| *f == file)
                .map_or("", |i| texts[i]);
            let (line, column) = locate(text, &dotted_path(field));
            (name(file), line, column)
        })?;
        Ok(rules)
    }

    /// Parses `text`, a mod's version of the rule file `file` (one of `RULE_FILES`), as a patch
    /// and writes it over these tables. `shown` names the file in errors. The merged tables are
    /// checked as a whole by `check` once every patch is in.
    pub fn apply_patch(&mut self, file: &str, shown: &str, text: &str) -> Result<(), DataError> {
        match file {
            "general.ron" => parse_ron::<GeneralTablePatch>(shown, text)?.apply(&mut self.general),
            "troops.ron" => parse_ron::<TroopTablePatch>(shown, text)?.apply(&mut self.troops),
            "weapons.ron" => parse_ron::<WeaponTablePatch>(shown, text)?.apply(&mut self.weapons),
            "shooting.ron" => {
                parse_ron::<ShootingTablePatch>(shown, text)?.apply(&mut self.shooting)
            }
            "wounds.ron" => parse_ron::<WoundTablePatch>(shown, text)?.apply(&mut self.wounds),
            "melee.ron" => parse_ron::<MeleeTablePatch>(shown, text)?.apply(&mut self.melee),
            "cards.ron" => parse_ron::<CardTablePatch>(shown, text)?.apply(&mut self.cards),
            "generation.ron" => {
                parse_ron::<GenerationTablePatch>(shown, text)?.apply(&mut self.generation)
            }
            "ambush.ron" => parse_ron::<AmbushTablePatch>(shown, text)?.apply(&mut self.ambush),
            "terms.ron" => parse_ron::<TermsTablePatch>(shown, text)?.apply(&mut self.terms),
            "environment.ron" => {
                parse_ron::<EnvironmentTablePatch>(shown, text)?.apply(&mut self.environment)
            }
            _ => {
                return Err(DataError::at(
                    shown,
                    1,
                    1,
                    format!("not a rule file: expected one of {}", RULE_FILES.join(", ")),
                ));
            }
        }
        Ok(())
    }

    /// Loads every table from a directory such as `assets/rules`.
    pub fn from_dir(dir: &Path) -> Result<Rules, DataError> {
        let mut texts: Vec<String> = Vec::with_capacity(RULE_FILES.len());
        for file in RULE_FILES {
            let path = dir.join(file);
            let text = std::fs::read_to_string(&path).map_err(|e| {
                DataError::at(
                    &path.display().to_string(),
                    0,
                    0,
                    format!("cannot read: {e}"),
                )
            })?;
            texts.push(text);
        }
        let refs: [&str; RULE_FILE_COUNT] = std::array::from_fn(|i| texts[i].as_str());
        Rules::from_texts(|f| dir.join(f).display().to_string(), refs)
    }

    // The checks are in `checks.rs`.
}

impl Rules {
    /// The line of `kind`. Scenarios are checked against the tables before play, so every
    /// unit's troop type has one.
    #[inline]
    pub fn troop(&self, kind: TroopType) -> &TroopProfile {
        &self.troops.troops[&kind]
    }

    /// What the player reads for one unit of `kind`.
    pub fn troop_name(&self, kind: TroopType) -> &str {
        match self.troops.troops.get(&kind) {
            Some(p) if !p.display.is_empty() => &p.display,
            _ => kind.as_str(),
        }
    }

    /// Hit dice a hit by `weapon` places: its own number, or its class's.
    pub fn hit_dice_of(&self, weapon: &WeaponProfile) -> u32 {
        weapon.hit_dice.unwrap_or_else(|| {
            self.weapons
                .hit_dice
                .get(&weapon.class)
                .copied()
                .unwrap_or(1)
        })
    }

    #[inline]
    pub fn weapon(&self, name: &str) -> Option<&WeaponProfile> {
        self.weapons.weapons.get(name)
    }
}

/// The rule files shipped in `assets/rules`, compiled in so the simulator and the tests need no
/// working directory. `build.rs` has already checked that they parse.
const BUNDLED: [&str; RULE_FILE_COUNT] = [
    include_str!("../../../../assets/rules/general.ron"),
    include_str!("../../../../assets/rules/troops.ron"),
    include_str!("../../../../assets/rules/weapons.ron"),
    include_str!("../../../../assets/rules/shooting.ron"),
    include_str!("../../../../assets/rules/wounds.ron"),
    include_str!("../../../../assets/rules/melee.ron"),
    include_str!("../../../../assets/rules/cards.ron"),
    include_str!("../../../../assets/rules/generation.ron"),
    include_str!("../../../../assets/rules/ambush.ron"),
    include_str!("../../../../assets/rules/terms.ron"),
    include_str!("../../../../assets/rules/environment.ron"),
];

/// The text of the bundled rule file `file` (one of `RULE_FILES`), as the game was built with it.
pub fn bundled_text(file: &str) -> Option<&'static str> {
    RULE_FILES
        .iter()
        .position(|f| *f == file)
        .map(|i| BUNDLED[i])
}

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
