//! Whether a received game's scenario, rule tables and mod are byte for byte the opener's own: the first message carries the scenario's whole text and its mod's rule patches, so a starter could send its own edit under a known name.

use super::crypto::Bytes32;
use super::message::{GameOpening, ModTables, rules_digest};
use ambush_data::error::{MAX_FILE_BYTES, parse_ron, read_bounded};
use ambush_data::mods::PatchText;
use std::path::{Path, PathBuf};

/// A scenario file of the opener's own: the game's, or a mod's.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnScenario {
    pub file: PathBuf,
    /// Whose it is, for the player: "the game's own scenarios", or the mod with its version.
    pub whose: String,
    /// The scenario's name, as its `name` field gives it.
    pub name: String,
    pub text: String,
}

/// How the first message's scenario compares with the opener's file of that name.
#[derive(Debug, Clone, PartialEq)]
pub enum ScenarioMatch {
    /// Byte for byte the opener's file.
    Same { file: PathBuf, whose: String },
    /// The opener's file of that name says otherwise: the lines that differ.
    Differs {
        file: PathBuf,
        whose: String,
        diff: Vec<String>,
    },
    /// The opener has no scenario of that name.
    NoFile,
}

/// How the rule tables the starter's game states compare with the opener's.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum RulesMatch {
    Same,
    Differs {
        theirs: Bytes32,
    },
    /// The message does not say (a game started by an older version).
    Unstated,
}

/// A mod of the opener's own, with its rule patches as it would send them.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnMod {
    pub dir: PathBuf,
    pub name: String,
    pub version: String,
    pub patches: Vec<PatchText>,
}

/// How the mod whose rule patches the first message carries compares with the opener's mod of
/// that name.
#[derive(Debug, Clone, PartialEq)]
pub enum ModMatch {
    /// The game plays with the bundled tables alone.
    NoMod,
    /// Every patch byte for byte the opener's mod's.
    Same { dir: PathBuf, version: String },
    /// The opener's mod of that name patches otherwise: which file, how, and the lines that
    /// differ when both patch it.
    Differs {
        dir: PathBuf,
        version: String,
        file: String,
        how: String,
        diff: Vec<String>,
    },
    /// The opener has no mod of that name.
    NotInstalled,
}

/// What the opener's game found on comparing a game's first message with its own files, before
/// its first move.
#[derive(Debug, Clone, PartialEq)]
pub struct OpeningCheck {
    /// The scenario's name, as the message gives it.
    pub name: String,
    /// BLAKE3 of the scenario's text.
    pub scenario_digest: Bytes32,
    pub scenario: ScenarioMatch,
    pub rules: RulesMatch,
    /// The digest of the rule tables the opener's game builds from the message: its own
    /// bundled tables, with the message's mod patches over them.
    pub own_rules: Bytes32,
    /// The mod the message's patches come from, compared with the opener's.
    pub mod_match: ModMatch,
    /// The mod's name and version as the message gives them.
    pub mod_named: Option<(String, String)>,
}

/// The most differing lines shown: enough to see what was changed, short enough to read.
const DIFF_LINES: usize = 16;

/// The longest line shown of a difference, in characters.
const LINE_CHARS: usize = 120;

