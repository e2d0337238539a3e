//! Edits of the selection as a whole: delete, turn, duplicate, and mirror about the table's centre line.

use super::tools::TURN_STEP;
use super::{Pick, Workbench};
use crate::editor::{Edit, MirrorAxis, compass, free_labels};
use ambush_data::ambush_spec::AmbushSpec;
use ambush_data::geometry::Shape;

impl Workbench {
    /// Deletes the selected pieces, as one edit.
    pub fn delete_selected(&mut self) {
        let picks = self.selection();
        if picks.is_empty() {
            return;
        }
        let mut terrain: Vec<usize> = Vec::new();
        let mut units: Vec<usize> = Vec::new();
        for p in &picks {
            match *p {
                Pick::Terrain(i) => terrain.push(i),
                Pick::Unit(i) => units.push(i),
                _ => {}
            }
        }
        // From the back, so each index still names its piece.
        terrain.sort_unstable_by(|a, b| b.cmp(a));
        units.sort_unstable_by(|a, b| b.cmp(a));
        let mut edits: Vec<Edit> = terrain
            .into_iter()
            .map(|index| Edit::DeleteTerrain { index })
            .chain(units.into_iter().map(|index| Edit::DeleteUnit { index }))
            .collect();
        if picks.iter().any(|p| is_ambush_piece(*p))
            && let Some(e) = self.ambush_edit(|a| remove_ambush_pieces(a, &picks))
        {
            edits.push(e);
        }
        if self.apply(Edit::Several(edits)).is_ok() {
            self.select(None);
        }
    }

    /// Turns the selected piece: terrain counter-clockwise, a unit clockwise (a compass
    /// bearing), by `degrees`.
    pub fn rotate_selected(&mut self, degrees: f32) {
        let edit = match self.selected {
            Some(Pick::Terrain(index)) => Some(Edit::RotateTerrain { index, degrees }),
            Some(Pick::Unit(index)) => Some(Edit::RotateUnit { index, degrees }),
            Some(Pick::AmbushUnit(i)) => self.ambush_edit(|a| {
                if let Some(u) = a.units.get_mut(i) {
                    u.facing = compass(u.facing + degrees);
                }
            }),
            Some(Pick::Zone(i)) => self.ambush_edit(|a| {
                if let Some(Shape::Rect { rotation, .. }) = a.zone.get_mut(i) {
                    *rotation = (*rotation + degrees) % 360.0;
                }
            }),
            Some(Pick::Dummy(_)) | None => None,
        };
        if let Some(edit) = edit {
            let _ = self.apply(edit);
        }
    }

    /// Turns the selected piece a step to the left (`left`) or right, whatever its kind.
    pub fn turn_selected(&mut self, left: bool) {
        // Terrain and zones turn counter-clockwise for a positive angle, units clockwise.
        let ccw = matches!(self.selected, Some(Pick::Terrain(_) | Pick::Zone(_)));
        let step = if left == ccw { TURN_STEP } else { -TURN_STEP };
        self.rotate_selected(step);
    }

    /// A copy of the selected piece beside it, selected.
    pub fn duplicate_selected(&mut self) {
        let offset = (2.0, -2.0);
        let Some(pick) = self.selected else { return };
        let edit = match pick {
            Pick::Terrain(index) => Some(Edit::DuplicateTerrain { index, offset }),
            Pick::Unit(index) => Some(Edit::DuplicateUnit { index, offset }),
            _ => self.duplicate_ambush_piece(pick, offset),
        };
        let Some(edit) = edit else { return };
        if self.apply(edit).is_ok() {
            let s = self.draft.scenario();
            let a = s.ambush.as_ref();
            let last = |n: usize| n.saturating_sub(1);
            self.select(Some(match pick {
                Pick::Terrain(_) => Pick::Terrain(last(s.terrain.len())),
                Pick::Unit(_) => Pick::Unit(last(s.units.len())),
                Pick::AmbushUnit(_) => Pick::AmbushUnit(last(a.map_or(0, |a| a.units.len()))),
                Pick::Dummy(_) => Pick::Dummy(last(a.map_or(0, |a| a.dummies.len()))),
                Pick::Zone(_) => Pick::Zone(last(a.map_or(0, |a| a.zone.len()))),
            }));
        }
    }

