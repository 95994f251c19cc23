//! Take 6! (6 nimmt!): cards, rule variants, scripted simulation, bots.
//!
//! Rules: `../shared/specs/take6.md`.
