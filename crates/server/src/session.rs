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
//!
//! Bots move one action at a time, and between two actions the work's [`Cancel`] flag is read
//! (set at the request's deadline or when its client goes away): the work then stops with the
//! actions played so far. An action chosen while the flag was set (a Monte Carlo bot stops its
//! playouts) is not played ([`Session::step_unless_cancelled`]), so every action kept is the one
//! the bot plays with its whole budget, and a game stays deterministic in its seed.

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_core::cancel::Cancel;
use tabletop_play::{PlayError, Record, Seat, Session};

use crate::store::Summary;

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
    pub fn create(request: &Value, cancel: &Cancel) -> Result<(GameSession, bool), ApiError> {
        if let Some(Value::Array(seats)) = request.get("seats")
            && seats.is_empty()
        {
            return Err(PlayError::bad(
                "seats",
                "an empty list seats nobody: list one seat per player (\"human\", \"solver\" \
                 or a bot name), or leave seats out for a person against the default bots",
            )
            .into());
        }
        let inner = match request.get("record") {
            Some(record) => Session::from_record(&Record::deserialize(record).map_err(|e| {
                PlayError::bad(
                    "record",
                    tabletop_play::plain(&format!(
                        "{e} (a record is {{\"game\", \"params\", \"seed\", \"seats\", \"actions\"}}, \
                         as GET /api/games/{{id}}/record gives it)"
                    )),
                )
            })?)?,
            None => Session::from_json(request).map_err(|e| tabletop_play::explain_params(request, e))?,
        };
        let mut session = GameSession { inner };
        let mut stopped = false;
        if session.inner.seats().iter().any(Seat::is_human) {
            stopped = session.advance(cancel)?;
        }
        Ok((session, stopped))
    }

    /// A game rebuilt from its stored record, as it was (no bot moves).
    ///
    /// # Errors
    /// When the record is not JSON or does not rebuild.
    pub fn from_record_json(text: &str) -> Result<GameSession, String> {
        let record: Record = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let inner = Session::from_record(&record).map_err(|e| e.to_string())?;
        Ok(GameSession { inner })
    }

    /// The record as JSON text, for the database.
    pub fn record_json(&self) -> String {
        json!(self.inner.record()).to_string()
    }

    /// What the list of recent games shows.
    pub fn summary(&self) -> Summary {
        let s = &self.inner;
        let to_move = s.current_player();
        // Played: a person acted, or (with nobody seated) a step was taken. A page opened and
        // left creates a game that is not played (the bots' opening answers do not count).
        let seated = s.seats().iter().any(|seat| seat.is_human());
        let played = s.steps().iter().any(|step| !seated || s.seats()[step.player].is_human());
        Summary {
            played,
            info: json!({
                "game": s.game(),
                "seats": s.seats(),
                "moves": s.history().len(),
                "terminal": s.is_terminal(),
                "human_to_move": to_move.is_some_and(|p| s.seats()[p].is_human()),
            }),
            finished: s.is_terminal(),
        }
    }

    /// [`Session::advance`] (which stops when the work is cancelled); whether it stopped so (a
    /// bot is then to move).
    fn advance(&mut self, cancel: &Cancel) -> Result<bool, ApiError> {
        self.inner.advance()?;
        let bot_to_move =
            self.inner.current_player().is_some_and(|p| !self.inner.seats()[p].is_human());
        Ok(cancel.is_cancelled() && bot_to_move)
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
    pub fn act(
        &mut self,
        player: Option<usize>,
        action: &str,
        cancel: &Cancel,
    ) -> Result<bool, ApiError> {
        let to_move = self.inner.current_player().ok_or(tabletop_play::PlayError::GameOver)?;
        self.inner.act(player.unwrap_or(to_move), action)?;
        self.advance(cancel)
    }

    /// Plays up to `count` bot actions (stopping at a person's turn, the end, or when the work
    /// is cancelled); how many, and whether the cancellation stopped it.
    ///
    /// # Errors
    /// 400 above [`MAX_STEPS`]; 409 when the game is over or a person is to move.
    pub fn step(&mut self, count: usize) -> Result<(usize, bool), ApiError> {
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
            match self.inner.step_unless_cancelled() {
                Ok(true) => done += 1,
                Ok(false) => return Ok((done, true)),
                Err(_) if done > 0 => break,
                Err(e) => return Err(e.into()),
            }
        }
        Ok((done, false))
    }

    /// Whether the game is over.
    pub fn is_terminal(&self) -> bool {
        self.inner.is_terminal()
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

    /// The review of the game so far (a game with hidden information once it is over): the
    /// JSON of `tabletop review --json` and Python's `tabletop.review`.
    pub fn review(&self) -> Result<Value, ApiError> {
        Ok(json!(self.inner.review()?))
    }

    /// The position before step `step`, everything shown (a game with hidden information
    /// once it is over): what a review's decision opens.
    pub fn position(&self, step: usize) -> Result<Value, ApiError> {
        Ok(json!(self.inner.position(step)?))
    }
}
