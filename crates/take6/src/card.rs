//! Cards 1..=104, their cattle heads, and sets of cards as a 128-bit bitset.

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use crate::error::ParseCardError;

/// The highest card of the deck.
pub const DECK_SIZE: u8 = 104;

/// The cattle heads of every card of the deck, added up.
pub const DECK_HEADS: u32 = 171;

/// A card, numbered `1..=104`.
///
/// ```
/// use tabletop_take6::Card;
///
/// let c: Card = "55".parse().unwrap();
/// assert_eq!(c.value(), 55);
/// assert_eq!(c.heads(), 7);
/// assert_eq!(Card::new(105), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The lowest card.
    pub const MIN: Card = Card(1);
    /// The highest card.
    pub const MAX: Card = Card(DECK_SIZE);

    /// The card numbered `value`, if it is in `1..=104`.
    pub const fn new(value: u8) -> Option<Card> {
        if value >= 1 && value <= DECK_SIZE { Some(Card(value)) } else { None }
    }

    /// The card numbered `value`.
    ///
    /// # Panics
    /// If `value` is not in `1..=104`.
    pub const fn from_value(value: u8) -> Card {
        match Card::new(value) {
            Some(c) => c,
            None => panic!("a card is numbered 1..=104"),
        }
    }

    /// The card's number.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The card's cattle heads (penalty points): 7 for 55, 5 for the other multiples of 11,
    /// 3 for multiples of 10, 2 for the other multiples of 5, else 1.
    #[inline]
    pub const fn heads(self) -> u8 {
        HEADS[self.0 as usize]
    }

    /// Every card of the deck, ascending.
    pub fn all() -> impl Iterator<Item = Card> {
        (1..=DECK_SIZE).map(Card)
    }
}

const fn heads_of(v: u8) -> u8 {
    if v == 55 {
        7
    } else if v.is_multiple_of(11) {
        5
    } else if v.is_multiple_of(10) {
        3
    } else if v.is_multiple_of(5) {
        2
    } else {
        1
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        s.parse::<u8>().ok().and_then(Card::new).ok_or(ParseCardError)
    }
}

/// The heads of every card number (index 0 unused).
const HEADS: [u8; DECK_SIZE as usize + 1] = {
    let mut t = [0u8; DECK_SIZE as usize + 1];
    let mut v = 1;
    while v <= DECK_SIZE {
        t[v as usize] = heads_of(v);
        v += 1;
    }
    t
};

/// The set of cards whose heads are at least `min`.
const fn heads_mask(min: u8) -> u128 {
    let mut m = 0u128;
    let mut v = 1;
    while v <= DECK_SIZE {
        if heads_of(v) >= min {
            m |= 1 << v;
        }
        v += 1;
    }
    m
}

const AT_LEAST_2: u128 = heads_mask(2);
const AT_LEAST_3: u128 = heads_mask(3);
const AT_LEAST_5: u128 = heads_mask(5);
const AT_LEAST_7: u128 = heads_mask(7);
const DECK_MASK: u128 = heads_mask(1);

/// A set of cards: bit `v` stands for card `v`.
///
/// Iteration is ascending. `heads()` is five population counts.
///
/// ```
/// use tabletop_take6::{Card, CardSet};
///
/// let s: CardSet = [Card::from_value(11), Card::from_value(6)].into_iter().collect();
/// assert_eq!(s.to_string(), "6 11");
/// assert_eq!(s.heads(), 6);
/// assert_eq!(CardSet::deck(104).heads(), 171);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u128);

tabletop_core::card_set!(CardSet, Card, CardSetIter, u128);

impl CardSet {
    /// The whole deck, `1..=104`.
    pub const FULL: CardSet = CardSet(DECK_MASK);

    /// The set of the given bits; bits outside `1..=104` are dropped.
    pub const fn from_bits(bits: u128) -> CardSet {
        CardSet(bits & DECK_MASK)
    }

    /// The cards `1..=highest` (`highest` is capped at 104).
    pub const fn deck(highest: u8) -> CardSet {
        let h = if highest > DECK_SIZE { DECK_SIZE } else { highest };
        // Bits 1..=h.
        CardSet(((1u128 << (h as u32 + 1)) - 1) & !1)
    }

    /// The cards strictly between `low` and `high` (both are card numbers; `0` is allowed
    /// for `low`, and `high` up to 105).
    pub const fn between(low: u8, high: u8) -> CardSet {
        // With `high <= low + 1` the masks give the empty set.
        let upto_high = (1u128 << high) - 1; // bits 0..high
        let upto_low = (1u128 << (low + 1)) - 1; // bits 0..=low
        CardSet(upto_high & !upto_low & DECK_MASK)
    }

