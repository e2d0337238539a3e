//! The soak: whole games in which both sides pick at random among the orders the rules accept, with the game's invariants checked at every decision and every step.
//!
//! Where the AIs play the same sensible games over and over, the random policy wanders into
//! corners nobody plans for: units charging from odd angles, shots declined, moves into every
//! gap. Each game is fixed by its scenario, seed and number, so a failure can be replayed.

use ambush_data::geometry::{self, MEASURING_SLACK};
use ambush_data::{Rules, Scenario};
use ambush_engine::play::new_game::NewGame;
use ambush_engine::play::seats::OrderRejected;
use ambush_engine::play::{Chooser, Game};
use ambush_engine::rules::ambush::run_away;
use ambush_engine::rules::formation;
use ambush_engine::rules::movement;
use ambush_engine::rules::orders::{Decision, Order, passing_order};
use ambush_engine::rules::shooting;
use ambush_engine::rules::table::Table;
use ambush_engine::rules::turn::Phase;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;

/// The orders the random policy may choose among: every side's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly at random among the orders the rules accept.
    Random,
}

/// A broken invariant, with what is needed to replay the game.
#[derive(Debug, Clone, PartialEq)]
pub struct Breach {
    pub scenario: String,
    pub seed: u64,
    pub game: u64,
    pub turn: u32,
    pub phase: Phase,
    pub what: String,
}

impl std::fmt::Display for Breach {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: seed {}, game {}, turn {}, {:?}: {}",
            self.scenario, self.seed, self.game, self.turn, self.phase, self.what
        )
    }
}

/// What a soaked game came to.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Soaked {
    /// Decisions taken.
    pub decisions: u64,
    /// Orders the policy chose (the rules had accepted them on a copy of the game).
    pub orders: u64,
    /// The first broken invariant, if any.
    pub breach: Option<String>,
}

/// How many moves alone a unit's random candidates try, with bearings and distances drawn
/// afresh at each decision; one move with its group follows them.
const RANDOM_MOVES_PER_UNIT: usize = 3;

/// The random policy: draws candidate orders for a decision, then picks uniformly among those
/// the rules accept (asking on a copy of the game), checking the table's invariants first.
struct RandomPolicy<'a> {
    rng: ChaCha8Rng,
    previous: Option<Snapshot>,
    rules: &'a Rules,
    decisions: u64,
    orders: u64,
    breach: Option<String>,
    /// The last order chosen, named in a breach found after it.
    last: Option<Order>,
    /// The phase being played, and how many steps it has taken.
    phase: Phase,
    steps_in_phase: u32,
}

impl Chooser for RandomPolicy<'_> {
    fn choose(
        &mut self,
        table: &Table,
        rules: &Rules,
        decision: &Decision,
        legal: &mut dyn FnMut(&Order) -> bool,
    ) -> Order {
        self.decisions += 1;
        self.check(table);
        let mut candidates = candidates(table, rules, decision, &mut self.rng);
        // Rejection sampling: uniform among the accepted ones, asking the rules only as needed.
        while !candidates.is_empty() {
            let i = self.rng.random_range(0..candidates.len());
            let order = candidates.swap_remove(i);
            if legal(&order) {
                self.orders += 1;
                self.last = Some(order.clone());
                return order;
            }
        }
        self.breach
            .get_or_insert_with(|| format!("no legal order for {decision:?}"));
        passing_order(decision)
    }

    fn after_step(
        &mut self,
        table: &Table,
        phase: Phase,
        next: Option<Phase>,
        rejected: &[OrderRejected],
    ) -> bool {
        self.phase = phase;
        // The policy only gives orders the rules accepted on a copy: the real game must too.
        if let Some(r) = rejected.first() {
            self.breach.get_or_insert_with(|| {
                format!(
                    "the rules refused {:?} after accepting it: {}",
                    r.order, r.reason
                )
            });
        }
        self.check(table);
        self.steps_in_phase += 1;
        match next {
            Some(_) => self.steps_in_phase = 0,
            // With no limit on the AI's orders, a phase ends within its step (the decision cap
            // aside): one that does not has looped.
            None if self.steps_in_phase >= 3 => {
                self.breach
                    .get_or_insert_with(|| format!("the {phase:?} phase never ends"));
            }
            None => {}
        }
        self.breach.is_some()
    }
}

impl RandomPolicy<'_> {
    /// Checks the invariants against the table, and against the last table seen.
    fn check(&mut self, table: &Table) {
        if self.breach.is_some() {
            return;
        }
        let now = Snapshot::of(table);
        let broken = invariants(table, self.rules)
            .err()
            .or_else(|| self.previous.as_ref().and_then(|p| p.never_undone(&now)));
        self.breach = broken.map(|b| match &self.last {
            Some(order) => format!("{b}, after {order:?}"),
            None => b,
        });
        self.previous = Some(now);
    }
}

