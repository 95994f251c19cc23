//! Finding deals: deals with a given importance of the first move, and sets of deals with
//! pairwise distinct importances, found at run time by a seeded local search.
//!
//! Trade-offs. Most random deals have importance 0 and values above 9 are rare, so the search
//! is simulated annealing over swaps of one of Alice's cards with one of Bob's, on the
//! distance between the importance and a target; every deal it solves is also offered to the
//! caller, so one walk towards a high target collects the values on the way. Restarts every
//! 4,000 swaps from a fresh random deal keep a walk from staying stuck. The set of achievable
//! importances is known (see [`ACHIEVABLE`]), so an impossible request is refused at once
//! instead of being searched forever. Everything is deterministic from the seed.

use std::collections::HashMap;

use tabletop_core::rand::Rng as _;
use tabletop_core::rand::seq::SliceRandom;
use tabletop_core::{Rng, seeded_rng};

use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::error::FindError;
use crate::solver::importance;

/// Every importance some deal has: 0 to 24, 26 and 30.
///
/// A loser ends holding reserve cards only (see [`Deal::reserve`]), so the importance is at
/// most the number of reserve cards, `36 - N` with `N` non-reserve cards; solving every deal
/// with `N <= 11` (about 410,000 up to relabelling the suits) shows the maximum 30 and the gaps
/// 25, 27, 28 and 29. [`low_reserve_deals`] lists those deals (409,766 of them) and
/// `tabletop nine enumerate` solves them all: every value of this list occurs among them, and
/// above 24 only 26 and 30 do. The test `crates/nine/tests/achievable.rs` derives this list
/// from that enumeration and checks the enumeration complete (run in release by `.ci/run`).
pub const ACHIEVABLE: [u32; 27] = [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 26,
    30,
];

/// Whether some deal has importance `v`.
pub fn is_achievable(v: u32) -> bool {
    ACHIEVABLE.contains(&v)
}

/// A uniformly random deal.
pub fn random_deal(rng: &mut Rng) -> Deal {
    let mut cards: Vec<Card> = CardSet::FULL.iter().collect();
    cards.shuffle(rng);
    Deal::from_alice(cards[..18].iter().copied().collect()).expect("18 of 36 distinct cards")
}

/// A random swap of one of Alice's cards with one of Bob's.
fn neighbour(deal: Deal, rng: &mut Rng) -> Deal {
    let a: Vec<Card> = deal.alice().iter().collect();
    let b: Vec<Card> = deal.bob().iter().collect();
    deal.swapped(a[rng.random_range(0..a.len())], b[rng.random_range(0..b.len())])
}

/// A deal with importance `target`, by simulated annealing over card swaps from random deals,
/// solving at most `budget` deals. Inside a [`cancel::scope`](tabletop_core::cancel::scope) it
/// stops with [`FindError::Cancelled`] once the flag is set.
///
/// ```
/// let deal = tabletop_nine::find_deal(4, 1, 100_000)?;
/// assert_eq!(tabletop_nine::importance(deal), 4);
/// # Ok::<(), tabletop_nine::FindError>(())
/// ```
pub fn find_deal(target: u32, seed: u64, budget: u64) -> Result<Deal, FindError> {
    if !is_achievable(target) {
        return Err(FindError::Impossible(target));
    }
    let mut rng = seeded_rng(seed);
    let mut found = None;
    anneal(
        &mut rng,
        budget,
        |_| target,
        |deal, v| {
            if v == target {
                found = Some(deal);
            }
            found.is_some() || tabletop_core::cancel::requested()
        },
    );
    match found {
        Some(deal) => Ok(deal),
        None if tabletop_core::cancel::requested() => Err(FindError::Cancelled),
        None => Err(FindError::NotFound { target, budget }),
    }
}

/// `k` deals with pairwise distinct importances, with their importances, in increasing order
/// of importance, solving at most `budget` deals.
///
/// Fails at once with [`FindError::TooMany`] for `k > 27` (only 27 importances exist, see
/// [`ACHIEVABLE`]), and with [`FindError::NotEnough`] when the budget runs out first. The
/// search is random, so no finite budget is guaranteed in general, but it is deterministic:
/// with [`JUDGE_SEED`](crate::JUDGE_SEED), k = 26 needs about 1,200 solved deals.
pub fn find_distinct(k: usize, seed: u64, budget: u64) -> Result<Vec<(Deal, u32)>, FindError> {
    find_distinct_counted(k, seed, budget).map(|(deals, _)| deals)
}

