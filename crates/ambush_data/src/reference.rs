//! Keeps `docs/modding.md` in step with the mod schema: every field and variant a data file can hold must be documented there.
//!
//! A recorder stands in for a RON file: it holds no data, and when a type's `Deserialize` asks
//! it for a struct or an enum it stops with the names serde passed it. So the field and variant
//! names come from the types themselves, and a field added to a type without a line in the
//! reference fails here.

use crate::ambush_spec::{AmbushSetup, AmbushSpec, AmbushUnitSpec, Detection, SurpriseEffects};
use crate::board::{Edge, Going, Side, SideNames, TerrainFeature, TerrainLook};
use crate::geometry::Shape;
use crate::ident::Ident;
use crate::mods::{Manifest, load_mod};
use crate::scenario::{
    AlienPlayer, AlienProfile, AttackOver, Darkness, Environment, InferiorPenalty,
    InferiorWeaponRules, Objective, Scenario, UnitSpec, WoundMethod,
};
use crate::tables::{
    AirTable, Allowance, AmbushNature, AmbushTable, AmbushUnitLine, CardEffect, CardTable,
    CloseQuarterModifiers, ContactModifiers, EdgeChoice, EnvironmentTable, Formation, GeneralTable,
    GenerationTable, Hold, JoinTest, MegsTable, MeleeTable, PerceptionTable, PhasesLine,
    RangeBands, ShootAfter, ShootingTable, SpaceTable, Species, SpottingTable, Suit,
    SurpriseCheckTable, TermsTable, ToHitModifiers, Traits, TroopProfile, TroopTable,
    UnderwaterTable, UnitSymbol, WeaponClass, WeaponProfile, WeaponTable, WoundTable,
};
use serde::de::{
    self, DeserializeOwned, DeserializeSeed, EnumAccess, IntoDeserializer, VariantAccess, Visitor,
};
use std::fmt;
use std::path::{Path, PathBuf};

/// The modder's reference this test keeps honest.
const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/modding.md");

/// What a type's `Deserialize` asked the recorder for.
#[derive(Debug, Clone, PartialEq)]
enum Asked {
    /// A struct, with its name and fields.
    Struct(&'static str, &'static [&'static str]),
    /// An enum, with its name and variants.
    Enum(&'static str, &'static [&'static str]),
    /// A bare name (`Ident`).
    Identifier,
    /// The shape of one enum variant: a struct variant's fields, or none for the others.
    Variant(&'static [&'static str]),
    /// Anything else, with serde's message.
    Other(String),
}

/// The recorder's error: it carries what was asked for out of `deserialize`.
#[derive(Debug)]
struct Stop(Asked);

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.0)
    }
}

impl std::error::Error for Stop {}

impl de::Error for Stop {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        Stop(Asked::Other(msg.to_string()))
    }
}

/// A deserializer without data. Asked for a struct or an enum it stops with their names; with
/// `variant` set, it answers an enum with that variant (by index) and stops with its fields.
struct Recorder {
    variant: Option<u32>,
}

impl<'de> de::Deserializer<'de> for Recorder {
    type Error = Stop;

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop(Asked::Other(
            "asked for something other than a struct, an enum or a name".into(),
        )))
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        Err(Stop(Asked::Struct(name, fields)))
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Stop> {
        match self.variant {
            None => Err(Stop(Asked::Enum(name, variants))),
            Some(index) => visitor.visit_enum(OneVariant(index)),
        }
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Stop> {
        Err(Stop(Asked::Identifier))
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map ignored_any
    }
}

/// The variant with this index, for the recorder to report its fields.
struct OneVariant(u32);

impl<'de> EnumAccess<'de> for OneVariant {
    type Error = Stop;
    type Variant = Self;

    fn variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<(S::Value, Self), Stop> {
        let index: de::value::U32Deserializer<Stop> = self.0.into_deserializer();
        Ok((seed.deserialize(index)?, self))
    }
}

