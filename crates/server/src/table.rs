//! Tables of people: one game with several persons at it, each on their own device.
//!
//! Whoever deals a table chooses, per seat, a bot or a person (`"human"`). Each person's seat
//! gets a seat token, and the table one spectator token ([`crate::token`]): the links that
//! hold them are the only way to see or play the table. The server keeps their hashes.
//!
//! - **What each one sees** comes from the library's per-player state
//!   ([`Session::state_for`]): a seat sees its own hand and the public table; a spectator
//!   sees the public table only (the state for a viewer that holds no seat: no hand, no
//!   secret choice) until the game ends; once it is over, everyone sees everything (every
//!   hand, the seed). The client never names a seat: the token does.
//! - **Take 6!'s simultaneous choice**: the game takes its players' cards one after the other,
//!   but at a table every person may put their card down as soon as the round begins; a
//!   card put down early waits (seen by its owner only) until the game reaches its player, so
//!   the round is revealed once every person has chosen.
//! - **The move clock** (optional, per table): a person who does not act within it is played
//!   for, for that one decision, by the table's clock bot, and the table's notes say so.
//! - **Versions**: every change of a table (an action, a seat taken, a clock run out) gives
//!   it the next version number, and every viewer's answer at that version is computed once
//!   ([`Snapshot`]). The event streams send the answer of each new version (an event's id is
//!   the version): a stream that reconnects with `Last-Event-ID` gets the latest answer if it
//!   missed any, so a reload or a server restart loses nothing.
//! - **Storage**: a table is written to the games database on every change (its game's
//!   [`Record`], the token hashes, the cards put down early, the notes, the version) and
//!   read back at start-up.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tabletop_core::sub_seed;
use tabletop_play::{PlayError, Record, Session};
use tokio::sync::{broadcast, watch};

use crate::error::ApiError;
use crate::store::{Store, now_ms};
use crate::token;

/// The shortest move clock a table accepts, in seconds.
pub const MIN_CLOCK_SECONDS: u64 = 5;
/// The longest move clock a table accepts, in seconds (a day).
pub const MAX_CLOCK_SECONDS: u64 = 86_400;
/// The most actions one change of a table plays (persons' cards put down early, clock bots
/// and bots together).
const MAX_DRIVE: usize = tabletop_play::MAX_ADVANCE;

/// Who a token lets in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// A person's seat.
    Seat(usize),
    /// A spectator.
    Spectator,
}

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

/// A table's game and everything around it, behind the table's lock.
struct Live {
    session: Session,
    people: Vec<Option<String>>,
    spectator: String,
    joined: Vec<bool>,
    pending: Vec<Option<String>>,
    clock_ms: Option<u64>,
    clock_bot: String,
    notes: Vec<String>,
    version: u64,
    created_ms: u64,
    used_ms: u64,
    client: String,
    /// When the persons' current wait began (the clock counts from it).
    since_ms: u64,
    /// Seats whose time ran out: the clock bot plays their next decision.
    expired: Vec<bool>,
}

/// Every viewer's answer at one version of a table.
pub struct Snapshot {
    /// The table's version.
    pub version: u64,
    seats: Vec<Value>,
    spectator: Value,
    /// Whether the game is over.
    pub finished: bool,
    /// Whether a bot is to move (work stopped at its deadline: the clock task goes on).
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
    pub fn answer(&self, role: Role) -> &Value {
        match role {
            Role::Seat(k) => &self.seats[k],
            Role::Spectator => &self.spectator,
        }
    }
}

/// One table.
pub struct Table {
    /// Its id (public: it names the table in lists, it opens nothing).
    pub id: String,
    live: Mutex<Live>,
    snapshot: RwLock<Arc<Snapshot>>,
    events: broadcast::Sender<u64>,
}

impl Live {
    fn from_saved(saved: Saved) -> Result<Live, PlayError> {
        let session = Session::from_record(&saved.record)?;
        let n = session.num_players();
        let now = now_ms();
        Ok(Live {
            session,
            people: saved.people,
            spectator: saved.spectator,
            joined: saved.joined,
            pending: saved.pending,
            clock_ms: saved.clock_ms,
            clock_bot: saved.clock_bot,
            notes: saved.notes,
            version: saved.version,
            created_ms: saved.created_ms,
            used_ms: saved.used_ms,
            client: saved.client,
            since_ms: now,
            expired: vec![false; n],
        })
    }

    fn saved(&self) -> Saved {
        Saved {
            record: self.session.record(),
            people: self.people.clone(),
            spectator: self.spectator.clone(),
            joined: self.joined.clone(),
            pending: self.pending.clone(),
            clock_ms: self.clock_ms,
            clock_bot: self.clock_bot.clone(),
            notes: self.notes.clone(),
            version: self.version,
            created_ms: self.created_ms,
            used_ms: self.used_ms,
            client: self.client.clone(),
        }
    }

