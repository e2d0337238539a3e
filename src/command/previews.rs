//! Copies the table after the rules ran, and works out what the selection's order would do.

use crate::command::orders::actors;
use crate::command::{Draft, Pointer, PreviewSet, Previews, Selection, TableSnapshot};
use crate::control::Controllers;
use crate::rules::flow::Decision;
use crate::rules::movement;
use crate::rules::preview::{preview_charge, preview_move, preview_shot, target_marks};
use crate::turn::resources::{Awaiting, RuleBook};
use crate::turn::table_access::TableReader;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            take_snapshot.in_set(PreviewSet::Snapshot),
            update_previews.in_set(PreviewSet::Previews),
        ),
    );
}

/// The table as the player at the screen may see it: before an ambush is sprung, a player
/// kept in the dark does not see the ambusher's units (only 004's counters stand for them).
fn take_snapshot(
    reader: TableReader,
    controllers: Option<Res<Controllers>>,
    mut snapshot: ResMut<TableSnapshot>,
) {
    let mut table = reader.table();
    if let (Some(t), Some(c)) = (table.as_mut(), controllers)
        && let Some(dark) = c.kept_in_the_dark(&t.config, &t.progress)
    {
        t.units.retain(|u| u.side == dark);
        // Counters all look alike to it.
        if let Some(a) = t.progress.approach.as_mut() {
            a.counters.iter_mut().for_each(|c| c.unit = None);
        }
    }
    snapshot.0 = table;
}

fn update_previews(
    snapshot: Res<TableSnapshot>,
    rules: Option<Res<RuleBook>>,
    awaiting: Option<Res<Awaiting>>,
    selection: Res<Selection>,
    pointer: Res<Pointer>,
    mut previews: ResMut<Previews>,
) {
    *previews = Previews::default();
    let (Some(table), Some(rules)) = (&snapshot.0, rules) else {
        return;
    };
    let Some(decision) = awaiting.as_ref().and_then(|a| a.0.as_ref()) else {
        return;
    };
    previews.actors = actors(table, &rules, decision);
    let Some(unit) = selection.unit.and_then(|u| table.unit(u)) else {
        return;
    };
    if unit.side != decision.side() {
        return;
    }
    match decision {
        Decision::Move { .. } => {
            if movement::cannot_move(table, &rules, unit.id).is_some() {
                return;
            }
            let group = !selection.alone;
            match selection.draft {
                Some(Draft::Move { to, facing }) => {
                    previews.movement = preview_move(table, &rules, unit.id, to, facing, group);
                }
                Some(Draft::Rotate { facing }) => {
                    previews.movement =
                        preview_move(table, &rules, unit.id, unit.base.center, facing, group);
                }
                Some(Draft::Charge { target }) => {
                    previews.charge = Some(preview_charge(table, &rules, unit.id, target));
                }
                Some(Draft::Shot { .. }) => {}
                None => {
                    // The live preview follows the pointer over open table.
                    if let Some(p) = pointer.world.filter(|_| !pointer.over_panel)
                        && selection.hover.is_none()
                    {
                        previews.movement =
                            preview_move(table, &rules, unit.id, p, unit.base.facing, group);
                    }
                }
            }
        }
        Decision::Shoot { .. } => {
            previews.targets = target_marks(table, &rules, unit.id);
            let target = match selection.draft {
                Some(Draft::Shot { target }) => Some(target),
                _ => selection
                    .hover
                    .filter(|h| table.unit(*h).is_some_and(|t| t.side != unit.side)),
            };
            if let Some(t) = target {
                previews.shot = preview_shot(table, &rules, unit.id, t);
            }
        }
        _ => {}
    }
}
