//! Ctrl-C during long calls: the work runs on a helper thread with the GIL released while the
//! calling thread checks Python's signals every few milliseconds; on `KeyboardInterrupt` the
//! work is told to stop (a flag it checks between items) and the exception is raised as soon
//! as the helper has returned.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;

/// How often the calling thread looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// Whether the work was told to stop (checked between items by interruptible work).
pub struct Cancel(AtomicBool);

impl Cancel {
    /// Whether to stop now.
    pub fn stop(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Runs `work` with the GIL released and Ctrl-C (any Python signal handler that raises)
/// answered within a few tens of milliseconds plus the time `work` takes to notice
/// [`Cancel::stop`].
///
/// # Errors
/// The exception the signal handler raised (`KeyboardInterrupt` for Ctrl-C).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Cancel) -> T + Send,
) -> PyResult<T> {
    let cancel = Cancel(AtomicBool::new(false));
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let cancel = &cancel;
            scope.spawn(move || {
                // The receiver waits for this unless a signal came first; then it is gone.
                let _ = tx.send(work(cancel));
            });
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(value) => return Ok(value),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.0.store(true, Ordering::Relaxed);
                            return Err(e); // the scope joins the helper, which stops soon
                        }
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => {
                        // The helper panicked: the scope re-raises its panic on join.
                        return Err(pyo3::exceptions::PyRuntimeError::new_err(
                            "the work thread stopped without a result",
                        ));
                    }
                }
            }
        })
    })
}
