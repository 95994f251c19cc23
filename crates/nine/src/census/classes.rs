//! The 48 symmetries of a deal, the classes they make, one canonical deal per class, and the
//! enumeration of the classes in a fixed order split into shards.
//!
//! # Symmetries
//!
//! The rules never tell the suits apart, so relabelling the suits (24 permutations) maps a deal
//! to one with the same results. Exchanging the hands maps it to the same game with the names
//! exchanged: the player who held Alice's cards is now called Bob, so the deal's result when
//! Bob moves first, `r_B`, becomes the swapped deal's result when Alice moves first, signed
//! from the other side:
//!
//! ```text
//! (r_A, r_B) of a deal  ->  (-r_B, -r_A) of the deal with the hands exchanged
//! ```
//!
//! The importance `|r_A - r_B|` is the same for all 48 images of a deal.
//!
//! # Canonical deals
//!
//! Write a deal as Alice's four suit patterns (9 bits each, bit `r` for rank `r`). A
//! relabelling of the suits permutes the patterns, the exchange of the hands replaces every
//! pattern `p` by its complement `511 - p`. Since a deal's id follows the numeric order of
//! Alice's 36 bits, in which the hearts (suit 3) are the most significant, the deal of
//! smallest id among the relabellings puts the patterns in decreasing order from clubs to
//! hearts, `p_C >= p_D >= p_S >= p_H`; the canonical deal of a class, its deal of smallest id,
//! is the smaller of that and the same for the complemented patterns.
//!
//! A class's size follows from its patterns: `24 / (m_1! m_2! ...)` relabellings of the
//! canonical deal, for the multiplicities `m_i` of equal patterns, and as many more with the
//! hands exchanged, unless the complemented patterns are the same multiset (the class is
//! *swap-symmetric*: exchanging the hands gives a relabelling of the same deal, whose results
//! then satisfy `r_B = -r_A`). Burnside's lemma counts 190,884,467 classes of the
//! 9,075,135,300 deals; the test `tests/census.rs` enumerates them.
//!
//! # Order and shards
//!
//! The classes are enumerated in increasing order of their canonical id: by the hearts pattern,
//! then spades, diamonds and clubs. A *block* is the classes of one pair (hearts, spades) of
//! patterns: 65,792 blocks, of at most 21,966 classes each (median 1,454; 1,674 are empty). Shard `I` of `N`
//! (`1 <= I <= N`) is the blocks whose index is `I - 1` modulo `N`: the shards are disjoint, they
//! cover every class, and any one of them is found without enumerating the others.

use std::fmt;
use std::str::FromStr;

use crate::card::{Card, CardSet, Suit};
use crate::census::id::colex_rank;
use crate::deal::Deal;
use crate::error::ParseShardError;
use crate::solver::DealValue;

/// The number of classes of deals under the 48 symmetries (Burnside's count).
pub const CLASSES: u64 = 190_884_467;

/// Four suit patterns (bit `r` for rank `r` of Alice's cards in the suit), in decreasing
/// order: the deal of smallest id among the relabellings of the suits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Patterns(pub(crate) [u16; 4]);

impl Patterns {
    /// The patterns of Alice's `bits` in a deck of `ranks` ranks per suit, sorted.
    pub(crate) fn sorted(bits: u64, ranks: u32) -> Patterns {
        let mask = (1u64 << ranks) - 1;
        let mut p = [0u16; 4];
        for (s, slot) in p.iter_mut().enumerate() {
            *slot = (bits >> (s as u32 * ranks) & mask) as u16;
        }
        p.sort_unstable_by(|a, b| b.cmp(a));
        Patterns(p)
    }

    /// Alice's bits: pattern `i` in suit `i`.
    pub(crate) fn bits(self, ranks: u32) -> u64 {
        (0..4).map(|s| u64::from(self.0[s]) << (s as u32 * ranks)).fold(0, |a, b| a | b)
    }

