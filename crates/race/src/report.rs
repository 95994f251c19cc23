//! [`BoardOutcomes`]: the outcome (and Grundy value) from every start cell of a board, the
//! one report that `tabletop race table --json`, `GET /api/race/table` and Python's
//! `race.board_outcomes` give.

use crate::{GrundyTable, OutcomeTable, Piece, TableError};
#[cfg(feature = "rayon")]
use tabletop_core::{cancel::Cancel, drive::Progress};

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

/// One piece's part of a [`Verification`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct VerifiedPiece {
    /// The piece's name.
    pub piece: &'static str,
    /// Cells per outcome (B, G, D) over the K x K table: every board up to K x K and every
    /// cell of each.
    pub counts: [u64; 3],
    /// What was checked of the Grundy values, if the piece has them.
    pub grundy: Option<&'static str>,
}

/// The closed forms checked against the retrograde tables on every board up to K x K and
/// every cell of each, for every piece (`tabletop race verify`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verification {
    /// K.
    pub max: usize,
    /// The cells checked per piece (K x K).
    pub cells_per_piece: u64,
    /// Every cell where a closed form disagrees with a table.
    pub mismatches: Vec<crate::Mismatch>,
    /// Each piece's counts, in [`Piece::ALL`] order.
    pub pieces: Vec<VerifiedPiece>,
}

/// Why a [`Verification`] did not run to the end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    /// A table cannot be built (too large).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The flag was set before every step was done.
    #[error(transparent)]
    Cancelled(#[from] tabletop_core::drive::Cancelled),
}

impl Verification {
    /// The steps of a run up to K x K, as `progress` counts them: 7 tables (4 outcome tables
    /// and 3 Grundy tables), then the 4 K rows checked.
    pub fn steps(max: usize) -> u64 {
        7 + 4 * max as u64
    }

    /// Builds one outcome table (and Grundy table) per piece anchored at the target, then
    /// checks every row of each against the closed forms, on all cores; `progress` is told of
    /// each step done ([`Verification::steps`]).
    ///
    /// # Errors
    /// [`VerifyError::Table`] for a K too large; [`VerifyError::Cancelled`] when `cancel` was
    /// set before every step was done.
    #[cfg(feature = "rayon")]
    pub fn run(
        max: usize,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<Verification, VerifyError> {
        use tabletop_core::drive;
        let k = max;
        // 1. One outcome table (and Grundy table) per piece.
        let built = drive::map_slice(&Piece::ALL, cancel, progress, |&piece| {
            let (t, g) = rayon::join(
                || OutcomeTable::new(piece, k, k),
                || (!piece.has_draws()).then(|| GrundyTable::new(piece, k, k)).transpose(),
            );
            // The Grundy table is a step of its own (the progress counts one per item).
            if !piece.has_draws() {
                progress(1);
            }
            Ok::<_, TableError>((t?, g?))
        })?
        .into_iter()
        .collect::<Result<Vec<_>, _>>()?;
        // 2. Every row of every table against the closed forms.
        let rows = drive::map(4 * k as u64, cancel, progress, |i| {
            let (t, g) = &built[i as usize / k];
            crate::check_row(t, g.as_ref(), i as usize % k)
        })?;
        let mismatches = rows.into_iter().flatten().collect();
        // 3. The summary.
        let pieces = built
            .iter()
            .map(|(t, g)| VerifiedPiece {
                piece: t.piece().name(),
                counts: t.counts(),
                grundy: match (t.piece(), g) {
                    (Piece::Rook, Some(_)) => Some("grundy = a xor b everywhere"),
                    (Piece::King, Some(_)) => Some("grundy = closed form everywhere"),
                    (_, Some(_)) => Some("grundy 0 exactly on G cells"),
                    (_, None) => None,
                },
            })
            .collect();
        Ok(Verification { max: k, cells_per_piece: (k * k) as u64, mismatches, pieces })
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

    #[cfg(feature = "rayon")]
    #[test]
    fn the_verification_counts_every_step_and_reads_the_tables() {
        use std::sync::atomic::{AtomicU64, Ordering};
        use tabletop_core::cancel::Cancel;
        let steps = AtomicU64::new(0);
        let count = |n: u64| {
            steps.fetch_add(n, Ordering::Relaxed);
        };
        let v = Verification::run(9, &Cancel::new(), &count).unwrap();
        assert_eq!(steps.into_inner(), Verification::steps(9));
        assert!(v.mismatches.is_empty());
        assert_eq!((v.max, v.cells_per_piece), (9, 81));
        for (p, piece) in v.pieces.iter().zip(Piece::ALL) {
            assert_eq!(p.piece, piece.name());
            assert_eq!(p.counts, OutcomeTable::new(piece, 9, 9).unwrap().counts());
            assert_eq!(p.grundy.is_some(), !piece.has_draws());
        }
        let stop = Cancel::new();
        stop.cancel();
        let cancelled = Verification::run(9, &stop, tabletop_core::drive::NO_PROGRESS);
        assert!(matches!(cancelled, Err(VerifyError::Cancelled(_))));
        let too_large =
            Verification::run(1 << 20, &Cancel::new(), tabletop_core::drive::NO_PROGRESS);
        assert!(matches!(too_large, Err(VerifyError::Table(_))));
    }
}
