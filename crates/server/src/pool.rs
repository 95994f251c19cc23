//! The fair pool: who may start CPU work, and when.
//!
//! Work that can take long (bots answering, Monte Carlo, analysis, reviews, large judges, race
//! tables) needs a slot of the pool, [`crate::Config::workers`] slots in all. Each client may
//! hold at most [`crate::Config::workers_per_client`] of them and waits in its own queue for
//! more; the clients' heads of queue then take the free slots in the order they came (the
//! pool's queue is first come, first served), so a client with many requests waiting gets
//! one slot in turn with everyone else, round-robin, and never the whole pool. Each piece of
//! work stops at its budget ([`crate::Config::work_deadline`]), which bounds every wait.
//!
//! Cheap work (reading a game's state, its record or one position, an undo, deleting a game,
//! small judges) does not queue behind it: it runs at once, bounded only by
//! [`LIGHT_SLOTS`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How many pieces of cheap work may run at once.
pub const LIGHT_SLOTS: usize = 64;

/// Why no slot was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// The pool is closed (the server is stopping).
    Closed,
}

/// The slots, and each client's own queue.
pub struct Pool {
    slots: Arc<Semaphore>,
    per_client: usize,
    clients: Mutex<HashMap<String, Arc<Semaphore>>>,
    light: Arc<Semaphore>,
}

/// A slot of the pool, held while the work runs; given back when dropped.
pub struct Slot {
    // Fields drop in this order: the slots first, then the ticket sees whether the client's
    // queue is still in use.
    _slot: OwnedSemaphorePermit,
    _own: OwnedSemaphorePermit,
    _ticket: Ticket,
}

/// A client's place in the pool while it holds or waits for a slot: the last one out removes
/// the client's queue.
struct Ticket {
    pool: Arc<Pool>,
    client: String,
    queue: Arc<Semaphore>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut clients = self.pool.clients.lock().unwrap_or_else(PoisonError::into_inner);
        // The map's handle and this one: no other ticket holds this queue (each is made under
        // this lock), so nobody holds or waits for a slot of this client.
        if Arc::strong_count(&self.queue) == 2 {
            clients.remove(&self.client);
        }
    }
}

impl Pool {
    /// A pool of `slots` slots, at most `per_client` per client (both at least 1).
    pub fn new(slots: usize, per_client: usize) -> Pool {
        Pool {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            per_client: per_client.max(1),
            clients: Mutex::new(HashMap::new()),
            light: Arc::new(Semaphore::new(LIGHT_SLOTS)),
        }
    }

    /// A slot for `client`'s heavy work, once its turn comes (see the module docs). A request
    /// that stops waiting (its future dropped) leaves both queues.
    ///
    /// # Errors
    /// [`Refused::Closed`] when the pool is closed.
    pub async fn heavy(self: &Arc<Self>, client: &str) -> Result<Slot, Refused> {
        let ticket = {
            let mut clients = self.clients.lock().unwrap_or_else(PoisonError::into_inner);
            let queue = clients
                .entry(client.to_owned())
                .or_insert_with(|| Arc::new(Semaphore::new(self.per_client)));
            Ticket { pool: Arc::clone(self), client: client.to_owned(), queue: Arc::clone(queue) }
        };
        let own = Arc::clone(&ticket.queue).acquire_owned().await.map_err(|_| Refused::Closed)?;
        let slot = Arc::clone(&self.slots).acquire_owned().await.map_err(|_| Refused::Closed)?;
        Ok(Slot { _slot: slot, _own: own, _ticket: ticket })
    }

    /// A slot for cheap work: at once unless [`LIGHT_SLOTS`] pieces already run.
    ///
    /// # Errors
    /// [`Refused::Closed`] when the pool is closed.
    pub async fn light(&self) -> Result<OwnedSemaphorePermit, Refused> {
        Arc::clone(&self.light).acquire_owned().await.map_err(|_| Refused::Closed)
    }

    /// How many clients hold or wait for a heavy slot.
    #[cfg(test)]
    fn clients(&self) -> usize {
        self.clients.lock().unwrap_or_else(PoisonError::into_inner).len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `future` completes at its first poll.
    fn ready<F: std::future::Future>(future: F) -> Option<F::Output> {
        let waker = std::task::Waker::noop();
        let mut cx = std::task::Context::from_waker(waker);
        let mut future = std::pin::pin!(future);
        match future.as_mut().poll(&mut cx) {
            std::task::Poll::Ready(out) => Some(out),
            std::task::Poll::Pending => None,
        }
    }

    #[tokio::test]
    async fn clients_take_turns_and_leave_no_trace() {
        let pool = Arc::new(Pool::new(2, 1));
        // Client a holds one slot; its second request waits in its own queue although a
        // slot is free.
        let a1 = pool.heavy("a").await.unwrap();
        let p = Arc::clone(&pool);
        let a2 = tokio::spawn(async move { p.heavy("a").await.map(|_| ()) });
        tokio::task::yield_now().await;
        assert!(!a2.is_finished());
        // Client b gets the free slot at once.
        let b1 = ready(pool.heavy("b")).expect("b is not queued behind a").unwrap();
        // Both slots taken: c waits; once a's first slot is back, a's second and c share
        // the turn in the order they asked.
        let p = Arc::clone(&pool);
        let c1 = tokio::spawn(async move { p.heavy("c").await.map(|_| ()) });
        tokio::task::yield_now().await;
        assert!(!c1.is_finished());
        drop(b1);
        // b's slot went to c: a's second request still waits for a's own first one.
        c1.await.unwrap().unwrap();
        assert!(!a2.is_finished());
        drop(a1);
        a2.await.unwrap().unwrap();
        assert_eq!(pool.clients(), 0, "every queue is removed once unused");
        // A request given up leaves no trace either.
        let held = pool.heavy("d").await.unwrap();
        let waiting = ready(pool.heavy("d"));
        assert!(waiting.is_none());
        assert_eq!(pool.clients(), 1);
        drop(held);
        assert_eq!(pool.clients(), 0);
        assert!(ready(pool.light()).is_some());
    }
}
