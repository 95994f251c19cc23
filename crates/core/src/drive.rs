//! The batch drivers of the reports: loops over many independent items (games, deals, walls)
//! on all cores, each with a [`Cancel`] flag and a progress callback, written once for every
//! game crate and read by every front end.
//!
//! - The flag is checked before each item; once it is set no further item starts and the
//!   driver returns [`Cancelled`] (a result computed from part of the items is never returned).
//!   Each item runs inside [`cancel::scope`](crate::cancel::scope), so the long loops within an
//!   item (a Monte Carlo bot, a census class) stop too.
//! - The progress callback is called with the number of items just finished (1 per item), from
//!   any thread: a front end moves its progress bar with it.
//! - Items are numbered `0..n` (or a range) and results come back in that order, so a result
//!   never depends on the number of threads.
//!
//! The parallel drivers need the `rayon` feature; [`Cancelled`] and [`NO_PROGRESS`] are always
//! there.
//!
//! ```
//! # #[cfg(feature = "rayon")] {
//! use tabletop_core::cancel::Cancel;
//! use tabletop_core::drive;
//!
//! let squares = drive::map(5, &Cancel::new(), drive::NO_PROGRESS, |i| i * i).unwrap();
//! assert_eq!(squares, [0, 1, 4, 9, 16]);
//! let cancel = Cancel::new();
//! cancel.cancel();
//! assert!(drive::map(5, &cancel, drive::NO_PROGRESS, |i| i).is_err());
//! # }
//! ```

use crate::cancel::Cancel;
#[cfg(feature = "rayon")]
use crate::cancel::scope;

/// The error of a driver whose [`Cancel`] flag was set before all its items were done.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, thiserror::Error)]
#[error("the work was cancelled")]
pub struct Cancelled;

/// A progress callback: called with the number of items just finished, from any thread.
pub type Progress<'a> = &'a (dyn Fn(u64) + Sync);

/// The progress callback that shows nothing.
pub const NO_PROGRESS: Progress<'static> = &|_| {};

/// `Err(Cancelled)` when `cancel` is set, else `Ok(())`: what a sequential loop checks between
/// its items.
///
/// # Errors
/// [`Cancelled`] when the flag is set.
pub fn check(cancel: &Cancel) -> Result<(), Cancelled> {
    if cancel.is_cancelled() { Err(Cancelled) } else { Ok(()) }
}

/// `f(0), ..., f(n - 1)` computed on all cores, in index order.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every item was done.
#[cfg(feature = "rayon")]
pub fn map<T, F>(n: u64, cancel: &Cancel, progress: Progress<'_>, f: F) -> Result<Vec<T>, Cancelled>
where
    T: Send,
    F: Fn(u64) -> T + Sync + Send,
{
    map_with(n, cancel, progress, || (), |(), i| f(i))
}

/// [`map`] with a scratch value per thread (a solver and its tables): `f(&mut scratch, i)`,
/// each thread's scratch made by `init`.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every item was done.
#[cfg(feature = "rayon")]
pub fn map_with<S, T, I, F>(
    n: u64,
    cancel: &Cancel,
    progress: Progress<'_>,
    init: I,
    f: F,
) -> Result<Vec<T>, Cancelled>
where
    T: Send,
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, u64) -> T + Sync + Send,
{
    use rayon::prelude::*;
    (0..n)
        .into_par_iter()
        .map_init(init, |scratch, i| item(cancel, progress, || f(scratch, i)))
        .collect::<Option<Vec<T>>>()
        .ok_or(Cancelled)
}

/// `f` of each element of `items` computed on all cores, in order.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every item was done.
#[cfg(feature = "rayon")]
pub fn map_slice<S, T, F>(
    items: &[S],
    cancel: &Cancel,
    progress: Progress<'_>,
    f: F,
) -> Result<Vec<T>, Cancelled>
where
    S: Sync,
    T: Send,
    F: Fn(&S) -> T + Sync + Send,
{
    use rayon::prelude::*;
    items
        .par_iter()
        .map(|s| item(cancel, progress, || f(s)))
        .collect::<Option<Vec<T>>>()
        .ok_or(Cancelled)
}

/// The items of `range` folded on all cores: each thread starts from `init()`, adds its items
/// with `add`, and the partial results are combined with `merge` (which must make the result
/// independent of the split: totals in integers).
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every item was done.
#[cfg(feature = "rayon")]
pub fn fold<A, I, F, M>(
    range: std::ops::Range<u64>,
    cancel: &Cancel,
    progress: Progress<'_>,
    init: I,
    add: F,
    merge: M,
) -> Result<A, Cancelled>
where
    A: Send,
    I: Fn() -> A + Sync + Send,
    F: Fn(&mut A, u64) + Sync + Send,
    M: Fn(&mut A, A) + Sync + Send,
{
    use rayon::prelude::*;
    let total = range
        .into_par_iter()
        .map(|i| (!cancel.is_cancelled()).then_some(i))
        .while_some()
        .fold(&init, |mut acc, i| {
            scope(cancel, || add(&mut acc, i));
            progress(1);
            acc
        })
        .reduce(&init, |mut a, b| {
            merge(&mut a, b);
            a
        });
    // Items were skipped, or one may have been cut short by the flag.
    check(cancel)?;
    Ok(total)
}

