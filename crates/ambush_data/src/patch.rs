//! How a mod's rule file changes a bundled table: each table is declared once, with a patch type that has the same fields, all optional.

/// Declares a rule table and its patch type.
///
/// The patch has the table's fields, each optional: a mod's `rules/*.ron` gives only the fields
/// it changes. A field marked `merge` is a map whose entries the patch adds or replaces key by
/// key; a field marked `nested(P)` is a smaller table patched field by field through `P`; any
/// other field given is replaced whole.
macro_rules! patchable {
    (
        $(#[$meta:meta])*
        pub struct $name:ident / $patch:ident {
            $(
                $(#[$field_meta:meta])*
                pub $field:ident : $ty:ty $(=> $how:ident $(($inner:ty))?)?
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$field_meta])*
                pub $field: $ty,
            )*
        }

        #[doc = concat!("A mod's change to [`", stringify!($name), "`]: only the fields it gives.")]
        #[derive(Debug, Clone, Default, PartialEq, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        pub struct $patch {
            $(
                #[serde(default)]
                pub $field: $crate::patch::patch_field_type!($ty $(, $how $(($inner))?)?),
            )*
        }

        impl $patch {
            /// Writes the fields this patch gives over `table`.
            pub fn apply(self, table: &mut $name) {
                $(
                    if let Some(value) = self.$field {
                        $crate::patch::patch_field_apply!(table.$field, value $(, $how $(($inner))?)?);
                    }
                )*
            }
        }
    };
}

/// The type a patch holds for one field.
macro_rules! patch_field_type {
    ($ty:ty) => { Option<$ty> };
    ($ty:ty, merge) => { Option<$crate::patch::UniqueKeys<$ty>> };
    ($ty:ty, nested($patch:ty)) => { Option<$patch> };
}

/// Applies one field of a patch.
macro_rules! patch_field_apply {
    ($place:expr, $value:expr) => {
        $place = $value
    };
    ($place:expr, $value:expr, merge) => {
        $place.extend($value.0)
    };
    ($place:expr, $value:expr, nested($patch:ty)) => {
        $value.apply(&mut $place)
    };
}

pub(crate) use {patch_field_apply, patch_field_type, patchable};

/// Reads a map, refusing a key written twice: serde would keep the last one silently, and the
/// modder would never learn which of the two lines the game plays. Put on every map field of
/// the tables (`#[serde(deserialize_with = "crate::patch::unique_keys")]`).
pub fn unique_keys<'de, D, K, V>(d: D) -> Result<std::collections::BTreeMap<K, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    K: serde::Deserialize<'de> + Ord + std::fmt::Debug,
    V: serde::Deserialize<'de>,
{
    struct Keys<K, V>(std::marker::PhantomData<(K, V)>);
    impl<'de, K, V> serde::de::Visitor<'de> for Keys<K, V>
    where
        K: serde::Deserialize<'de> + Ord + std::fmt::Debug,
        V: serde::Deserialize<'de>,
    {
        type Value = std::collections::BTreeMap<K, V>;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a map, each key given once")
        }
        fn visit_map<A: serde::de::MapAccess<'de>>(
            self,
            mut map: A,
        ) -> Result<Self::Value, A::Error> {
            let mut out = std::collections::BTreeMap::new();
            while let Some(key) = map.next_key::<K>()? {
                if out.contains_key(&key) {
                    return Err(serde::de::Error::custom(format!(
                        "the key `{key:?}` is given twice in this map; give each key once"
                    )));
                }
                let value = map.next_value()?;
                out.insert(key, value);
            }
            Ok(out)
        }
    }
    d.deserialize_map(Keys(std::marker::PhantomData))
}

/// A patch's map, read by `unique_keys`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UniqueKeys<M>(pub M);

impl<'de, K, V> serde::Deserialize<'de> for UniqueKeys<std::collections::BTreeMap<K, V>>
where
    K: serde::Deserialize<'de> + Ord + std::fmt::Debug,
    V: serde::Deserialize<'de>,
{
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        unique_keys(d).map(UniqueKeys)
    }
}
