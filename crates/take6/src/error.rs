//! The error types, one per operation.

use tabletop_core::budget::{MAX_MILLIS, MAX_PLAYOUTS};
use tabletop_core::text::{clip, thousands};
use thiserror::Error;

use crate::card::Card;

/// A card that is not a number in `1..=104`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("expected a card number from 1 to 104")]
pub struct ParseCardError;

/// An action that is neither a card number nor `r<row>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("expected an action: a card number (1 to 104) or \"r\" and a row number (\"r1\")")]
pub struct ParseActionError;

/// The search a budget belongs to, as its name starts: `nn-mc` or `mc`.
fn family(name: &str) -> &'static str {
    if name.starts_with("nn-mc") { "nn-mc" } else { "mc" }
}

/// A bot name that is not known, or a Monte Carlo budget out of its range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseBotError {
    /// A name that is no bot.
    #[error(
        "unknown bot \"{}\", expected one of: random, lowest, highest, heuristic, mc, mc:<playouts>, mc:<milliseconds>ms, nn, nn-mc, nn-mc:<playouts>, nn-mc:<milliseconds>ms",
        clip(.0)
    )]
    Unknown(String),
    /// `mc:N` with N not a number of playouts.
    #[error(
        "bot \"{}\": expected {}:N with N from 1 to {} playouts per candidate",
        clip(.0),
        family(.0),
        thousands(MAX_PLAYOUTS)
    )]
    Playouts(String),
    /// `mc:Nms` with N not a number of milliseconds.
    #[error(
        "bot \"{}\": expected {}:Nms with N from 1 to {} milliseconds per decision",
        clip(.0),
        family(.0),
        thousands(MAX_MILLIS)
    )]
    Millis(String),
    /// `mc:N` above the cap of playouts per candidate.
    #[error("bot \"{}\": at most {} playouts per candidate", clip(.0), thousands(MAX_PLAYOUTS))]
    TooManyPlayouts(String),
    /// `mc:Nms` above the cap of milliseconds per decision.
    #[error(
        "bot \"{}\": at most {} milliseconds per decision",
        clip(.0),
        thousands(MAX_MILLIS)
    )]
    TooManyMillis(String),
}

/// A built-in bot that does not play these rules: a network bot on rules no shipped network
/// was trained for, or in a build without the networks ([`BotKind::build`]).
///
/// [`BotKind::build`]: crate::BotKind::build
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bot `{bot}` cannot play these rules: {reason}")]
pub struct RefusedBot {
    /// The bot's name (`nn`, `nn-mc:20ms`).
    pub bot: String,
    /// Why, in the user's words: "the shipped networks play only 4 players with 10 cards a
    /// hand, ...".
    pub reason: String,
}

/// A bot that cannot be seated by name ([`bot_for`](crate::bot_for)): no bot of that name
/// (or a budget out of range), or a bot that does not play these rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BotError {
    /// The name is no bot, or its budget is out of range.
    #[error(transparent)]
    Name(#[from] ParseBotError),
    /// The bot does not play these rules.
    #[error(transparent)]
    Refused(#[from] RefusedBot),
}

/// Rules out of their limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// Not 2 to 10 players.
    #[error("{0} players: expected 2 to 10")]
    Players(u8),
    /// Not 1 to 4 rows.
    #[error("{0} rows: expected 1 to 4")]
    Rows(u8),
    /// Not 1 to 50 cards per hand.
    #[error("{0} cards per hand: expected 1 to 50")]
    HandSize(u8),
    /// A deck above 104 cards.
    #[error("a deck of cards 1-{0}: expected at most 104 cards")]
    DeckSize(u8),
    /// A deck too small for the deal.
    #[error(
        "{players} players x {hand_size} cards + {rows} rows = {} cards, more than the {deck} of the deck",
        *players as usize * *hand_size as usize + *rows as usize
    )]
    Deck {
        /// The players.
        players: u8,
        /// The cards per hand.
        hand_size: u8,
        /// The rows.
        rows: u8,
        /// The highest card (the deck's size).
        deck: u8,
    },
    /// A match target of 0.
    #[error("a match target of 0 heads: expected at least 1")]
    Target,
    /// A match whose hands may score nothing, so that it might never end.
    #[error("the rows can hold every card of a hand, so a match to a target might never end")]
    EndlessMatch,
}

