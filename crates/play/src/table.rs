//! A game at a table of people: several persons, each on their own device, and bots.
//!
//! [`TableGame`] is the game side of a table (the server keeps the links, the storage and the
//! event streams around it):
//!
//! - **Seats**: whoever deals a table chooses, per seat, a bot or a person (`"human"`); a
//!   table needs at least one person. The deal is drawn by the dealer's server, never chosen:
//!   a seed, or a parameter that a player does not see (a Take 6! script, a Mahjong wall), is
//!   refused.
//! - **What each one sees** comes from the session's per-player state
//!   ([`Session::state_for`]): a seat sees its own hand and the public table; a spectator
//!   sees the public table only (the state for a viewer that holds no seat) until the game
//!   ends; once it is over, everyone sees everything (every hand, the seed).
//! - **Take 6!'s simultaneous choice**: the game takes its players' cards one after the other,
//!   but at a table every person may put their card down as soon as the round begins; a card
//!   put down early waits (seen by its owner only) until the game reaches its player, so the
//!   round is revealed once every person has chosen.
//! - **The move clock** (optional): a person who does not act within it is played for, for
//!   that one decision, by the table's clock bot, and the table's notes say so.

use serde_json::{Value, json};
use tabletop_core::sub_seed;
use tabletop_core::text::clip;
use thiserror::Error;

use crate::{MAX_ADVANCE, PlayError, Record, Seat, Session};

/// The shortest move clock a table accepts, in seconds.
pub const MIN_CLOCK_SECONDS: u64 = 5;
/// The longest move clock a table accepts, in seconds (a day).
pub const MAX_CLOCK_SECONDS: u64 = 86_400;
/// The most actions one change of a table plays (persons' cards put down early, clock bots
/// and bots together).
const MAX_DRIVE: usize = MAX_ADVANCE;

/// Who looks at a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A person's seat.
    Seat(usize),
    /// A spectator.
    Spectator,
}

/// Why a person's action at a table is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableError {
    /// The session refuses it (not this seat's turn, the game is over, an illegal action).
    #[error(transparent)]
    Play(#[from] PlayError),
    /// A Take 6! card put down early that is not in the person's hand.
    #[error("{:?} is not a card in your hand", clip(.0))]
    NotInHand(String),
}

/// What a table's game is made of, as it is stored.
#[derive(Clone, Debug)]
pub struct TableParts {
    /// The game so far.
    pub record: Record,
    /// Whether each seat is a person's.
    pub persons: Vec<bool>,
    /// Whether each person's link was opened.
    pub joined: Vec<bool>,
    /// The cards put down early, by seat.
    pub pending: Vec<Option<String>>,
    /// The move clock in milliseconds, if any.
    pub clock_ms: Option<u64>,
    /// The bot that plays for a person whose time ran out.
    pub clock_bot: String,
    /// What happened that the game's history does not say (a clock run out).
    pub notes: Vec<String>,
}

/// The game side of a table: the session, who sits where, the cards put down early, the
/// clock.
#[derive(Debug)]
pub struct TableGame {
    session: Session,
    persons: Vec<bool>,
    joined: Vec<bool>,
    pending: Vec<Option<String>>,
    clock_ms: Option<u64>,
    clock_bot: String,
    notes: Vec<String>,
    /// Seats whose time ran out: the clock bot plays their next decision.
    expired: Vec<bool>,
}

fn bad(what: &str, message: impl Into<String>) -> PlayError {
    PlayError::bad(what, message.into())
}

