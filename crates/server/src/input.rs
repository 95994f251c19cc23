//! Requests read in the user's terms: JSON bodies and query strings checked field by field,
//! every fault a 400 that names the parameter and its range in words (never a type of the
//! program or the framework's wording).

use std::collections::HashMap;

use axum::body::Bytes;
use axum::http::{HeaderMap, Uri, header};
use serde_json::{Map, Value};

use crate::error::ApiError;

/// A 400 of kind `bad_params`.
fn bad(message: impl Into<String>) -> ApiError {
    ApiError { kind: Some("bad_params"), ..ApiError::bad_request(message) }
}

/// A value as the user wrote it, cut short.
fn shown(value: &Value) -> String {
    tabletop_play::clip(&value.to_string()).to_string()
}

/// The fields of a JSON object body, `None` for an empty body. `example` shows the body the
/// route takes.
///
/// # Errors
/// 400 when the body is not JSON sent as such, or not an object.
pub fn object(
    headers: &HeaderMap,
    body: &Bytes,
    example: &str,
) -> Result<Option<Map<String, Value>>, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| {
            let v = v.trim();
            v.eq_ignore_ascii_case("application/json")
                || v.get(v.len().saturating_sub(5)..)
                    .is_some_and(|s| s.eq_ignore_ascii_case("+json"))
        });
    if !json {
        return Err(bad(format!(
            "the body must be JSON, sent as application/json (the Content-Type header), such as \
             {example}"
        )));
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(Some(map)),
        Ok(other) => Err(bad(format!(
            "the body must be a JSON object such as {example}, not {}",
            shown(&other)
        ))),
        Err(e) => Err(bad(format!("the body is not valid JSON: {e}"))),
    }
}

/// A segment of the route's path (a game's id, a problem's name), refused with a 400 in
/// words when it is not text.
pub struct Segment(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for Segment {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Segment, ApiError> {
        match axum::extract::Path::<String>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(segment)) => Ok(Segment(segment)),
            Err(_) => Err(bad(
                "the address is not text: a game's id or a problem's name is letters and digits",
            )),
        }
    }
}

/// Refuses a field other than `allowed`.
///
/// # Errors
/// 400 naming the first unknown field.
pub fn only<'a>(
    fields: impl IntoIterator<Item = &'a String>,
    allowed: &[&str],
) -> Result<(), ApiError> {
    for name in fields {
        if !allowed.contains(&name.as_str()) {
            return Err(bad(format!(
                "unknown field {:?}: this request takes {}",
                tabletop_play::clip(name),
                words(allowed)
            )));
        }
    }
    Ok(())
}

/// `a`, `a and b`, `a, b and c`.
fn words(list: &[&str]) -> String {
    match list {
        [] => "nothing".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// A whole number in `min..=max` (`range` says it in words), or `None` when absent or null.
///
/// # Errors
/// 400 naming the field and its range.
pub fn whole(
    fields: &Map<String, Value>,
    name: &str,
    (min, max): (u64, u64),
    range: &str,
) -> Result<Option<u64>, ApiError> {
    match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => match value.as_u64() {
            Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
            _ => Err(bad(format!("{name} must be {range}, not {}", shown(value)))),
        },
    }
}

/// A string field, or `None` when absent or null.
///
/// # Errors
/// 400 naming the field.
pub fn text(
    fields: &Map<String, Value>,
    name: &str,
    what: &str,
) -> Result<Option<String>, ApiError> {
    match fields.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.clone())),
        Some(value) => Err(bad(format!("{name} must be a string ({what}), not {}", shown(value)))),
    }
}

/// The query string's parameters, each at most once, none but `allowed`.
///
/// # Errors
/// 400 for an unreadable query string or an unknown parameter.
pub fn query(uri: &Uri, allowed: &[&str]) -> Result<HashMap<String, String>, ApiError> {
    let axum::extract::Query(pairs) =
        axum::extract::Query::<Vec<(String, String)>>::try_from_uri(uri)
            .map_err(|_| bad("the query string cannot be read (expected name=value&...)"))?;
    let mut map = HashMap::new();
    for (name, value) in pairs {
        only([&name], allowed)?;
        if map.insert(name.clone(), value).is_some() {
            return Err(bad(format!("{name} is given twice")));
        }
    }
    Ok(map)
}

/// A whole number from the query string, in `min..=max` (`range` says it in words).
///
/// # Errors
/// 400 naming the parameter and its range when it is missing or out of range.
pub fn whole_param(
    params: &HashMap<String, String>,
    name: &str,
    (min, max): (u64, u64),
    range: &str,
) -> Result<u64, ApiError> {
    let value =
        params.get(name).ok_or_else(|| bad(format!("{name} is missing: it must be {range}")))?;
    match value.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(bad(format!("{name} must be {range}, not {:?}", tabletop_play::clip(value)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_read_as_words() {
        assert_eq!(words(&["action", "player"]), "action and player");
        assert_eq!(words(&["piece", "rows", "cols"]), "piece, rows and cols");
    }
}
