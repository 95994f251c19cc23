//! Suits, ranks, cards and sets of cards, with their notation (`9S`, `TH`, `AC`).

use std::fmt;
use std::ops::Not;
use std::str::FromStr;

use crate::error::{ParseCardError, ParseCardSetError, ParseRankError, ParseSuitError};

tabletop_core::named_enum! {
    /// One of the four suits, in the order of the notation's letters `C D S H`.
    #[derive(PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Suit: "suit" {
        /// Clubs, `C`.
        Clubs = "C",
        /// Diamonds, `D`.
        Diamonds = "D",
        /// Spades, `S`.
        Spades = "S",
        /// Hearts, `H`.
        Hearts = "H",
    } else ParseSuitError = |_: &str| ParseSuitError
}

impl Suit {
    /// The suit's index, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation letter.
    pub const fn char(self) -> char {
        match self {
            Suit::Clubs => 'C',
            Suit::Diamonds => 'D',
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
        }
    }

    /// The suit of a notation letter.
    pub const fn from_char(c: char) -> Option<Suit> {
        match c {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            _ => None,
        }
    }
}

tabletop_core::named_enum! {
    /// One of the nine ranks, from low to high `6 7 8 9 T J Q K A`.
    #[derive(PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Rank: "rank" {
        /// Six, `6`.
        Six = "6",
        /// Seven, `7`.
        Seven = "7",
        /// Eight, `8`.
        Eight = "8",
        /// Nine, `9`: the card that opens a suit.
        Nine = "9",
        /// Ten, `T`.
        Ten = "T",
        /// Jack, `J`.
        Jack = "J",
        /// Queen, `Q`.
        Queen = "Q",
        /// King, `K`.
        King = "K",
        /// Ace, `A`.
        Ace = "A",
    } else ParseRankError = |_: &str| ParseRankError
}

impl Rank {
    /// The rank's index, `0..9` (six is 0, nine is 3, ace is 8).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank of an index `0..9`.
    pub const fn from_index(i: usize) -> Option<Rank> {
        if i < 9 { Some(Rank::ALL[i]) } else { None }
    }

    /// The notation character.
    pub const fn char(self) -> char {
        b"6789TJQKA"[self as usize] as char
    }

    /// The rank of a notation character.
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '6' => Some(Rank::Six),
            '7' => Some(Rank::Seven),
            '8' => Some(Rank::Eight),
            '9' => Some(Rank::Nine),
            'T' => Some(Rank::Ten),
            'J' => Some(Rank::Jack),
            'Q' => Some(Rank::Queen),
            'K' => Some(Rank::King),
            'A' => Some(Rank::Ace),
            _ => None,
        }
    }
}

/// One of the 36 cards: `suit * 9 + rank`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The number of cards in the deck.
    pub const COUNT: usize = 36;

    /// The card of a suit and a rank.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 9 + rank as u8)
    }

    /// The card with index `i` (`0..36`), if any.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < Card::COUNT { Some(Card(i as u8)) } else { None }
    }

    /// The card's index, `0..36`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[self.0 as usize / 9]
    }

    /// The rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[self.0 as usize % 9]
    }

    /// The cards that can only be played after this one: for 6, 7 and 8 the lower cards of
    /// the suit, for T to A the higher ones, for a 9 the rest of the suit.
    pub const fn dependents(self) -> CardSet {
        let base = (self.0 / 9) as u32 * 9;
        let r = (self.0 % 9) as u32;
        let suit_mask = 0x1FFu64 << base;
        let bits = match r {
            0..=2 => ((1u64 << r) - 1) << base,
            3 => suit_mask & !(1u64 << (base + 3)),
            _ => suit_mask & !((1u64 << (base + r + 1)) - 1),
        };
        CardSet(bits)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().char())
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let mut chars = s.chars();
        match (chars.next().and_then(Rank::from_char), chars.next().and_then(Suit::from_char)) {
            (Some(rank), Some(suit)) if chars.next().is_none() => Ok(Card::new(suit, rank)),
            _ => Err(ParseCardError),
        }
    }
}

/// A set of cards as a 36-bit bitset (bit `i` is the card with index `i`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(u64);

