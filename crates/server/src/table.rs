//! Tables of people: the links, the storage and the event streams around a table's game.
//!
//! The game side (seats, what each one sees, Take 6!'s cards put down early, the move clock)
//! is the library's [`TableGame`]; the links' hashes, the versions, the snapshots, the
//! stored form and the caps are [`TableState`] and [`tabletop_store::make_room`]. Here, the
//! locks, the token lookup and the event streams:
//!
//! - **Links**: each person's seat gets a seat token, and the table one spectator token
//!   ([`tabletop_store::token`]): the links that hold them are the only way to see or play
//!   the table. The server keeps their hashes. The client never names a seat: the token does.
//! - **Versions**: every change of a table (an action, a seat taken, a clock run out) gives
//!   it the next version number, and every viewer's answer at that version is computed once
//!   ([`Snapshot`]). The event streams send the answer of each new version (an event's id is
//!   the version): a stream that reconnects with `Last-Event-ID` gets the latest answer if it
//!   missed any, so a reload or a server restart loses nothing.
//! - **Storage**: a table is written to the games database on every change (its game's
//!   [`Record`](tabletop_play::Record), the token hashes, the cards put down early, the
//!   notes, the version) and read back at start-up.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;

use serde_json::Value;
use tabletop_play::{TableError, TableGame};
use tokio::sync::{broadcast, watch};

use crate::error::ApiError;
use tabletop_store::{Snapshot, Store, StoreError, TableCaps, TableState, now_ms, token};

pub use tabletop_play::Role;

impl From<TableError> for ApiError {
    fn from(err: TableError) -> ApiError {
        match err {
            TableError::Play(e) => e.into(),
            TableError::NotInHand(_) => {
                ApiError { kind: Some("illegal_action"), ..ApiError::bad_request(err.to_string()) }
            }
        }
    }
}

/// One table.
pub struct Table {
    /// Its id (public: it names the table in lists, it opens nothing).
    pub id: String,
    live: Mutex<TableState>,
    snapshot: RwLock<Arc<Snapshot>>,
    events: broadcast::Sender<u64>,
}

impl Table {
    fn new(id: String, live: TableState) -> Table {
        let snapshot = RwLock::new(Arc::new(live.snapshot(&id)));
        let (events, _) = broadcast::channel(16);
        Table { id, live: Mutex::new(live), snapshot, events }
    }

    fn lock(&self) -> Result<MutexGuard<'_, TableState>, ApiError> {
        self.live
            .lock()
            .map_err(|_| ApiError::internal("this table was broken by an earlier internal error"))
    }

    /// The answers at the latest version.
    pub fn snapshot(&self) -> Arc<Snapshot> {
        Arc::clone(&self.snapshot.read().unwrap_or_else(|p| p.into_inner()))
    }

    /// A receiver told the number of every new version.
    pub fn subscribe(&self) -> broadcast::Receiver<u64> {
        self.events.subscribe()
    }

    /// Records a change: the next version, every answer computed, the streams told, the
    /// table written.
    fn publish(&self, live: &mut TableState, store: &Store) -> Result<(), ApiError> {
        live.advance(now_ms());
        let snapshot = Arc::new(live.snapshot(&self.id));
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = snapshot;
        let _ = self.events.send(live.version());
        Ok(store.save_table(&self.id, &live.to_json()?)?)
    }

    /// A seat's action (blocking work): played at once when the seat is to move, or put down
    /// to wait for its turn (a Take 6! card chosen early); then whatever can be played is.
    ///
    /// # Errors
    /// 403 for a spectator; 409 when it is not this seat's turn (or its card is already
    /// down) or the game is over; 400 for an unreadable or illegal action.
    pub fn act(&self, role: Role, action: &str, store: &Store) -> Result<(), ApiError> {
        let Role::Seat(k) = role else {
            return Err(ApiError {
                kind: Some("spectator"),
                ..ApiError::new(
                    axum::http::StatusCode::FORBIDDEN,
                    "a spectator's link cannot play: open a seat's invitation link",
                )
            });
        };
        let mut live = self.lock()?;
        live.game.act(k, action)?;
        let driven = live.game.drive();
        let published = self.publish(&mut live, store);
        driven?;
        published
    }

    /// Marks a seat's link as opened (blocking work); a change only the first time.
    ///
    /// # Errors
    /// 503 when the table cannot be written.
    pub fn join(&self, role: Role, store: &Store) -> Result<(), ApiError> {
        let Role::Seat(k) = role else { return Ok(()) };
        let mut live = self.lock()?;
        if !live.game.join(k) {
            return Ok(());
        }
        self.publish(&mut live, store)
    }

    /// The clock and the bots (blocking work): when the clock ran out, the clock bot plays
    /// for every person waited for; a bot left to move (its work stopped at the deadline,
    /// or a restart) moves. Nothing when a request holds the table.
    fn tick(&self, store: &Store) -> Result<(), ApiError> {
        let Ok(mut live) = self.live.try_lock() else { return Ok(()) };
        if live.run_clock(now_ms())? { self.publish(&mut live, store) } else { Ok(()) }
    }
}

/// What `POST /api/tables` answers: the table and every link.
pub struct Created {
    /// The table.
    pub table: Arc<Table>,
    /// The seat token of each person's seat (`None` for a bot's).
    pub seat_tokens: Vec<Option<String>>,
    /// The spectator token.
    pub spectator_token: String,
}

