//! Grundy values of the impartial race games (king, rook, queen: no draws).
//!
//! Trade-offs:
//! - The king has three successors: a plain mex of three values per cell.
//! - Rook and queen take the mex over whole rays. Scanning the rays costs O(rows + cols) per
//!   cell ([`GrundyTable::by_scanning`], the oracle). The fast sweep keeps, per row, column and
//!   diagonal, a bitset of the values already on that line and the line's own mex (the smallest
//!   value missing from it, which only grows). The mex of the union is at least the largest of
//!   the three line mexes, so the search starts there and ORs whole 64-bit words; in practice it
//!   finishes within a word or two, so the sweep is close to O(rows * cols), at the price of
//!   `(rows + 2 * cols) * (rows + cols + min) / 8` bytes of bitsets.

use crate::grid::Grid;
use crate::retro::check_size;
use crate::{Piece, TableError};

/// Grundy values of every cell of a board for the king, rook or queen, indexed like
/// [`crate::OutcomeTable`] by the distances to the target.
pub type GrundyTable = Grid<u32>;

/// A growing set of small values with its own mex.
struct Line<'a> {
    words: &'a mut [u64],
    mex: &'a mut u32,
}

impl Line<'_> {
    fn insert(&mut self, v: u32) {
        self.words[v as usize / 64] |= 1 << (v % 64);
        while self.words[*self.mex as usize / 64] >> (*self.mex % 64) & 1 == 1 {
            *self.mex += 1;
        }
    }
}

impl Grid<u32> {
    /// The Grundy values of a `rows x cols` board for `piece`, by the fast sweep.
    ///
    /// # Errors
    /// [`TableError::NoGrundy`] for the knight; a size error as for [`crate::OutcomeTable`].
    pub fn new(piece: Piece, rows: usize, cols: usize) -> Result<GrundyTable, TableError> {
        check_size(rows, cols)?;
        let values = match piece {
            Piece::Knight => return Err(TableError::NoGrundy(piece)),
            Piece::King => king(rows, cols),
            Piece::Rook | Piece::Queen => rays(piece == Piece::Queen, rows, cols),
        };
        Ok(Grid::from_cells(piece, rows, cols, values))
    }

    /// The same table by taking the mex over every move of every cell: O(cells * (rows +
    /// cols)), the obviously-right oracle for the fast sweep.
    ///
    /// # Errors
    /// As [`GrundyTable::new`].
    pub fn by_scanning(piece: Piece, rows: usize, cols: usize) -> Result<GrundyTable, TableError> {
        check_size(rows, cols)?;
        if piece == Piece::Knight {
            return Err(TableError::NoGrundy(piece));
        }
        let mut values = vec![0u32; rows * cols];
        let mut seen = vec![false; rows + cols + rows.min(cols) + 2];
        for a in 0..rows {
            for b in 0..cols {
                seen.iter_mut().for_each(|s| *s = false);
                let mut add = |da: usize, db: usize| {
                    if da <= a && db <= b {
                        seen[values[(a - da) * cols + (b - db)] as usize] = true;
                    }
                };
                if piece == Piece::King {
                    add(0, 1);
                    add(1, 0);
                    add(1, 1);
                } else {
                    for k in 1..=a.max(b) {
                        add(k, 0);
                        add(0, k);
                        if piece == Piece::Queen {
                            add(k, k);
                        }
                    }
                }
                values[a * cols + b] = seen.iter().position(|&s| !s).unwrap_or(seen.len()) as u32;
            }
        }
        Ok(Grid::from_cells(piece, rows, cols, values))
    }

    /// The values in distance order (the same as [`Grid::cells`]).
    pub fn values(&self) -> &[u32] {
        self.cells()
    }
}

fn mex3(x: u32, y: u32, z: u32) -> u32 {
    let mut m = 0;
    while m == x || m == y || m == z {
        m += 1;
    }
    m
}

fn king(rows: usize, cols: usize) -> Vec<u32> {
    const NONE: u32 = u32::MAX;
    let mut v = vec![0u32; rows * cols];
    for a in 0..rows {
        // Cancelled work (`tabletop_core::cancel`) is thrown away by whoever cancelled it.
        if a % 64 == 63 && tabletop_core::cancel::requested() {
            break;
        }
        for b in 0..cols {
            let left = if b > 0 { v[a * cols + b - 1] } else { NONE };
            let up = if a > 0 { v[(a - 1) * cols + b] } else { NONE };
            let diag = if a > 0 && b > 0 { v[(a - 1) * cols + b - 1] } else { NONE };
            v[a * cols + b] = mex3(left, up, diag);
        }
    }
    v
}

