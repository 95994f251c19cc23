//! Python arguments as Python expects them: integers from any `__index__` type (numpy's
//! included), `ValueError` naming the argument and its range for any integer out of range
//! (never `OverflowError`), and game parameters checked field by field with messages in Python
//! terms (no Rust type names, no JSON positions).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map, Value};
use tabletop_play::{PlayError, clip, find, limits};

/// The largest seed: `2**64 - 1`.
pub const SEED_MAX: i128 = u64::MAX as i128;

/// `obj` as an integer in `lo..=hi`: any integer type (`int`, numpy's), not `bool`.
///
/// # Errors
/// `TypeError` for a non-integer; `ValueError` naming `what` and the range when out of it.
pub fn int_in(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
    // A plain `int` in range, the common case, without a call of `operator.index` (and read
    // as an `i64`: the stable ABI reads an `i128` through Python arithmetic).
    if obj.is_exact_instance_of::<PyInt>()
        && let Ok(v) = obj.extract::<i64>().map(i128::from)
        && (lo..=hi).contains(&v)
    {
        return Ok(v);
    }
    let index = index(obj, &format!("{what} must be an integer"))?;
    match index.extract::<i128>() {
        Ok(v) if (lo..=hi).contains(&v) => Ok(v),
        _ => Err(PyValueError::new_err(format!(
            "{what} must be an integer from {} to {}, not {}",
            show(lo),
            show(hi),
            clip(&index.str()?.to_string())
        ))),
    }
}

/// An integer argument of any integer type (`int`, numpy's), not yet range-checked: its range
/// is checked where it is used, by [`Int::get`], so that a number out of range is a
/// `ValueError` naming the parameter (pyo3's own integers raise `OverflowError` without it).
#[derive(Clone, Debug)]
pub struct Int {
    /// The value where it fits in an `i128`.
    value: Option<i128>,
    /// The number in Python's notation, for messages.
    text: String,
}

impl Int {
    /// A default value.
    pub fn of(value: i128) -> Int {
        Int { value: Some(value), text: value.to_string() }
    }

    /// The value when it is in `lo..=hi`.
    ///
    /// # Errors
    /// `ValueError` naming `what` and the range.
    pub fn get(&self, what: &str, lo: i128, hi: i128) -> PyResult<i128> {
        match self.value {
            Some(v) if (lo..=hi).contains(&v) => Ok(v),
            _ => Err(PyValueError::new_err(format!(
                "{what} must be an integer from {} to {}, not {}",
                show(lo),
                show(hi),
                clip(&self.text)
            ))),
        }
    }

    /// [`Int::get`] as a `u64` seed, 0 to 2**64 - 1.
    pub fn seed(&self, what: &str) -> PyResult<u64> {
        Ok(self.get(what, 0, SEED_MAX)? as u64)
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        let index = index(&obj.to_owned(), "expected an integer")?;
        Ok(Int { value: index.extract::<i128>().ok(), text: index.str()?.to_string() })
    }
}

/// `operator.index(obj)`: any integer type (`int`, numpy's), not `bool`; else `TypeError`
/// saying `expected` (`"{what} must be an integer"`) and the type.
fn index<'py>(obj: &Bound<'py, PyAny>, expected: &str) -> PyResult<Bound<'py, PyAny>> {
    if obj.is_instance_of::<PyBool>() || obj.is_instance_of::<PyFloat>() {
        return Err(type_error(expected, obj));
    }
    let index = obj.py().import("operator")?.call_method1("index", (obj,));
    index.map_err(|_| type_error(expected, obj))
}

/// A `TypeError` saying `"{expected}, not {the type of obj}"`.
pub fn type_error(expected: &str, obj: &Bound<'_, PyAny>) -> PyErr {
    let ty = obj.get_type().name().map(|n| n.to_string()).unwrap_or_default();
    PyTypeError::new_err(format!("{expected}, not {ty}"))
}

/// A seed: 0 to 2**64 - 1.
pub fn seed(obj: &Bound<'_, PyAny>) -> PyResult<u64> {
    Ok(int_in(obj, "seed", 0, SEED_MAX)? as u64)
}

/// A bound in Python terms.
fn show(v: i128) -> String {
    const U32_MAX: i128 = u32::MAX as i128;
    match v {
        SEED_MAX => "2**64 - 1".to_owned(),
        U32_MAX => "2**32 - 1".to_owned(),
        v => v.to_string(),
    }
}

