//! The balance report: confidence intervals, the `--compare` variants and their side-by-side table.

use crate::batch::{Summary, simulate, simulated_sides};
use ambush_data::Rules;
use ambush_data::board::{Side, SideNames};
use ambush_data::scenario::{Scenario, WoundMethod};
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// A 95% confidence interval.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct Interval {
    pub low: f64,
    pub high: f64,
}

/// The Wilson score interval of a share: `successes` of `n` games. Unlike the plain normal
/// interval it stays inside [0, 1] and is honest near 0% and 100%, where lopsided scenarios live.
pub fn wilson(successes: u64, n: u64) -> Interval {
    if n == 0 {
        return Interval {
            low: 0.0,
            high: 1.0,
        };
    }
    let n = n as f64;
    let p = successes as f64 / n;
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Interval {
        low: (centre - half).max(0.0),
        high: (centre + half).min(1.0),
    }
}

/// The mean of a histogram (`histogram[k]` games had the value k) and its 95% interval, by the
/// normal approximation from the sample variance.
pub fn mean_interval(histogram: &[u64]) -> (f64, Interval) {
    let n: u64 = histogram.iter().sum();
    if n == 0 {
        return (
            0.0,
            Interval {
                low: 0.0,
                high: 0.0,
            },
        );
    }
    let values = || {
        histogram
            .iter()
            .enumerate()
            .map(|(k, &c)| (k as f64, c as f64))
    };
    let nf = n as f64;
    let mean = values().map(|(k, c)| k * c).sum::<f64>() / nf;
    let variance = if n > 1 {
        values().map(|(k, c)| c * (k - mean).powi(2)).sum::<f64>() / (nf - 1.0)
    } else {
        0.0
    };
    let half = Z95 * (variance / nf).sqrt();
    (
        mean,
        Interval {
            // Counts are never negative, though the normal approximation's tail is.
            low: (mean - half).max(0.0),
            high: mean + half,
        },
    )
}

/// Each bucket of a histogram as a share of all its games (all zeros if there are none).
pub fn shares(histogram: &[u64]) -> Vec<f64> {
    let n: u64 = histogram.iter().sum();
    histogram
        .iter()
        .map(|&c| if n == 0 { 0.0 } else { c as f64 / n as f64 })
        .collect()
}

/// `--compare`'s help: its grammar.
pub const COMPARE_HELP: &str = "Play each variant in LIST on the same dice and print them side by side with 95% intervals. LIST is comma-separated; each item is WOUNDS (--scenario with that wound method), FILE.ron (that scenario with its own wound method) or FILE.ron@WOUNDS, where WOUNDS is degradation or sudden-death. E.g. degradation,sudden-death or scenarios/crashed_ship.ron,scenarios/crashed_ship_jet_bikes.ron@sudden-death";

/// One `--compare` item, before its scenario file is read.
#[derive(Debug, Clone, PartialEq)]
pub struct VariantSpec {
    /// The column's name: the item with a path shortened to its file's stem.
    pub label: String,
    /// The scenario file; `None` plays `--scenario`.
    pub file: Option<PathBuf>,
    /// Overrides the scenario's wound method.
    pub wounds: Option<WoundMethod>,
}

/// Why a `--compare` list was refused.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum VariantError {
    #[error("--compare: item {0} is empty (items are separated by commas)")]
    Empty(usize),
    #[error(
        "--compare: `{0}` is neither a wound method (degradation, sudden-death) nor a scenario file (a path ending in .ron); items look like sudden-death, FILE.ron or FILE.ron@sudden-death"
    )]
    Unknown(String),
    #[error("--compare: `{wounds}` in `{item}` is not a wound method (degradation, sudden-death)")]
    BadWounds { item: String, wounds: String },
    #[error("--compare: `{0}` is given twice")]
    Twice(String),
    #[error("--compare: `{0}` applies to --scenario, which is not given")]
    NoScenario(String),
}

fn wounds_named(name: &str) -> Option<WoundMethod> {
    match name {
        "degradation" => Some(WoundMethod::Degradation),
        "sudden-death" => Some(WoundMethod::SuddenDeath),
        _ => None,
    }
}

