//! `tabletop.InputError` and the conversions of the game crates' errors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pyo3::create_exception!(
    tabletop,
    InputError,
    PyValueError,
    "Malformed problem input (a judge input, a wall, a script, ...).\n\n\
     The message is the command line's; `line` and `column` (1-based) locate the error where \
     known, else they are None."
);

/// Sets the class defaults `InputError.line = InputError.column = None`.
pub fn init(py: Python<'_>) -> PyResult<()> {
    let ty = py.get_type::<InputError>();
    ty.setattr("line", py.None())?;
    ty.setattr("column", py.None())?;
    Ok(())
}

/// An `InputError` with this message, line and column.
pub fn input_error(message: String, line: Option<usize>, column: Option<usize>) -> PyErr {
    Python::attach(|py| {
        let err = InputError::new_err(message);
        let value = err.value(py);
        // Setting attributes on a fresh exception instance cannot fail in practice; if it
        // did, the error raised is still an InputError with the right message.
        let _ = value.setattr("line", line);
        let _ = value.setattr("column", column);
        err
    })
}

/// The message of an error and its causes, joined by `": "` as the command line prints them
/// (`anyhow`'s `{:#}`).
pub fn chain(err: &dyn std::error::Error) -> String {
    let mut s = err.to_string();
    let mut source = err.source();
    while let Some(e) = source {
        s.push_str(": ");
        s.push_str(&e.to_string());
        source = e.source();
    }
    s
}

/// An `InputError` without a location: the message chain of `err`.
pub fn unlocated(err: &dyn std::error::Error) -> PyErr {
    input_error(chain(err), None, None)
}

/// An `InputError` for a deal that cannot be read, located at the bad card.
pub fn deal_error(err: &tabletop_nine::DealError) -> PyErr {
    use tabletop_nine::DealError as E;
    let (line, column) = match err {
        E::UnknownToken { line, column, .. } | E::Duplicate { line, column, .. } => {
            (Some(*line), Some(*column))
        }
        _ => (None, None),
    };
    input_error(chain(err), line, column)
}

/// The line of a wall error, where it names one.
pub fn wall_line(err: &tabletop_mahjong::WallError) -> Option<usize> {
    use tabletop_mahjong::WallError as E;
    match err {
        E::UnknownToken { line, .. } | E::WrongCopies { line, .. } => Some(*line),
        _ => None,
    }
}

/// An `InputError` for a script of the NTHU 14463 judge, located at its line.
pub fn script_error(err: &tabletop_take6::JudgeError) -> PyErr {
    use tabletop_take6::JudgeError as E;
    let line = match err {
        E::Missing { line, .. }
        | E::Unexpected { line, .. }
        | E::Duplicate { line, .. }
        | E::Trailing { line, .. } => *line,
    };
    input_error(chain(err), Some(line), None)
}

/// A `ValueError` with the message chain of `err`.
pub fn value_error(err: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(chain(err))
}
