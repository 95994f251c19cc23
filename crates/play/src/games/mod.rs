//! The per-game adapters: each implements [`crate::Playable`] and [`crate::Analyse`].

pub mod mahjong;
pub mod nine;
pub mod race;
pub mod take6;
