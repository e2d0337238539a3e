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
    ($ty:ty, merge) => { Option<$ty> };
    ($ty:ty, nested($patch:ty)) => { Option<$patch> };
}

/// Applies one field of a patch.
macro_rules! patch_field_apply {
    ($place:expr, $value:expr) => {
        $place = $value
    };
    ($place:expr, $value:expr, merge) => {
        $place.extend($value)
    };
    ($place:expr, $value:expr, nested($patch:ty)) => {
        $value.apply(&mut $place)
    };
}

pub(crate) use {patch_field_apply, patch_field_type, patchable};