/// The name `--compare` and `--wounds` give a wound method.
pub fn wounds_name(wounds: WoundMethod) -> &'static str {
    match wounds {
        WoundMethod::Degradation => "degradation",
        WoundMethod::SuddenDeath => "sudden-death",
    }
}

fn stem(file: &Path) -> String {
    file.file_stem().map_or_else(
        || file.display().to_string(),
        |s| s.to_string_lossy().into(),
    )
}

/// Reads a `--compare` list (see `COMPARE_HELP`). `has_scenario`: whether `--scenario` is
/// given, which a bare wound method needs.
pub fn parse_variants(list: &str, has_scenario: bool) -> Result<Vec<VariantSpec>, VariantError> {
    let mut specs: Vec<VariantSpec> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    for (i, item) in list.split(',').map(str::trim).enumerate() {
        if item.is_empty() {
            return Err(VariantError::Empty(i + 1));
        }
        if seen.contains(&item) {
            return Err(VariantError::Twice(item.to_string()));
        }
        seen.push(item);
        let (path, wounds) = match item.rsplit_once('@') {
            Some((path, w)) => match wounds_named(w) {
                Some(w) => (path, Some(w)),
                None => {
                    return Err(VariantError::BadWounds {
                        item: item.to_string(),
                        wounds: w.to_string(),
                    });
                }
            },
            None => match wounds_named(item) {
                Some(w) => ("", Some(w)),
                None => (item, None),
            },
        };
        let spec = if path.is_empty() {
            if !has_scenario {
                return Err(VariantError::NoScenario(item.to_string()));
            }
            VariantSpec {
                label: item.trim_start_matches('@').to_string(),
                file: None,
                wounds,
            }
        } else if path.ends_with(".ron") {
            let file = PathBuf::from(path);
            let label = match wounds {
                Some(w) => format!("{}@{}", stem(&file), wounds_name(w)),
                None => stem(&file),
            };
            VariantSpec {
                label,
                file: Some(file),
                wounds,
            }
        } else {
            return Err(VariantError::Unknown(item.to_string()));
        };
        specs.push(spec);
    }
    // Two files of one name in different folders: their columns need the whole item.
    let items: Vec<&str> = list.split(',').map(str::trim).collect();
    let labels: Vec<String> = specs.iter().map(|s| s.label.clone()).collect();
    for (spec, item) in specs.iter_mut().zip(&items) {
        if labels.iter().filter(|l| **l == spec.label).count() > 1 {
            spec.label = item.to_string();
        }
    }
    Ok(specs)
}

/// A variant ready to play.
#[derive(Debug, Clone)]
pub struct Variant {
    pub label: String,
    pub file: PathBuf,
    pub scenario: Scenario,
    pub rules: Arc<Rules>,
    pub wounds: Option<WoundMethod>,
}

/// The 95% intervals of a variant's results.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Intervals {
    /// Shares of the games, from 0 to 1.
    pub marine_wins: Interval,
    pub alien_wins: Interval,
    pub draws: Interval,
    /// Of the mean.
    pub marine_casualties: Interval,
}

impl Intervals {
    pub fn of(s: &Summary) -> Intervals {
        Intervals {
            marine_wins: wilson(s.marine_wins, s.games),
            alien_wins: wilson(s.alien_wins, s.games),
            draws: wilson(s.draws, s.games),
            marine_casualties: mean_interval(&s.marine_casualties.histogram).1,
        }
    }
}

/// One variant's results, as `simulate --compare --json` prints them.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Compared {
    pub variant: String,
    pub file: String,
    /// The wound method the marines played with.
    pub wounds: &'static str,
    #[serde(flatten)]
    pub summary: Summary,
    pub ci95: Intervals,
}

/// Plays `games` games of each variant, with the same seeds for all (common random numbers, so
/// the differences are the variants' and not the dice's); `each` hears of every game played.
pub fn compare(
    variants: &[Variant],
    games: u64,
    seed: u64,
    mut each: impl FnMut(),
) -> Vec<Compared> {
    variants
        .iter()
        .map(|v| {
            let started = Instant::now();
            let sides = simulated_sides(&v.scenario, None, None);
            let tally = simulate(
                &v.scenario,
                v.rules.clone(),
                games,
                seed,
                sides,
                v.wounds,
                false,
                |_| each(),
            );
            let elapsed = started.elapsed().as_secs_f64();
            let summary = tally.summary(&v.scenario.name, seed, sides, elapsed);
            Compared::new(v, summary)
        })
        .collect()
}

