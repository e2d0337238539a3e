//! The fuzzer: random mutations of the shipped scenarios, mod files, rule tables and the window's settings file, each refused with a located error or played without a panic.
//!
//! A case is one seed: it picks a file, mutates its text (a number made extreme or written out
//! past the largest float, a line deleted or repeated, junk or a raw string inserted, the text
//! cut short) or puts a socket, a folder or an endless device where the file should be, and
//! loads it as the game would. The verdict is a refusal that names a file and a line, or a
//! short AI-vs-AI game that ends within its step cap, as `simulate --games 1` plays it. `ambush fuzz` runs
//! thousands of cases and `tests/game/fuzz.rs` a few hundred; the same seed is the same case.

use super::play_game;
use ambush_data::check::parse_scenario;
use ambush_data::mods::{MANIFEST, RulePatch, load_mod_rules, rules_with_patches};
use ambush_data::tables::{RULE_FILE_COUNT, RULE_FILES};
use ambush_data::{DataError, Rules};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The turn limit a fuzzed game is cut to: long enough for waves, melee and an ambush's
/// aftermath, short enough for thousands of cases.
pub const FUZZ_TURNS: u32 = 3;

/// A data file of the corpus: the name errors show, and its text.
#[derive(Debug, Clone)]
pub struct DataFile {
    pub shown: String,
    pub text: String,
}

/// A mod's files: its rule patches (with the bundled file each patches), scenarios and tables.
#[derive(Debug, Clone)]
pub struct ModFiles {
    pub patches: Vec<(&'static str, DataFile)>,
    pub scenarios: Vec<DataFile>,
    pub rules: Arc<Rules>,
}

/// Every file the fuzzer mutates, read once from a checkout of the game.
#[derive(Debug, Clone)]
pub struct Corpus {
    pub bundled: Arc<Rules>,
    /// `assets/rules/*.ron`, in `RULE_FILES` order.
    pub rule_files: Vec<DataFile>,
    /// `scenarios/*.ron`.
    pub scenarios: Vec<DataFile>,
    pub mods: Vec<ModFiles>,
    /// Files that layers above read and give the fuzzer (`Corpus::with_settings`): the
    /// window's key bindings, a turn message of a game played by file.
    pub settings: Vec<SettingsFile>,
}

/// A file a layer above reads (the window's settings, a turn message): its sample text, and how
/// that layer reads it (an error is a refusal). The fuzz command (`cli::fuzz::corpus`) gives it
/// from those layers, which know nothing of the fuzzer; the fuzzer only mutates it.
#[derive(Debug, Clone)]
pub struct SettingsFile {
    pub file: DataFile,
    pub read: fn(shown: &str, text: &str) -> Result<(), DataError>,
}

/// Which file a case mutates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A bundled scenario, by index.
    Scenario(usize),
    /// A mod's scenario: mod, scenario.
    ModScenario(usize, usize),
    /// A bundled rule file, by index into `RULE_FILES`.
    RuleFile(usize),
    /// A mod's rule patch: mod, patch.
    ModPatch(usize, usize),
    /// One of the files layers above give, by index.
    Settings(usize),
}

/// One case's mutated file.
#[derive(Debug, Clone)]
pub struct Mutant {
    pub case: u64,
    pub target: Target,
    pub shown: String,
    pub text: String,
    /// What was done to the text, in words with line numbers, for replaying by hand.
    pub mutations: Vec<String>,
    /// Instead of a text, the loader finds this where the file should be.
    pub replaced_by: Option<NotAFile>,
}

/// What a loader may find where a data file should be: each would block a read for ever or
/// never end, unless only regular files are read and every read is bounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotAFile {
    /// A Unix socket (opening one as a file fails; a named pipe would block).
    Socket,
    /// A folder of the file's name.
    Folder,
    /// A link to `/dev/zero`, a device that never ends.
    EndlessDevice,
    /// A good file with a second name, a hard link (only for a mod's rule file, which must be
    /// the mod's own): from inside the mod nothing tells where the other name lies, so only the
    /// count of links gives it away.
    HardLinkFromOutside,
}

