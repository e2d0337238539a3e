//! The draft: a scenario being edited, the rules it is checked against, where it came from, and its undo and redo stacks of whole snapshots.

use super::edits::{Edit, EditError};
use ambush_data::Rules;
use ambush_data::scenario::Scenario;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::sync::Arc;

/// Where a draft came from, which decides where saving it may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Origin {
    /// Made in the editor; it has no file yet.
    New,
    /// A bundled scenario (`scenarios/` or a bundled mod). The editor never writes there:
    /// saving copies it into a mod in the user's data folder.
    Bundled { file: PathBuf },
    /// A scenario file outside any mod (given on the command line): saving copies it into a
    /// mod, as for a bundled one.
    Elsewhere { file: PathBuf },
    /// A file of a user's mod, `dir/scenarios/NAME.ron` (or a draft file, `dir/drafts/NAME.ron`):
    /// saving writes it back there.
    Mod { dir: PathBuf, file: PathBuf },
}

impl Origin {
    /// Whether saving must first pick a mod to copy the draft into: the draft has no file, or
    /// its file may not be written.
    pub fn needs_a_mod(&self) -> bool {
        !matches!(self, Origin::Mod { .. })
    }
}

/// One state of the scenario on an undo or redo stack, with the revision it was.
#[derive(Debug, Clone)]
struct Snapshot {
    scenario: Scenario,
    revision: u64,
}

/// A scenario being edited. Every change goes through `apply`, which keeps the scenario as it
/// was on the undo stack, so undo and redo give back each state exactly, back to the opening of
/// the file. A draft may fail the checks: it is a draft (see `Draft::problems`).
#[derive(Debug, Clone)]
pub struct Draft {
    scenario: Scenario,
    rules: Arc<Rules>,
    origin: Origin,
    undo: Vec<Snapshot>,
    redo: Vec<Snapshot>,
    /// Which state the scenario is: each edit makes a new number, undo and redo bring back the
    /// number of the state they restore.
    revision: u64,
    /// The next new revision's number.
    next_revision: u64,
    /// The revision last saved or opened; `None` for one that was never saved (a recovered
    /// autosave).
    saved_revision: Option<u64>,
}

impl Draft {
    /// A new draft of `name` on a table of `table` inches: no terrain, no units, unarmed aliens,
    /// turn limit 12, the south edge friendly. Its one problem is that it has no forces yet (the
    /// humans need a unit, placed or hidden in an ambush); the editor fills in the rest.
    pub fn new_empty(name: &str, table: (f32, f32), rules: Arc<Rules>) -> Draft {
        Draft::opened(Scenario::new(name, table), rules, Origin::New)
    }

    /// A draft of a scenario read from a file (or made in code), unchanged since.
    pub fn opened(scenario: Scenario, rules: Arc<Rules>, origin: Origin) -> Draft {
        Draft {
            scenario,
            rules,
            origin,
            undo: Vec::new(),
            redo: Vec::new(),
            revision: 0,
            next_revision: 1,
            saved_revision: Some(0),
        }
    }

    /// A draft brought back from an autosave: changed since it was last saved, with no history
    /// to undo.
    pub fn recovered(scenario: Scenario, rules: Arc<Rules>, origin: Origin) -> Draft {
        Draft {
            saved_revision: None,
            ..Draft::opened(scenario, rules, origin)
        }
    }

    /// The scenario as it stands.
    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// The rules the draft is checked against (the bundled ones, or its mod's).
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// Makes an edit, whole or not at all: a refused edit leaves the draft as it was and its
    /// stacks untouched. An edit clears the redo stack.
    pub fn apply(&mut self, edit: Edit) -> Result<(), EditError> {
        let mut next = self.scenario.clone();
        edit.apply_to(&mut next)?;
        let before = std::mem::replace(&mut self.scenario, next);
        self.undo.push(Snapshot {
            scenario: before,
            revision: self.revision,
        });
        self.redo.clear();
        self.revision = self.next_revision;
        self.next_revision += 1;
        Ok(())
    }

