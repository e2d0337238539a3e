//! Shooting, by job: who may shoot, line of sight and cover, planning a shot (range bands, to-hit modifiers), 003's attacks on the unready, the AIs' targets search, and making the shot.

mod fire;
mod may_shoot;
mod plan;
mod sight;
mod targets;
mod unready;

#[cfg(test)]
pub use fire::shoot;
pub use fire::{
    PendingHit, blast_distance_aps, blast_strength, fire, in_the_line_of_friendly_fire,
};
pub use may_shoot::{CannotShoot, cannot_shoot, free_to_shoot, free_to_shoot_via_grid};
pub use plan::{RangeBand, ShotError, ShotPlan, TargetReads, plan_shot, plan_shot_now};
pub use sight::{
    SightBlocked, in_cover, line_of_sight, los_blocker, los_blocker_via_grid, terrain_print,
};
pub use targets::{
    farthest_plan, first_shooter_among, has_target, longest_reach, side_can_shoot, target_via_grid,
    targets, targets_via_grid,
};
pub use unready::{against_the_unready, blindside, note_attack};
