//! A game hosted for people and bots ([`HostedGame`]): a [`Session`] that adds only when bots
//! move, what the game's record may show, and what a list of games says about it. The web
//! server's games are these.
//!
//! - With at least one person seated, the bots answer at once: after creation and after
//!   each person's action the game advances until a person must act (at most
//!   [`MAX_ADVANCE`](crate::MAX_ADVANCE) actions).
//! - With no person seated (a replay: Mahjong from a wall, Take 6!'s judge script, bots
//!   against bots) nothing moves by itself: [`HostedGame::step`] plays the next actions,
//!   [`HostedGame::undo`] takes one back, so a page can step both ways.
//!
//! Bots move one action at a time, and between two actions the work's [`Cancel`] flag is read
//! (set by the caller at a deadline, or when its client goes away): the work then stops with
//! the actions played so far. An action chosen while the flag was set (a Monte Carlo bot stops
//! its playouts) is not played ([`Session::step_unless_cancelled`]), so every action kept is
//! the one the bot plays with its whole budget, and a game stays deterministic in its seed.

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_core::cancel::Cancel;

use crate::error::PlayError;
use crate::explain::{explain_params, plain};
use crate::seat::Seat;
use crate::session::{Record, Session};

/// The most actions one [`HostedGame::step`] plays.
pub const MAX_STEPS: usize = 10_000;

/// One game in progress, hosted.
pub struct HostedGame {
    inner: Session,
}

/// What a list of games shows of one game.
#[derive(Clone, Debug, PartialEq)]
pub struct HostedSummary {
    /// `{"game", "seats", "moves", "terminal", "human_to_move"}`.
    pub info: Value,
    /// Whether the game is over.
    pub finished: bool,
    /// Whether anyone played it: a person acted, or (with nobody seated) a step was taken.
    /// A page opened and left creates a game that is not played (the bots' opening answers
    /// do not count).
    pub played: bool,
}

impl HostedGame {
    /// A new game from a request such as `{"game": "nine", "seats": ["human", "solver"]}`
    /// (see [`Session::from_json`]) or `{"record": ...}` (a [`Record`] to rebuild), the bots
    /// moved when a person is seated; whether the cancel flag stopped the bots (a bot is then
    /// to move).
    ///
    /// # Errors
    /// [`PlayError::BadParams`] for an unknown game, bad parameters, seats or bots, an empty
    /// list of seats or a bad record; [`PlayError::TooLarge`] for a size above a cap.
    pub fn create(request: &Value, cancel: &Cancel) -> Result<(HostedGame, bool), PlayError> {
        if let Some(Value::Array(seats)) = request.get("seats")
            && seats.is_empty()
        {
            return Err(PlayError::bad(
                "seats",
                "an empty list seats nobody: list one seat per player (\"human\", \"solver\" \
                 or a bot name), or leave seats out for a person against the default bots",
            ));
        }
        let inner = match request.get("record") {
            Some(record) => Session::from_record(&Record::deserialize(record).map_err(|e| {
                PlayError::bad(
                    "record",
                    plain(&format!(
                        "{e} (a record is {{\"game\", \"params\", \"seed\", \"seats\", \"actions\"}}, \
                         as GET /api/games/{{id}}/record gives it)"
                    )),
                )
            })?)?,
            None => Session::from_json(request).map_err(|e| explain_params(request, e))?,
        };
        let mut game = HostedGame { inner };
        let mut stopped = false;
        if game.has_person() {
            stopped = game.advance(cancel)?;
        }
        Ok((game, stopped))
    }

    /// The game of `session`, as it is (no bot moves).
    pub fn new(session: Session) -> HostedGame {
        HostedGame { inner: session }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.inner
    }

    /// Whether a person holds a seat.
    fn has_person(&self) -> bool {
        self.inner.seats().iter().any(Seat::is_human)
    }