impl OpeningCheck {
    /// Compares `opening` (a scenario named `name`) with the first of `own` of that name that
    /// is byte for byte the same, else the first of that name; and its mod's patches, if it
    /// carries some, with those of the first of `own_mods` of that name that are the same,
    /// else the first of that name.
    pub fn of(
        opening: &GameOpening,
        name: &str,
        own: &[OwnScenario],
        own_mods: &[OwnMod],
    ) -> OpeningCheck {
        let named: Vec<&OwnScenario> = own.iter().filter(|s| s.name == name).collect();
        let scenario = match named.iter().find(|s| s.text == opening.scenario) {
            Some(same) => ScenarioMatch::Same {
                file: same.file.clone(),
                whose: same.whose.clone(),
            },
            None => match named.first() {
                Some(mine) => ScenarioMatch::Differs {
                    file: mine.file.clone(),
                    whose: mine.whose.clone(),
                    diff: line_diff(&mine.text, &opening.scenario),
                },
                None => ScenarioMatch::NoFile,
            },
        };
        let own_rules = rules_digest(opening.mod_tables.as_ref());
        let rules = match opening.rules {
            Some(theirs) if theirs == own_rules => RulesMatch::Same,
            Some(theirs) => RulesMatch::Differs { theirs },
            None => RulesMatch::Unstated,
        };
        OpeningCheck {
            name: name.to_string(),
            scenario_digest: Bytes32::digest(opening.scenario.as_bytes()),
            scenario,
            rules,
            own_rules,
            mod_match: opening
                .mod_tables
                .as_ref()
                .map_or(ModMatch::NoMod, |t| compare_mod(t, own_mods)),
            mod_named: opening
                .mod_tables
                .as_ref()
                .map(|t| (t.name.clone(), t.version.clone())),
        }
    }

    /// Whether the scenario and the rules are byte for byte the opener's own.
    pub fn is_same(&self) -> bool {
        matches!(self.scenario, ScenarioMatch::Same { .. })
            && self.rules == RulesMatch::Same
            && matches!(self.mod_match, ModMatch::NoMod | ModMatch::Same { .. })
    }

    /// What the player reads: the scenario's and the rules' comparison, and the lines that
    /// differ.
    pub fn lines(&self) -> Vec<String> {
        let name = &self.name;
        let mut out = vec![match &self.scenario {
            ScenarioMatch::Same { file, whose } => format!(
                "The scenario \"{name}\" is byte for byte your own file {} ({whose}).",
                file.display()
            ),
            ScenarioMatch::Differs { file, whose, .. } => format!(
                "The scenario \"{name}\" is NOT your file of that name, {} ({whose}): the other player's game sent its own version of it. The lines that differ (- yours, + theirs):",
                file.display()
            ),
            ScenarioMatch::NoFile => format!(
                "You have no scenario named \"{name}\" (neither the game's own nor a mod's): it is the other player's own; read it before you play."
            ),
        }];
        if let ScenarioMatch::Differs { diff, .. } = &self.scenario {
            out.extend(diff.iter().map(|l| format!("    {l}")));
        }
        out.push(format!(
            "The scenario's digest: {}.",
            self.scenario_digest.to_hex()
        ));
        out.push(match self.rules {
            RulesMatch::Same => format!(
                "The rule tables are your own (digest {}).",
                self.own_rules.to_hex()
            ),
            RulesMatch::Differs { theirs } => format!(
                "The other player's game plays with OTHER rule tables (digest {}; yours {}): another version of the game, or changed rules.",
                theirs.to_hex(),
                self.own_rules.to_hex()
            ),
            RulesMatch::Unstated => format!(
                "The message does not say which rule tables the other player's game plays with (an older version of the game); yours have the digest {}.",
                self.own_rules.to_hex()
            ),
        });
        let (mod_name, mod_version) = self.mod_named.clone().unwrap_or_default();
        let theirs = format!("the mod {mod_name:?}, version {mod_version:?}");
        match &self.mod_match {
            ModMatch::NoMod => {}
            ModMatch::Same { dir, version } => out.push(format!(
                "Its rule patches, from {theirs}, are byte for byte your own copy of that mod in {} (version {version}).",
                dir.display()
            )),
            ModMatch::Differs {
                dir,
                version,
                file,
                how,
                diff,
            } => {
                out.push(format!(
                    "Its rule patches, from {theirs}, are NOT your copy of that mod in {} (version {version}): {file} {how}.",
                    dir.display()
                ));
                if !diff.is_empty() {
                    out.push(format!("The lines of {file} that differ (- yours, + theirs):"));
                    out.extend(diff.iter().map(|l| format!("    {l}")));
                }
            }
            ModMatch::NotInstalled => out.push(format!(
                "Its rule patches come from {theirs}, which you do not have: the game plays with the patches the message carries; read them before you play."
            )),
        }
        out
    }
}

