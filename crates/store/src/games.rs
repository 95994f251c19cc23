//! The games: held in memory, each written to SQLite as its record on every change, read back
//! at start-up; capped per client and in all; expired when idle.
//!
//! The table `games(id, client, created_ms, updated_ms, finished, record)` holds each game's
//! [`tabletop_play::Record`] as JSON, so a restart rebuilds every game exactly
//! ([`tabletop_play::Session::from_record`]). Caps:
//! - per client: at [`Caps::per_client`] games, a new one first drops that client's oldest
//!   game never played (opened by a page and left: no person acted, no step taken), else its
//!   oldest finished game; with neither, the client is refused ([`StoreError::TooManyGames`]:
//!   its games in progress are never dropped for it);
//! - in all: at [`Caps::total`] games, a new one drops the oldest game never played or
//!   finished of all, else
//!   the least recently used game of the client that holds the most. A client can thus never
//!   take another's place: one that creates games without end only pushes out its own.
//! - A game unused for [`Caps::idle`] is dropped ([`StoreError::Expired`] when asked for), at
//!   the next creation.

use std::collections::HashMap;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use rusqlite::{Connection, params};
use serde_json::{Value, json};
use tabletop_play::{HostedGame, Record, Session};

use crate::StoreError;

/// One game behind its own lock (held only while a request works on it).
pub type Shared = Arc<Mutex<HostedGame>>;

/// The caps of the store.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    /// The most games held in all.
    pub total: usize,
    /// The most games one client holds.
    pub per_client: usize,
    /// A game unused this long is dropped.
    pub idle: Duration,
}

/// What the list of recent games shows of a game.
pub use tabletop_play::HostedSummary as Summary;

struct Slot {
    session: Shared,
    client: String,
    created_ms: u64,
    /// The last use (read or write), for idle expiry and eviction.
    used_ms: u64,
    /// The last use written to the database (uses are written at most once a minute).
    stored_used_ms: u64,
    summary: Summary,
}

impl Slot {
    /// What the list of recent games shows of this game, under its id.
    fn listing(&self, id: &str) -> Value {
        let mut v = json!({ "id": id, "created_ms": self.created_ms, "used_ms": self.used_ms });
        if let (Value::Object(v), Value::Object(info)) = (&mut v, &self.summary.info) {
            v.extend(info.clone());
        }
        v
    }
}

