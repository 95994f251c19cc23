//! Take 6! (6 nimmt!): cards and cattle heads, rule variants, the judge's scripted simulation
//! (NTHU 14463), the full game with simultaneous moves, bots and a duplicate arena.
//!
//! Rules: `docs/rules/take6.md` in the repository. In short: every round each player reveals a
//! card at once; the cards are placed in ascending order, each after the row end below it and
//! closest to it; the sixth card of a row takes the five; a card below every row end takes a
//! whole row (the one ending highest under the judge's [`RowRule::Forced`], the player's pick
//! under [`RowRule::Choose`]). Heads taken are penalties.
//!
//! The layers, each using only those before it: [`Rules`] (checked rule variants) ->
//! [`Table`] (rows, where a card goes, the row a too-low card takes) -> [`Hand`] and [`Match`]
//! (the state, with [`Hand::play_round`]) -> bots ([`Bot`], seeing only a [`View`]) -> the arena
//! ([`play_hand`], [`Match::play`], [`Arena`]) and [`Take6`], the game as a
//! [`tabletop_core::Game`] (deals as chance nodes, the simultaneous round turned into turns,
//! information states; [`Take6Params`] are the parameters the front ends read).
//! [`simulate`] plays the judge's scripts.
//!
//! ```
//! use tabletop_take6::{judge_nthu14463, Arena, BotKind, Rules};
//!
//! // The judge's sample.
//! let input = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";
//! assert_eq!(judge_nthu14463(input).unwrap(), "0\n5\n0\n6\n");
//!
//! // A deal of the published game, played once per seating.
//! let lineup = vec![BotKind::Heuristic, BotKind::Random, BotKind::Lowest];
//! let arena = Arena::new(Rules::standard(3)?, lineup)?;
//! let deal = arena.play_deal(7);
//! assert_eq!(deal.games, 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod arena;
mod bot;
mod card;
mod contest;
mod error;
mod features;
mod game;
mod judge;
mod lineup;
#[cfg(feature = "nn")]
mod nnbot;
mod report;
mod review;
mod rules;
mod script;
#[cfg(feature = "serde")]
mod serde_impls;
mod state;
mod table;

pub use arena::{
    Arena, ArenaSummary, BotSummary, Comparison, DealResult, Entrant, Tally, TallySums, play_hand,
};
pub use bot::{
    AnyBot, Bot, BotKind, Budget, FastRng, HeuristicBot, HighestBot, LowestBot, MonteCarloBot,
    RandomBot, bot_for, expected_penalty, sampled_penalty,
};
pub use card::{Card, CardSet, CardSetIter, DECK_HEADS, DECK_SIZE};
pub use contest::{
    Checked, Force, GenError, SAMPLES_NTHU14463, TakeGen, Verdict, check_nthu14463, gen_nthu14463,
    validate_nthu14463,
};
pub use error::{
    ArenaError, BotError, DealError, IllegalMoveError, JudgeError, ParseActionError, ParseBotError,
    ParseCardError, RefusedBot, RulesError, ScriptError,
};
pub use features::{ACTION_FEATURES, ACTION_FEATURES_VERSION, action_features};
pub use game::{ANALYSIS_SAMPLES, Mode, Take6, Take6Params};
pub use judge::{judge_nthu14463, parse_nthu14463};
pub use lineup::LineupError;
#[cfg(feature = "nn")]
pub use nnbot::{
    NETWORK_MC_KEEP, NetworkBot, NetworkMcBot, OBSERVATION_LEN, PLAYOUTS_PER_WORLD,
    write_view_observation,
};
pub use report::{
    ArenaConfig, ArenaPart, ArenaReport, MAX_ARENA_DEALS, PairComparison, RulesReport,
    ScriptReport, TraceStep,
};
pub use review::{MAX_EXACT_ROUNDS, REVIEW_SAMPLES, TAKE6_MARKS, Take6Oracle};
pub use rules::{
    MATCH_TARGET, MAX_HAND, MAX_PLAYED, MAX_PLAYERS, MAX_ROWS, ROW_CAPACITY, RowRule, Rules,
};
pub use script::{Outcome, Script, Step, simulate, simulate_traced};
pub use state::{Action, Hand, Match, Next, Placement, Reason, View};
pub use table::{Row, Table, Target};
