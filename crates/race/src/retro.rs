//! Retrograde analysis: the outcome from every cell of a board, for any piece, in O(rows * cols).
//!
//! Trade-offs:
//! - Moves only go right and down, so the outcome from cell `(x, y)` of an `N x M` board depends
//!   only on the distances `(a, b) = (N - x, M - y)` still to travel: it is the outcome from
//!   `(1, 1)` of the `(a + 1) x (b + 1)` board. A table is therefore indexed by distances,
//!   anchored at the target corner, and ONE table of `K x K` answers every board up to `K x K`
//!   (and every cell of each).
//! - Sliding pieces (rook, queen) would cost O(rows + cols) per cell if each ray were scanned.
//!   Instead the sweep carries, per row, per column and per diagonal, the set of outcomes already
//!   seen on that line (a 3-bit mask: some cell wins for its mover, loses, or draws). A cell's
//!   mover wins iff some reachable cell is lost for its mover, else draws iff some reachable
//!   cell is drawn, else loses; so the union of the three masks decides the cell in O(1).
//!   Only the knight can actually draw, but the masks keep the draw bookkeeping for every piece.
//! - One byte per cell; no bit packing (4 M cells for 2000 x 2000 is 4 MB).

use crate::grid::Grid;
use crate::{Outcome, Piece, TableError};

/// The largest number of cells a table may have (2^30: 1 GiB of outcomes).
pub const MAX_TABLE_CELLS: usize = 1 << 30;

/// The outcome from every cell of a board for one piece, indexed by the distances to the target.
pub type OutcomeTable = Grid<Outcome>;

/// Checks the size of a `rows x cols` table.
pub(crate) fn check_size(rows: usize, cols: usize) -> Result<(), TableError> {
    if rows == 0 || cols == 0 {
        return Err(TableError::Empty { rows, cols });
    }
    match rows.checked_mul(cols) {
        Some(n) if n <= MAX_TABLE_CELLS => Ok(()),
        _ => Err(TableError::TooLarge { rows, cols, max: MAX_TABLE_CELLS }),
    }
}

/// The bit of an outcome in a "seen" mask: B (a win for that cell's mover) 1, G 2, D 4.
const fn bit(o: Outcome) -> u8 {
    1 << o as u8
}

/// The outcome for the mover of a cell whose moves reach the outcomes in the mask `seen`.
///
/// Branches rather than a lookup table: on the ray sweeps nearly every cell is a B, so the
/// branches predict well and keep the loop-carried row summary out of a load's latency.
const fn decide(seen: u8, is_target: bool) -> Outcome {
    if seen & bit(Outcome::G) != 0 {
        // Some move hands the opponent a lost cell.
        Outcome::B
    } else if seen & bit(Outcome::D) != 0 {
        Outcome::D
    } else if seen != 0 || is_target {
        // Every move hands the opponent a win; on the target the previous mover has won.
        Outcome::G
    } else {
        // Stuck off the target.
        Outcome::D
    }
}

impl Grid<Outcome> {
    /// The table of a `rows x cols` board for `piece`: every cell's outcome when the piece
    /// starts there and the first player moves.
    ///
    /// # Errors
    /// If a side is zero or the table has more than [`MAX_TABLE_CELLS`] cells.
    pub fn new(piece: Piece, rows: usize, cols: usize) -> Result<OutcomeTable, TableError> {
        check_size(rows, cols)?;
        let mut cells = vec![Outcome::D; rows * cols];
        match piece {
            Piece::King | Piece::Knight => step_sweep(piece, rows, cols, &mut cells),
            Piece::Rook | Piece::Queen => ray_sweep(piece == Piece::Queen, rows, cols, &mut cells),
        }
        Ok(Grid::from_cells(piece, rows, cols, cells))
    }

    /// How many cells have each outcome, in the order of [`Outcome::ALL`] (B, G, D).
    pub fn counts(&self) -> [u64; 3] {
        let mut c = [0u64; 3];
        for &o in self.cells() {
            c[o as usize] += 1;
        }
        c
    }
}

