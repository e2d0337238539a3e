//! The commander: an AI for either side that plays its scenario's objective, at one of three levels that are ways of playing.
//!
//! A level never changes what the side has (units, dice, sight): it changes how the commander
//! weighs what it may do. It decides on the table as its side may know it
//! (`visibility::as_seen_by`), so it reads nothing the window would not show a person.

mod aims;
mod melee;
mod moves;
mod shots;

use crate::control::memos::AiMemos;
use crate::rules::orders::{Decision, Order};
use crate::rules::phases::movement::boarders;
use crate::rules::table::Table;
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Objective;

/// How a commander plays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum AiLevel {
    /// Keeps to cover and out of reach, shoots whatever threatens it most, charges only with
    /// the odds well in its favour and breaks off a melee it is not sure to win; with the enemy
    /// to destroy before the turn limit or a patrol to catch, it hangs back more carefully
    /// still, its hidden units waiting under their counters to the end.
    Cautious,
    /// Goes for the objective, takes cover on the way, shoots where the chance and the threat
    /// are best, charges whatever it can reach with even odds; where its side wins by denying
    /// the enemy its objective, it holds back in cover where the enemy must come; with the
    /// enemy to destroy before the turn limit or a patrol to catch, it closes in from cover to
    /// cover, its hidden units at once.
    Normal,
    /// Normal, but with the enemy to destroy before the turn limit or a patrol to catch, it
    /// presses in, spreading its attack over the enemy: cover and danger no longer hold it
    /// back; with a ship to board before the turn limit, its marines advance on it in their
    /// groups, straight as the way allows, each stepping onto a free place along the hull once
    /// one is within its move. On any side it holds a shot whose miss may cost its own units in
    /// the melee more than it gains.
    Hard,
}

impl AiLevel {
    pub const ALL: [AiLevel; 3] = [AiLevel::Cautious, AiLevel::Normal, AiLevel::Hard];

    /// The name a player types (`--level`) and reads.
    pub fn name(self) -> &'static str {
        match self {
            AiLevel::Cautious => "cautious",
            AiLevel::Normal => "normal",
            AiLevel::Hard => "hard",
        }
    }

    /// How it plays, in a line for a player choosing an opponent (docs/ai.md has the whole).
    pub fn summary(self) -> &'static str {
        match self {
            AiLevel::Cautious => {
                "Keeps to cover and out of reach and charges only with the odds well in its favour; with the enemy to destroy or a patrol to catch in time, it hangs back. The easiest."
            }
            AiLevel::Normal => {
                "Plays the objective, from cover to cover; holds back where denying the enemy its objective wins, and closes in where it must destroy or catch the enemy in time."
            }
            AiLevel::Hard => {
                "As normal, but presses in where it must destroy or catch the enemy in time, spreading its attack over the enemy, boards a ship in groups, and holds a shot whose miss may hit its own in a melee."
            }
        }
    }

    /// The level of a typed name.
    pub fn named(name: &str) -> Option<AiLevel> {
        AiLevel::ALL.into_iter().find(|l| l.name() == name)
    }

    fn style(self) -> Style {
        match self {
            AiLevel::Cautious => Style {
                progress: 0.6,
                cover: 3.0,
                caution: 2.0,
                fire: 0.5,
                pursuit: Pursuit::HangsBack,
                minds_the_objective: false,
                // Only with the odds well in its favour (65% with nothing to shoot). Measured
                // (docs/ai.md): at 65%, Mountain Pass's armed cautious aliens won 17 games of 500
                // against normal's marines, at 90% 2; the crashed ship's games are unchanged.
                charge_odds: 0.9,
                break_off_below: 0.6,
                boards_together: false,
                waits_hidden: true,
                minds_friendly_fire: false,
                spreads_attack: false,
            },
            AiLevel::Normal => Style {
                progress: 1.0,
                cover: 1.5,
                caution: 0.8,
                fire: 1.0,
                pursuit: Pursuit::Closes,
                minds_the_objective: true,
                charge_odds: 0.4,
                break_off_below: 0.4,
                boards_together: false,
                waits_hidden: true,
                minds_friendly_fire: false,
                spreads_attack: false,
            },
            // Measured with the arena (docs/ai.md): of the weights and habits tried, pressing
            // in against the clock beat the normal level, in the holding actions whose
            // attackers it drives, where normal closes in from cover to cover, the more for
            // spreading its attack (Night Raid: 662 wins of 1,000 against 481); so did boarding
            // together: the crashed ship's marines board in 998 games of 1,000 against the
            // normal aliens moving as the script moves (stepping onto a free place along the
            // hull within reach first), in 327 as the normal commander moves them; and so did
            // minding friendly fire: Mountain Pass's armed aliens, holding their shots into
            // their own melees, win 400 games of 1,000 against normal's marines where they won
            // 256. Concentrated fire, other weights, melee support and looking ahead did not.
            AiLevel::Hard => Style {
                pursuit: Pursuit::Presses,
                boards_together: true,
                minds_friendly_fire: true,
                ..AiLevel::Normal.style()
            },
        }
    }
}