    /// The patterns of the deal with the hands exchanged, sorted.
    pub(crate) fn complement(self, ranks: u32) -> Patterns {
        let m = (1u16 << ranks) - 1;
        let [a, b, c, d] = self.0;
        Patterns([m - d, m - c, m - b, m - a])
    }

    /// The canonical patterns of the class of Alice's `bits`.
    pub(crate) fn canonical(bits: u64, ranks: u32) -> Patterns {
        let p = Patterns::sorted(bits, ranks);
        let q = p.complement(ranks);
        if q.bits(ranks) < p.bits(ranks) { q } else { p }
    }

    /// Whether these (sorted) patterns are the canonical ones of their class.
    pub(crate) fn is_canonical(self, ranks: u32) -> bool {
        self.bits(ranks) <= self.complement(ranks).bits(ranks)
    }

    /// The number of relabellings of the suits of this deal: `24 / (m_1! m_2! ...)`.
    pub(crate) fn relabellings(self) -> u64 {
        let [a, b, c, d] = self.0;
        match (a == b, b == c, c == d) {
            (true, true, true) => 1,
            (true, true, false) | (false, true, true) => 4,
            (true, false, true) => 6,
            (true, false, false) | (false, true, false) | (false, false, true) => 12,
            (false, false, false) => 24,
        }
    }

    /// Whether exchanging the hands gives a relabelling of the same deal.
    pub(crate) fn swap_symmetric(self, ranks: u32) -> bool {
        self.complement(ranks) == self
    }

    /// The number of deals in the class of these canonical patterns.
    pub(crate) fn class_size(self, ranks: u32) -> u64 {
        self.relabellings() * if self.swap_symmetric(ranks) { 1 } else { 2 }
    }
}

/// The blocks of a deck of `ranks` ranks per suit, in order: `(hearts, spades)` with
/// `hearts <= spades <= mask - hearts` (the clubs pattern lies between spades and
/// `mask - hearts`, or the complement would be smaller).
pub(crate) fn blocks(ranks: u32) -> impl Iterator<Item = (u16, u16)> {
    let m = (1u16 << ranks) - 1;
    (0..=m / 2).flat_map(move |h| (h..=m - h).map(move |s| (h, s)))
}

/// The patterns of each popcount, increasing: `by_count[k]`.
pub(crate) fn patterns_by_count(ranks: u32) -> Vec<Vec<u16>> {
    let mut by_count = vec![Vec::new(); ranks as usize + 1];
    for p in 0..1u16 << ranks {
        by_count[p.count_ones() as usize].push(p);
    }
    by_count
}

/// Calls `f` with the canonical patterns of every class of the block `(hearts, spades)`, in
/// increasing order of id.
pub(crate) fn for_each_in_block(
    ranks: u32,
    (hearts, spades): (u16, u16),
    by_count: &[Vec<u16>],
    mut f: impl FnMut(Patterns),
) {
    let m = (1u16 << ranks) - 1;
    let hand = 2 * ranks as i32;
    let rest = hand - hearts.count_ones() as i32 - spades.count_ones() as i32;
    // diamonds <= clubs <= m - hearts.
    for diamonds in spades..=m - hearts {
        let k = rest - diamonds.count_ones() as i32;
        if !(0..=ranks as i32).contains(&k) {
            continue;
        }
        let list = &by_count[k as usize];
        let start = list.partition_point(|&p| p < diamonds);
        for &clubs in &list[start..] {
            if clubs > m - hearts {
                break;
            }
            let p = Patterns([clubs, diamonds, spades, hearts]);
            if p.is_canonical(ranks) {
                f(p);
            }
        }
    }
}

/// A class of deals equal up to the 48 symmetries (relabelling the suits, exchanging the
/// hands), held as its canonical deal: the deal of smallest id in the class.
///
/// ```
/// use tabletop_nine::{Deal, DealClass, DealValue};
///
/// let deal: Deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
///                   KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H".parse()?;
/// let class = DealClass::of(deal);
/// assert!(class.id() <= deal.id());
/// assert_eq!(DealClass::of(class.deal()), class);
/// assert_eq!(class.size(), 48);
/// # Ok::<(), tabletop_nine::DealError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DealClass(Patterns);

