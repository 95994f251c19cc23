//! The distance tables against the direct search, and the direct search against brute force.

use tabletop_core::rand::Rng;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_mahjong::{Hand, Kind, discard_options, distance, distance_direct, improving_draws};

/// A random hand of `size <= 14` tiles (at most 4 of a kind) from a random pool of kinds: small
/// pools give hands full of pairs, sequences and triplets, large ones scattered hands.
fn random_hand(rng: &mut tabletop_core::Rng, size: usize) -> Hand {
    let pool_size = [4, 5, 9, 14, 20, 37][rng.random_range(0..6)];
    let mut kinds: Vec<usize> = (0..Kind::COUNT).collect();
    if rng.random_bool(0.5) {
        kinds.rotate_left(rng.random_range(0..Kind::COUNT));
    } else {
        for i in (1..kinds.len()).rev() {
            kinds.swap(i, rng.random_range(0..=i));
        }
    }
    let pool: Vec<Kind> = kinds[..pool_size].iter().map(|&k| Kind::new(k).unwrap()).collect();
    let mut hand = Hand::new();
    while hand.len() < size {
        let k = pool[rng.random_range(0..pool.len())];
        if hand.count(k) < 4 {
            hand.add(k);
        }
    }
    hand
}

/// Every valid (size, melds) pair: 0 to 4 melds, 1 to 14 - 3 * melds tiles (40 pairs).
fn strata() -> Vec<(usize, usize)> {
    (0..=4usize).flat_map(|m| (1..=14 - 3 * m).map(move |size| (size, m))).collect()
}

/// Hands per (size, melds) pair: 40 x 2,600 = 104,000 hands in all.
const PER_STRATUM: u64 = 2_600;

/// Checks the strata `part, part + 4, ...` (the four tests share the work between threads).
fn check_part(part: usize) {
    for (s, (size, melds)) in strata().into_iter().enumerate().filter(|(s, _)| s % 4 == part) {
        for i in 0..PER_STRATUM {
            let mut rng = seeded_rng(sub_seed(1000 + s as u64, i));
            let hand = random_hand(&mut rng, size);
            assert_eq!(hand.len(), size);
            assert_eq!(
                distance(&hand, melds),
                distance_direct(&hand, melds),
                "hand {hand} with {melds} melds (stratum {s}, case {i})"
            );
        }
    }
}

#[test]
fn strata_cover_every_size_and_meld_count_with_100k_hands() {
    let strata = strata();
    assert_eq!(strata.len(), 40);
    assert!(strata.contains(&(14, 0)) && strata.contains(&(1, 4)) && strata.contains(&(2, 4)));
    assert!(strata.len() as u64 * PER_STRATUM >= 100_000);
}

#[test]
fn tables_match_direct_search_a() {
    check_part(0);
}
#[test]
fn tables_match_direct_search_b() {
    check_part(1);
}
#[test]
fn tables_match_direct_search_c() {
    check_part(2);
}
#[test]
fn tables_match_direct_search_d() {
    check_part(3);
}

/// Every target, no pruning at all: `groups` groups out of the 55 and a pair out of the 34
/// plain kinds, at most 4 of a kind.
fn brute_force(hand: &Hand, melds: usize) -> u8 {
    let mut groups: Vec<[usize; 3]> = (0..34).map(|k| [k, k, k]).collect();
    for s in 0..3 {
        for r in 0..7 {
            groups.push([9 * s + r, 9 * s + r + 1, 9 * s + r + 2]);
        }
    }
    let mut best = u8::MAX;
    let mut w = [0u8; 34];
    fn rec(
        groups: &[[usize; 3]],
        start: usize,
        left: usize,
        w: &mut [u8; 34],
        hand: &Hand,
        best: &mut u8,
    ) {
        if left == 0 {
            // Every pair on top of these groups (the pair changes only its own kind's count,
            // so the tiles missing are the groups' plus the pair's extra).
            if w.iter().any(|&c| c > 4) {
                return;
            }
            let h = hand.counts();
            let groups_missing: u8 = (0..34).map(|k| w[k].saturating_sub(h[k])).sum();
            for pair in 0..34 {
                if w[pair] + 2 <= 4 {
                    let extra =
                        (w[pair] + 2).saturating_sub(h[pair]) - w[pair].saturating_sub(h[pair]);
                    *best = (*best).min(groups_missing + extra);
                }
            }
            return;
        }
        for j in start..groups.len() {
            for &k in &groups[j] {
                w[k] += 1;
            }
            rec(groups, j, left - 1, w, hand, best);
            for &k in &groups[j] {
                w[k] -= 1;
            }
        }
    }
    rec(&groups, 0, 4 - melds, &mut w, hand, &mut best);
    best
}