impl TableGame {
    /// A new table from a request `{"game", "seats", "clock_seconds"?, "clock_bot"?,
    /// ...parameters}`, dealt from `seed`. Nothing is played yet (see [`TableGame::drive`]).
    ///
    /// # Errors
    /// A bad game, parameters or seats, a table with no person, a seed or a secret parameter
    /// (the deal is the server's), a clock out of range or an unknown clock bot.
    pub fn deal(request: &Value, seed: u64) -> Result<TableGame, PlayError> {
        let Value::Object(map) = request else {
            return Err(bad("request", "expected a JSON object"));
        };
        let mut map = map.clone();
        if map.contains_key("seed") {
            return Err(bad("seed", "a table's deal is drawn by the server: leave the seed out"));
        }
        let clock_ms = match map.remove("clock_seconds") {
            None | Some(Value::Null) => None,
            Some(v) => Some(
                v.as_u64()
                    .filter(|s| (MIN_CLOCK_SECONDS..=MAX_CLOCK_SECONDS).contains(s))
                    .ok_or_else(|| {
                        bad(
                            "clock_seconds",
                            format!(
                                "expected a whole number of seconds from {MIN_CLOCK_SECONDS} \
                                 to {MAX_CLOCK_SECONDS}, or none for no clock"
                            ),
                        )
                    })?
                    * 1000,
            ),
        };
        let clock_bot = match map.remove("clock_bot") {
            None | Some(Value::Null) => None,
            Some(Value::String(b)) => Some(b),
            Some(_) => return Err(bad("clock_bot", "expected a bot's name")),
        };
        if !matches!(map.get("seats"), Some(Value::Array(a)) if !a.is_empty()) {
            return Err(bad(
                "seats",
                "expected a list with one entry per seat: \"human\" for a person, or a bot's name",
            ));
        }
        let asked: Vec<String> = map.keys().cloned().collect();
        map.insert("seed".to_owned(), json!(seed));
        let session = Session::from_json(&Value::Object(map))?;
        if !session.seats().iter().any(Seat::is_human) {
            return Err(bad("seats", "a table needs at least one person (\"human\")"));
        }
        let shown = session.state_for(Some(0)).params;
        if let Some(secret) = session
            .params()
            .as_object()
            .into_iter()
            .flat_map(|m| m.keys())
            .find(|k| shown.get(k.as_str()).is_none() && asked.contains(k))
        {
            return Err(bad(
                secret,
                "it would tell the dealer the hidden cards: a table's deal is drawn by the server",
            ));
        }
        let clock_bot = match clock_bot {
            Some(b) => b,
            None => {
                session.line().game().bots().first().cloned().unwrap_or_else(|| "random".to_owned())
            }
        };
        if session.current_player().is_some() {
            session.bot_action(&clock_bot, 0).map_err(|e| match e {
                PlayError::BotRefused { reason, .. } => bad("clock_bot", reason),
                PlayError::UnknownBot { known, .. } => bad(
                    "clock_bot",
                    format!("expected one of this game's bots: {}", known.join(", ")),
                ),
                other => other,
            })?;
        }
        let n = session.num_players();
        let persons = session.seats().iter().map(Seat::is_human).collect();
        Ok(TableGame {
            session,
            persons,
            joined: vec![false; n],
            pending: vec![None; n],
            clock_ms,
            clock_bot,
            notes: Vec::new(),
            expired: vec![false; n],
        })
    }

    /// A table's game rebuilt from its stored parts.
    ///
    /// # Errors
    /// A record that does not replay.
    pub fn from_parts(parts: TableParts) -> Result<TableGame, PlayError> {
        let session = Session::from_record(&parts.record)?;
        let n = session.num_players();
        Ok(TableGame {
            session,
            persons: parts.persons,
            joined: parts.joined,
            pending: parts.pending,
            clock_ms: parts.clock_ms,
            clock_bot: parts.clock_bot,
            notes: parts.notes,
            expired: vec![false; n],
        })
    }

    /// The parts to store.
    pub fn parts(&self) -> TableParts {
        TableParts {
            record: self.session.record(),
            persons: self.persons.clone(),
            joined: self.joined.clone(),
            pending: self.pending.clone(),
            clock_ms: self.clock_ms,
            clock_bot: self.clock_bot.clone(),
            notes: self.notes.clone(),
        }
    }

