//! `tabletop.judge`: the original problems' input and output.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::error;

/// The problems `judge` knows, in the command line's order.
const PROBLEMS: [&str; 6] = ["cf1769d1", "cf1769d2", "cf1769d3", "nthu14463", "hdu5754", "p7147"];

/// Runs an original problem: `judge(problem, text)` returns exactly what
/// `tabletop judge <problem>` prints for the input `text`.
///
/// Problems: `cf1769d1`, `cf1769d2`, `cf1769d3` (Nine), `nthu14463` (Take 6!), `hdu5754`
/// (race games), `p7147` (Mahjong).
///
/// Raises `tabletop.InputError` (a `ValueError`) for malformed input, with the command line's
/// message and `.line`/`.column` where known, and `ValueError` for an unknown problem. The GIL
/// is released while the problem runs.
#[pyfunction]
#[pyo3(signature = (problem, text, /))]
pub fn judge(py: Python<'_>, problem: &str, text: &str) -> PyResult<String> {
    if !PROBLEMS.contains(&problem) {
        return Err(PyValueError::new_err(format!(
            "unknown problem {problem:?}: expected one of {}",
            PROBLEMS.join(", ")
        )));
    }
    // The error is built after the GIL is taken back: only the Rust result crosses.
    py.detach(|| std::panic::catch_unwind(|| run_detached(problem, text)))
        .unwrap_or(Err(Detached::Panic))
        .map_err(Detached::into_err)
}

/// A judge's result computed without the GIL.
enum Detached {
    /// The problem's error message and location.
    Input(String, Option<usize>, Option<usize>),
    /// A bug in a game crate (never expected): reported as a RuntimeError, not a crash.
    Panic,
}

impl Detached {
    fn into_err(self) -> PyErr {
        match self {
            Detached::Input(m, l, c) => error::input_error(m, l, c),
            Detached::Panic => {
                pyo3::exceptions::PyRuntimeError::new_err("internal error in the judge (a bug)")
            }
        }
    }
}

fn run_detached(problem: &str, input: &str) -> Result<String, Detached> {
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    let e = |err: &dyn std::error::Error| {
        let m = error::chain(err);
        let (l, c) = error::locate(&m);
        Detached::Input(m, l, c)
    };
    match problem {
        "cf1769d1" => tabletop_nine::judge_d1(input).map_err(|x| e(&x)),
        "cf1769d2" => tabletop_nine::judge_d2(input).map_err(|x| e(&x)),
        "cf1769d3" => tabletop_nine::judge_d3(input).map_err(|x| e(&x)),
        "nthu14463" => tabletop_take6::judge_nthu14463(input).map_err(|x| e(&x)),
        "hdu5754" => tabletop_race::judge_hdu5754(input).map_err(|x| e(&x)),
        _ => tabletop_mahjong::judge_p7147(input).map_err(|x| e(&x)),
    }
}

/// The names of the problems `judge` accepts.
#[pyfunction]
pub fn problems() -> Vec<&'static str> {
    PROBLEMS.to_vec()
}
