//! The optional `serde` feature: pieces by name and boards as `NxM`.

use crate::{Board, Piece};

tabletop_core::serde_via_str!(Piece, Board);
