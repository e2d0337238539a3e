//! The arena: two levels of the commander pitted on the same dice with the seats swapped, and the first level's win, draw and loss shares with 95% intervals.
//!
//! Each seed is played twice: the first level with the humans and the second with the aliens,
//! then the other way round, on the same dice. What one side's ground or dice give it is given
//! to both levels alike, so what is left between them is how they play.

use crate::batch::report::{Interval, mean_interval, wilson};
use crate::batch::{GameResult, play_game_between};
use ambush_data::Rules;
use ambush_data::board::Side;
use ambush_data::scenario::Scenario;
use ambush_engine::control::commander::AiLevel;
use ambush_engine::control::{AiPlayer, Controller, Controllers};
use ambush_engine::rules::table::Outcome;
use rayon::prelude::*;
use serde::Serialize;
use std::sync::Arc;

/// How one level fared against another over seat-swapped games.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Bout {
    pub scenario: String,
    /// The level whose shares these are.
    pub level: AiLevel,
    pub against: AiLevel,
    /// Games played: twice the seeds.
    pub games: u64,
    pub seed: u64,
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub win_share: Interval,
    pub draw_share: Interval,
    pub loss_share: Interval,
    /// Wins and half the draws, as a share of the games, with its interval: above 50% where
    /// `level` plays the better game.
    pub score: f64,
    pub score_interval: Interval,
    /// The level's wins with each side.
    pub wins_as_humans: u64,
    pub wins_as_aliens: u64,
    /// The mean number of human units lost, with `level` playing the humans, and with
    /// `against` playing them (001's score: "compare the number of marine casualties").
    pub human_casualties_level_humans: f64,
    pub human_casualties_against_humans: f64,
}

/// The controllers of a game with `humans` and `aliens` each played by a commander.
fn seats(humans: AiLevel, aliens: AiLevel) -> Controllers {
    Controllers {
        humans: Controller::Ai(AiPlayer::Commander(humans)),
        aliens: Controller::Ai(AiPlayer::Commander(aliens)),
    }
}

/// The side a game's outcome favours, if it has a winner.
fn winner(r: &GameResult) -> Option<Side> {
    match r.outcome {
        Some(Outcome::HumansWin) => Some(Side::Humans),
        Some(Outcome::AliensWin) => Some(Side::Aliens),
        Some(Outcome::Draw) | None => None,
    }
}

/// Plays `seeds` seat-swapped pairs of `level` against `against` on `scenario`, game numbers
/// `0..seeds` of a run seeded with `seed`; `each` is told of every finished pair.
pub fn bout(
    scenario: &Scenario,
    rules: Arc<Rules>,
    level: AiLevel,
    against: AiLevel,
    seeds: u64,
    seed: u64,
    each: impl Fn() + Sync,
) -> Bout {
    let pairs: Vec<(GameResult, GameResult)> = (0..seeds)
        .into_par_iter()
        .map(|g| {
            let sides = seats(level, against);
            let first = play_game_between(scenario, rules.clone(), seed, g, sides, None, false);
            let sides = seats(against, level);
            let swapped = play_game_between(scenario, rules.clone(), seed, g, sides, None, false);
            each();
            (first, swapped)
        })
        .collect();
    let mut b = Bout {
        scenario: scenario.name.clone(),
        level,
        against,
        games: 2 * seeds,
        seed,
        wins: 0,
        draws: 0,
        losses: 0,
        win_share: wilson(0, 0),
        draw_share: wilson(0, 0),
        loss_share: wilson(0, 0),
        score: 0.0,
        score_interval: wilson(0, 0),
        wins_as_humans: 0,
        wins_as_aliens: 0,
        human_casualties_level_humans: 0.0,
        human_casualties_against_humans: 0.0,
    };
    let (mut lost_level, mut lost_against) = (0u64, 0u64);
    for (first, swapped) in &pairs {
        for (r, level_side) in [(first, Side::Humans), (swapped, Side::Aliens)] {
            match winner(r) {
                Some(side) if side == level_side => {
                    b.wins += 1;
                    match side {
                        Side::Humans => b.wins_as_humans += 1,
                        Side::Aliens => b.wins_as_aliens += 1,
                    }
                }
                Some(_) => b.losses += 1,
                None => b.draws += 1,
            }
        }
        lost_level += first.marine_casualties as u64;
        lost_against += swapped.marine_casualties as u64;
    }
    let n = b.games;
    b.win_share = wilson(b.wins, n);
    b.draw_share = wilson(b.draws, n);
    b.loss_share = wilson(b.losses, n);
    // A game scores 0, 1 or 2 halves: the mean of the halves, halved.
    let (halves, interval) = mean_interval(&[b.losses, b.draws, b.wins]);
    b.score = halves / 2.0;
    b.score_interval = Interval {
        low: interval.low / 2.0,
        high: (interval.high / 2.0).min(1.0),
    };
    let per_seed = seeds.max(1) as f64;
    b.human_casualties_level_humans = lost_level as f64 / per_seed;
    b.human_casualties_against_humans = lost_against as f64 / per_seed;
    b
}

/// The arena's table: one line a bout, shares as percentages with their intervals.
pub fn table(bouts: &[Bout]) -> String {
    let pct = |x: f64| format!("{:.1}%", 100.0 * x);
    let range = |i: Interval| format!("[{:.1}, {:.1}]", 100.0 * i.low, 100.0 * i.high);
    let width = bouts
        .iter()
        .map(|b| b.scenario.chars().count())
        .max()
        .unwrap_or(0)
        .max(8);
    let mut out = String::new();
    out.push_str(&format!(
        "{:<width$} {:<8} {:<8} {:>6}  {:<20} {:<20} {:<20} {:<20} {:>11} {:>11}\n",
        "scenario",
        "level",
        "against",
        "games",
        "win",
        "draw",
        "loss",
        "score",
        "lost (lvl)",
        "lost (vs)"
    ));
    for b in bouts {
        out.push_str(&format!(
            "{:<width$} {:<8} {:<8} {:>6}  {:<20} {:<20} {:<20} {:<20} {:>11.2} {:>11.2}\n",
            b.scenario,
            b.level.name(),
            b.against.name(),
            b.games,
            format!(
                "{} {}",
                pct(b.wins as f64 / b.games as f64),
                range(b.win_share)
            ),
            format!(
                "{} {}",
                pct(b.draws as f64 / b.games as f64),
                range(b.draw_share)
            ),
            format!(
                "{} {}",
                pct(b.losses as f64 / b.games as f64),
                range(b.loss_share)
            ),
            format!("{} {}", pct(b.score), range(b.score_interval)),
            b.human_casualties_level_humans,
            b.human_casualties_against_humans,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_against_itself_scores_half_on_swapped_seats() {
        // With the seats swapped on the same dice, a level pitted against itself plays each
        // seed's two games as one and the same pair of players: whatever one side wins, the
        // level wins once and loses once, so its score is exactly one half.
        let scenario = crate::install::test_support::scenario("night_raid.ron");
        let b = bout(
            &scenario,
            Arc::new(Rules::bundled().clone()),
            AiLevel::Normal,
            AiLevel::Normal,
            3,
            1,
            || {},
        );
        assert_eq!(b.games, 6);
        assert_eq!(b.wins, b.losses);
        assert_eq!(b.score, 0.5);
        assert!(b.score_interval.low <= 0.5 && b.score_interval.high >= 0.5);
        assert_eq!(b.wins + b.draws + b.losses, 6);
    }
}
