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

/// `value` in inches with as many decimals (one to four) as it takes for `cost` and `allowance`
/// to read differently: a refusal never says "costs 4.0\" but the allowance is 4.0\"" (a cost of
/// 4.04 refused against 4.0). A tape measure reads tenths, so one decimal is the usual.
pub fn apart(value: f32, cost: f32, allowance: f32) -> String {
    let decimals = (1..=4)
        .find(|&d| format!("{cost:.d$}") != format!("{allowance:.d$}"))
        .unwrap_or(4);
    format!("{value:.decimals$}")
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
        "{unit}: {kind} of {}\" costs {}\" but the allowance is {}\"",
        apart(*.distance, *.cost, *.allowance),
        apart(*.cost, *.cost, *.allowance),
        apart(*.allowance, *.cost, *.allowance)
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
        "{unit}: charging {target} costs {}\" but a {kind} move allows {}\"",
        apart(*.cost, *.cost, *.allowance),
        apart(*.allowance, *.cost, *.allowance)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_cost_never_reads_the_same_as_its_allowance() {
        // 001: a unit moves up to its allowance; the rules refuse more, by MEASURING_SLACK.
        let said = MoveError::BeyondAllowance {
            unit: "M1".into(),
            kind: "straight forward",
            distance: 4.04,
            cost: 4.04,
            allowance: 4.0,
        }
        .to_string();
        assert_eq!(
            said,
            "M1: straight forward of 4.04\" costs 4.04\" but the allowance is 4.00\""
        );
        let charge = MoveError::ChargeBeyondAllowance {
            unit: "A1".into(),
            target: "M2".into(),
            cost: 8.002,
            kind: "charge",
            allowance: 8.0,
        }
        .to_string();
        assert!(
            charge.ends_with("costs 8.002\" but a charge move allows 8.000\""),
            "{charge}"
        );
        // Where a tenth tells them apart, a tenth is shown.
        assert_eq!(apart(5.5, 5.5, 4.0), "5.5");
    }
}
