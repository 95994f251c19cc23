//! Mahjong (THUPC 2021 variant): tiles, wall, distance tables, decisions, simulator.
//!
//! Rules: `../shared/specs/mahjong.md`.