impl RulesError {
    /// The parameter of [`Take6Params`](crate::Take6Params) to change: `players`, `rows`,
    /// `hand_size`, `deck` (a deck too small for the deal included), `target`, or `mode` (a
    /// match that might never end).
    pub fn parameter(&self) -> &'static str {
        match self {
            RulesError::Players(_) => "players",
            RulesError::Rows(_) => "rows",
            RulesError::HandSize(_) => "hand_size",
            RulesError::DeckSize(_) | RulesError::Deck { .. } => "deck",
            RulesError::Target => "target",
            RulesError::EndlessMatch => "mode",
        }
    }
}

/// A deal that does not fit its rules.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// The rules are out of their limits.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Not one starting card per row.
    #[error("{found} starting cards: expected {expected}, one per row")]
    Starts {
        /// Cards given.
        found: usize,
        /// Rows.
        expected: usize,
    },
    /// Not one hand per player.
    #[error("{found} hands: expected {expected}, one per player")]
    Hands {
        /// Hands given.
        found: usize,
        /// Players.
        expected: usize,
    },
    /// A hand of the wrong size.
    #[error("player {}'s hand has {found} cards: expected {expected}", player + 1)]
    HandSize {
        /// The player's seat (0-based; shown 1-based).
        player: usize,
        /// Cards in the hand.
        found: usize,
        /// The hand size of the rules.
        expected: usize,
    },
    /// A card above the deck.
    #[error("card {card} is not in the deck 1-{deck}")]
    OutOfDeck {
        /// The card.
        card: Card,
        /// The highest card.
        deck: u8,
    },
    /// A card dealt twice.
    #[error("card {0} is dealt twice")]
    Duplicate(Card),
}

/// An illegal move of a hand: a reveal ([`Hand::try_reveal`](crate::Hand::try_reveal)) or a
/// placement ([`Hand::try_place_next`](crate::Hand::try_place_next)).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IllegalMoveError {
    /// The hand is over.
    #[error("the hand is over")]
    HandOver,
    /// Cards are expected but a row must be chosen first.
    #[error("player {} must first choose the row that card {card} takes", player + 1)]
    RowChoicePending {
        /// The player's seat (0-based; shown 1-based).
        player: usize,
        /// Their too-low card.
        card: Card,
    },
    /// Not one card per player.
    #[error("{found} cards: expected {expected}, one per player")]
    CardCount {
        /// Cards given.
        found: usize,
        /// Players.
        expected: usize,
    },
    /// A card that is not in its player's hand.
    #[error("player {} does not hold card {card}", player + 1)]
    NotInHand {
        /// The player's seat (0-based; shown 1-based).
        player: usize,
        /// The card.
        card: Card,
    },
    /// A placement asked for while no revealed card waits.
    #[error("no revealed card waits to be placed")]
    NothingToPlace,
    /// A too-low card whose owner must pick a row, placed without a row or with one that does
    /// not exist.
    #[error("player {} must choose one of the {rows} rows for card {card}", player + 1)]
    RowChoiceNeeded {
        /// The owner's seat (0-based; shown 1-based).
        player: usize,
        /// The too-low card.
        card: Card,
        /// The rows on the table.
        rows: usize,
    },
}

/// A script (every card of a scripted game) out of the judge's limits.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ScriptError {
    /// The numbers of players, rounds or rows are out of their limits.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// N * M above [`MAX_PLAYED`](crate::MAX_PLAYED).
    #[error("{players} players times {rounds} rounds is {}: expected at most {max}", players * rounds, max = crate::MAX_PLAYED)]
    TooManyCards {
        /// N.
        players: usize,
        /// M.
        rounds: usize,
    },
    /// The deal is inconsistent.
    #[error(transparent)]
    Deal(#[from] DealError),
    /// Players with different numbers of cards.
    #[error("player {} plays {found} cards: expected {expected}", player + 1)]
    Rounds {
        /// The player's seat (0-based; shown 1-based).
        player: usize,
        /// Cards given.
        found: usize,
        /// Rounds.
        expected: usize,
    },
}

