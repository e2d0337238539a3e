//! Free names for new pieces: a terrain feature's name and the units' labels no piece has yet.

use super::error::EditError;
use ambush_data::scenario::Scenario;

/// `name` if no terrain feature has it, else `name 2`, `name 3`, … the first that is free.
pub fn free_terrain_name(s: &Scenario, name: &str) -> String {
    let taken = |n: &str| s.terrain.iter().any(|t| t.name == n);
    if !taken(name) {
        return name.to_string();
    }
    // "wood 2" duplicated gives "wood 3", not "wood 2 2".
    let (stem, _) = split_number(name);
    let stem = stem.trim_end();
    (2..)
        .map(|k| format!("{stem} {k}"))
        .find(|n| !taken(n))
        .unwrap_or_else(|| name.to_string())
}

/// A label split into its stem and its trailing number: "M12" is ("M", Some(12)).
fn split_number(label: &str) -> (&str, Option<u32>) {
    let stem = label.trim_end_matches(|c: char| c.is_ascii_digit());
    (stem, label[stem.len()..].parse().ok())
}

/// `count` labels no unit of the scenario (nor of its ambush) has, following `label`'s stem
/// and number: from "M1" with M1 to M6 taken, M7, M8, …; with none taken, M1, M2, ….
pub fn free_labels(s: &Scenario, label: &str, count: usize) -> Result<Vec<String>, EditError> {
    let mut taken: std::collections::HashSet<&str> =
        s.units.iter().map(|u| u.label.as_str()).collect();
    if let Some(a) = &s.ambush {
        taken.extend(a.units.iter().map(|u| u.label.as_str()));
    }
    let (stem, number) = split_number(label);
    let mut labels = Vec::with_capacity(count);
    let mut k = number.unwrap_or(1);
    while labels.len() < count {
        let candidate = format!("{stem}{k}");
        if !taken.contains(candidate.as_str()) {
            labels.push(candidate);
        }
        k = k.checked_add(1).ok_or_else(|| EditError::NoFreeLabel {
            label: label.to_string(),
        })?;
    }
    Ok(labels)
}