    /// The session.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// Whether each seat is a person's.
    pub fn persons(&self) -> &[bool] {
        &self.persons
    }

    /// Whether `seat` is a person's.
    pub fn is_person(&self, seat: usize) -> bool {
        self.persons.get(seat).copied().unwrap_or(false)
    }

    /// Whether a bot is to move.
    pub fn bot_to_move(&self) -> bool {
        self.session.current_player().is_some_and(|p| !self.is_person(p))
    }

    /// When the clock runs out for the persons waited for, counted from `since_ms`, if the
    /// table has a clock and someone is waited for.
    pub fn deadline_ms(&self, since_ms: u64) -> Option<u64> {
        self.clock_ms.filter(|_| !self.waiting().is_empty()).map(|ms| since_ms + ms)
    }

    /// Whether the clock, started at `since_ms`, has run out at `now_ms`.
    pub fn clock_ran_out(&self, since_ms: u64, now_ms: u64) -> bool {
        self.clock_ms.is_some_and(|ms| now_ms >= since_ms + ms)
    }

    /// Marks a seat's link as opened; whether that changed anything.
    pub fn join(&mut self, seat: usize) -> bool {
        match self.joined.get_mut(seat) {
            Some(joined) if !*joined => {
                *joined = true;
                true
            }
            _ => false,
        }
    }

    /// Whether `seat` may put a Take 6! card down now without being the player to move: a
    /// card round is under way (no row choice pending) and the seat has not chosen yet.
    fn may_choose_early(&self, seat: usize) -> bool {
        if self.session.game() != "take6" || self.session.is_terminal() {
            return false;
        }
        let view = self.session.view(Some(seat));
        view["row_choice"].is_null() && view["chosen"][seat] == json!(false)
    }

    /// The actions `seat` may take now (in notation).
    pub fn actions_for(&self, seat: usize) -> Vec<String> {
        if !self.is_person(seat) || self.session.is_terminal() || self.pending[seat].is_some() {
            return Vec::new();
        }
        if self.session.current_player() == Some(seat) {
            return self.session.legal_action_strings();
        }
        if self.may_choose_early(seat) {
            let view = self.session.view(Some(seat));
            if let Some(hand) = view["hands"][seat].as_array() {
                return hand.iter().map(ToString::to_string).collect();
            }
        }
        Vec::new()
    }

    /// The persons the table waits for.
    pub fn waiting(&self) -> Vec<usize> {
        (0..self.persons.len()).filter(|&s| !self.actions_for(s).is_empty()).collect()
    }

    /// A person's action: played at once when the seat is to move, or put down to wait for
    /// its turn (a Take 6! card chosen early). Nothing else is played (see
    /// [`TableGame::drive`]).
    ///
    /// # Errors
    /// The game is over; it is not this seat's turn (or its card is already down); the
    /// action is unreadable or illegal.
    pub fn act(&mut self, seat: usize, action: &str) -> Result<(), TableError> {
        let action = action.trim();
        if self.session.is_terminal() {
            return Err(PlayError::GameOver.into());
        }
        if self.session.current_player() == Some(seat) && self.pending[seat].is_none() {
            self.session.act(seat, action)?;
        } else if self.may_choose_early(seat) && self.pending[seat].is_none() {
            if !self.actions_for(seat).iter().any(|a| a == action) {
                return Err(TableError::NotInHand(action.to_owned()));
            }
            self.pending[seat] = Some(action.to_owned());
        } else {
            let to_move = self.session.current_player();
            let reason = if self.pending[seat].is_some() {
                "your card is down: the others are choosing theirs".to_owned()
            } else {
                match to_move {
                    Some(p) => format!("{} is to move", self.session.player_names()[p]),
                    None => "the game is over".to_owned(),
                }
            };
            return Err(PlayError::NotYourTurn { player: seat, to_move, reason }.into());
        }
        Ok(())
    }