impl<'de> VariantAccess<'de> for OneVariant {
    type Error = Stop;

    fn unit_variant(self) -> Result<(), Stop> {
        Err(Stop(Asked::Variant(&[])))
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, _: S) -> Result<S::Value, Stop> {
        Err(Stop(Asked::Variant(&[])))
    }

    fn tuple_variant<V: Visitor<'de>>(self, _: usize, _: V) -> Result<V::Value, Stop> {
        Err(Stop(Asked::Variant(&[])))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        _: V,
    ) -> Result<V::Value, Stop> {
        Err(Stop(Asked::Variant(fields)))
    }
}

/// What `T`'s `Deserialize` asks the recorder for (answering an enum with variant `variant`).
fn ask<T: DeserializeOwned>(variant: Option<u32>) -> Asked {
    match T::deserialize(Recorder { variant }) {
        Ok(_) => Asked::Other("deserialized from no data".into()),
        Err(Stop(asked)) => asked,
    }
}

/// One documented type: its Rust name and its recorder.
type Entry = (&'static str, fn(Option<u32>) -> Asked);

/// The documented types, each by its bare Rust name.
macro_rules! schema {
    ($($ty:ident),* $(,)?) => {
        [$((stringify!($ty), ask::<$ty> as fn(Option<u32>) -> Asked)),*]
    };
}

/// Every type a data file can hold: `mod.ron`, the rule tables and a scenario, down to their
/// smallest parts. A type added to the schema belongs here and in the reference.
const DOCUMENTED: &[Entry] = &schema![
    // mod.ron
    Manifest,
    // Names written bare.
    Ident,
    // rules/*.ron
    GeneralTable,
    TroopTable,
    TroopProfile,
    UnitSymbol,
    Allowance,
    ShootAfter,
    Formation,
    WeaponTable,
    WeaponProfile,
    WeaponClass,
    RangeBands,
    ShootingTable,
    ToHitModifiers,
    WoundTable,
    MeleeTable,
    CloseQuarterModifiers,
    ContactModifiers,
    CardTable,
    CardEffect,
    Suit,
    GenerationTable,
    EdgeChoice,
    AmbushTable,
    AmbushNature,
    Species,
    AmbushUnitLine,
    JoinTest,
    Hold,
    SurpriseCheckTable,
    PhasesLine,
    PerceptionTable,
    MegsTable,
    SpottingTable,
    TermsTable,
    SideNames,
    EnvironmentTable,
    UnderwaterTable,
    SpaceTable,
    AirTable,
    // scenarios/*.ron
    Scenario,
    Edge,
    Side,
    WoundMethod,
    AlienPlayer,
    AlienProfile,
    Traits,
    TerrainFeature,
    TerrainLook,
    Shape,
    Going,
    UnitSpec,
    Objective,
    AttackOver,
    Darkness,
    Environment,
    InferiorWeaponRules,
    InferiorPenalty,
    AmbushSpec,
    AmbushSetup,
    Detection,
    SurpriseEffects,
    AmbushUnitSpec,
];

/// A type's names as the recorder found them.
struct Names {
    /// What the names are: "field", "variant", or "name" for a bare name with none.
    what: &'static str,
    names: Vec<&'static str>,
    /// The fields of each struct variant of an enum.
    variant_fields: Vec<(&'static str, &'static [&'static str])>,
}

/// The field or variant names of a documented type.
fn names_of(ty: &str, ask: fn(Option<u32>) -> Asked) -> Names {
    match ask(None) {
        Asked::Struct(name, fields) => {
            assert_eq!(name, ty, "`{ty}` deserializes as a struct named `{name}`");
            Names {
                what: "field",
                names: fields.to_vec(),
                variant_fields: Vec::new(),
            }
        }
        Asked::Enum(name, variants) => {
            assert_eq!(name, ty, "`{ty}` deserializes as an enum named `{name}`");
            let variant_fields = (0u32..)
                .zip(variants)
                .filter_map(|(i, v)| match ask(Some(i)) {
                    Asked::Variant([]) => None,
                    Asked::Variant(fields) => Some((*v, fields)),
                    other => panic!("variant `{v}` of `{ty}`: the recorder got {other:?}"),
                })
                .collect();
            Names {
                what: "variant",
                names: variants.to_vec(),
                variant_fields,
            }
        }
        Asked::Identifier => Names {
            what: "name",
            names: Vec::new(),
            variant_fields: Vec::new(),
        },
        other => panic!("`{ty}`: the recorder got {other:?}, not a struct, enum or name"),
    }
}

fn read_doc() -> String {
    std::fs::read_to_string(DOC).unwrap_or_else(|e| panic!("cannot read {DOC}: {e}"))
}

/// The `### ` sections of the reference: each heading's text and the lines under it, up to the
/// next heading of level 3 or above. Lines inside fenced code blocks are not headings.
fn sections(doc: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut open = false;
    let mut fenced = false;
    for line in doc.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        }
        let heading = !fenced && (line.starts_with("# ") || line.starts_with("## "));
        if !fenced && let Some(title) = line.strip_prefix("### ") {
            out.push((title.trim().to_string(), String::new()));
            open = true;
        } else if heading {
            open = false;
        } else if open && let Some((_, body)) = out.last_mut() {
            body.push_str(line);
            body.push('\n');
        }
    }
    out
}

/// The type a heading names: "`TypeName`" gives `TypeName`.
fn heading_type(title: &str) -> Option<&str> {
    title
        .strip_prefix('`')?
        .strip_suffix('`')
        .filter(|t| !t.contains('`'))
}

/// The section of `ty`, or `None`.
fn section_of<'a>(sections: &'a [(String, String)], ty: &str) -> Option<&'a str> {
    sections
        .iter()
        .find(|(title, _)| heading_type(title) == Some(ty))
        .map(|(_, body)| body.as_str())
}

