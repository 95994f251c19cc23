//! Deal search: deals with a given importance of the first move, and sets of deals with
//! pairwise distinct importances, found at run time by a seeded local search.

use rand::Rng as _;
use rand::seq::SliceRandom;
use tabletop_core::{Rng, seeded_rng};

use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::error::SearchError;
use crate::solver::importance;

/// Every importance some deal has: 0 to 24, 26 and 30 (see the crate's notes).
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
/// solving at most `budget` deals.
pub fn find_deal(target: u32, seed: u64, budget: u64) -> Result<Deal, SearchError> {
    if !is_achievable(target) {
        return Err(SearchError::Impossible(target));
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
            found.is_some()
        },
    );
    found.ok_or(SearchError::NotFound { target, budget })
}

/// `k` deals with pairwise distinct importances, with their importances.
pub fn find_distinct(k: usize, seed: u64) -> Result<Vec<(Deal, u32)>, SearchError> {
    if k > ACHIEVABLE.len() {
        return Err(SearchError::TooMany(k));
    }
    let mut rng = seeded_rng(seed);
    let mut have: [Option<Deal>; 31] = [None; 31];
    let mut count = 0;
    let budget = 10_000_000;
    anneal(
        &mut rng,
        budget,
        |have_mask| {
            // The largest achievable importance not found yet.
            ACHIEVABLE.iter().rev().copied().find(|&v| have_mask >> v & 1 == 0).unwrap_or(0)
        },
        |deal, v| {
            if have[v as usize].is_none() {
                have[v as usize] = Some(deal);
                count += 1;
            }
            count >= k
        },
    );
    if count < k {
        return Err(SearchError::NotFound { target: 0, budget });
    }
    let mut out: Vec<(Deal, u32)> =
        (0..31u32).filter_map(|v| have[v as usize].map(|d| (d, v))).collect();
    out.truncate(k);
    Ok(out)
}

/// The annealing loop. `target(mask)` names the importance to aim at given the bitmask of
/// importances seen so far; `seen(deal, v)` is told of every solved deal and returns `true`
/// to stop.
fn anneal(
    rng: &mut Rng,
    budget: u64,
    mut target: impl FnMut(u64) -> u32,
    mut seen: impl FnMut(Deal, u32) -> bool,
) {
    let mut mask = 0u64;
    let mut solved = 0u64;
    while solved < budget {
        // 1. A fresh random start.
        let mut deal = random_deal(rng);
        let mut v = importance(deal);
        solved += 1;
        mask |= 1 << v;
        if seen(deal, v) {
            return;
        }
        let mut temp = 2.0f64;
        // 2. Swaps accepted by the Metropolis rule on the distance to the target.
        for _ in 0..4000 {
            if solved >= budget {
                return;
            }
            let t = target(mask);
            let next = neighbour(deal, rng);
            let w = importance(next);
            solved += 1;
            mask |= 1 << w;
            if seen(next, w) {
                return;
            }
            let (d, e) = (v.abs_diff(t) as f64, w.abs_diff(t) as f64);
            if e <= d || rng.random::<f64>() < ((d - e) / temp).exp() {
                deal = next;
                v = w;
            }
            temp = (temp * 0.999).max(0.2);
        }
    }
}
