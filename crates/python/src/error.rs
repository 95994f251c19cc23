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

/// The line and column named by a message of the form `line L[, column C]: ...` (anywhere in
/// the chain), as the game crates write them.
pub fn locate(message: &str) -> (Option<usize>, Option<usize>) {
    let Some(at) = message.find("line ") else { return (None, None) };
    let rest = &message[at + 5..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    let Ok(line) = digits.parse::<usize>() else { return (None, None) };
    let rest = &rest[digits.len()..];
    let column = rest.strip_prefix(", column ").and_then(|r| {
        let d: String = r.chars().take_while(char::is_ascii_digit).collect();
        d.parse::<usize>().ok()
    });
    (Some(line), column)
}

/// An `InputError` from a game crate's error: the CLI's message, located where it says.
pub fn from_error(err: &dyn std::error::Error) -> PyErr {
    let message = chain(err);
    let (line, column) = locate(&message);
    input_error(message, line, column)
}

/// A `ValueError` with the message chain of `err`.
pub fn value_error(err: &dyn std::error::Error) -> PyErr {
    PyValueError::new_err(chain(err))
}