/// How a message's mod tables compare with the opener's mods of that name.
fn compare_mod(theirs: &ModTables, own_mods: &[OwnMod]) -> ModMatch {
    let named: Vec<&OwnMod> = own_mods.iter().filter(|m| m.name == theirs.name).collect();
    if let Some(same) = named.iter().find(|m| m.patches == theirs.patches) {
        return ModMatch::Same {
            dir: same.dir.clone(),
            version: same.version.clone(),
        };
    }
    let Some(mine) = named.first() else {
        return ModMatch::NotInstalled;
    };
    let find = |list: &[PatchText], file: &str| list.iter().position(|p| p.file == file);
    let mut how = None;
    for (i, t) in theirs.patches.iter().enumerate() {
        how = match find(&mine.patches, &t.file) {
            None => Some((&t.file, "is patched by theirs and not by yours", Vec::new())),
            Some(j) if mine.patches[j].text != t.text => Some((
                &t.file,
                "differs",
                line_diff(&mine.patches[j].text, &t.text),
            )),
            Some(j) if j != i => Some((&t.file, "is patched in another order", Vec::new())),
            Some(_) => continue,
        };
        break;
    }
    let how = how.or_else(|| {
        mine.patches
            .iter()
            .find(|m| find(&theirs.patches, &m.file).is_none())
            .map(|m| (&m.file, "is patched by yours and not by theirs", Vec::new()))
    });
    let (file, how, diff) = how.unwrap_or((&mine.name, "differs", Vec::new()));
    ModMatch::Differs {
        dir: mine.dir.clone(),
        version: mine.version.clone(),
        file: format!("rules/{file}"),
        how: how.to_string(),
        diff,
    }
}

/// The opener's own mods that load, each with its rule patches as it would send them.
pub fn own_mods() -> Vec<OwnMod> {
    ambush_data::mods::find_mods(&crate::install::mod_roots(&[]))
        .into_iter()
        .filter(|listing| listing.loaded.is_ok())
        .filter_map(|listing| {
            let (manifest, patches) = ambush_data::mods::read_mod_patches(&listing.dir).ok()?;
            Some(OwnMod {
                dir: listing.dir,
                name: manifest.name,
                version: manifest.version,
                patches: patches.into_iter().map(|(_, p)| p).collect(),
            })
        })
        .collect()
}

/// The opener's own scenarios: the game's (`scenarios/` in the game folder), then each mod's,
/// with the mod's name and version. A file that does not read is passed over.
pub fn own_scenarios() -> Vec<OwnScenario> {
    let root = crate::install::game_folder().path();
    let mut out = scenarios_in(&root.join("scenarios"), "the game's own scenarios");
    for listing in ambush_data::mods::find_mods(&crate::install::mod_roots(&[])) {
        let Ok(loaded) = listing.loaded else { continue };
        let whose = format!(
            "the mod \"{}\", version {}",
            loaded.manifest.name, loaded.manifest.version
        );
        for s in &loaded.scenarios {
            let Ok(scenario) = &s.scenario else { continue };
            if let Some(text) = read_text(&s.file) {
                out.push(OwnScenario {
                    file: s.file.clone(),
                    whose: whose.clone(),
                    name: scenario.name.clone(),
                    text,
                });
            }
        }
    }
    out
}

/// The scenario files directly in `dir`, by name.
pub fn scenarios_in(dir: &Path, whose: &str) -> Vec<OwnScenario> {
    /// Only the name is needed to match a scenario; the rest is compared as text.
    #[derive(serde::Deserialize)]
    struct Named {
        name: String,
    }
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    files
        .into_iter()
        .filter_map(|file| {
            let text = read_text(&file)?;
            let named: Named = parse_ron(&file.display().to_string(), &text).ok()?;
            Some(OwnScenario {
                file,
                whose: whose.to_string(),
                name: named.name,
                text,
            })
        })
        .collect()
}

