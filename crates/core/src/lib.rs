//! What every tabletop game shares.
//!
//! - [`Game`]: a small, OpenSpiel-like view of a game (players to move, legal actions, apply,
//!   terminal, returns). Every game crate implements it beside its own fast API, so one
//!   conformance harness ([`random_playout`]) and one arena serve all of them.
//! - [`seeded_rng`] and [`sub_seed`]: all randomness comes from an explicit seed (ChaCha8), and
//!   parallel work derives one independent stream per work item, so results never depend on
//!   the number of threads.
//! - [`minimax`]: a plain memoised minimax for two-player zero-sum games, short and obviously
//!   right: the oracle that fast solvers are tested against.
//! - [`contest`]: what the problem setters' toolkits share: the strict reader of validators,
//!   testlib's verdicts and the token-by-token comparison of standard checkers.
//! - [`text`]: lines and tokens as the original judges read them (any line break, any
//!   whitespace), in linear time.
//!
//! ```
//! use tabletop_core::{seeded_rng, sub_seed};
//! use rand::Rng;
//!
//! let a: u64 = seeded_rng(sub_seed(7, 3)).random();
//! let b: u64 = seeded_rng(sub_seed(7, 3)).random();
//! assert_eq!(a, b);
//! ```

mod bitset;
pub mod contest;
mod game;
mod minimax;
mod playout;
mod rng;
mod serde_str;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod text;

/// The `rand` crate of the workspace, so game crates and their users share one version.
pub use rand;

pub use bitset::write_spaced;
pub use game::{Game, Returns};
pub use minimax::{Minimax, TwoPlayerZeroSum, minimax};
pub use playout::{Playout, PlayoutError, random_playout};
pub use rng::{Rng, seeded_rng, sub_seed};