impl NotAFile {
    const ALL: [NotAFile; 4] = [
        NotAFile::Socket,
        NotAFile::Folder,
        NotAFile::EndlessDevice,
        NotAFile::HardLinkFromOutside,
    ];

    /// Puts this at `path`, with `text` for a file that is one; the socket's listener must
    /// live while the file is read.
    #[cfg(unix)]
    fn make(
        self,
        path: &Path,
        text: &str,
    ) -> std::io::Result<Option<std::os::unix::net::UnixListener>> {
        match self {
            NotAFile::Socket => std::os::unix::net::UnixListener::bind(path).map(Some),
            NotAFile::Folder => std::fs::create_dir_all(path).map(|()| None),
            NotAFile::EndlessDevice => std::os::unix::fs::symlink("/dev/zero", path).map(|()| None),
            NotAFile::HardLinkFromOutside => {
                let outside = path.with_extension("outside");
                std::fs::write(&outside, text)?;
                std::fs::hard_link(&outside, path).map(|()| None)
            }
        }
    }
}

/// What became of a mutated file.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Refused with an error that names a file of the corpus and a line.
    Refused(DataError),
    /// Loaded, and a short game played to its end or its turn limit.
    Played { turns: u32 },
    /// A file of a layer above that loaded: the bindings, or a turn message that fits the game
    /// and replays (no game is played with it here).
    Accepted,
    /// Refused, but the error names no file of the corpus or no line: a bug.
    Unlocated(DataError),
    /// Accepted, but its game had not ended when the step cap (`batch::step_cap`) stopped it:
    /// a bug, a game that would never end.
    RanPastItsStepCap { turns: u32 },
}

/// A case that went wrong: a panic or an unlocated error.
#[derive(Debug, Clone)]
pub struct Failure {
    pub case: u64,
    pub file: String,
    pub mutations: Vec<String>,
    pub message: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "case {} (replay: ambush fuzz --case {}): {}: {}: {}",
            self.case,
            self.case,
            self.file,
            self.mutations.join("; "),
            self.message
        )
    }
}

/// Numbers a mutation writes in place of one: edges, signs, and values no table holds.
const EXTREMES: [&str; 18] = [
    "0",
    "-1",
    "1",
    "0.0",
    "-0.5",
    "1e30",
    "-1e30",
    "1e-30",
    "NaN",
    "inf",
    "99999999999",
    "99999999999.0",
    "2147483647",
    "-2147483648",
    "4294967295",
    "18446744073709551615",
    "360.5",
    "1e39",
];

/// Text a mutation inserts: brackets, quotes, comments and stray tokens.
/// Letters a player cannot see or tell from others: a zero-width space, a right-to-left
/// override and isolate, a byte-order mark, a soft hyphen, a Hangul filler, and a Cyrillic М.
const STRANGE_LETTERS: [char; 7] = [
    '\u{200B}', '\u{202E}', '\u{2066}', '\u{FEFF}', '\u{00AD}', '\u{3164}', '\u{041C}',
];

const JUNK: [&str; 20] = [
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "\"",
    ":",
    "/*",
    "//",
    "Some(",
    "#",
    "x: 1,",
    "r\"\\\"",
    "r#\"NaN\"#",
    "'\"'",
    "'\\''",
    "b\"",
    "NaN",
];

fn read(root: &Path, rel: &Path) -> Result<DataFile, String> {
    let text = std::fs::read_to_string(root.join(rel))
        .map_err(|e| format!("{}: cannot read: {e}", root.join(rel).display()))?;
    Ok(DataFile {
        shown: rel.display().to_string(),
        text,
    })
}

/// The `*.ron` files of `root/rel`, sorted, as paths relative to `root`.
fn ron_files(root: &Path, rel: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(root.join(rel)) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .filter(|e| e.path().extension().is_some_and(|x| x == "ron"))
        .map(|e| rel.join(e.file_name()))
        .collect();
    files.sort();
    files
}

