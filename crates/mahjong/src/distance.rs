//! The distance to winning: precomputed per-suit tables combined per query, and the direct
//! search they are tested against.
//!
//! # Trade-offs
//! A target splits into four independent parts, one per suit (characters, dots, bamboo, and
//! the honours, which have no sequences): sequences never cross suits and the 4-copy limit is
//! per kind. So `distance = min over (g_s, p_s) with sum g_s = 4 - melds and sum p_s = 1 of
//! sum_s cost_s(g_s, p_s)`, where `cost_s(g, p)` is the fewest tiles to add to the suit's
//! counts to cover some `g` groups and `p` pairs of that suit (at most 4 of a kind).
//!
//! 1. For each suit shape (the base-5 number of its counts: 5^9 = 1,953,125 numbered shapes,
//!    5^7 = 78,125 honour shapes) the ten costs `g in 0..=4, p in 0..=1` are precomputed and
//!    packed four bits each (a cost is at most 14) into 5 bytes: 9.8 MB for the numbered
//!    suits, shared by the three suits, and 0.4 MB for the honours.
//! 2. Building ([`crate::distance_build`]): mark every exact target shape; a shape *covers*
//!    `(g, p)` when it contains an exact one (one pass upwards, removing one tile); then
//!    `cost = 0` if it covers, else `1 + min` over adding one tile (one pass downwards).
//!    This runs in the build script, and the library embeds the result (`include_bytes!`):
//!    building at start-up took 0.1-0.2 s per process, 20-30 times the whole run of the
//!    problem author's C++ on one wall, while an embedded table costs nothing until a query
//!    touches it, and then one page fault per 4 KB page touched.
//! 3. A query reads four table entries (the hand keeps the four keys up to date, see
//!    [`Hand`]) and takes a min-plus product of the four cost vectors.
//!
//! The full base-5 index spends memory on shapes with more than 14 tiles, which a hand never
//! has, to keep the index a plain sum of `count * 5^rank` (updated by one add per tile moved).
//! [`distance_direct`] is the independent, obviously right search used as the oracle.

use crate::distance_build::{ENTRY_BYTES, slot};
use crate::hand::Hand;
use crate::tile::Kind;

/// The embedded tables, built by `build.rs` (see [`crate::distance_build`]).
struct Tables {
    numbered: &'static [u8],
    honours: &'static [u8],
}

static TABLES: Tables = Tables {
    numbered: include_bytes!(concat!(env!("OUT_DIR"), "/numbered.bin")),
    honours: include_bytes!(concat!(env!("OUT_DIR"), "/honours.bin")),
};

fn tables() -> &'static Tables {
    &TABLES
}

/// The packed cost vector of entry `key` of an embedded table.
#[inline(always)]
fn entry(table: &[u8], key: u32) -> u64 {
    let i = key as usize * ENTRY_BYTES;
    let word: [u8; 8] = table[i..i + 8].try_into().expect("eight bytes");
    u64::from_le_bytes(word) & ((1 << (8 * ENTRY_BYTES)) - 1)
}

/// Cost `(g, p)` of a packed cost vector.
#[inline(always)]
fn at(v: u64, g: usize, p: usize) -> u8 {
    (v >> (4 * slot(g, p)) & 15) as u8
}

/// The best costs of two suits together, `[g][p]` for `g <= G` (`G` known when compiled:
/// the loops unroll and every cost is read out of its packed vector once).
#[inline(always)]
fn pair_up_to<const G: usize>(x: u64, y: u64) -> [[u8; 2]; 5] {
    let mut out = [[u8::MAX; 2]; 5];
    for (g, slot) in out.iter_mut().enumerate().take(G + 1) {
        let (mut p0, mut p1) = (u8::MAX, u8::MAX);
        for gx in 0..=g {
            let gy = g - gx;
            p0 = p0.min(at(x, gx, 0) + at(y, gy, 0));
            p1 = p1.min((at(x, gx, 1) + at(y, gy, 0)).min(at(x, gx, 0) + at(y, gy, 1)));
        }
        *slot = [p0, p1];
    }
    out
}

/// The min-plus product of the four suits' packed cost vectors, for `groups` groups and one
/// pair.
#[inline]
fn combine(v: [u64; 4], groups: usize) -> u8 {
    match groups {
        0 => combine_to::<0>(v),
        1 => combine_to::<1>(v),
        2 => combine_to::<2>(v),
        3 => combine_to::<3>(v),
        _ => combine_to::<4>(v),
    }
}

