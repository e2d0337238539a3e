//! The catalogue the menu offers: the rule tables and the scenarios of `scenarios/` and of each mod, grouped by where they come from, each with what became of reading it.

use ambush_data::Rules;
use ambush_data::check::parse_scenario;
use ambush_data::scenario::Scenario;
use ambush_data::tables::RULE_FILES;
use bevy::prelude::*;
use std::path::Path;
use std::sync::Arc;

/// A scenario file and what became of reading it.
#[derive(Debug, Clone)]
pub struct CatalogueEntry {
    pub file: String,
    /// Which of the catalogue's groups it is listed under (0: the game's own scenarios).
    pub group: usize,
    /// The rule tables it plays with: the game's, or its mod's.
    pub rules: Arc<Rules>,
    /// The scenario, or the validator's message naming file, line and field.
    pub scenario: Result<Scenario, String>,
}

/// A heading of the menu: the game's own scenarios, or one mod.
#[derive(Debug, Clone, PartialEq)]
pub struct CatalogueGroup {
    pub name: String,
    pub description: String,
    /// Why the mod, or an edit to it, could not be used: file:line:column and the message.
    pub problem: Option<String>,
}

/// The rule tables and scenarios the menu offers, grouped by where they come from.
#[derive(Resource, Debug, Clone)]
pub struct Catalogue {
    pub rules: Arc<Rules>,
    /// Why `assets/rules/` could not be used, if it could not (the bundled tables are used).
    pub rules_problem: Option<String>,
    /// Where the game's files were read from, or where the game looked for them.
    pub game_files: String,
    /// Group 0 is the game's own `scenarios/`; each mod follows.
    pub groups: Vec<CatalogueGroup>,
    pub scenarios: Vec<CatalogueEntry>,
}

impl Catalogue {
    /// Reads the rule tables and scenarios from their texts: (file name, text) pairs. A bad rule
    /// file falls back to the bundled tables; a bad scenario is listed with its error.
    pub fn from_texts(
        rule_texts: &[(String, String)],
        scenario_texts: &[(String, String)],
    ) -> Self {
        let text_of = |name: &str| {
            rule_texts
                .iter()
                .find(|(f, _)| Path::new(f).file_name().is_some_and(|n| n == name))
                .map(|(_, t)| t.as_str())
        };
        let texts: Option<Vec<&str>> = RULE_FILES.iter().map(|f| text_of(f)).collect();
        let (rules, rules_problem) = match texts {
            Some(t) => match Rules::from_texts(
                |f| format!("assets/rules/{f}"),
                std::array::from_fn(|i| t[i]),
            ) {
                Ok(r) => (Arc::new(r), None),
                Err(e) => (
                    Arc::new(Rules::bundled().clone()),
                    Some(format!("{e} (using the bundled rule tables)")),
                ),
            },
            None => (
                Arc::new(Rules::bundled().clone()),
                Some("assets/rules/ is missing a rule file (using the bundled rule tables)".into()),
            ),
        };
        let mut scenarios: Vec<CatalogueEntry> = scenario_texts
            .iter()
            .map(|(file, text)| {
                let shown = format!(
                    "scenarios/{}",
                    Path::new(file)
                        .file_name()
                        .map_or(file.as_str(), |n| n.to_str().unwrap_or(file))
                );
                CatalogueEntry {
                    scenario: parse_scenario(&shown, text, &rules).map_err(|e| e.to_string()),
                    file: shown,
                    group: 0,
                    rules: rules.clone(),
                }
            })
            .collect();
        scenarios.sort_by(|a, b| a.file.cmp(&b.file));
        Catalogue {
            rules,
            rules_problem,
            game_files: String::new(),
            groups: vec![CatalogueGroup {
                name: "Ambush".into(),
                description: "The game's own scenarios (scenarios/).".into(),
                problem: None,
            }],
            scenarios,
        }
    }
}
