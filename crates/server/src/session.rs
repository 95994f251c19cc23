//! Game sessions: the library's [`HostedGame`] (the bots answer a person at once; with nobody
//! seated, `POST /api/games/{id}/step` plays the next actions and `POST
//! /api/games/{id}/undo` takes one back), stored as their records.
//!
//! The caps on work are the library's ([`tabletop_play::LIMITS`]: race boards, Monte Carlo
//! playouts, Take 6! analysis samples) plus [`MAX_STEPS`]; `GET /api/limits` lists them.
//! Bots stop between two actions when the request's [`Cancel`](tabletop_core::cancel::Cancel)
//! flag is set (at its deadline, or when its client goes away).

pub use tabletop_play::{HostedGame as GameSession, MAX_STEPS};
use tabletop_play::{HostedGame, Record, Session};

/// A game rebuilt from its stored record, as it was (no bot moves).
///
/// # Errors
/// When the record is not JSON or does not rebuild.
pub fn from_record_json(text: &str) -> Result<HostedGame, String> {
    let record: Record = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let session = Session::from_record(&record).map_err(|e| e.to_string())?;
    Ok(HostedGame::new(session))
}

/// The record as JSON text, for the database.
pub fn record_json(game: &HostedGame) -> String {
    serde_json::json!(game.session().record()).to_string()
}
