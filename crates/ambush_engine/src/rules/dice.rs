//! The one dice service: a seeded ChaCha8 RNG that rolls every die, shuffles every pack and
//! writes every result to the roll log. Tests may script the dice.

use crate::rules::log::RollEntry;
use crate::rules::turn::Phase;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::VecDeque;

/// Seeded dice, an optional script of faces, and the log of everything rolled.
#[derive(Debug, Clone)]
pub struct DiceService {
    rng: ChaCha8Rng,
    script: VecDeque<u32>,
    /// Every roll so far, in order.
    pub log: Vec<RollEntry>,
    /// Whether entries are kept (the batch simulator turns this off when no log is wanted).
    pub keep_log: bool,
    pub game: u64,
    pub turn: u32,
    pub phase: Phase,
}

impl DiceService {
    /// Dice for game number `game` of a run seeded with `seed`: the same pair gives the same dice.
    pub fn seeded(seed: u64, game: u64) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(game);
        DiceService {
            rng,
            script: VecDeque::new(),
            log: Vec::new(),
            keep_log: true,
            game,
            turn: 0,
            phase: Phase::NoGame,
        }
    }

    /// From now on, dice seeded by `seed`: a game played at a distance starts each stretch's
    /// dice from the seed both players' contributions make (`pbem::dice_seed`). The log and the
    /// script go on as they were.
    pub fn reseed(&mut self, seed: [u8; 32]) {
        self.rng = ChaCha8Rng::from_seed(seed);
    }

    /// Dice whose next faces are `faces`, in order; after the script runs out they roll seeded.
    pub fn scripted(faces: &[u32]) -> Self {
        let mut dice = DiceService::seeded(0, 0);
        dice.script = faces.iter().copied().collect();
        dice
    }

    /// Appends faces to the script.
    pub fn push_script(&mut self, faces: &[u32]) {
        self.script.extend(faces.iter().copied());
    }

    /// Faces still unused in the script.
    pub fn script_left(&self) -> usize {
        self.script.len()
    }

    /// One die with `sides` faces. Scripted faces are clamped to the die.
    pub fn die(&mut self, sides: u32) -> u32 {
        match self.script.pop_front() {
            Some(face) => face.clamp(1, sides.max(1)),
            None => self.rng.random_range(1..=sides.max(1)),
        }
    }

    pub fn d6(&mut self) -> u32 {
        self.die(6)
    }

    /// `n` dice with `sides` faces.
    pub fn roll(&mut self, n: u32, sides: u32) -> Vec<u32> {
        (0..n).map(|_| self.die(sides)).collect()
    }

    /// Shuffles a pack (or anything) with the game's RNG.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        items.shuffle(&mut self.rng);
    }

    /// `record`, building the entry only when the log is kept: the simulator's games, whose logs
    /// nobody reads, spend nothing on their words.
    pub fn record_with(&mut self, entry: impl FnOnce() -> RollEntry) {
        if self.keep_log {
            self.record(entry());
        }
    }

    /// Stamps an entry with the game, turn and phase and keeps it.
    pub fn record(&mut self, mut entry: RollEntry) {
        if !self.keep_log {
            return;
        }
        entry.game = self.game;
        entry.turn = self.turn;
        entry.phase = self.phase;
        if let Some(public) = entry.shown_instead.as_mut() {
            (public.game, public.turn, public.phase) = (self.game, self.turn, self.phase);
        }
        self.log.push(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reseeded_service_rolls_what_its_seed_gives() {
        let mut a = DiceService::seeded(7, 3);
        let mut b = DiceService::seeded(1, 0);
        a.reseed([9; 32]);
        b.reseed([9; 32]);
        let rolls = a.roll(20, 6);
        assert_eq!(rolls, b.roll(20, 6), "the same seed, whatever came before");
        b.reseed([8; 32]);
        assert_ne!(a.roll(20, 6), b.roll(20, 6));
    }

    #[test]
    fn same_seed_same_dice_and_streams_differ() {
        let mut a = DiceService::seeded(7, 3);
        let mut b = DiceService::seeded(7, 3);
        let mut c = DiceService::seeded(7, 4);
        let ra = a.roll(50, 6);
        assert_eq!(ra, b.roll(50, 6));
        assert_ne!(ra, c.roll(50, 6));
        assert!(ra.iter().all(|f| (1..=6).contains(f)));
    }

    #[test]
    fn script_comes_first_then_seeded() {
        let mut d = DiceService::scripted(&[6, 1, 9]);
        assert_eq!(d.roll(3, 6), vec![6, 1, 6]);
        assert_eq!(d.script_left(), 0);
        assert!((1..=6).contains(&d.d6()));
    }
}
