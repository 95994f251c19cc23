//! The original problems as a library: the one table of the six problems that the CLI, the
//! server and Python read.
//!
//! For each [`Problem`] it holds what the front ends show and run, so they only parse their
//! arguments and format the result:
//!
//! - what it is: [`Problem::id`], [`Problem::game`], [`Problem::description`],
//!   [`Problem::input_format`], and [`Problem::info`] (all of it, serialisable: the server's
//!   `GET /api/problems`);
//! - its data: the statement's samples ([`Problem::samples`]) and the input a page offers
//!   first ([`Problem::example`]), each kept by the game crate that owns it;
//! - the judge ([`judge`]): the original problem's exact output;
//! - the setters' toolkit: the strict validator ([`Problem::validate`]), the testlib checker
//!   ([`Problem::check`]), the generator ([`Problem::generate`] with [`GenOptions`]) and a whole
//!   test package ([`Problem::package`]);
//! - input decoding: bytes become text through [`decode`] (UTF-8, a leading byte order mark
//!   dropped) before the judge or the checker sees them; the validator sees the bytes as they
//!   are ([`Problem::validate_bytes`]: a byte order mark breaks the format).
//!
//! Every message quotes the input through [`tabletop_core::text::clip`], so an offending token
//! of any length gives one readable line.
//!
//! ```
//! use tabletop_play::{GenOptions, Problem, Verdict, judge};
//!
//! let p = Problem::Hdu5754;
//! let options = GenOptions { mode: Some("small".into()), cases: Some(3), ..GenOptions::default() };
//! let input = p.generate(7, &options)?;
//! p.validate(&input, false)?;
//! let output = judge(p, &input)?;
//! assert_eq!(p.check(&input, &output, None).verdict, Verdict::Ok);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod generate;
mod package;
mod write;

use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use generate::{GenError, GenOptions};
pub use package::{Package, PackageError, PackageTest};
pub use tabletop_core::ParseNameError;
pub use tabletop_core::contest::{Checked, InvalidInput, Verdict};
pub use tabletop_core::text::{NotUtf8, clip, decode, decode_owned, strip_bom};
pub use write::WritePackageError;

tabletop_core::named_enum! {
    /// The original problems that [`judge`] reproduces byte for byte.
    #[derive(PartialOrd, Ord, Serialize, Deserialize)]
    #[serde(rename_all = "lowercase")]
    pub enum Problem: "problem" {
        /// Codeforces 1769 D1: the winner of a Nine deal, Alice first.
        Cf1769d1 = "cf1769d1",
        /// Codeforces 1769 D2: k <= 13 Nine deals with distinct importances.
        Cf1769d2 = "cf1769d2",
        /// Codeforces 1769 D3: k <= 26 Nine deals with distinct importances.
        Cf1769d3 = "cf1769d3",
        /// NTHU OJ 14463: Take 6!, scripted.
        Nthu14463 = "nthu14463",
        /// HDU 5754: Life Winner Bo.
        Hdu5754 = "hdu5754",
        /// Luogu P7147 (THUPC 2021): the Mahjong simulator.
        P7147 = "p7147",
    }
}

impl Problem {
    /// The id: `cf1769d1`, `cf1769d2`, `cf1769d3`, `nthu14463`, `hdu5754`, `p7147` (its
    /// name, as `Display` writes it and `FromStr` reads it).
    pub const fn id(self) -> &'static str {
        self.name()
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

    /// The source and the problem in a few words, for a list of problems (the command line's
    /// help): `HDU 5754: Life Winner Bo`.
    pub const fn summary(self) -> &'static str {
        match self {
            Problem::Cf1769d1 => "Codeforces 1769 D1: the winner of a Nine deal, Alice first",
            Problem::Cf1769d2 => "Codeforces 1769 D2: k <= 13 Nine deals with distinct importances",
            Problem::Cf1769d3 => "Codeforces 1769 D3: k <= 26 Nine deals with distinct importances",
            Problem::Nthu14463 => "NTHU OJ 14463: Take 6!, scripted",
            Problem::Hdu5754 => "HDU 5754: Life Winner Bo",
            Problem::P7147 => "Luogu P7147 (THUPC 2021): the Mahjong simulator",
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

impl Problem {
    /// The statement's samples, in its order (the first tests of a [`Problem::package`]).
    /// cf1769d2 and cf1769d3 share theirs: `k = 2`.
    pub fn samples(self) -> &'static [&'static str] {
        match self {
            Problem::Cf1769d1 => &tabletop_nine::SAMPLES_D1,
            Problem::Cf1769d2 | Problem::Cf1769d3 => &tabletop_nine::SAMPLES_K,
            Problem::Nthu14463 => &tabletop_take6::SAMPLES_NTHU14463,
            Problem::Hdu5754 => &tabletop_race::SAMPLES_HDU5754,
            Problem::P7147 => &tabletop_mahjong::SAMPLES_P7147,
        }
    }

    /// The input a page offers first: the statement's first sample, except `k = 3` for
    /// cf1769d2 (three deals to read) and the largest `k = 26` for cf1769d3.
    pub fn example(self) -> &'static str {
        match self {
            Problem::Cf1769d2 => "3\n",
            Problem::Cf1769d3 => "26\n",
            p => p.samples()[0],
        }
    }