/// A Python value of a game parameter as JSON: None, bool, any integer (numpy's included),
/// float, str, or any iterable of these (a list, a tuple, a numpy array).
fn to_value(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    // numpy arrays and scalars: as Python lists and numbers.
    if !obj.is_instance_of::<PyString>() && obj.hasattr("tolist")? {
        let plain = obj.call_method0("tolist")?;
        if !plain.is(obj) && !plain.hasattr("tolist")? {
            return to_value(&plain, what);
        }
    }
    if obj.is_instance_of::<PyBool>() {
        return Ok(Value::Bool(obj.extract()?));
    }
    if obj.is_instance_of::<PyString>() {
        return Ok(Value::String(obj.extract()?));
    }
    if obj.is_instance_of::<PyFloat>() {
        let x: f64 = obj.extract()?;
        return Ok(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number));
    }
    if obj.is_instance_of::<PyInt>() || obj.hasattr("__index__")? {
        // Beyond any game's numbers (and JSON's): refused by size, not by a type's bounds.
        let v =
            int_in(obj, what, i128::from(i64::MIN), i128::from(u64::MAX)).map_err(|e| match obj
                .py()
                .import("operator")
                .and_then(|op| op.call_method1("index", (obj,)))
            {
                Ok(n) => PyValueError::new_err(format!(
                    "{what}: {} is out of range",
                    clip(&n.to_string())
                )),
                Err(_) => e,
            })?;
        return Ok(match u64::try_from(v) {
            Ok(u) => Value::from(u),
            Err(_) => Value::from(v as i64),
        });
    }
    // numpy floats and other real numbers.
    if let Ok(x) = obj.extract::<f64>() {
        return Ok(serde_json::Number::from_f64(x).map_or(Value::Null, Value::Number));
    }
    if obj.is_instance_of::<PyList>()
        || obj.is_instance_of::<PyTuple>()
        || obj.hasattr("__iter__")?
    {
        let items: PyResult<Vec<Value>> =
            obj.try_iter()?.map(|item| to_value(&item?, what)).collect();
        return Ok(Value::Array(items?));
    }
    Err(PyTypeError::new_err(format!("{what} cannot be a {}", obj.get_type().name()?)))
}