    /// What a list of games shows.
    pub fn summary(&self) -> HostedSummary {
        let s = &self.inner;
        let seated = self.has_person();
        let played = s.steps().iter().any(|step| !seated || s.seats()[step.player].is_human());
        let to_move = s.current_player();
        HostedSummary {
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
    fn advance(&mut self, cancel: &Cancel) -> Result<bool, PlayError> {
        self.inner.advance()?;
        let bot_to_move =
            self.inner.current_player().is_some_and(|p| !self.inner.seats()[p].is_human());
        Ok(cancel.is_cancelled() && bot_to_move)
    }

    /// The state as its default viewer sees it (the person's seat, or everything).
    pub fn state(&self) -> Value {
        json!(self.inner.state())
    }

    /// A person's action in notation, then the bots' answers; whether the cancel flag stopped
    /// them. `player` defaults to the player to move.
    ///
    /// # Errors
    /// An unreadable or illegal action; not this player's turn, a bot's seat, or the game
    /// over.
    pub fn act(
        &mut self,
        player: Option<usize>,
        action: &str,
        cancel: &Cancel,
    ) -> Result<bool, PlayError> {
        let to_move = self.inner.current_player().ok_or(PlayError::GameOver)?;
        self.inner.act(player.unwrap_or(to_move), action)?;
        self.advance(cancel)
    }

    /// Plays up to `count` bot actions (stopping at a person's turn, the end, or when the work
    /// is cancelled); how many, and whether the cancellation stopped it.
    ///
    /// # Errors
    /// [`PlayError::TooLarge`] above [`MAX_STEPS`]; the game over or a person to move before
    /// the first step.
    pub fn step(&mut self, count: usize) -> Result<(usize, bool), PlayError> {
        if count > MAX_STEPS {
            return Err(PlayError::TooLarge {
                what: "steps".to_owned(),
                value: count as u64,
                cap: MAX_STEPS as u64,
            });
        }
        let mut done = 0;
        while done < count {
            match self.inner.step_unless_cancelled() {
                Ok(true) => done += 1,
                Ok(false) => return Ok((done, true)),
                Err(_) if done > 0 => break,
                Err(e) => return Err(e),
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
    /// When there is nothing to undo.
    pub fn undo(&mut self) -> Result<(), PlayError> {
        self.inner.undo()
    }

    /// The record of the game ([`Session::record`]), which [`HostedGame::create`] with
    /// `{"record": ...}` rebuilds. A record holds the deal, so a game with hidden information
    /// gives it only once it is over or when no person is seated (a replay).
    ///
    /// # Errors
    /// [`PlayError::NotYourTurn`] for a game with hidden information in progress with a
    /// person seated.
    pub fn record(&self) -> Result<Value, PlayError> {
        let s = &self.inner;
        if s.has_hidden_information() && !s.is_terminal() && self.has_person() {
            return Err(PlayError::NotYourTurn {
                player: s.default_viewer().unwrap_or(0),
                to_move: s.current_player(),
                reason: "the record of a game in progress would show the hidden cards".to_owned(),
            });
        }
        Ok(json!(s.record()))
    }

    /// The analysis of the position, exactly [`Session::analysis`].
    ///
    /// # Errors
    /// Above an analysis cap.
    pub fn analysis(&self) -> Result<Value, PlayError> {
        self.inner.analysis()
    }

    /// The review of the game so far (a game with hidden information once it is over): the
    /// JSON of `tabletop review --json` and Python's `tabletop.review`.
    ///
    /// # Errors
    /// A game with hidden information in progress.
    pub fn review(&self) -> Result<Value, PlayError> {
        Ok(json!(self.inner.review()?))
    }

    /// The position before step `step`, everything shown (a game with hidden information
    /// once it is over): what a review's decision opens.
    ///
    /// # Errors
    /// A step beyond the game's, or a game with hidden information in progress.
    pub fn position(&self, step: usize) -> Result<Value, PlayError> {
        Ok(json!(self.inner.position(step)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn create(request: Value) -> Result<(HostedGame, bool), PlayError> {
        HostedGame::create(&request, &Cancel::new())
    }

    #[test]
    fn an_empty_list_of_seats_is_refused() {
        let Err(PlayError::BadParams { field, reason }) =
            create(json!({"game": "nine", "seats": []}))
        else {
            panic!("an empty list of seats was accepted")
        };
        assert_eq!(field, "seats");
        assert!(reason.starts_with("an empty list seats nobody"), "{reason}");
    }

    #[test]
    fn the_bots_answer_a_person_at_once() {
        let (game, stopped) =
            create(json!({"game": "race", "piece": "queen", "rows": 6, "cols": 6,
                "seats": ["random", "human"]}))
            .unwrap();
        assert!(!stopped);
        assert_eq!(game.session().history().len(), 1, "the bot in seat 1 moved");
        let summary = game.summary();
        assert!(!summary.played, "the bots' opening answers are not play");
        assert!(!summary.finished);
        assert_eq!(summary.info["human_to_move"], true);
        assert_eq!(summary.info["moves"], 1);
        assert_eq!(summary.info["game"], "race");
    }

    #[test]
    fn a_cancelled_advance_leaves_a_bot_to_move() {
        let cancel = Cancel::new();
        cancel.cancel();
        let request = json!({"game": "race", "piece": "queen", "rows": 6, "cols": 6,
            "seats": ["random", "human"]});
        let (game, stopped) =
            tabletop_core::cancel::scope(&cancel, || HostedGame::create(&request, &cancel))
                .unwrap();
        assert!(stopped);
        assert!(game.session().history().is_empty());
        // A person to move first: nothing was stopped.
        let request = json!({"game": "race", "piece": "queen", "rows": 6, "cols": 6,
            "seats": ["human", "random"]});
        let (_, stopped) =
            tabletop_core::cancel::scope(&cancel, || HostedGame::create(&request, &cancel))
                .unwrap();
        assert!(!stopped);
    }

    #[test]
    fn with_nobody_seated_steps_play_and_undo_takes_back() {
        let (mut game, stopped) = create(json!({"game": "race", "piece": "queen", "rows": 6,
            "cols": 6, "seats": ["random", "random"]}))
        .unwrap();
        assert!(!stopped);
        assert!(game.session().history().is_empty(), "nothing moves by itself");
        assert!(!game.summary().played);
        assert_eq!(game.step(1).unwrap(), (1, false));
        assert!(game.summary().played, "a step with nobody seated is play");
        let (more, stopped) = game.step(MAX_STEPS).unwrap();
        assert!(!stopped);
        assert!(game.is_terminal() && game.summary().finished);
        assert_eq!(game.session().history().len(), 1 + more);
        assert!(game.step(1).is_err(), "the game is over");
        game.undo().unwrap();
        assert!(!game.is_terminal());
        assert_eq!(game.session().history().len(), more);
        assert!(matches!(
            game.step(MAX_STEPS + 1),
            Err(PlayError::TooLarge { value, cap, .. })
                if value == MAX_STEPS as u64 + 1 && cap == MAX_STEPS as u64
        ));
        assert!(game.record().is_ok());
        assert!(game.review().unwrap().is_object());
        assert_eq!(game.position(0).unwrap()["view"]["cell"], json!([1, 1]));
        assert!(game.analysis().unwrap().is_object());
    }

    #[test]
    fn a_person_acts_and_the_record_of_hidden_cards_waits_for_the_end() {
        let (mut game, _) =
            create(json!({"game": "take6", "seats": ["human", "lowest"], "seed": 3})).unwrap();
        assert!(matches!(game.record(), Err(PlayError::NotYourTurn { player: 0, .. })));
        let card = game.state()["legal_actions"][0].as_str().unwrap().to_owned();
        assert!(!game.act(None, &card, &Cancel::new()).unwrap());
        assert!(game.summary().played, "a person acted");
        assert!(game.act(Some(1), &card, &Cancel::new()).is_err(), "a bot's seat");
        let (open, _) = create(json!({"game": "nine", "seats": ["human", "solver"]})).unwrap();
        assert!(open.record().is_ok(), "an open game shows its record");
    }

    #[test]
    fn a_record_rebuilds_its_game() {
        let (mut game, _) = create(json!({"game": "race", "piece": "king", "rows": 5,
            "cols": 5, "seats": ["random", "random"]}))
        .unwrap();
        game.step(3).unwrap();
        let (copy, _) = create(json!({"record": game.record().unwrap()})).unwrap();
        assert_eq!(copy.state(), game.state());
        let Err(PlayError::BadParams { field, reason }) = create(json!({"record": 5})) else {
            panic!("a bad record was accepted")
        };
        assert_eq!(field, "record");
        assert!(reason.contains("a record is {\"game\""), "{reason}");
    }
}