    /// Everything a catalogue shows: id, game, title, input format and example.
    pub fn info(self) -> ProblemInfo {
        ProblemInfo {
            name: self.id(),
            game: self.game(),
            title: self.description(),
            input_format: self.input_format(),
            sample: self.example(),
        }
    }

    /// The original problem's exact output for `input` (already decoded: see [`decode`]), or
    /// why the input is rejected; the same as [`judge`].
    pub fn judge(self, input: &str) -> Result<String, JudgeError> {
        match self {
            Problem::Cf1769d1 => tabletop_nine::judge_d1(input).map_err(nine_error),
            Problem::Cf1769d2 => tabletop_nine::judge_d2(input).map_err(nine_error),
            Problem::Cf1769d3 => tabletop_nine::judge_d3(input).map_err(nine_error),
            Problem::Nthu14463 => tabletop_take6::judge_nthu14463(input).map_err(take6_error),
            Problem::Hdu5754 => tabletop_race::judge_hdu5754(input).map_err(race_error),
            Problem::P7147 => tabletop_mahjong::judge_p7147(input).map_err(mahjong_error),
        }
    }

    /// Validates a test input strictly against the original statement: the line, column and
    /// rule of the first thing wrong. `extended` accepts what the judge accepts beyond the
    /// original constraints (hdu5754: boards up to 10^18 and any T); the format stays strict.
    pub fn validate(self, input: &str, extended: bool) -> Result<(), InvalidInput> {
        match self {
            Problem::Cf1769d1 => tabletop_nine::validate_d1(input),
            Problem::Cf1769d2 => tabletop_nine::validate_k(input, 13),
            Problem::Cf1769d3 => tabletop_nine::validate_k(input, 26),
            Problem::Nthu14463 => tabletop_take6::validate_nthu14463(input),
            Problem::Hdu5754 => tabletop_race::validate_hdu5754(input, extended),
            Problem::P7147 => tabletop_mahjong::validate_p7147(input),
        }
    }

    /// [`Problem::validate`] on raw bytes: bytes that are not UTF-8 break the format where
    /// the first such byte is, and a byte order mark is not dropped (it breaks the format too).
    pub fn validate_bytes(self, input: &[u8], extended: bool) -> Result<(), InvalidInput> {
        self.validate(tabletop_core::text::utf8(input)?, extended)
    }

    /// Checks a contestant's `output` for `input`, as testlib's checkers do: against `answer`,
    /// else against [`judge`]. cf1769d2/d3 accept any right output (each deal solved), and an
    /// answer given there must itself pass the check.
    pub fn check(self, input: &str, output: &str, answer: Option<&str>) -> Checked {
        match self {
            Problem::Cf1769d1 => tabletop_nine::check_d1(input, output, answer),
            Problem::Cf1769d2 => tabletop_nine::check_k(input, output, answer, 13),
            Problem::Cf1769d3 => tabletop_nine::check_k(input, output, answer, 26),
            Problem::Nthu14463 => tabletop_take6::check_nthu14463(input, output, answer),
            Problem::Hdu5754 => tabletop_race::check_hdu5754(input, output, answer),
            Problem::P7147 => tabletop_mahjong::check_p7147(input, output, answer),
        }
    }

    /// [`Problem::check`] of an output given as bytes, decoded as [`decode`] does: an output
    /// that is not text is a presentation error naming the first bad byte.
    pub fn check_output(self, input: &str, output: &[u8], answer: Option<&str>) -> Checked {
        match decode(output) {
            Ok(output) => self.check(input, output, answer),
            Err(e) => Checked::presentation(format!("the output: {}", InvalidInput::from(e))),
        }
    }
}

/// What a catalogue of the problems shows of one: [`Problem::info`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemInfo {
    /// The id ([`Problem::id`]).
    pub name: &'static str,
    /// The game ([`Problem::game`]).
    pub game: &'static str,
    /// The source and what is asked ([`Problem::description`]).
    pub title: &'static str,
    /// The input format ([`Problem::input_format`]).
    pub input_format: &'static str,
    /// An input to start from ([`Problem::example`]).
    pub sample: &'static str,
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
        JudgeError { message: crate::located::chain(err), line, column }
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
    crate::located::script_error(&e)
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
    crate::located::wall_error(&e)
}

/// Runs `problem` on `input`: the original problem's exact output, or why the input is
/// rejected. The same code path as `tabletop judge`, the server's `POST /api/judge/{problem}`
/// and Python's `tabletop.judge` ([`Problem::judge`]); each reads its bytes through [`decode`]
/// first.
///
/// ```
/// use tabletop_play::{judge, Problem};
///
/// assert_eq!(judge(Problem::Hdu5754, "2\n2 5 5\n3 5 5\n").unwrap(), "G\nD\n");
/// let err = judge(Problem::Hdu5754, "1\n2 5 x\n").unwrap_err();
/// assert_eq!(err.line, Some(2));
/// ```
pub fn judge(problem: Problem, input: &str) -> Result<String, JudgeError> {
    problem.judge(input)
}
