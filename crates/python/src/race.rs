//! `tabletop.race`: the chess-piece race games (HDU 5754, Life Winner Bo).

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyString};
use tabletop_race::{Board, GrundyTable, MAX_SIDE, MIN_SIDE, OutcomeTable, Piece};

use tabletop_play::limits::RACE_MAX_TEXT_SIDE;

use crate::{args, error, interrupt};

/// The most cells `table` and `grundy` compute in one call (4096 x 4096).
pub const MAX_CELLS: u64 = tabletop_play::limits::RACE_MAX_TABLE_CELLS;

/// The piece named by `piece`: `"king"`, `"rook"`, `"knight"`, `"queen"` (any case) or the
/// judge's number 1-4.
fn piece_of(piece: &Bound<'_, PyAny>) -> PyResult<Piece> {
    if let Ok(s) = piece.cast::<PyString>() {
        let s = s.to_cow()?;
        return s.parse::<Piece>().map_err(|e| error::value_error(&e));
    }
    if piece.is_instance_of::<PyInt>() {
        return piece.extract::<u64>().ok().and_then(Piece::from_number).ok_or_else(|| {
            PyValueError::new_err(format!(
                "unknown piece number {piece}: expected 1 (king), 2 (rook), 3 (knight) or 4 (queen)"
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "piece must be a name (\"king\", \"rook\", \"knight\", \"queen\") or a number 1-4, not {}",
        piece.get_type().name()?
    )))
}

/// A board side from a Python integer (numpy's too): `ValueError` naming the side and the
/// range of a board side whatever the value (never `OverflowError`).
fn side(v: &Bound<'_, PyAny>, name: &str) -> PyResult<u64> {
    let side = args::int_in(v, name, MIN_SIDE.into(), MAX_SIDE.into())?;
    Ok(side as u64)
}

/// The checked board `n x m`.
fn board(n: &Bound<'_, PyAny>, m: &Bound<'_, PyAny>) -> PyResult<Board> {
    Board::new(side(n, "n")?, side(m, "m")?).map_err(|e| error::value_error(&e))
}

/// The outcome of the race of `piece` from (1, 1) to (n, m) under optimal play: `"B"` (the
/// first player wins), `"G"` (the second player wins) or `"D"` (a draw).
///
/// `piece` is a name (`"king"`, `"rook"`, `"knight"`, `"queen"`) or the judge's number 1-4;
/// `n` and `m` are 1 to 10^18 (a board one wide is the last row of a larger one). Closed
/// forms: constant time.
#[pyfunction]
fn outcome<'py>(
    py: Python<'py>,
    piece: &Bound<'py, PyAny>,
    n: &Bound<'py, PyAny>,
    m: &Bound<'py, PyAny>,
) -> PyResult<&'py Bound<'py, PyString>> {
    let piece = piece_of(piece)?;
    let board = board(n, m)?;
    Ok(match tabletop_race::solve(piece, board) {
        tabletop_race::Outcome::B => pyo3::intern!(py, "B"),
        tabletop_race::Outcome::G => pyo3::intern!(py, "G"),
        tabletop_race::Outcome::D => pyo3::intern!(py, "D"),
    })
}

/// The checked table size `n x m` as `usize`s, at most [`MAX_CELLS`] cells.
fn table_size(n: &Bound<'_, PyAny>, m: &Bound<'_, PyAny>) -> PyResult<(usize, usize)> {
    let b = board(n, m)?;
    let (rows, cols) = (b.rows(), b.cols());
    if rows.saturating_mul(cols) > MAX_CELLS {
        return Err(PyValueError::new_err(format!(
            "a {rows} x {cols} table is too large: at most {MAX_CELLS} cells per call \
             (race.outcome answers any single board)"
        )));
    }
    Ok((rows as usize, cols as usize))
}

/// The outcome of every board up to `n x m`, by retrograde analysis: a numpy array of shape
/// `(n, m)` and dtype `<U1` whose entry `[i, j]` is `outcome(piece, i + 1, j + 1)` (the
/// `(i + 1) x (j + 1)` board; equally, the piece starting `i` rows and `j` columns from the
/// target). At most 2^24 cells. Releases the GIL.
#[pyfunction]
fn table<'py>(
    py: Python<'py>,
    piece: &Bound<'py, PyAny>,
    n: &Bound<'py, PyAny>,
    m: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let piece = piece_of(piece)?;
    let (rows, cols) = table_size(n, m)?;
    // `<U1` holds one UCS-4 code point per cell: the letters are made as u32s without the
    // GIL, then viewed as strings (no copy).
    let letters: Vec<u32> = py
        .detach(|| {
            OutcomeTable::new(piece, rows, cols)
                .map(|t| t.cells().iter().map(|o| u32::from(o.letter())).collect())
        })
        .map_err(|e| error::value_error(&e))?;
    PyArray1::from_vec(py, letters).reshape([rows, cols])?.into_any().call_method1("view", ("<U1",))
}

