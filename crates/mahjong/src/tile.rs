//! Tile kinds, players and the direction of play.
//!
//! The 37 kinds are numbered in the priority order of the rules, lowest first: `1M..9M` are
//! 0..=8, `1P..9P` 9..=17, `1S..9S` 18..=26, then `E S W N B F Z` 27..=33 and the special kinds
//! `DOUBLE REVERSE PASS` 34..=36. So "highest priority" is "highest index", and the four copies
//! of a kind are indistinguishable: a tile *is* its kind.

use std::fmt;
use std::str::FromStr;

use crate::error::ParseKindError;

/// One of the 37 tile kinds (a tile is its kind: the four copies are interchangeable).
///
/// The order of `Kind` is the tie-breaking priority order of the rules, lowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kind(u8);

/// The three suits of numbered kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Characters, `1M..9M`.
    Characters = 0,
    /// Dots, `1P..9P`.
    Dots = 1,
    /// Bamboo, `1S..9S`.
    Bamboo = 2,
}

const HONOUR_NAMES: [&str; 10] = ["E", "S", "W", "N", "B", "F", "Z", "DOUBLE", "REVERSE", "PASS"];

impl Kind {
    /// The number of kinds.
    pub const COUNT: usize = 37;
    /// The number of non-special kinds (suited and honours).
    pub const PLAIN: usize = 34;
    /// `DOUBLE`: the discarder takes another whole turn.
    pub const DOUBLE: Kind = Kind(34);
    /// `REVERSE`: the direction of play flips.
    pub const REVERSE: Kind = Kind(35);
    /// `PASS`: the discarder's next player skips a turn.
    pub const PASS: Kind = Kind(36);
    /// Every kind, lowest priority first.
    pub const ALL: [Kind; 37] = {
        let mut all = [Kind(0); 37];
        let mut i = 0;
        while i < 37 {
            all[i] = Kind(i as u8);
            i += 1;
        }
        all
    };

    /// The kind with this index (`0..37`, see the module docs), if any.
    pub const fn new(index: usize) -> Option<Kind> {
        if index < Self::COUNT { Some(Kind(index as u8)) } else { None }
    }

    /// A suited kind.
    pub const fn suited(suit: Suit, rank: u8) -> Option<Kind> {
        if rank >= 1 && rank <= 9 { Some(Kind(suit as u8 * 9 + rank - 1)) } else { None }
    }

    /// The index, `0..37`; higher means higher priority.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether this is `PASS`, `REVERSE` or `DOUBLE`.
    pub const fn is_special(self) -> bool {
        self.0 >= 34
    }

    /// Whether this is a wind or a dragon.
    pub const fn is_honour(self) -> bool {
        self.0 >= 27 && self.0 < 34
    }

    /// The suit of a numbered kind.
    pub const fn suit(self) -> Option<Suit> {
        match self.0 / 9 {
            0 => Some(Suit::Characters),
            1 => Some(Suit::Dots),
            2 => Some(Suit::Bamboo),
            _ => None,
        }
    }

    /// The rank `1..=9` of a numbered kind.
    pub const fn rank(self) -> Option<u8> {
        if self.0 < 27 { Some(self.0 % 9 + 1) } else { None }
    }

    /// The kind `delta` ranks away in the same suit, if it exists.
    pub const fn offset(self, delta: i8) -> Option<Kind> {
        match (self.suit(), self.rank()) {
            (Some(suit), Some(rank)) => {
                let r = rank as i8 + delta;
                if r >= 1 && r <= 9 { Kind::suited(suit, r as u8) } else { None }
            }
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.suit(), self.rank()) {
            (Some(suit), Some(rank)) => {
                write!(f, "{rank}{}", ['M', 'P', 'S'][suit as usize])
            }
            _ => f.write_str(HONOUR_NAMES[self.index() - 27]),
        }
    }
}

impl FromStr for Kind {
    type Err = ParseKindError;

    fn from_str(s: &str) -> Result<Kind, ParseKindError> {
        let b = s.as_bytes();
        if b.len() == 2 && (b'1'..=b'9').contains(&b[0]) {
            let suit = match b[1] {
                b'M' => Suit::Characters,
                b'P' => Suit::Dots,
                b'S' => Suit::Bamboo,
                _ => return Err(ParseKindError(s.to_owned())),
            };
            return Ok(Kind(suit as u8 * 9 + b[0] - b'1'));
        }
        HONOUR_NAMES
            .iter()
            .position(|&n| n == s)
            .map(|i| Kind(27 + i as u8))
            .ok_or_else(|| ParseKindError(s.to_owned()))
    }
}

tabletop_core::named_enum! {
    /// One of the four players, `A B C D`, seated in that order (numbered 0 to 3).
    #[derive(PartialOrd, Ord)]
    #[repr(u8)]
    pub enum Player: "player" {
        /// The first dealer and first to play.
        A = "A",
        /// `A`'s next player in the initial direction.
        B = "B",
        /// The player opposite `A`.
        C = "C",
        /// `A`'s previous player in the initial direction.
        D = "D",
    } else crate::error::ParsePlayerError = |s: &str| crate::error::ParsePlayerError(s.to_owned())
}

impl Player {
    /// The seat number, `0..4`.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player in seat `index % 4`.
    pub const fn from_index(index: usize) -> Player {
        Player::ALL[index % 4]
    }

    /// The next player in `direction`.
    pub const fn next(self, direction: Direction) -> Player {
        match direction {
            Direction::Forward => Player::from_index(self as usize + 1),
            Direction::Backward => Player::from_index(self as usize + 3),
        }
    }

    /// The upper-case letter.
    pub const fn letter(self) -> char {
        (b'A' + self as u8) as char
    }
}

/// The direction of play.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Direction {
    /// `A -> B -> C -> D -> A`, the initial direction.
    #[default]
    Forward,
    /// `A -> D -> C -> B -> A`, after an odd number of `REVERSE`s.
    Backward,
}

impl Direction {
    /// The opposite direction.
    pub const fn flipped(self) -> Direction {
        match self {
            Direction::Forward => Direction::Backward,
            Direction::Backward => Direction::Forward,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_and_order_is_priority() {
        let names: Vec<String> = Kind::ALL.iter().map(|k| k.to_string()).collect();
        assert_eq!(names[0], "1M");
        assert_eq!(names[26], "9S");
        assert_eq!(&names[27..], ["E", "S", "W", "N", "B", "F", "Z", "DOUBLE", "REVERSE", "PASS"]);
        for k in Kind::ALL {
            assert_eq!(k.to_string().parse::<Kind>(), Ok(k));
        }
        for bad in ["", "0M", "10M", "1X", "s", "pass", "1m", " E", "SS"] {
            assert!(bad.parse::<Kind>().is_err(), "{bad:?}");
        }
        assert!(Kind::PASS > Kind::REVERSE && Kind::REVERSE > Kind::DOUBLE);
        assert!(Kind::DOUBLE > "Z".parse().unwrap());
    }

    #[test]
    fn players_go_around_both_ways() {
        assert_eq!(Player::D.next(Direction::Forward), Player::A);
        assert_eq!(Player::A.next(Direction::Backward), Player::D);
        for p in Player::ALL {
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
            assert_eq!(p.next(Direction::Forward).next(Direction::Backward), p);
        }
    }
}
