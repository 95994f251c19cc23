//! The API's one error type: a status and a JSON body
//! `{"error": ..., "kind"?: ..., "line"?: ..., "column"?: ...}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use tabletop_play::PlayError;
use tabletop_store::StoreError;

/// An error answered as JSON: `{"error": "<message>"}`, with the session layer's `kind`
/// (`"illegal_action"`, ...) and the input's `line` and `column` where known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The message, as the command line would print it.
    pub message: String,
    /// A short stable name of the error (from [`PlayError::kind`]), if any.
    pub kind: Option<&'static str>,
    /// The 1-based line of the input at fault, where known.
    pub line: Option<usize>,
    /// The 1-based column of the input at fault, where known.
    pub column: Option<usize>,
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    column: Option<usize>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError { status, message: message.into(), kind: None, line: None, column: None }
    }

    /// 400: the request is malformed or its input is invalid.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such problem, session or page.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 500: a bug (a panic was caught).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// 503: the server is full (sessions) or busy.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }
}

impl From<PlayError> for ApiError {
    /// 400 for a bad request (unknown game, parameters, seats, bots, an unreadable or illegal
    /// action, a size above a cap); 409 for a request the state refuses (not this player's
    /// turn, the game is over, nothing to undo, a review of hidden cards before the end).
    fn from(err: PlayError) -> ApiError {
        let status = match err {
            PlayError::NotYourTurn { .. }
            | PlayError::GameOver
            | PlayError::NothingToUndo
            | PlayError::Review(tabletop_play::ReviewError::InProgress) => StatusCode::CONFLICT,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError { kind: Some(err.kind()), ..ApiError::new(status, err.to_string()) }
    }
}

impl From<StoreError> for ApiError {
    /// 404 for a game that is not held (never created, expired, deleted or pushed out) or a
    /// person's link that opens nothing; 429 when the client holds its cap of games or of
    /// tables; 400 for an entry too long for a personal list; 500 for stored data that
    /// cannot be read or written; 503 when the database fails or the server holds its most
    /// tables.
    fn from(err: StoreError) -> ApiError {
        match err {
            StoreError::NoGame { .. } | StoreError::Expired { .. } => {
                ApiError::not_found(err.to_string())
            }
            StoreError::TooManyGames { .. } => ApiError {
                kind: Some("too_many_games"),
                ..ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    format!("{err} (DELETE /api/games/{{id}})"),
                )
            },
            StoreError::TooManyTables { .. } => ApiError {
                kind: Some("too_many_tables"),
                ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, err.to_string())
            },
            StoreError::NoPerson => ApiError::not_found(err.to_string()),
            StoreError::EntryTooLong => ApiError::bad_request(err.to_string()),
            StoreError::PersonData { .. } => ApiError::internal(err.to_string()),
            StoreError::TableData { why } => ApiError::internal(format!("internal error: {why}")),
            _ => ApiError::unavailable(err.to_string()),
        }
    }
}

impl From<tabletop_play::JudgeError> for ApiError {
    fn from(err: tabletop_play::JudgeError) -> ApiError {
        ApiError { line: err.line, column: err.column, ..ApiError::bad_request(err.message) }
    }
}

/// The longest message sent: anything longer (a path or header quoted whole somewhere) is
/// cut, so no error echoes a long input back.
const MAX_MESSAGE: usize = 1000;

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let cut;
        let message = if self.message.len() > MAX_MESSAGE {
            let mut end = MAX_MESSAGE;
            while !self.message.is_char_boundary(end) {
                end -= 1;
            }
            cut = format!("{}... ({} bytes)", &self.message[..end], self.message.len());
            &cut
        } else {
            &self.message
        };
        let body = Body { error: message, kind: self.kind, line: self.line, column: self.column };
        (self.status, Json(body)).into_response()
    }
}
