//! Rule variants as values: who picks the row taken by a too-low card, the numbers of players,
//! rows and cards, the deck, and the match target.

use std::fmt;

use crate::card::DECK_SIZE;
use crate::error::RulesError;

/// The most players of any variant (the published game's limit, and the judge's).
pub const MAX_PLAYERS: usize = 10;

/// The most rows on the table of any variant (the judge allows 1 to 4, the game has 4).
pub const MAX_ROWS: usize = 4;

/// The cards a row holds; the next card placed on a full row takes it.
pub const ROW_CAPACITY: usize = 5;

/// The most cards in one player's hand (the judge's M <= 50).
pub const MAX_HAND: usize = 50;

/// The most cards played in one game of the judge (NTHU 14463's `N * M <= 100`).
pub const MAX_PLAYED: usize = 100;

/// The heads that end a match of the published game (after the hand in which some player
/// reaches them): the target of [`Rules::standard`] and [`Rules::judge`].
pub const MATCH_TARGET: u16 = 66;

tabletop_core::named_enum! {
    /// Who picks the row taken by a card that is below every row end.
    pub enum RowRule: "row rule" {
        /// The row whose last card is the highest is taken (the judge, NTHU 14463).
        Forced = "forced",
        /// The player who played the card picks the row (the published game).
        Choose = "choose",
    }
}

impl RowRule {
    /// Whether the owner of a too-low card picks the row it takes (a decision of its own in a
    /// round), rather than the rule.
    pub const fn owner_chooses(self) -> bool {
        matches!(self, RowRule::Choose)
    }
}

/// One variant of the game: a checked value, so every engine takes it as it is.
///
/// The fields are private; [`Rules::new`] (and [`Rules::standard`], [`Rules::judge`]) check
/// every limit once, and the `with_*` methods keep them.
///
/// ```
/// use tabletop_take6::{Rules, RowRule, RulesError};
///
/// let r = Rules::standard(4).unwrap();
/// assert_eq!((r.rows(), r.hand_size(), r.deck(), r.target()), (4, 10, 104, 66));
/// assert_eq!(r.row_rule(), RowRule::Choose);
/// assert_eq!(Rules::standard(11), Err(RulesError::Players(11)));
/// // The target matters only to matches: the description of a hand leaves it out.
/// assert_eq!(r.to_string(), "4 players, 4 rows, 10 cards each, cards 1-104, row rule: choose");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Rules {
    row_rule: RowRule,
    players: u8,
    rows: u8,
    hand_size: u8,
    deck: u8,
    target: u16,
}

