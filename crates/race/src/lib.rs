//! Chess-piece race games (HDU 5754, "Life Winner Bo"): pieces, retrograde tables, closed forms.
//!
//! A king, rook, knight or queen starts on `(1, 1)` of an `N x M` board and may only move right
//! and down; two players (B first, then G) move it in turn, and whoever puts it on `(N, M)` wins.
//! A piece that cannot move off the target is a draw (only the knight gets stuck). Rules:
//! `docs/rules/race.md` in the repository.
//!
//! - [`solve`]: the closed forms, exact for boards up to `10^18 x 10^18` (the queen's Wythoff
//!   pairs in integer arithmetic).
//! - [`OutcomeTable`]: retrograde analysis of every cell in O(rows * cols), rook and queen
//!   included; one table of `K x K` answers every board up to `K x K`. [`GrundyTable`]: Grundy
//!   values for the king, rook and queen.
//! - [`judge_hdu5754`]: the original problem's input and output.
//! - [`Position`]: the piece's position with its moves on any board; [`RaceGame`]: the same on a board of at
//!   most [`MAX_PLAY_SIDE`] a side, built from [`RaceParams`], implementing
//!   [`tabletop_core::Game`] (action ids, tensors, the `solver` and `random` bots).
//!
//! ```
//! use tabletop_race::{judge_hdu5754, solve, Board, Outcome, OutcomeTable, Piece};
//!
//! let board = Board::new(5, 5)?;
//! assert_eq!(solve(Piece::Queen, board), Outcome::B);
//!
//! // The retrograde table agrees, and also knows every other cell and smaller board.
//! let table = OutcomeTable::new(Piece::Knight, 5, 5)?;
//! assert_eq!(table.start(), solve(Piece::Knight, board));
//! assert_eq!(table.board(3, 2), Some(Outcome::B));
//!
//! // The distances (618033988749894846, 999999999999999997) are Wythoff cold pair number
//! // k = 381966011250105151: floor(k * phi) is the smaller one.
//! let big = Board::new(618_033_988_749_894_847, 999_999_999_999_999_998)?;
//! assert_eq!(solve(Piece::Queen, big), Outcome::G);
//!
//! assert_eq!(judge_hdu5754("2\n2 5 5\n3 5 5\n")?, "G\nD\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod board;
mod closed;
mod contest;
mod error;
mod game;
mod grid;
mod grundy;
mod judge;
mod piece;
mod report;
mod retro;
mod review;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod verified;
mod verify;

pub use board::{Board, MAX_SIDE, MIN_SIDE, Outcome};
pub use closed::{
    can_move, explain, floor_k_phi, grundy_at, is_wythoff_cold, outcome_at, solve, winning_move,
};
pub use contest::{
    Checked, GenError, MAX_CASES, MAX_EXTENDED_CASES, MAX_ORIGINAL_SIDE, RaceGen, RaceMode,
    SAMPLES_HDU5754, Verdict, check_hdu5754, gen_hdu5754, validate_hdu5754,
};
pub use error::{
    BoardError, IllegalMoveError, JudgeError, ParseBoardError, ParseMoveError, ParseOutcomeError,
    ParsePieceError, TableError,
};
pub use game::{MAX_PLAY_SIDE, RaceGame, RaceParams};
pub use grid::Grid;
pub use grundy::GrundyTable;
pub use judge::{judge_hdu5754, random_input, write_random_input};
pub use piece::Piece;
pub use report::{BoardOutcomes, SolveReport, Verification, VerifiedPiece, VerifyError};
pub use retro::{MAX_TABLE_CELLS, OutcomeTable};
pub use review::{MAX_REVIEW_CELLS, RACE_MARKS, RaceOracle};
pub use state::{Move, Player, Position};
pub use verify::{Mismatch, check_row};
