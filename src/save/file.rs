//! The save file's format: versioned, human-readable RON, read as untrusted input, with the migration from older versions.

use ambush_data::board::Side;
use ambush_data::check::check_scenario;
use ambush_data::locate::Seg;
use ambush_data::scenario::{Scenario, WoundMethod};
use ambush_data::{DataError, Rules, parse_ron_within};
use ambush_engine::control::Controllers;
use ambush_engine::play::new_game::DiceSchedule;
use ambush_engine::play::record::RecordedOrder;
use ambush_engine::rules::orders::Order;
use serde::{Deserialize, Serialize};

/// The format this game writes. It reads every version from 1 up to this one. Format 3 is
/// format 2 with its orders' hashes over the state's named fields (`hashing`, version 2): an
/// older game refuses it by its version rather than by a hash it cannot check.
pub const SAVE_VERSION: u32 = 3;

/// The largest save file read, bytes: some thousands of orders with their scenario and tables.
pub const MAX_SAVE_BYTES: usize = 8 << 20;

/// The most orders a save may hold (a long hot-seat game gives a few hundred).
pub const MAX_ORDERS: usize = 100_000;

/// Why a save cannot be loaded. The game that was open is never touched by a failed load.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SaveError {
    /// The file cannot be read or parsed, or a field is wrong: with its line and column.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The orders do not replay to the recorded game.
    #[error("{file}: the save does not replay to the game it recorded: {why}; nothing was loaded")]
    Replay { file: String, why: String },
}

/// What a list of saves shows without replaying one.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveSummary {
    pub scenario: String,
    pub turn: u32,
    /// The phase the game stood in, such as "movement".
    pub phase: String,
    /// "solo", "hot-seat" or "AI v AI".
    pub players: String,
    pub orders: usize,
    pub finished: bool,
}

/// Where the game's scenario came from. The game does not need it to load: the scenario and
/// tables travel inside the save.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveSource {
    /// The scenario file, as the menu or the command line named it.
    pub file: Option<String>,
    /// The mod it belongs to, and that mod's version, if any.
    pub mod_name: Option<String>,
    pub mod_version: Option<String>,
}

impl SaveSource {
    /// The source of a game whose scenario was read from `file`: the file, and its mod's name
    /// and version when it lies in a mod's `scenarios/` folder.
    pub fn for_file(file: Option<&str>) -> SaveSource {
        let manifest = file
            .and_then(|f| ambush_data::mods::mod_of_scenario(std::path::Path::new(f)))
            .and_then(|dir| ambush_data::mods::manifest_of(&dir).ok());
        SaveSource {
            file: file.map(str::to_string),
            mod_name: manifest.as_ref().map(|m| m.name.clone()),
            mod_version: manifest.map(|m| m.version),
        }
    }
}

/// A saved game, as written to disk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    /// The format's version (`SAVE_VERSION` when written by this game).
    pub version: u32,
    /// The game that wrote it.
    pub game_version: String,
    /// When it was written, seconds since 1970 (UTC).
    pub saved_at: u64,
    pub summary: SaveSummary,
    pub source: SaveSource,
    /// The run's seed and the game's number in it: with the orders, they fix every roll.
    pub seed: u64,
    pub game: u64,
    /// The wound method chosen over the scenario's, if any.
    pub wounds: Option<WoundMethod>,
    pub controllers: Controllers,
    /// Every order the rules accepted, with the table's hash after it.
    pub orders: Vec<RecordedOrder>,
    /// The scenario as played (after any set-up screens), embedded so a later edit or a
    /// missing mod cannot change the game.
    pub scenario: Scenario,
    /// The rule tables it was played with (the bundled ones, or its mod's merged ones).
    pub rules: Rules,
    /// A game played by file: the seeds its dice took, which both players made together.
    #[serde(default, skip_serializing_if = "DiceSchedule::is_empty")]
    pub dice_schedule: DiceSchedule,
    /// `settings_hash` of the game's settings when it was saved: a turn limit, an objective or
    /// a rule table edited afterwards changes who won, and no order's hash would show it. Saves
    /// written before it was kept have none, and load unchecked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settings: Option<String>,
}

/// A fingerprint of everything in `save` the rules read besides its orders: the scenario as
/// played (its table, forces, terrain, turn limit, objective, ambush and every other switch) less
/// its name and briefing, the wound method chosen, and the rule tables. The name and briefing are
/// a player's to edit; nothing else is.
pub fn settings_hash(save: &SaveFile) -> String {
    let mut scenario = save.scenario.clone();
    scenario.name.clear();
    scenario.briefing.clear();
    let text = format!(
        "{}|{:?}|{}",
        ron::to_string(&scenario).unwrap_or_default(),
        save.wounds,
        ron::to_string(&save.rules).unwrap_or_default()
    );
    blake3::hash(text.as_bytes()).to_hex()[..16].to_string()
}

impl SaveFile {
    /// The file's text: pretty RON, one field a line.
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(4)
            .struct_names(false)
            .indentor("  ".to_string());
        match ron::ser::to_string_pretty(self, config) {
            Ok(text) => format!(
                "// An Ambush save file (format {}): see docs/saves.md.\n{text}\n",
                self.version
            ),
            // Every field is plain data; serializing it cannot fail.
            Err(e) => unreachable!("a save serializes: {e}"),
        }
    }
}