/// The Grundy value of every board up to `n x m`: a numpy array of shape `(n, m)` and dtype
/// `uint32` whose entry `[i, j]` is the Grundy value of the `(i + 1) x (j + 1)` board (0 exactly
/// where the second player wins). Raises `ValueError` for the knight, whose game has draws. At
/// most 2^24 cells. Releases the GIL; Ctrl-C stops it.
#[pyfunction]
fn grundy<'py>(
    py: Python<'py>,
    piece: &Bound<'py, PyAny>,
    n: &Bound<'py, PyAny>,
    m: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let piece = piece_of(piece)?;
    let (rows, cols) = table_size(n, m)?;
    // Ctrl-C stops the sweep (it checks the flag row by row) and raises KeyboardInterrupt.
    let values: Vec<u32> = interrupt::interruptible(py, |_| {
        GrundyTable::new(piece, rows, cols).map(|t| t.values().to_vec())
    })?
    .map_err(|e| error::value_error(&e))?;
    Ok(PyArray1::from_vec(py, values).reshape([rows, cols])?.into_any())
}

/// The outcome from every start cell of the `n x m` board, as a dict: the report that
/// `tabletop race table PIECE N M --json` prints and `GET /api/race/table` answers (`piece`,
/// `rows`, `cols`, `target`, `counts` of B, G and D cells, `outcomes` as one string of
/// letters per row, `grundy` per cell or None for the knight). At most 200 x 200, the
/// command line's cap (`race.table` and `race.grundy` give larger boards as arrays). Releases
/// the GIL.
#[pyfunction]
fn board_outcomes<'py>(
    py: Python<'py>,
    piece: &Bound<'py, PyAny>,
    n: &Bound<'py, PyAny>,
    m: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let piece = piece_of(piece)?;
    let (rows, cols) = table_size(n, m)?;
    if rows.max(cols) as u64 > RACE_MAX_TEXT_SIDE {
        return Err(PyValueError::new_err(format!(
            "a {rows} x {cols} report is too large: at most {RACE_MAX_TEXT_SIDE} x \
             {RACE_MAX_TEXT_SIDE} (race.table and race.grundy give larger boards as arrays)"
        )));
    }
    let report = py
        .detach(|| tabletop_race::BoardOutcomes::new(piece, rows, cols))
        .map_err(|e| error::value_error(&e))?;
    let value = serde_json::to_value(&report).expect("a report serialises to JSON");
    crate::env::from_json(py, &value)
}

/// A human explanation of the outcome of the `n x m` board (which closed form applies).
#[pyfunction]
fn explain(
    piece: &Bound<'_, PyAny>,
    n: &Bound<'_, PyAny>,
    m: &Bound<'_, PyAny>,
) -> PyResult<String> {
    Ok(tabletop_race::explain(piece_of(piece)?, board(n, m)?))
}

/// Registers `tabletop.race`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add(
        "__doc__",
        "Chess-piece race games (Life Winner Bo): outcomes of any board up to 10^18 x 10^18, \
         retrograde tables and Grundy values as numpy arrays.",
    )?;
    m.add("MAX_CELLS", MAX_CELLS)?;
    m.add_function(wrap_pyfunction!(outcome, m)?)?;
    m.add_function(wrap_pyfunction!(table, m)?)?;
    m.add_function(wrap_pyfunction!(grundy, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(board_outcomes, m)?)?;
    Ok(())
}