/// Candidate orders for a decision: more than the rules will accept, with the passing order
/// always among them.
fn candidates(
    table: &Table,
    rules: &Rules,
    decision: &Decision,
    rng: &mut ChaCha8Rng,
) -> Vec<Order> {
    let mut out = vec![passing_order(decision)];
    match decision {
        Decision::Move { side, .. } => {
            for u in table.side_on_table(*side) {
                if !movement::free_to_move(table, rules, u.id) {
                    continue;
                }
                let allow = movement::max_allowance(table, rules, u.id).max(0.1);
                out.push(Order::Rotate {
                    unit: u.id,
                    facing: rng.random_range(-std::f32::consts::PI..std::f32::consts::PI),
                });
                for i in 0..=RANDOM_MOVES_PER_UNIT {
                    let bearing = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
                    let distance = rng.random_range(0.1..=allow);
                    out.push(Order::Move {
                        unit: u.id,
                        to: u.base.center + geometry::dir(bearing) * distance,
                        facing: if rng.random_bool(0.5) {
                            bearing
                        } else {
                            u.base.facing
                        },
                        // The last of a unit's moves takes its group along.
                        group: i == RANDOM_MOVES_PER_UNIT,
                    });
                }
                for e in table.known_enemies(*side) {
                    out.push(Order::Charge {
                        unit: u.id,
                        target: e.id,
                        edge: None,
                    });
                }
                for to in formation::choices(rules, u) {
                    out.push(Order::ChangeFormation { unit: u.id, to });
                }
            }
        }
        Decision::Board { side } => {
            out.extend(
                table
                    .side_on_table(*side)
                    .map(|u| Order::Board { unit: u.id }),
            );
        }
        Decision::Shoot { side } => {
            for u in table.side_on_table(*side) {
                for (target, _) in shooting::targets(table, rules, u.id) {
                    out.push(Order::Shoot {
                        shooter: u.id,
                        target,
                        weapon: None,
                    });
                }
            }
        }
        Decision::Disengage { unit, .. } => out.push(Order::Disengage {
            unit: *unit,
            attempt: true,
        }),
        Decision::Engage {
            defender,
            candidates,
            ..
        } => out.extend(candidates.iter().map(|a| Order::Engage {
            defender: *defender,
            attacker: *a,
        })),
        Decision::BreakOff { unit, .. } => out.push(Order::BreakOff {
            unit: *unit,
            attempt: true,
        }),
        // 004's spring point: anywhere on the lead's path, a little off it either side (refused),
        // or on.
        Decision::Spring {
            from, to, march_on, ..
        } => {
            for _ in 0..=RANDOM_MOVES_PER_UNIT {
                let at = rng.random_range((from - 1.0)..=(to + 1.0));
                out.push(Order::SpringAt { at });
            }
            if *march_on {
                out.push(Order::MarchOn);
            }
        }
        // 000's third unit: random moves of the units the ambush holds, most of them refused
        // for not taking the unit away from every enemy.
        Decision::RunAway { side } => {
            for id in run_away::runners(table, rules, *side) {
                let Some(u) = table.unit(id) else { continue };
                let allow = movement::max_allowance(table, rules, id).max(0.1);
                for i in 0..=RANDOM_MOVES_PER_UNIT {
                    let bearing = rng.random_range(-std::f32::consts::PI..std::f32::consts::PI);
                    out.push(Order::Move {
                        unit: id,
                        to: u.base.center + geometry::dir(bearing) * rng.random_range(0.1..=allow),
                        facing: u.base.facing,
                        group: i == RANDOM_MOVES_PER_UNIT,
                    });
                }
            }
        }
    }
    out
}