/// [`combine`] for `G` groups known when compiled.
#[inline(always)]
fn combine_to<const G: usize>(v: [u64; 4]) -> u8 {
    let a = pair_up_to::<G>(v[0], v[1]);
    let b = pair_up_to::<G>(v[2], v[3]);
    let mut best = u8::MAX;
    for (g, ag) in a.iter().enumerate().take(G + 1) {
        let bh = b[G - g];
        best = best.min((ag[0].saturating_add(bh[1])).min(ag[1].saturating_add(bh[0])));
    }
    best
}

/// The packed cost vector of suit `suit` (3: honours) with table key `key`.
#[inline]
fn suit_costs(t: &Tables, suit: usize, key: u32) -> u64 {
    if suit == 3 { entry(t.honours, key) } else { entry(t.numbered, key) }
}

/// The distance of a hand where only one suit changes, fast: the best costs of the three
/// other suits are combined once, each variant of the changing suit costs one lookup and
/// ten additions. Used by the simulator for its discard search and winning tiles.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OneSuitVaries {
    rest: [[u8; 2]; 5],
    groups: usize,
    suit: usize,
}

impl OneSuitVaries {
    /// The other suits of `hand` fixed, `suit` (0..4, 3: honours) varying.
    pub(crate) fn new(hand: &Hand, melds: usize, suit: usize) -> OneSuitVaries {
        let t = tables();
        let groups = 4 - melds;
        let k = hand.keys();
        let mut others = [0u64; 3];
        for (slot, s) in others.iter_mut().zip((0..4).filter(|&s| s != suit)) {
            *slot = suit_costs(t, s, k[s]);
        }
        // Entry g depends on g alone: computed to 4 groups, read to `groups`.
        let ab = pair_up_to::<4>(others[0], others[1]);
        let z = others[2];
        let mut rest = [[u8::MAX; 2]; 5];
        for (g, slot) in rest.iter_mut().enumerate().take(groups + 1) {
            let (mut p0, mut p1) = (u8::MAX, u8::MAX);
            for gz in 0..=g {
                let x = ab[g - gz];
                p0 = p0.min(x[0].saturating_add(at(z, gz, 0)));
                p1 = p1
                    .min(x[1].saturating_add(at(z, gz, 0)).min(x[0].saturating_add(at(z, gz, 1))));
            }
            *slot = [p0, p1];
        }
        OneSuitVaries { rest, groups, suit }
    }

    /// The distance when the varying suit has table key `key`.
    #[inline]
    pub(crate) fn distance(&self, key: u32) -> u8 {
        let v = suit_costs(tables(), self.suit, key);
        let mut best = u8::MAX;
        for g in 0..=self.groups {
            let r = self.rest[self.groups - g];
            best = best.min(r[1].saturating_add(at(v, g, 0)).min(r[0].saturating_add(at(v, g, 1))));
        }
        best
    }
}

/// The most melds a player has: four groups and a pair make a winning hand, and a meld is a
/// group.
pub const MAX_MELDS: usize = 4;

/// The distance to winning of `hand` for a player with `melds` melds (`0..=4`): the fewest
/// tiles of a winning target missing from the hand (see the spec). Special tiles are ignored
/// (they are always among the tiles to remove).
///
/// # Panics
/// If `melds > 4`.
#[inline]
pub fn distance(hand: &Hand, melds: usize) -> u8 {
    assert!(melds <= MAX_MELDS, "at most {MAX_MELDS} melds");
    let t = tables();
    let k = hand.keys();
    combine(
        [
            entry(t.numbered, k[0]),
            entry(t.numbered, k[1]),
            entry(t.numbered, k[2]),
            entry(t.honours, k[3]),
        ],
        4 - melds,
    )
}

/// Whether `hand` is a winning hand for a player with `melds` melds: `14 - 3 * melds` tiles,
/// no special tile, distance 0.
#[inline]
pub fn is_winning(hand: &Hand, melds: usize) -> bool {
    hand.len() + 3 * melds == 14 && !hand.has_special() && distance(hand, melds) == 0
}

/// For a hand of `14 - 3 * melds` tiles: each kind held, highest priority first, with the
/// distance of the hand without one tile of it.
pub fn discard_options(hand: &Hand, melds: usize) -> Vec<(Kind, u8)> {
    hand.kinds()
        .rev()
        .map(|k| {
            let mut h = *hand;
            h.remove(k);
            (k, distance(&h, melds))
        })
        .collect()
}

/// For a hand of `13 - 3 * melds` tiles: the kinds whose draw would lower the distance,
/// lowest first (a kind already held 4 times cannot be drawn).
pub fn improving_draws(hand: &Hand, melds: usize) -> Vec<Kind> {
    let d = distance(hand, melds);
    Kind::ALL[..Kind::PLAIN]
        .iter()
        .copied()
        .filter(|&k| {
            hand.count(k) < 4 && {
                let mut h = *hand;
                h.add(k);
                distance(&h, melds) < d
            }
        })
        .collect()
}

