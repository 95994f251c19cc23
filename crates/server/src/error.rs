//! The API's one error type: a status and a JSON body `{"error": ..., "line"?, "column"?}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error answered as JSON: `{"error": "<message>"}`, with `line` and `column` when the
/// message locates the fault in the input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, as the command line would print it.
    pub message: String,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into() }
    }

    /// 400: the request is malformed or its input is invalid.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such problem, game, session or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the request is well formed but not legal in the current state (an illegal move).
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 500: a bug (a panic was caught).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 503: the server is full (sessions) or busy.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }

    /// A 400 from an error and its sources, joined by `": "` as `tabletop` prints them.
    pub fn from_chain(err: &(dyn std::error::Error + 'static)) -> ApiError {
        ApiError::bad_request(chain(err))
    }
}

/// An error and its sources joined by `": "`: what `tabletop` prints after `error: ` (anyhow's
/// `{:#}`).
pub fn chain(err: &(dyn std::error::Error + 'static)) -> String {
    let mut s = err.to_string();
    let mut source = err.source();
    while let Some(e) = source {
        s.push_str(": ");
        s.push_str(&e.to_string());
        source = e.source();
    }
    s
}

/// The first `line N` in a message, and the `column M` right after it (`line N, column M`).
pub fn locate(message: &str) -> (Option<usize>, Option<usize>) {
    let number = |s: &str| -> Option<(usize, usize)> {
        let digits = s.bytes().take_while(u8::is_ascii_digit).count();
        Some((s[..digits].parse().ok()?, digits))
    };
    let mut from = 0;
    while let Some(i) = message[from..].find("line ") {
        let start = from + i;
        let at_word = start == 0 || !message.as_bytes()[start - 1].is_ascii_alphanumeric();
        let rest = &message[start + 5..];
        if let (true, Some((line, len))) = (at_word, number(rest)) {
            let column = rest[len..].strip_prefix(", column ").and_then(number).map(|(c, _)| c);
            return (Some(line), column);
        }
        from = start + 5;
    }
    (None, None)
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (line, column) = if self.status == StatusCode::BAD_REQUEST {
            locate(&self.message)
        } else {
            (None, None)
        };
        (self.status, Json(Body { error: &self.message, line, column })).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locate_finds_line_and_column() {
        assert_eq!(locate("line 3, column 7: duplicate card 9S"), (Some(3), Some(7)));
        assert_eq!(locate("invalid deal: line 2: unknown"), (Some(2), None));
        assert_eq!(locate("expected two lines, found 1 non-empty line"), (None, None));
        assert_eq!(locate("the deadline 4 is near"), (None, None));
        assert_eq!(locate(""), (None, None));
    }

    #[test]
    fn chain_joins_sources() {
        #[derive(Debug, thiserror::Error)]
        #[error("outer")]
        struct Outer(#[source] Inner);
        #[derive(Debug, thiserror::Error)]
        #[error("inner")]
        struct Inner;
        assert_eq!(chain(&Outer(Inner)), "outer: inner");
        assert_eq!(chain(&Inner), "inner");
    }
}