/// Just the version, read first so each format is parsed as itself.
#[derive(Deserialize)]
struct VersionProbe {
    version: u32,
}

/// Format 1, the first draft: no summary, the scenario file alone as the source, and orders
/// without the count of rolls after them. Kept readable so old saves still load.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SaveFileV1 {
    #[serde(rename = "version")]
    _version: u32,
    game_version: String,
    saved_at: u64,
    scenario_file: Option<String>,
    seed: u64,
    game: u64,
    wounds: Option<WoundMethod>,
    controllers: Controllers,
    orders: Vec<RecordedOrderV1>,
    scenario: Scenario,
    rules: Rules,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordedOrderV1 {
    side: Side,
    order: Order,
    hash: String,
}

impl SaveFileV1 {
    /// Format 1 to the current format. The summary and each order's count of rolls are filled
    /// in by the replay that every load makes; the hashes stay first-version ones.
    fn migrate(self) -> SaveFile {
        SaveFile {
            version: SAVE_VERSION,
            game_version: self.game_version,
            saved_at: self.saved_at,
            summary: SaveSummary {
                scenario: self.scenario.name.clone(),
                turn: 0,
                phase: String::new(),
                players: players_of(&self.controllers).into(),
                orders: self.orders.len(),
                finished: false,
            },
            source: SaveSource {
                file: self.scenario_file,
                ..SaveSource::default()
            },
            seed: self.seed,
            game: self.game,
            wounds: self.wounds,
            controllers: self.controllers,
            orders: self
                .orders
                .into_iter()
                .map(|o| RecordedOrder {
                    turn: 0,
                    side: o.side,
                    order: o.order,
                    hash: o.hash,
                    rolls_before: 0,
                })
                .collect(),
            scenario: self.scenario,
            rules: self.rules,
            dice_schedule: DiceSchedule::default(),
            settings: None,
        }
    }
}

/// How a list of saves names who played.
pub fn players_of(c: &Controllers) -> &'static str {
    use ambush_engine::control::Controller::{Ai, Human};
    match (c.humans, c.aliens) {
        (Human, Human) => "hot-seat",
        (Human, Ai(_)) | (Ai(_), Human) => "solo",
        (Ai(_), Ai(_)) => "AI v AI",
    }
}

/// Reads a save's text (`file` names it in errors): its version first, then the format of that
/// version, migrated to the current one; then the embedded tables and scenario are checked as a
/// mod's would be. Nothing is replayed here.
pub fn parse_save(file: &str, text: &str) -> Result<SaveFile, SaveError> {
    let probe: VersionProbe = parse_ron_within(file, text, MAX_SAVE_BYTES)?;
    let at_version = || {
        let (line, column) = ambush_data::locate::locate(text, &[Seg::Key("version")]);
        (line, column)
    };
    let save = match probe.version {
        1 => parse_ron_within::<SaveFileV1>(file, text, MAX_SAVE_BYTES)?.migrate(),
        // Format 2 is read as it stands: its orders keep their first-version hashes, which
        // the replay checks in that version.
        2 => SaveFile {
            version: SAVE_VERSION,
            ..parse_ron_within::<SaveFile>(file, text, MAX_SAVE_BYTES)?
        },
        SAVE_VERSION => parse_ron_within::<SaveFile>(file, text, MAX_SAVE_BYTES)?,
        v => {
            let (line, column) = at_version();
            let why = if v > SAVE_VERSION {
                format!(
                    "field `version`: the save is format {v}, from a newer game; this game \
                     ({}) reads formats 1 to {SAVE_VERSION}",
                    env!("CARGO_PKG_VERSION")
                )
            } else {
                format!(
                    "field `version`: there is no save format {v}; expected 1 to {SAVE_VERSION}"
                )
            };
            return Err(DataError::at(file, line, column, why).into());
        }
    };
    if save.orders.len() > MAX_ORDERS {
        let (line, column) = ambush_data::locate::locate(text, &[Seg::Key("orders")]);
        return Err(DataError::at(
            file,
            line,
            column,
            format!(
                "field `orders`: {} orders; a save may hold at most {MAX_ORDERS}",
                save.orders.len()
            ),
        )
        .into());
    }
    save.rules.check(&|table: &str, field: &str| {
        // The tables are embedded in the save, each under its file's name: `rules.troops` holds
        // troops.ron.
        let mut path = vec![
            Seg::Key("rules"),
            Seg::Entry(table.trim_end_matches(".ron").into()),
        ];
        path.extend(ambush_data::locate::dotted_path(field));
        let (line, column) = ambush_data::locate::locate(text, &path);
        (
            format!("{file} (field `rules`, from {table})"),
            line,
            column,
        )
    })?;
    if let Err(problem) = check_scenario(&save.scenario, &save.rules) {
        let mut path = vec![Seg::Key("scenario")];
        path.extend(problem.path.iter().cloned());
        let (line, column) = ambush_data::locate::locate(text, &path);
        return Err(DataError::at(
            file,
            line,
            column,
            format!("field `scenario`: {}", problem.message),
        )
        .into());
    }
    Ok(save)
}