impl Corpus {
    /// Reads the corpus from a checkout of the game: `scenarios/`, `assets/rules/` and every
    /// mod under `mods/`.
    pub fn load(root: &Path) -> Result<Corpus, String> {
        let rule_files = RULE_FILES
            .iter()
            .map(|f| read(root, &Path::new("assets/rules").join(f)))
            .collect::<Result<Vec<_>, _>>()?;
        let scenarios = ron_files(root, Path::new("scenarios"))
            .iter()
            .map(|p| read(root, p))
            .collect::<Result<Vec<_>, _>>()?;
        if scenarios.is_empty() {
            return Err(format!(
                "{}: no scenarios/*.ron here; run from a checkout of the game or give --root",
                root.display()
            ));
        }
        let mut mods = Vec::new();
        let mut mod_dirs: Vec<PathBuf> = std::fs::read_dir(root.join("mods"))
            .map(|entries| {
                entries
                    .filter_map(Result::ok)
                    .map(|e| PathBuf::from("mods").join(e.file_name()))
                    .filter(|p| root.join(p).join(MANIFEST).is_file())
                    .collect()
            })
            .unwrap_or_default();
        mod_dirs.sort();
        for dir in mod_dirs {
            let (manifest, rules) = load_mod_rules(&root.join(&dir)).map_err(|e| e.to_string())?;
            let mut patches = Vec::new();
            for rel in &manifest.overrides {
                let path = dir.join(rel);
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                let Some(file) = RULE_FILES.iter().find(|f| **f == name) else {
                    return Err(format!("{}: not a rule file", path.display()));
                };
                patches.push((*file, read(root, &path)?));
            }
            let scenarios = ron_files(root, &dir.join("scenarios"))
                .iter()
                .map(|p| read(root, p))
                .collect::<Result<Vec<_>, _>>()?;
            mods.push(ModFiles {
                patches,
                scenarios,
                rules,
            });
        }
        Ok(Corpus {
            bundled: Arc::new(Rules::bundled().clone()),
            rule_files,
            scenarios,
            mods,
            settings: Vec::new(),
        })
    }

    /// The corpus with another file among the files to mutate.
    pub fn with_settings(mut self, settings: SettingsFile) -> Corpus {
        self.settings.push(settings);
        self
    }

    /// Every file a case may mutate.
    pub fn targets(&self) -> Vec<Target> {
        let mut all: Vec<Target> = (0..self.scenarios.len()).map(Target::Scenario).collect();
        all.extend((0..self.rule_files.len()).map(Target::RuleFile));
        for (m, files) in self.mods.iter().enumerate() {
            all.extend((0..files.scenarios.len()).map(|s| Target::ModScenario(m, s)));
            all.extend((0..files.patches.len()).map(|p| Target::ModPatch(m, p)));
        }
        all.extend((0..self.settings.len()).map(Target::Settings));
        all
    }

    fn file(&self, target: Target) -> &DataFile {
        const NONE: &DataFile = &DataFile {
            shown: String::new(),
            text: String::new(),
        };
        match target {
            Target::Scenario(i) => &self.scenarios[i],
            Target::ModScenario(m, i) => &self.mods[m].scenarios[i],
            Target::RuleFile(i) => &self.rule_files[i],
            Target::ModPatch(m, i) => &self.mods[m].patches[i].1,
            Target::Settings(i) => self.settings.get(i).map_or(NONE, |s| &s.file),
        }
    }

    /// Whether `file` is one the corpus holds (an error must name one).
    fn knows(&self, file: &str) -> bool {
        let bundled_rule = file.strip_prefix("assets/rules/").is_some_and(|f| {
            RULE_FILES
                .iter()
                .any(|r| f.trim_end_matches(" (bundled)") == *r)
        });
        bundled_rule
            || self.scenarios.iter().any(|d| d.shown == file)
            || self.settings.iter().any(|s| s.file.shown == file)
            || self.mods.iter().any(|m| {
                m.scenarios.iter().any(|d| d.shown == file)
                    || m.patches.iter().any(|(_, d)| d.shown == file)
            })
    }

