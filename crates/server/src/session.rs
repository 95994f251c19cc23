//! Game sessions: the library's [`HostedGame`](tabletop_play::HostedGame) (the bots answer a
//! person at once; with nobody seated, `POST /api/games/{id}/step` plays the next actions and
//! `POST /api/games/{id}/undo` takes one back), stored as their records
//! ([`tabletop_store::Store`]).
//!
//! The caps on work are the library's ([`tabletop_play::LIMITS`]: race boards, Monte Carlo
//! playouts, Take 6! analysis samples) plus [`MAX_STEPS`]; `GET /api/limits` lists them.
//! Bots stop between two actions when the request's [`Cancel`](tabletop_core::cancel::Cancel)
//! flag is set (at its deadline, or when its client goes away).

pub use tabletop_play::{HostedGame as GameSession, MAX_STEPS};
