//! The original problems as a library: one [`judge`] for the CLI, the server and Python.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The original problems that [`judge`] reproduces byte for byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Problem {
    /// Codeforces 1769 D1: the winner of a Nine deal, Alice first.
    Cf1769d1,
    /// Codeforces 1769 D2: k <= 13 Nine deals with distinct importances.
    Cf1769d2,
    /// Codeforces 1769 D3: k <= 26 Nine deals with distinct importances.
    Cf1769d3,
    /// NTHU OJ 14463: Take 6!, scripted.
    Nthu14463,
    /// HDU 5754: Life Winner Bo.
    Hdu5754,
    /// Luogu P7147 (THUPC 2021): the Mahjong simulator.
    P7147,
}

impl Problem {
    /// Every problem, in this order.
    pub const ALL: [Problem; 6] = [
        Problem::Cf1769d1,
        Problem::Cf1769d2,
        Problem::Cf1769d3,
        Problem::Nthu14463,
        Problem::Hdu5754,
        Problem::P7147,
    ];

    /// The id: `cf1769d1`, `cf1769d2`, `cf1769d3`, `nthu14463`, `hdu5754`, `p7147`.
    pub const fn id(self) -> &'static str {
        match self {
            Problem::Cf1769d1 => "cf1769d1",
            Problem::Cf1769d2 => "cf1769d2",
            Problem::Cf1769d3 => "cf1769d3",
            Problem::Nthu14463 => "nthu14463",
            Problem::Hdu5754 => "hdu5754",
            Problem::P7147 => "p7147",
        }
    }

    /// The game the problem is about: `nine`, `take6`, `race` or `mahjong` (the names of
    /// [`crate::games()`]).
    pub const fn game(self) -> &'static str {
        match self {
            Problem::Cf1769d1 | Problem::Cf1769d2 | Problem::Cf1769d3 => "nine",
            Problem::Nthu14463 => "take6",
            Problem::Hdu5754 => "race",
            Problem::P7147 => "mahjong",
        }
    }

    /// One line: the source and what is asked.
    pub const fn description(self) -> &'static str {
        match self {
            Problem::Cf1769d1 => "Codeforces 1769 D1: the winner of a Nine deal, Alice first",
            Problem::Cf1769d2 => "Codeforces 1769 D2: k <= 13 Nine deals with distinct importances",
            Problem::Cf1769d3 => "Codeforces 1769 D3: k <= 26 Nine deals with distinct importances",
            Problem::Nthu14463 => "NTHU OJ 14463: Take 6!, scripted: each player's heads",
            Problem::Hdu5754 => {
                "HDU 5754 (Life Winner Bo): who wins a chess-piece race on an N x M board"
            }
            Problem::P7147 => "Luogu P7147 (THUPC 2021): the Mahjong game log of a wall",
        }
    }

    /// The input format, in a few lines of plain text.
    pub const fn input_format(self) -> &'static str {
        match self {
            Problem::Cf1769d1 => {
                "Two lines of 18 cards each, space separated: Alice's hand, then Bob's. \
                 A card is a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S."
            }
            Problem::Cf1769d2 => "One integer k, 2 <= k <= 13.",
            Problem::Cf1769d3 => "One integer k, 2 <= k <= 26.",
            Problem::Nthu14463 => {
                "Line 1: N M P (players, rounds, rows). Then P lines, the card starting each \
                 row. Then N lines of M cards: the card each player plays in each round. \
                 The cards are 1..N*M+P, each once."
            }
            Problem::Hdu5754 => {
                "Line 1: T, the number of cases. Then T lines 'type N M': the piece (1 king, \
                 2 rook, 3 knight, 4 queen) and the board, 2 <= N, M <= 10^18."
            }
            Problem::P7147 => {
                "148 tiles, one per line (any whitespace is accepted), the front of the wall \
                 first: 1M..9M, 1P..9P, 1S..9S, E S W N B F Z, PASS, REVERSE, DOUBLE; \
                 4 of each kind."
            }
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A problem id that is not one of [`Problem::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown problem {0:?}: expected one of cf1769d1, cf1769d2, cf1769d3, nthu14463, hdu5754, p7147"
)]
pub struct ParseProblemError(pub String);

impl FromStr for Problem {
    type Err = ParseProblemError;
    fn from_str(s: &str) -> Result<Problem, ParseProblemError> {
        Problem::ALL
            .into_iter()
            .find(|p| p.id() == s)
            .ok_or_else(|| ParseProblemError(s.to_owned()))
    }
}

/// Why a judge input is rejected: the message exactly as `tabletop judge` prints it after
/// `error: `, and where in the input, when the game's error knows it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{message}")]
pub struct JudgeError {
    /// The message: the game error's text followed by the text of each of its sources,
    /// separated by `": "` (as `anyhow` prints an error chain).
    pub message: String,
    /// The 1-based line of the input, where known.
    pub line: Option<usize>,
    /// The 1-based column of the input, where known.
    pub column: Option<usize>,
}

impl JudgeError {
    fn new(err: &dyn std::error::Error, line: Option<usize>, column: Option<usize>) -> JudgeError {
        let mut message = err.to_string();
        let mut source = err.source();
        while let Some(s) = source {
            message.push_str(": ");
            message.push_str(&s.to_string());
            source = s.source();
        }
        JudgeError { message, line, column }
    }
}

fn nine_error(e: tabletop_nine::JudgeError) -> JudgeError {
    use tabletop_nine::{DealError, JudgeError as E};
    let (line, column) = match &e {
        E::Deal(DealError::UnknownToken { line, column, .. })
        | E::Deal(DealError::Duplicate { line, column, .. })
        | E::ExtraToken { line, column, .. } => (Some(*line), Some(*column)),
        E::NotAnInteger { line, .. } | E::OutOfRange { line, .. } => (Some(*line), None),
        E::Empty => (Some(1), None),
        _ => (None, None),
    };
    JudgeError::new(&e, line, column)
}

fn take6_error(e: tabletop_take6::JudgeError) -> JudgeError {
    use tabletop_take6::JudgeError as E;
    let line = match &e {
        E::Missing { line, .. }
        | E::Unexpected { line, .. }
        | E::Duplicate { line, .. }
        | E::Trailing { line, .. } => Some(*line),
    };
    JudgeError::new(&e, line, None)
}

fn race_error(e: tabletop_race::JudgeError) -> JudgeError {
    use tabletop_race::JudgeError as E;
    let line = match &e {
        E::MissingCount => Some(1),
        E::BadToken { line, .. }
        | E::Board { line, .. }
        | E::TooFewCases { line, .. }
        | E::TooManyCases { line, .. } => Some(*line),
    };
    JudgeError::new(&e, line, None)
}

fn mahjong_error(e: tabletop_mahjong::WallError) -> JudgeError {
    use tabletop_mahjong::WallError as E;
    let line = match &e {
        E::UnknownToken { line, .. } | E::WrongCopies { line, .. } => Some(*line),
        _ => None,
    };
    JudgeError::new(&e, line, None)
}

/// Runs `problem` on `input`: the original problem's exact output, or why the input is
/// rejected. The same code path as `tabletop judge`, the server's `POST /api/judge/{problem}`
/// and Python's `tabletop.judge`.
///
/// ```
/// use tabletop_play::{judge, Problem};
///
/// assert_eq!(judge(Problem::Hdu5754, "2\n2 5 5\n3 5 5\n").unwrap(), "G\nD\n");
/// let err = judge(Problem::Hdu5754, "1\n2 5 x\n").unwrap_err();
/// assert_eq!(err.line, Some(2));
/// ```
pub fn judge(problem: Problem, input: &str) -> Result<String, JudgeError> {
    match problem {
        Problem::Cf1769d1 => tabletop_nine::judge_d1(input).map_err(nine_error),
        Problem::Cf1769d2 => tabletop_nine::judge_d2(input).map_err(nine_error),
        Problem::Cf1769d3 => tabletop_nine::judge_d3(input).map_err(nine_error),
        Problem::Nthu14463 => tabletop_take6::judge_nthu14463(input).map_err(take6_error),
        Problem::Hdu5754 => tabletop_race::judge_hdu5754(input).map_err(race_error),
        Problem::P7147 => tabletop_mahjong::judge_p7147(input).map_err(mahjong_error),
    }
}
