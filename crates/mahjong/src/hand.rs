//! Hands as counts per kind, and melds.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseHandError;
use crate::tile::Kind;

/// Powers of five: the weight of rank `i` in a suit's table key.
pub(crate) const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

/// The table key (suit `0..4`, 3 being the honours) and its weight for a non-special kind.
#[inline]
pub(crate) const fn key_slot(kind: usize) -> (usize, u32) {
    if kind < 27 { (kind / 9, POW5[kind % 9]) } else { (3, POW5[kind - 27]) }
}

/// A multiset of tiles: a count per kind, at most 4 of each.
///
/// Beside the counts it keeps, for each of the four suits (characters, dots, bamboo,
/// honours), the base-5 number of the suit's counts: the key of the distance tables, kept up
/// to date on every add and remove so a distance query reads no counts at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; 37],
    len: u8,
    keys: [u32; 4],
}

impl Default for Hand {
    fn default() -> Self {
        Hand::new()
    }
}

impl Hand {
    /// The empty hand.
    pub const fn new() -> Hand {
        Hand { counts: [0; 37], len: 0, keys: [0; 4] }
    }

    /// A hand from tiles; `None` if a kind appears more than 4 times.
    pub fn from_tiles(tiles: impl IntoIterator<Item = Kind>) -> Option<Hand> {
        let mut hand = Hand::new();
        for t in tiles {
            if hand.count(t) >= 4 {
                return None;
            }
            hand.add(t);
        }
        Some(hand)
    }

    /// The number of tiles.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hand holds no tile.
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of tiles of `kind`.
    #[inline]
    pub const fn count(&self, kind: Kind) -> u8 {
        self.counts[kind.index()]
    }

    /// The counts, indexed by [`Kind::index`].
    pub const fn counts(&self) -> &[u8; 37] {
        &self.counts
    }

    /// The base-5 keys of the four suits (see the type docs).
    #[inline]
    pub(crate) const fn keys(&self) -> [u32; 4] {
        self.keys
    }

    /// Whether the hand holds a `PASS`, `REVERSE` or `DOUBLE`.
    #[inline]
    pub const fn has_special(&self) -> bool {
        self.counts[34] + self.counts[35] + self.counts[36] > 0
    }

    /// The highest-priority special tile in the hand.
    pub fn top_special(&self) -> Option<Kind> {
        [Kind::PASS, Kind::REVERSE, Kind::DOUBLE].into_iter().find(|&k| self.count(k) > 0)
    }

    /// Adds one tile.
    ///
    /// # Panics
    /// If the hand already holds 4 tiles of `kind` (a fifth copy would corrupt the table keys;
    /// user input goes through [`Hand::from_str`] or [`Hand::from_tiles`], which reject it).
    #[inline]
    pub fn add(&mut self, kind: Kind) {
        let i = kind.index();
        assert!(self.counts[i] < 4, "a fifth {kind}");
        self.counts[i] += 1;
        self.len += 1;
        if i < 34 {
            let (s, w) = key_slot(i);
            self.keys[s] += w;
        }
    }

    /// Removes one tile.
    ///
    /// # Panics
    /// If the hand holds no tile of `kind`.
    #[inline]
    pub fn remove(&mut self, kind: Kind) {
        let i = kind.index();
        assert!(self.counts[i] > 0, "no {kind} to remove");
        self.counts[i] -= 1;
        self.len -= 1;
        if i < 34 {
            let (s, w) = key_slot(i);
            self.keys[s] -= w;
        }
    }

    /// The kinds held, lowest first (each once).
    pub fn kinds(&self) -> impl DoubleEndedIterator<Item = Kind> + '_ {
        Kind::ALL.into_iter().filter(|&k| self.count(k) > 0)
    }

    /// Every tile, lowest kind first.
    pub fn tiles(&self) -> impl Iterator<Item = Kind> + '_ {
        self.kinds().flat_map(|k| std::iter::repeat_n(k, self.count(k) as usize))
    }

    /// The internal consistency check: counts at most 4, length and keys agree with counts.
    pub fn check_invariants(&self) -> Result<(), String> {
        let mut fresh = Hand::new();
        for (i, &c) in self.counts.iter().enumerate() {
            if c > 4 {
                return Err(format!("{} copies of {}", c, Kind::ALL[i]));
            }
            for _ in 0..c {
                fresh.add(Kind::ALL[i]);
            }
        }
        if fresh != *self {
            return Err(format!("length or keys disagree with the counts of {self}"));
        }
        Ok(())
    }
}

