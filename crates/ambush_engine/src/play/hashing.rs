//! The table's hash after each order, versioned: the current hash over the state's named fields, and the first one, over its Debug text, for the saves written with it.
//!
//! A hash names its version: `v2:` and 16 hex digits. A hash of bare hex digits is the first
//! version's. An order replayed from a save or a message is checked with its own hash's
//! version, so a game saved with older hashes still loads, and its new orders get the current.

use crate::rules::table::Table;
use serde::ser::{self, Serialize};

/// The version `table_hash` writes.
pub const TABLE_HASH_VERSION: u32 = 2;

/// A short, stable fingerprint of the game's state in the current version: every unit, the
/// progress, the card ledger and, where a hostile environment holds any unit, its hold on
/// them. Two games that agree on it play on identically. The settings and the terrain are
/// left out: they come from the scenario the save embeds and never change in play.
pub fn table_hash(table: &Table) -> String {
    format!(
        "v{TABLE_HASH_VERSION}:{}",
        named_fields(table, ADDED_SINCE_V2)
    )
}

/// The version of a recorded hash: 1 for bare hex digits, `N` for `vN:` and hex digits, `None`
/// for anything else.
pub fn version_of(hash: &str) -> Option<u32> {
    let hex = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_hexdigit());
    match hash.strip_prefix('v').and_then(|rest| rest.split_once(':')) {
        Some((version, digits)) if hex(digits) => version.parse().ok(),
        Some(_) => None,
        None => hex(hash).then_some(1),
    }
}

/// The hash of `table` in the version `recorded` was written in, to compare with it; Err says
/// why there is none (a hash from a newer game, or not a hash).
pub fn table_hash_as(recorded: &str, table: &Table) -> Result<String, String> {
    match version_of(recorded) {
        Some(1) => Ok(first_hash(table)),
        Some(TABLE_HASH_VERSION) => Ok(table_hash(table)),
        Some(v) => Err(format!(
            "its hash {recorded:?} is of version {v}; this game hashes versions 1 to \
             {TABLE_HASH_VERSION}"
        )),
        None => Err(format!("{recorded:?} is not a table hash")),
    }
}

/// A field added to the hashed state after the current version's first hashes were written:
/// while it holds its default, the hash leaves it out, so those hashes stay good.
#[derive(Clone, Copy)]
pub struct AddedField {
    /// The struct that holds it, as serde names it: the type's name, or a struct variant's.
    pub owner: &'static str,
    pub field: &'static str,
    /// Whether its value, in the hash's encoding (`encoded`), is its default.
    pub at_default: fn(&[u8]) -> bool,
}

/// Fields added to the units, the progress, the ledger or the exposure since version 2's first
/// hashes (none yet). A new field goes here with its default, and in `ADDED_SINCE_FIRST_SAVES`
/// with its default Debug text, so saves of both versions still load: no new version is
/// needed. A new version is for a change to what a field means or how it is encoded.
const ADDED_SINCE_V2: &[AddedField] = &[];

/// The hash of the units, progress, ledger and exposure (when it holds anything) in version
/// 2's encoding, with `added` left out where they hold their default.
fn named_fields(table: &Table, added: &[AddedField]) -> String {
    // A game by file hashes the table after every order it replays: one buffer kept per thread
    // instead of a new one each time.
    thread_local! {
        static BYTES: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    BYTES.with_borrow_mut(|bytes| {
        bytes.clear();
        let mut encoder = Encoder { out: bytes, added };
        let units: &[crate::rules::table::Unit] = &table.units;
        let exposure = (!table.exposure.is_empty()).then_some(&table.exposure);
        // Plain data: encoding it cannot fail.
        let _ = (units, &table.progress, &table.ledger, exposure).serialize(&mut encoder);
        blake3::hash(bytes).to_hex()[..16].to_string()
    })
}

/// `value` in the hash's encoding, leaving nothing out: to say what an added field's default
/// encodes to.
pub fn encoded<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    let mut out = Vec::new();
    let _ = value.serialize(&mut Encoder {
        out: &mut out,
        added: &[],
    });
    out
}