impl DealClass {
    /// The class of `deal`.
    pub fn of(deal: Deal) -> DealClass {
        DealClass(Patterns::canonical(deal.alice().bits(), 9))
    }

    /// The canonical deal: the deal of smallest id in the class.
    pub fn deal(self) -> Deal {
        Deal::from_alice(CardSet::from_bits(self.0.bits(9))).expect("18 cards for Alice")
    }

    /// The id of the canonical deal, the smallest id in the class.
    pub fn id(self) -> u64 {
        colex_rank(self.0.bits(9))
    }

    /// The number of deals in the class, from 2 to 48.
    pub fn size(self) -> u64 {
        self.0.class_size(9)
    }

    /// The number of deals of the class that are relabellings of the suits of the canonical
    /// deal (the others have its hands exchanged): `size()` when the class is swap-symmetric,
    /// half of it otherwise.
    pub fn relabellings(self) -> u64 {
        self.0.relabellings()
    }

    /// Whether exchanging the hands of the canonical deal gives a relabelling of it.
    pub fn is_swap_symmetric(self) -> bool {
        self.0.swap_symmetric(9)
    }

    /// The smallest id among the deals of the class with the canonical deal's hands
    /// exchanged (the id itself when the class is swap-symmetric).
    pub fn swapped_id(self) -> u64 {
        colex_rank(self.0.complement(9).bits(9))
    }

    /// How the deals of the class split by results, given `value`, the results of the
    /// canonical deal: the relabellings of the canonical deal have `value`, those with the
    /// hands exchanged `(-bob_first, -alice_first)`. Each part is (results, number of deals,
    /// smallest id); the second part is absent for a swap-symmetric class.
    pub fn parts(self, value: DealValue) -> impl Iterator<Item = (DealValue, u64, u64)> {
        let swapped = DealValue { alice_first: -value.bob_first, bob_first: -value.alice_first };
        let second =
            (!self.is_swap_symmetric()).then(|| (swapped, self.relabellings(), self.swapped_id()));
        std::iter::once((value, self.relabellings(), self.id())).chain(second)
    }
}

/// One of the 48 symmetries of the rules: a relabelling of the suits, then, or not, the
/// exchange of the hands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symmetry {
    /// The suit each suit becomes, by index.
    suits: [Suit; 4],
    swap: bool,
}

impl Symmetry {
    /// The 48 symmetries; the identity first.
    pub fn all() -> Vec<Symmetry> {
        let mut all = Vec::with_capacity(48);
        for swap in [false, true] {
            for a in 0..4 {
                for b in (0..4).filter(|&b| b != a) {
                    for c in (0..4).filter(|&c| c != a && c != b) {
                        let d = 6 - a - b - c;
                        let suits = [a, b, c, d].map(|i| Suit::ALL[i]);
                        all.push(Symmetry { suits, swap });
                    }
                }
            }
        }
        all
    }

    /// The suit each suit becomes, by index.
    pub fn suits(self) -> [Suit; 4] {
        self.suits
    }

    /// Whether the hands are exchanged.
    pub fn swaps(self) -> bool {
        self.swap
    }

    /// The image of `deal`.
    pub fn apply(self, deal: Deal) -> Deal {
        let relabel = |hand: CardSet| -> CardSet {
            hand.iter().map(|c| Card::new(self.suits[c.suit().index()], c.rank())).collect()
        };
        let (alice, bob) = (relabel(deal.alice()), relabel(deal.bob()));
        let (alice, bob) = if self.swap { (bob, alice) } else { (alice, bob) };
        Deal::new(alice, bob).expect("a symmetry maps a deal to a deal")
    }

