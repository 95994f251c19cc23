//! A macro for the optional `serde` feature of the game crates: values written in their
//! notation.

/// Implements `serde::Serialize` (by `Display`) and `serde::Deserialize` (by `FromStr`) for
/// types with a text notation, so that JSON shows `"9S"` rather than the internal bits.
///
/// The calling crate must depend on `serde`; `tabletop-core` itself does not. Typically
/// invoked inside a `#[cfg(feature = "serde")]` module:
///
/// ```text
/// tabletop_core::serde_via_str!(Card, CardSet, Deal);
/// ```
#[macro_export]
macro_rules! serde_via_str {
    ($($t:ty),+ $(,)?) => {$(
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> ::std::result::Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> ::std::result::Result<$t, D::Error> {
                let text = <::std::string::String as ::serde::Deserialize>::deserialize(d)?;
                text.parse::<$t>().map_err(<D::Error as ::serde::de::Error>::custom)
            }
        }
    )+};
}