/// [`find_distinct`], with the number of deals solved on the way.
pub fn find_distinct_counted(
    k: usize,
    seed: u64,
    budget: u64,
) -> Result<(Vec<(Deal, u32)>, u64), FindError> {
    if k > ACHIEVABLE.len() {
        return Err(FindError::TooMany(k));
    }
    let mut rng = seeded_rng(seed);
    let mut have: [Option<Deal>; 37] = [None; 37];
    let mut count = 0;
    let solved = anneal(&mut rng, budget, largest_missing, |deal, v| {
        if have[v as usize].is_none() {
            have[v as usize] = Some(deal);
            count += 1;
        }
        count >= k
    });
    if count < k {
        return Err(FindError::NotEnough { k, found: count, budget });
    }
    let mut out: Vec<(Deal, u32)> =
        (0..37u32).filter_map(|v| have[v as usize].map(|d| (d, v))).collect();
    out.truncate(k);
    Ok((out, solved))
}

/// The largest achievable importance not in `have_mask` (bit `v` for importance `v`), or 0
/// once every one is there: where [`find_distinct`] aims next.
fn largest_missing(have_mask: u64) -> u32 {
    ACHIEVABLE.iter().rev().copied().find(|&v| have_mask >> v & 1 == 0).unwrap_or(0)
}

/// The Metropolis rule: a step from distance `d` to `e` is taken when it is no worse, else
/// when a uniform draw (made only then) is below `exp((d - e) / temp)`.
#[inline]
fn accept(d: f64, e: f64, temp: f64, draw: impl FnOnce() -> f64) -> bool {
    e <= d || draw() < ((d - e) / temp).exp()
}

/// The annealing loop. `target(mask)` names the importance to aim at given the bitmask of
/// importances seen so far; `seen(deal, v)` is told of every solved deal and returns `true`
/// to stop.
fn anneal(
    rng: &mut Rng,
    budget: u64,
    mut target: impl FnMut(u64) -> u32,
    mut seen: impl FnMut(Deal, u32) -> bool,
) -> u64 {
    let mut mask = 0u64;
    let mut solved = 0u64;
    let mut cache: HashMap<Deal, u32> = HashMap::new();
    while solved < budget {
        // 1. A fresh random start.
        let mut deal = random_deal(rng);
        let mut v = importance(deal);
        solved += 1;
        mask |= 1 << v;
        if seen(deal, v) {
            return solved;
        }
        let mut temp = 2.0f64;
        // 2. Swaps accepted by the Metropolis rule on the distance to the target.
        for _ in 0..4000 {
            if solved >= budget {
                return solved;
            }
            let t = target(mask);
            let next = neighbour(deal, rng);
            // A walk often swaps a pair back: solved deals are remembered.
            let w = match cache.get(&next) {
                Some(&w) => w,
                None => {
                    let w = importance(next);
                    cache.insert(next, w);
                    solved += 1;
                    mask |= 1 << w;
                    if seen(next, w) {
                        return solved;
                    }
                    w
                }
            };
            let (d, e) = (v.abs_diff(t) as f64, w.abs_diff(t) as f64);
            if accept(d, e, temp, || rng.random()) {
                deal = next;
                v = w;
            }
            temp = (temp * 0.999).max(0.2);
        }
    }
    solved
}

