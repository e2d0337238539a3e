//! Movement, by job: 001's move categories and allowances, the refusals, whether a unit may move, clear paths, the move check and its search, charges, steering, and the table's edges.

mod allowance;
mod charge;
mod edges;
mod may_move;
mod path;
mod refusals;
mod search;
mod steering;

pub use allowance::{allowance, classify, max_allowance, moves_any_direction, path_cost};
pub use charge::{charge_target, plan_charge};
pub use edges::{at_edge, edge_point, inside_from, nearest_edge_point, outward};
pub use may_move::{
    cannot_move, cannot_move_via_grid, free_to_move, free_to_move_via_grid, held_by_formation,
};
pub use path::path_clear;
pub use refusals::{CannotMove, MoveError, PathBlocked};
pub use search::{MovePlan, MoveSearch, Witness, plan_move};
pub use steering::steer_toward;