/// The keyword parameters of game `game` as JSON, each checked alone against the game's own
/// reading, so that an error names its parameter.
///
/// # Errors
/// `ValueError` for an unknown game or parameter, or a value of the wrong type or range;
/// `TypeError` for a value no parameter can take.
pub fn game_params(game: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Value> {
    let entry = find(game).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let defaults = (entry.default_params)();
    let mut out = Map::new();
    let Some(params) = params else {
        return Ok(Value::Object(out));
    };
    for (key, value) in params.iter() {
        let key: String = key.extract()?;
        let Some(default) = defaults.get(&key) else {
            let known: Vec<&String> =
                defaults.as_object().map(|m| m.keys().collect()).unwrap_or_default();
            return Err(PyValueError::new_err(format!(
                "{game} has no parameter {:?}: its parameters are {}",
                clip(&key),
                known.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ")
            )));
        };
        let what = format!("{game} parameter {key}");
        // An integer parameter with a range of its own: that range in every message,
        // whatever the value (too large for any integer type, negative, of another type).
        if let Some(range) = limits::param_range(game, &key) {
            let (min, max) = (range.min, range.max);
            let v = int_in(&value, &what, min.into(), max.into()).map_err(|_| {
                let shown = value.repr().map(|r| r.to_string()).unwrap_or_default();
                PyValueError::new_err(format!(
                    "{what} must be an integer from {min} to {max}, not {}",
                    clip(&shown)
                ))
            })?;
            out.insert(key, Value::from(v as u64));
            continue;
        }
        let mut v = to_value(&value, &what)?;
        // A name that may also be a number (race's piece: "queen" or 4) takes either.
        if default.is_string() && v.is_u64() {
            v = Value::String(v.to_string());
        }
        if default.is_u64() && !v.is_u64() && !v.is_null() {
            let shown = value.repr()?.to_string();
            let shown = clip(&shown);
            return Err(PyValueError::new_err(format!(
                "{what} must be a non-negative integer, not {shown}"
            )));
        }
        // The parameter alone (the others at their defaults): a type or range error is its.
        let alone = serde_json::json!({ key.clone(): v.clone() });
        if let Err(PlayError::BadParams { reason, .. }) = (entry.create)(&alone)
            && (reason.starts_with("invalid") || reason.starts_with("unknown variant"))
        {
            return Err(PyValueError::new_err(format!("{what}: {}", serde_reason(&reason))));
        }
        out.insert(key, v);
    }
    Ok(Value::Object(out))
}

/// serde's message in Python terms: `invalid value: integer `300`, expected u8` ->
/// `300 is out of range: expected an integer from 0 to 255`.
fn serde_reason(reason: &str) -> String {
    let ranges = [
        ("u8", "0 to 255"),
        ("u16", "0 to 65535"),
        ("u32", "0 to 4294967295"),
        ("u64", "0 to 2**64 - 1"),
        ("usize", "0 to 2**64 - 1"),
    ];
    // What was given, in Python terms: `invalid type: null` -> `None`, `floating point
    // `2.5`` -> `float 2.5`, `invalid length 1` (of a list) -> `a list of length 1`.
    let given = |got: &str| -> String {
        let got = got.trim_start_matches("invalid type: ").trim_start_matches("invalid value: ");
        if let Some(n) = got.strip_prefix("invalid length ") {
            return format!("a list of length {n}");
        }
        match got {
            "null" => "None".to_owned(),
            "unit value" => "()".to_owned(),
            g => g.replace("floating point", "float").replace('`', ""),
        }
    };
    let got = reason.split_once(", expected ").map_or(reason, |(got, _)| got);
    for (ty, range) in ranges {
        if reason.ends_with(&format!("expected {ty}")) {
            // An integer out of range shows as the bare number.
            let shown = match reason.split('`').nth(1) {
                Some(number) if got.starts_with("invalid value: integer") => number.to_owned(),
                _ => given(got),
            };
            return format!("expected an integer from {range}, not {shown}");
        }
    }
    if let Some(rest) = reason.strip_prefix("unknown variant ") {
        let expected = rest.split_once("expected ").map_or("", |(_, e)| e).replace('`', "'");
        return format!("expected {expected}, not '{}'", rest.split('`').nth(1).unwrap_or(""));
    }
    if let Some((got, expected)) = reason.split_once(", expected ") {
        let expected = match expected {
            "a string" => "a str".to_owned(),
            "a sequence" => "a list".to_owned(),
            e => e.replace("an array of", "a list of").replace('`', "'"),
        };
        return format!("expected {expected}, not {}", given(got));
    }
    reason.replace('`', "'")
}

/// A list (any iterable but a string) of any objects: `TypeError` in Python's words for a
/// string or a non-iterable.
#[derive(Debug)]
pub struct Items<'py>(pub Vec<Bound<'py, PyAny>>);

impl<'a, 'py> FromPyObject<'a, 'py> for Items<'py> {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Items<'py>> {
        let obj = obj.to_owned();
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("expected a list, not a str"));
        }
        let items = obj.try_iter().map_err(|_| type_error("expected a list", &obj))?;
        Ok(Items(items.collect::<PyResult<_>>()?))
    }
}

/// A list (any iterable but a string) of integers, each in `lo..=hi`: `TypeError` or
/// `ValueError` naming `what` (one item of the list).
pub fn ints(obj: &Bound<'_, PyAny>, what: &str, lo: i128, hi: i128) -> PyResult<Vec<i128>> {
    Items::extract(obj.as_borrowed())?.0.iter().map(|item| int_in(item, what, lo, hi)).collect()
}

/// A list (any iterable but a string) of strings: `TypeError` in Python's words for a string
/// or an item that is not one (pyo3's own says "Can't extract `str` to `Vec`").
#[derive(Clone, Debug, Default)]
pub struct Strings(pub Vec<String>);

impl<'a, 'py> FromPyObject<'a, 'py> for Strings {
    type Error = PyErr;

    fn extract(obj: pyo3::Borrowed<'a, 'py, PyAny>) -> PyResult<Strings> {
        let obj = obj.to_owned();
        if obj.is_instance_of::<PyString>() {
            return Err(PyTypeError::new_err("expected a list of str, not a str"));
        }
        let items = obj.try_iter().map_err(|_| type_error("expected a list of str", &obj))?;
        let mut out = Vec::new();
        for item in items {
            let item = item?;
            match item.extract::<String>() {
                Ok(s) => out.push(s),
                Err(_) => {
                    let ty = item.get_type().name().map(|n| n.to_string()).unwrap_or_default();
                    let message = format!("expected a list of str, not a list holding {ty}");
                    return Err(PyTypeError::new_err(message));
                }
            }
        }
        Ok(Strings(out))
    }
}