    /// The results of the image of a deal whose results are `value`.
    pub fn apply_value(self, value: DealValue) -> DealValue {
        if self.swap {
            DealValue { alice_first: -value.bob_first, bob_first: -value.alice_first }
        } else {
            value
        }
    }
}

/// Shard `I` of `N` of the classes (`1 <= I <= N`), written `I/N`: the blocks of classes whose
/// index is `I - 1` modulo `N` (see the module docs of [`DealClass`]'s enumeration).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Shard {
    index: u32,
    count: u32,
}

impl Shard {
    /// Every class in one shard, `1/1`.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// The number of blocks the classes are enumerated in; more shards than this leave some
    /// empty.
    pub const BLOCKS: u64 = 65_792;

    /// Shard `index` of `count`.
    ///
    /// # Errors
    /// Unless `1 <= index <= count`.
    pub fn new(index: u32, count: u32) -> Result<Shard, ParseShardError> {
        if index == 0 || index > count {
            return Err(ParseShardError::Range { index, count });
        }
        Ok(Shard { index, count })
    }

    /// `I`, from 1.
    pub fn index(self) -> u32 {
        self.index
    }

    /// `N`.
    pub fn count(self) -> u32 {
        self.count
    }

    /// The shard of `count` that holds `class`.
    ///
    /// # Errors
    /// When `count` is 0.
    pub fn containing(class: DealClass, count: u32) -> Result<Shard, ParseShardError> {
        if count == 0 {
            return Err(ParseShardError::Range { index: 0, count });
        }
        let [_, _, spades, hearts] = class.0.0.map(u64::from);
        // The blocks before hearts pattern `h` number `sum_{h' < h} (512 - 2 h')`.
        let block = 512 * hearts - hearts * hearts.saturating_sub(1) + spades - hearts;
        Shard::new((block % u64::from(count)) as u32 + 1, count)
    }

    /// The blocks of the shard, in order.
    pub(crate) fn blocks(self) -> impl Iterator<Item = (u16, u16)> {
        let (i, n) = (u64::from(self.index - 1), u64::from(self.count));
        blocks(9).zip(0u64..).filter(move |&(_, b)| b % n == i).map(|(block, _)| block)
    }

    /// The number of blocks of the shard.
    pub fn block_count(self) -> u64 {
        let (i, n) = (u64::from(self.index - 1), u64::from(self.count));
        Shard::BLOCKS / n + u64::from(i < Shard::BLOCKS % n)
    }

    /// The classes of the shard, in order (increasing id within each block).
    pub fn classes(self) -> impl Iterator<Item = DealClass> {
        let by_count = patterns_by_count(9);
        self.blocks().flat_map(move |block| block_classes(block, &by_count))
    }
}

/// The classes of one block of the full deck.
pub(crate) fn block_classes(block: (u16, u16), by_count: &[Vec<u16>]) -> Vec<DealClass> {
    let mut out = Vec::new();
    for_each_in_block(9, block, by_count, |p| out.push(DealClass(p)));
    out
}

