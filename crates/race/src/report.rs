//! [`BoardOutcomes`]: the outcome (and Grundy value) from every start cell of a board, the
//! one report that `tabletop race table --json`, `GET /api/race/table` and Python's
//! `race.board_outcomes` give.

use crate::{GrundyTable, OutcomeTable, Piece, TableError};

/// The outcome from every start cell of a `rows x cols` board, B moving first, with the
/// Grundy values where the piece has them (not the knight, which can draw).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BoardOutcomes {
    /// The piece's name.
    pub piece: &'static str,
    /// N.
    pub rows: usize,
    /// M.
    pub cols: usize,
    /// The cell the piece races to (the game is over there).
    pub target: (usize, usize),
    /// Cells per outcome, B, G, D (the target counted as G).
    pub counts: [u64; 3],
    /// Row `x - 1` holds the outcome letter from each cell `(x, y)`: `B`, `G` or `D`.
    pub outcomes: Vec<String>,
    /// Row `x - 1` holds the Grundy value of each cell `(x, y)`; `None` for the knight.
    pub grundy: Option<Vec<Vec<u64>>>,
}

impl BoardOutcomes {
    /// The report of `piece` on a `rows x cols` board (from the retrograde tables).
    ///
    /// # Errors
    /// As [`OutcomeTable::new`]: a side of 0, or too many cells.
    pub fn new(piece: Piece, rows: usize, cols: usize) -> Result<BoardOutcomes, TableError> {
        let table = OutcomeTable::new(piece, rows, cols)?;
        let grundy =
            (!piece.has_draws()).then(|| GrundyTable::new(piece, rows, cols)).transpose()?;
        Ok(BoardOutcomes::from_tables(&table, grundy.as_ref()))
    }

    /// The report of tables already built (`grundy` of the same piece and size).
    pub fn from_tables(table: &OutcomeTable, grundy: Option<&GrundyTable>) -> BoardOutcomes {
        let (rows, cols) = (table.rows(), table.cols());
        BoardOutcomes {
            piece: table.piece().name(),
            rows,
            cols,
            target: (rows, cols),
            counts: table.counts(),
            outcomes: (1..=rows)
                .map(|x| (1..=cols).map(|y| table.at(x, y).letter()).collect())
                .collect(),
            grundy: grundy.map(|g| {
                (1..=rows).map(|x| (1..=cols).map(|y| u64::from(g.at(x, y))).collect()).collect()
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_reads_the_tables() {
        let r = BoardOutcomes::new(Piece::King, 3, 4).unwrap();
        let t = OutcomeTable::new(Piece::King, 3, 4).unwrap();
        let g = GrundyTable::new(Piece::King, 3, 4).unwrap();
        assert_eq!((r.piece, r.rows, r.cols, r.target), ("king", 3, 4, (3, 4)));
        assert_eq!(r.counts, t.counts());
        assert_eq!(r.counts.iter().sum::<u64>(), 12);
        for x in 1..=3 {
            for y in 1..=4 {
                assert_eq!(r.outcomes[x - 1].as_bytes()[y - 1] as char, t.at(x, y).letter());
                assert_eq!(r.grundy.as_ref().unwrap()[x - 1][y - 1], u64::from(g.at(x, y)));
            }
        }
        assert_eq!(BoardOutcomes::new(Piece::Knight, 5, 5).unwrap().grundy, None);
        assert!(BoardOutcomes::new(Piece::Queen, 0, 5).is_err());
    }
}