/// The games by id, and the database.
pub struct Store {
    slots: Mutex<HashMap<String, Slot>>,
    db: Mutex<Connection>,
    caps: Caps,
    /// The last time stamp given to a use ([`Store::tick`]).
    clock: AtomicU64,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// A game rebuilt from its stored record, as it was (no bot moves).
fn from_record_json(text: &str) -> Result<HostedGame, String> {
    let record: Record = serde_json::from_str(text).map_err(|e| e.to_string())?;
    let session = Session::from_record(&record).map_err(|e| e.to_string())?;
    Ok(HostedGame::new(session))
}

/// The record as JSON text, for the database.
fn record_json(game: &HostedGame) -> String {
    json!(game.session().record()).to_string()
}

impl Store {
    /// Opens the database at `path` (`None`: in memory), creating its table, and rebuilds
    /// every game it holds that is not expired. A game whose record no longer rebuilds (a
    /// record of an older version) is left in the file and reported on stderr.
    ///
    /// # Errors
    /// When the file cannot be opened or is not a games database.
    pub fn open(path: Option<&Path>, caps: Caps) -> Result<Store, StoreError> {
        let where_ = path.map_or_else(|| ":memory:".to_owned(), |p| p.display().to_string());
        let fail = |source| StoreError::Open { path: where_.clone(), source };
        if let Some(dir) = path.and_then(Path::parent).filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|source| StoreError::CreateDir { dir: dir.to_owned(), source })?;
        }
        let db = match path {
            Some(p) => Connection::open(p),
            None => Connection::open_in_memory(),
        }
        .map_err(fail)?;
        db.busy_timeout(Duration::from_secs(5)).map_err(fail)?;
        db.execute_batch(
            "PRAGMA journal_mode = WAL;
             PRAGMA synchronous = NORMAL;
             CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 client TEXT NOT NULL,
                 created_ms INTEGER NOT NULL,
                 updated_ms INTEGER NOT NULL,
                 finished INTEGER NOT NULL,
                 record TEXT NOT NULL
             );
             CREATE INDEX IF NOT EXISTS games_by_client ON games (client, updated_ms);
             CREATE TABLE IF NOT EXISTS tables (
                 id TEXT PRIMARY KEY,
                 created_ms INTEGER NOT NULL,
                 updated_ms INTEGER NOT NULL,
                 data TEXT NOT NULL
             );
             CREATE TABLE IF NOT EXISTS people (
                 hash TEXT PRIMARY KEY,
                 created_ms INTEGER NOT NULL,
                 data TEXT NOT NULL
             );",
        )
        .map_err(fail)?;
        let store = Store {
            slots: Mutex::new(HashMap::new()),
            db: Mutex::new(db),
            caps,
            clock: AtomicU64::new(0),
        };
        store.load().map_err(fail)?;
        Ok(store)
    }

    fn load(&self) -> rusqlite::Result<()> {
        let oldest = now_ms().saturating_sub(self.caps.idle.as_millis() as u64);
        let db = self.db();
        db.execute("DELETE FROM games WHERE updated_ms < ?1", params![oldest as i64])?;
        let mut query = db.prepare(
            "SELECT id, client, created_ms, updated_ms, record FROM games ORDER BY updated_ms",
        )?;
        let rows = query.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
                r.get::<_, String>(4)?,
            ))
        })?;
        let mut slots = self.slots();
        for row in rows {
            let (id, client, created, updated, record) = row?;
            self.clock.fetch_max(updated as u64, Ordering::Relaxed);
            match from_record_json(&record) {
                Ok(session) => {
                    let summary = session.summary();
                    let slot = Slot {
                        session: Arc::new(Mutex::new(session)),
                        client,
                        created_ms: created as u64,
                        used_ms: updated as u64,
                        stored_used_ms: updated as u64,
                        summary,
                    };
                    slots.insert(id, slot);
                }
                Err(e) => eprintln!("game {id} is kept in the database but not loaded: {e}"),
            }
        }
        Ok(())
    }

    /// The time stamp of a use: the time in milliseconds, but never one given before, so
    /// that uses in the same millisecond keep their order (in the list of recent games, and
    /// after a restart, which reads the stamps back).
    fn tick(&self) -> u64 {
        let now = now_ms();
        let previous = self
            .clock
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |last| Some(now.max(last + 1)))
            .unwrap_or_else(|last| last);
        now.max(previous + 1)
    }

    fn slots(&self) -> MutexGuard<'_, HashMap<String, Slot>> {
        // The map is only read and written in short sections that cannot panic half-way, so
        // a poisoned lock still holds a consistent map.
        self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn db(&self) -> MutexGuard<'_, Connection> {
        self.db.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn forget(&self, slots: &mut HashMap<String, Slot>, id: &str) {
        slots.remove(id);
        if let Err(e) = self.db().execute("DELETE FROM games WHERE id = ?1", params![id]) {
            eprintln!("cannot delete game {id} from the database: {e}");
        }
    }

    /// Drops every game idle for longer than the idle limit; how many.
    pub fn sweep(&self) -> usize {
        let now = now_ms();
        let idle = self.caps.idle.as_millis() as u64;
        let mut slots = self.slots();
        let old: Vec<String> = slots
            .iter()
            .filter(|(_, s)| now.saturating_sub(s.used_ms) > idle)
            .map(|(id, _)| id.clone())
            .collect();
        for id in &old {
            self.forget(&mut slots, id);
        }
        old.len()
    }

    /// The oldest game never played or finished among `ids` (never played first), else (with
    /// `any`) the least recently used.
    fn victim<'a>(
        slots: &'a HashMap<String, Slot>,
        mut ids: impl Iterator<Item = &'a String> + Clone,
        any: bool,
    ) -> Option<String> {
        let finished = ids
            .clone()
            .filter(|id| !slots[*id].summary.played || slots[*id].summary.finished)
            .min_by_key(|id| (slots[*id].summary.played, slots[*id].used_ms, (*id).clone()));
        finished
            .or_else(|| if any { ids.by_ref().min_by_key(|id| slots[*id].used_ms) } else { None })
            .cloned()
    }

    /// Stores a new game of `client` under a fresh random id, making room as the caps say.
    ///
    /// # Errors
    /// [`StoreError::TooManyGames`] when the client holds its cap of games in progress;
    /// [`StoreError::Database`] when the database fails.
    pub fn insert(&self, client: &str, session: HostedGame) -> Result<String, StoreError> {
        self.sweep();
        let record = record_json(&session);
        let summary = session.summary();
        let mut slots = self.slots();
        let mine: Vec<String> =
            slots.iter().filter(|(_, s)| s.client == client).map(|(id, _)| id.clone()).collect();
        if mine.len() >= self.caps.per_client {
            let Some(old) = Store::victim(&slots, mine.iter(), false) else {
                return Err(StoreError::TooManyGames { held: mine.len() });
            };
            self.forget(&mut slots, &old);
        }
        if slots.len() >= self.caps.total {
            let mut counts: HashMap<&str, usize> = HashMap::new();
            for s in slots.values() {
                *counts.entry(s.client.as_str()).or_default() += 1;
            }
            let biggest = counts
                .iter()
                .max_by_key(|(c, n)| (**n, std::cmp::Reverse(**c)))
                .map(|(c, _)| (*c).to_owned());
            let victim = Store::victim(&slots, slots.keys(), false).or_else(|| {
                let biggest = biggest.as_deref()?;
                let theirs = slots.iter().filter(|(_, s)| s.client == biggest).map(|(id, _)| id);
                Store::victim(&slots, theirs, true)
            });
            if let Some(old) = victim {
                self.forget(&mut slots, &old);
            }
        }
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if !slots.contains_key(&id) {
                break id;
            }
        };
        let now = self.tick();
        self.db()
            .execute(
                "INSERT INTO games (id, client, created_ms, updated_ms, finished, record)
                 VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
                params![id, client, now as i64, summary.finished, record],
            )
            .map_err(StoreError::Database)?;
        let slot = Slot {
            session: Arc::new(Mutex::new(session)),
            client: client.to_owned(),
            created_ms: now,
            used_ms: now,
            stored_used_ms: now,
            summary,
        };
        slots.insert(id.clone(), slot);
        Ok(id)
    }

    /// The game with this id (and marks it used).
    ///
    /// # Errors
    /// [`StoreError::NoGame`] when there is none (never created, deleted or pushed out),
    /// [`StoreError::Expired`] when it was unused for longer than the idle limit.
    pub fn get(&self, id: &str) -> Result<Shared, StoreError> {
        let now = self.tick();
        let idle = self.caps.idle.as_millis() as u64;
        let mut slots = self.slots();
        match slots.get_mut(id) {
            Some(slot) if now.saturating_sub(slot.used_ms) <= idle => {
                slot.used_ms = now;
                let session = Arc::clone(&slot.session);
                if now.saturating_sub(slot.stored_used_ms) > 60_000 {
                    slot.stored_used_ms = now;
                    let _ = self.db().execute(
                        "UPDATE games SET updated_ms = ?2 WHERE id = ?1",
                        params![id, now as i64],
                    );
                }
                Ok(session)
            }
            Some(_) => {
                self.forget(&mut slots, id);
                Err(StoreError::Expired { id: id.to_owned() })
            }
            None => Err(StoreError::NoGame { id: id.to_owned() }),
        }
    }

    /// Writes the game's record after a change (called with the game's lock held, so the
    /// writes of one game are in order).
    ///
    /// # Errors
    /// [`StoreError::GameNotSaved`] when the database fails (the game goes on in memory).
    pub fn save(&self, id: &str, session: &HostedGame) -> Result<(), StoreError> {
        let record = record_json(session);
        let summary = session.summary();
        let now = self.tick();
        let finished = summary.finished;
        {
            let mut slots = self.slots();
            let Some(slot) = slots.get_mut(id) else {
                // Deleted while this request worked on it: it stays deleted.
                return Ok(());
            };
            slot.summary = summary;
            slot.used_ms = now;
            slot.stored_used_ms = now;
        }
        self.db()
            .execute(
                "UPDATE games SET updated_ms = ?2, finished = ?3, record = ?4 WHERE id = ?1",
                params![id, now as i64, finished, record],
            )
            .map_err(StoreError::GameNotSaved)?;
        Ok(())
    }

    /// Drops a game (after a bug left it in an unknown state).
    pub fn remove(&self, id: &str) {
        let mut slots = self.slots();
        self.forget(&mut slots, id);
    }

    /// Deletes a game; whether there was one.
    pub fn delete(&self, id: &str) -> bool {
        let mut slots = self.slots();
        let found = slots.contains_key(id);
        if found {
            self.forget(&mut slots, id);
        }
        found
    }

    /// The games of `client` that were played (see [`Summary::played`]), the most recently
    /// used first: `[{"id", "game", "seats", "moves", "terminal", "human_to_move",
    /// "created_ms", "used_ms"}]`.
    pub fn recent(&self, client: &str) -> Vec<Value> {
        let slots = self.slots();
        let mut mine: Vec<(&String, &Slot)> =
            slots.iter().filter(|(_, s)| s.client == client && s.summary.played).collect();
        mine.sort_by_key(|(id, s)| (std::cmp::Reverse(s.used_ms), (*id).clone()));
        mine.into_iter().map(|(id, s)| s.listing(id)).collect()
    }

    /// Every table of people stored (`tables(id, created_ms, updated_ms, data)`, `data` the
    /// table's JSON as the server writes it) used since `since_ms`: `(id, data)`, oldest
    /// first. Older ones are deleted.
    ///
    /// # Errors
    /// [`StoreError::Tables`] when the database fails.
    pub fn tables(&self, since_ms: u64) -> Result<Vec<(String, String)>, StoreError> {
        let db = self.db();
        let fail = StoreError::Tables;
        db.execute("DELETE FROM tables WHERE updated_ms < ?1", params![since_ms as i64])
            .map_err(fail)?;
        let mut query =
            db.prepare("SELECT id, data FROM tables ORDER BY updated_ms").map_err(fail)?;
        let rows = query
            .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
            .map_err(fail)?;
        rows.collect::<rusqlite::Result<Vec<_>>>().map_err(fail)
    }

    /// Writes a table of people (created or changed).
    ///
    /// # Errors
    /// [`StoreError::TableNotSaved`] when the database fails (the table goes on in memory).
    pub fn save_table(&self, id: &str, data: &str) -> Result<(), StoreError> {
        let now = now_ms() as i64;
        self.db()
            .execute(
                "INSERT INTO tables (id, created_ms, updated_ms, data) VALUES (?1, ?2, ?2, ?3)
                 ON CONFLICT (id) DO UPDATE SET updated_ms = ?2, data = ?3",
                params![id, now, data],
            )
            .map_err(StoreError::TableNotSaved)?;
        Ok(())
    }

    /// Deletes a table of people.
    pub fn delete_table(&self, id: &str) {
        if let Err(e) = self.db().execute("DELETE FROM tables WHERE id = ?1", params![id]) {
            eprintln!("cannot delete table {id} from the database: {e}");
        }
    }

    /// The data of the person whose personal token hashes to `hash`, if any.
    ///
    /// # Errors
    /// [`StoreError::Database`] when the database fails.
    pub fn person(&self, hash: &str) -> Result<Option<String>, StoreError> {
        let db_error = StoreError::Database;
        let db = self.db();
        let mut query = db.prepare("SELECT data FROM people WHERE hash = ?1").map_err(db_error)?;
        let mut rows = query.query(params![hash]).map_err(db_error)?;
        match rows.next().map_err(db_error)? {
            Some(row) => Ok(Some(row.get(0).map_err(db_error)?)),
            None => Ok(None),
        }
    }

    /// Writes the data of a person (created or changed).
    ///
    /// # Errors
    /// [`StoreError::Database`] when the database fails.
    pub fn save_person(&self, hash: &str, data: &str) -> Result<(), StoreError> {
        self.db()
            .execute(
                "INSERT INTO people (hash, created_ms, data) VALUES (?1, ?2, ?3)
                 ON CONFLICT (hash) DO UPDATE SET data = ?3",
                params![hash, now_ms() as i64, data],
            )
            .map_err(StoreError::Database)?;
        Ok(())
    }

    /// Whether a game with this id is held (without marking it used).
    pub fn contains(&self, id: &str) -> bool {
        self.slots().contains_key(id)
    }

    /// What the list of recent games shows of game `id` (as [`Store::recent`]), if it is held.
    pub fn summary_of(&self, id: &str) -> Option<Value> {
        self.slots().get(id).map(|s| s.listing(id))
    }

    /// The number of games held (expired ones included until the next sweep).
    pub fn count(&self) -> usize {
        self.slots().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uses_in_one_millisecond_get_distinct_increasing_stamps() {
        let caps = Caps { total: 10, per_client: 10, idle: Duration::from_secs(60) };
        let store = Store::open(None, caps).unwrap();
        let stamps: Vec<u64> = (0..1000).map(|_| store.tick()).collect();
        assert!(stamps.windows(2).all(|w| w[0] < w[1]), "{stamps:?}");
        // Close to the clock: 1,000 ticks run ahead of it by at most 1,000 ms.
        assert!(stamps[999] <= now_ms() + 1000);
        assert!(stamps[0] + 5_000 >= now_ms());
    }
}