/// Orders the classes of one block (or any list) for solving one after another: by diamonds,
/// then clubs (hearts and spades are the block's), each pattern compared with its ranks taken
/// by their distance from the nine, the cards nearest the nine as the lowest bits, so that
/// the cards of a suit that change most often from one class to the next are those nearest
/// the nine.
///
/// A solver keeps its table from deal to deal, and a position of the next deal is in it when
/// every card that changed hands lies inside the run already on the table in its suit (the
/// solver's module docs): a card next to the nine is inside nearly every run, an ace only
/// once the suit is all but played. In id order the sixes and sevens (the lowest bits)
/// change most often; in this order a census shard takes 0.87x the time.
#[cfg(any(feature = "rayon", test))]
pub(crate) fn order_for_solving(classes: &mut [DealClass]) {
    /// The place of rank `r` (0 for the six): the nine, then by distance from it, the lower
    /// arm first (eight, ten, seven, jack, six, queen, king, ace).
    const PLACE: [u32; 9] = [5, 3, 1, 0, 2, 4, 6, 7, 8];
    fn by_distance(pattern: u16) -> u16 {
        (0..9).filter(|&r| pattern >> r & 1 == 1).map(|r| 1 << PLACE[r]).sum()
    }
    classes.sort_by_key(|c| {
        let [clubs, diamonds, ..] = c.0.0;
        (by_distance(diamonds), by_distance(clubs))
    });
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// `I/N`, two integers with `1 <= I <= N`.
impl FromStr for Shard {
    type Err = ParseShardError;

    fn from_str(s: &str) -> Result<Shard, ParseShardError> {
        let syntax = || ParseShardError::Syntax(s.to_owned());
        let (i, n) = s.split_once('/').ok_or_else(syntax)?;
        let number = |t: &str| {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(syntax());
            }
            t.parse::<u32>().map_err(|_| syntax())
        };
        Shard::new(number(i)?, number(n)?)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

    /// The canonical bits of `bits` by brute force over the 48 symmetries of a deck of `ranks`
    /// ranks per suit, and the size of its orbit.
    fn orbit(bits: u64, ranks: u32) -> (u64, u64) {
        let mask = (1u64 << ranks) - 1;
        let full = (1u64 << (4 * ranks)) - 1;
        let mut images = std::collections::HashSet::new();
        for sym in Symmetry::all() {
            let mut image = 0;
            for s in 0..4 {
                let to = sym.suits()[s as usize].index() as u32;
                image |= (bits >> (s * ranks) & mask) << (to * ranks);
            }
            if sym.swaps() {
                image ^= full;
            }
            images.insert(image);
        }
        (*images.iter().min().unwrap(), images.len() as u64)
    }

    #[test]
    fn the_solving_order_changes_the_cards_nearest_the_nine_most_often() {
        // How far from the nine the farthest card that changes hands between two classes
        // solved one after the other lies (0 for the nine, 5 for the ace), summed over a
        // block: far less in the solving order than in id order, over the same classes.
        fn farthest_change(a: DealClass, b: DealClass) -> u32 {
            let changed = a.0.bits(9) ^ b.0.bits(9);
            (0..36u32)
                .filter(|i| changed >> i & 1 == 1)
                .map(|i| (i % 9).abs_diff(3))
                .max()
                .unwrap_or(0)
        }
        fn total(classes: &[DealClass]) -> u32 {
            classes.windows(2).map(|w| farthest_change(w[0], w[1])).sum()
        }
        let by_count = patterns_by_count(9);
        for block in [(0b0_0000_0000, 0b0_0001_1111), (0b0_0000_0111, 0b0_0111_0001)] {
            let by_id = block_classes(block, &by_count);
            let mut ordered = by_id.clone();
            order_for_solving(&mut ordered);
            assert!(by_id.len() > 1000, "{}", by_id.len());
            let mut sorted = ordered.clone();
            sorted.sort_by_key(|c| c.id());
            assert_eq!(sorted, by_id, "the same classes");
            let (near, far) = (total(&ordered), total(&by_id));
            assert!(10 * near < 9 * far, "{block:?}: {near} against {far} in id order");
            // Sorted by diamonds, then clubs, each read as the ranks by distance from the
            // nine (ties: the lower rank first), nearest as the least significant.
            let by_distance: Vec<u32> = {
                let mut ranks: Vec<u32> = (0..9).collect();
                ranks.sort_by_key(|&r| (r.abs_diff(3), r));
                ranks
            };
            let key = |p: u16| -> u32 {
                by_distance.iter().enumerate().map(|(i, &r)| u32::from(p >> r & 1) << i).sum()
            };
            let keys: Vec<(u32, u32)> =
                ordered.iter().map(|c| (key(c.0.0[1]), key(c.0.0[0]))).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "{block:?}: not in the solving order");
        }
    }

    #[test]
    fn there_are_48_distinct_symmetries() {
        let all = Symmetry::all();
        assert_eq!(all.len(), 48);
        assert_eq!(all.iter().collect::<std::collections::HashSet<_>>().len(), 48);
        assert_eq!(all[0].suits(), Suit::ALL);
        assert!(!all[0].swaps());
    }

    #[test]
    fn reduced_decks_every_deal_in_exactly_one_class_of_the_right_size() {
        for ranks in 1..=5 {
            let by_count = patterns_by_count(ranks);
            // The enumeration: canonical bits -> class size; no class twice.
            let mut enumerated: HashMap<u64, u64> = HashMap::new();
            let mut last = None;
            for block in blocks(ranks) {
                for_each_in_block(ranks, block, &by_count, |p| {
                    let bits = p.bits(ranks);
                    // Increasing order of id (of bits) within a block.
                    assert!(last.is_none_or(|(b, l)| b != block || l < bits), "{ranks}: order");
                    last = Some((block, bits));
                    assert!(enumerated.insert(bits, p.class_size(ranks)).is_none(), "twice");
                });
            }
            // Every deal, directly: its class by brute force is enumerated, with its size.
            let cards = 4 * ranks;
            let mut seen: HashMap<u64, u64> = HashMap::new();
            let mut deals = 0;
            for bits in (0u64..1 << cards).filter(|b| b.count_ones() == 2 * ranks) {
                deals += 1;
                let (canonical, size) = orbit(bits, ranks);
                assert_eq!(Patterns::canonical(bits, ranks).bits(ranks), canonical);
                assert_eq!(enumerated.get(&canonical), Some(&size), "{ranks}: {bits:b}");
                *seen.entry(canonical).or_default() += 1;
            }
            assert_eq!(seen, enumerated, "{ranks}: the classes met are those enumerated");
            assert_eq!(enumerated.values().sum::<u64>(), deals);
            assert_eq!(deals, crate::census::id::binomial(cards, 2 * ranks));
        }
    }

    #[test]
    fn shards_parse_and_print() {
        assert_eq!("3/8".parse::<Shard>(), Shard::new(3, 8));
        assert_eq!(Shard::new(3, 8).unwrap().to_string(), "3/8");
        for bad in ["", "3", "3/", "/8", "a/8", "3/8/1", "+3/8", "3 /8", "-1/8", "99999999999/1"] {
            assert_eq!(bad.parse::<Shard>(), Err(ParseShardError::Syntax(bad.into())), "{bad}");
        }
        assert_eq!("0/8".parse::<Shard>(), Err(ParseShardError::Range { index: 0, count: 8 }));
        assert_eq!("9/8".parse::<Shard>(), Err(ParseShardError::Range { index: 9, count: 8 }));
    }

    #[test]
    fn shards_split_the_blocks() {
        assert_eq!(blocks(9).count() as u64, Shard::BLOCKS);
        let n = Shard::BLOCKS as u32;
        for (b, (hearts, spades)) in blocks(9).enumerate() {
            let class = DealClass(Patterns([511, 511, spades, hearts]));
            assert_eq!(Shard::containing(class, n), Shard::new(b as u32 + 1, n));
        }
        let class = DealClass(Patterns([511, 511, 3, 2]));
        assert_eq!(Shard::containing(class, 0), Err(ParseShardError::Range { index: 0, count: 0 }));
        for n in [1, 2, 7, 1000, 70_000] {
            let mut total = 0;
            for i in (1..=n).step_by((n as usize / 7).max(1)) {
                let shard = Shard::new(i, n).unwrap();
                assert_eq!(shard.blocks().count() as u64, shard.block_count(), "{shard}");
            }
            for i in 1..=n.min(7) {
                total += Shard::new(i, n).unwrap().block_count();
            }
            if n <= 7 {
                assert_eq!(total, Shard::BLOCKS);
            }
        }
    }
}
