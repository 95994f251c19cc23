//! `tabletop.InputError` and the conversions of the game crates' errors.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tabletop_play::JudgeError;
pub use tabletop_play::located::chain;

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

/// An `InputError` without a location: the message chain of `err`.
pub fn unlocated(err: &dyn std::error::Error) -> PyErr {
    input_error(chain(err), None, None)
}

/// An `InputError` located where the library's error says (`tabletop_play::located`).
pub fn located(err: JudgeError) -> PyErr {
    input_error(err.message, err.line, err.column)
}

/// A `ValueError` with the message chain of `err`.
pub fn value_error(err: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(chain(err))
}
