//! The draft's checks: every problem the scenario checks find, each with the piece of the scenario it concerns, for the editor to outline.

use super::draft::Draft;
use ambush_data::check::check_scenario_all;
use ambush_data::locate::{FieldPath, Seg};
use ambush_data::{Problem, Rules, Scenario};

/// The piece of a scenario a problem is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Concern {
    /// `terrain[i]`: the feature to outline.
    Terrain(usize),
    /// `units[i]`: the unit to outline.
    Unit(usize),
    /// `ambush.units[i]`: a unit the ambush brings.
    AmbushUnit(usize),
    /// The rest of the `ambush` section (its set-up, route, zone, dummies, modifiers).
    Ambush,
    /// Any other field of the file, by its name: `turn_limit`, `aliens`, `objective`, …; and
    /// `terrain` or `units` alone for the whole list (too many entries).
    Setting(&'static str),
    /// The scenario as a whole (a problem with no field).
    Scenario,
}

/// What the problem at `path` concerns.
pub fn concern_of(path: &FieldPath) -> Concern {
    match path.as_slice() {
        [Seg::Key("terrain"), Seg::Item(i), ..] => Concern::Terrain(*i),
        [Seg::Key("units"), Seg::Item(i), ..] => Concern::Unit(*i),
        [Seg::Key("ambush"), Seg::Key("units"), Seg::Item(i), ..] => Concern::AmbushUnit(*i),
        [Seg::Key("ambush"), ..] => Concern::Ambush,
        [Seg::Key(field), ..] => Concern::Setting(field),
        _ => Concern::Scenario,
    }
}

/// A problem the checks found in a draft, and the piece it concerns.
#[derive(Debug, Clone, PartialEq)]
pub struct DraftProblem {
    pub problem: Problem,
    pub concern: Concern,
}

/// Every problem the checks can tell apart in `scenario` (see `check_scenario_all`), in the
/// order `ambush check` would meet them: the first is the one it reports.
pub fn problems_of(scenario: &Scenario, rules: &Rules) -> Vec<DraftProblem> {
    check_scenario_all(scenario, rules)
        .into_iter()
        .map(|problem| DraftProblem {
            concern: concern_of(&problem.path),
            problem,
        })
        .collect()
}

impl Draft {
    /// Every problem of the draft against its rules; empty when the menu could play it.
    pub fn problems(&self) -> Vec<DraftProblem> {
        problems_of(self.scenario(), self.rules())
    }

    /// Whether the draft passes every check, so it can be saved as a playable scenario.
    pub fn passes_checks(&self) -> bool {
        ambush_data::check_scenario(self.scenario(), self.rules()).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edits::{Edit, Setting};
    use ambush_data::board::{Going, TerrainFeature};
    use ambush_data::geometry::Shape;
    use ambush_data::scenario::UnitSpec;
    use std::sync::Arc;

    fn marine(label: &str, at: (f32, f32)) -> UnitSpec {
        UnitSpec {
            label: label.into(),
            troop: ambush_data::Ident::known("Infantry"),
            formation: None,
            at,
            facing: 0.0,
            weapons: vec!["blaster".into()],
            armour: true,
            traits: Default::default(),
        }
    }

    fn draft() -> Draft {
        let mut d = Draft::new_empty("Checks", (48.0, 48.0), Arc::new(Rules::bundled().clone()));
        let edits = [
            Edit::AddTerrain(TerrainFeature::new(
                "boulder",
                Shape::Circle {
                    center: (24.0, 24.0),
                    radius: 3.0,
                },
                Going::Impassable,
            )),
            Edit::AddTerrain(TerrainFeature::new(
                "pond",
                Shape::Rect {
                    center: (10.0, 10.0),
                    size: (4.0, 3.0),
                    rotation: 0.0,
                },
                Going::Bad,
            )),
            Edit::AddUnit(marine("M1", (5.0, 40.0))),
            Edit::AddUnit(marine("M2", (6.0, 40.0))),
        ];
        for e in edits {
            d.apply(e).expect("an edit of what is there");
        }
        d
    }

    #[test]
    fn an_empty_draft_lacks_only_forces() {
        let draft = Draft::new_empty("Empty", (48.0, 48.0), Arc::new(Rules::bundled().clone()));
        // An empty table is not a scenario that passes every check: it says what it lacks.
        let problems = draft.problems();
        assert_eq!(problems.len(), 1, "{problems:?}");
        assert_eq!(problems[0].concern, Concern::Setting("units"));
        assert!(
            problems[0].problem.message.contains("no forces"),
            "{}",
            problems[0].problem.message
        );
        assert!(!draft.passes_checks());
    }

    #[test]
    fn a_good_draft_has_no_problems() {
        let d = draft();
        assert_eq!(d.problems(), vec![]);
        assert!(d.passes_checks());
    }

    #[test]
    fn a_unit_on_impassable_terrain_or_off_the_table_is_outlined() {
        // Issue 24: a unit placed inside impassable terrain or off the table shows as a check
        // problem on that unit, for the window to outline.
        let mut d = draft();
        d.apply(Edit::MoveUnit {
            index: 0,
            by: (19.0, -16.0),
        })
        .expect("M1 there");
        d.apply(Edit::MoveUnit {
            index: 1,
            by: (50.0, 0.0),
        })
        .expect("M2 there");
        let problems = d.problems();
        let concerns: Vec<Concern> = problems.iter().map(|p| p.concern).collect();
        assert_eq!(concerns, vec![Concern::Unit(0), Concern::Unit(1)]);
        assert!(
            problems[0].problem.message.contains("impassable terrain"),
            "{}",
            problems[0].problem.message
        );
        assert!(
            problems[1].problem.message.contains("off the 48x48 table"),
            "{}",
            problems[1].problem.message
        );
        assert!(!d.passes_checks());
    }

    #[test]
    fn terrain_settings_and_the_ambush_are_told_apart() {
        let mut d = draft();
        d.apply(Edit::ResizeTerrain {
            index: 1,
            factor: (100.0, 1.0),
        })
        .expect("the pond");
        d.apply(Edit::SetSetting(Setting::TurnLimit(0)))
            .expect("a setting");
        let concerns: Vec<Concern> = d.problems().iter().map(|p| p.concern).collect();
        assert_eq!(
            concerns,
            vec![Concern::Setting("turn_limit"), Concern::Terrain(1)]
        );
        let ambush = |path: FieldPath| concern_of(&path);
        assert_eq!(
            ambush(vec![
                Seg::Key("ambush"),
                Seg::Key("units"),
                Seg::Item(3),
                Seg::Key("at")
            ]),
            Concern::AmbushUnit(3)
        );
        assert_eq!(
            ambush(vec![Seg::Key("ambush"), Seg::Key("spacing")]),
            Concern::Ambush
        );
        assert_eq!(ambush(vec![Seg::Key("units")]), Concern::Setting("units"));
        assert_eq!(ambush(vec![]), Concern::Scenario);
    }
}
