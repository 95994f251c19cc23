//! Cooperative cancellation of long work: a front end runs work inside [`scope`] with a
//! [`Cancel`] flag, and the long loops of the library (Monte Carlo playouts and samples) ask
//! [`requested`] now and then and stop early once it is set.
//!
//! Work stopped this way returns a result computed from less than its budget: the front end
//! that cancelled it must throw that result away (the server takes back a bot action that was
//! cut short). Outside any scope, [`requested`] is always `false`, so the library's results
//! are exactly as before for every other caller.
//!
//! ```
//! use tabletop_core::cancel::{Cancel, requested, scope};
//!
//! let cancel = Cancel::new();
//! assert!(!scope(&cancel, requested));
//! cancel.cancel();
//! assert!(scope(&cancel, requested));
//! assert!(!requested()); // outside the scope
//! ```

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag shared between the work and whoever may cancel it; once set it stays set.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not set.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Asks the work to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether [`Cancel::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

thread_local! {
    static CURRENT: RefCell<Option<Cancel>> = const { RefCell::new(None) };
}

/// Runs `work` on this thread with `cancel` as the flag that [`requested`] reads; the flag
/// in force before is restored afterwards (also when `work` panics).
pub fn scope<T>(cancel: &Cancel, work: impl FnOnce() -> T) -> T {
    struct Restore(Option<Cancel>);
    impl Drop for Restore {
        fn drop(&mut self) {
            let previous = self.0.take();
            CURRENT.with(|c| *c.borrow_mut() = previous);
        }
    }
    let previous = CURRENT.with(|c| c.borrow_mut().replace(cancel.clone()));
    let _restore = Restore(previous);
    work()
}

/// The flag of the work running on this thread (`None` outside [`scope`]): what a loop that
/// hands work to other threads (rayon's workers do not inherit the scope) passes on to them.
pub fn current() -> Option<Cancel> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Whether the work running on this thread was asked to stop (`false` outside [`scope`]).
pub fn requested() -> bool {
    CURRENT.with(|c| c.borrow().as_ref().is_some_and(Cancel::is_cancelled))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_nest_and_restore() {
        let (outer, inner) = (Cancel::new(), Cancel::new());
        outer.cancel();
        scope(&outer, || {
            assert!(requested());
            scope(&inner, || assert!(!requested()));
            assert!(requested());
        });
        assert!(!requested());
        let caught = std::panic::catch_unwind(|| scope(&outer, || panic!("inside")));
        assert!(caught.is_err());
        assert!(!requested(), "a panic restores the flag before it");
    }

    #[test]
    fn other_threads_are_not_cancelled() {
        let c = Cancel::new();
        c.cancel();
        scope(&c, || {
            assert!(requested());
            assert!(!std::thread::spawn(requested).join().unwrap());
            // Handed on explicitly, the flag reaches another thread.
            let flag = current().expect("inside a scope");
            assert!(std::thread::spawn(move || scope(&flag, requested)).join().unwrap());
        });
        assert!(current().is_none());
    }
}
