//! [`BoardOutcomes`]: the outcome (and Grundy value) from every start cell of a board, the
//! one report that `tabletop race table --json`, `GET /api/race/table` and Python's
//! `race.board_outcomes` give; [`SolveReport`], one board solved by the closed forms;
//! [`Verification`], the closed forms checked against the tables; and the tables as text
//! (their `Display`) and as an SVG picture ([`OutcomeTable::svg`]).

use std::fmt::{self, Write as _};

use crate::{
    Board, GrundyTable, Outcome, OutcomeTable, Piece, TableError, explain, grundy_at, solve,
    winning_move,
};
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

/// The outcome of a whole `rows x cols` board from its corner, by the closed forms (any size
/// up to [`crate::MAX_SIDE`]): `tabletop race solve`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SolveReport {
    /// The piece's name.
    pub piece: &'static str,
    /// The piece's number in the judge's input.
    pub piece_number: u8,
    /// N.
    pub rows: u64,
    /// M.
    pub cols: u64,
    /// The outcome's letter: `B`, `G` or `D`.
    pub outcome: String,
    /// The outcome described.
    pub winner: &'static str,
    /// The Grundy value of the start, where the piece has them.
    pub grundy: Option<u64>,
    /// A winning first move from (1,1), as the 1-based cell it goes to.
    pub winning_move: Option<(u64, u64)>,
    /// Why, in words.
    pub reason: String,
}

impl SolveReport {
    /// The report of `piece` on `board`.
    pub fn new(piece: Piece, board: Board) -> SolveReport {
        let outcome = solve(piece, board);
        let (a, b) = board.distances();
        let (n, m) = (board.rows(), board.cols());
        SolveReport {
            piece: piece.name(),
            piece_number: piece.number(),
            rows: n,
            cols: m,
            outcome: outcome.to_string(),
            winner: outcome.describe(),
            grundy: grundy_at(piece, a, b),
            winning_move: winning_move(piece, a, b).map(|(a2, b2)| (n - a2, m - b2)),
            reason: explain(piece, board),
        }
    }
}

/// The outcome, why, the winning move and the Grundy value, one per line.
impl fmt::Display for SolveReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (n, m) = (self.rows, self.cols);
        writeln!(f, "{} on a {n} x {m} board: {}, {}", self.piece, self.outcome, self.winner)?;
        writeln!(f, "why: {}", self.reason)?;
        if let Some((x, y)) = self.winning_move {
            writeln!(f, "winning move: from (1,1) to ({x},{y})")?;
        }
        if let Some(g) = self.grundy {
            writeln!(f, "grundy value of the start: {g}")?;
        }
        Ok(())
    }
}

/// The cells checked per piece and each piece's counts (the mismatches are the caller's).
impl fmt::Display for Verification {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.max;
        writeln!(
            f,
            "checked {} cells per piece (distances 0..{k} each way: every board up to {k} x {k} \
             and every cell of each): the closed forms agree with the retrograde tables",
            self.cells_per_piece
        )?;
        for p in &self.pieces {
            let [b, gg, d] = p.counts;
            let extra = p.grundy.map(|n| format!("; {n}")).unwrap_or_default();
            writeln!(f, "{:<6}  B {b:>10}  G {gg:>10}  D {d:>10}{extra}", p.piece)?;
        }
        Ok(())
    }
}

/// The outcome from each cell as a grid of letters, the target as `*`.
impl fmt::Display for OutcomeTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = (self.rows(), self.cols());
        writeln!(
            f,
            "{} on {rows} x {cols}: the outcome when the piece starts on each cell, B moving first\n\
             (B: first player wins, G: second player wins, D: draw, *: the target)",
            self.piece()
        )?;
        for x in 1..=rows {
            let line: Vec<String> = (1..=cols)
                .map(|y| {
                    if (x, y) == (rows, cols) { "*".to_owned() } else { self.at(x, y).to_string() }
                })
                .collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

/// The Grundy value of each cell as a grid of numbers.
impl fmt::Display for GrundyTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (rows, cols) = (self.rows(), self.cols());
        let width = self.values().iter().max().map_or(1, |v| v.to_string().len());
        writeln!(
            f,
            "{} on {rows} x {cols}: the Grundy value of each cell (0 exactly where the second player wins)",
            self.piece()
        )?;
        for x in 1..=rows {
            let line: Vec<String> =
                (1..=cols).map(|y| format!("{:>width$}", self.at(x, y))).collect();
            writeln!(f, "{}", line.join(" "))?;
        }
        Ok(())
    }
}

const fn colour(o: Outcome) -> &'static str {
    match o {
        Outcome::B => "#2e7d32",
        Outcome::G => "#c62828",
        Outcome::D => "#9e9e9e",
    }
}

/// The colour of the target cell.
const TARGET: &str = "#f9a825";

/// The legend's swatches and labels.
const LEGEND: [(&str, &str); 4] = [
    (colour(Outcome::B), "B: first player wins"),
    (colour(Outcome::G), "G: second player wins"),
    (colour(Outcome::D), "D: draw"),
    (TARGET, "target (game over)"),
];

