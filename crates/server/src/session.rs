//! Game sessions over [`tabletop_play::Session`]: the server adds only when bots move.
//!
//! - With at least one person seated, the bots answer at once: after creation and after
//!   each person's action the session advances until a person must act (at most
//!   [`tabletop_play::MAX_ADVANCE`] actions).
//! - With no person seated (a replay: Mahjong from a wall, Take 6!'s judge script, bots
//!   against bots) nothing moves by itself: `POST /api/games/{id}/step` plays the next
//!   actions, `POST /api/games/{id}/undo` takes one back, so a page can step both ways.
//!
//! The caps on work are the library's ([`tabletop_play::LIMITS`]: race boards, Monte Carlo
//! playouts, Take 6! analysis samples) plus [`MAX_STEPS`] here; `GET /api/limits` lists them.

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_play::{Record, Seat, Session};

use crate::error::ApiError;

/// The most actions one `POST /api/games/{id}/step` plays.
pub const MAX_STEPS: usize = 10_000;

/// One game in progress.
pub struct GameSession {
    inner: Session,
}

impl GameSession {
    /// A new game from a `POST /api/games` body (see [`Session::from_json`]), the bots
    /// moved when a person is seated.
    ///
    /// # Errors
    /// A 400 for an unknown game, bad parameters, seats or bots, or a size above a cap.
    pub fn create(request: &Value) -> Result<GameSession, ApiError> {
        let mut inner = match request.get("record") {
            Some(record) => Session::from_record(
                &Record::deserialize(record)
                    .map_err(|e| tabletop_play::PlayError::bad("record", e))?,
            )?,
            None => Session::from_json(request)?,
        };
        if inner.seats().iter().any(Seat::is_human) {
            inner.advance()?;
        }
        Ok(GameSession { inner })
    }

    /// The state as its default viewer sees it (the person's seat, or everything).
    pub fn state(&self) -> Value {
        json!(self.inner.state())
    }

    /// A person's action in notation, then the bots' answers. `player` defaults to the
    /// player to move.
    ///
    /// # Errors
    /// 400 for an unreadable or illegal action; 409 when it is not this player's turn, a bot
    /// holds the seat or the game is over.
    pub fn act(&mut self, player: Option<usize>, action: &str) -> Result<(), ApiError> {
        let to_move = self.inner.current_player().ok_or(tabletop_play::PlayError::GameOver)?;
        self.inner.act(player.unwrap_or(to_move), action)?;
        self.inner.advance()?;
        Ok(())
    }

    /// Plays up to `count` bot actions (stopping at a person's turn or the end); how many.
    ///
    /// # Errors
    /// 400 above [`MAX_STEPS`]; 409 when the game is over or a person is to move.
    pub fn step(&mut self, count: usize) -> Result<usize, ApiError> {
        if count > MAX_STEPS {
            return Err(tabletop_play::PlayError::TooLarge {
                what: "steps".to_owned(),
                value: count as u64,
                cap: MAX_STEPS as u64,
            }
            .into());
        }
        let mut done = 0;
        while done < count {
            match self.inner.step() {
                Ok(()) => done += 1,
                Err(e) if done > 0 => {
                    let _ = e;
                    break;
                }
                Err(e) => return Err(e.into()),
            }
        }
        Ok(done)
    }

    /// Takes back the last person's decision and the bots' answers to it; with no person
    /// seated, one action.
    ///
    /// # Errors
    /// 409 when there is nothing to undo.
    pub fn undo(&mut self) -> Result<(), ApiError> {
        Ok(self.inner.undo()?)
    }

    /// The record of the game ([`Session::record`]), which `POST /api/games` with
    /// `{"record": ...}` rebuilds. A record holds the deal, so a game with hidden information
    /// gives it only once it is over or when no person is seated (a replay).
    ///
    /// # Errors
    /// 409 for a game with hidden information in progress with a person seated.
    pub fn record(&self) -> Result<Value, ApiError> {
        let s = &self.inner;
        if s.has_hidden_information() && !s.is_terminal() && s.seats().iter().any(Seat::is_human) {
            return Err(tabletop_play::PlayError::NotYourTurn {
                player: s.default_viewer().unwrap_or(0),
                to_move: s.current_player(),
                reason: "the record of a game in progress would show the hidden cards".to_owned(),
            }
            .into());
        }
        Ok(json!(s.record()))
    }

    /// The analysis of the position, exactly [`Session::analysis`].
    ///
    /// # Errors
    /// 400 above an analysis cap.
    pub fn analysis(&self) -> Result<Value, ApiError> {
        Ok(self.inner.analysis()?)
    }
}