    /// Case `case`'s file and what is done to it: one to three mutations.
    pub fn mutant(&self, case: u64) -> Mutant {
        let mut rng = ChaCha8Rng::seed_from_u64(case);
        let targets = self.targets();
        let target = targets[rng.random_range(0..targets.len())];
        let file = self.file(target);
        let mut text = file.text.clone();
        let mut mutations = Vec::new();
        // One case in twenty finds no file at all where the file should be.
        let rules_file = matches!(target, Target::RuleFile(_) | Target::ModPatch(..));
        let kinds = if rules_file {
            &NotAFile::ALL[..]
        } else {
            &NotAFile::ALL[..3]
        };
        let replaced_by = (cfg!(unix) && rng.random_range(0..20) == 0)
            .then(|| kinds[rng.random_range(0..kinds.len())]);
        if let Some(kind) = replaced_by {
            mutations.push(format!("the file replaced by {kind:?}"));
        } else {
            for _ in 0..rng.random_range(1..=3) {
                mutations.push(mutate(&mut rng, &mut text));
            }
        }
        Mutant {
            case,
            target,
            shown: file.shown.clone(),
            text,
            mutations,
            replaced_by,
        }
    }

    /// Loads a mutated file as the game would, and plays a short game with what loaded.
    pub fn judge(&self, mutant: &Mutant) -> Verdict {
        #[cfg(unix)]
        if let Some(kind) = mutant.replaced_by {
            return self.judge_not_a_file(mutant, kind);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(mutant.case ^ 0x5eed);
        let loaded = match mutant.target {
            Target::Settings(i) => {
                let Some(settings) = self.settings.get(i) else {
                    return Verdict::Accepted;
                };
                return match (settings.read)(&mutant.shown, &mutant.text) {
                    Ok(()) => Verdict::Accepted,
                    Err(e) => self.refusal(e),
                };
            }
            Target::Scenario(_) => parse_scenario(&mutant.shown, &mutant.text, &self.bundled)
                .map(|s| (s, self.bundled.clone())),
            Target::ModScenario(m, _) => {
                let rules = self.mods[m].rules.clone();
                parse_scenario(&mutant.shown, &mutant.text, &rules).map(|s| (s, rules))
            }
            Target::RuleFile(i) => {
                let texts: [&str; RULE_FILE_COUNT] = std::array::from_fn(|k| {
                    if k == i {
                        mutant.text.as_str()
                    } else {
                        self.rule_files[k].text.as_str()
                    }
                });
                Rules::from_texts(|f| format!("assets/rules/{f}"), texts)
                    .and_then(|rules| self.a_scenario(&mut rng, &self.scenarios, rules))
            }
            Target::ModPatch(m, i) => {
                let files = &self.mods[m];
                let patches: Vec<RulePatch> = files
                    .patches
                    .iter()
                    .enumerate()
                    .map(|(k, (file, d))| RulePatch {
                        file,
                        shown: &d.shown,
                        text: if k == i { &mutant.text } else { &d.text },
                    })
                    .collect();
                let scenarios = if files.scenarios.is_empty() {
                    &self.scenarios
                } else {
                    &files.scenarios
                };
                rules_with_patches(&patches)
                    .and_then(|rules| self.a_scenario(&mut rng, scenarios, rules))
            }
        };
        match loaded {
            Err(e) => self.refusal(e),
            Ok((mut scenario, rules)) => {
                scenario.turn_limit = scenario.turn_limit.min(FUZZ_TURNS);
                // As `simulate --games 1` plays it: to its end, within the step cap.
                let result = play_game(&scenario, rules, mutant.case, 0, None, false);
                if result.outcome.is_none() {
                    return Verdict::RanPastItsStepCap {
                        turns: result.turns,
                    };
                }
                Verdict::Played {
                    turns: result.turns,
                }
            }
        }
    }

    /// Puts `kind` where the mutant's file should be, in a scratch folder (a mod's folder for a
    /// rule file), and loads it as the game's loaders do: it must be refused, naming the file.
    #[cfg(unix)]
    fn judge_not_a_file(&self, mutant: &Mutant, kind: NotAFile) -> Verdict {
        let scratch = std::env::temp_dir().join(format!(
            "ambush-fuzz-{}-{}",
            std::process::id(),
            mutant.case
        ));
        let _ = std::fs::remove_dir_all(&scratch);
        let name = Path::new(&mutant.shown)
            .file_name()
            .map_or_else(|| "file.ron".into(), |n| n.to_string_lossy().into_owned());
        let rules_file = matches!(mutant.target, Target::RuleFile(_) | Target::ModPatch(..));
        let path = if rules_file {
            scratch.join("rules").join(&name)
        } else {
            scratch.join(&name)
        };
        let loaded = std::fs::create_dir_all(path.parent().unwrap_or(&scratch))
            .and_then(|()| {
                std::fs::write(
                    scratch.join(MANIFEST),
                    format!(
                        "(name: \"Fuzz\", version: \"1.0.0\", game_version: \"0.1\", overrides: [\"rules/{name}\"])"
                    ),
                )
            })
            .and_then(|()| kind.make(&path, &mutant.text))
            .map(|listener| {
                let shown = path.display().to_string();
                let result = match mutant.target {
                    Target::Scenario(_) | Target::ModScenario(..) => {
                        ambush_data::check::load_scenario_file(&path, &self.bundled).map(|_| ())
                    }
                    Target::RuleFile(_) | Target::ModPatch(..) => {
                        load_mod_rules(&scratch).map(|_| ())
                    }
                    Target::Settings(_) => ambush_data::error::read_bounded(
                        &path,
                        &shown,
                        ambush_data::error::MAX_FILE_BYTES,
                    )
                    .map(|_| ()),
                };
                drop(listener);
                (shown, result)
            });
        let _ = std::fs::remove_dir_all(&scratch);
        match loaded {
            Err(e) => Verdict::Unlocated(DataError::at(
                &mutant.shown,
                0,
                0,
                format!("the fuzzer could not make a {kind:?}: {e}"),
            )),
            Ok((_, Ok(()))) => Verdict::Unlocated(DataError::at(
                &mutant.shown,
                0,
                0,
                format!("a {kind:?} where the file should be was read as a file"),
            )),
            // The scratch copy stands for the corpus file: the error must name it, or name the
            // manifest's line that lists it (a link out of the mod is refused there).
            Ok((shown, Err(e))) if e.file == shown && e.line >= 1 => Verdict::Refused(DataError {
                file: mutant.shown.clone(),
                ..e
            }),
            Ok((_, Err(e)))
                if rules_file
                    && e.file.ends_with(MANIFEST)
                    && e.line >= 1
                    && e.message.contains(&format!("rules/{name}")) =>
            {
                Verdict::Refused(DataError {
                    file: format!("{} (as the manifest lists it)", mutant.shown),
                    ..e
                })
            }
            Ok((_, Err(e))) => Verdict::Unlocated(e),
        }
    }

    /// One of `scenarios`, checked against mutated tables.
    fn a_scenario(
        &self,
        rng: &mut ChaCha8Rng,
        scenarios: &[DataFile],
        rules: Rules,
    ) -> Result<(ambush_data::Scenario, Arc<Rules>), DataError> {
        let file = scenarios.choose(rng).unwrap_or(&self.scenarios[0]);
        let scenario = parse_scenario(&file.shown, &file.text, &rules)?;
        Ok((scenario, Arc::new(rules)))
    }

    fn refusal(&self, e: DataError) -> Verdict {
        if e.line >= 1 && e.column >= 1 && self.knows(&e.file) {
            Verdict::Refused(e)
        } else {
            Verdict::Unlocated(e)
        }
    }

    /// Runs case `case`, catching a panic: the verdict, or what went wrong.
    pub fn run_case(&self, case: u64) -> Result<Verdict, Failure> {
        let mutant = self.mutant(case);
        let fail = |message: String| Failure {
            case,
            file: mutant.shown.clone(),
            mutations: mutant.mutations.clone(),
            message,
        };
        let judged = std::panic::catch_unwind(AssertUnwindSafe(|| self.judge(&mutant)));
        match judged {
            Ok(Verdict::Unlocated(e)) => Err(fail(format!("refused without a place: {e}"))),
            Ok(Verdict::RanPastItsStepCap { turns }) => Err(fail(format!(
                "accepted, but its game ran past its step cap (turn {turns})"
            ))),
            Ok(verdict) => Ok(verdict),
            Err(payload) => Err(fail(format!("panicked: {}", panic_message(&*payload)))),
        }
    }

    /// Runs `cases` cases from `seed` in parallel (case seeds `seed`, `seed + 1`, …).
    pub fn soak(&self, seed: u64, cases: u64, each: impl Fn() + Sync) -> Soak {
        let results: Vec<Result<Verdict, Failure>> = (0..cases)
            .into_par_iter()
            .map(|i| {
                let r = self.run_case(seed.wrapping_add(i));
                each();
                r
            })
            .collect();
        let mut soak = Soak {
            cases,
            ..Soak::default()
        };
        for r in results {
            match r {
                Ok(Verdict::Refused(_)) => soak.refused += 1,
                Ok(Verdict::Played { .. }) => soak.played += 1,
                Ok(Verdict::Accepted) => soak.accepted += 1,
                Ok(Verdict::Unlocated(_) | Verdict::RanPastItsStepCap { .. }) => {}
                Err(f) => soak.failures.push(f),
            }
        }
        soak
    }
}

/// What a soak run came to.
#[derive(Debug, Clone, Default)]
pub struct Soak {
    pub cases: u64,
    pub refused: u64,
    pub played: u64,
    /// Bindings files that loaded.
    pub accepted: u64,
    /// Panics and unlocated refusals, by case.
    pub failures: Vec<Failure>,
}

/// The text of a panic's payload.
fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

/// The 1-based line of byte offset `at` in `text`.
fn line_at(text: &str, at: usize) -> usize {
    text[..at].matches('\n').count() + 1
}

/// The byte ranges of the number tokens in `text`: digits, with a sign, a point, an exponent.
fn numbers(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts =
            b[i].is_ascii_digit() || (b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        let after_word = i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if starts && !after_word {
            let start = i;
            i += 1;
            while i < b.len()
                && (b[i].is_ascii_alphanumeric()
                    || b[i] == b'.'
                    || b[i] == b'_'
                    || (matches!(b[i], b'-' | b'+') && matches!(b[i - 1], b'e' | b'E')))
            {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// A random char boundary of `text`.
fn boundary(rng: &mut ChaCha8Rng, text: &str) -> usize {
    let mut at = rng.random_range(0..=text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Applies one random mutation to `text`, and says what it did.
fn mutate(rng: &mut ChaCha8Rng, text: &mut String) -> String {
    let lines: Vec<(usize, usize)> = {
        let mut start = 0;
        let mut v = Vec::new();
        for (i, c) in text.char_indices() {
            if c == '\n' {
                v.push((start, i + 1));
                start = i + 1;
            }
        }
        if start < text.len() {
            v.push((start, text.len()));
        }
        v
    };
    let nums = numbers(text);
    match rng.random_range(0..13) {
        // A number replaced: the most common mutation, as numbers are what checks guard.
        0..=4 if !nums.is_empty() => {
            let (a, b) = nums[rng.random_range(0..nums.len())];
            let new = match rng.random_range(0..5) {
                0 => rng.random_range(-1000..1000).to_string(),
                1 => format!("{:.2}", rng.random_range(-500.0..500.0f32)),
                // Written out in full, past `f32::MAX` (39 digits) or just short of it: no
                // exponent for a scan to see.
                2 => format!(
                    "{}{}.0",
                    if rng.random_bool(0.5) { "-" } else { "" },
                    "9".repeat(rng.random_range(30..=60))
                ),
                _ => EXTREMES[rng.random_range(0..EXTREMES.len())].to_string(),
            };
            let what = format!(
                "line {}: `{}` replaced by `{new}`",
                line_at(text, a),
                &text[a..b]
            );
            text.replace_range(a..b, &new);
            what
        }
        5 if !lines.is_empty() => {
            let (a, b) = lines[rng.random_range(0..lines.len())];
            let what = format!("line {} deleted", line_at(text, a));
            text.replace_range(a..b, "");
            what
        }
        6 if !lines.is_empty() => {
            let (a, b) = lines[rng.random_range(0..lines.len())];
            let times = *[1usize, 2, 40, 300].choose(rng).unwrap_or(&1);
            let what = format!("line {} repeated {times} more times", line_at(text, a));
            let line = text[a..b].to_string();
            text.insert_str(b, &line.repeat(times));
            what
        }
        7 if lines.len() >= 2 => {
            let k = rng.random_range(0..lines.len() - 1);
            let ((a, b), (c, d)) = (lines[k], lines[k + 1]);
            let what = format!(
                "lines {} and {} swapped",
                line_at(text, a),
                line_at(text, c)
            );
            let swapped = format!("{}{}", &text[c..d], &text[a..b]);
            text.replace_range(a..d, &swapped);
            what
        }
        8 => {
            let at = boundary(rng, text);
            let junk = JUNK[rng.random_range(0..JUNK.len())];
            let what = format!("line {}: `{junk}` inserted", line_at(text, at));
            text.insert_str(at, junk);
            what
        }
        // A string made raw, ending in a backslash: in a raw string it is no escape, and a scan
        // that reads it as one would take the rest of the file for the string.
        9 if text.contains('"') => {
            let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
            let k = rng.random_range(0..quotes.len().div_ceil(2)) * 2;
            let (open, close) = (quotes[k], quotes.get(k + 1).copied().unwrap_or(text.len()));
            let what = format!(
                "line {}: a string made raw with a backslash",
                line_at(text, open)
            );
            text.insert(close, '\\');
            text.insert(open, 'r');
            what
        }
        // A shape made a polygon: round its centre, or its points in any order, so it often
        // crosses itself (which must be refused with its place).
        10 if text.contains("shape: ") => {
            let starts: Vec<usize> = text.match_indices("shape: ").map(|(i, _)| i + 7).collect();
            let a = starts[rng.random_range(0..starts.len())];
            let mut depth = 0usize;
            let mut b = text.len();
            for (i, c) in text[a..].char_indices() {
                match c {
                    '(' => depth += 1,
                    ')' if depth <= 1 => {
                        b = a + i + 1;
                        break;
                    }
                    ')' => depth -= 1,
                    ',' | '\n' if depth == 0 => {
                        b = a + i;
                        break;
                    }
                    _ => {}
                }
            }
            let n = rng.random_range(1..=9usize);
            let (cx, cy) = (
                rng.random_range(0.0..60.0f32),
                rng.random_range(0.0..45.0f32),
            );
            let round = rng.random_bool(0.5);
            let points: Vec<String> = (0..n)
                .map(|k| {
                    let angle = if round {
                        k as f32 / n as f32 * std::f32::consts::TAU
                    } else {
                        rng.random_range(0.0..std::f32::consts::TAU)
                    };
                    let r = rng.random_range(0.5..8.0f32);
                    format!("({:.2}, {:.2})", cx + r * angle.cos(), cy + r * angle.sin())
                })
                .collect();
            let new = format!("Polygon(points: [{}])", points.join(", "));
            let what = format!("line {}: a shape made `{new}`", line_at(text, a));
            text.replace_range(a..b, &new);
            what
        }
        // A name given an invisible character, a bidi control or a look-alike letter, or made
        // of one alone: a label must be refused, and any name printed escaped.
        11 if text.contains('"') => {
            let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
            let k = rng.random_range(0..quotes.len().div_ceil(2)) * 2;
            let (open, close) = (quotes[k], quotes.get(k + 1).copied().unwrap_or(text.len()));
            let strange = STRANGE_LETTERS[rng.random_range(0..STRANGE_LETTERS.len())];
            let what = format!(
                "line {}: {} put in a string",
                line_at(text, open),
                strange.escape_unicode()
            );
            if rng.random_bool(0.3) {
                text.replace_range(open + 1..close, &strange.to_string());
            } else {
                let inside: Vec<usize> = text[open + 1..close]
                    .char_indices()
                    .map(|(i, _)| open + 1 + i)
                    .chain(std::iter::once(close))
                    .collect();
                text.insert(inside[rng.random_range(0..inside.len())], strange);
            }
            what
        }
        _ => {
            let at = boundary(rng, text);
            let what = format!("cut short at line {}", line_at(text, at));
            text.truncate(at);
            what
        }
    }
}
