//! Rule variants as values: who picks the row taken by a too-low card, the numbers of players,
//! rows and cards, the deck, and the match target.

use std::fmt;
use std::str::FromStr;

use crate::card::DECK_SIZE;
use crate::error::{ParseRowRuleError, RulesError};

/// The most players of any variant (the published game's limit, and the judge's).
pub const MAX_PLAYERS: usize = 10;

/// The most rows on the table of any variant (the judge allows 1 to 4, the game has 4).
pub const MAX_ROWS: usize = 4;

/// The cards a row holds; the next card placed on a full row takes it.
pub const ROW_CAPACITY: usize = 5;

/// The most cards in one player's hand (the judge's M <= 50).
pub const MAX_HAND: usize = 50;

/// Who picks the row taken by a card that is below every row end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RowRule {
    /// The row whose last card is the highest is taken (the judge, NTHU 14463).
    Forced,
    /// The player who played the card picks the row (the published game).
    Choose,
}

impl fmt::Display for RowRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            RowRule::Forced => "forced",
            RowRule::Choose => "choose",
        })
    }
}

impl FromStr for RowRule {
    type Err = ParseRowRuleError;
    fn from_str(s: &str) -> Result<RowRule, ParseRowRuleError> {
        match s {
            "forced" => Ok(RowRule::Forced),
            "choose" => Ok(RowRule::Choose),
            _ => Err(ParseRowRuleError),
        }
    }
}

/// One variant of the game.
///
/// Fields are public; every engine checks them with [`Rules::validate`] before use.
///
/// ```
/// use tabletop_take6::{Rules, RowRule};
///
/// let r = Rules::standard(4);
/// assert_eq!((r.rows, r.hand_size, r.deck, r.target), (4, 10, 104, 66));
/// assert_eq!(r.row_rule, RowRule::Choose);
/// assert!(r.validate().is_ok());
/// // The target matters only to matches: the description of a hand leaves it out.
/// assert_eq!(r.to_string(), "4 players, 4 rows, 10 cards each, cards 1-104, row rule: choose");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// Who picks the row taken by a too-low card.
    pub row_rule: RowRule,
    /// The number of players, `2..=10`.
    pub players: u8,
    /// The number of rows on the table, `1..=4`.
    pub rows: u8,
    /// The cards each player gets per hand, which is also the number of rounds, `1..=50`.
    pub hand_size: u8,
    /// The highest card: the deck is `1..=deck`, at most 104, and holds at least
    /// `players * hand_size + rows` cards.
    pub deck: u8,
    /// A match ends after the hand in which some player reaches this many heads.
    pub target: u16,
}

impl Rules {
    /// The published game: 104 cards, 4 rows, 10 cards each, free row choice, match to 66.
    pub const fn standard(players: u8) -> Rules {
        Rules {
            row_rule: RowRule::Choose,
            players,
            rows: 4,
            hand_size: 10,
            deck: DECK_SIZE,
            target: 66,
        }
    }

    /// The judge's variant (NTHU 14463): `n` players, `m` rounds, `p` rows, cards
    /// `1..=n*m+p`, forced row. (`deck` saturates at 255 so that [`Rules::validate`] can
    /// report a too-large deck.)
    pub const fn judge(n: u8, m: u8, p: u8) -> Rules {
        let deck = n as u16 * m as u16 + p as u16;
        Rules {
            row_rule: RowRule::Forced,
            players: n,
            rows: p,
            hand_size: m,
            deck: if deck > 255 { 255 } else { deck as u8 },
            target: 66,
        }
    }

    /// The same rules with another row rule.
    pub const fn with_row_rule(self, row_rule: RowRule) -> Rules {
        Rules { row_rule, ..self }
    }

    /// The number of players as a `usize`.
    pub const fn num_players(&self) -> usize {
        self.players as usize
    }

    /// The number of rows as a `usize`.
    pub const fn num_rows(&self) -> usize {
        self.rows as usize
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

    /// Checks the limits of every field.
    pub fn validate(&self) -> Result<(), RulesError> {
        if !(2..=MAX_PLAYERS as u8).contains(&self.players) {
            return Err(RulesError::Players(self.players));
        }
        if !(1..=MAX_ROWS as u8).contains(&self.rows) {
            return Err(RulesError::Rows(self.rows));
        }
        if !(1..=MAX_HAND as u8).contains(&self.hand_size) {
            return Err(RulesError::HandSize(self.hand_size));
        }
        if self.deck > DECK_SIZE {
            return Err(RulesError::DeckSize(self.deck));
        }
        if (self.deck as usize) < self.cards_in_play() {
            return Err(RulesError::Deck {
                players: self.players,
                hand_size: self.hand_size,
                rows: self.rows,
                deck: self.deck,
            });
        }
        if self.target == 0 {
            return Err(RulesError::Target);
        }
        Ok(())
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

    #[test]
    fn limits_are_checked() {
        for players in 2..=10 {
            assert_eq!(Rules::standard(players).validate(), Ok(()));
        }
        assert_eq!(Rules::standard(1).validate(), Err(RulesError::Players(1)));
        assert_eq!(Rules::standard(11).validate(), Err(RulesError::Players(11)));
        assert_eq!(Rules { rows: 5, ..Rules::standard(4) }.validate(), Err(RulesError::Rows(5)));
        assert_eq!(Rules { rows: 0, ..Rules::standard(4) }.validate(), Err(RulesError::Rows(0)));
        assert_eq!(
            Rules { hand_size: 0, ..Rules::standard(4) }.validate(),
            Err(RulesError::HandSize(0))
        );
        assert!(matches!(
            Rules { hand_size: 11, ..Rules::standard(10) }.validate(),
            Err(RulesError::Deck { .. })
        ));
        assert_eq!(Rules::judge(10, 10, 4).validate(), Ok(()));
        assert!(Rules::judge(10, 10, 4).hand_always_scores());
        assert!(!Rules::judge(2, 1, 4).hand_always_scores());
        assert!(matches!(Rules::judge(10, 11, 4).validate(), Err(RulesError::DeckSize(114))));
        assert_eq!(
            Rules { hand_size: 11, ..Rules::standard(10) }.validate().unwrap_err().to_string(),
            "10 players x 11 cards + 4 rows = 114 cards, more than the 104 of the deck"
        );
        assert_eq!(
            Rules { deck: 105, ..Rules::standard(4) }.validate().unwrap_err().to_string(),
            "a deck of cards 1-105: expected at most 104 cards"
        );
        assert_eq!(Rules { target: 0, ..Rules::standard(4) }.validate(), Err(RulesError::Target));
        assert_eq!("choose".parse(), Ok(RowRule::Choose));
        assert_eq!(RowRule::Forced.to_string().parse(), Ok(RowRule::Forced));
        assert!("free".parse::<RowRule>().is_err());
    }
}
