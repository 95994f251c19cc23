//! A batch job in parts: the items of a job (Take 6! deals, Mahjong walls, ...) are numbered
//! `0..total`, each item's randomness is drawn from its number alone (`sub_seed(seed, i)`),
//! so any split of the numbers into ranges, run anywhere (threads, processes, the tasks of a
//! Ray cluster) and merged, gives the result of the whole job run at once. [`split`] cuts a
//! job into parts; [`check_cover`] checks that the parts brought back for merging are the
//! whole job, each item once.
//!
//! ```
//! use tabletop_core::parts::{check_cover, split};
//!
//! let parts = split(10, 3)?;
//! assert_eq!(parts, [0..4, 4..7, 7..10]);
//! assert!(check_cover(&parts, 10).is_ok());
//! assert!(check_cover(&parts[..2], 10).is_err());
//! # Ok::<(), tabletop_core::parts::PartsError>(())
//! ```

use std::ops::Range;

/// Why parts cannot be split or merged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PartsError {
    /// A job split into no parts.
    #[error("cannot split {total} items into 0 parts: expected at least 1")]
    NoParts {
        /// The items of the job.
        total: u64,
    },
    /// An empty part, or one that runs backwards.
    #[error("part {first}..{stop} is empty: expected first < stop")]
    Empty {
        /// Its first item.
        first: u64,
        /// One past its last item.
        stop: u64,
    },
    /// A part beyond the job's items.
    #[error("part {first}..{stop} goes beyond the job's {total} items")]
    Beyond {
        /// Its first item.
        first: u64,
        /// One past its last item.
        stop: u64,
        /// The items of the job.
        total: u64,
    },
    /// Two parts that share items.
    #[error("parts {}..{} and {}..{} overlap", .first.start, .first.end, .second.start, .second.end)]
    Overlap {
        /// The part that starts first.
        first: Range<u64>,
        /// The part that starts inside it.
        second: Range<u64>,
    },
    /// Items no part holds.
    #[error("items {}..{} are in no part (of {total}): the parts are not the whole job", .missing.start, .missing.end)]
    Missing {
        /// The first run of missing items.
        missing: Range<u64>,
        /// The items of the job.
        total: u64,
    },
}

/// Splits items `0..total` into `parts` consecutive ranges of sizes differing by at most one
/// (the first ones the larger), in order; fewer parts when there are fewer items (no part is
/// empty), none for no items.
///
/// # Errors
/// [`PartsError::NoParts`] for `parts == 0`.
pub fn split(total: u64, parts: u64) -> Result<Vec<Range<u64>>, PartsError> {
    if parts == 0 {
        return Err(PartsError::NoParts { total });
    }
    let parts = parts.min(total);
    if parts == 0 {
        return Ok(Vec::new());
    }
    let (size, larger) = (total / parts, total % parts);
    let mut first = 0;
    Ok((0..parts)
        .map(|p| {
            let stop = first + size + u64::from(p < larger);
            let range = first..stop;
            first = stop;
            range
        })
        .collect())
}

/// Checks that `parts` (in any order) hold each item of `0..total` exactly once.
///
/// # Errors
/// The first problem found, in the order of the parts' first items: an empty part, a part
/// beyond `total`, two overlapping parts, or the first run of items no part holds.
pub fn check_cover(parts: &[Range<u64>], total: u64) -> Result<(), PartsError> {
    let mut sorted = parts.to_vec();
    sorted.sort_by_key(|r| (r.start, r.end));
    let mut next = 0;
    let mut previous: Option<&Range<u64>> = None;
    for part in &sorted {
        if part.start >= part.end {
            return Err(PartsError::Empty { first: part.start, stop: part.end });
        }
        if part.end > total {
            return Err(PartsError::Beyond { first: part.start, stop: part.end, total });
        }
        if let Some(prev) = previous.filter(|p| part.start < p.end) {
            return Err(PartsError::Overlap { first: prev.clone(), second: part.clone() });
        }
        if part.start > next {
            return Err(PartsError::Missing { missing: next..part.start, total });
        }
        next = part.end;
        previous = Some(part);
    }
    if next < total {
        return Err(PartsError::Missing { missing: next..total, total });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every item of `0..total` in exactly one part, counted one by one.
    fn covers_by_counting(parts: &[Range<u64>], total: u64) -> bool {
        (0..total).all(|i| parts.iter().filter(|p| p.contains(&i)).count() == 1)
            && parts.iter().all(|p| p.start < p.end && p.end <= total)
    }

    #[test]
    fn split_is_balanced_ordered_and_whole() {
        for total in 0..40 {
            for n in 1..12 {
                let parts = split(total, n).unwrap();
                assert_eq!(parts.len() as u64, n.min(total), "{total} in {n}");
                assert!(covers_by_counting(&parts, total), "{total} in {n}: {parts:?}");
                assert!(parts.windows(2).all(|w| w[0].end == w[1].start));
                let sizes: Vec<u64> = parts.iter().map(|p| p.end - p.start).collect();
                assert!(sizes.windows(2).all(|w| w[0] >= w[1] && w[0] - w[1] <= 1), "{sizes:?}");
                assert_eq!(check_cover(&parts, total), Ok(()));
            }
        }
        assert_eq!(split(5, 0), Err(PartsError::NoParts { total: 5 }));
        assert_eq!(split(u64::MAX, 2).unwrap()[1].end, u64::MAX);
    }

    #[test]
    fn check_cover_agrees_with_counting_on_every_small_set_of_parts() {
        // Every set of up to three ranges inside 0..5 (empty ones included), against 0..4.
        let ranges: Vec<Range<u64>> =
            (0..5).flat_map(|a| (0..=5).map(move |b| a..b)).collect::<Vec<_>>();
        for a in &ranges {
            for b in &ranges {
                for c in &ranges {
                    let parts = [a.clone(), b.clone(), c.clone()];
                    for n in 1..=3 {
                        let parts = &parts[..n];
                        assert_eq!(
                            check_cover(parts, 4).is_ok(),
                            covers_by_counting(parts, 4),
                            "{parts:?}"
                        );
                    }
                }
            }
        }
        assert_eq!(check_cover(&[], 0), Ok(()));
    }

    #[test]
    fn check_cover_names_the_problem() {
        let message =
            |parts: &[Range<u64>], total| check_cover(parts, total).unwrap_err().to_string();
        assert_eq!(message(&[0..3, 3..3], 3), "part 3..3 is empty: expected first < stop");
        assert_eq!(message(&[0..2, 2..9], 5), "part 2..9 goes beyond the job's 5 items");
        assert_eq!(message(&[2..5, 0..3], 5), "parts 0..3 and 2..5 overlap");
        assert_eq!(
            message(&[0..2, 3..5], 5),
            "items 2..3 are in no part (of 5): the parts are not the whole job"
        );
        assert_eq!(
            message(std::slice::from_ref(&(0..2)), 5),
            "items 2..5 are in no part (of 5): the parts are not the whole job"
        );
    }
}
