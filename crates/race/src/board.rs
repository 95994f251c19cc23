//! Boards and outcomes.

use std::fmt;
use std::str::FromStr;

use crate::{BoardError, ParseBoardError, ParseOutcomeError};

/// The largest board side: `10^18`.
pub const MAX_SIDE: u64 = 1_000_000_000_000_000_000;

/// The smallest board side. A board one row (or column) wide is the last row of any larger
/// board: the king, rook and queen race along it, the knight cannot move (a draw), and on
/// `1 x 1` the piece starts on the target, a loss for the player to move (as on the target of
/// any board).
pub const MIN_SIDE: u64 = 1;

/// A board of `rows x cols` cells, both sides in `1..=10^18`; the piece starts at `(1, 1)` and
/// races to `(rows, cols)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: u64,
    cols: u64,
}

impl Board {
    /// A board of `rows x cols`.
    ///
    /// # Errors
    /// If a side is outside `1..=10^18`.
    pub const fn new(rows: u64, cols: u64) -> Result<Board, BoardError> {
        if rows < MIN_SIDE || cols < MIN_SIDE || rows > MAX_SIDE || cols > MAX_SIDE {
            return Err(BoardError { rows, cols });
        }
        Ok(Board { rows, cols })
    }

    /// The number of rows `N`.
    pub const fn rows(self) -> u64 {
        self.rows
    }

    /// The number of columns `M`.
    pub const fn cols(self) -> u64 {
        self.cols
    }

    /// The distances `(N - 1, M - 1)` from the start `(1, 1)` to the target `(N, M)`.
    pub const fn distances(self) -> (u64, u64) {
        (self.rows - 1, self.cols - 1)
    }

    /// Whether `(x, y)` (1-based) is on the board.
    pub const fn contains(self, x: u64, y: u64) -> bool {
        x >= 1 && y >= 1 && x <= self.rows && y <= self.cols
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Board {
    type Err = ParseBoardError;

    /// Parses `NxM` (also `N x M`, `NXM`).
    fn from_str(s: &str) -> Result<Board, ParseBoardError> {
        let syntax = || ParseBoardError::Syntax(s.to_owned());
        let (r, c) = s.split_once(['x', 'X']).ok_or_else(syntax)?;
        let side = |t: &str| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            t.parse::<u64>().map_err(|_| syntax())
        };
        Ok(Board::new(side(r)?, side(c)?)?)
    }
}

tabletop_core::named_enum! {
    /// The result of a race game under optimal play, seen from the start.
    #[derive(PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[repr(u8)]
    pub enum Outcome: "outcome" {
        /// The first player (Bo) wins.
        B = "B",
        /// The second player (G) wins.
        G = "G",
        /// Neither can force a win: a draw.
        D = "D",
    } else ParseOutcomeError = |s: &str| ParseOutcomeError(s.to_owned())
}

impl Outcome {
    /// The judge letter.
    pub const fn letter(self) -> char {
        match self {
            Outcome::B => 'B',
            Outcome::G => 'G',
            Outcome::D => 'D',
        }
    }

    /// The outcome in words.
    pub const fn describe(self) -> &'static str {
        match self {
            Outcome::B => "the first player (B) wins",
            Outcome::G => "the second player (G) wins",
            Outcome::D => "a draw",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_range_is_checked() {
        assert!(Board::new(2, 2).is_ok());
        assert!(Board::new(1, 1).is_ok() && Board::new(1, 5).is_ok() && Board::new(5, 1).is_ok());
        assert!(Board::new(MAX_SIDE, MAX_SIDE).is_ok());
        assert_eq!(Board::new(0, 5), Err(BoardError { rows: 0, cols: 5 }));
        assert!(Board::new(5, 0).is_err());
        assert!(Board::new(MAX_SIDE + 1, 5).is_err());
        assert_eq!(Board::new(5, 7).unwrap().distances(), (4, 6));
    }

    #[test]
    fn notation_round_trips() {
        let b = Board::new(5, 1_000_000_000_000_000_000).unwrap();
        assert_eq!(b.to_string().parse::<Board>(), Ok(b));
        assert_eq!("5 x 7".parse::<Board>(), Ok(Board::new(5, 7).unwrap()));
        assert!(matches!("5x0".parse::<Board>(), Err(ParseBoardError::Range(_))));
        assert_eq!("5x1".parse::<Board>(), Ok(Board::new(5, 1).unwrap()));
        assert!(matches!("5*1".parse::<Board>(), Err(ParseBoardError::Syntax(_))));
        assert!(matches!("x5".parse::<Board>(), Err(ParseBoardError::Syntax(_))));
        assert!(matches!("-5x5".parse::<Board>(), Err(ParseBoardError::Syntax(_))));
        for o in Outcome::ALL {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o));
            assert_eq!(o.letter().to_string(), o.to_string());
        }
        assert!("b".parse::<Outcome>().is_err());
    }
}