/// A bound on the moves of a cell of a `rows` x `cols` board along its row and column.
fn line_moves(rows: usize, cols: usize) -> usize {
    rows + cols
}

/// The number of diagonals (cells with the same `a - b`) of a `rows` x `cols` board.
fn diagonals(rows: usize, cols: usize) -> usize {
    rows + cols - 1
}

fn rays(diagonal: bool, rows: usize, cols: usize) -> Vec<u32> {
    // 1. A bound on the values: a cell has at most a + b (+ min(a, b)) moves.
    let bound = line_moves(rows, cols) + if diagonal { rows.min(cols) } else { 0 };
    let words = bound.div_ceil(64) + 1;
    let ndiag = if diagonal { diagonals(rows, cols) } else { 0 };
    let mut row_bits = vec![0u64; words];
    let mut col_bits = vec![0u64; cols * words];
    let mut diag_bits = vec![0u64; ndiag * words];
    let mut col_mex = vec![0u32; cols];
    let mut diag_mex = vec![0u32; ndiag];
    let empty = vec![0u64; words];
    let mut values = vec![0u32; rows * cols];
    for a in 0..rows {
        // Cancelled work (`tabletop_core::cancel`) is thrown away by whoever cancelled it.
        if a % 16 == 15 && tabletop_core::cancel::requested() {
            break;
        }
        row_bits.iter_mut().for_each(|w| *w = 0);
        let mut row_mex = 0u32;
        for b in 0..cols {
            let d = b + rows - 1 - a;
            let col = &col_bits[b * words..(b + 1) * words];
            let (diag, dmex) = if diagonal {
                (&diag_bits[d * words..(d + 1) * words], diag_mex[d])
            } else {
                (&empty[..], 0)
            };
            // 2. Start at the largest of the three line mexes, then find the first value
            //    missing from the union, a word at a time.
            let start = row_mex.max(col_mex[b]).max(dmex) as usize;
            let mut w = start / 64;
            let mut union = row_bits[w] | col[w] | diag[w] | ((1u64 << (start % 64)) - 1);
            while union == u64::MAX {
                w += 1;
                union = row_bits[w] | col[w] | diag[w];
            }
            let g = (w * 64 + union.trailing_ones() as usize) as u32;
            values[a * cols + b] = g;
            // 3. Fold the value into its three lines.
            Line { words: &mut row_bits, mex: &mut row_mex }.insert(g);
            Line { words: &mut col_bits[b * words..(b + 1) * words], mex: &mut col_mex[b] }
                .insert(g);
            if diagonal {
                Line { words: &mut diag_bits[d * words..(d + 1) * words], mex: &mut diag_mex[d] }
                    .insert(g);
            }
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweeps_match_scanning() {
        for piece in [Piece::King, Piece::Rook, Piece::Queen] {
            // Long thin boards too: the values reach past the short side (the bitsets must
            // be sized by both sides); and a large square, where the queen's values need the
            // diagonal's share of the bound (sized by `max(rows, cols)` alone they overflow).
            for (rows, cols) in [
                (1, 1),
                (1, 30),
                (30, 1),
                (37, 53),
                (64, 64),
                (90, 70),
                (2, 300),
                (300, 2),
                (300, 300),
            ] {
                let fast = GrundyTable::new(piece, rows, cols).unwrap();
                let slow = GrundyTable::by_scanning(piece, rows, cols).unwrap();
                assert_eq!(fast, slow, "{piece} {rows}x{cols}");
            }
        }
        assert_eq!(GrundyTable::new(Piece::Knight, 3, 3), Err(TableError::NoGrundy(Piece::Knight)));
    }

    #[test]
    fn wythoff_grundy_start() {
        // The first values of Wythoff's game (OEIS A004481), row 1: 1 2 0 4 5 3 7 8 6.
        let t = GrundyTable::new(Piece::Queen, 2, 9).unwrap();
        let row1: Vec<u32> = (0..9).map(|b| t.get(1, b)).collect();
        assert_eq!(row1, [1, 2, 0, 4, 5, 3, 7, 8, 6]);
        // Rows 0..3 of the same table, in distance order.
        let t = GrundyTable::new(Piece::Queen, 3, 3).unwrap();
        assert_eq!(t.values(), [0, 1, 2, 1, 2, 0, 2, 0, 1]);
    }
}