    /// The clock ran out: the clock bot will play the next decision of every person waited
    /// for. Whether anyone was waited for.
    pub fn expire_clock(&mut self) -> bool {
        let waiting = self.waiting();
        for &s in &waiting {
            self.expired[s] = true;
        }
        !waiting.is_empty()
    }

    /// Plays what can be played: the cards put down early when their player is reached, the
    /// clock bot for persons whose time ran out, and the bots; stops when a person must act,
    /// at the end, or when the work is cancelled ([`tabletop_core::cancel`]). The number of
    /// actions played.
    ///
    /// # Errors
    /// An action the session refuses (a bug, or a bot that failed).
    pub fn drive(&mut self) -> Result<usize, PlayError> {
        let mut n = 0;
        while let Some(p) = self.session.current_player() {
            if n >= MAX_DRIVE || tabletop_core::cancel::requested() {
                break;
            }
            if self.is_person(p) {
                if let Some(action) = self.pending[p].take() {
                    self.session.act(p, &action)?;
                } else if self.expired[p] {
                    let seed = sub_seed(sub_seed(self.session.seed(), 3), n as u64);
                    let id = self.session.bot_action(&self.clock_bot, seed)?;
                    if tabletop_core::cancel::requested() {
                        break;
                    }
                    self.session.apply_action(id)?;
                    self.expired[p] = false;
                    let name = &self.session.player_names()[p];
                    self.notes
                        .push(format!("{name}'s time ran out: {} played for them", self.clock_bot));
                } else {
                    break;
                }
            } else if !self.session.step_unless_cancelled()? {
                break;
            }
            n += 1;
        }
        self.expired.iter_mut().for_each(|e| *e = false);
        Ok(n)
    }

