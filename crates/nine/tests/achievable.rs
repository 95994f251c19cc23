//! The achievable importances `nine find` relies on ([`ACHIEVABLE`]: 0 to 24, 26 and 30),
//! derived here from the enumeration of the low-reserve deals, and that enumeration checked
//! for completeness against counts made independently of it.
//!
//! The argument (docs in `find.rs` and the spec): the importance of a deal is at most its
//! number of reserve cards, `36 - N`. Every deal with `N <= 11` non-reserve cards is
//! enumerated (one per class under relabelling the suits, which preserves the importance) and
//! solved; the deals with `N >= 12` have importance at most 24. So the achievable importances
//! are exactly the values of the enumerated deals together with any value up to 24, and since
//! every value up to 24 already occurs among them, exactly the values the enumeration finds.
//!
//! The full run (`N <= 11`, 409,766 deals) takes about 30 s of CPU (17 s on two cores) and is
//! part of the default suite, so `cargo test` proves the list every time.

use std::collections::{BTreeMap, BTreeSet};

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{
    ACHIEVABLE, Deal, FindError, find_deal, importance, is_achievable, low_reserve_deals,
    minimax_deal, random_deal,
};

/// The non-reserve cards of one suit in which Alice holds the ranks of the 9-bit pattern `p`
/// (bit `r` is rank `r` of 6 7 8 9 T J Q K A), straight from the rules: a card is non-reserve
/// when a card that can only be played after it (below it for 6, 7 and 8, above it for T to A,
/// the rest of the suit for the 9) belongs to the other player.
fn suit_non_reserve(p: u16) -> usize {
    let owner = |r: usize| p >> r & 1;
    (0..9)
        .filter(|&r| {
            let after: Vec<usize> = match r {
                0..=2 => (0..r).collect(),
                3 => (0..9).filter(|&s| s != 3).collect(),
                _ => (r + 1..9).collect(),
            };
            after.iter().any(|&s| owner(s) != owner(r))
        })
        .count()
}

/// The four suit patterns of Alice's hand.
fn patterns(deal: Deal) -> [u16; 4] {
    let bits = deal.alice().bits();
    [0, 1, 2, 3].map(|s| (bits >> (9 * s) & 0x1FF) as u16)
}

/// The class of a deal under relabelling the suits: its suit patterns, sorted.
fn class(deal: Deal) -> [u16; 4] {
    let mut p = patterns(deal);
    p.sort_unstable();
    p
}

/// The number of orbits of deals with at most `m` non-reserve cards under the 24 relabellings
/// of the suits, by Burnside's lemma: the average over the relabellings of the deals each one
/// fixes. A relabelling fixes a deal when the pattern is constant on each of its cycles, so
/// with cycle lengths `l_i` it fixes the choices of one pattern `p_i` per cycle with
/// `sum l_i |p_i| = 18` Alice cards and `sum l_i n(p_i) <= m` non-reserve cards.
fn burnside_classes(m: usize) -> u64 {
    // by[size][n]: patterns with `size` Alice cards and `n` non-reserve cards.
    let mut by = [[0u64; 10]; 10];
    for p in 0u16..512 {
        by[p.count_ones() as usize][suit_non_reserve(p)] += 1;
    }
    let fixed = |cycles: &[usize]| -> u64 {
        // ways[a][n]: choices for the cycles so far with a Alice cards, n non-reserve cards.
        let mut ways = vec![vec![0u64; 37]; 19];
        ways[0][0] = 1;
        for &l in cycles {
            let mut next = vec![vec![0u64; 37]; 19];
            for (a, row_a) in ways.iter().enumerate() {
                for (n, &w) in row_a.iter().enumerate() {
                    if w == 0 {
                        continue;
                    }
                    for (size, row) in by.iter().enumerate() {
                        for (k, &count) in row.iter().enumerate() {
                            let (a2, n2) = (a + l * size, n + l * k);
                            if count > 0 && a2 <= 18 && n2 <= 36 {
                                next[a2][n2] += w * count;
                            }
                        }
                    }
                }
            }
            ways = next;
        }
        ways[18][..=m].iter().sum()
    };
    // The conjugacy classes of S4: sizes and cycle types.
    let total = fixed(&[1, 1, 1, 1])
        + 6 * fixed(&[2, 1, 1])
        + 3 * fixed(&[2, 2])
        + 8 * fixed(&[3, 1])
        + 6 * fixed(&[4]);
    assert_eq!(total % 24, 0, "Burnside's sum {total} is not a multiple of 24");
    total / 24
}

