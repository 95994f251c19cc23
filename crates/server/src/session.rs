//! Game sessions over the play crate's session layer (placeholder until it lands).

use serde_json::Value;

use crate::error::ApiError;

/// One game in progress.
pub struct GameSession {
    _private: (),
}

impl GameSession {
    /// A new game from a `POST /api/games` body.
    ///
    /// # Errors
    /// Always, for now.
    pub fn create(_request: &Value) -> Result<GameSession, ApiError> {
        Err(ApiError::new(axum::http::StatusCode::NOT_IMPLEMENTED, "sessions are not built yet"))
    }

    /// The view of the state.
    pub fn state(&self) -> Value {
        Value::Null
    }

    /// Plays one action.
    ///
    /// # Errors
    /// Always, for now.
    pub fn act(&mut self, _action: &str) -> Result<(), ApiError> {
        Ok(())
    }

    /// Takes back the last human action.
    ///
    /// # Errors
    /// Always, for now.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        Ok(())
    }

    /// The analysis of the position.
    ///
    /// # Errors
    /// Always, for now.
    pub fn analysis(&self) -> Result<Value, ApiError> {
        Ok(Value::Null)
    }
}