    /// The `n`-th lowest card (0-based).
    ///
    /// One 64-bit population count and at most `n` bit clears (no population count of the
    /// whole set: the target baseline has no `popcnt` instruction).
    #[inline]
    pub fn nth(self, n: u32) -> Option<Card> {
        let low = self.0 as u64;
        let low_count = low.count_ones();
        let (mut word, mut n, base) =
            if n < low_count { (low, n, 0) } else { ((self.0 >> 64) as u64, n - low_count, 64) };
        while n > 0 && word != 0 {
            word &= word - 1;
            n -= 1;
        }
        if word == 0 { None } else { Some(Card((base + word.trailing_zeros()) as u8)) }
    }

    /// The cattle heads of all the cards.
    pub const fn heads(self) -> u32 {
        let s = self.0;
        s.count_ones()
            + (s & AT_LEAST_2).count_ones()
            + (s & AT_LEAST_3).count_ones()
            + 2 * (s & AT_LEAST_5).count_ones()
            + 2 * (s & AT_LEAST_7).count_ones()
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The cards of the deck (1..=104) that are not in the set.
    fn not(self) -> CardSet {
        CardSet(!self.0 & DECK_MASK)
    }
}

impl fmt::Display for CardSet {
    /// Ascending card numbers separated by spaces; `-` for the empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        tabletop_core::write_spaced(f, self.iter())
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;

    /// Card numbers separated by whitespace, or `-` for the empty set.
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        if s.trim() == "-" {
            return Ok(CardSet::EMPTY);
        }
        s.split_whitespace().map(str::parse::<Card>).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads_follow_the_rules() {
        let total: u32 = Card::all().map(|c| c.heads() as u32).sum();
        assert_eq!(total, DECK_HEADS);
        assert_eq!(CardSet::deck(104).heads(), DECK_HEADS);
        let count = |h| Card::all().filter(|c| c.heads() == h).count();
        assert_eq!((count(7), count(5), count(3), count(2), count(1)), (1, 8, 10, 9, 76));
        for c in Card::all() {
            assert_eq!(CardSet::single(c).heads(), c.heads() as u32, "{c}");
        }
    }

    #[test]
    fn notation_round_trips() {
        for c in Card::all() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        for bad in ["0", "105", "", "x", "-1", "1.0"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        let s: CardSet = "3 1 104".parse().unwrap();
        assert_eq!(s.to_string(), "1 3 104");
        assert_eq!(s.to_string().parse::<CardSet>(), Ok(s));
        assert_eq!("-".parse::<CardSet>(), Ok(CardSet::EMPTY));
    }

    #[test]
    fn set_operations() {
        let all = CardSet::deck(104);
        assert_eq!(all.len(), 104);
        assert_eq!(all.first(), Some(Card(1)));
        assert_eq!(all.last(), Some(Card(104)));
        assert_eq!(!all, CardSet::EMPTY);
        assert_eq!(!CardSet::EMPTY, all);
        assert_eq!(!CardSet::deck(10), CardSet::between(10, 105));
        // The iterator knows its exact length as it goes.
        let mut it = CardSet::deck(3).iter();
        assert_eq!((it.len(), it.size_hint()), (3, (3, Some(3))));
        it.next();
        assert_eq!((it.len(), it.size_hint()), (2, (2, Some(2))));
        assert_eq!(CardSet::EMPTY.iter().size_hint(), (0, Some(0)));
        assert_eq!(CardSet::deck(10).len(), 10);
        // Past the deck's highest card, the deck is capped.
        for highest in [105, 128, 200, 255] {
            assert_eq!(CardSet::deck(highest), all, "{highest}");
        }
        for n in 0..104 {
            assert_eq!(all.nth(n), Some(Card(n as u8 + 1)));
        }
        assert_eq!(all.nth(104), None);
        let odd: CardSet = Card::all().filter(|c| c.value() % 2 == 1).collect();
        for n in 0..52 {
            assert_eq!(odd.nth(n), Some(Card(2 * n as u8 + 1)));
        }
        assert_eq!(CardSet::between(3, 7).to_string(), "4 5 6");
        assert_eq!(CardSet::between(0, 105), all);
        assert_eq!(CardSet::between(5, 6), CardSet::EMPTY);
        assert_eq!(CardSet::between(9, 2), CardSet::EMPTY);
        let mut s = CardSet::EMPTY;
        assert!(s.insert(Card(70)));
        assert!(!s.insert(Card(70)));
        assert!(s.remove(Card(70)));
        assert!(!s.remove(Card(70)));
        let mut t = odd;
        let mut n = 0;
        while let Some(c) = t.pop_first() {
            assert_eq!(c.value() % 2, 1);
            n += 1;
        }
        assert_eq!(n, 52);
    }
}
