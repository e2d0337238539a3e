//! The panels' copies: the inspector's copy of the selected piece and the settings panels' copy of the scenario, each written to the draft as one edit when a field is done with.

use super::{Pick, Workbench};
use crate::editor::{Edit, Setting, carry_hidden_unit, carry_terrain, carry_unit};
use ambush_data::ambush_spec::AmbushUnitSpec;
use ambush_data::board::TerrainFeature;
use ambush_data::geometry::Shape;
use ambush_data::scenario::{Scenario, UnitSpec};

/// The inspector's copy of the selected piece.
#[derive(Debug, Clone, PartialEq)]
pub enum Form {
    Terrain(usize, TerrainFeature),
    Unit(usize, UnitSpec),
    AmbushUnit(usize, AmbushUnitSpec),
    Dummy(usize, (f32, f32)),
    Zone(usize, Shape),
}

/// The panels' copy of the scenario: `base` as it was when the copy was made, `edited` with
/// the panels' changes. A change elsewhere (an undo, a drag) makes a fresh copy.
#[derive(Debug, Clone)]
pub struct FieldsForm {
    base: Scenario,
    pub edited: Scenario,
}

impl Workbench {
    /// The panels' copy of the scenario, made anew when the draft has changed under it.
    pub fn take_fields(&mut self) -> FieldsForm {
        match self.fields.take() {
            Some(f) if f.base == *self.draft.scenario() => f,
            _ => FieldsForm {
                base: self.draft.scenario().clone(),
                edited: self.draft.scenario().clone(),
            },
        }
    }

    /// Writes what the panels changed as one edit once a field is `done` with; until then the
    /// copy is kept for the next frame.
    pub fn commit_fields(&mut self, form: FieldsForm, done: bool) {
        if !done {
            self.fields = Some(form);
            return;
        }
        let mut edits: Vec<Edit> = Setting::changed(&form.base, &form.edited)
            .into_iter()
            .map(Edit::SetSetting)
            .collect();
        if form.base.ambush != form.edited.ambush {
            edits.push(Edit::SetAmbush(form.edited.ambush.clone().map(Box::new)));
        }
        match edits.len() {
            0 => {}
            1 => {
                let _ = self.apply(edits.remove(0));
            }
            _ => {
                let _ = self.apply(Edit::Several(edits));
            }
        }
    }

    /// The edit an inspector's change makes: the shown piece (`before`) set as `after`, and the
    /// same change made to every other selected piece of its kind (a weapon ticked with four
    /// units selected is ticked for all four), as one edit. A label, a name or a place belongs
    /// to the shown piece alone.
    pub fn form_edit(&self, before: &Form, after: Form) -> Option<Edit> {
        let s = self.draft.scenario();
        let others: Vec<Pick> = self
            .selection()
            .into_iter()
            .filter(|p| Some(*p) != self.selected)
            .collect();
        match (before, after) {
            (Form::Terrain(_, was), Form::Terrain(index, feature)) => {
                let mut edits = Vec::new();
                for p in others {
                    if let Pick::Terrain(i) = p
                        && let Some(f) = s.terrain.get(i)
                    {
                        let mut f = f.clone();
                        carry_terrain(was, &feature, &mut f);
                        edits.push(Edit::ReplaceTerrain {
                            index: i,
                            feature: f,
                        });
                    }
                }
                edits.insert(0, Edit::ReplaceTerrain { index, feature });
                Some(one_or_several(edits))
            }
            (Form::Unit(_, was), Form::Unit(index, unit)) => {
                let mut edits = Vec::new();
                for p in others {
                    if let Pick::Unit(i) = p
                        && let Some(u) = s.units.get(i)
                    {
                        let mut u = u.clone();
                        carry_unit(was, &unit, &mut u);
                        edits.push(Edit::ReplaceUnit { index: i, unit: u });
                    }
                }
                edits.insert(0, Edit::ReplaceUnit { index, unit });
                Some(one_or_several(edits))
            }
            (Form::AmbushUnit(_, was), Form::AmbushUnit(i, unit)) => self.ambush_edit(|a| {
                for p in &others {
                    if let Pick::AmbushUnit(k) = *p
                        && let Some(u) = a.units.get_mut(k)
                    {
                        carry_hidden_unit(was, &unit, u);
                    }
                }
                if let Some(u) = a.units.get_mut(i) {
                    *u = unit;
                }
            }),
            (_, Form::Dummy(i, d)) => self.ambush_edit(|a| {
                if let Some(x) = a.dummies.get_mut(i) {
                    *x = d;
                }
            }),
            (_, Form::Zone(i, z)) => self.ambush_edit(|a| {
                if let Some(x) = a.zone.get_mut(i) {
                    *x = z;
                }
            }),
            _ => None,
        }
    }
}

/// One edit alone, or several made as one.
fn one_or_several(mut edits: Vec<Edit>) -> Edit {
    if edits.len() == 1 {
        edits.remove(0)
    } else {
        Edit::Several(edits)
    }
}
