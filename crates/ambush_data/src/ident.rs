//! Names that data files give to open sets such as troop types and formations, interned so a unit copies them for free.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeSet;
use std::fmt;
use std::sync::Mutex;

/// The longest name a data file may give a troop type or formation.
pub const MAX_IDENT_LEN: usize = 64;

/// A name from the data, such as the troop type `Infantry` or the formation `Square`.
///
/// Written bare in RON, like an enum variant (`troop: Infantry`), so the files read as they did
/// when troop types were a closed enum; a mod adds new ones by writing new names. Each distinct
/// name is stored once for the life of the program, so comparing and copying one is as cheap as
/// an enum's.
#[derive(Clone, Copy)]
pub struct Ident(&'static str);

/// By the letters, which equal names share.
impl std::hash::Hash for Ident {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Every `Ident` is interned (`Ident::new` is the only way to make one), so two are the same
/// name exactly when they are the same stored string: equality compares addresses, not letters
/// (a map keyed by troop type looks one up without comparing its letters).
impl PartialEq for Ident {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for Ident {}

/// Alphabetical, as the names read (maps keyed by names list them in that order); the same name
/// is found equal without comparing its letters.
impl Ord for Ident {
    #[inline]
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        if self == other {
            std::cmp::Ordering::Equal
        } else {
            self.0.cmp(other.0)
        }
    }
}

impl PartialOrd for Ident {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// The most distinct names the program stores. Names are kept for the program's life, those
/// of files later refused included (a name is stored as it is read); the cap bounds what a
/// stranger's files, read again at every edit, can make it keep: at most about 1 MiB.
pub const MAX_NAMES: usize = 16_384;

/// Every name seen so far; names are few (a mod's troop types and formations).
static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

impl Ident {
    /// The one `Ident` for `name`, which must be a RON identifier of at most `MAX_IDENT_LEN`.
    pub fn new(name: &str) -> Result<Ident, String> {
        let mut chars = name.chars();
        let starts_well = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if !starts_well
            || !chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            || name.len() > MAX_IDENT_LEN
        {
            return Err(format!(
                "`{name}` is not a name: expected letters, digits and `_`, starting with a \
                 letter, at most {MAX_IDENT_LEN} long"
            ));
        }
        let mut names = NAMES
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        store(&mut names, name, MAX_NAMES).map(Ident)
    }

    /// A name known to be well formed, for code and tests.
    pub fn known(name: &str) -> Ident {
        match Ident::new(name) {
            Ok(i) => i,
            Err(why) => panic!("{why}"),
        }
    }

    #[inline]
    pub fn as_str(self) -> &'static str {
        self.0
    }
}

/// The stored copy of `name` in `names`, stored now if it is new and `names` holds fewer
/// than `most`.
fn store(
    names: &mut BTreeSet<&'static str>,
    name: &str,
    most: usize,
) -> Result<&'static str, String> {
    if let Some(known) = names.get(name) {
        return Ok(known);
    }
    if names.len() >= most {
        return Err(format!(
            "`{name}` is one name too many: the game has read {most} different names of troop \
             types and formations since it started; restart it to read more"
        ));
    }
    // Leaked on purpose: the set of names is small and lives as long as the program.
    let stored: &'static str = Box::leak(name.to_owned().into_boxed_str());
    names.insert(stored);
    Ok(stored)
}

impl fmt::Debug for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl fmt::Display for Ident {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Ident {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // A unit variant: RON writes it bare, JSON as a string.
        s.serialize_unit_variant("Ident", 0, self.0)
    }
}

impl<'de> Deserialize<'de> for Ident {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Ident, D::Error> {
        struct IdentVisitor;
        impl Visitor<'_> for IdentVisitor {
            type Value = Ident;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a name such as Infantry")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Ident, E> {
                Ident::new(v).map_err(E::custom)
            }
        }
        d.deserialize_identifier(IdentVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_stored_once_and_reads_bare_in_ron() {
        let a = Ident::known("Warrior");
        let b: Ident = ron::from_str("Warrior").unwrap();
        assert_eq!(a, b);
        assert!(std::ptr::eq(a.as_str(), b.as_str()));
        assert_eq!(ron::to_string(&a).unwrap(), "Warrior");
        assert!(Ident::new("no spaces").is_err());
        assert!(Ident::new(&"x".repeat(MAX_IDENT_LEN + 1)).is_err());
    }

    #[test]
    fn the_store_of_names_is_bounded_but_known_names_are_always_found() {
        // Names from files later refused stay stored; the cap bounds what they can fill.
        let mut names = BTreeSet::new();
        let a = store(&mut names, "Warrior", 2).unwrap();
        store(&mut names, "Archer", 2).unwrap();
        let e = store(&mut names, "Slinger", 2).unwrap_err();
        assert!(e.contains("one name too many"), "{e}");
        assert!(std::ptr::eq(store(&mut names, "Warrior", 2).unwrap(), a));
        assert_eq!(names.len(), 2);
    }
}
