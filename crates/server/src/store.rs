//! The live sessions: capped in number, expired when idle.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tabletop_play::clip;

use crate::error::ApiError;

/// One session behind its own lock (held only while a request works on it).
pub type Shared<S> = Arc<Mutex<S>>;

struct Slot<S> {
    session: Shared<S>,
    last_used: Instant,
}

/// Sessions by id. At most `capacity` live at once; one unused for `idle` is dropped at the next
/// insertion (or by [`Store::sweep`]).
pub struct Store<S> {
    slots: Mutex<HashMap<String, Slot<S>>>,
    capacity: usize,
    idle: Duration,
}

impl<S> Store<S> {
    /// An empty store.
    pub fn new(capacity: usize, idle: Duration) -> Store<S> {
        Store { slots: Mutex::new(HashMap::new()), capacity, idle }
    }

    fn slots(&self) -> MutexGuard<'_, HashMap<String, Slot<S>>> {
        // The map is only read and written in short sections that cannot panic half-way, so
        // a poisoned lock still holds a consistent map.
        self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Drops every session idle for longer than the idle limit; returns how many.
    pub fn sweep(&self) -> usize {
        let now = Instant::now();
        let mut slots = self.slots();
        let before = slots.len();
        slots.retain(|_, slot| now.duration_since(slot.last_used) <= self.idle);
        before - slots.len()
    }

    /// Stores a new session under a fresh random id; 503 when the store is full.
    pub fn insert(&self, session: S) -> Result<String, ApiError> {
        self.sweep();
        let mut slots = self.slots();
        if slots.len() >= self.capacity {
            return Err(ApiError::unavailable(format!(
                "too many sessions: {} are live, the limit is {}; idle ones expire after {} s",
                slots.len(),
                self.capacity,
                self.idle.as_secs()
            )));
        }
        let id = loop {
            let id = format!("{:016x}", rand::random::<u64>());
            if !slots.contains_key(&id) {
                break id;
            }
        };
        let slot = Slot { session: Arc::new(Mutex::new(session)), last_used: Instant::now() };
        slots.insert(id.clone(), slot);
        Ok(id)
    }

    /// The session with this id (and marks it used); 404 when there is none (never created,
    /// expired or dropped).
    pub fn get(&self, id: &str) -> Result<Shared<S>, ApiError> {
        let now = Instant::now();
        let mut slots = self.slots();
        match slots.get_mut(id) {
            Some(slot) if now.duration_since(slot.last_used) <= self.idle => {
                slot.last_used = now;
                Ok(Arc::clone(&slot.session))
            }
            Some(_) => {
                slots.remove(id);
                Err(ApiError::not_found(format!("session {:?} expired", clip(id))))
            }
            None => Err(ApiError::not_found(format!("no session {:?}", clip(id)))),
        }
    }

    /// Drops a session (after a bug left it in an unknown state).
    pub fn remove(&self, id: &str) {
        self.slots().remove(id);
    }

    /// The number of sessions held (expired ones included until the next sweep).
    pub fn count(&self) -> usize {
        self.slots().len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn capacity_is_enforced_and_ids_are_found() {
        let store = Store::new(2, Duration::from_secs(60));
        let a = store.insert(1).unwrap();
        let b = store.insert(2).unwrap();
        assert_ne!(a, b);
        let err = store.insert(3).unwrap_err();
        assert_eq!(err.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(*store.get(&b).unwrap().lock().unwrap(), 2);
        assert_eq!(store.get("nope").unwrap_err().status, axum::http::StatusCode::NOT_FOUND);
        store.remove(&a);
        assert!(store.insert(4).is_ok());
        assert_eq!(store.count(), 2);
    }

    #[test]
    fn idle_sessions_expire() {
        let store = Store::new(1, Duration::from_millis(20));
        let a = store.insert("x").unwrap();
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(store.get(&a).unwrap_err().status, axum::http::StatusCode::NOT_FOUND);
        assert_eq!(store.count(), 0);
        store.insert("y").unwrap();
        std::thread::sleep(Duration::from_millis(40));
        // The full store makes room by expiring the idle session.
        store.insert("z").unwrap();
        assert_eq!(store.count(), 1);
    }
}