    /// The answer for `role` at one version of the table `id`, whose persons' wait began at
    /// `since_ms`: `{"table", "version", "role", "seat", "state", "seats", "clock", "notes"}`,
    /// and for a seat its `actions` and the card it put down (`pending`).
    pub fn answer(&self, id: &str, version: u64, since_ms: u64, role: Role) -> Value {
        let s = &self.session;
        let n = s.num_players();
        let terminal = s.is_terminal();
        let state = match role {
            // Once the game is over every hand is shown to everyone.
            _ if terminal => s.state_for(None),
            Role::Seat(k) => s.state_for(Some(k)),
            // A viewer holding no seat: the public table.
            Role::Spectator => s.state_for(Some(n)),
        };
        let mut state = json!(state);
        state["viewer"] = match role {
            Role::Seat(k) => json!(k),
            Role::Spectator => Value::Null,
        };
        state["can_undo"] = json!(false);
        let names = s.player_names();
        let waiting = self.waiting();
        let seats: Vec<Value> = (0..n)
            .map(|i| {
                json!({
                    "seat": i,
                    "name": names[i],
                    "who": if self.is_person(i) { "person".to_owned() } else { s.seats()[i].to_string() },
                    "joined": self.joined.get(i).copied().unwrap_or(false),
                    "waiting": waiting.contains(&i),
                })
            })
            .collect();
        let clock = self.clock_ms.map(|ms| {
            json!({
                "seconds": ms / 1000,
                "bot": self.clock_bot,
                "deadline_ms": (!waiting.is_empty()).then_some(since_ms + ms),
            })
        });
        let mut answer = json!({
            "table": id,
            "version": version,
            "role": if matches!(role, Role::Seat(_)) { "seat" } else { "spectator" },
            "seat": match role { Role::Seat(k) => json!(k), Role::Spectator => Value::Null },
            "state": state,
            "seats": seats,
            "clock": clock,
            "notes": self.notes,
        });
        if let Role::Seat(k) = role {
            answer["actions"] = json!(self.actions_for(k));
            answer["pending"] = json!(self.pending[k]);
        }
        answer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn deal(request: Value) -> TableGame {
        TableGame::deal(&request, 7).unwrap()
    }

    fn refused(request: Value) -> String {
        TableGame::deal(&request, 7).unwrap_err().to_string()
    }

    #[test]
    fn a_deal_is_checked() {
        let seats = json!(["human", "solver"]);
        assert_eq!(refused(json!([])), "bad parameter request: expected a JSON object");
        assert!(
            refused(json!({"game": "nine", "seats": seats, "seed": 1}))
                .starts_with("bad parameter seed: ")
        );
        for clock in [json!(4), json!(86_401), json!("x"), json!(-5)] {
            let message = refused(json!({"game": "nine", "seats": seats, "clock_seconds": clock}));
            assert_eq!(
                message,
                "bad parameter clock_seconds: expected a whole number of seconds from 5 to 86400, or none for no clock"
            );
        }
        for clock in [5, 86_400] {
            let t = deal(json!({"game": "nine", "seats": seats, "clock_seconds": clock}));
            assert_eq!(t.clock_ms, Some(clock * 1000));
        }
        assert_eq!(
            deal(json!({"game": "nine", "seats": seats, "clock_seconds": null})).clock_ms,
            None
        );
        assert_eq!(
            refused(json!({"game": "nine", "seats": seats, "clock_bot": 3})),
            "bad parameter clock_bot: expected a bot's name"
        );
        assert_eq!(
            refused(json!({"game": "nine", "seats": seats, "clock_bot": "mc"})),
            "bad parameter clock_bot: expected one of this game's bots: solver, random"
        );
        for seats in [json!([]), json!("human"), Value::Null] {
            assert!(
                refused(json!({"game": "nine", "seats": seats}))
                    .starts_with("bad parameter seats: expected a list")
            );
        }
        assert_eq!(
            refused(json!({"game": "nine", "seats": ["solver", "random"]})),
            "bad parameter seats: a table needs at least one person (\"human\")"
        );
        let wall = tabletop_mahjong::seeded_wall(1, 0).to_string();
        let secret = refused(json!({"game": "mahjong", "seats": ["human"], "wall": wall}));
        assert!(secret.starts_with("bad parameter wall: it would tell the dealer"), "{secret}");
        assert!(refused(json!({"game": "chess", "seats": ["human"]})).starts_with("unknown game"));
        let t = deal(json!({"game": "nine", "seats": seats, "clock_bot": "random"}));
        assert_eq!(
            (t.clock_bot.as_str(), t.persons(), t.clock_ms),
            ("random", &[true, false][..], None)
        );
        assert_eq!(deal(json!({"game": "nine", "seats": seats})).clock_bot, "solver");
    }

    /// Nine with a person and the solver: the person acts, the solver answers; the answers
    /// say who may act and what each one sees; the parts rebuild the table.
    #[test]
    fn a_person_plays_the_bots_answer() {
        let mut t = deal(json!({"game": "nine", "seats": ["solver", "human"], "first": "alice"}));
        assert!(t.bot_to_move());
        assert_eq!(t.waiting(), Vec::<usize>::new());
        assert_eq!(t.drive().unwrap(), 1);
        assert!(!t.bot_to_move());
        assert_eq!(t.waiting(), [1]);
        assert!(t.actions_for(0).is_empty());
        let actions = t.actions_for(1);
        assert_eq!(actions, t.session().legal_action_strings());
        let err = t.act(0, &actions[0]).unwrap_err();
        assert!(matches!(err, TableError::Play(PlayError::NotYourTurn { player: 0, .. })), "{err}");
        assert_eq!(err.to_string(), "not player 0's turn: Bob is to move");
        assert!(matches!(t.act(1, "XX"), Err(TableError::Play(PlayError::IllegalAction { .. }))));
        t.act(1, &format!("  {}  ", actions[0])).unwrap();
        assert_eq!(t.session().history().len(), 2);
        assert_eq!(t.drive().unwrap(), 1);
        let answer = t.answer("t1", 3, 1000, Role::Seat(1));
        assert_eq!(answer["table"], "t1");
        assert_eq!(answer["version"], 3);
        assert_eq!(answer["role"], "seat");
        assert_eq!(answer["seat"], 1);
        assert_eq!(answer["state"]["viewer"], 1);
        assert_eq!(answer["state"]["can_undo"], false);
        assert_eq!(answer["seats"][0]["who"], "solver");
        assert_eq!(answer["seats"][1]["who"], "person");
        assert_eq!(answer["seats"][1]["waiting"], true);
        assert_eq!(answer["seats"][0]["waiting"], false);
        assert_eq!(answer["seats"][1]["joined"], false);
        assert_eq!(answer["clock"], Value::Null);
        assert_eq!(answer["actions"], json!(t.actions_for(1)));
        assert_eq!(answer["pending"], Value::Null);
        let spectator = t.answer("t1", 3, 1000, Role::Spectator);
        assert_eq!(
            (spectator["role"].clone(), spectator["seat"].clone()),
            (json!("spectator"), Value::Null)
        );
        assert_eq!(spectator["state"]["viewer"], Value::Null);
        assert!(spectator.get("actions").is_none());
        assert!(t.join(1));
        assert!(!t.join(1));
        assert!(!t.join(5));
        let again = TableGame::from_parts(t.parts()).unwrap();
        assert_eq!(
            again.answer("t1", 3, 1000, Role::Seat(1)),
            t.answer("t1", 3, 1000, Role::Seat(1))
        );
        assert_eq!(again.answer("t1", 3, 1000, Role::Seat(1))["seats"][1]["joined"], true);
        while t.session().current_player().is_some() {
            let a = t.actions_for(1);
            if !a.is_empty() {
                t.act(1, &a[0]).unwrap();
            }
            t.drive().unwrap();
        }
        assert!(t.actions_for(1).is_empty());
        assert_eq!(t.act(1, "pass").unwrap_err(), TableError::Play(PlayError::GameOver));
        // Once the game is over the spectator sees every hand.
        let end = t.answer("t1", 9, 0, Role::Spectator);
        assert_eq!(end["state"], {
            let mut all = json!(t.session().state_for(None));
            all["viewer"] = Value::Null;
            all["can_undo"] = json!(false);
            all
        });
    }

    /// Take 6!: every person puts a card down at once; the cards wait for their turn; the
    /// clock bot plays for a person whose time ran out, and the notes say so.
    #[test]
    fn take6_cards_wait_and_the_clock_plays_for_the_late() {
        let request = json!({"game": "take6", "seats": ["human", "human", "lowest"],
            "players": 3, "clock_seconds": 10, "clock_bot": "highest"});
        let mut t = deal(request);
        t.drive().unwrap();
        assert_eq!(t.waiting(), [0, 1]);
        assert_eq!(t.deadline_ms(100), Some(10_100));
        assert!(!t.clock_ran_out(100, 10_099));
        assert!(t.clock_ran_out(100, 10_100));
        let hand1 = t.actions_for(1);
        assert_eq!(hand1.len(), 10);
        // Player 0, to move, plays at once: they have chosen, so they may not choose again.
        let mut other = deal(json!({"game": "take6", "seats": ["human", "human", "lowest"],
            "players": 3}));
        other.drive().unwrap();
        let card = other.actions_for(0)[0].clone();
        other.act(0, &card).unwrap();
        assert!(!other.may_choose_early(0));
        assert!(other.actions_for(0).is_empty());
        assert_eq!(other.waiting(), [1]);
        assert!(matches!(t.act(1, "999"), Err(TableError::NotInHand(_))));
        assert_eq!(t.act(1, "999").unwrap_err().to_string(), "\"999\" is not a card in your hand");
        t.act(1, &hand1[0]).unwrap();
        assert_eq!(t.answer("t", 1, 0, Role::Seat(1))["pending"], json!(hand1[0]));
        assert_eq!(t.answer("t", 1, 0, Role::Seat(0))["pending"], Value::Null);
        // In play, a seat sees its own hand only, a spectator none.
        let seen = t.answer("t", 1, 0, Role::Seat(0));
        assert!(seen["state"]["view"]["hands"][0].is_array(), "{seen}");
        assert!(seen["state"]["view"]["hands"][1].is_null(), "{seen}");
        let spectator = t.answer("t", 1, 0, Role::Spectator);
        assert!(spectator["state"]["view"]["hands"][0].is_null(), "{spectator}");
        assert!(t.actions_for(1).is_empty(), "a card down waits");
        let err = t.act(1, &hand1[1]).unwrap_err().to_string();
        assert_eq!(err, "not player 1's turn: your card is down: the others are choosing theirs");
        assert_eq!(t.drive().unwrap(), 0, "player 1's card waits for player 0");
        assert_eq!(t.waiting(), [0]);
        let answer = t.answer("t", 2, 100, Role::Spectator);
        assert_eq!(
            answer["clock"],
            json!({"seconds": 10, "bot": "highest", "deadline_ms": 10_100})
        );
        // Player 0's time runs out: the clock bot plays for them, then player 1's card and
        // the bot's follow.
        assert!(t.expire_clock());
        let played = t.drive().unwrap();
        assert!(played >= 3, "{played}");
        let name = &t.session().player_names()[0];
        assert_eq!(t.notes, [format!("{name}'s time ran out: highest played for them")]);
        assert!(t.session().history().len() >= 3, "the round of three cards");
        // A card put down early waits while the work is cancelled, and is played after.
        let mut late = deal(json!({"game": "take6", "seats": ["human", "human", "lowest"],
            "players": 3}));
        late.drive().unwrap();
        let card1 = late.actions_for(1)[0].clone();
        late.act(1, &card1).unwrap();
        let card0 = late.actions_for(0)[0].clone();
        late.act(0, &card0).unwrap();
        let cancel = tabletop_core::cancel::Cancel::new();
        cancel.cancel();
        assert_eq!(tabletop_core::cancel::scope(&cancel, || late.drive()).unwrap(), 0);
        assert_eq!(late.parts().pending[1], Some(card1));
        assert!(late.drive().unwrap() >= 2);
        assert_eq!(late.parts().pending[1], None);
        // A finished Take 6! hand: nobody may put a card down.
        let mut one = deal(json!({"game": "take6", "seats": ["human", "lowest"], "players": 2,
            "hand_size": 1}));
        one.drive().unwrap();
        let card = one.actions_for(0)[0].clone();
        one.act(0, &card).unwrap();
        one.drive().unwrap();
        while one.session().current_player().is_some() {
            let to_move = one.session().current_player().unwrap();
            let action = one.session().legal_action_strings()[0].clone();
            one.act(to_move, &action).unwrap();
            one.drive().unwrap();
        }
        assert!(one.session().is_terminal());
        assert!(!one.may_choose_early(0) && !one.may_choose_early(1));
        // Once it is over, everyone sees everything, the seed included.
        for role in [Role::Seat(0), Role::Spectator] {
            let end = one.answer("t", 5, 0, role);
            assert_eq!(end["state"]["seed"], json!(one.session().seed()), "{end}");
        }
        let playing = t.answer("t", 5, 0, Role::Seat(0));
        assert!(playing["state"]["seed"].is_null(), "{playing}");
        let parts = t.parts();
        assert_eq!(parts.notes, t.notes);
        assert_eq!(parts.pending, [None, None, None]);
        // Nobody is late now: nothing expires.
        let mut idle = deal(json!({"game": "nine", "seats": ["human", "human"]}));
        idle.drive().unwrap();
        idle.act(
            idle.session().current_player().unwrap(),
            &idle.session().legal_action_strings()[0],
        )
        .unwrap();
        let _ = idle.drive();
        assert!(idle.deadline_ms(0).is_none(), "no clock");
    }
}