/// Input of the judge (NTHU 14463) that does not follow its format or limits.
///
/// Lines are 1-based; `token` is the offending text as written.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum JudgeError {
    /// The input ended early.
    #[error("line {line}: expected {expected}, found the end of the input")]
    Missing {
        /// The last line of the input.
        line: usize,
        /// What was expected.
        expected: String,
    },
    /// A token that is not what was expected.
    #[error("line {line}: expected {expected}, found `{}`", clip(.token))]
    Unexpected {
        /// The token's line.
        line: usize,
        /// The token.
        token: String,
        /// What was expected.
        expected: String,
    },
    /// A card given twice.
    #[error(
        "line {line}: card {card} appears twice (first on line {first_line}), expected distinct cards"
    )]
    Duplicate {
        /// The second occurrence's line.
        line: usize,
        /// The card.
        card: u8,
        /// The first occurrence's line.
        first_line: usize,
    },
    /// Tokens after the last card.
    #[error("line {line}: expected the end of the input, found `{}`", clip(.token))]
    Trailing {
        /// The token's line.
        line: usize,
        /// The token.
        token: String,
    },
}

/// An arena that cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ArenaError {
    /// The rules are out of their limits.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// Not one bot per seat.
    #[error(
        "{found} bot{} for {expected} players: expected one bot per player",
        if *.found == 1 { "" } else { "s" }
    )]
    Lineup {
        /// Bots given.
        found: usize,
        /// Players.
        expected: usize,
    },
    /// A list of bots that cannot fill the seats (a shorter list is repeated; a longer one
    /// does not fit).
    #[error("{found} bot{} for {players} players, expected 1 to {players}", if *.found == 1 { "" } else { "s" })]
    Bots {
        /// Bots given.
        found: usize,
        /// Players.
        players: usize,
    },
    /// A bot that does not play these rules (a network bot on rules its network was not
    /// trained for), with the reason.
    #[error(transparent)]
    Refused(#[from] RefusedBot),
    /// Two different bots of a lineup under one name: the report could not tell them apart.
    #[error("two different bots are named `{name}`: give each bot its own name")]
    SameName {
        /// The name.
        name: String,
    },
    /// A number of deals out of range.
    #[error("{deals} deals is out of range: expected 1 to {}", crate::MAX_ARENA_DEALS)]
    Deals {
        /// Deals asked for.
        deals: u64,
    },
    /// Sums that cannot be a tally of this arena's deals ([`crate::Tally::add_sums`]).
    #[error("the sums are not a tally of this arena: {problem}")]
    Sums {
        /// What does not fit.
        problem: String,
    },
    /// Parts of a run that are not the whole run once, or a part out of the run's deals.
    #[error(transparent)]
    Parts(#[from] tabletop_core::parts::PartsError),
    /// Parts of different arena runs given to be merged.
    #[error("part {part} is of another arena run than part 0: {what} differ")]
    OtherRun {
        /// The part's index in the list.
        part: usize,
        /// What differs.
        what: &'static str,
    },
    /// No parts to merge.
    #[error("no parts to merge: expected the parts of one arena run")]
    NoParts,
    /// A part's run stopped before every deal was played.
    #[error("the run stopped after {played} of its {asked} deals")]
    Stopped {
        /// Deals played.
        played: u64,
        /// Deals asked for.
        asked: u64,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_count_in_words_and_cut_long_tokens() {
        let lineup = |found| ArenaError::Lineup { found, expected: 4 }.to_string();
        assert_eq!(lineup(1), "1 bot for 4 players: expected one bot per player");
        assert_eq!(lineup(3), "3 bots for 4 players: expected one bot per player");
        let trailing = JudgeError::Trailing { line: 9, token: "7".repeat(1000) };
        let cut = format!("`{}... (1000 bytes)`", "7".repeat(40));
        assert_eq!(
            trailing.to_string(),
            format!("line 9: expected the end of the input, found {cut}")
        );
    }
}
