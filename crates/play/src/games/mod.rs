//! The per-game presentations: each implements [`crate::Present`] (its JSON view and analysis)
//! for the game crate's one [`tabletop_core::Game`] impl.

pub mod mahjong;
pub mod nine;
pub mod race;
pub mod take6;
