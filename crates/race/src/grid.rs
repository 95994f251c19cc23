//! The shape shared by every per-cell table: values indexed by the distances to the target.

use crate::Piece;

/// A value for every cell of a board for one piece, indexed by the distances to the target:
/// the value with `a` rows and `b` columns still to travel is also the value of the
/// `(a + 1) x (b + 1)` board from `(1, 1)`. [`crate::OutcomeTable`] and [`crate::GrundyTable`]
/// are its two kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid<T> {
    piece: Piece,
    rows: usize,
    cols: usize,
    /// `cells[a * cols + b]`: the value with `a` rows and `b` columns still to travel.
    cells: Vec<T>,
}

impl<T: Copy> Grid<T> {
    /// A table from its cells in distance order (`cells.len() == rows * cols`).
    pub(crate) fn from_cells(piece: Piece, rows: usize, cols: usize, cells: Vec<T>) -> Grid<T> {
        debug_assert_eq!(cells.len(), rows * cols);
        Grid { piece, rows, cols, cells }
    }

    /// The piece.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The number of rows (distances `0..rows`).
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns (distances `0..cols`).
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value with `a` rows and `b` columns still to travel: the value of the
    /// `(a + 1) x (b + 1)` board.
    ///
    /// # Panics
    /// If `a >= rows` or `b >= cols`.
    pub fn get(&self, a: usize, b: usize) -> T {
        assert!(a < self.rows && b < self.cols, "({a}, {b}) is outside the table");
        self.cells[a * self.cols + b]
    }

    /// Replaces the value with `a` rows and `b` columns still to travel. The tables this crate
    /// builds are exact; this is how a test (or a caller with its own table) feeds
    /// [`crate::check_row`] a table that differs from the closed forms.
    ///
    /// # Panics
    /// If `a >= rows` or `b >= cols`.
    pub fn set(&mut self, a: usize, b: usize, value: T) {
        assert!(a < self.rows && b < self.cols, "({a}, {b}) is outside the table");
        self.cells[a * self.cols + b] = value;
    }

    /// The value when the piece starts on cell `(x, y)` (1-based) of this `rows x cols` board.
    ///
    /// # Panics
    /// If the cell is off the board.
    pub fn at(&self, x: usize, y: usize) -> T {
        assert!(
            (1..=self.rows).contains(&x) && (1..=self.cols).contains(&y),
            "({x}, {y}) is off the board"
        );
        self.get(self.rows - x, self.cols - y)
    }

    /// The value from `(1, 1)`: the answer for the whole board.
    pub fn start(&self) -> T {
        self.get(self.rows - 1, self.cols - 1)
    }

    /// The value of the `n x m` board (`n <= rows`, `m <= cols`), or `None` if it does not fit.
    pub fn board(&self, n: u64, m: u64) -> Option<T> {
        let (n, m) = (usize::try_from(n).ok()?, usize::try_from(m).ok()?);
        (1..=self.rows).contains(&n).then_some(())?;
        (1..=self.cols).contains(&m).then(|| self.get(n - 1, m - 1))
    }

    /// The values in distance order, row `a` after row `a - 1`.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }
}
