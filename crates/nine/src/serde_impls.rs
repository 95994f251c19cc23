//! The optional `serde` feature: cards, sets, deals and moves in their notation.

use crate::{Card, CardSet, Deal, Move, Rank, Suit};

tabletop_core::serde_via_str!(Suit, Rank, Card, CardSet, Deal, Move);