    /// Takes back the last edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(before) = self.undo.pop() else {
            return false;
        };
        let now = self.restore(before);
        self.redo.push(now);
        true
    }

    /// Makes again the last edit taken back; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(after) = self.redo.pop() else {
            return false;
        };
        let now = self.restore(after);
        self.undo.push(now);
        true
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Whether the scenario differs from the state last saved or opened: undoing back to that
    /// state makes it unchanged again.
    pub fn changed_since_saved(&self) -> bool {
        self.saved_revision != Some(self.revision)
    }

    /// Checks the draft from now on with `rules` (those of the mod it was saved into).
    pub(super) fn set_rules(&mut self, rules: Arc<Rules>) {
        self.rules = rules;
    }

    /// Records that the scenario as it stands was saved to `origin`.
    pub(super) fn mark_saved(&mut self, origin: Origin) {
        self.origin = origin;
        self.saved_revision = Some(self.revision);
    }

    /// Puts `snapshot` in place and returns the state it replaced.
    fn restore(&mut self, snapshot: Snapshot) -> Snapshot {
        let scenario = std::mem::replace(&mut self.scenario, snapshot.scenario);
        let revision = std::mem::replace(&mut self.revision, snapshot.revision);
        Snapshot { scenario, revision }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edits::Setting;
    use ambush_data::board::Edge;
    use ambush_data::scenario::{AlienProfile, AttackOver, InferiorWeaponRules, WoundMethod};
    use ambush_data::tables::{Species, Traits};

    fn rules() -> Arc<Rules> {
        Arc::new(Rules::bundled().clone())
    }

    #[test]
    fn an_empty_draft_matches_a_file_that_leaves_out_the_defaults() {
        let draft = Draft::new_empty("Empty", (48.0, 48.0), rules());
        // A new scenario's defaults are the ones serde gives a file that leaves them out.
        let text = r#"(name: "Empty", briefing: "", table: (48.0, 48.0), friendly_edge: South,
            turn_limit: 12, human_wounds: Degradation, human_morale: true,
            aliens: (weapons: []), units: [])"#;
        let parsed: Scenario = ambush_data::parse_ron("empty.ron", text).expect("parses");
        assert_eq!(&parsed, draft.scenario());
        assert!(!draft.changed_since_saved());
        assert!(!draft.can_undo() && !draft.can_redo());
    }

    #[test]
    fn undo_and_redo_walk_the_history_and_a_new_edit_clears_redo() {
        let mut draft = Draft::new_empty("A", (48.0, 48.0), rules());
        for name in ["B", "C"] {
            draft
                .apply(Edit::SetSetting(Setting::Name(name.into())))
                .expect("a name");
        }
        assert!(draft.changed_since_saved());
        assert!(draft.undo() && draft.undo());
        assert_eq!(draft.scenario().name, "A");
        // Back at the opening: nothing to undo, and unchanged.
        assert!(!draft.undo());
        assert!(!draft.changed_since_saved());
        assert!(draft.redo());
        assert_eq!(draft.scenario().name, "B");
        draft
            .apply(Edit::SetSetting(Setting::Name("D".into())))
            .expect("a name");
        assert!(!draft.can_redo());
        assert!(!draft.redo());
        assert!(draft.undo());
        assert_eq!(draft.scenario().name, "B");
    }

    #[test]
    fn a_refused_edit_changes_nothing() {
        let mut draft = Draft::new_empty("A", (48.0, 48.0), rules());
        let before = draft.scenario().clone();
        assert!(draft.apply(Edit::DeleteUnit { index: 0 }).is_err());
        assert_eq!(draft.scenario(), &before);
        assert!(!draft.can_undo());
        assert!(!draft.changed_since_saved());
    }

    #[test]
    fn saving_marks_the_state_and_a_recovered_draft_counts_as_changed() {
        let mut draft = Draft::new_empty("A", (48.0, 48.0), rules());
        draft
            .apply(Edit::SetSetting(Setting::TurnLimit(9)))
            .expect("a limit");
        let origin = Origin::Mod {
            dir: "m".into(),
            file: "m/scenarios/a.ron".into(),
        };
        draft.mark_saved(origin.clone());
        assert!(!draft.changed_since_saved());
        assert!(!draft.origin().needs_a_mod());
        assert!(draft.undo());
        assert!(draft.changed_since_saved());
        assert!(draft.redo());
        assert!(!draft.changed_since_saved());
        let back = Draft::recovered(draft.scenario().clone(), rules(), origin);
        assert!(back.changed_since_saved());
    }

    use crate::editor::edits::{Arrangement, MirrorAxis};
    use ambush_data::ambush_spec::{AmbushSetup, AmbushSpec};
    use ambush_data::board::{Going, Side, SideNames, TerrainFeature, TerrainLook};
    use ambush_data::geometry::Shape;
    use ambush_data::scenario::{Darkness, Environment, InferiorPenalty, Objective, UnitSpec};

    fn marine(label: &str, at: (f32, f32), facing: f32) -> UnitSpec {
        UnitSpec {
            label: label.into(),
            troop: ambush_data::Ident::known("Infantry"),
            formation: None,
            at,
            facing,
            weapons: vec!["blaster".into(), "laser_pistol".into()],
            armour: true,
            traits: Traits::default(),
        }
    }

    fn rect(center: (f32, f32), size: (f32, f32)) -> Shape {
        Shape::Rect {
            center,
            size,
            rotation: 0.0,
        }
    }

    fn circle(center: (f32, f32), radius: f32) -> Shape {
        Shape::Circle { center, radius }
    }

    /// Every field of the scenario, each number to the bit (Debug writes a float so that it
    /// reads back the same, -0.0 included): undo must give back the very same text. Not the
    /// file's RON, which `files` writes from a draft, so the draft's tests stay below it.
    fn text(d: &Draft) -> String {
        format!("{:#?}", d.scenario())
    }

    /// The name of an edit's variant: a match with no catch-all, so a new variant fails to
    /// compile here until the test below covers it.
    fn variant(edit: &Edit) -> &'static str {
        match edit {
            Edit::AddTerrain(_) => "AddTerrain",
            Edit::MoveTerrain { .. } => "MoveTerrain",
            Edit::RotateTerrain { .. } => "RotateTerrain",
            Edit::ResizeTerrain { .. } => "ResizeTerrain",
            Edit::MoveVertex { .. } => "MoveVertex",
            Edit::InsertVertex { .. } => "InsertVertex",
            Edit::RemoveVertex { .. } => "RemoveVertex",
            Edit::ReplaceTerrain { .. } => "ReplaceTerrain",
            Edit::DuplicateTerrain { .. } => "DuplicateTerrain",
            Edit::DeleteTerrain { .. } => "DeleteTerrain",
            Edit::Mirror { .. } => "Mirror",
            Edit::AddUnit(_) => "AddUnit",
            Edit::MoveUnit { .. } => "MoveUnit",
            Edit::RotateUnit { .. } => "RotateUnit",
            Edit::ReplaceUnit { .. } => "ReplaceUnit",
            Edit::DuplicateUnit { .. } => "DuplicateUnit",
            Edit::DeleteUnit { .. } => "DeleteUnit",
            Edit::PlaceGroup { .. } => "PlaceGroup",
            Edit::SetSetting(s) => match s {
                Setting::Name(_) => "Name",
                Setting::Briefing(_) => "Briefing",
                Setting::Table(_) => "Table",
                Setting::SideNames(_) => "SideNames",
                Setting::FriendlyEdge(_) => "FriendlyEdge",
                Setting::TurnLimit(_) => "TurnLimit",
                Setting::AutomaticWaveTurn(_) => "AutomaticWaveTurn",
                Setting::HumanWounds(_) => "HumanWounds",
                Setting::HumanMorale(_) => "HumanMorale",
                Setting::InferiorWeapons(_) => "InferiorWeapons",
                Setting::InferiorWeaponRules(_) => "InferiorWeaponRules",
                Setting::Aliens(_) => "Aliens",
                Setting::Objective(_) => "Objective",
                Setting::AttackOver(_) => "AttackOver",
                Setting::Darkness(_) => "Darkness",
                Setting::Blindsides(_) => "Blindsides",
                Setting::Explosives(_) => "Explosives",
                Setting::Environment(_) => "Environment",
            },
            Edit::SetAmbush(_) => "SetAmbush",
            Edit::Several(_) => "Several",
        }
    }

    fn ambush() -> AmbushSpec {
        AmbushSpec {
            setup: AmbushSetup::None,
            ..crate::editor::new_ambush()
        }
    }

    /// A draft with two features and two units to edit.
    fn furnished() -> Draft {
        let mut d = Draft::new_empty("Undo", (48.0, 36.0), rules());
        for e in [
            Edit::AddTerrain(TerrainFeature::new(
                "hut",
                rect((10.0, 10.0), (4.0, 2.0)),
                Going::Impassable,
            )),
            Edit::AddTerrain(TerrainFeature::new(
                "pond",
                circle((30.0, 20.0), 3.0),
                Going::Bad,
            )),
            Edit::AddUnit(marine("M1", (5.0, 30.0), 90.0)),
            Edit::AddUnit(marine("M2", (6.0, 30.0), 90.0)),
        ] {
            d.apply(e).expect("an edit of what is there");
        }
        d
    }

    #[test]
    fn undo_and_redo_of_every_edit_give_back_the_file_byte_for_byte() {
        // Issue 24: undo and redo; the draft keeps whole snapshots, back to the file's opening.
        let mut replaced = TerrainFeature::new("shed", rect((12.0, 12.0), (3.0, 3.0)), Going::Bad);
        replaced.tall = true;
        replaced.height = 8.0;
        replaced.look = Some(TerrainLook::Rocks);
        let ledge = Shape::Polygon {
            points: vec![
                (20.0, 20.0),
                (26.0, 20.0),
                (26.0, 22.0),
                (22.0, 22.0),
                (22.0, 26.0),
            ],
        };
        let edits = vec![
            // A polygon, terrain[2], its points edited one by one, then turned and scaled.
            Edit::AddTerrain(TerrainFeature::new("ledge", ledge, Going::Bad)),
            Edit::MoveVertex {
                terrain: 2,
                vertex: 4,
                to: (22.0, 27.0),
            },
            Edit::InsertVertex {
                terrain: 2,
                vertex: 5,
                at: (20.0, 27.0),
            },
            Edit::RemoveVertex {
                terrain: 2,
                vertex: 1,
            },
            Edit::RotateTerrain {
                index: 2,
                degrees: 30.0,
            },
            Edit::ResizeTerrain {
                index: 2,
                factor: (1.5, 0.5),
            },
            Edit::MoveTerrain {
                index: 2,
                by: (1.0, 1.0),
            },
            Edit::AddTerrain(TerrainFeature::new(
                "rock",
                circle((40.0, 5.0), 1.0),
                Going::Impassable,
            )),
            Edit::MoveTerrain {
                index: 0,
                by: (0.5, -1.0),
            },
            Edit::RotateTerrain {
                index: 0,
                degrees: 15.0,
            },
            Edit::ResizeTerrain {
                index: 1,
                factor: (1.5, 1.5),
            },
            Edit::ReplaceTerrain {
                index: 0,
                feature: replaced,
            },
            Edit::DuplicateTerrain {
                index: 1,
                offset: (3.0, 0.0),
            },
            Edit::DeleteTerrain { index: 0 },
            Edit::Mirror {
                terrain: vec![0, 1],
                units: vec![1],
                axis: MirrorAxis::LeftRight,
            },
            Edit::AddUnit(marine("S1", (20.0, 2.0), 0.0)),
            Edit::MoveUnit {
                index: 0,
                by: (1.0, 1.0),
            },
            Edit::RotateUnit {
                index: 1,
                degrees: -45.0,
            },
            Edit::ReplaceUnit {
                index: 0,
                unit: marine("Sarge", (8.0, 8.0), 180.0),
            },
            Edit::DuplicateUnit {
                index: 1,
                offset: (0.0, -1.0),
            },
            Edit::DeleteUnit { index: 0 },
            Edit::PlaceGroup {
                template: marine("R1", (20.0, 10.0), 0.0),
                count: 4,
                spacing: 1.0,
                arrangement: Arrangement::Block { abreast: 2 },
            },
            Edit::SetSetting(Setting::Name("Renamed".into())),
            Edit::SetSetting(Setting::Briefing("Hold the hut.".into())),
            Edit::SetSetting(Setting::Table((60.0, 40.0))),
            Edit::SetSetting(Setting::SideNames(Some(SideNames::default()))),
            Edit::SetSetting(Setting::FriendlyEdge(Edge::West)),
            Edit::SetSetting(Setting::TurnLimit(15)),
            Edit::SetSetting(Setting::AutomaticWaveTurn(Some(4))),
            Edit::SetSetting(Setting::HumanWounds(WoundMethod::SuddenDeath)),
            Edit::SetSetting(Setting::HumanMorale(false)),
            Edit::SetSetting(Setting::InferiorWeapons(Some(Side::Aliens))),
            Edit::SetSetting(Setting::InferiorWeaponRules(InferiorWeaponRules {
                no_long_range: false,
                penalty: InferiorPenalty::HitEffect,
            })),
            Edit::SetSetting(Setting::Aliens(AlienProfile {
                weapons: vec!["claws".into()],
                traits: Traits {
                    awe: 12,
                    species: Species::Alien,
                    ..Traits::default()
                },
            })),
            Edit::SetSetting(Setting::Objective(Some(Objective::HoldUntilTurnLimit))),
            Edit::SetSetting(Setting::AttackOver(AttackOver::Continue)),
            Edit::SetSetting(Setting::Darkness(Some(Darkness {
                sight_range: 6.0,
                full_moon: true,
            }))),
            Edit::SetSetting(Setting::Blindsides(true)),
            Edit::SetSetting(Setting::Explosives(true)),
            Edit::SetSetting(Setting::Environment(Some(Environment::Underwater {
                depth: 30.0,
            }))),
            Edit::SetAmbush(Some(Box::new(ambush()))),
            // A mirrored copy: the copy and its mirror, one step of undo.
            Edit::Several(vec![
                Edit::DuplicateTerrain {
                    index: 0,
                    offset: (0.0, 0.0),
                },
                Edit::Mirror {
                    terrain: vec![2],
                    units: vec![],
                    axis: MirrorAxis::TopBottom,
                },
            ]),
        ];
        let mut covered = std::collections::BTreeSet::new();
        let mut d = furnished();
        for edit in edits {
            covered.insert(variant(&edit));
            let before = text(&d);
            d.apply(edit.clone())
                .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
            let after = text(&d);
            assert_ne!(before, after, "{edit:?} changed nothing");
            assert!(d.undo(), "{edit:?}");
            assert_eq!(text(&d), before, "undo of {edit:?}");
            assert!(d.redo(), "{edit:?}");
            assert_eq!(text(&d), after, "redo of {edit:?}");
        }
        // 19 kinds of edit, the 18 settings and the ambush section.
        assert_eq!(covered.len(), 19 + 18 + 1, "{covered:?}");
        // Back to the opening of the file, one step at a time.
        let opened = text(&furnished());
        while d.undo() {}
        assert_eq!(
            text(&d),
            text(&Draft::new_empty("Undo", (48.0, 36.0), rules()))
        );
        for _ in 0..4 {
            assert!(d.redo());
        }
        assert_eq!(text(&d), opened);
    }

    #[test]
    fn the_crashed_ship_built_by_edits_alone_is_the_bundled_file() {
        // Issue 24: a scenario made from an empty draft by edits alone; here 001's crashed ship,
        // equal field for field to `scenarios/crashed_ship.ron` as parsed (names and order too).
        let path =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/crashed_ship.ron");
        let bundled =
            ambush_data::load_scenario_file(&path, Rules::bundled()).expect("the bundled file");
        let mut d = Draft::new_empty("The Crashed Ship", (72.0, 48.0), rules());
        let mut ship =
            TerrainFeature::new("ship", rect((30.0, 20.0), (6.0, 3.0)), Going::Impassable);
        ship.tall = true;
        let mut stream = TerrainFeature::new("stream", rect((15.0, 17.5), (32.0, 1.5)), Going::Bad);
        stream.water = true;
        let mut rocks = TerrainFeature::new("rocks", circle((46.0, 30.0), 2.0), Going::Impassable);
        rocks.tall = true;
        let mut crag =
            TerrainFeature::new("crag", rect((10.0, 40.0), (2.5, 1.5)), Going::Impassable);
        crag.tall = true;
        let mut wall = TerrainFeature::new("wall", rect((40.5, 12.0), (6.0, 0.5)), Going::Bad);
        wall.linear_defence = true;
        let edits = vec![
            Edit::SetSetting(Setting::Briefing(bundled.briefing.clone())),
            Edit::SetSetting(Setting::FriendlyEdge(Edge::East)),
            Edit::SetSetting(Setting::TurnLimit(20)),
            Edit::SetSetting(Setting::AutomaticWaveTurn(Some(3))),
            Edit::SetSetting(Setting::HumanWounds(WoundMethod::Degradation)),
            Edit::SetSetting(Setting::HumanMorale(false)),
            Edit::SetSetting(Setting::Aliens(AlienProfile {
                weapons: vec!["claws".into()],
                traits: Traits {
                    species: Species::Alien,
                    ..Traits::default()
                },
            })),
            // The ship placed roughly, then moved into the centre of the table.
            Edit::AddTerrain(ship),
            Edit::MoveTerrain {
                index: 0,
                by: (6.0, 4.0),
            },
            // The stream drawn level, then turned.
            Edit::AddTerrain(stream),
            Edit::RotateTerrain {
                index: 1,
                degrees: -15.0,
            },
            Edit::AddTerrain(TerrainFeature::new(
                "east wood",
                circle((52.0, 14.0), 5.0),
                Going::Bad,
            )),
            // The north wood as a copy of the east one, then made the rectangle it is.
            Edit::DuplicateTerrain {
                index: 2,
                offset: (0.0, 0.0),
            },
            Edit::ReplaceTerrain {
                index: 3,
                feature: TerrainFeature::new(
                    "north wood",
                    Shape::Rect {
                        center: (24.0, 34.0),
                        size: (9.0, 6.0),
                        rotation: 10.0,
                    },
                    Going::Bad,
                ),
            },
            Edit::AddTerrain(rocks),
            // The crag drawn at half size, then scaled up and turned.
            Edit::AddTerrain(crag),
            Edit::ResizeTerrain {
                index: 5,
                factor: (2.0, 2.0),
            },
            Edit::RotateTerrain {
                index: 5,
                degrees: 30.0,
            },
            Edit::AddTerrain(wall),
            // The six marines in line abreast on the east edge, facing west: M1 to M6.
            Edit::PlaceGroup {
                template: marine("M1", (71.0, 21.5), 270.0),
                count: 6,
                spacing: 1.0,
                arrangement: Arrangement::Line,
            },
            Edit::SetSetting(Setting::Objective(Some(Objective::RepairAndBoard {
                feature: "ship".into(),
            }))),
            Edit::SetSetting(Setting::AttackOver(AttackOver::Continue)),
        ];
        for edit in edits {
            d.apply(edit.clone())
                .unwrap_or_else(|e| panic!("{edit:?}: {e}"));
        }
        assert_eq!(d.scenario(), &bundled);
        assert_eq!(ambush_data::check_scenario(d.scenario(), d.rules()), Ok(()));
        let all = ambush_data::check::check_scenario_all(d.scenario(), d.rules());
        assert!(all.is_empty(), "{all:?}");
    }
}