/// King and knight: each cell looks at its (at most three) successors in the two rows above.
fn step_sweep(piece: Piece, rows: usize, cols: usize, cells: &mut [Outcome]) {
    // 1. Sweep rows of increasing distance; every successor has smaller distances, in this row
    //    (king), the previous one, or (knight) the one before.
    for a in 0..rows {
        let (done, rest) = cells.split_at_mut(a * cols);
        let row = &mut rest[..cols];
        let prev = a.checked_sub(1).map(|p| &done[p * cols..(p + 1) * cols]);
        let prev2 = a.checked_sub(2).map(|p| &done[p * cols..(p + 1) * cols]);
        // The bit of the cell to the left, kept in a register (the king's serial dependency).
        let mut left = 0;
        for b in 0..cols {
            // 2. Union of the successors' outcomes.
            let mut seen = 0;
            match piece {
                Piece::King => {
                    seen |= left;
                    if let Some(p) = prev {
                        seen |= bit(p[b]);
                        if b >= 1 {
                            seen |= bit(p[b - 1]);
                        }
                    }
                }
                _ => {
                    if let (Some(p), true) = (prev, b >= 2) {
                        seen |= bit(p[b - 2]);
                    }
                    if let (Some(p), true) = (prev2, b >= 1) {
                        seen |= bit(p[b - 1]);
                    }
                }
            }
            // 3. Decide.
            let o = decide(seen, a == 0 && b == 0);
            row[b] = o;
            left = bit(o);
        }
    }
}

/// Rook and queen: each cell reads the summaries of its row, column and (queen) diagonal.
fn ray_sweep(diagonal: bool, rows: usize, cols: usize, cells: &mut [Outcome]) {
    // 1. Column summaries: the outcomes seen at smaller `a` in column `b`.
    let mut col_seen = vec![0u8; cols];
    // Diagonal summaries: cells with equal `b - a`, indexed by `b - a + rows - 1`.
    let mut diag_seen = vec![0u8; if diagonal { rows + cols - 1 } else { 0 }];
    for a in 0..rows {
        // 2. The row summary: the outcomes seen at smaller `b` in this row.
        let mut row_seen = 0u8;
        let row = &mut cells[a * cols..(a + 1) * cols];
        for (b, cell) in row.iter_mut().enumerate() {
            let d = b + rows - 1 - a;
            let mut seen = row_seen | col_seen[b];
            if diagonal {
                seen |= diag_seen[d];
            }
            // 3. Decide, then 4. fold the cell into its lines.
            let o = decide(seen, a == 0 && b == 0);
            *cell = o;
            let m = bit(o);
            row_seen |= m;
            col_seen[b] |= m;
            if diagonal {
                diag_seen[d] |= m;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The outcome by scanning every move: the obviously-right O(cells * (rows + cols)) oracle.
    fn scanned(piece: Piece, rows: usize, cols: usize) -> Vec<Outcome> {
        let mut offsets = Vec::new();
        match piece {
            Piece::King => offsets.extend([(0, 1), (1, 0), (1, 1)]),
            Piece::Knight => offsets.extend([(1, 2), (2, 1)]),
            Piece::Rook | Piece::Queen => {
                for k in 1..rows.max(cols) {
                    offsets.extend([(k, 0), (0, k)]);
                    if piece == Piece::Queen {
                        offsets.push((k, k));
                    }
                }
            }
        }
        let mut cells = vec![Outcome::D; rows * cols];
        for a in 0..rows {
            for b in 0..cols {
                let succ: Vec<Outcome> = offsets
                    .iter()
                    .filter(|&&(da, db)| da <= a && db <= b)
                    .map(|&(da, db)| cells[(a - da) * cols + (b - db)])
                    .collect();
                cells[a * cols + b] = if succ.contains(&Outcome::G) {
                    Outcome::B
                } else if succ.contains(&Outcome::D) || (succ.is_empty() && (a, b) != (0, 0)) {
                    Outcome::D
                } else {
                    Outcome::G
                };
            }
        }
        cells
    }

    #[test]
    fn sweeps_match_scanning() {
        for piece in Piece::ALL {
            for (rows, cols) in [(1, 1), (1, 9), (9, 1), (13, 17), (40, 25)] {
                let t = OutcomeTable::new(piece, rows, cols).unwrap();
                assert_eq!(t.cells(), scanned(piece, rows, cols), "{piece} {rows}x{cols}");
            }
        }
    }

    #[test]
    fn sample_and_indexing() {
        let expect = [Outcome::G, Outcome::G, Outcome::D, Outcome::B];
        for (piece, want) in Piece::ALL.into_iter().zip(expect) {
            let t = OutcomeTable::new(piece, 5, 5).unwrap();
            assert_eq!(t.start(), want, "{piece}");
            assert_eq!(t.at(1, 1), want);
            assert_eq!(t.board(5, 5), Some(want));
            assert_eq!(t.board(6, 5), None);
            assert_eq!(t.at(5, 5), Outcome::G);
            assert_eq!(t.counts().iter().sum::<u64>(), 25);
        }
        assert!(matches!(OutcomeTable::new(Piece::King, 0, 3), Err(TableError::Empty { .. })));
        assert!(matches!(
            OutcomeTable::new(Piece::King, 1 << 20, 1 << 20),
            Err(TableError::TooLarge { .. })
        ));
    }
}
