//! What every tabletop game shares.
//!
//! - [`Game`]: the one game interface, shaped like OpenSpiel's: the game's type, chance nodes
//!   for deals and walls, one player to move at a time, actions as ids and notation, returns
//!   and rewards, information states and observations per player, bots. Every game crate
//!   implements it once beside its own fast API; sessions, the conformance harness
//!   ([`conformance::check`]), the server and Python all use it.
//! - [`seeded_rng`] and [`sub_seed`]: all randomness comes from an explicit seed (ChaCha8), and
//!   parallel work derives one independent stream per work item, so results never depend on
//!   the number of threads.
//! - [`minimax`]: a plain memoised minimax for two-player zero-sum games, short and obviously
//!   right: the oracle that fast solvers are tested against.
//! - [`contest`]: what the problem setters' toolkits share: the strict reader of validators,
//!   testlib's verdicts and the token-by-token comparison of standard checkers.
//! - [`text`]: lines and tokens as the original judges read them (any line break, any
//!   whitespace), in linear time; bytes decoded to text once for every front end
//!   ([`text::decode`]: UTF-8, the byte order mark dropped); and [`text::clip`], which cuts
//!   the input that a message quotes to a readable length.
//! - [`review`]: a record reviewed against the game's oracle: regret and marks per decision,
//!   a summary per player, written once for every game.
//! - [`budget`]: how long a search bot thinks (`N` playouts or `Nms`), as every game's bot
//!   names spell it, with the caps they share.
//! - [`cancel`]: a flag that front ends set to stop long work (the Monte Carlo loops read it).
//! - [`simd`]: the processor-specific builds of the observation and action-mask loops, and
//!   the switch that forces their portable build (`TABLETOP_PORTABLE=1`).
//! - [`drive`]: the batch drivers of the reports (many games or deals on all cores), each with
//!   a cancel flag and a progress callback.
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
pub mod budget;
pub mod cancel;
pub mod conformance;
pub mod contest;
pub mod drive;
mod game;
mod minimax;
mod named;
pub mod parts;
mod pick;
pub mod progress;
pub mod review;
mod rng;
mod serde_str;
pub mod simd;
#[cfg(any(test, feature = "testing"))]
pub mod testing;
pub mod text;

/// The `rand` crate of the workspace, so game crates and their users share one version.
pub use rand;

pub use bitset::{Number, write_bools, write_counts, write_flag_planes, write_flags, write_spaced};
pub use game::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, ParamsError, Returns,
    RewardModel, Turn, UnknownBot, Utility, sample_outcome,
};
pub use minimax::{Minimax, TwoPlayerZeroSum, minimax};
pub use named::{ParseNameError, write_choices};
pub use pick::pick_set_flags;
pub use rng::{Rng, seeded_rng, sub_seed};
