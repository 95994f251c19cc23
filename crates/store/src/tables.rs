//! Tables of people as the server keeps them: each person's seat link and the spectator's
//! link as token hashes, the version, every viewer's answer at that version computed once
//! ([`Snapshot`]), the table as the games database holds it, and which tables make room for
//! a new one.
//!
//! The game side (seats, what each one sees, the cards put down early, the move clock) is
//! [`TableGame`]; the locks and the event streams are the server's.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_play::{PlayError, Record, Role, TableGame, TableParts};

use crate::{StoreError, token};

/// A table as the database holds it.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Saved {
    record: Record,
    /// The hash of each person's seat token; `None` for a bot's seat.
    people: Vec<Option<String>>,
    /// The hash of the spectator token.
    spectator: String,
    /// Whether each person's link was opened.
    joined: Vec<bool>,
    /// The cards put down early, by seat.
    pending: Vec<Option<String>>,
    clock_ms: Option<u64>,
    clock_bot: String,
    notes: Vec<String>,
    version: u64,
    created_ms: u64,
    used_ms: u64,
    /// The client that dealt it (the per-client cap counts by it).
    #[serde(default)]
    client: String,
}

/// A table's game and everything kept around it.
pub struct TableState {
    /// The game.
    pub game: TableGame,
    /// The hash of each person's seat token; `None` for a bot's seat.
    people: Vec<Option<String>>,
    spectator: String,
    version: u64,
    created_ms: u64,
    used_ms: u64,
    client: String,
    /// When the persons' current wait began (the clock counts from it).
    since_ms: u64,
}

/// A table just dealt, with its links' tokens (given once: only their hashes are kept).
pub struct Dealt {
    /// The table, at version 0.
    pub state: TableState,
    /// The seat token of each person's seat (`None` for a bot's).
    pub seat_tokens: Vec<Option<String>>,
    /// The spectator token.
    pub spectator_token: String,
}

/// Every viewer's answer at one version of a table.
pub struct Snapshot {
    /// The table's version.
    pub version: u64,
    seats: Vec<Value>,
    spectator: Value,
    /// Whether the game is over.
    pub finished: bool,
    /// Whether a bot is to move (work stopped at its deadline: the clock goes on).
    pub bot_to_move: bool,
    /// When the clock runs out for the persons waited for, if the table has a clock and
    /// someone is waited for (milliseconds since the Unix epoch).
    pub deadline_ms: Option<u64>,
    /// The last change, for idle expiry.
    pub used_ms: u64,
    /// The client that dealt the table.
    pub client: String,
}

impl Snapshot {
    /// The answer for `role`.
    ///
    /// # Panics
    /// For a seat the table does not have (roles come from the table's own tokens).
    pub fn answer(&self, role: Role) -> &Value {
        match role {
            Role::Seat(k) => &self.seats[k],
            Role::Spectator => &self.spectator,
        }
    }
}

impl TableState {
    /// A new table of `game` dealt by `client` at `now_ms`: a new token for each person's
    /// seat and one for the spectator.
    pub fn deal(game: TableGame, client: &str, now_ms: u64) -> Dealt {
        let seat_tokens: Vec<Option<String>> =
            game.persons().iter().map(|&person| person.then(token::new_token)).collect();
        let spectator_token = token::new_token();
        let state = TableState {
            game,
            people: seat_tokens.iter().map(|t| t.as_deref().map(token::hash)).collect(),
            spectator: token::hash(&spectator_token),
            version: 0,
            created_ms: now_ms,
            used_ms: now_ms,
            client: client.to_owned(),
            since_ms: now_ms,
        };
        Dealt { state, seat_tokens, spectator_token }
    }

    /// A table as [`TableState::to_json`] wrote it; its persons' wait begins at `now_ms`.
    ///
    /// # Errors
    /// [`StoreError::TableData`] when the data is not a table, or its game cannot be rebuilt.
    pub fn from_json(data: &str, now_ms: u64) -> Result<TableState, StoreError> {
        let bad = |why: String| StoreError::TableData { why };
        let saved: Saved = serde_json::from_str(data).map_err(|e| bad(e.to_string()))?;
        let game = TableGame::from_parts(TableParts {
            record: saved.record,
            persons: saved.people.iter().map(Option::is_some).collect(),
            joined: saved.joined,
            pending: saved.pending,
            clock_ms: saved.clock_ms,
            clock_bot: saved.clock_bot,
            notes: saved.notes,
        })
        .map_err(|e| bad(e.to_string()))?;
        Ok(TableState {
            game,
            people: saved.people,
            spectator: saved.spectator,
            version: saved.version,
            created_ms: saved.created_ms,
            used_ms: saved.used_ms,
            client: saved.client,
            since_ms: now_ms,
        })
    }

