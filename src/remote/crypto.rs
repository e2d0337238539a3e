//! The protocol's cryptography, all of it BLAKE3 from the `blake3` crate: digests, salted commitments, each player's random dice contributions and the dice seed both make together.
//!
//! A commitment is BLAKE3 keyed with a fresh random 32-byte salt over a context string and the
//! value: hiding (the salt is secret until the opening) and binding (opening it to another
//! value means a BLAKE3 collision). Nothing here is home-made cryptography: it is the crate's
//! keyed hash and key derivation, used as their documentation says.

use rand::TryRngCore;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The key-derivation context of commitments: a commitment made for anything else never opens
/// as one of these.
const COMMITMENT_CONTEXT: &str = "ambush 2026-11-26 commitment v1";
/// The key-derivation context of the dice seeds.
const DICE_CONTEXT: &str = "ambush 2026-11-26 dice seed v1";

/// The environment variable that replaces this process's random bytes with a sequence derived
/// from its value: for tests and benchmarks only, never for a game against a person.
pub const FIXED_ENTROPY: &str = "AMBUSH_FIXED_ENTROPY";

/// The `n`th 32 bytes of the sequence named `seed`, `n` counting the calls in this process.
fn fixed_entropy(seed: &[u8]) -> Bytes32 {
    static CALLS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut h = blake3::Hasher::new_derive_key("ambush 2026-11-27 fixed test entropy v1");
    h.update(&n.to_le_bytes());
    h.update(seed);
    Bytes32(*h.finalize().as_bytes())
}

/// 32 bytes shown as 64 hex digits in a file: a digest, a salt, a contribution or a game id.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bytes32(pub [u8; 32]);

impl Bytes32 {
    /// 32 bytes from the operating system's random source. Fails only when the system has
    /// none, which the caller reports.
    ///
    /// With [`FIXED_ENTROPY`] set, the bytes come from its value instead, so that a test or a
    /// benchmark can replay one game by file exactly. That makes this player's contributions
    /// and salts known to whoever knows the value, and so only this player's own secrets: the
    /// other player's still come from their own random source.
    pub fn random() -> Result<Bytes32, rand::rand_core::OsError> {
        if let Some(seed) = std::env::var_os(FIXED_ENTROPY) {
            return Ok(fixed_entropy(seed.as_encoded_bytes()));
        }
        let mut b = [0u8; 32];
        rand::rngs::OsRng.try_fill_bytes(&mut b)?;
        Ok(Bytes32(b))
    }

    /// The BLAKE3 digest of `data`.
    pub fn digest(data: &[u8]) -> Bytes32 {
        Bytes32(*blake3::hash(data).as_bytes())
    }

    pub fn to_hex(self) -> String {
        blake3::Hash::from_bytes(self.0).to_hex().to_string()
    }

    pub fn from_hex(text: &str) -> Option<Bytes32> {
        blake3::Hash::from_hex(text)
            .ok()
            .map(|h| Bytes32(*h.as_bytes()))
    }
}

impl fmt::Debug for Bytes32 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", &self.to_hex()[..16])
    }
}

impl Serialize for Bytes32 {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for Bytes32 {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Bytes32::from_hex(&text)
            .ok_or_else(|| serde::de::Error::custom("expected 64 hex digits (32 bytes)"))
    }
}

/// A commitment to a value that stays secret until it is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commitment(pub Bytes32);

/// What opens a commitment: the salt and the value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    pub salt: Bytes32,
    /// The committed value, as the text the protocol committed to (RON for a secret, hex for
    /// a contribution).
    pub value: String,
}

impl Opening {
    /// An opening of `value` with a fresh random salt.
    pub fn new(value: String) -> Result<Opening, rand::rand_core::OsError> {
        Ok(Opening {
            salt: Bytes32::random()?,
            value,
        })
    }

    /// The commitment this opening opens.
    pub fn commitment(&self) -> Commitment {
        let mut h = blake3::Hasher::new_keyed(&self.salt.0);
        h.update(COMMITMENT_CONTEXT.as_bytes());
        h.update(&(self.value.len() as u64).to_le_bytes());
        h.update(self.value.as_bytes());
        Commitment(Bytes32(*h.finalize().as_bytes()))
    }

    /// Whether this opening opens `c`.
    pub fn opens(&self, c: &Commitment) -> bool {
        // blake3::Hash compares in constant time.
        blake3::Hash::from_bytes(self.commitment().0.0) == blake3::Hash::from_bytes(c.0.0)
    }
}

/// A player's random contribution to the dice of one stretch of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contribution(pub Bytes32);

impl Contribution {
    pub fn random() -> Result<Contribution, rand::rand_core::OsError> {
        Bytes32::random().map(Contribution)
    }

    /// The opening a message carries for it, and its commitment.
    pub fn opening(self) -> Result<Opening, rand::rand_core::OsError> {
        Opening::new(self.0.to_hex())
    }

    /// The contribution an opening holds, if it holds one.
    pub fn of(opening: &Opening) -> Option<Contribution> {
        Bytes32::from_hex(&opening.value).map(Contribution)
    }
}

/// The seed of the dice for stretch `stretch` of game `game`: both players' contributions, the
/// human side's first. Neither player alone can choose it, and nobody knows it before both
/// contributions are open.
pub fn dice_seed(
    game: Bytes32,
    stretch: u64,
    humans: Contribution,
    aliens: Contribution,
) -> [u8; 32] {
    let mut h = blake3::Hasher::new_derive_key(DICE_CONTEXT);
    h.update(&game.0);
    h.update(&stretch.to_le_bytes());
    h.update(&humans.0.0);
    h.update(&aliens.0.0);
    *h.finalize().as_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_opening_opens_its_commitment_and_nothing_else() {
        let o = Opening::new("hidden at (31.0, 20.0)".into()).expect("random");
        let c = o.commitment();
        assert!(o.opens(&c));
        // Another value under the same salt, or the same value under another salt, does not.
        let mut other = o.clone();
        other.value = "hidden at (31.0, 21.0)".into();
        assert!(!other.opens(&c));
        let resalted = Opening::new(o.value.clone()).expect("random");
        assert!(!resalted.opens(&c));
        // A salted commitment hides its value: the same value twice commits differently.
        assert_ne!(resalted.commitment(), c);
    }

    #[test]
    fn bytes_read_back_from_their_hex_and_refuse_anything_else() {
        let b = Bytes32::random().expect("random");
        assert_eq!(Bytes32::from_hex(&b.to_hex()), Some(b));
        assert_eq!(Bytes32::from_hex("12ab"), None);
        let text = ron::to_string(&b).expect("writes");
        assert_eq!(ron::from_str::<Bytes32>(&text).expect("reads"), b);
        assert!(ron::from_str::<Bytes32>("\"zz\"").is_err());
    }

    #[test]
    fn the_dice_seed_needs_both_contributions() {
        let game = Bytes32::digest(b"game");
        let (a, b) = (
            Contribution::random().expect("random"),
            Contribution::random().expect("random"),
        );
        let seed = dice_seed(game, 3, a, b);
        assert_eq!(seed, dice_seed(game, 3, a, b), "the same for both players");
        assert_ne!(seed, dice_seed(game, 4, a, b));
        assert_ne!(seed, dice_seed(game, 3, b, a));
        let c = Contribution::random().expect("random");
        assert_ne!(seed, dice_seed(game, 3, a, c));
        let opening = a.opening().expect("random");
        assert_eq!(Contribution::of(&opening), Some(a));
    }
}