impl Compared {
    /// `variant`'s results, with their intervals.
    pub fn new(variant: &Variant, summary: Summary) -> Compared {
        let wounds = variant.wounds.unwrap_or(variant.scenario.human_wounds);
        Compared {
            variant: variant.label.clone(),
            file: variant.file.display().to_string(),
            wounds: wounds_name(wounds),
            ci95: Intervals::of(&summary),
            summary,
        }
    }
}

fn percent(share: f64) -> String {
    format!("{:.1}%", share * 100.0)
}

fn share_cell(count: u64, games: u64, ci: Interval) -> String {
    let share = if games == 0 {
        0.0
    } else {
        count as f64 / games as f64
    };
    format!(
        "{} ({:.1}–{:.1})",
        percent(share),
        ci.low * 100.0,
        ci.high * 100.0
    )
}

/// The side-by-side table: a column per variant, a row per figure, 95% intervals in brackets.
/// `names` are the sides' names (the first variant's).
pub fn table(compared: &[Compared], names: &SideNames) -> String {
    let (humans, aliens) = (names.of(Side::Humans), names.of(Side::Aliens));
    let Some(first) = compared.first() else {
        return String::new();
    };
    let same_scenario = compared
        .iter()
        .all(|c| c.summary.scenario == first.summary.scenario);
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let mut row = |name: &str, cell: &dyn Fn(&Compared) -> String| {
        rows.push((name.to_string(), compared.iter().map(cell).collect()));
    };
    if !same_scenario {
        row("scenario", &|c| c.summary.scenario.clone());
    }
    // A variant whose scenario gives a side another AI says so.
    if compared
        .iter()
        .any(|c| c.summary.humans_ai != first.summary.humans_ai)
    {
        row(&format!("{humans} AI"), &|c| c.summary.humans_ai.clone());
    }
    if compared
        .iter()
        .any(|c| c.summary.aliens_ai != first.summary.aliens_ai)
    {
        row(&format!("{aliens} AI"), &|c| c.summary.aliens_ai.clone());
    }
    // Variants named by their wound method need no row to repeat it.
    if compared.iter().any(|c| c.variant != c.wounds) {
        row("wounds", &|c| c.wounds.to_string());
    }
    row("games", &|c| c.summary.games.to_string());
    row(&format!("{humans} won"), &|c| {
        share_cell(c.summary.marine_wins, c.summary.games, c.ci95.marine_wins)
    });
    row(&format!("{aliens} won"), &|c| {
        share_cell(c.summary.alien_wins, c.summary.games, c.ci95.alien_wins)
    });
    row("draws", &|c| {
        share_cell(c.summary.draws, c.summary.games, c.ci95.draws)
    });
    row(
        &format!("{} casualties (mean)", names.one(Side::Humans)),
        &|c| {
            let ci = c.ci95.marine_casualties;
            format!(
                "{:.2} ({:.2}–{:.2})",
                c.summary.marine_casualties.mean, ci.low, ci.high
            )
        },
    );
    row("turns (mean)", &|c| format!("{:.1}", c.summary.turns.mean));
    row(&format!("{aliens} killed (mean)"), &|c| {
        format!("{:.1}", c.summary.aliens_killed.mean)
    });
    row("games/s", &|c| format!("{:.0}", c.summary.games_per_s));

    let width = |s: &str| s.chars().count();
    let first_width = rows.iter().map(|(n, _)| width(n)).max().unwrap_or(0);
    let widths: Vec<usize> = compared
        .iter()
        .enumerate()
        .map(|(i, c)| {
            rows.iter()
                .map(|(_, cells)| width(&cells[i]))
                .chain([width(&c.variant)])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |name: &str, cells: &mut dyn Iterator<Item = &str>| {
        let mut out = format!("{name:<first_width$}");
        for (cell, w) in cells.zip(&widths) {
            out.push_str(&format!("  {cell:<w$}"));
        }
        out.trim_end().to_string() + "\n"
    };
    let title = if same_scenario {
        first.summary.scenario.clone()
    } else {
        format!("{} variants", compared.len())
    };
    let mut out = format!(
        "{title} — {} games a variant, seed {}, the same dice for each\n",
        first.summary.games, first.summary.seed
    );
    out.push_str(&line("", &mut compared.iter().map(|c| c.variant.as_str())));
    for (name, cells) in &rows {
        out.push_str(&line(name, &mut cells.iter().map(String::as_str)));
    }
    out.push_str(
        "(95% intervals: Wilson score for the shares, normal approximation for the mean)\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 5e-4
    }

    #[test]
    fn the_wilson_interval_matches_known_values() {
        let half = wilson(50, 100);
        assert!(
            close(half.low, 0.4038) && close(half.high, 0.5962),
            "{half:?}"
        );
        // At 0% the interval still has width, and never leaves [0, 1].
        let none = wilson(0, 100);
        assert!(close(none.low, 0.0) && close(none.high, 0.0370), "{none:?}");
        let all = wilson(100, 100);
        assert!(close(all.low, 0.9630) && close(all.high, 1.0), "{all:?}");
        assert!(close(wilson(1, 10).low, 0.0179) && close(wilson(1, 10).high, 0.4042));
    }

    #[test]
    fn the_mean_interval_comes_from_the_sample_variance() {
        // Values 0, 1, 2, 3 once each: mean 1.5, sample variance 5/3.
        let (mean, ci) = mean_interval(&[1, 1, 1, 1]);
        assert!(close(mean, 1.5));
        let half = Z95 * (5.0 / 3.0 / 4.0f64).sqrt();
        assert!(
            close(ci.low, 1.5 - half) && close(ci.high, 1.5 + half),
            "{ci:?}"
        );
        // Every game alike: no spread, a point interval.
        let (mean, ci) = mean_interval(&[0, 0, 7]);
        assert_eq!((mean, ci.low, ci.high), (2.0, 2.0, 2.0));
    }

    #[test]
    fn shares_divide_by_the_games() {
        assert_eq!(shares(&[1, 3, 0, 4]), vec![0.125, 0.375, 0.0, 0.5]);
        assert_eq!(shares(&[0, 0]), vec![0.0, 0.0]);
    }

    #[test]
    fn variants_read_wound_methods_files_and_both() {
        let specs = parse_variants(
            "degradation, sudden-death,scenarios/a.ron,b/c.ron@sudden-death",
            true,
        )
        .unwrap();
        let got: Vec<(&str, Option<&Path>, Option<WoundMethod>)> = specs
            .iter()
            .map(|s| (s.label.as_str(), s.file.as_deref(), s.wounds))
            .collect();
        assert_eq!(
            got,
            vec![
                ("degradation", None, Some(WoundMethod::Degradation)),
                ("sudden-death", None, Some(WoundMethod::SuddenDeath)),
                ("a", Some(Path::new("scenarios/a.ron")), None),
                (
                    "c@sudden-death",
                    Some(Path::new("b/c.ron")),
                    Some(WoundMethod::SuddenDeath)
                ),
            ]
        );
        // Two files of one name keep their whole items apart.
        let specs = parse_variants("x/a.ron,y/a.ron", false).unwrap();
        assert_eq!(specs[0].label, "x/a.ron");
        assert_eq!(specs[1].label, "y/a.ron");
    }

    #[test]
    fn bad_variants_are_refused_with_the_reason() {
        let err = |list: &str| parse_variants(list, true).unwrap_err();
        assert_eq!(err("degradation,,sudden-death"), VariantError::Empty(2));
        assert_eq!(err("sudden"), VariantError::Unknown("sudden".into()));
        assert_eq!(
            err("a.ron@quick"),
            VariantError::BadWounds {
                item: "a.ron@quick".into(),
                wounds: "quick".into()
            }
        );
        assert_eq!(
            err("degradation,degradation"),
            VariantError::Twice("degradation".into())
        );
        assert_eq!(
            parse_variants("a.ron,degradation", false).unwrap_err(),
            VariantError::NoScenario("degradation".into())
        );
        assert!(
            err("sudden")
                .to_string()
                .contains("degradation, sudden-death")
        );
    }
}
