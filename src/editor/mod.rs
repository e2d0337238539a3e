//! The scenario editor's model, without Bevy or egui: a draft scenario, the edits with undo and redo, its checks with the piece each concerns, and its files.
//!
//! The window's editor (`screen::editor`) drives it: it turns the pointer and its panels into `Edit`s
//! for `Draft::apply`, outlines each piece `Draft::problems` names, and saves and autosaves
//! through `files`.

pub mod checks;
pub mod draft;
pub mod edits;
pub mod files;
pub mod workbench;

pub use checks::{Concern, DraftProblem, concern_of, problems_of};
pub use draft::{Draft, Origin};
pub use edits::{
    Arrangement, Edit, EditError, MirrorAxis, Setting, ahead_and_right, carry_hidden_unit,
    carry_terrain, carry_traits, carry_unit, compass, free_labels, free_terrain_name, new_ambush,
    snap, translate,
};
pub use files::{
    FileError, Overwrite, Recovered, SaveTarget, autosave, check_name, find_autosave, has_comments,
    open, open_with_its_rules, remove_autosave, rules_for, save, save_into_mod, save_target,
};