/// Writes a value as bytes that say what it is: each value starts with a tag, so the encoding
/// of a sequence needs no length and no two values share one. Struct fields go by name, enum
/// variants by name, numbers as little-endian bytes (floats as their exact bits).
struct Encoder<'a> {
    out: &'a mut Vec<u8>,
    added: &'a [AddedField],
}

/// Why an encoding stopped: only a value's own `Serialize` can fail.
#[derive(Debug)]
struct Failed(String);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Failed {}

impl ser::Error for Failed {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Failed(msg.to_string())
    }
}

impl Encoder<'_> {
    fn tag(&mut self, tag: u8) {
        self.out.push(tag);
    }
    fn text(&mut self, tag: u8, bytes: &[u8]) {
        self.out.push(tag);
        self.out
            .extend_from_slice(&(bytes.len() as u64).to_le_bytes());
        self.out.extend_from_slice(bytes);
    }
}

type Done = Result<(), Failed>;

impl<'a, 'b> ser::Serializer for &'a mut Encoder<'b> {
    type Ok = ();
    type Error = Failed;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Fields<'a, 'b>;
    type SerializeStructVariant = Fields<'a, 'b>;

    fn serialize_bool(self, v: bool) -> Done {
        self.out.extend_from_slice(&[b'b', v as u8]);
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i16(self, v: i16) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i32(self, v: i32) -> Done {
        self.serialize_i64(v.into())
    }
    fn serialize_i64(self, v: i64) -> Done {
        self.tag(b'i');
        self.out.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u16(self, v: u16) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u32(self, v: u32) -> Done {
        self.serialize_u64(v.into())
    }
    fn serialize_u64(self, v: u64) -> Done {
        self.tag(b'u');
        self.out.extend_from_slice(&v.to_le_bytes());
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Done {
        self.tag(b'f');
        self.out.extend_from_slice(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Done {
        self.tag(b'F');
        self.out.extend_from_slice(&v.to_bits().to_le_bytes());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Done {
        self.serialize_u64(u64::from(v))
    }
    fn serialize_str(self, v: &str) -> Done {
        self.text(b's', v.as_bytes());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Done {
        self.text(b'y', v);
        Ok(())
    }
    fn serialize_none(self) -> Done {
        self.tag(b'n');
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Done {
        self.tag(b'S');
        value.serialize(self)
    }
    fn serialize_unit(self) -> Done {
        self.tag(b'0');
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Done {
        self.serialize_unit()
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Done {
        self.text(b'v', variant.as_bytes());
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, value: &T) -> Done {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        value: &T,
    ) -> Done {
        self.text(b'V', variant.as_bytes());
        value.serialize(self)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self, Failed> {
        self.tag(b'[');
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Failed> {
        self.tag(b'(');
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Failed> {
        self.tag(b'(');
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Self, Failed> {
        self.text(b'V', variant.as_bytes());
        self.tag(b'(');
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self, Failed> {
        self.tag(b'<');
        Ok(self)
    }
    fn serialize_struct(self, name: &'static str, _: usize) -> Result<Fields<'a, 'b>, Failed> {
        self.tag(b'{');
        Ok(Fields {
            encoder: self,
            owner: name,
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        variant: &'static str,
        _: usize,
    ) -> Result<Fields<'a, 'b>, Failed> {
        self.text(b'V', variant.as_bytes());
        self.tag(b'{');
        Ok(Fields {
            encoder: self,
            owner: variant,
        })
    }
}

impl ser::SerializeSeq for &mut Encoder<'_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(b']');
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Encoder<'_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(b')');
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Encoder<'_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(b')');
        Ok(())
    }
}

impl ser::SerializeTupleVariant for &mut Encoder<'_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(b')');
        Ok(())
    }
}

impl ser::SerializeMap for &mut Encoder<'_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Done {
        key.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Done {
        value.serialize(&mut **self)
    }
    fn end(self) -> Done {
        self.tag(b'>');
        Ok(())
    }
}

/// A struct's fields, each written with its name; an added field at its default is left out.
struct Fields<'a, 'b> {
    encoder: &'a mut Encoder<'b>,
    owner: &'static str,
}

impl Fields<'_, '_> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        let e = &mut *self.encoder;
        let start = e.out.len();
        e.text(b'k', key.as_bytes());
        let value_at = e.out.len();
        value.serialize(&mut *e)?;
        let left_out = e
            .added
            .iter()
            .any(|a| a.owner == self.owner && a.field == key && (a.at_default)(&e.out[value_at..]));
        if left_out {
            e.out.truncate(start);
        }
        Ok(())
    }
}

impl ser::SerializeStruct for Fields<'_, '_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        self.field(key, value)
    }
    fn end(self) -> Done {
        self.encoder.tag(b'}');
        Ok(())
    }
}

impl ser::SerializeStructVariant for Fields<'_, '_> {
    type Ok = ();
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Done {
        self.field(key, value)
    }
    fn end(self) -> Done {
        self.encoder.tag(b'}');
        Ok(())
    }
}

/// Version 1, the hash saves were first written with: the Debug text of the units, the
/// progress and the ledger (and the exposure, when it holds anything), with every field of
/// `ADDED_SINCE_FIRST_SAVES` left out where it holds its default. Kept so those saves replay.
pub fn first_hash(table: &Table) -> String {
    use std::fmt::Write;
    thread_local! {
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }
    TEXT.with_borrow_mut(|text| {
        text.clear();
        // The Debug text is exact: floats print as the shortest string that reads back to the
        // same value, and the state holds no hash maps whose order could vary.
        let _ = write!(
            text,
            "{:?}|{:?}|{:?}",
            table.units, table.progress, table.ledger
        );
        let mut hasher = blake3::Hasher::new();
        hash_leaving_out_added(&mut hasher, text.as_bytes());
        // 003's environments: only when there is something to add, for the same reason.
        if !table.exposure.is_empty() {
            text.clear();
            let _ = write!(text, "|{:?}", table.exposure);
            hasher.update(text.as_bytes());
        }
        hasher.finalize().to_hex()[..16].to_string()
    })
}

/// Hashes `bytes` with every field of `ADDED_SINCE_FIRST_SAVES` left out where it holds its
/// default, so a save whose game never used it still loads. One pass leaves out what one
/// `replace` a field did (none of them can make or break another): each starts with ", ", and
/// `memmem` finds those many times faster than `str::find`, which builds a searcher per call.
fn hash_leaving_out_added(hasher: &mut blake3::Hasher, bytes: &[u8]) {
    let mut kept_from = 0;
    for start in memchr::memmem::find_iter(bytes, b", ") {
        if start < kept_from {
            continue;
        }
        if let Some(unused) = ADDED_SINCE_FIRST_SAVES
            .iter()
            .find(|unused| bytes[start..].starts_with(unused.as_bytes()))
        {
            hasher.update(&bytes[kept_from..start]);
            kept_from = start + unused.len();
        }
    }
    hasher.update(&bytes[kept_from..]);
}

/// Fields added to the game's state after saves were first written, in their default Debug text:
/// 004's hidden units (a unit's `hidden` flag, and the counters left after the spring), 002's
/// early recovery (the party's surprise turns still to run), and 003's environment kit in a
/// unit's traits. A field added now goes here too, as well as in `ADDED_SINCE_V2`.
const ADDED_SINCE_FIRST_SAVES: [&str; 7] = [
    ", hidden: false",
    ", counters: []",
    ", surprise_phases_left: None",
    ", sealed: false",
    ", water_freedom: false",
    ", jets: false",
    ", spacecraft: false",
];

#[cfg(test)]
#[path = "hashing_tests.rs"]
mod tests;
