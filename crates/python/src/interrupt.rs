//! Ctrl-C during long calls: the work runs on a helper thread with the GIL released while the
//! calling thread checks Python's signals every few milliseconds; on `KeyboardInterrupt` the
//! work is told to stop (a flag it checks between items) and the exception is raised as soon
//! as the helper has returned. The flag is the library's own [`Cancel`], and the helper runs
//! under [`tabletop_core::cancel::scope`], so the library loops that check it (Take 6!'s Monte
//! Carlo bot and sampled analysis) stop too.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::prelude::*;
use tabletop_core::cancel::{self, Cancel};

/// How often the calling thread looks for a signal.
const POLL: Duration = Duration::from_millis(20);

/// Runs `work` with the GIL released and Ctrl-C (any Python signal handler that raises)
/// answered within a few tens of milliseconds plus the time `work` takes to notice
/// [`Cancel::is_cancelled`] (interruptible work checks it between items).
///
/// # Errors
/// The exception the signal handler raised (`KeyboardInterrupt` for Ctrl-C).
pub fn interruptible<T: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Cancel) -> T + Send,
) -> PyResult<T> {
    let cancel = Cancel::new();
    py.detach(|| {
        std::thread::scope(|scope| {
            let (tx, rx) = mpsc::channel();
            let cancel = &cancel;
            scope.spawn(move || {
                // The receiver waits for this unless a signal came first; then it is gone.
                let _ = tx.send(cancel::scope(cancel, || work(cancel)));
            });
            loop {
                match rx.recv_timeout(POLL) {
                    Ok(value) => return Ok(value),
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        if let Err(e) = Python::attach(|py| py.check_signals()) {
                            cancel.cancel();
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

/// The `KeyboardInterrupt` of work that stopped because its flag was set (the signal's own
/// exception is raised first whenever the signal handler raised one).
pub fn interrupted() -> PyErr {
    pyo3::exceptions::PyKeyboardInterrupt::new_err("interrupted")
}

/// [`interruptible`] for work that may run long, else the work with the GIL released on this
/// thread (a helper thread costs some microseconds: too much for a call that takes less).
///
/// # Errors
/// As [`interruptible`].
pub fn interruptible_if<T: Send>(
    py: Python<'_>,
    long: bool,
    work: impl FnOnce(&Cancel) -> T + Send,
) -> PyResult<T> {
    if long { interruptible(py, work) } else { Ok(py.detach(|| work(&Cancel::new()))) }
}

/// Whether a bot's decision may take long: the Monte Carlo bots (`mc`, `mc:N`, `mc:Nms`) and
/// the network-guided ones (`nn-mc`, `nn-mc:N`, `nn-mc:Nms`).
pub fn slow_bot(bot: &str) -> bool {
    bot.starts_with("mc") || bot.starts_with("nn-mc")
}