fn read_text(path: &Path) -> Option<String> {
    read_bounded(path, &path.display().to_string(), MAX_FILE_BYTES).ok()
}

/// The lines that differ between `ours` and `theirs`, each with its line number: `- N: text`
/// for a line only ours has, `+ N: text` for one only theirs has. At most `DIFF_LINES`, then
/// how many more.
pub fn line_diff(ours: &str, theirs: &str) -> Vec<String> {
    let a: Vec<&str> = ours.lines().collect();
    let b: Vec<&str> = theirs.lines().collect();
    let prefix = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suffix = a[prefix..]
        .iter()
        .rev()
        .zip(b[prefix..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a_mid, b_mid) = (&a[prefix..a.len() - suffix], &b[prefix..b.len() - suffix]);
    let mut edits: Vec<(char, usize, &str)> = Vec::new();
    // A longest common subsequence of the middle lines; too long a middle (not a scenario a
    // person edited) is shown as it stands.
    if a_mid.len().saturating_mul(b_mid.len()) <= 4_000_000 {
        let (n, m) = (a_mid.len(), b_mid.len());
        let mut lcs = vec![0u32; (n + 1) * (m + 1)];
        let at = |i: usize, j: usize| i * (m + 1) + j;
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                lcs[at(i, j)] = if a_mid[i] == b_mid[j] {
                    lcs[at(i + 1, j + 1)] + 1
                } else {
                    lcs[at(i + 1, j)].max(lcs[at(i, j + 1)])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && a_mid[i] == b_mid[j] {
                i += 1;
                j += 1;
            } else if j >= m || (i < n && lcs[at(i + 1, j)] >= lcs[at(i, j + 1)]) {
                edits.push(('-', prefix + i + 1, a_mid[i]));
                i += 1;
            } else {
                edits.push(('+', prefix + j + 1, b_mid[j]));
                j += 1;
            }
        }
    } else {
        edits.extend(
            a_mid
                .iter()
                .enumerate()
                .map(|(i, l)| ('-', prefix + i + 1, *l)),
        );
        edits.extend(
            b_mid
                .iter()
                .enumerate()
                .map(|(j, l)| ('+', prefix + j + 1, *l)),
        );
    }
    let mut out: Vec<String> = edits
        .iter()
        .take(DIFF_LINES)
        .map(|(sign, line, text)| {
            let text: String = text.trim().chars().take(LINE_CHARS).collect();
            format!("{sign} line {line}: {text}")
        })
        .collect();
    if edits.len() > DIFF_LINES {
        out.push(format!("... and {} more", edits.len() - DIFF_LINES));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_diff_shows_each_changed_line_with_its_number() {
        let ours = "(\n  name: \"x\",\n  armour: 1,\n  units: 4,\n)\n";
        let theirs = "(\n  name: \"x\",\n  armour: 0,\n  units: 4,\n  dummy: 1,\n)\n";
        assert_eq!(
            line_diff(ours, theirs),
            vec![
                "- line 3: armour: 1,",
                "+ line 3: armour: 0,",
                "+ line 5: dummy: 1,"
            ]
        );
        assert!(line_diff(ours, ours).is_empty());
        let long: String = (0..100).map(|i| format!("{i}\n")).collect();
        let shown = line_diff("", &long);
        assert_eq!(shown.len(), DIFF_LINES + 1);
        assert!(shown[DIFF_LINES].contains("84 more"), "{shown:?}");
    }

    /// Issue 36: "a scenario with no file of that name on the opener's side says so", and one
    /// of the same name that differs shows where.
    #[test]
    fn a_first_message_is_compared_with_the_openers_file_of_its_scenarios_name() {
        let own = scenarios_in(
            &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"),
            "the game's own scenarios",
        );
        let jungle = own
            .iter()
            .find(|s| s.name == "Jungle Patrol")
            .expect("bundled");
        let opening = |scenario: String| GameOpening {
            scenario,
            starter: ambush_data::board::Side::Humans,
            rules: Some(rules_digest(None)),
            mod_tables: None,
        };
        let same = OpeningCheck::of(&opening(jungle.text.clone()), "Jungle Patrol", &own, &[]);
        assert!(same.is_same(), "{:?}", same.lines());
        assert!(same.lines()[0].contains("jungle_patrol.ron"));
        let rigged = jungle.text.replacen("armour", "armour_was", 1);
        let differs = OpeningCheck::of(&opening(rigged), "Jungle Patrol", &own, &[]);
        assert!(!differs.is_same());
        let said = differs.lines().join("\n");
        assert!(
            said.contains("NOT your file") && said.contains("armour_was"),
            "{said}"
        );
        let unknown = OpeningCheck::of(&opening(jungle.text.clone()), "Nowhere", &own, &[]);
        assert_eq!(unknown.scenario, ScenarioMatch::NoFile);
        assert!(unknown.lines()[0].contains("no scenario named \"Nowhere\""));
        let mut old = opening(jungle.text.clone());
        old.rules = None;
        let unstated = OpeningCheck::of(&old, "Jungle Patrol", &own, &[]);
        assert_eq!(unstated.rules, RulesMatch::Unstated);
        assert!(!unstated.is_same());
    }

    /// Issue 36: the opener "compares the patches with its own copy of that mod (same name):
    /// identical, different (say which file), or not installed".
    #[test]
    fn a_first_messages_mod_patches_are_compared_with_the_openers_mod_of_that_name() {
        let patch = |file: &str, text: &str| PatchText {
            file: file.into(),
            text: text.into(),
        };
        let theirs = ModTables {
            name: "Colonial".into(),
            version: "1.0.0".into(),
            patches: vec![
                patch("weapons.ron", "(\n  weapons: {},\n)\n"),
                patch("terms.ron", "()"),
            ],
        };
        let mine = |patches: Vec<PatchText>| OwnMod {
            dir: PathBuf::from("mods/colonial"),
            name: "Colonial".into(),
            version: "1.0.0".into(),
            patches,
        };
        let opening = GameOpening {
            scenario: "(name: \"The Square\")".into(),
            starter: ambush_data::board::Side::Humans,
            rules: Some(rules_digest(Some(&theirs))),
            mod_tables: Some(theirs.clone()),
        };
        let check = |own: &[OwnMod]| OpeningCheck::of(&opening, "The Square", &[], own);

        let same = check(&[mine(theirs.patches.clone())]);
        assert_eq!(
            same.rules,
            RulesMatch::Same,
            "the digest is of the rules built"
        );
        assert!(matches!(same.mod_match, ModMatch::Same { .. }));
        assert!(
            same.lines()
                .join("\n")
                .contains("byte for byte your own copy of that mod")
        );

        let edited = vec![
            patch("weapons.ron", "(\n  weapons: {\"spear\": ()},\n)\n"),
            patch("terms.ron", "()"),
        ];
        let differs = check(&[mine(edited)]);
        assert!(!differs.is_same());
        let said = differs.lines().join("\n");
        assert!(
            said.contains("NOT your copy") && said.contains("rules/weapons.ron differs"),
            "{said}"
        );
        assert!(said.contains("spear"), "the lines that differ: {said}");

        let fewer = check(&[mine(vec![patch("weapons.ron", "(\n  weapons: {},\n)\n")])]);
        let said = fewer.lines().join("\n");
        assert!(
            said.contains("rules/terms.ron is patched by theirs"),
            "{said}"
        );

        let missing = check(&[]);
        assert_eq!(missing.mod_match, ModMatch::NotInstalled);
        assert!(!missing.is_same());
        assert!(missing.lines().join("\n").contains("which you do not have"));

        // The rules digest covers the patches: other patches, another digest.
        assert_ne!(rules_digest(Some(&theirs)), rules_digest(None));
    }
}