#[test]
fn direct_search_matches_brute_force() {
    for i in 0..1500u64 {
        let mut rng = seeded_rng(sub_seed(99, i));
        // Two to four melds: at most two groups to enumerate.
        let melds = rng.random_range(2..=4usize);
        let size = rng.random_range(1..=14 - 3 * melds);
        let hand = random_hand(&mut rng, size);
        assert_eq!(
            distance_direct(&hand, melds),
            brute_force(&hand, melds),
            "hand {hand} with {melds} melds"
        );
    }
}

#[test]
fn direct_search_matches_brute_force_with_three_and_four_groups() {
    // One meld (3 groups, 29,260 group choices) and no meld (4 groups, 395,010): the cases
    // where the direct search's pruning has the most to cut.
    for i in 0..400u64 {
        let mut rng = seeded_rng(sub_seed(101, i));
        let size = rng.random_range(1..=11);
        let hand = random_hand(&mut rng, size);
        assert_eq!(distance_direct(&hand, 1), brute_force(&hand, 1), "hand {hand} with 1 meld");
    }
    for i in 0..80u64 {
        let mut rng = seeded_rng(sub_seed(102, i));
        let size = rng.random_range(1..=14);
        let hand = random_hand(&mut rng, size);
        assert_eq!(distance_direct(&hand, 0), brute_force(&hand, 0), "hand {hand} with no meld");
    }
}

#[test]
fn spec_examples_and_known_hands() {
    let h = |s: &str| s.parse::<Hand>().unwrap();
    assert_eq!(distance(&h("1M 1M 1M 1M"), 3), 2);
    assert_eq!(distance(&h("1M"), 4), 1);
    assert_eq!(distance(&h("1M 1M"), 4), 0);
    assert_eq!(distance(&h("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"), 0), 1);
    assert_eq!(improving_draws(&h("1M 1M 1M 2M 3M 4M 5M 6M 7M 8M 9M 9M 9M"), 0).len(), 9);
    assert_eq!(distance(&h("1M 1M 1M 1M 2M 2M 2M 2M 3M 3M 3M 3M 4M 4M"), 0), 0);
}

/// Removing a tile never lowers the distance and raises it by at most one; adding one never
/// raises it and lowers it by at most one.
#[test]
fn one_tile_changes_the_distance_by_at_most_one() {
    for i in 0..3000u64 {
        let mut rng = seeded_rng(sub_seed(5, i));
        let melds = rng.random_range(0..=4usize);
        let hand = random_hand(&mut rng, 14 - 3 * melds);
        let d = distance(&hand, melds);
        for (k, dk) in discard_options(&hand, melds) {
            assert!(dk == d || dk == d + 1, "{hand} without {k}: {dk} vs {d}");
        }
        let mut smaller = hand;
        let k = smaller.kinds().next().unwrap();
        smaller.remove(k);
        let d13 = distance(&smaller, melds);
        let draws = improving_draws(&smaller, melds);
        for k in Kind::ALL[..34].iter().filter(|k| smaller.count(**k) < 4) {
            let mut h = smaller;
            h.add(*k);
            let dk = distance(&h, melds);
            assert!(dk + 1 == d13 || dk == d13);
            assert_eq!(draws.contains(k), dk < d13);
        }
    }
}