    /// Mirrors the selection about the table's centre line, as one edit: in place, or (with
    /// `copy`) a mirrored copy beside the pieces, for a symmetrical table. The copies are
    /// selected after.
    pub fn mirror_selection(&mut self, axis: MirrorAxis, copy: bool) {
        let picks = self.selection();
        if picks.is_empty() {
            self.status =
                "Select the pieces to mirror first: Shift+click adds one, Ctrl+A selects all."
                    .into();
            return;
        }
        let s = self.draft.scenario().clone();
        let terrain: Vec<usize> = picks
            .iter()
            .filter_map(|p| match p {
                Pick::Terrain(i) => Some(*i),
                _ => None,
            })
            .collect();
        let units: Vec<usize> = picks
            .iter()
            .filter_map(|p| match p {
                Pick::Unit(i) => Some(*i),
                _ => None,
            })
            .collect();
        let mut edits = Vec::new();
        let (mirrored_t, mirrored_u) = if copy {
            let offset = (0.0, 0.0);
            edits.extend(
                terrain
                    .iter()
                    .map(|&index| Edit::DuplicateTerrain { index, offset }),
            );
            edits.extend(
                units
                    .iter()
                    .map(|&index| Edit::DuplicateUnit { index, offset }),
            );
            (
                (s.terrain.len()..s.terrain.len() + terrain.len()).collect(),
                (s.units.len()..s.units.len() + units.len()).collect(),
            )
        } else {
            (terrain.clone(), units.clone())
        };
        edits.push(Edit::Mirror {
            terrain: mirrored_t.clone(),
            units: mirrored_u.clone(),
            axis,
        });
        // The ambush's pieces mirror by the same rule; copied hidden units take labels free
        // after the copied units have taken theirs.
        let mut after = s.clone();
        let mut ambush_copies = Vec::new();
        if let Some(a) = &s.ambush
            && picks
                .iter()
                .any(|p| matches!(p, Pick::AmbushUnit(_) | Pick::Dummy(_) | Pick::Zone(_)))
        {
            if Edit::Several(edits.clone()).apply_to(&mut after).is_err() {
                self.status = "Refused: the selection names a piece that is gone".into();
                return;
            }
            let mut a = a.clone();
            let table = s.table;
            for p in &picks {
                match *p {
                    Pick::AmbushUnit(i) if i < a.units.len() => {
                        let mut u = a.units[i].clone();
                        u.at = axis.point(table, u.at);
                        u.facing = axis.facing(u.facing);
                        if copy {
                            let mut scratch = after.clone();
                            scratch.ambush = Some(a.clone());
                            u.label = match free_labels(&scratch, &u.label, 1) {
                                Ok(mut l) => l.remove(0),
                                Err(why) => {
                                    self.status = format!("Refused: {why}");
                                    return;
                                }
                            };
                            a.units.push(u);
                            ambush_copies.push(Pick::AmbushUnit(a.units.len() - 1));
                        } else {
                            a.units[i] = u;
                        }
                    }
                    Pick::Dummy(i) if i < a.dummies.len() => {
                        let d = axis.point(table, a.dummies[i]);
                        if copy {
                            a.dummies.push(d);
                            ambush_copies.push(Pick::Dummy(a.dummies.len() - 1));
                        } else {
                            a.dummies[i] = d;
                        }
                    }
                    Pick::Zone(i) if i < a.zone.len() => {
                        let mut z = a.zone[i].clone();
                        axis.shape(table, &mut z);
                        if copy {
                            a.zone.push(z);
                            ambush_copies.push(Pick::Zone(a.zone.len() - 1));
                        } else {
                            a.zone[i] = z;
                        }
                    }
                    _ => {}
                }
            }
            edits.push(Edit::SetAmbush(Some(Box::new(a))));
        }
        if self.apply(Edit::Several(edits)).is_ok() && copy {
            let copies: Vec<Pick> = mirrored_t
                .into_iter()
                .map(Pick::Terrain)
                .chain(mirrored_u.into_iter().map(Pick::Unit))
                .chain(ambush_copies)
                .collect();
            self.selected = copies.first().copied();
            self.also = copies.into_iter().skip(1).collect();
        }
    }
}

/// Whether the piece belongs to the ambush section.
fn is_ambush_piece(pick: Pick) -> bool {
    matches!(pick, Pick::AmbushUnit(_) | Pick::Dummy(_) | Pick::Zone(_))
}

/// Takes the picked hidden units, dummies and zone shapes out of the ambush.
fn remove_ambush_pieces(a: &mut AmbushSpec, picks: &[Pick]) {
    fn without<T>(list: &mut Vec<T>, picked: impl Fn(usize) -> bool) {
        *list = std::mem::take(list)
            .into_iter()
            .enumerate()
            .filter(|(i, _)| !picked(*i))
            .map(|(_, x)| x)
            .collect();
    }
    without(&mut a.units, |i| picks.contains(&Pick::AmbushUnit(i)));
    without(&mut a.dummies, |i| picks.contains(&Pick::Dummy(i)));
    without(&mut a.zone, |i| picks.contains(&Pick::Zone(i)));
}
