//! The crate's error types, one per operation.

use thiserror::Error;

use crate::tile::Kind;

/// A token that is not one of the 37 kind names.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown tile {0:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE"
)]
pub struct ParseKindError(pub String);

/// A token that is not one of the players `A B C D`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown player {0:?}: expected A, B, C or D")]
pub struct ParsePlayerError(pub String);

/// A hand that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseHandError {
    /// A token that is not a kind name.
    #[error(
        "unknown tile {0:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE"
    )]
    UnknownToken(String),
    /// A fifth copy of a kind.
    #[error("more than 4 copies of {0}")]
    TooManyCopies(Kind),
}

/// A wall (or a list of walls) that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum WallError {
    /// A token that is not a kind name.
    #[error(
        "line {line}: unknown tile {token:?}: expected 1M..9M, 1P..9P, 1S..9S, E, S, W, N, B, F, Z, PASS, REVERSE or DOUBLE"
    )]
    UnknownToken {
        /// The 1-based line of the token.
        line: usize,
        /// The token.
        token: String,
    },
    /// The input does not hold exactly 148 tiles (one wall) or a multiple of 148 (walls).
    #[error("wall {wall} holds {count} tile{}, expected 148{}", if *.count == 1 { "" } else { "s" }, if *.count == 0 { " (the input is empty)" } else { "" })]
    WrongCount {
        /// The 1-based number of the incomplete wall.
        wall: usize,
        /// The tiles it holds.
        count: usize,
    },
    /// More than one wall's worth of tiles where exactly one wall is expected.
    #[error("the input holds {count} tiles, expected exactly 148 (one wall)")]
    TooManyTiles {
        /// The tiles in the input.
        count: usize,
    },
    /// A kind with other than 4 copies.
    #[error("line {line}: wall {wall} holds {count} {} of {kind}, expected 4 of each kind", if *.count == 1 { "copy" } else { "copies" })]
    WrongCopies {
        /// The 1-based number of the wall.
        wall: usize,
        /// The line of the fifth copy when there are too many, else the wall's last line.
        line: usize,
        /// The kind.
        kind: Kind,
        /// Its number of copies.
        count: usize,
    },
}

/// A game log line that cannot be parsed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: cannot read {text:?} as a log event: {reason}")]
pub struct ParseEventError {
    /// The 1-based line.
    pub line: usize,
    /// The line's text.
    pub text: String,
    /// What was expected.
    pub reason: String,
}

/// An event that cannot happen on the board it is replayed on, or that the fixed rules do not
/// play there.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line}: event {index} ({event}): {reason}")]
pub struct ReplayError {
    /// The 1-based line of the event in the log (its number when no line is known).
    pub line: usize,
    /// The 1-based number of the event.
    pub index: usize,
    /// The event, as a log line.
    pub event: String,
    /// Why it cannot happen.
    pub reason: String,
}