/// What must hold of every table: cards, bases, positions and numbers.
fn invariants(table: &Table, rules: &Rules) -> Result<(), String> {
    let tol = rules.general.contact_tolerance;
    // No NaN anywhere, and every unit on the table stands on it.
    for u in &table.units {
        let b = &u.base;
        if !(b.center.is_finite() && b.size.is_finite() && b.facing.is_finite()) {
            return Err(format!(
                "{} has a position that is not a number: {b:?}",
                u.label
            ));
        }
        if u.on_table() && !geometry::on_table(b, table.config.table(), MEASURING_SLACK * 10.0) {
            return Err(format!(
                "{} is on the table but stands off it at {b:?}",
                u.label
            ));
        }
    }
    // No two bases on the table overlap.
    let on: Vec<_> = table.units.iter().filter(|u| u.on_table()).collect();
    for (i, a) in on.iter().enumerate() {
        for b in &on[i + 1..] {
            if geometry::bases_overlap(&a.base, &b.base, tol) {
                return Err(format!("{} and {} overlap", a.label, b.label));
            }
        }
    }
    // No card lost or duplicated: every card of every pack opened is in exactly one place.
    let l = &table.ledger;
    let mut seen: BTreeMap<(u32, u8, Option<u8>), u32> = BTreeMap::new();
    let stacks = table.units.iter().filter_map(|u| u.cards.as_ref());
    let held = stacks.flat_map(|s| s.face_down.iter().chain(s.turned.iter()));
    for c in l
        .reserve
        .iter()
        .chain(&l.unseen)
        .chain(&l.discarded)
        .chain(held)
    {
        *seen
            .entry((c.pack, c.rank, c.suit.map(|s| s as u8)))
            .or_default() += 1;
    }
    let jokers = rules.cards.jokers_per_pack;
    for (&(pack, rank, suit), &n) in &seen {
        let allowed = if suit.is_none() { jokers } else { 1 };
        if pack == 0 || pack > l.packs_opened || n > allowed {
            return Err(format!(
                "card {rank} {suit:?} of pack {pack} is held {n} times"
            ));
        }
    }
    let total: u32 = seen.values().sum();
    let expected = l.packs_opened * (52 + jokers);
    if total != expected {
        return Err(format!(
            "{total} cards are in play or set aside, but {} packs hold {expected}",
            l.packs_opened
        ));
    }
    Ok(())
}

/// What may only grow from one table to the next: each unit's wounds, and the units themselves.
#[derive(Debug, Clone)]
struct Snapshot {
    wounds: Vec<(u32, u32, String)>,
}

impl Snapshot {
    fn of(table: &Table) -> Self {
        Snapshot {
            wounds: table
                .units
                .iter()
                .map(|u| (u.id, u.wounds, u.label.to_string()))
                .collect(),
        }
    }

    /// Why `now` undoes something of this table, if it does.
    fn never_undone(&self, now: &Snapshot) -> Option<String> {
        for (id, wounds, label) in &self.wounds {
            match now.wounds.iter().find(|(i, _, _)| i == id) {
                None => return Some(format!("{label} vanished from the table")),
                Some((_, w, _)) if w < wounds => {
                    return Some(format!("{label}'s wounds went down from {wounds} to {w}"));
                }
                Some(_) => {}
            }
        }
        None
    }
}

/// Plays game `game` of `scenario` with seed `seed`, both sides under `policy`, checking the
/// invariants at every decision and after every step; every phase must end, and the game too.
pub fn soak_game(
    scenario: &Scenario,
    rules: &Arc<Rules>,
    seed: u64,
    game: u64,
    policy: Policy,
) -> Soaked {
    let Policy::Random = policy;
    let mut setup = NewGame::new(scenario.clone(), seed, game);
    setup.keep_log = false;
    setup.record_orders = false;
    let mut played = Game::new(&setup, rules.clone());
    // The policy's own stream, apart from the game's dice.
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x50a4_50a4);
    rng.set_stream(game);
    let mut chooser = RandomPolicy {
        rng,
        previous: None,
        rules,
        decisions: 0,
        orders: 0,
        breach: None,
        last: None,
        phase: Phase::Approach,
        steps_in_phase: 0,
    };
    let cap = super::step_cap(scenario);
    let outcome = played.play_with(cap, Some(&mut chooser));
    if !outcome.ended && chooser.breach.is_none() {
        chooser.breach = Some(format!("the game did not end within {cap} steps"));
    }
    let phase = chooser.phase;
    Soaked {
        decisions: chooser.decisions,
        orders: chooser.orders,
        breach: chooser.breach.map(|what| {
            Breach {
                scenario: scenario.name.clone(),
                seed,
                game,
                turn: played.table.progress.turn,
                phase,
                what,
            }
            .to_string()
        }),
    }
}

/// The tally of a soak over many games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SoakReport {
    pub games: u64,
    pub decisions: u64,
    pub orders: u64,
    /// Every failure, each with its scenario, seed and game.
    pub breaches: Vec<String>,
}

/// Soaks `games` games of each scenario (games `0..games`, seed `seed`), in parallel.
pub fn soak(
    scenarios: &[(String, Scenario, Arc<Rules>)],
    games: u64,
    seed: u64,
    policy: Policy,
    each: impl Fn() + Sync,
) -> SoakReport {
    let jobs: Vec<(usize, u64)> = (0..scenarios.len())
        .flat_map(|s| (0..games).map(move |g| (s, g)))
        .collect();
    let results: Vec<Soaked> = jobs
        .par_iter()
        .map(|&(s, g)| {
            let (_, scenario, rules) = &scenarios[s];
            let r = soak_game(scenario, rules, seed, g, policy);
            each();
            r
        })
        .collect();
    let mut report = SoakReport::default();
    for r in results {
        report.games += 1;
        report.decisions += r.decisions;
        report.orders += r.orders;
        report.breaches.extend(r.breach);
    }
    report
}

