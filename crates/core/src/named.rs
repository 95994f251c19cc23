//! Enums named on the command line and in notation: [`named_enum!`] writes `ALL`, `name`,
//! `Display` and `FromStr` once, with one error type, [`ParseNameError`].

use std::fmt;

/// A name that is not one of an enum's names: "unknown mode \"x\": expected random, small or
/// edge".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseNameError {
    /// What was being read (`mode`, `piece`, `row rule`).
    pub what: &'static str,
    /// The text read (the message quotes it cut to a readable length).
    pub name: String,
    /// Every name accepted.
    pub expected: &'static [&'static str],
}

impl ParseNameError {
    /// The error for `name`, read as a `what`, when `expected` are the names.
    pub fn new(what: &'static str, name: &str, expected: &'static [&'static str]) -> Self {
        ParseNameError { what, name: name.to_owned(), expected }
    }
}

impl fmt::Display for ParseNameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} {:?}: expected ", self.what, crate::text::clip(&self.name))?;
        write_choices(f, self.expected)
    }
}

impl std::error::Error for ParseNameError {}

/// Writes `a`, `a or b`, `a, b or c`.
pub fn write_choices(f: &mut impl fmt::Write, names: &[&str]) -> fmt::Result {
    for (i, name) in names.iter().enumerate() {
        if i > 0 {
            f.write_str(if i + 1 == names.len() { " or " } else { ", " })?;
        }
        f.write_str(name)?;
    }
    Ok(())
}

/// Declares a fieldless enum whose values have names, with `ALL` (every value in order),
/// `NAMES`, `name()`, `Display` (the name) and `FromStr` (the name back, else a
/// [`ParseNameError`] listing the names). The enum is `Clone, Copy, Debug, PartialEq, Eq,
/// Hash`; add more derives (and `#[repr(u8)]`) as attributes. The values are numbered from
/// 0 in order.
///
/// ```
/// tabletop_core::named_enum! {
///     /// A chess piece of the race games.
///     pub enum Piece: "piece" {
///         /// Moves one square any way.
///         King = "king",
///         /// Moves straight.
///         Rook = "rook",
///     }
/// }
///
/// assert_eq!(Piece::ALL, [Piece::King, Piece::Rook]);
/// assert_eq!(Piece::Rook.to_string(), "rook");
/// assert_eq!("king".parse::<Piece>(), Ok(Piece::King));
/// let e = "pawn".parse::<Piece>().unwrap_err();
/// assert_eq!(e.to_string(), r#"unknown piece "pawn": expected king or rook"#);
/// ```
///
/// A type whose parse error is its own (a notation's established message) names it after
/// the names, with the function that makes it from the text read:
///
/// ```
/// #[derive(Debug, PartialEq)]
/// pub struct ParseSideError(String);
///
/// tabletop_core::named_enum! {
///     /// A side of the table.
///     pub enum Side: "side" {
///         /// North.
///         North = "N",
///         /// South.
///         South = "S",
///     } else ParseSideError = |s: &str| ParseSideError(s.to_owned())
/// }
///
/// assert_eq!(Side::South.to_string(), "S");
/// assert_eq!("N".parse::<Side>(), Ok(Side::North));
/// assert_eq!("E".parse::<Side>(), Err(ParseSideError("E".to_owned())));
/// ```
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        }
    ) => {
        $crate::named_enum! {
            $(#[$meta])*
            $vis enum $name : $what {
                $( $(#[$vmeta])* $variant = $text ),+
            } else $crate::ParseNameError = |s: &str| {
                $crate::ParseNameError::new($what, s, $name::NAMES)
            }
        }
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident : $what:literal {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal ),+ $(,)?
        } else $err:ty = $make:expr
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        $vis enum $name {
            $( $(#[$vmeta])* $variant ),+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: [$name; <[&str]>::len(&[$($text),+])] = [$($name::$variant),+];

            /// Every name, in the order of `ALL`.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// The name (as `Display` writes it and `FromStr` reads it).
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $name {
            type Err = $err;

            fn from_str(s: &str) -> ::std::result::Result<$name, $err> {
                let make: fn(&str) -> $err = $make;
                $name::ALL.into_iter().find(|v| v.name() == s).ok_or_else(|| make(s))
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    named_enum! {
        /// A test enum.
        enum Mode: "mode" {
            /// First.
            Random = "random",
            /// Second.
            Small = "small",
            /// Third.
            Edge = "edge",
        }
    }

    #[test]
    fn names_round_trip_and_errors_list_the_choices() {
        for m in Mode::ALL {
            assert_eq!(m.to_string().parse::<Mode>(), Ok(m));
        }
        assert_eq!(Mode::NAMES, ["random", "small", "edge"]);
        let e = "Edge".parse::<Mode>().unwrap_err();
        assert_eq!(e.to_string(), r#"unknown mode "Edge": expected random, small or edge"#);
        assert_eq!(e.expected, Mode::NAMES);
    }

    #[test]
    fn choices_read_as_a_list() {
        let list = |names: &[&str]| {
            let mut s = String::new();
            write_choices(&mut s, names).unwrap();
            s
        };
        assert_eq!(list(&[]), "");
        assert_eq!(list(&["a"]), "a");
        assert_eq!(list(&["a", "b"]), "a or b");
        assert_eq!(list(&["a", "b", "c"]), "a, b or c");
    }

    #[test]
    fn a_long_name_is_cut_in_the_message() {
        let e = "x".repeat(100_000).parse::<Mode>().unwrap_err();
        assert!(e.to_string().len() < 200, "{}", e.to_string().len());
    }
}