/// The weights a level plays by. Distances are inches; the other weights are worth that many
/// inches of progress toward the objective.
#[derive(Debug, Clone, Copy)]
struct Style {
    /// Weight of each inch gained toward the objective.
    progress: f32,
    /// Worth of ending in cover.
    cover: f32,
    /// Weight of the harm the enemy can do next turn where a unit ends.
    caution: f32,
    /// Worth of having a target from where a unit ends, and keeping its shot.
    fire: f32,
    /// How it plays when its side must go and get the enemy: destroy it before the turn limit
    /// (`aims::against_the_clock`) or catch it before it gets through (`aims::bars_the_way`).
    pursuit: Pursuit,
    /// Holds back when its side wins by denying the enemy its objective (`aims::denies`), with
    /// `HOLDING`'s weights of ground, cover and danger.
    minds_the_objective: bool,
    /// The least chance of winning the melee a unit with a firearm charges at (a unit with
    /// nothing to shoot charges at less: melee is all it has).
    charge_odds: f32,
    /// A unit in a melee tries to break off, or to disengage, when its chance of winning the
    /// next round is below this.
    break_off_below: f32,
    /// The side that must repair and board before the turn limit (`aims::must_board`) moves as
    /// the crashed-ship script does: each marine's group advances on the objective together, by
    /// the straightest way open, instead of one unit at a time from cover to cover. Adrift in
    /// zero-g (`aims::adrift`) it moves as the level otherwise would.
    boards_together: bool,
    /// A unit still hidden under its counter waits for the enemy to come within its charge,
    /// rather than give itself away by moving.
    waits_hidden: bool,
    /// Weighs the hits a miss may put on its own units in contact with the target (001's
    /// friendly fire) against the shot, and holds a shot that costs more than it gains.
    minds_friendly_fire: bool,
    /// Each unit closing on the enemy makes for the nearest of the enemies fewest of its side
    /// stand near (`Picture::spreading`), not for the nearest: set where it presses in.
    spreads_attack: bool,
}

/// How a level plays when its side must go and get the enemy: destroy it before the turn limit to
/// win, so that every turn it waits is one the enemy needs (`aims::against_the_clock`), or catch
/// a patrol before it gets through (`aims::bars_the_way`). The three ways were measured with the
/// arena (docs/ai.md): each beats the one before it in the holding actions and The Gauntlet.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Pursuit {
    /// Keeps its units safe whatever the turn limit costs: ground, cover and danger weighed
    /// as `HANGING_BACK`, hidden units waiting under their counters to the end.
    HangsBack,
    /// Closes in from cover to cover: ground, cover and danger weighed as `CLOSING` (or
    /// `CLOSING_FOR_A_DRAW`), or as `BARRING` across a patrol's way, hidden units closing in at
    /// once.
    Closes,
    /// Presses in: cover and danger count for nothing, only the ground gained and the shot
    /// (caution buys time, which such a side has not got), hidden units close in at once, and
    /// the attack is spread over the enemy (`Picture::spreading`).
    Presses,
}

impl Style {
    /// The style a side plays by under `objective`: with the clock against it or a patrol's way
    /// to bar, as its level's `Pursuit` says. A level that minds the objective holds back where
    /// its side wins by denying, weighing ground little and cover and danger much.
    fn for_side(self, objective: Option<&Objective>, side: Side) -> Style {
        let clock = aims::against_the_clock(objective, side);
        if clock || aims::bars_the_way(objective, side) {
            let (progress, cover, caution) = match self.pursuit {
                Pursuit::HangsBack => HANGING_BACK,
                // With no objective, the turn limit draws the game rather than loses it.
                Pursuit::Closes if clock && objective.is_none() => CLOSING_FOR_A_DRAW,
                Pursuit::Closes if clock => CLOSING,
                Pursuit::Closes => BARRING,
                Pursuit::Presses => (self.progress, 0.0, 0.0),
            };
            Style {
                progress,
                cover,
                caution,
                waits_hidden: self.pursuit == Pursuit::HangsBack,
                spreads_attack: self.pursuit == Pursuit::Presses,
                ..self
            }
        } else if self.minds_the_objective && aims::denies(objective, side) {
            let (progress, cover, caution) = HOLDING;
            Style {
                progress,
                cover,
                caution,
                ..self
            }
        } else {
            self
        }
    }
}

