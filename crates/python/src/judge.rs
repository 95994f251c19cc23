//! `tabletop.judge`: the original problems' input and output, through `tabletop_play::judge`
//! (the code path of `tabletop judge` and the server).

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tabletop_play::Problem;

use crate::error;

/// Runs an original problem: `judge(problem, text)` returns exactly what
/// `tabletop judge <problem>` prints for the input `text`.
///
/// Problems: `cf1769d1`, `cf1769d2`, `cf1769d3` (Nine), `nthu14463` (Take 6!), `hdu5754`
/// (race games), `p7147` (Mahjong). A leading byte order mark is dropped, as the command line
/// does.
///
/// Raises `tabletop.InputError` (a `ValueError`) for malformed input, with the command line's
/// message and `.line`/`.column` where known, and `ValueError` for an unknown problem. The GIL
/// is released while the problem runs.
#[pyfunction]
#[pyo3(signature = (problem, text, /))]
pub fn judge(py: Python<'_>, problem: &str, text: &str) -> PyResult<String> {
    let problem: Problem = problem.parse().map_err(|_| {
        let known: Vec<&str> = Problem::ALL.iter().map(|p| p.id()).collect();
        PyValueError::new_err(format!(
            "unknown problem {problem:?}: expected one of {}",
            known.join(", ")
        ))
    })?;
    let input = tabletop_play::strip_bom(text);
    // A panic would be a bug of a game crate: it becomes a RuntimeError, not a crash.
    match py.detach(|| std::panic::catch_unwind(|| tabletop_play::judge(problem, input))) {
        Ok(Ok(out)) => Ok(out),
        Ok(Err(e)) => Err(error::located(e)),
        Err(_) => Err(PyRuntimeError::new_err("internal error in the judge (a bug)")),
    }
}

/// The names of the problems `judge` accepts.
#[pyfunction]
pub fn problems() -> Vec<&'static str> {
    Problem::ALL.iter().map(|p| p.id()).collect()
}