/// The importances of `deals` by the fast solver, on every core, as value -> number of deals.
fn histogram(deals: &[Deal]) -> BTreeMap<u32, u64> {
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    let chunk = deals.len().div_ceil(threads).max(1);
    let parts: Vec<BTreeMap<u32, u64>> = std::thread::scope(|s| {
        let handles: Vec<_> = deals
            .chunks(chunk)
            .map(|part| {
                s.spawn(move || {
                    let mut h = BTreeMap::new();
                    for &d in part {
                        let v = importance(d);
                        // The bound the argument rests on, deal by deal.
                        assert!(v as usize <= d.reserve().len(), "{d}");
                        *h.entry(v).or_default() += 1;
                    }
                    h
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut out = BTreeMap::new();
    for part in parts {
        for (v, c) in part {
            *out.entry(v).or_default() += c;
        }
    }
    out
}

#[test]
fn reserve_cards_are_decided_suit_by_suit_as_the_rules_say() {
    // The enumeration counts non-reserve cards per suit; `Deal::reserve` must agree with the
    // rules read directly, on random deals and on enumerated ones.
    let mut rng = seeded_rng(5);
    let randoms: Vec<Deal> = (0..2000).map(|_| random_deal(&mut rng)).collect();
    for d in randoms.iter().chain(&low_reserve_deals(5)) {
        let n: usize = patterns(*d).iter().map(|&p| suit_non_reserve(p)).sum();
        assert_eq!(36 - d.reserve().len(), n, "{d}");
    }
}

#[test]
fn low_reserve_deals_are_every_class_once_brute_force() {
    // Every ordered choice of four suit patterns with 18 Alice cards and at most M non-reserve
    // cards, reduced to its class: the set must be exactly the enumeration, without repeats.
    let all: Vec<(u16, usize)> = (0u16..512).map(|p| (p, suit_non_reserve(p))).collect();
    for m in 0..=8 {
        let ok: Vec<(u16, usize)> = all.iter().copied().filter(|&(_, n)| n <= m).collect();
        let mut want = BTreeSet::new();
        for &(a, na) in &ok {
            for &(b, nb) in ok.iter().filter(|&&(_, n)| na + n <= m) {
                for &(c, nc) in ok.iter().filter(|&&(_, n)| na + nb + n <= m) {
                    for &(d, _) in ok.iter().filter(|&&(_, n)| na + nb + nc + n <= m) {
                        let ps = [a, b, c, d];
                        if ps.iter().map(|p| p.count_ones()).sum::<u32>() == 18 {
                            let mut k = ps;
                            k.sort_unstable();
                            want.insert(k);
                        }
                    }
                }
            }
        }
        let deals = low_reserve_deals(m);
        let got: BTreeSet<[u16; 4]> = deals.iter().map(|&d| class(d)).collect();
        assert_eq!(got.len(), deals.len(), "M = {m}: a class listed twice");
        assert_eq!(got, want, "M = {m}");
    }
}

#[test]
fn low_reserve_deals_count_every_class_once_burnside() {
    for m in 0..=11 {
        let deals = low_reserve_deals(m);
        let classes: BTreeSet<[u16; 4]> = deals.iter().map(|&d| class(d)).collect();
        // Distinct classes, each with at most M non-reserve cards (by `Deal::reserve`) ...
        assert_eq!(classes.len(), deals.len(), "M = {m}: a class listed twice");
        assert!(deals.iter().all(|d| 36 - d.reserve().len() <= m), "M = {m}");
        // ... and as many as there are: none is missing.
        assert_eq!(deals.len() as u64, burnside_classes(m), "M = {m}");
    }
    // The count the docs state.
    assert_eq!(burnside_classes(11), 409_766);
}

#[test]
fn every_achievable_importance_occurs_with_at_most_8_non_reserve_cards() {
    // About a second: already with N <= 8 every value of the list occurs, and nothing else.
    // (Which values are missing above 24 needs N <= 11: the test below.)
    let hist = histogram(&low_reserve_deals(8));
    let values: Vec<u32> = hist.keys().copied().collect();
    assert_eq!(values, ACHIEVABLE);
}

#[test]
fn achievable_importances_are_derived_from_every_deal_with_at_most_11_non_reserve_cards() {
    const M: usize = 11;
    let deals = low_reserve_deals(M);
    assert_eq!(deals.len(), 409_766);
    let hist = histogram(&deals);
    // Deals with more than M non-reserve cards have importance at most 36 - (M + 1) = 24.
    let bound = 36 - (M as u32 + 1);
    let above: Vec<u32> = hist.keys().copied().filter(|&v| v > bound).collect();
    assert_eq!(above, [26, 30]);
    assert_eq!(hist.keys().max(), Some(&30));
    // Every value up to the bound occurs, so the enumeration's values are all there are: the
    // constant `nine find` uses is exactly this set.
    assert!((0..=bound).all(|v| hist.contains_key(&v)));
    let derived: Vec<u32> = hist.keys().copied().collect();
    assert_eq!(derived, ACHIEVABLE);
    assert_eq!(ACHIEVABLE.len(), 27);
}

#[test]
fn the_importance_is_bounded_by_the_reserve_cards_on_random_deals() {
    for i in 0..300 {
        let d = random_deal(&mut seeded_rng(sub_seed(31, i)));
        assert!(importance(d) as usize <= d.reserve().len(), "{d}");
    }
}

#[test]
fn find_reaches_26_and_30_and_refuses_the_gaps() {
    for target in [26, 30] {
        let deal = find_deal(target, 1, 200_000).unwrap();
        // Checked by the plain minimax, not the solver the search used.
        assert_eq!(minimax_deal(deal).0.importance(), target, "{deal}");
    }
    for target in [25, 27, 28, 29, 31] {
        assert!(!is_achievable(target));
        assert_eq!(find_deal(target, 1, 200_000), Err(FindError::Impossible(target)));
    }
}
