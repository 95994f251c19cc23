//! Chess-piece race games (Life Winner Bo): pieces, retrograde tables, closed forms.
//!
//! Rules: `../shared/specs/race.md`.