/// The 55 groups of the plain kinds: 34 triplets and 21 sequences.
fn all_groups() -> Vec<[usize; 3]> {
    let mut groups: Vec<[usize; 3]> = (0..Kind::PLAIN).map(|k| [k, k, k]).collect();
    for suit in 0..3 {
        for r in 0..7 {
            let k = 9 * suit + r;
            groups.push([k, k + 1, k + 2]);
        }
    }
    groups
}

/// The distance by direct search over targets: the oracle of [`distance`], for hands of at
/// most 14 tiles.
///
/// `distance = |W| - max over targets W of overlap(W, H)` with `overlap = sum_k min(W_k,
/// H_k)`. The search picks groups in a fixed order, then the pair, and only ever picks one that
/// raises the overlap: an optimal target where some group or the pair adds nothing can have it
/// swapped for one of kinds absent from both hand and target (a hand of at most 14 tiles leaves
/// enough such kinds), which keeps the overlap; and a part adding nothing to the others
/// adds nothing to the earlier ones either, since `min(., H_k)` is concave. A plain bound
/// (each remaining group adds at most 3, the pair 2, never more than the unmatched tiles) cuts
/// the rest.
///
/// # Panics
/// If `melds > 4`.
pub fn distance_direct(hand: &Hand, melds: usize) -> u8 {
    assert!(melds <= 4, "at most 4 melds");
    let groups_needed = 4 - melds;
    let h: Vec<u8> = hand.counts()[..Kind::PLAIN].to_vec();
    let plain: usize = h.iter().map(|&c| c as usize).sum();
    let groups: Vec<[usize; 3]> =
        all_groups().into_iter().filter(|g| g.iter().any(|&k| h[k] > 0)).collect();
    let mut search = Search { h, plain, groups, w: [0; Kind::PLAIN], best: 0 };
    search.run(0, groups_needed, 0);
    (3 * groups_needed + 2 - search.best) as u8
}

/// The most tiles `left` more groups and the pair can still match, with `overlap` of the
/// hand's `plain` tiles matched already: the bound of [`Search::run`]'s pruning (a looser one
/// only prunes less).
#[inline]
fn reach(left: usize, plain: usize, overlap: usize) -> usize {
    (3 * left + 2).min(plain - overlap)
}

struct Search {
    h: Vec<u8>,
    plain: usize,
    groups: Vec<[usize; 3]>,
    w: [u8; Kind::PLAIN],
    best: usize,
}

impl Search {
    fn run(&mut self, start: usize, left: usize, overlap: usize) {
        // The pair now (a pair of a kind the hand lacks adds nothing: the bare `overlap`).
        self.best = self.best.max(overlap);
        for k in 0..Kind::PLAIN {
            if self.w[k] <= 2 && self.h[k] > self.w[k] {
                let gain = (self.h[k] - self.w[k]).min(2) as usize;
                self.best = self.best.max(overlap + gain);
            }
        }
        if left == 0 || overlap + reach(left, self.plain, overlap) <= self.best {
            return;
        }
        for j in start..self.groups.len() {
            let g = self.groups[j];
            if g.iter().any(|&k| self.w[k] >= 4) || (g[0] == g[1] && self.w[g[0]] > 1) {
                continue;
            }
            let mut gain = 0;
            for &k in &g {
                gain += usize::from(self.w[k] < self.h[k]);
                self.w[k] += 1;
            }
            if gain > 0 {
                self.run(j, left - 1, overlap + gain);
            }
            for &k in &g {
                self.w[k] -= 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.parse().unwrap()
    }

    #[test]
    fn embedded_tables_equal_the_builder() {
        use crate::distance_build::{build, encode};
        assert_eq!(encode(&build(9, true)), TABLES.numbered);
        assert_eq!(encode(&build(7, false)), TABLES.honours);
        // Decoding gives the packed vectors back.
        let honours = build(7, false);
        for key in [0, 1, 77, 78_124] {
            assert_eq!(entry(TABLES.honours, key), honours[key as usize]);
        }
    }

    #[test]
    fn spec_examples() {
        for f in [distance, distance_direct] {
            assert_eq!(f(&hand("1M 1M 1M 1M"), 3), 2);
            assert_eq!(f(&hand("1M"), 4), 1);
            assert_eq!(f(&hand("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z Z"), 0), 0);
            assert_eq!(f(&hand("1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F"), 0), 1);
            assert_eq!(f(&hand(""), 0), 14);
            assert_eq!(f(&hand("PASS REVERSE DOUBLE"), 4), 2);
            assert_eq!(f(&hand("1M 9M 1P 9P 1S 9S E S W N B F Z"), 0), 9);
        }
    }
}
