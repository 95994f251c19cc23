//! The crate's error types, one per operation.

use tabletop_core::text::clip;
use thiserror::Error;

use crate::Piece;

/// A piece name or number that is not one of the four pieces.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown piece {:?}: expected king, rook, knight, queen or their judge numbers 1 to 4",
    clip(.0)
)]
pub struct ParsePieceError(pub String);

/// A board side outside `1..=10^18`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error(
    "a board of {rows} x {cols} is out of range: both sides must be from 1 to 1000000000000000000"
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
    #[error("line {line}: expected {expected}, found {}", found(.token))]
    BadToken {
        /// The 1-based line number.
        line: usize,
        /// The offending token (empty at the end of a line).
        token: String,
        /// What the line needed there.
        expected: &'static str,
    },
    /// A case's board is outside the problem's bounds: sides from 2 (the problem's least; a
    /// [`Board`](crate::Board) may be one wide) to 10^18 (tabletop's largest).
    #[error(
        "line {line}: a board of {rows} x {cols} is out of range: both sides must be from 2 to 1000000000000000000"
    )]
    Board {
        /// The 1-based line number.
        line: usize,
        /// The rows N.
        rows: u64,
        /// The columns M.
        cols: u64,
    },
    /// Fewer case lines than T.
    #[error(
        "line {line}: expected {}, found only {found} before the end of the input",
        cases(*.expected)
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
    #[error("line {line}: {}", too_many(*.expected, .token))]
    TooManyCases {
        /// The first extra line.
        line: usize,
        /// T.
        expected: u64,
        /// The start of the extra line.
        token: String,
    },
}

/// What a [`JudgeError::BadToken`] found: the token, or the end of the line.
fn found(token: &str) -> String {
    if token.is_empty() { "the end of the line".to_owned() } else { format!("{:?}", clip(token)) }
}

/// `n` cases, in words: "1 case", "2 cases".
fn cases(n: u64) -> String {
    if n == 1 { "1 case".to_owned() } else { format!("{n} cases") }
}

/// The message of [`JudgeError::TooManyCases`] after the line number.
fn too_many(expected: u64, token: &str) -> String {
    let token = clip(token);
    match expected {
        0 => format!("expected no cases, found {token:?}"),
        1 => format!("expected only 1 case, found {token:?} after it"),
        n => format!("expected only {n} cases, found {token:?} after them"),
    }
}

/// A move that is not `(x,y)`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected a move like (3,5), found {:?}", clip(.0))]
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
    #[error("expected a board like 5x5, found {:?}", clip(.0))]
    Syntax(String),
    /// A side is out of range.
    #[error(transparent)]
    Range(#[from] BoardError),
}

/// A letter that is not `B`, `G` or `D`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("expected an outcome B, G or D, found {:?}", clip(.0))]
pub struct ParseOutcomeError(pub String);

#[cfg(test)]
mod tests {
    use std::error::Error;

    use super::*;

    /// The message a report such as anyhow's `{:#}` prints: every cause of the chain, joined.
    fn report(e: &dyn Error) -> String {
        let mut s = e.to_string();
        let mut cause = e.source();
        while let Some(c) = cause {
            s += ": ";
            s += &c.to_string();
            cause = c.source();
        }
        s
    }

    /// Whether no cause of the chain is already part of the message above it.
    fn says_each_cause_once(e: &dyn Error) -> bool {
        let mut outer = e.to_string();
        let mut cause = e.source();
        while let Some(c) = cause {
            let inner = c.to_string();
            if outer.contains(&inner) {
                return false;
            }
            outer = inner;
            cause = c.source();
        }
        true
    }

    #[test]
    fn every_error_says_each_cause_once() {
        let board = BoardError { rows: 5, cols: 0 };
        let errors: Vec<Box<dyn Error>> = vec![
            Box::new(ParsePieceError("bishop".into())),
            Box::new(board),
            Box::new(TableError::Empty { rows: 0, cols: 3 }),
            Box::new(TableError::TooLarge { rows: 9, cols: 9, max: 10 }),
            Box::new(TableError::NoGrundy(Piece::Knight)),
            Box::new(JudgeError::MissingCount),
            Box::new(JudgeError::BadToken { line: 2, token: "x".into(), expected: "a" }),
            Box::new(JudgeError::Board { line: 2, rows: 5, cols: 1 }),
            Box::new(JudgeError::TooFewCases { line: 3, expected: 2, found: 1 }),
            Box::new(JudgeError::TooManyCases { line: 3, expected: 1, token: "2".into() }),
            Box::new(ParseMoveError("x".into())),
            Box::new(IllegalMoveError { piece: Piece::King, from: (1, 1), to: (3, 3) }),
            Box::new(ParseBoardError::Syntax("5*5".into())),
            Box::new(ParseBoardError::Range(board)),
            Box::new(ParseOutcomeError("b".into())),
        ];
        for e in &errors {
            assert!(says_each_cause_once(e.as_ref()), "{}", report(e.as_ref()));
        }
        assert_eq!(
            report(&JudgeError::Board { line: 2, rows: 5, cols: 1 }),
            "line 2: a board of 5 x 1 is out of range: both sides must be from 2 \
             to 1000000000000000000"
        );
        assert_eq!(report(&ParseBoardError::Range(board)), board.to_string());
    }

    #[test]
    fn judge_messages_read_well() {
        let bad =
            |token: &str| JudgeError::BadToken { line: 2, token: token.into(), expected: "M" };
        assert_eq!(bad("").to_string(), "line 2: expected M, found the end of the line");
        assert_eq!(bad("x").to_string(), "line 2: expected M, found \"x\"");
        let few = |expected, found| JudgeError::TooFewCases { line: 3, expected, found };
        assert_eq!(
            few(1, 0).to_string(),
            "line 3: expected 1 case, found only 0 before the end of the input"
        );
        assert_eq!(
            few(3, 1).to_string(),
            "line 3: expected 3 cases, found only 1 before the end of the input"
        );
        let many = |expected| JudgeError::TooManyCases { line: 3, expected, token: "2".into() };
        assert_eq!(many(0).to_string(), "line 3: expected no cases, found \"2\"");
        assert_eq!(many(1).to_string(), "line 3: expected only 1 case, found \"2\" after it");
        assert_eq!(many(2).to_string(), "line 3: expected only 2 cases, found \"2\" after them");
    }
}