impl OutcomeTable {
    /// The table as an SVG picture: a coloured square per cell (its outcome, and its Grundy
    /// value from `grundy`, in the square's title) and a legend.
    pub fn svg(&self, grundy: Option<&GrundyTable>) -> String {
        let (rows, cols) = (self.rows(), self.cols());
        let cell = (720 / rows.max(cols)).clamp(2, 40);
        let (margin, head, legend) = (10, 30, 60);
        let legend_width: usize =
            LEGEND.iter().map(|(_, l)| 20 + 9 * l.len()).sum::<usize>() + margin;
        let width = (cols * cell + 2 * margin).max(legend_width);
        let height = head + rows * cell + legend;
        let mut s = String::with_capacity(rows * cols * 110 + 2000);
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="14">"#
        );
        let _ = writeln!(s, r#"<rect width="{width}" height="{height}" fill="white"/>"#);
        let _ = writeln!(
            s,
            r#"<text x="{margin}" y="20">{} on {rows} x {cols}: outcome from each cell, B moving first</text>"#,
            self.piece()
        );
        for x in 1..=rows {
            for y in 1..=cols {
                let (px, py) = (margin + (y - 1) * cell, head + (x - 1) * cell);
                let target = (x, y) == (rows, cols);
                let o = self.at(x, y);
                let fill = if target { TARGET } else { colour(o) };
                let mut title = if target {
                    format!("({x},{y}): the target")
                } else {
                    format!("({x},{y}): {o}, {}", o.describe())
                };
                if let Some(g) = grundy {
                    let _ = write!(title, ", grundy {}", g.at(x, y));
                }
                let _ = writeln!(
                    s,
                    r#"<rect x="{px}" y="{py}" width="{cell}" height="{cell}" fill="{fill}" stroke="white" stroke-width="{}"><title>{title}</title></rect>"#,
                    if cell >= 6 { "1" } else { "0" }
                );
            }
        }
        let ly = head + rows * cell + 20;
        let mut lx = margin;
        for (fill, label) in LEGEND {
            let _ =
                writeln!(s, r#"<rect x="{lx}" y="{ly}" width="14" height="14" fill="{fill}"/>"#);
            let _ = writeln!(s, r#"<text x="{}" y="{}">{label}</text>"#, lx + 20, ly + 12);
            lx += 20 + 9 * label.len();
        }
        s += "</svg>\n";
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables, a solved board and a verification read as text, and the picture draws
    /// every cell with its outcome, Grundy value and the legend.
    #[test]
    fn text_and_picture() {
        let knight = OutcomeTable::new(Piece::Knight, 5, 5).unwrap();
        let text = knight.to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[0],
            "knight on 5 x 5: the outcome when the piece starts on each cell, B moving first"
        );
        assert_eq!(lines[2..], ["D D D D D", "D G D D D", "D D D B D", "D D B D D", "D D D D *"]);
        let rook = GrundyTable::new(Piece::Rook, 3, 4).unwrap();
        let text = rook.to_string();
        assert!(text.starts_with("rook on 3 x 4: the Grundy value of each cell"), "{text}");
        assert_eq!(text.lines().skip(1).collect::<Vec<_>>(), ["1 0 3 2", "2 3 0 1", "3 2 1 0"]);
        let wide = GrundyTable::new(Piece::Rook, 1, 12).unwrap().to_string();
        assert_eq!(wide.lines().nth(1), Some("11 10  9  8  7  6  5  4  3  2  1  0"));
        let solved = SolveReport::new(Piece::Queen, Board::new(5, 5).unwrap());
        assert_eq!(
            solved.to_string(),
            format!(
                "queen on a 5 x 5 board: B, the first player (B) wins\nwhy: {}\nwinning move: from (1,1) to (5,5)\n",
                solved.reason
            )
        );
        // The queen's Grundy values have no closed form: the report leaves the line out.
        assert_eq!(solved.grundy, None);
        assert_eq!(
            (solved.piece, solved.piece_number, solved.rows, solved.cols),
            ("queen", 4, 5, 5)
        );
        let lost = SolveReport::new(Piece::Rook, Board::new(2, 2).unwrap()).to_string();
        assert_eq!(lost.lines().count(), 3, "{lost}");
        assert!(lost.ends_with("grundy value of the start: 0\n"), "{lost}");
        let knight = SolveReport::new(Piece::Knight, Board::new(4, 4).unwrap());
        assert_eq!(knight.grundy, None);
        let queen = OutcomeTable::new(Piece::Queen, 6, 8).unwrap();
        let grundy = GrundyTable::new(Piece::Queen, 6, 8).unwrap();
        let svg = queen.svg(Some(&grundy));
        assert!(svg.starts_with("<svg xmlns") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<title>").count(), 48);
        assert!(
            svg.contains("<title>(1,1): B, the first player (B) wins, grundy 1</title>"),
            "{svg}"
        );
        assert!(svg.contains("<title>(6,8): the target, grundy 0</title>"), "{svg}");
        assert!(svg.contains(r##"width="40" height="40" fill="#f9a825""##), "{svg}");
        assert!(svg.contains(r#"<text x="30" y="302">B: first player wins</text>"#), "{svg}");
        assert!(
            svg.contains(r#"<svg xmlns="http://www.w3.org/2000/svg" width="684" height="330""#),
            "{svg}"
        );
        let small = OutcomeTable::new(Piece::King, 200, 200).unwrap().svg(None);
        assert!(
            small.contains(
                r##"width="3" height="3" fill="#c62828" stroke="white" stroke-width="0""##
            )
        );
        assert!(!small.contains("grundy"));
        let v = Verification {
            max: 3,
            cells_per_piece: 9,
            mismatches: Vec::new(),
            pieces: vec![
                VerifiedPiece { piece: "king", counts: [5, 4, 0], grundy: Some("g") },
                VerifiedPiece { piece: "knight", counts: [1, 2, 6], grundy: None },
            ],
        };
        assert_eq!(
            v.to_string(),
            "checked 9 cells per piece (distances 0..3 each way: every board up to 3 x 3 and every cell of each): the closed forms agree with the retrograde tables\n\
             king    B          5  G          4  D          0; g\n\
             knight  B          1  G          2  D          6\n"
        );
    }

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
