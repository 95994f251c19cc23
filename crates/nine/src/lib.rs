//! Nine (Девятка): cards, deals, positions, an exact solver, the importance of the first move
//! and a search for deals with a given importance (Codeforces 1769 D1-D3).
//!
//! Two players hold 18 cards each, open. A nine can be played at any time, a 6, 7 or 8 on the
//! card one rank higher of its suit, a T to A on the card one rank lower; a player with no
//! legal card passes; whoever puts down their last card wins, and the score is the number of
//! cards the loser keeps, signed from Alice's side (Alice maximises, Bob minimises). Rules:
//! `docs/rules/nine.md` in the repository.
//!
//! [`Position`] is the fast API of the rules (moves, results, the exact [`Solver`]);
//! [`Nine`] is the same game behind the one game interface [`tabletop_core::Game`] that
//! sessions, the conformance harness and the front ends use: the deal as chance nodes,
//! integer action ids, observations, and the `solver` and `random` bots.
//!
//! ```
//! use tabletop_nine::{Deal, Player, Position, Solver};
//!
//! let deal: Deal = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
//!                   KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H".parse()?;
//! let mut solver = Solver::new();
//! let value = solver.solve(deal);
//! // Alice moving first wins and Bob keeps two cards.
//! assert_eq!(value.alice_first, 2);
//! let start = Position::start(deal, Player::Alice);
//! let best = solver.best_moves(&start);
//! assert_eq!(best[0].1, 2);
//! # Ok::<(), tabletop_nine::DealError>(())
//! ```

mod card;
mod census;
#[cfg(feature = "census-file")]
mod census_file;
mod contest;
mod deal;
mod error;
mod find;
mod game;
mod judge;
mod listing;
mod report;
mod review;
#[cfg(feature = "serde")]
mod serde_impls;
mod solver;
mod state;

pub use card::{Card, CardSet, CardSetIter, Rank, Suit};
pub use contest::{
    Checked, GenError, SAMPLES_D1, SAMPLES_K, Verdict, check_d1, check_k, gen_d1, gen_k,
    validate_d1, validate_k,
};
pub use deal::{Deal, Player};
pub use error::{
    DealError, FindError, IllegalMoveError, ParseCardError, ParseCardSetError, ParseDealsError,
    ParseRankError, ParseSuitError, PositionError,
};
pub use find::{
    ACHIEVABLE, find_deal, find_distinct, find_distinct_counted, is_achievable, low_reserve_deals,
    random_deal,
};
pub use game::{First, Nine, NineParams, with_thread_solver};
pub use judge::{JUDGE_BUDGET, JUDGE_SEED, JudgeError, judge_d1, judge_d2, judge_d3};
pub use listing::{DealIdReport, Numbered, headed_reports};
pub use report::{
    Enumeration, FindReport, FirstMover, FirstMoverReport, MoveValue, Stats, Tally, parse_deals,
    seeded_deal,
};
#[cfg(feature = "rayon")]
pub use report::{first_mover_reports, seeded_stats, solve_many, solve_random};
pub use review::{NINE_MARKS, NineOracle};
pub use solver::{
    CENSUS_TABLE_SIZE, DealValue, Solver, importance, minimax_deal, minimax_value, solve_deal,
    winner,
};
pub use state::{Move, Moves, POSITIONS, Position, RUN_STATES};

// The census of every deal: deal ids, classes of symmetric deals, shards.
pub use census::{
    CLASSES, Census, CensusReport, CensusTally, DealClass, JointCell, Shard, ShardRecord,
    SmallestIds, Symmetry,
};
#[cfg(feature = "census-file")]
pub use census_file::{
    CensusFileError, ShardFile, census_json, describe_shards, merge_census_files, read_census,
    write_census,
};
pub use error::{CensusError, DealIdError, ParseShardError};