/// Every deal with at most `max_non_reserve` non-reserve cards (see [`Deal::reserve`]), one per
/// class of deals equal up to relabelling the suits.
///
/// The importance of a deal is at most its number of reserve cards, `36 - N`, so the deals with
/// `N <= 11` are the only ones whose importance can exceed 24: solving them all shows which
/// importances above 24 exist (`tabletop nine enumerate`).
pub fn low_reserve_deals(max_non_reserve: usize) -> Vec<Deal> {
    // 1. Each suit alone: Alice's ranks as 9 bits; reserve status is decided within the suit.
    let suit_cards = |p: u16| CardSet::from_bits(p as u64);
    let patterns: Vec<(u16, usize, usize)> = (0u16..512)
        .map(|p| {
            let alice = suit_cards(p);
            let non_reserve = CardSet::suit(crate::card::Suit::Clubs)
                .iter()
                .filter(|&c| {
                    let own = if alice.contains(c) { alice } else { !alice };
                    !(c.dependents() - own).is_empty()
                })
                .count();
            (p, alice.len(), non_reserve)
        })
        .filter(|&(_, _, n)| n <= max_non_reserve)
        .collect();
    // 2. Multisets of four patterns (suits in non-decreasing pattern order), 18 cards for Alice.
    let mut deals = Vec::new();
    let m = patterns.len();
    for i in 0..m {
        for j in i..m {
            for k in j..m {
                let (a3, n3) = (
                    patterns[i].1 + patterns[j].1 + patterns[k].1,
                    patterns[i].2 + patterns[j].2 + patterns[k].2,
                );
                // Only a prune: the fourth suit holds 0 to 9 of Alice's 18 cards.
                if n3 > max_non_reserve || !(9..=18).contains(&a3) {
                    continue;
                }
                for l in &patterns[k..] {
                    if a3 + l.1 == 18 && n3 + l.2 <= max_non_reserve {
                        let bits = patterns[i].0 as u64
                            | (patterns[j].0 as u64) << 9
                            | (patterns[k].0 as u64) << 18
                            | (l.0 as u64) << 27;
                        deals.push(
                            Deal::from_alice(CardSet::from_bits(bits)).expect("18 cards for Alice"),
                        );
                    }
                }
            }
        }
    }
    deals
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use super::*;

    #[test]
    fn a_worse_step_is_accepted_with_probability_exp_of_minus_the_loss_over_temp() {
        assert!(accept(2.0, 1.0, 4.0, || unreachable!("no draw for a better step")));
        assert!(accept(2.0, 2.0, 4.0, || unreachable!("no draw for an equal step")));
        // exp((1 - 3) / 4) = 0.607: a draw below accepts, a draw above refuses.
        assert!(accept(1.0, 3.0, 4.0, || 0.3));
        assert!(!accept(1.0, 3.0, 4.0, || 0.7));
    }

    #[test]
    fn the_search_aims_at_the_largest_importance_not_found() {
        assert_eq!(largest_missing(0), 30);
        assert_eq!(largest_missing(1 << 30), 26);
        assert_eq!(largest_missing(1 << 30 | 1 << 26 | 1 << 24 | 1 << 5), 23);
        let all = ACHIEVABLE.iter().fold(0u64, |m, &v| m | 1 << v);
        assert_eq!(largest_missing(all), 0);
        assert_eq!(largest_missing(all & !(1 << 7)), 7);
    }

    #[test]
    fn the_annealing_mask_holds_every_importance_solved() {
        // Aimed at 30, the walk meets many importances; every call of `target` must see
        // exactly the importances of the deals solved so far (the first, random, one too:
        // the seed is the first whose random start has a nonzero importance).
        let first_importance = |seed| {
            let mut first = 0;
            anneal(
                &mut seeded_rng(seed),
                1,
                |_| 30,
                |_, v| {
                    first = v;
                    false
                },
            );
            first
        };
        let seed = (0..).find(|&s| first_importance(s) > 0).unwrap();
        let expected = Cell::new(0u64);
        let calls = Cell::new(0);
        let mut rng = seeded_rng(seed);
        let solved = anneal(
            &mut rng,
            300,
            |mask| {
                assert_eq!(mask, expected.get(), "call {}", calls.get());
                calls.set(calls.get() + 1);
                30
            },
            |_, v| {
                expected.set(expected.get() | 1 << v);
                false
            },
        );
        assert_eq!(solved, 300);
        assert!(calls.get() >= 299);
        // Guard against a vacuous run: several distinct importances were seen.
        assert!(expected.get().count_ones() >= 3, "{:b}", expected.get());
    }
}