    /// The table as the database holds it (JSON).
    ///
    /// # Errors
    /// [`StoreError::TableData`] when it cannot be written as JSON.
    pub fn to_json(&self) -> Result<String, StoreError> {
        let parts = self.game.parts();
        let saved = Saved {
            record: parts.record,
            people: self.people.clone(),
            spectator: self.spectator.clone(),
            joined: parts.joined,
            pending: parts.pending,
            clock_ms: parts.clock_ms,
            clock_bot: parts.clock_bot,
            notes: parts.notes,
            version: self.version,
            created_ms: self.created_ms,
            used_ms: self.used_ms,
            client: self.client.clone(),
        };
        serde_json::to_string(&saved).map_err(|e| StoreError::TableData { why: e.to_string() })
    }

    /// The table's version.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The hash of each token of the table and the role it opens.
    pub fn tokens(&self) -> Vec<(String, Role)> {
        let seats = self.people.iter().enumerate();
        let seats = seats.filter_map(|(k, hash)| Some((hash.clone()?, Role::Seat(k))));
        seats.chain([(self.spectator.clone(), Role::Spectator)]).collect()
    }

    /// Every viewer's answer now, for the table `id`.
    pub fn snapshot(&self, id: &str) -> Snapshot {
        let game = &self.game;
        let answer = |role| game.answer(id, self.version, self.since_ms, role);
        Snapshot {
            version: self.version,
            seats: (0..game.session().num_players()).map(|k| answer(Role::Seat(k))).collect(),
            spectator: answer(Role::Spectator),
            finished: game.session().is_terminal(),
            bot_to_move: game.bot_to_move(),
            deadline_ms: game.deadline_ms(self.since_ms),
            used_ms: self.used_ms,
            client: self.client.clone(),
        }
    }

    /// Records a change at `now_ms`: the next version, and the clock's wait begins again.
    pub fn advance(&mut self, now_ms: u64) {
        self.version += 1;
        self.since_ms = now_ms;
        self.used_ms = now_ms;
    }

    /// The clock and the bots at `now_ms`: when the clock ran out, the clock bot plays for
    /// every person waited for; a bot left to move (its work stopped at the deadline, or a
    /// restart) moves. Whether anything changed.
    ///
    /// # Errors
    /// A bot's failure ([`TableGame::drive`]).
    pub fn run_clock(&mut self, now_ms: u64) -> Result<bool, PlayError> {
        let expired = self.game.clock_ran_out(self.since_ms, now_ms) && self.game.expire_clock();
        if !expired && !self.game.bot_to_move() {
            return Ok(false);
        }
        let driven = self.game.drive()?;
        Ok(expired || driven > 0)
    }
}

/// How many tables the server holds.
#[derive(Clone, Copy, Debug)]
pub struct TableCaps {
    /// The most tables in all.
    pub total: usize,
    /// The most tables one client has dealt.
    pub per_client: usize,
    /// A table unused for longer than this (milliseconds) is dropped.
    pub idle_ms: u64,
}

/// Which of `tables` (id and latest snapshot) to drop before `client` deals a new one at
/// `now_ms`: the idle ones; at the client's cap its least recently used finished table; at
/// the cap in all the least recently used finished one. The tables listed are to be dropped
/// even when the new table is refused (idle ones go anyway).
///
/// The refusal: [`StoreError::TooManyTables`] when the client is at its cap and none of its
/// tables is finished, [`StoreError::TablesFull`] when the server is at its cap and none is
/// finished.
pub fn make_room(
    tables: &[(&str, &Snapshot)],
    client: &str,
    now_ms: u64,
    caps: TableCaps,
) -> (Vec<String>, Result<(), StoreError>) {
    let (old, mut kept): (Vec<_>, Vec<_>) =
        tables.iter().copied().partition(|(_, s)| now_ms.saturating_sub(s.used_ms) > caps.idle_ms);
    let mut drop: Vec<String> = old.iter().map(|(id, _)| (*id).to_owned()).collect();
    let oldest_finished = |kept: &[(&str, &Snapshot)], of_client: bool| {
        let finished =
            kept.iter().filter(|(_, s)| s.finished && (!of_client || s.client == client));
        finished.min_by_key(|(_, s)| s.used_ms).map(|(id, _)| (*id).to_owned())
    };
    let held = kept.iter().filter(|(_, s)| s.client == client).count();
    if held >= caps.per_client {
        let Some(id) = oldest_finished(&kept, true) else {
            return (drop, Err(StoreError::TooManyTables { held }));
        };
        kept.retain(|(t, _)| *t != id);
        drop.push(id);
    }
    if kept.len() < caps.total {
        return (drop, Ok(()));
    }
    match oldest_finished(&kept, false) {
        Some(id) => {
            drop.push(id);
            (drop, Ok(()))
        }
        None => (drop, Err(StoreError::TablesFull { cap: caps.total })),
    }
}