/// `f(0), ..., f(n - 1)` computed on all cores `chunk` items at a time and handed to `sink` in
/// index order, each chunk before the next starts: output streams in order with memory bounded
/// by one chunk.
///
/// # Errors
/// [`StreamError::Cancelled`] when `cancel` was set before every item was done (the chunks
/// handed over so far stay handed over); [`StreamError::Sink`] with the first error of `sink`.
#[cfg(feature = "rayon")]
pub fn stream<T, E, F, S>(
    n: u64,
    chunk: u64,
    cancel: &Cancel,
    progress: Progress<'_>,
    f: F,
    mut sink: S,
) -> Result<(), StreamError<E>>
where
    T: Send,
    F: Fn(u64) -> T + Sync + Send,
    S: FnMut(T) -> Result<(), E>,
{
    use rayon::prelude::*;
    let chunk = chunk.max(1);
    let mut start = 0;
    while start < n {
        let end = n.min(start.saturating_add(chunk));
        let items = (start..end)
            .into_par_iter()
            .map(|i| item(cancel, progress, || f(i)))
            .collect::<Option<Vec<T>>>()
            .ok_or(StreamError::Cancelled(Cancelled))?;
        for t in items {
            sink(t).map_err(StreamError::Sink)?;
        }
        start = end;
    }
    Ok(())
}

/// Why [`stream`] stopped.
#[cfg(feature = "rayon")]
#[derive(Debug, thiserror::Error)]
pub enum StreamError<E> {
    /// The flag was set before every item was done.
    #[error(transparent)]
    Cancelled(#[from] Cancelled),
    /// The sink failed.
    #[error(transparent)]
    Sink(E),
}

/// Runs `work` with the drivers on `threads` threads (None or 0: one per core) instead of the
/// global pool.
///
/// # Errors
/// [`ThreadsError`] when the threads cannot be started.
#[cfg(feature = "rayon")]
pub fn with_threads<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> T + Send,
) -> Result<T, ThreadsError> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| ThreadsError(e.to_string()))?;
    Ok(pool.install(work))
}

/// The threads of [`with_threads`] could not be started.
#[cfg(feature = "rayon")]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot start the threads: {0}")]
pub struct ThreadsError(String);

/// One item: skipped (None) once the flag is set, else run inside the flag's scope and counted.
#[cfg(feature = "rayon")]
fn item<T>(cancel: &Cancel, progress: Progress<'_>, f: impl FnOnce() -> T) -> Option<T> {
    if cancel.is_cancelled() {
        return None;
    }
    let t = scope(cancel, f);
    progress(1);
    // An item that saw the flag may have been cut short: it is not a result.
    (!cancel.is_cancelled()).then_some(t)
}

#[cfg(all(test, feature = "rayon"))]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn maps_keep_the_order_and_count_every_item() {
        let done = AtomicU64::new(0);
        let count = |n: u64| {
            done.fetch_add(n, Ordering::Relaxed);
        };
        let out = map(1000, &Cancel::new(), &count, |i| i * 3).unwrap();
        assert_eq!(out, (0..1000).map(|i| i * 3).collect::<Vec<_>>());
        let items: Vec<u64> = (0..500).rev().collect();
        let out = map_slice(&items, &Cancel::new(), &count, |&i| i + 1).unwrap();
        assert_eq!(out, (1..=500).rev().collect::<Vec<_>>());
        assert_eq!(done.load(Ordering::Relaxed), 1500);
    }

    #[test]
    fn a_flag_set_during_the_work_stops_it() {
        let cancel = Cancel::new();
        let started = AtomicU64::new(0);
        let out = map(100_000, &cancel, NO_PROGRESS, |i| {
            if started.fetch_add(1, Ordering::Relaxed) == 10 {
                cancel.cancel();
            }
            // The item sees the flag through its scope.
            crate::cancel::requested() && i > 0
        });
        assert_eq!(out, Err(Cancelled));
        assert!(started.load(Ordering::Relaxed) < 100_000, "items started after the flag");
        let summed =
            fold(0..100_000, &cancel, NO_PROGRESS, || 0u64, |a, i| *a += i, |a, b| *a += b);
        assert_eq!(summed, Err(Cancelled));
    }

    #[test]
    fn folds_agree_with_a_sequential_sum() {
        let done = AtomicU64::new(0);
        let count = |n: u64| {
            done.fetch_add(n, Ordering::Relaxed);
        };
        let sum = fold(3..10_003, &Cancel::new(), &count, || 0u64, |a, i| *a += i, |a, b| *a += b);
        assert_eq!(sum, Ok((3..10_003).sum()));
        assert_eq!(done.load(Ordering::Relaxed), 10_000);
    }

    #[test]
    fn streams_hand_over_chunks_in_order() {
        let mut seen = Vec::new();
        let r: Result<(), StreamError<()>> = stream(
            1001,
            64,
            &Cancel::new(),
            NO_PROGRESS,
            |i| i,
            |x| {
                seen.push(x);
                Ok(())
            },
        );
        assert!(r.is_ok());
        assert_eq!(seen, (0..1001).collect::<Vec<_>>());
        let mut seen = 0;
        let r = stream(
            1001,
            64,
            &Cancel::new(),
            NO_PROGRESS,
            |i| i,
            |_| {
                seen += 1;
                if seen == 70 { Err("full") } else { Ok(()) }
            },
        );
        assert!(matches!(r, Err(StreamError::Sink("full"))));
        assert_eq!(seen, 70, "nothing is handed over after a sink error");
        let cancel = Cancel::new();
        cancel.cancel();
        let r: Result<(), StreamError<()>> = stream(10, 4, &cancel, NO_PROGRESS, |i| i, |_| Ok(()));
        assert!(matches!(r, Err(StreamError::Cancelled(Cancelled))));
    }

    #[test]
    fn pools_of_a_given_size() {
        assert_eq!(with_threads(Some(3), rayon::current_num_threads), Ok(3));
        assert_eq!(check(&Cancel::new()), Ok(()));
        let c = Cancel::new();
        c.cancel();
        assert_eq!(check(&c), Err(Cancelled));
    }
}
