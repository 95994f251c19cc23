//! The errors of the crate: one type per operation.

use tabletop_core::text::clip;
use thiserror::Error;

use crate::card::{Card, CardSet};
use crate::deal::Player;
use crate::state::Move;

/// A token that is not a card (`9S`, `TH`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("invalid card: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S")]
pub struct ParseCardError;

/// A string that is not a suit letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("invalid suit: expected one of the letters C D S H")]
pub struct ParseSuitError;

/// A string that is not a rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("invalid rank: expected one of 6 7 8 9 T J Q K A")]
pub struct ParseRankError;

/// Why a text is not a set of cards.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseCardSetError {
    /// A token is not a card.
    #[error(
        "column {column}: unknown card {:?}: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S",
        clip(.token)
    )]
    UnknownToken {
        /// The column of the token's first character, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// A card appears twice.
    #[error("column {column}: duplicate card {card}")]
    Duplicate {
        /// The card.
        card: Card,
        /// The column of its second appearance, from 1.
        column: usize,
    },
}

/// Why a text or a pair of hands is not a valid deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// The text does not have exactly two non-empty lines (and not exactly one either: see
    /// [`DealError::EmptyHand`]).
    #[error(
        "expected two lines (Alice's cards, then Bob's cards), found {found} non-empty line{}",
        plural(*found)
    )]
    LineCount {
        /// The number of non-empty lines found.
        found: usize,
    },
    /// Only one hand has cards: the other hand's line is missing or empty.
    #[error(
        "{player}'s hand is empty: only line {line} has cards ({cards} of them); expected Alice's 18 cards on one line, then Bob's 18 on the next"
    )]
    EmptyHand {
        /// The player whose hand is empty.
        player: Player,
        /// The line that has cards, from 1.
        line: usize,
        /// The number of tokens on it.
        cards: usize,
    },
    /// A token is not a card.
    #[error(
        "line {line}, column {column}: unknown card {:?}: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S",
        clip(.token)
    )]
    UnknownToken {
        /// The line, from 1.
        line: usize,
        /// The column of the token's first character, from 1.
        column: usize,
        /// The token.
        token: String,
    },
    /// A card appears twice.
    #[error("line {line}, column {column}: duplicate card {card}")]
    Duplicate {
        /// The card.
        card: Card,
        /// The line of its second appearance, from 1.
        line: usize,
        /// The column of its second appearance, from 1.
        column: usize,
    },
    /// Some cards are in both hands.
    #[error("cards in both hands: {cards}")]
    Overlap {
        /// The cards held twice.
        cards: CardSet,
    },
    /// Some cards of the deck are in neither hand.
    #[error("{} card{} missing from the deck: {cards}", cards.len(), plural(cards.len()))]
    Missing {
        /// The missing cards.
        cards: CardSet,
    },
    /// Both hands together hold the deck, but not 18 each.
    #[error("{player} holds {count} card{}, expected 18", plural(*count))]
    HandSize {
        /// The first player (Alice, then Bob) whose hand does not hold 18 cards.
        player: Player,
        /// The number of cards in it.
        count: usize,
    },
}

/// A move that is not legal in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("illegal move {mv}: {reason}")]
pub struct IllegalMoveError {
    /// The move.
    pub mv: Move,
    /// Why it is illegal.
    pub reason: &'static str,
}

/// Why a set of played cards is not a position of a deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The cards of a suit on the table are not an unbroken run containing the 9.
    #[error(
        "the cards of suit {suit} on the table ({cards}) are not an unbroken run containing the 9"
    )]
    BrokenRun {
        /// The suit's letter.
        suit: char,
        /// The suit's cards on the table.
        cards: CardSet,
    },
}

/// Why a deal with some importance cannot be searched for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum FindError {
    /// No deal has this importance.
    #[error(
        "no deal has importance {0}: the achievable importances are exactly 0..=24, 26 and 30 (the enumeration of all deals with at most 11 non-reserve cards)"
    )]
    Impossible(u32),
    /// More distinct importances were requested than exist.
    #[error("{0} deals with distinct importances requested, but only 27 importances exist")]
    TooMany(usize),
    /// The search for `k` distinct importances ran out of budget.
    #[error("only {found} of {k} distinct importances found within {budget} solved deals")]
    NotEnough {
        /// The number of distinct importances requested.
        k: usize,
        /// The number found.
        found: usize,
        /// The budget, in solved deals.
        budget: u64,
    },
    /// The search ran out of budget.
    #[error("no deal with importance {target} found within {budget} solved deals")]
    NotFound {
        /// The importance searched for.
        target: u32,
        /// The budget, in solved deals.
        budget: u64,
    },
    /// The search was cancelled ([`tabletop_core::cancel`]) before it found a deal.
    #[error("the search was cancelled")]
    Cancelled,
}

/// Why a text is not a deal or a list of deals ([`parse_deals`](crate::parse_deals)).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseDealsError {
    /// The text holds one deal (at most two non-blank lines), and it is not valid.
    #[error("invalid deal")]
    Deal(#[source] DealError),
    /// A deal among many is not two lines.
    #[error(
        "invalid deal {number} at line {line}: a deal is two lines (Alice's cards, then Bob's) \
         and deals are separated by blank lines, but this one has {lines} line{}",
        plural(*lines)
    )]
    LineCount {
        /// The deal's number, from 1.
        number: usize,
        /// Its first line, from 1.
        line: usize,
        /// Its number of lines.
        lines: usize,
    },
    /// A deal among many is two lines, and not a valid deal.
    #[error("invalid deal {number}")]
    InDeal {
        /// The deal's number, from 1.
        number: usize,
        /// Why it is not valid (its lines counted in the whole text).
        source: DealError,
    },
}

/// `"s"` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A deal id that is not below C(36, 18) ([`Deal::from_id`](crate::Deal::from_id)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("deal id {id} out of range: ids run from 0 to 9075135299 (C(36, 18) deals)")]
pub struct DealIdError {
    /// The id.
    pub id: u64,
}

/// A text that is not a shard `I/N` with `1 <= I <= N`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseShardError {
    /// Not two unsigned integers separated by `/`.
    #[error("invalid shard {:?}: expected I/N, two integers with 1 <= I <= N, such as 3/8", clip(.0))]
    Syntax(String),
    /// `I` is 0 or above `N`.
    #[error("invalid shard {index}/{count}: expected 1 <= I <= N")]
    Range {
        /// `I`.
        index: u32,
        /// `N`.
        count: u32,
    },
}

/// Why census results cannot be run, read or merged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CensusError {
    /// Two parts split the classes into different numbers of shards.
    #[error("the parts split the classes differently: into {first} shards and into {other}")]
    ShardCount {
        /// The `N` of the first part.
        first: u32,
        /// The other `N`.
        other: u32,
    },
    /// A shard is in two parts.
    #[error("shard {index}/{count} is in two parts")]
    Duplicate {
        /// `I`.
        index: u32,
        /// `N`.
        count: u32,
    },
    /// Nothing to merge.
    #[error("no census to merge")]
    Empty,
    /// A run needs a census of exactly one shard.
    #[error("a census runs one shard at a time, and this one holds {shards}")]
    NotOneShard {
        /// The number of shards it holds.
        shards: usize,
    },
    /// The results contradict themselves (a file edited or cut short).
    #[error("inconsistent census: {0}")]
    Inconsistent(String),
}