impl Rules {
    /// The rules with these numbers, if they are within their limits: `players` in `2..=10`,
    /// `rows` in `1..=4`, `hand_size` (the cards each player gets, which is also the number of
    /// rounds) in `1..=50`, the deck `1..=deck` with `deck <= 104` and at least
    /// `players * hand_size + rows` cards, and a match `target` (a match ends after the hand in
    /// which some player reaches this many heads) of at least 1.
    pub fn new(
        row_rule: RowRule,
        players: usize,
        rows: usize,
        hand_size: usize,
        deck: usize,
        target: u16,
    ) -> Result<Rules, RulesError> {
        let small = |x: usize| u8::try_from(x).unwrap_or(u8::MAX);
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(RulesError::Players(small(players)));
        }
        if !(1..=MAX_ROWS).contains(&rows) {
            return Err(RulesError::Rows(small(rows)));
        }
        if !(1..=MAX_HAND).contains(&hand_size) {
            return Err(RulesError::HandSize(small(hand_size)));
        }
        if deck > DECK_SIZE as usize {
            return Err(RulesError::DeckSize(small(deck)));
        }
        let (players, rows, hand_size, deck) =
            (players as u8, rows as u8, hand_size as u8, deck as u8);
        if (deck as usize) < players as usize * hand_size as usize + rows as usize {
            return Err(RulesError::Deck { players, hand_size, rows, deck });
        }
        if target == 0 {
            return Err(RulesError::Target);
        }
        Ok(Rules { row_rule, players, rows, hand_size, deck, target })
    }

    /// The published game for `players` players: 104 cards, 4 rows, 10 cards each, free row
    /// choice, match to 66.
    pub fn standard(players: usize) -> Result<Rules, RulesError> {
        Rules::new(RowRule::Choose, players, 4, 10, DECK_SIZE as usize, MATCH_TARGET)
    }

    /// The whole deck of 104 cards with these numbers, a match to `target` (by default
    /// [`MATCH_TARGET`]): the rules of the front ends' arena and hand arguments.
    pub fn full_deck(
        row_rule: RowRule,
        players: usize,
        rows: usize,
        hand_size: usize,
        target: Option<u16>,
    ) -> Result<Rules, RulesError> {
        let target = target.unwrap_or(MATCH_TARGET);
        Rules::new(row_rule, players, rows, hand_size, DECK_SIZE as usize, target)
    }

    /// The judge's variant (NTHU 14463): `n` players, `m` rounds, `p` rows, cards
    /// `1..=n*m+p`, forced row.
    pub fn judge(n: usize, m: usize, p: usize) -> Result<Rules, RulesError> {
        let deck = n.saturating_mul(m).saturating_add(p);
        Rules::new(RowRule::Forced, n, p, m, deck, MATCH_TARGET)
    }

    /// The same rules with another row rule.
    pub const fn with_row_rule(self, row_rule: RowRule) -> Rules {
        Rules { row_rule, ..self }
    }

    /// The same rules with another deck `1..=deck`, if it is large enough and at most 104.
    pub fn with_deck(self, deck: usize) -> Result<Rules, RulesError> {
        Rules::new(
            self.row_rule,
            self.num_players(),
            self.num_rows(),
            self.hand(),
            deck,
            self.target,
        )
    }

    /// The same rules with another match target (at least 1).
    pub fn with_target(self, target: u16) -> Result<Rules, RulesError> {
        if target == 0 {
            return Err(RulesError::Target);
        }
        Ok(Rules { target, ..self })
    }

    /// Who picks the row taken by a too-low card.
    pub const fn row_rule(&self) -> RowRule {
        self.row_rule
    }

    /// The number of players, `2..=10`.
    pub const fn players(&self) -> u8 {
        self.players
    }

    /// The number of rows on the table, `1..=4`.
    pub const fn rows(&self) -> u8 {
        self.rows
    }

    /// The cards each player gets per hand, which is also the number of rounds, `1..=50`.
    pub const fn hand_size(&self) -> u8 {
        self.hand_size
    }

    /// The highest card: the deck is `1..=deck`, at most 104, and holds at least
    /// [`Rules::cards_in_play`] cards.
    pub const fn deck(&self) -> u8 {
        self.deck
    }

    /// A match ends after the hand in which some player reaches this many heads (at least 1).
    pub const fn target(&self) -> u16 {
        self.target
    }

    /// The number of players as a `usize`.
    pub const fn num_players(&self) -> usize {
        self.players as usize
    }

    /// The number of rows as a `usize`.
    pub const fn num_rows(&self) -> usize {
        self.rows as usize
    }

    /// The cards each player gets as a `usize`.
    const fn hand(&self) -> usize {
        self.hand_size as usize
    }

    /// The cards of one hand: the starting card of every row and every player's hand.
    pub const fn cards_in_play(&self) -> usize {
        self.players as usize * self.hand_size as usize + self.rows as usize
    }

    /// Whether every hand is sure to give someone a head, so that a match ends: more cards are
    /// placed than the rows can hold.
    pub const fn hand_always_scores(&self) -> bool {
        self.cards_in_play() > self.rows as usize * ROW_CAPACITY
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} players, {} rows, {} cards each, cards 1-{}, row rule: {}",
            self.players, self.rows, self.hand_size, self.deck, self.row_rule
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard rules with some numbers changed, checked.
    fn with(
        players: usize,
        rows: usize,
        hand_size: usize,
        deck: usize,
        target: u16,
    ) -> Result<Rules, RulesError> {
        Rules::new(RowRule::Choose, players, rows, hand_size, deck, target)
    }

    #[test]
    fn limits_are_checked() {
        for players in 2..=10 {
            assert!(Rules::standard(players).is_ok());
        }
        let full = Rules::full_deck(RowRule::Choose, 4, 4, 10, None);
        assert_eq!(full, Rules::standard(4));
        let forced = Rules::full_deck(RowRule::Forced, 3, 2, 5, Some(20)).unwrap();
        assert_eq!((forced.deck(), forced.target(), forced.row_rule()), (104, 20, RowRule::Forced));
        assert_eq!(Rules::full_deck(RowRule::Choose, 4, 4, 10, Some(0)), Err(RulesError::Target));
        let forced = Rules::standard(4).unwrap().with_row_rule(RowRule::Forced);
        assert_eq!((forced.row_rule(), forced.deck()), (RowRule::Forced, 104));
        assert_eq!(Rules::standard(1), Err(RulesError::Players(1)));
        assert_eq!(Rules::standard(11), Err(RulesError::Players(11)));
        assert_eq!(with(4, 5, 10, 104, 66), Err(RulesError::Rows(5)));
        assert_eq!(with(4, 0, 10, 104, 66), Err(RulesError::Rows(0)));
        assert_eq!(with(4, 4, 0, 104, 66), Err(RulesError::HandSize(0)));
        assert!(matches!(with(10, 4, 11, 104, 66), Err(RulesError::Deck { .. })));
        assert!(Rules::judge(10, 10, 4).is_ok());
        assert!(Rules::judge(10, 10, 4).unwrap().hand_always_scores());
        assert!(!Rules::judge(2, 1, 4).unwrap().hand_always_scores());
        // 4 rows hold 20 cards: 4 starts and 2 x 8 can all fit, one card more cannot.
        assert_eq!(Rules::judge(2, 8, 4).unwrap().cards_in_play(), 20);
        assert!(!Rules::judge(2, 8, 4).unwrap().hand_always_scores());
        assert!(Rules::judge(3, 6, 3).unwrap().hand_always_scores());
        assert!(!Rules::judge(3, 4, 3).unwrap().hand_always_scores());
        assert!(Rules::judge(2, 9, 4).unwrap().hand_always_scores());
        assert!(matches!(Rules::judge(10, 11, 4), Err(RulesError::DeckSize(114))));
        assert_eq!(
            with(10, 4, 11, 104, 66).unwrap_err().to_string(),
            "10 players x 11 cards + 4 rows = 114 cards, more than the 104 of the deck"
        );
        assert_eq!(
            with(4, 4, 10, 105, 66).unwrap_err().to_string(),
            "a deck of cards 1-105: expected at most 104 cards"
        );
        assert_eq!(with(4, 4, 10, 104, 0), Err(RulesError::Target));
        assert_eq!(Rules::standard(4).unwrap().with_target(0), Err(RulesError::Target));
        assert_eq!(Rules::standard(4).unwrap().with_target(5).unwrap().target(), 5);
        assert!(matches!(Rules::standard(4).unwrap().with_deck(40), Err(RulesError::Deck { .. })));
        assert_eq!(Rules::judge(2, 1, 2).unwrap().with_deck(104).unwrap().deck(), 104);
        // Huge numbers are out of range, not wrapped.
        assert_eq!(Rules::judge(usize::MAX, 1, 1), Err(RulesError::Players(255)));
        assert_eq!(with(4, 4, 256, 104, 66), Err(RulesError::HandSize(255)));
        assert_eq!("choose".parse(), Ok(RowRule::Choose));
        assert_eq!(RowRule::Forced.to_string().parse(), Ok(RowRule::Forced));
        assert!("free".parse::<RowRule>().is_err());
    }

    /// The numbers a variant was built with, read back, and its one-line description.
    #[test]
    fn a_variant_reads_back_its_numbers() {
        let rules = Rules::full_deck(RowRule::Forced, 3, 2, 5, None).unwrap();
        assert_eq!((rules.players(), rules.rows(), rules.hand_size()), (3, 2, 5));
        assert_eq!((rules.num_players(), rules.num_rows(), rules.cards_in_play()), (3, 2, 17));
        assert_eq!(
            rules.to_string(),
            "3 players, 2 rows, 5 cards each, cards 1-104, row rule: forced"
        );
        assert!(RowRule::Choose.owner_chooses() && !RowRule::Forced.owner_chooses());
    }
}
