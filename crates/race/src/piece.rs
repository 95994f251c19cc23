//! The four pieces and their notation.

use std::fmt;
use std::str::FromStr;

use crate::ParsePieceError;

/// A chess piece that may only move right, down, or right-down.
///
/// The discriminant is the piece's number in the HDU 5754 judge input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Piece {
    /// One step right, down, or diagonally right-down.
    King = 1,
    /// Any distance right or down.
    Rook = 2,
    /// `(x+1, y+2)` or `(x+2, y+1)`.
    Knight = 3,
    /// Any distance right, down, or diagonally right-down.
    Queen = 4,
}

impl Piece {
    /// Every piece, in judge order.
    pub const ALL: [Piece; 4] = [Piece::King, Piece::Rook, Piece::Knight, Piece::Queen];

    /// The piece with judge number `n` (1 king, 2 rook, 3 knight, 4 queen).
    pub const fn from_number(n: u64) -> Option<Piece> {
        match n {
            1 => Some(Piece::King),
            2 => Some(Piece::Rook),
            3 => Some(Piece::Knight),
            4 => Some(Piece::Queen),
            _ => None,
        }
    }

    /// The judge number, 1..=4.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The lower-case English name.
    pub const fn name(self) -> &'static str {
        match self {
            Piece::King => "king",
            Piece::Rook => "rook",
            Piece::Knight => "knight",
            Piece::Queen => "queen",
        }
    }

    /// Whether the piece slides any distance (rook, queen) rather than stepping.
    pub const fn slides(self) -> bool {
        matches!(self, Piece::Rook | Piece::Queen)
    }

    /// Whether the game with this piece can end in a draw (only the knight can get stuck off
    /// the target); the others are impartial games with Grundy values.
    pub const fn has_draws(self) -> bool {
        matches!(self, Piece::Knight)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

impl FromStr for Piece {
    type Err = ParsePieceError;

    /// Accepts the names (any case, `castle` for the rook) and the judge numbers `1..=4`.
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let t = s.trim();
        let piece = match t.to_ascii_lowercase().as_str() {
            "1" | "king" => Piece::King,
            "2" | "rook" | "castle" => Piece::Rook,
            "3" | "knight" => Piece::Knight,
            "4" | "queen" => Piece::Queen,
            _ => return Err(ParsePieceError(s.to_owned())),
        };
        Ok(piece)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_round_trip() {
        for p in Piece::ALL {
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
            assert_eq!(p.number().to_string().parse::<Piece>(), Ok(p));
            assert_eq!(Piece::from_number(u64::from(p.number())), Some(p));
            assert_eq!(p.name().to_uppercase().parse::<Piece>(), Ok(p));
        }
        assert_eq!("castle".parse::<Piece>(), Ok(Piece::Rook));
        assert_eq!(" 1 ".parse::<Piece>(), Ok(Piece::King));
        for bad in ["", "0", "5", "bishop", "k", "01", "kingg"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad:?}");
        }
        assert_eq!(Piece::from_number(0), None);
        assert_eq!(Piece::from_number(5), None);
    }

    #[test]
    fn rook_and_queen_slide_and_only_the_knight_draws() {
        assert_eq!(Piece::ALL.map(Piece::slides), [false, true, false, true]);
        assert_eq!(Piece::ALL.map(Piece::has_draws), [false, false, true, false]);
    }
}