tabletop_core::card_set!(CardSet, Card, CardSetIter, u64);

impl CardSet {
    /// The whole deck.
    pub const FULL: CardSet = CardSet((1 << 36) - 1);

    /// The set of the given bits; bits above 35 are dropped.
    pub const fn from_bits(bits: u64) -> CardSet {
        CardSet(bits & CardSet::FULL.0)
    }

    /// The cards of one suit.
    pub const fn suit(suit: Suit) -> CardSet {
        CardSet(0x1FF << (suit as u32 * 9))
    }
}

impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the deck.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL.0)
    }
}

/// Space-separated cards in index order (the judge's hand format); empty for no card.
impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        tabletop_core::write_spaced(f, self.iter())
    }
}

/// Whitespace-separated cards in any order, each at most once (the inverse of
/// [`Display`](fmt::Display)); the empty string is the empty set.
impl FromStr for CardSet {
    type Err = ParseCardSetError;

    fn from_str(s: &str) -> Result<CardSet, ParseCardSetError> {
        let mut set = CardSet::EMPTY;
        for (column, token) in tokens(s) {
            let card = token
                .parse::<Card>()
                .map_err(|_| ParseCardSetError::UnknownToken { column, token: token.to_owned() })?;
            if !set.insert(card) {
                return Err(ParseCardSetError::Duplicate { card, column });
            }
        }
        Ok(set)
    }
}

pub(crate) use tabletop_core::text::tokens;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_round_trip() {
        for i in 0..36 {
            let card = Card::from_index(i).unwrap();
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::new(card.suit(), card.rank()), card);
        }
        assert_eq!("9S".parse::<Card>().unwrap().to_string(), "9S");
        for bad in ["", "9", "9s", "1S", "9SS", "10H", " 9S"] {
            assert!(bad.parse::<Card>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn suits_and_ranks_round_trip() {
        for suit in Suit::ALL {
            assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
        }
        for i in 0..9 {
            let rank = Rank::from_index(i).unwrap();
            assert_eq!(rank.to_string().parse::<Rank>(), Ok(rank));
        }
        for bad in ["", "s", "SS", "X", " S"] {
            assert_eq!(bad.parse::<Suit>(), Err(ParseSuitError), "{bad:?}");
        }
        for bad in ["", "t", "TT", "10", "5", " 9"] {
            assert_eq!(bad.parse::<Rank>(), Err(ParseRankError), "{bad:?}");
        }
    }

    #[test]
    fn card_sets_parse_with_typed_errors() {
        assert_eq!("".parse::<CardSet>(), Ok(CardSet::EMPTY));
        assert_eq!(" AH\t6C ".parse::<CardSet>().unwrap().to_string(), "6C AH");
        assert_eq!(
            "6C QX".parse::<CardSet>(),
            Err(ParseCardSetError::UnknownToken { column: 4, token: "QX".into() })
        );
        assert_eq!(
            "6C 7C 6C".parse::<CardSet>(),
            Err(ParseCardSetError::Duplicate { card: "6C".parse().unwrap(), column: 7 })
        );
        let msg = "6C QX".parse::<CardSet>().unwrap_err().to_string();
        assert!(msg.starts_with("column 4: unknown card \"QX\""), "{msg}");
    }

    #[test]
    fn dependents_follow_the_rules() {
        let d = |s: &str| s.parse::<Card>().unwrap().dependents().to_string();
        assert_eq!(d("9S"), "6S 7S 8S TS JS QS KS AS");
        assert_eq!(d("8C"), "6C 7C");
        assert_eq!(d("6H"), "");
        assert_eq!(d("QD"), "KD AD");
        assert_eq!(d("AH"), "");
    }

    #[test]
    fn set_operations() {
        let a: CardSet = ["9S", "TS", "6C"].iter().map(|s| s.parse::<Card>().unwrap()).collect();
        let b = CardSet::suit(Suit::Spades);
        assert_eq!((a & b).len(), 2);
        assert_eq!((a - b).to_string(), "6C");
        assert_eq!((a | b).len(), 10);
        assert_eq!((!a).len(), 33);
        assert_eq!(a.iter().len(), 3);
    }
}
