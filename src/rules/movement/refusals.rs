//! Why the rules refuse a move or a charge: `CannotMove`, `PathBlocked` and `MoveError`, in the words the player sees.

/// Why a unit may not move at all this phase.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum CannotMove {
    #[error("{0} is not on the table")]
    NotOnTable(String),
    #[error("{0} has already moved this phase")]
    AlreadyMoved(String),
    /// The unit, and its surprise in words.
    #[error("{0} is {1}")]
    Surprised(String, &'static str),
    #[error("{0} is stunned (Clubs) and may not move this phase")]
    Stunned(String),
    #[error("{0} is withdrawing")]
    Withdrawing(String),
    #[error("{0} is in base contact with the enemy")]
    InContact(String),
    #[error("{0} is drifting in zero-g and cannot move until it hits something")]
    Drifting(String),
    /// The unit and its formation in words.
    #[error("{0} is {1} and may not move; it may change formation instead")]
    InFormation(String, String),
}

/// What stops a base on its way.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PathBlocked {
    #[error("the move would leave the table")]
    LeavesTable,
    #[error("the path crosses impassable terrain ({0})")]
    Impassable(String),
    #[error("the path is blocked by {0}")]
    By(String),
}

/// Why the rules refuse a move or a charge, in the words the player sees.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MoveError {
    #[error(transparent)]
    Cannot(#[from] CannotMove),
    #[error("no such unit")]
    NoSuchUnit,
    #[error("no such target")]
    NoSuchTarget,
    #[error("{0} is not an enemy on the table")]
    NotAnEnemy(String),
    #[error("{unit}: {blocked}")]
    Path { unit: String, blocked: PathBlocked },
    #[error(
        "{unit}: {kind} of {distance:.1}\" costs {cost:.1}\" but the allowance is {allowance:.1}\""
    )]
    BeyondAllowance {
        unit: String,
        kind: &'static str,
        distance: f32,
        cost: f32,
        allowance: f32,
    },
    #[error("{0}: the end position is not clear")]
    EndNotClear(String),
    #[error("{0}: moving into contact with the enemy is a charge")]
    ContactIsACharge(String),
    #[error("the group's bases would overlap after turning")]
    GroupOverlaps,
    #[error("the group would come apart: a group ends its move with its bases still in contact")]
    GroupComesApart,
    #[error(
        "{unit}: charging {target} costs {cost:.1}\" but a {kind} move allows {allowance:.1}\""
    )]
    ChargeBeyondAllowance {
        unit: String,
        target: String,
        cost: f32,
        kind: &'static str,
        allowance: f32,
    },
    #[error("{unit}: no room at that edge of {target}")]
    NoRoomAtEdge { unit: String, target: String },
    #[error("no edge of the target can be reached")]
    NoEdgeReachable,
}
