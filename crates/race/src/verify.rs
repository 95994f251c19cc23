//! Closed forms checked against retrograde tables, one table row at a time (so callers can
//! spread rows over threads).

use std::fmt;

use crate::{
    GrundyTable, Outcome, OutcomeTable, Piece, can_move, grundy_at, outcome_at, winning_move,
};

/// A cell where a closed form and a table disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Mismatch {
    /// The piece.
    pub piece: Piece,
    /// Rows still to travel (the board has `a + 1` rows).
    pub a: usize,
    /// Columns still to travel.
    pub b: usize,
    /// What disagreed: `"outcome"`, `"winning move"`, `"grundy zero"` or `"grundy"`.
    pub what: &'static str,
    /// The table's answer.
    pub table: String,
    /// The closed form's answer.
    pub closed: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} on {}x{}: {} is {} by the table but {} by the closed form",
            self.piece,
            self.a + 1,
            self.b + 1,
            self.what,
            self.table,
            self.closed
        )
    }
}

/// Checks row `a` of `table` (and of `grundy`, if given, which must have the same piece and
/// size): the closed outcome, the closed winning move (legal, to a lost cell, given exactly on
/// won cells), Grundy value 0 exactly on lost cells, and the closed Grundy value where one is
/// known (king, rook).
///
/// # Panics
/// If `a` is outside the table or `grundy` does not match it.
pub fn check_row(table: &OutcomeTable, grundy: Option<&GrundyTable>, a: usize) -> Vec<Mismatch> {
    let piece = table.piece();
    if let Some(g) = grundy {
        assert!(g.piece() == piece && g.rows() == table.rows() && g.cols() == table.cols());
    }
    let mut out = Vec::new();
    let mut push = |b: usize, what: &'static str, table: String, closed: String| {
        out.push(Mismatch { piece, a, b, what, table, closed });
    };
    for b in 0..table.cols() {
        let t = table.get(a, b);
        let c = outcome_at(piece, a as u64, b as u64);
        if t != c {
            push(b, "outcome", t.to_string(), c.to_string());
        }
        let mv = winning_move(piece, a as u64, b as u64);
        let good = match mv {
            Some((a2, b2)) => {
                can_move(piece, (a as u64, b as u64), (a2, b2))
                    && table.get(a2 as usize, b2 as usize) == Outcome::G
            }
            None => t != Outcome::B,
        };
        if !good {
            let shown = mv.map_or("none".to_owned(), |(a2, b2)| format!("to ({a2}, {b2}) left"));
            push(b, "winning move", t.to_string(), shown);
        }
        if let Some(g) = grundy {
            let v = g.get(a, b);
            if (v == 0) != (t == Outcome::G) {
                push(b, "grundy zero", v.to_string(), t.to_string());
            }
            if let Some(cv) = grundy_at(piece, a as u64, b as u64)
                && u64::from(v) != cv
            {
                push(b, "grundy", v.to_string(), cv.to_string());
            }
        }
    }
    out
}
