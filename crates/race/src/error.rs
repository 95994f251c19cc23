//! The crate's error types, one per operation.

use thiserror::Error;

use crate::Piece;

/// A piece name or number that is not one of the four pieces.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown piece {0:?}: expected king, rook, knight, queen or their judge numbers 1..=4")]
pub struct ParsePieceError(pub String);

/// A board side outside `2..=10^18`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "a board of {rows} x {cols} is out of range: both sides must be in 2..=1000000000000000000"
)]
pub struct BoardError {
    /// The rows asked for.
    pub rows: u64,
    /// The columns asked for.
    pub cols: u64,
}

/// A retrograde table that is too large to allocate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// A side is zero.
    #[error("a table of {rows} x {cols} is empty: both sides must be at least 1")]
    Empty {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
    },
    /// More cells than [`crate::MAX_TABLE_CELLS`].
    #[error("a table of {rows} x {cols} has more than {max} cells")]
    TooLarge {
        /// The rows asked for.
        rows: usize,
        /// The columns asked for.
        cols: usize,
        /// The limit on cells.
        max: usize,
    },
    /// Grundy values asked for a piece whose game has draws.
    #[error("the {0} game has draws, so it has no grundy values")]
    NoGrundy(Piece),
}

/// A malformed input of the HDU 5754 judge.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The input has no first line with the case count.
    #[error("line 1: expected the number of cases T, found the end of the input")]
    MissingCount,
    /// A token is not what the line needs.
    #[error("line {line}: expected {expected}, found {token:?}")]
    BadToken {
        /// The 1-based line number.
        line: usize,
        /// The offending token (empty at the end of a line).
        token: String,
        /// What the line needed there.
        expected: &'static str,
    },
    /// A case's board is out of range.
    #[error("line {line}: {source}")]
    Board {
        /// The 1-based line number.
        line: usize,
        /// Why the board is invalid.
        source: BoardError,
    },
    /// Fewer case lines than T.
    #[error(
        "line {line}: expected {expected} cases, found only {found} before the end of the input"
    )]
    TooFewCases {
        /// The line after the last line of the input.
        line: usize,
        /// T.
        expected: u64,
        /// The cases read.
        found: u64,
    },
    /// More lines than T.
    #[error("line {line}: expected only {expected} cases, found {token:?} after them")]
    TooManyCases {
        /// The first extra line.
        line: usize,
        /// T.
        expected: u64,
        /// The start of the extra line.
        token: String,
    },
}

/// A move that is not `(x,y)`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected a move like (3,5), found {0:?}")]
pub struct ParseMoveError(pub String);

/// A move the piece cannot make from where it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the {piece} cannot move from {from:?} to {to:?}")]
pub struct IllegalMoveError {
    /// The piece.
    pub piece: Piece,
    /// Its cell.
    pub from: (u64, u64),
    /// The cell asked for.
    pub to: (u64, u64),
}

/// A board that does not parse: not `NxM`, or out of range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBoardError {
    /// Not two numbers separated by `x`.
    #[error("expected a board like 5x5, found {0:?}")]
    Syntax(String),
    /// A side is out of range.
    #[error(transparent)]
    Range(#[from] BoardError),
}

/// A letter that is not `B`, `G` or `D`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected an outcome B, G or D, found {0:?}")]
pub struct ParseOutcomeError(pub String);