/// The weights of ground gained, cover and danger of the cautious level with the clock against
/// it. Measured with the arena (docs/ai.md): on Night Raid its attacking aliens then win 24 games
/// of 1,000 against normal's marines, where at its own weights (0.6, 3, 2) they won about 250,
/// and normal's closing aliens win 308 against its marines (64.2%, seats swapped).
const HANGING_BACK: (f32, f32, f32) = (0.3, 5.0, 4.0);

/// The weights of ground gained, cover and danger of the normal level with the clock against it.
/// Measured with the arena (docs/ai.md): at its own weights (1, 1.5, 0.8) its attacking aliens
/// won as many games as hard's pressing in (Night Raid, against the other's marines: 472 and 478
/// of 1,000); at these they win 310 against hard's marines, between hanging back and pressing
/// in, and hard's 662 against normal's (67.6%).
const CLOSING: (f32, f32, f32) = (1.0, 2.25, 1.2);

/// The weights of ground gained, cover and danger of the normal level with the clock against it
/// where the turn limit only draws the game (a scenario with no objective: 001's aliens win only
/// by destroying the humans): it closes in more carefully. Measured with the arena (docs/ai.md):
/// on The Ledge at `CLOSING` hard scored 53.6% against normal; at these, 57.7%, and normal 57.5%
/// against cautious (61.0% at `CLOSING`).
const CLOSING_FOR_A_DRAW: (f32, f32, f32) = (0.6, 3.25, 2.25);

/// The weights of ground gained, cover and danger of the normal level barring a patrol's way: the
/// patrol must come past it, so it closes on it more carefully than against the clock. Measured
/// with the arena (docs/ai.md): pressing in, as hard does, normal's aliens in The Gauntlet won
/// as many games as hard's (50.2%); at these, hard's win 659 of 1,000 against normal's patrol
/// and normal's 421 against hard's (61.5%), while cautious's patrol, against normal's aliens,
/// gets out in 21 games where normal's, against cautious's hanging back, gets out in 577.
const BARRING: (f32, f32, f32) = (0.45, 4.0, 3.0);

/// The weights of ground gained, cover and danger of a side that wins by denying the enemy its
/// objective, at the levels that hold back. Measured with the arena (docs/ai.md): the crashed
/// ship's aliens at normal's own weights let the marines board in 739 games of 1,000 against a
/// normal marine side, at cautious' (0.6, 3, 2) in 572, at these in 247; going nowhere at all
/// (ground worth nothing) let them board in 344.
const HOLDING: (f32, f32, f32) = (0.1, 4.5, 3.0);

/// The commander's order for a decision, on `table` as its side may know it.
/// `memos` are the game's (`AiMemos`): the crashed-ship script's walk, which the hard level's
/// boarders move by, keeps its work there.
pub fn decide(
    table: &Table,
    rules: &Rules,
    decision: &Decision,
    level: AiLevel,
    memos: &AiMemos,
) -> Order {
    let objective = table.config.scenario.objective.as_ref();
    let style = level.style().for_side(objective, decision.side());
    if let Decision::Move { side, .. } = decision
        && style.boards_together
        && aims::must_board(objective, *side)
        && !aims::adrift(table, rules, *side)
    {
        // The script's walk makes for the nearest point of the hull, however crowded: a marine
        // that can reach a free place along it steps there first.
        if let Some(order) = moves::onto_the_ship(table, rules, *side) {
            return order;
        }
        return super::marine_ai::decide(table, rules, decision, memos);
    }
    match decision {
        Decision::Move { side, .. } => moves::movement_order(table, rules, *side, &style),
        Decision::Board { .. } => match boarders(table, rules).first() {
            Some(unit) => Order::Board { unit: *unit },
            None => Order::EndBoarding,
        },
        Decision::Shoot { side } => shots::shooting_order(table, rules, *side, &style),
        Decision::BreakOff { unit, .. } => Order::BreakOff {
            unit: *unit,
            attempt: melee::worth_leaving(table, rules, *unit, &style),
        },
        Decision::Disengage { unit, .. } => Order::Disengage {
            unit: *unit,
            attempt: melee::worth_leaving(table, rules, *unit, &style),
        },
        Decision::Engage {
            defender,
            candidates,
            ..
        } => Order::Engage {
            defender: *defender,
            attacker: melee::weakest_attacker(table, rules, *defender, candidates),
        },
        Decision::RunAway { side } => super::marine_ai::run_away_order(table, rules, *side),
        Decision::Spring { .. } => crate::rules::phases::approach::scenario_choice(decision),
    }
}

#[cfg(test)]
mod tests;