    fn is_person(&self, seat: usize) -> bool {
        self.people.get(seat).is_some_and(Option::is_some)
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
    fn actions_for(&self, seat: usize) -> Vec<String> {
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
    fn waiting(&self) -> Vec<usize> {
        (0..self.people.len()).filter(|&s| !self.actions_for(s).is_empty()).collect()
    }

    /// Plays what can be played: the cards put down early when their player is reached, the
    /// clock bot for persons whose time ran out, and the bots; stops when a person must act,
    /// at the end, or when the work is cancelled. The number of actions played.
    fn drive(&mut self) -> Result<usize, PlayError> {
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

    /// The answer for `role` at this version.
    fn answer(&self, id: &str, role: Role) -> Value {
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
                "deadline_ms": (!waiting.is_empty()).then_some(self.since_ms + ms),
            })
        });
        let mut answer = json!({
            "table": id,
            "version": self.version,
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

    fn snapshot(&self, id: &str) -> Snapshot {
        let n = self.session.num_players();
        let waiting = !self.waiting().is_empty();
        Snapshot {
            version: self.version,
            seats: (0..n).map(|k| self.answer(id, Role::Seat(k))).collect(),
            spectator: self.answer(id, Role::Spectator),
            finished: self.session.is_terminal(),
            bot_to_move: self.session.current_player().is_some_and(|p| !self.is_person(p)),
            deadline_ms: self.clock_ms.filter(|_| waiting).map(|ms| self.since_ms + ms),
            used_ms: self.used_ms,
            client: self.client.clone(),
        }
    }
}

impl Table {
    fn new(id: String, live: Live) -> Table {
        let snapshot = RwLock::new(Arc::new(live.snapshot(&id)));
        let (events, _) = broadcast::channel(16);
        Table { id, live: Mutex::new(live), snapshot, events }
    }

    fn lock(&self) -> Result<MutexGuard<'_, Live>, ApiError> {
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
    fn publish(&self, live: &mut Live, store: &Store) -> Result<(), ApiError> {
        let now = now_ms();
        live.version += 1;
        live.since_ms = now;
        live.used_ms = now;
        let snapshot = Arc::new(live.snapshot(&self.id));
        *self.snapshot.write().unwrap_or_else(|p| p.into_inner()) = snapshot;
        let _ = self.events.send(live.version);
        let data = serde_json::to_string(&live.saved())
            .map_err(|e| ApiError::internal(format!("internal error: {e}")))?;
        store.save_table(&self.id, &data)
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
        let action = action.trim();
        if live.session.is_terminal() {
            return Err(PlayError::GameOver.into());
        }
        if live.session.current_player() == Some(k) && live.pending[k].is_none() {
            live.session.act(k, action)?;
        } else if live.may_choose_early(k) && live.pending[k].is_none() {
            if !live.actions_for(k).iter().any(|a| a == action) {
                return Err(ApiError {
                    kind: Some("illegal_action"),
                    ..ApiError::bad_request(format!(
                        "{:?} is not a card in your hand",
                        tabletop_play::clip(action)
                    ))
                });
            }
            live.pending[k] = Some(action.to_owned());
        } else {
            let to_move = live.session.current_player();
            let reason = if live.pending[k].is_some() {
                "your card is down: the others are choosing theirs".to_owned()
            } else {
                match to_move {
                    Some(p) => format!("{} is to move", live.session.player_names()[p]),
                    None => "the game is over".to_owned(),
                }
            };
            return Err(PlayError::NotYourTurn { player: k, to_move, reason }.into());
        }
        let driven = live.drive();
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
        if live.joined[k] {
            return Ok(());
        }
        live.joined[k] = true;
        self.publish(&mut live, store)
    }

    /// The clock and the bots (blocking work): when the clock ran out, the clock bot plays
    /// for every person waited for; a bot left to move (its work stopped at the deadline,
    /// or a restart) moves. Nothing when a request holds the table.
    fn tick(&self, store: &Store) -> Result<(), ApiError> {
        let Ok(mut live) = self.live.try_lock() else { return Ok(()) };
        let now = now_ms();
        let mut changed = false;
        if live.clock_ms.is_some_and(|ms| now >= live.since_ms + ms) {
            for s in live.waiting() {
                live.expired[s] = true;
                changed = true;
            }
        }
        let bot_to_move = live.session.current_player().is_some_and(|p| !live.is_person(p));
        if !changed && !bot_to_move {
            return Ok(());
        }
        let driven = live.drive()?;
        if changed || driven > 0 { self.publish(&mut live, store) } else { Ok(()) }
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
    cap: usize,
    per_client: usize,
    idle: Duration,
}

fn bad(what: &str, message: impl Into<String>) -> ApiError {
    PlayError::bad(what, message.into()).into()
}

impl Tables {
    /// The tables stored in `store` (those used within `idle`), holding at most `cap`, and
    /// `per_client` dealt by one client.
    pub fn load(
        store: &Store,
        cap: usize,
        per_client: usize,
        idle: Duration,
    ) -> Result<Tables, String> {
        let tables = Tables {
            tables: Mutex::new(HashMap::new()),
            tokens: Mutex::new(HashMap::new()),
            closing: watch::channel(false).0,
            cap: cap.max(1),
            per_client: per_client.max(1),
            idle,
        };
        let since = now_ms().saturating_sub(idle.as_millis() as u64);
        for (id, data) in store.tables(since)? {
            let live = serde_json::from_str::<Saved>(&data)
                .map_err(|e| e.to_string())
                .and_then(|saved| Live::from_saved(saved).map_err(|e| e.to_string()));
            match live {
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
        for (k, hash) in live.people.iter().enumerate() {
            if let Some(hash) = hash {
                tokens.insert(hash.clone(), (table.id.clone(), Role::Seat(k)));
            }
        }
        tokens.insert(live.spectator.clone(), (table.id.clone(), Role::Spectator));
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
        map.insert("seed".to_owned(), json!(rand::random::<u64>()));
        let session = Session::from_json(&Value::Object(map))?;
        if !session.seats().iter().any(tabletop_play::Seat::is_human) {
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
            None => session.bots().first().cloned().unwrap_or_else(|| "random".to_owned()),
        };
        if session.current_player().is_some() {
            session.bot_action(&clock_bot, 0).map_err(|e| match e {
                PlayError::BotRefused { reason, .. } => bad("clock_bot", reason),
                PlayError::UnknownBot { known, .. } => bad(
                    "clock_bot",
                    format!("expected one of this game's bots: {}", known.join(", ")),
                ),
                other => other.into(),
            })?;
        }
        self.make_room(client, store)?;
        let n = session.num_players();
        let seat_tokens: Vec<Option<String>> =
            session.seats().iter().map(|s| s.is_human().then(token::new_token)).collect();
        let spectator_token = token::new_token();
        let now = now_ms();
        let mut live = Live {
            session,
            people: seat_tokens.iter().map(|t| t.as_deref().map(token::hash)).collect(),
            spectator: token::hash(&spectator_token),
            joined: vec![false; n],
            pending: vec![None; n],
            clock_ms,
            clock_bot,
            notes: Vec::new(),
            version: 0,
            created_ms: now,
            used_ms: now,
            client: client.to_owned(),
            since_ms: now,
            expired: vec![false; n],
        };
        live.drive()?;
        let id = loop {
            let id = format!("t{:016x}", rand::random::<u64>());
            if !self.map().contains_key(&id) {
                break id;
            }
        };
        let table = Arc::new(Table::new(id, live));
        {
            let mut live = table.lock()?;
            table.publish(&mut live, store)?;
        }
        self.insert(Arc::clone(&table));
        Ok(Created { table, seat_tokens, spectator_token })
    }

    /// Drops idle tables; at the client's cap its least recently used finished table (none:
    /// 429), and at the cap in all the least recently used finished one (none: 503).
    fn make_room(&self, client: &str, store: &Store) -> Result<(), ApiError> {
        let now = now_ms();
        let idle = self.idle.as_millis() as u64;
        let old: Vec<String> = self
            .map()
            .values()
            .filter(|t| now.saturating_sub(t.snapshot().used_ms) > idle)
            .map(|t| t.id.clone())
            .collect();
        for id in old {
            self.remove(&id, store);
        }
        let theirs: Vec<Arc<Snapshot>> =
            self.map().values().map(|t| t.snapshot()).filter(|s| s.client == client).collect();
        if theirs.len() >= self.per_client {
            let oldest = self
                .map()
                .values()
                .filter(|t| {
                    let s = t.snapshot();
                    s.client == client && s.finished
                })
                .min_by_key(|t| t.snapshot().used_ms)
                .map(|t| t.id.clone());
            match oldest {
                Some(id) => self.remove(&id, store),
                None => {
                    return Err(ApiError {
                        kind: Some("too_many_tables"),
                        ..ApiError::new(
                            axum::http::StatusCode::TOO_MANY_REQUESTS,
                            format!(
                                "you have dealt {} tables in progress, the most one client may \
                                 hold: finish one first",
                                theirs.len()
                            ),
                        )
                    });
                }
            }
        }
        if self.map().len() < self.cap {
            return Ok(());
        }
        let victim = self
            .map()
            .values()
            .filter(|t| t.snapshot().finished)
            .min_by_key(|t| t.snapshot().used_ms)
            .map(|t| t.id.clone());
        match victim {
            Some(id) => {
                self.remove(&id, store);
                Ok(())
            }
            None => Err(ApiError::unavailable(format!(
                "the server holds its most tables ({}), none of them finished: try again later",
                self.cap
            ))),
        }
    }
}
