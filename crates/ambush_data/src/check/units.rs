//! The checks every unit a scenario places takes, whether in its `units` or hidden in its ambush: label, troop type, weapons, traits, and its base on the table.

use super::*;
use crate::board::Side;
use crate::scenario::Placed;
use crate::tables::{FormationName, Traits};
use Seg::{Item, Key};

/// The units checked so far, in the file's order (the scenario's `units`, then its ambush's):
/// each as the checks name it, with its label, and the bases of those that stand where they
/// may. A unit that failed its check keeps its label, which no later unit may take, but not its
/// base, so the next ones are measured against the units that stand.
#[derive(Default)]
pub(super) struct Standing {
    /// Each unit checked so far: its name in the file (`units[0]`, `ambush.units[1]`) and label.
    units: Vec<(String, String)>,
    /// The bases that stand, each with its unit's place in `units`.
    bases: Vec<Footprint>,
    owners: Vec<usize>,
}

impl Standing {
    /// Records the unit `at`, labelled `label`, with its base if it stands where it may.
    pub(super) fn add(&mut self, at: &UnitAt, label: &str, base: Option<Footprint>) {
        if let Some(base) = base {
            self.bases.push(base);
            self.owners.push(self.units.len());
        }
        self.units.push((at.name.clone(), label.to_string()));
    }
}

/// Where a placed unit is written: its field path, and its name in messages.
pub(super) struct UnitAt {
    path: Vec<Seg>,
    name: String,
}

impl UnitAt {
    /// `units[i]`.
    pub(super) fn force(i: usize) -> UnitAt {
        UnitAt {
            path: vec![Key("units"), Item(i)],
            name: format!("units[{i}]"),
        }
    }

    /// `ambush.units[i]`.
    pub(super) fn hidden(i: usize) -> UnitAt {
        UnitAt {
            path: vec![Key("ambush"), Key("units"), Item(i)],
            name: format!("ambush.units[{i}]"),
        }
    }

    /// The path of one of its fields, and of an item of that field.
    fn field(&self, name: &'static str, item: Option<usize>) -> Vec<Seg> {
        let mut path = self.path.clone();
        path.push(Key(name));
        path.extend(item.map(Item));
        path
    }
}

/// What a unit's own list adds to the checks: a force unit's formation, a hidden unit's side.
pub(super) enum UnitKind {
    /// In `units`: never the generated troop type, in one of its troop type's formations.
    Force { formation: Option<FormationName> },
    /// In the ambush: of the alien side exactly when it is the generated troop type.
    Hidden { side: Side },
}