#[test]
fn every_field_and_variant_of_the_schema_is_in_the_modding_reference() {
    let doc = read_doc();
    let sections = sections(&doc);
    let mut missing = Vec::new();
    for &(ty, ask) in DOCUMENTED {
        let Some(body) = section_of(&sections, ty) else {
            missing.push(format!("type `{ty}` has no section headed ### `{ty}`"));
            continue;
        };
        let names = names_of(ty, ask);
        for name in &names.names {
            if !body.contains(&format!("`{name}`")) {
                missing.push(format!(
                    "{} `{name}` of type `{ty}` is not in its section (expected `{name}` in backticks)",
                    names.what
                ));
            }
        }
        for (variant, fields) in &names.variant_fields {
            for field in *fields {
                if !body.contains(&format!("`{field}`")) {
                    missing.push(format!(
                        "field `{field}` of variant `{variant}` of type `{ty}` is not in its section"
                    ));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "docs/modding.md is behind the schema:\n  {}",
        missing.join("\n  ")
    );
}

#[test]
fn every_reference_section_names_a_documented_type_once() {
    let doc = read_doc();
    let known: Vec<&str> = DOCUMENTED.iter().map(|(ty, _)| *ty).collect();
    let mut wrong = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    let sections = sections(&doc);
    for (title, _) in &sections {
        match heading_type(title) {
            None => wrong.push(format!(
                "### {title}: a `### ` heading must be a type name in backticks, such as ### `Scenario`"
            )),
            Some(ty) if !known.contains(&ty) => wrong.push(format!(
                "### {title}: `{ty}` is not a type of the schema (renamed or removed?); the types are: {}",
                known.join(", ")
            )),
            Some(ty) if seen.contains(&ty) => {
                wrong.push(format!("### {title}: `{ty}` has two sections"))
            }
            Some(ty) => seen.push(ty),
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/modding.md:\n  {}",
        wrong.join("\n  ")
    );
}

#[test]
fn every_row_of_a_reference_table_names_a_real_field_or_variant() {
    let doc = read_doc();
    let sections = sections(&doc);
    let mut wrong = Vec::new();
    for &(ty, ask) in DOCUMENTED {
        let Some(body) = section_of(&sections, ty) else {
            continue;
        };
        let names = names_of(ty, ask);
        let real = |n: &str| {
            names.names.contains(&n) || names.variant_fields.iter().any(|(_, f)| f.contains(&n))
        };
        for line in body.lines() {
            let Some(first) = line.strip_prefix('|').and_then(|l| l.split('|').next()) else {
                continue;
            };
            let first = first.trim();
            let Some(name) = heading_type(first) else {
                continue;
            };
            if !real(name) {
                wrong.push(format!(
                    "section `{ty}` has a row for `{name}`, which is no {} of `{ty}` (renamed or removed?)",
                    names.what
                ));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "docs/modding.md:\n  {}",
        wrong.join("\n  ")
    );
}

/// A fresh, empty folder under the system's temporary folder.
fn scratch_folder(name: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!(
        "ambush-reference-{}-{nanos}/{name}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[test]
fn the_worked_example_mod_loads_and_its_scenario_passes_the_checks() {
    // Each ```ron block of the worked example opens with a comment naming its file.
    let doc = read_doc();
    let prefix = "// mods/mymod/";
    let mut files: Vec<(String, String)> = Vec::new();
    let mut block: Option<String> = None;
    for line in doc.lines() {
        match &mut block {
            None if line.trim() == "```ron" => block = Some(String::new()),
            None => {}
            Some(text) if line.trim() == "```" => {
                if let Some(rel) = text.lines().next().and_then(|l| l.strip_prefix(prefix)) {
                    files.push((rel.trim().to_string(), text.clone()));
                }
                block = None;
            }
            Some(text) => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    let names: Vec<&str> = files.iter().map(|(f, _)| f.as_str()).collect();
    for expected in [
        "mod.ron",
        "rules/terms.ron",
        "rules/troops.ron",
        "rules/weapons.ron",
    ] {
        assert!(
            names.contains(&expected),
            "the worked example has no ```ron block opening with `{prefix}{expected}`; it has {names:?}"
        );
    }
    assert!(
        names.iter().any(|n| n.starts_with("scenarios/")),
        "the worked example has no scenario; it has {names:?}"
    );
    let dir = scratch_folder("mymod");
    for (rel, text) in &files {
        let path = dir.join(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("{}: {e}", parent.display()));
        }
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
    let loaded = load_mod(&dir);
    let root = dir.parent().map(Path::to_path_buf);
    let outcome = loaded.map(|m| {
        let scenarios: Vec<String> = m
            .scenarios
            .iter()
            .filter_map(|s| s.scenario.as_ref().err().map(|e| e.to_string()))
            .collect();
        (m, scenarios)
    });
    if let Some(root) = root {
        let _ = std::fs::remove_dir_all(root);
    }
    let (loaded, broken) = outcome.unwrap_or_else(|e| panic!("the worked example mod: {e}"));
    assert!(
        broken.is_empty(),
        "the worked example's scenarios: {broken:?}"
    );
    assert_eq!(loaded.scenarios.len(), 1);
    let rules = &loaded.rules;
    assert_ne!(
        rules.terms.sides.humans, "marines",
        "terms.ron renames the sides"
    );
    assert!(
        rules
            .troops
            .troops
            .values()
            .any(|p| !p.formations.is_empty()),
        "troops.ron adds a troop type with a formation"
    );
    assert!(
        rules.weapons.weapons.values().any(|w| w.hit_dice.is_some()),
        "weapons.ron adds a weapon with its own hit_dice"
    );
    // The bundled troop types are still there: a patch adds to a map, it does not replace it.
    assert!(rules.troops.troops.contains_key(&Ident::known("Infantry")));
}
