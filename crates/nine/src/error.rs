//! The errors of the crate: one type per operation.

use thiserror::Error;

use crate::card::{Card, CardSet};
use crate::deal::Player;
use crate::position::Move;

/// A token that is not a card (`9S`, `TH`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("invalid card: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S")]
pub struct ParseCardError;

/// Why a text or a pair of hands is not a valid deal.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// The text does not have exactly two non-empty lines.
    #[error("expected two lines (Alice's cards, then Bob's cards), found {found} non-empty lines")]
    LineCount {
        /// The number of non-empty lines found.
        found: usize,
    },
    /// A token is not a card.
    #[error(
        "line {line}, column {column}: unknown card {token:?}: expected a rank (6 7 8 9 T J Q K A) then a suit (C D S H), such as 9S"
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
    #[error("{} cards missing from the deck: {cards}", cards.len())]
    Missing {
        /// The missing cards.
        cards: CardSet,
    },
    /// Both hands together hold the deck, but not 18 each.
    #[error("{player} holds {count} cards, expected 18")]
    HandSize {
        /// The player whose hand is too large.
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
pub enum SearchError {
    /// No deal has this importance.
    #[error(
        "no deal has importance {0}: the achievable importances are exactly 0..=24, 26 and 30 (the enumeration of all deals with at most 11 non-reserve cards)"
    )]
    Impossible(u32),
    /// More distinct importances were requested than exist.
    #[error("{0} deals with distinct importances requested, but only 27 importances exist")]
    TooMany(usize),
    /// The search ran out of budget.
    #[error("no deal with importance {target} found within {budget} solved deals")]
    NotFound {
        /// The importance searched for.
        target: u32,
        /// The budget, in solved deals.
        budget: u64,
    },
}