/// Every table, and their tokens' hashes.
pub struct Tables {
    tables: Mutex<HashMap<String, Arc<Table>>>,
    /// Token hash to table id and role.
    tokens: Mutex<HashMap<String, (String, Role)>>,
    closing: watch::Sender<bool>,
    caps: TableCaps,
}

impl Tables {
    /// The tables stored in `store` (those used within `idle`), holding at most `cap`, and
    /// `per_client` dealt by one client.
    pub fn load(
        store: &Store,
        cap: usize,
        per_client: usize,
        idle: Duration,
    ) -> Result<Tables, StoreError> {
        let tables = Tables {
            tables: Mutex::new(HashMap::new()),
            tokens: Mutex::new(HashMap::new()),
            closing: watch::channel(false).0,
            caps: TableCaps {
                total: cap.max(1),
                per_client: per_client.max(1),
                idle_ms: idle.as_millis() as u64,
            },
        };
        let since = now_ms().saturating_sub(idle.as_millis() as u64);
        for (id, data) in store.tables(since)? {
            match TableState::from_json(&data, now_ms()) {
                Ok(live) => tables.insert(Arc::new(Table::new(id, live))),
                Err(e) => eprintln!("table {id} is kept in the database but not loaded: {e}"),
            }
        }
        Ok(tables)
    }

    fn map(&self) -> MutexGuard<'_, HashMap<String, Arc<Table>>> {
        self.tables.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn token_map(&self) -> MutexGuard<'_, HashMap<String, (String, Role)>> {
        self.tokens.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn insert(&self, table: Arc<Table>) {
        let live = table.live.lock().unwrap_or_else(|p| p.into_inner());
        let mut tokens = self.token_map();
        for (hash, role) in live.tokens() {
            tokens.insert(hash, (table.id.clone(), role));
        }
        drop(tokens);
        drop(live);
        self.map().insert(table.id.clone(), table);
    }

    fn remove(&self, id: &str, store: &Store) {
        self.map().remove(id);
        self.token_map().retain(|_, (t, _)| t != id);
        store.delete_table(id);
    }

    /// The table and role a token opens.
    ///
    /// # Errors
    /// 404 when no table has this token (mistyped, or the table expired).
    pub fn find(&self, token: &str) -> Result<(Arc<Table>, Role), ApiError> {
        let missing = || {
            ApiError::not_found(
                "no table has this link: check that it was copied whole (the table may have expired)",
            )
        };
        if !token::well_formed(token) {
            return Err(missing());
        }
        let (id, role) = self.token_map().get(&token::hash(token)).cloned().ok_or_else(missing)?;
        let table = self.map().get(&id).cloned().ok_or_else(missing)?;
        Ok((table, role))
    }

    /// Every table.
    pub fn all(&self) -> Vec<Arc<Table>> {
        self.map().values().cloned().collect()
    }

    /// Ends every event stream (at shutdown).
    pub fn close(&self) {
        let _ = self.closing.send(true);
    }

    /// A receiver that turns true at shutdown.
    pub fn closing(&self) -> watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// Whether the clock task has work: a clock run out, or a bot to move.
    pub fn due(&self) -> bool {
        let now = now_ms();
        self.map().values().any(|t| {
            let s = t.snapshot();
            !s.finished && (s.bot_to_move || s.deadline_ms.is_some_and(|d| now >= d))
        })
    }

    /// Runs the clock and the stalled bots of every table (blocking work).
    pub fn tick(&self, store: &Store) {
        for table in self.all() {
            if let Err(e) = table.tick(store) {
                eprintln!("table {}: {}", table.id, e.message);
            }
        }
    }

    /// A new table from a `POST /api/tables` body (blocking work): `{"game", "seats",
    /// "clock_seconds"?, "clock_bot"?, ...parameters}`.
    ///
    /// # Errors
    /// 400 for a bad game, parameters or seats, a table with no person, a seed or a secret
    /// parameter (the deal is the server's), a bad clock; 503 when the server holds its most
    /// tables and none is finished; 429 when `client` holds its most tables in progress.
    pub fn create(
        &self,
        request: &Value,
        client: &str,
        store: &Store,
    ) -> Result<Created, ApiError> {
        let mut game = TableGame::deal(request, rand::random::<u64>())?;
        self.make_room(client, store)?;
        game.drive()?;
        let dealt = TableState::deal(game, client, now_ms());
        let id = loop {
            let id = format!("t{:016x}", rand::random::<u64>());
            if !self.map().contains_key(&id) {
                break id;
            }
        };
        let table = Arc::new(Table::new(id, dealt.state));
        {
            let mut live = table.lock()?;
            table.publish(&mut live, store)?;
        }
        self.insert(Arc::clone(&table));
        let (seat_tokens, spectator_token) = (dealt.seat_tokens, dealt.spectator_token);
        Ok(Created { table, seat_tokens, spectator_token })
    }

    /// Drops idle tables; at the client's cap its least recently used finished table (none:
    /// 429), and at the cap in all the least recently used finished one (none: 503).
    fn make_room(&self, client: &str, store: &Store) -> Result<(), ApiError> {
        let snapshots: Vec<(String, Arc<Snapshot>)> =
            self.map().values().map(|t| (t.id.clone(), t.snapshot())).collect();
        let listed: Vec<(&str, &Snapshot)> =
            snapshots.iter().map(|(id, s)| (id.as_str(), s.as_ref())).collect();
        let (drop, room) = tabletop_store::make_room(&listed, client, now_ms(), self.caps);
        for id in drop {
            self.remove(&id, store);
        }
        Ok(room?)
    }
}
