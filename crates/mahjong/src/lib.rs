//! Mahjong (THUPC 2021 variant, Luogu P7147): tiles, the wall, the distance to winning, the
//! fixed decision rules and the simulator.
//!
//! Rules: `docs/rules/mahjong.md` in the repository. A wall of 148 tiles (4 of each of 37 kinds, three of them
//! special) is dealt to `A B C D`; every player follows the same fixed rules (discard what
//! keeps the distance to winning smallest, claim when it strictly lowers it, always win); the
//! game is a list of [`Event`]s whose text is the original problem's output. [`Mahjong`] is
//! the game for [`tabletop_core::Game`]: the wall drawn by chance nodes (or given), the
//! discards decided by the players, and with the parameter `claims` their claims (`RON`,
//! `PONG`, `CHOW`, `SKIP`) and self-drawn wins too ([`MahjongAction`]); the rest by the fixed
//! rules.
//!
//! ```
//! use tabletop_mahjong::{distance, simulate, Hand, Wall};
//! use tabletop_core::seeded_rng;
//!
//! let hand: Hand = "1M 2M 3M 4P 5P 6P 7S 8S 9S E E E Z F".parse().unwrap();
//! assert_eq!(distance(&hand, 0), 1); // one swap from winning
//!
//! let wall = Wall::random(&mut seeded_rng(7));
//! let game = simulate(&wall);
//! assert_eq!(game.events.len() >= 53, true); // the deal, then at least one more line
//! ```

#[cfg(feature = "rayon")]
mod batch;
mod bot;
mod contest;
mod distance;
mod distance_build;
mod error;
mod event;
mod game;
mod hand;
mod judge;
#[cfg(feature = "nn")]
mod mcbot;
#[cfg(feature = "nn")]
mod nnbot;
mod replay;
mod report;
mod resample;
mod review;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod tile;
mod wall;

#[cfg(feature = "rayon")]
pub use batch::{CHUNK, Walls};
pub use bot::{BotError, MahjongBot};
pub use contest::{
    Checked, GenError, MahjongMode, SAMPLES_P7147, Verdict, check_p7147, gen_p7147, validate_p7147,
};
pub use distance::{
    MAX_MELDS, discard_options, distance, distance_direct, improving_draws, is_winning,
};
pub use error::{
    DistanceReportError, EventSyntaxError, IllegalMoveError, ParseEventError, ParseHandError,
    ParseKindError, ParsePlayerError, ParseReplayError, ReplayError, ReplayReason,
    SimulateManyError, StatsPartError, WallError,
};
pub use event::{Event, Outcome, log_text, parse_log, parse_log_lines};
pub use game::{Mahjong, MahjongAction, MahjongParams};
pub use hand::{Hand, Meld};
pub use judge::judge_p7147;
pub use replay::{Added, Replay, ReplayState, ReplayStep, StepEvents, check_log};
pub use report::{Discard, DistanceReport, GameReport, StatsPart, Summary, Totals, seeded_wall};
#[cfg(feature = "rayon")]
pub use report::{simulate_many, summarise, summarise_seeded};
pub use review::{MAHJONG_MARKS, MahjongOracle};
pub use state::{Claim, ClaimDue, GameRecord, GameStats, Position, simulate};
pub use tile::{Direction, Kind, Player, Suit};
pub use wall::{Wall, parse_walls};
