//! The race games reviewed by retrograde analysis: every legal move's outcome (+1 a win, 0 a
//! draw, -1 a loss, from the mover's side) and the moves to the end under perfect play after
//! it (the winner hurries, the loser holds out), so that among winning moves the soonest win
//! is the best.
//!
//! A position's value depends only on the distances left to the target corner, so one table
//! over the distances of the first position reviewed answers every later one.

use tabletop_core::review::{Appraised, Marks, Oracle, ReviewError, Reviewable};

use crate::{Move, Piece, RaceGame};

/// The race games' thresholds: the values are outcomes, so any regret turns a win into a draw
/// or a loss, or a draw into a loss: a blunder.
pub const RACE_MARKS: Marks =
    Marks { inaccuracy: 1.0, mistake: 1.0, blunder: 1.0, throw_win: true };

/// The most cells (`(rows left + 1) x (columns left + 1)`) a review's table may have: every
/// board a game can be played on.
pub const MAX_REVIEW_CELLS: usize = 1 << 16;

/// A cell of the table: the outcome for the player to move there and the moves to the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Cell {
    /// +1 the mover wins, 0 a draw, -1 the mover loses.
    value: i8,
    /// Moves to the end under perfect play (0 at the target, or when stuck).
    plies: u64,
}

/// The retrograde oracle of the race games.
#[derive(Debug, Default)]
pub struct RaceOracle {
    /// The piece, the distances the table covers (rows, columns) and its cells, row-major.
    table: Option<(Piece, u64, u64, Vec<Cell>)>,
}

impl RaceOracle {
    /// The cell `down` rows and `right` columns away from the target, building (or widening)
    /// the table first.
    fn cell(&mut self, piece: Piece, down: u64, right: u64) -> Result<Cell, ReviewError> {
        let fits = |t: &(Piece, u64, u64, Vec<Cell>)| t.0 == piece && down <= t.1 && right <= t.2;
        if !self.table.as_ref().is_some_and(fits) {
            self.table = Some((piece, down, right, build(piece, down, right)?));
        }
        let (_, _, cols, cells) = self.table.as_ref().expect("built above");
        Ok(cells[(down * (cols + 1) + right) as usize])
    }
}

/// The steps `(rows, columns)` a piece may take from a cell `down` and `right` away from the
/// target.
fn steps(piece: Piece, down: u64, right: u64) -> Vec<(u64, u64)> {
    let fixed: &[(u64, u64)] = match piece {
        Piece::King => &[(0, 1), (1, 0), (1, 1)],
        Piece::Knight => &[(1, 2), (2, 1)],
        Piece::Rook | Piece::Queen => &[],
    };
    let mut v: Vec<(u64, u64)> =
        fixed.iter().copied().filter(|&(dx, dy)| dx <= down && dy <= right).collect();
    if matches!(piece, Piece::Rook | Piece::Queen) {
        v.extend((1..=right).map(|k| (0, k)));
        v.extend((1..=down).map(|k| (k, 0)));
        if piece == Piece::Queen {
            v.extend((1..=down.min(right)).map(|k| (k, k)));
        }
    }
    v
}

/// The table of every cell up to `down` rows and `right` columns from the target.
fn build(piece: Piece, down: u64, right: u64) -> Result<Vec<Cell>, ReviewError> {
    let cells = (down + 1).checked_mul(right + 1).filter(|&n| n <= MAX_REVIEW_CELLS as u64);
    let Some(n) = cells else {
        return Err(ReviewError::TooLarge(format!(
            "{} x {} cells from the target, above the review's {MAX_REVIEW_CELLS}",
            down + 1,
            right + 1
        )));
    };
    let width = right + 1;
    let mut t = vec![Cell { value: -1, plies: 0 }; n as usize];
    for i in 0..=down {
        for j in 0..=right {
            if (i, j) == (0, 0) {
                continue; // the previous mover reached the target: the mover here has lost
            }
            let children: Vec<Cell> = steps(piece, i, j)
                .into_iter()
                .map(|(dx, dy)| t[((i - dx) * width + j - dy) as usize])
                .collect();
            t[(i * width + j) as usize] = solve_cell(&children);
        }
    }
    Ok(t)
}

/// A cell from its children: a win if some child loses for its mover (soonest), else a draw
/// if some child draws (or no move is left), else a loss (latest).
fn solve_cell(children: &[Cell]) -> Cell {
    let after = |c: &Cell| c.plies + 1;
    if let Some(p) = children.iter().filter(|c| c.value < 0).map(after).min() {
        Cell { value: 1, plies: p }
    } else if children.is_empty() {
        Cell { value: 0, plies: 0 }
    } else if let Some(p) = children.iter().filter(|c| c.value == 0).map(after).min() {
        Cell { value: 0, plies: p }
    } else {
        Cell { value: -1, plies: children.iter().map(after).max().unwrap_or(0) }
    }
}

impl Oracle<RaceGame> for RaceOracle {
    fn marks(&self) -> Marks {
        RACE_MARKS
    }

    fn appraise(
        &mut self,
        state: &RaceGame,
        _seed: u64,
    ) -> Result<Vec<Appraised<Move>>, ReviewError> {
        let pos = state.position();
        let (piece, board) = (pos.piece(), pos.board());
        // The rows and columns from a cell to the target.
        let away = |(x, y): (u64, u64)| (board.rows() - x, board.cols() - y);
        // The whole rectangle from this cell to the target, once; later cells fall inside.
        let (down, right) = away(pos.cell());
        self.cell(piece, down, right)?;
        pos.moves()
            .into_iter()
            .map(|m| {
                let (down, right) = away((m.x, m.y));
                let c = self.cell(piece, down, right)?;
                Ok(Appraised {
                    action: m,
                    value: -f64::from(c.value),
                    ci95: 0.0,
                    plies: Some(c.plies + 1),
                })
            })
            .collect()
    }
}

impl Reviewable for RaceGame {
    type Oracle = RaceOracle;

    fn oracle(&self) -> RaceOracle {
        RaceOracle::default()
    }
}
