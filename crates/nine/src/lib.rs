//! Nine (Девятка): cards, deals, positions, exact solver, importance of the first move, deal search.
//!
//! Rules: `../shared/specs/nine.md`.