impl fmt::Display for Hand {
    /// The tiles, lowest kind first, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tabletop_core::write_spaced(f, self.tiles())
    }
}

impl FromStr for Hand {
    type Err = ParseHandError;

    /// Whitespace-separated tiles, in any order.
    fn from_str(s: &str) -> Result<Hand, ParseHandError> {
        let mut hand = Hand::new();
        for token in s.split_whitespace() {
            let kind: Kind =
                token.parse().map_err(|_| ParseHandError::UnknownToken(token.to_owned()))?;
            if hand.count(kind) >= 4 {
                return Err(ParseHandError::TooManyCopies(kind));
            }
            hand.add(kind);
        }
        Ok(hand)
    }
}

/// A claimed set, out of the hand for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Meld {
    /// Three of a kind claimed with `PONG`.
    Pong(Kind),
    /// A sequence claimed with `CHOW`, given by its lowest tile.
    Chow(Kind),
}

impl Meld {
    /// The three tiles, ascending.
    pub fn tiles(self) -> [Kind; 3] {
        match self {
            Meld::Pong(k) => [k; 3],
            Meld::Chow(k) => {
                let next = |d| k.offset(d).expect("a chow's tiles exist");
                [k, next(1), next(2)]
            }
        }
    }
}

impl fmt::Display for Meld {
    /// The three tiles, as in the log: `1M 1M 1M`, `4P 5P 6P`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c] = self.tiles();
        write!(f, "{a} {b} {c}")
    }
}

#[cfg(test)]
impl Hand {
    /// The hand with its length overwritten: a corrupt hand for the tests of the checks.
    pub(crate) fn with_len(mut self, len: u8) -> Hand {
        self.len = len;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_parse_print_and_keep_keys() {
        let h: Hand = "5P 1M 1M E PASS 9S".parse().unwrap();
        assert_eq!(h.to_string(), "1M 1M 5P 9S E PASS");
        assert_eq!(h.len(), 6);
        assert!(h.has_special());
        assert_eq!(h.top_special(), Some(Kind::PASS));
        h.check_invariants().unwrap();
        assert_eq!(h.keys(), [2, POW5[4], POW5[8], 1]);
        assert!("1M 1M 1M 1M 1M".parse::<Hand>().is_err());
        assert!("1M X".parse::<Hand>().is_err());
        assert_eq!(Meld::Chow("4P".parse().unwrap()).to_string(), "4P 5P 6P");
    }

    #[test]
    fn a_fifth_copy_is_a_typed_error_from_input() {
        let e = "2S 2S 2S E 2S 2S".parse::<Hand>().unwrap_err();
        assert_eq!(e, ParseHandError::TooManyCopies("2S".parse().unwrap()));
        assert_eq!(e.to_string(), "more than 4 copies of 2S");
        assert_eq!(Hand::from_tiles([Kind::PASS; 5]), None);
    }

    #[test]
    fn the_check_catches_counts_lengths_and_keys_that_disagree() {
        let h: Hand = "1M 1M 5P E".parse().unwrap();
        assert_eq!(h.check_invariants(), Ok(()));
        let mut five = h;
        five.counts[0] = 5;
        assert_eq!(five.check_invariants(), Err("5 copies of 1M".to_owned()));
        assert!(
            h.with_len(5).check_invariants().unwrap_err().starts_with("length or keys disagree")
        );
        let mut keys = h;
        keys.keys[1] += 1;
        assert!(keys.check_invariants().unwrap_err().starts_with("length or keys disagree"));
        let mut count = h;
        count.counts[27] = 2;
        assert!(count.check_invariants().unwrap_err().starts_with("length or keys disagree"));
    }

    #[test]
    #[should_panic(expected = "a fifth 1M")]
    fn adding_a_fifth_copy_panics_in_every_build() {
        let mut h: Hand = "1M 1M 1M 1M".parse().unwrap();
        h.add("1M".parse().unwrap());
    }
}