impl Checker<'_> {
    /// The first problem with one placed unit, `u` written at `at`, or its base on the table.
    /// `standing` holds the units before it in the file: its label may be none of theirs, and
    /// its base may touch but not overlap those that stand.
    pub(super) fn check_placed(
        &self,
        s: &Scenario,
        at: &UnitAt,
        u: Placed,
        traits: Option<&Traits>,
        kind: &UnitKind,
        standing: &Standing,
    ) -> Result<Footprint, Problem> {
        let who = crate::text::plain(&format!("{} (\"{}\")", at.name, u.label));
        let fail = |field: &'static str, item: Option<usize>, why: String| {
            let field_text = match item {
                Some(j) => format!("{field}[{j}]"),
                None => field.to_string(),
            };
            Err(self.fail(
                &at.field(field, item),
                format!("{who}, field `{field_text}`: {why}"),
            ))
        };
        if let Some(why) = label_fault(u.label, standing) {
            return fail("label", None, why);
        }
        let wave = self.rules.generation.troop;
        match kind {
            UnitKind::Force { .. } if u.troop == wave => {
                return fail(
                    "troop",
                    None,
                    format!(
                        "{} are generated in waves, not placed; expected one of: {}",
                        u.troop,
                        self.placeable_troops()
                    ),
                );
            }
            UnitKind::Hidden { side } if (*side == Side::Aliens) != (u.troop == wave) => {
                return fail(
                    "troop",
                    None,
                    format!(
                        "a unit of the alien side is troop {wave} (the rules' generated troop type), and only they are"
                    ),
                );
            }
            _ => {}
        }
        for (j, weapon) in u.weapons.iter().enumerate() {
            if self.rules.weapon(weapon).is_none() {
                return fail(
                    "weapons",
                    Some(j),
                    format!(
                        "unknown weapon \"{weapon}\"; expected one of: {}",
                        self.known_weapons()
                    ),
                );
            }
        }
        if !finite2(u.at) {
            return fail(
                "at",
                None,
                format!(
                    "expected finite coordinates, found ({}, {})",
                    u.at.0, u.at.1
                ),
            );
        }
        if !degrees_ok(u.facing) {
            return fail(
                "facing",
                None,
                format!(
                    "expected a bearing in degrees from -{MAX_DEGREES} to {MAX_DEGREES}, found {}",
                    u.facing
                ),
            );
        }
        if u.weapons.len() > MAX_WEAPONS_PER_UNIT {
            return fail(
                "weapons",
                None,
                format!(
                    "{} weapons; a unit may carry at most {MAX_WEAPONS_PER_UNIT}",
                    u.weapons.len()
                ),
            );
        }
        if let Some((field, why)) = traits.and_then(traits_problem) {
            let mut path = at.field("traits", None);
            path.push(Key(field));
            return Err(self.fail(&path, format!("{who}, field `traits.{field}`: {why}")));
        }
        let Some(profile) = self.rules.troops.troops.get(&u.troop) else {
            return fail(
                "troop",
                None,
                format!(
                    "troop type {} has no line in the rules' troops.ron; expected one of: {}",
                    u.troop,
                    self.placeable_troops()
                ),
            );
        };
        if let Some(j) = self.heavy_without_crew(u.troop, u.weapons) {
            return fail(
                "weapons",
                Some(j),
                format!(
                    "\"{}\" is a heavy weapon, which needs a weapon crew; troop type {} is not one (`crew: true` in troops.ron)",
                    u.weapons[j], u.troop
                ),
            );
        }
        if let UnitKind::Force { formation: Some(f) } = kind
            && !profile.formations.contains_key(f)
        {
            return fail(
                "formation",
                None,
                format!(
                    "troop type {} has no formation {f}; it has: {}",
                    u.troop,
                    names_or_none(profile.formations.keys())
                ),
            );
        }
        let base = u.footprint(profile.base);
        let size = format!("{}x{}", profile.base.0, profile.base.1);
        let tolerance = self.rules.general.contact_tolerance;
        let why = match misplaced(s, tolerance, &base, &standing.bases) {
            None => return Ok(base),
            Some(Misplaced::OffTable) => format!(
                "base lies off the {}x{} table (its {size} base centred at ({}, {}) facing {} must lie wholly on it)",
                s.table.0, s.table.1, u.at.0, u.at.1, u.facing
            ),
            Some(Misplaced::Impassable(k)) => format!(
                "base overlaps impassable terrain terrain[{k}] (\"{}\"); expected a place clear of it",
                s.terrain[k].name
            ),
            Some(Misplaced::Overlaps(b)) => {
                let (name, label) = &standing.units[standing.owners[b]];
                format!(
                    "base overlaps the base of {name} (\"{label}\"); bases may touch but not overlap"
                )
            }
        };
        fail("at", None, why)
    }
}

/// What is wrong with `label` for a unit after those in `standing`, if anything: empty,
/// holding characters a player cannot read, or taken, or looking the same as one taken.
fn label_fault(label: &str, standing: &Standing) -> Option<String> {
    if label.trim().is_empty() {
        return Some("expected a non-empty label such as \"M1\"".to_string());
    }
    if let Some(why) = crate::text::label_problem(label) {
        return Some(why);
    }
    if let Some((name, _)) = standing.units.iter().find(|(_, l)| l == label) {
        return Some(format!(
            "the label is already used by {name}; unit labels must be unique"
        ));
    }
    let looks = crate::text::look_alike(label);
    let (name, other) = standing
        .units
        .iter()
        .find(|(_, l)| crate::text::look_alike(l) == looks)?;
    Some(format!(
        "the label looks the same as {name}'s (\"{}\") but is written with other characters; a player could not tell them apart",
        crate::text::plain(other)
    ))
}