/// Every scenario under `root`: `scenarios/*.ron` with the bundled tables, and each mod's in
/// `mods/` with its own; a file that does not load is an error naming it.
pub fn every_scenario(
    root: &std::path::Path,
) -> Result<Vec<(String, Scenario, Arc<Rules>)>, ambush_data::DataError> {
    let bundled = Arc::new(Rules::bundled().clone());
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("scenarios"))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|x| x == "ron"));
    files.sort();
    let mut all = Vec::new();
    for p in files {
        let s = ambush_data::load_scenario_file(&p, &bundled)?;
        all.push((p.display().to_string(), s, bundled.clone()));
    }
    for listing in ambush_data::mods::find_mods(&[root.join("mods")]) {
        let m = listing.loaded?;
        for s in m.scenarios {
            let file = s.file.display().to_string();
            all.push((file, s.scenario?, m.rules.clone()));
        }
    }
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::install::test_support::scenario;

    fn crashed_ship() -> (Scenario, Rules) {
        (scenario("crashed_ship.ron"), Rules::bundled().clone())
    }

    /// A table partway through a game, with aliens and their card stacks on it.
    fn table_in_play() -> (Table, Rules) {
        let (s, rules) = crashed_ship();
        let mut game = Game::new(&NewGame::new(s, 3, 0), Arc::new(rules.clone()));
        // Six steps a turn (generation, movement, shooting, melee, running away, the end): the
        // crashed ship's automatic wave comes on turn 3.
        game.play_to_end(14);
        let table = game.table;
        assert!(
            table.units.iter().any(|u| u.cards.is_some()),
            "aliens are on"
        );
        (table, rules)
    }

    #[test]
    fn the_invariants_hold_of_a_game_and_catch_each_kind_of_breach() {
        let (table, rules) = table_in_play();
        assert_eq!(invariants(&table, &rules), Ok(()));
        // Two bases on one spot.
        let mut t = table.clone();
        let (a, b) = (t.units[0].base, t.units[1].id);
        t.unit_mut(b).unwrap().base = a;
        assert!(invariants(&t, &rules).unwrap_err().contains("overlap"));
        // A unit off the table, and one whose position is not a number.
        let mut t = table.clone();
        t.units[0].base.center.x = -5.0;
        assert!(invariants(&t, &rules).unwrap_err().contains("off"));
        let mut t = table.clone();
        t.units[0].base.facing = f32::NAN;
        assert!(invariants(&t, &rules).unwrap_err().contains("not a number"));
        // A card duplicated, and a card lost.
        let mut t = table.clone();
        let card = t.ledger.unseen[0];
        t.ledger.discarded.push(card);
        assert!(invariants(&t, &rules).unwrap_err().contains("held 2 times"));
        let mut t = table.clone();
        t.ledger.unseen.pop();
        assert!(
            invariants(&t, &rules)
                .unwrap_err()
                .contains("cards are in play")
        );
        // Wounds that go down, and a unit that vanishes.
        let before = Snapshot::of(&table);
        let mut t = table.clone();
        t.units[0].wounds += 1;
        let after = Snapshot::of(&t);
        assert_eq!(before.never_undone(&after), None);
        assert!(after.never_undone(&before).unwrap().contains("went down"));
        t.units.pop();
        assert!(
            before
                .never_undone(&Snapshot::of(&t))
                .unwrap()
                .contains("vanished")
        );
    }

    #[test]
    fn random_games_of_every_scenario_keep_every_invariant() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let scenarios = every_scenario(root).expect("the bundled scenarios load");
        assert!(scenarios.len() >= 13);
        let report = soak(&scenarios, 3, 11, Policy::Random, || {});
        assert_eq!(report.breaches, Vec::<String>::new());
        assert_eq!(report.games, 3 * scenarios.len() as u64);
        // The policy chose an order at every decision, and there were many.
        assert_eq!(report.decisions, report.orders);
        assert!(report.decisions > 100 * report.games, "{report:?}");
    }

    #[test]
    fn the_same_seed_soaks_the_same_game() {
        let (s, rules) = crashed_ship();
        let rules = Arc::new(rules);
        let a = soak_game(&s, &rules, 5, 2, Policy::Random);
        assert_eq!(a, soak_game(&s, &rules, 5, 2, Policy::Random));
        assert_ne!(a, soak_game(&s, &rules, 5, 3, Policy::Random));
    }
}
