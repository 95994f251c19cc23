//! The players and the deal: who holds which 18 cards.

use std::fmt;
use std::str::FromStr;

use tabletop_core::text::lines;

use crate::card::{Card, CardSet, tokens};
use crate::error::DealError;

tabletop_core::named_enum! {
    /// One of the two players.
    #[derive(PartialOrd, Ord)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    #[repr(u8)]
    pub enum Player: "player" {
        /// Alice: the maximising player, the first line of a deal.
        Alice = "Alice",
        /// Bob: the minimising player, the second line of a deal.
        Bob = "Bob",
    }
}

impl Player {
    /// `0` for Alice, `1` for Bob.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    pub const fn opponent(self) -> Player {
        match self {
            Player::Alice => Player::Bob,
            Player::Bob => Player::Alice,
        }
    }
}

/// A deal: Alice's 18 cards and Bob's 18 cards, together the whole deck.
///
/// The notation is two lines, Alice's cards then Bob's, space separated, in any order; the
/// [`Display`](fmt::Display) form sorts each hand and puts no newline after Bob's line.
///
/// ```
/// use tabletop_nine::Deal;
///
/// let text = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
///             6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H";
/// let deal: Deal = text.parse()?;
/// assert_eq!(deal.to_string().parse::<Deal>()?, deal);
/// # Ok::<(), tabletop_nine::DealError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Deal {
    alice: CardSet,
    bob: CardSet,
}

impl Deal {
    /// The number of cards in each hand.
    pub const HAND: usize = 18;

    /// The deal of two hands, checked: disjoint, the whole deck, 18 cards each.
    pub fn new(alice: CardSet, bob: CardSet) -> Result<Deal, DealError> {
        if !(alice & bob).is_empty() {
            return Err(DealError::Overlap { cards: alice & bob });
        }
        let missing = !(alice | bob);
        if !missing.is_empty() {
            return Err(DealError::Missing { cards: missing });
        }
        for (player, hand) in [(Player::Alice, alice), (Player::Bob, bob)] {
            if hand.len() != Deal::HAND {
                return Err(DealError::HandSize { player, count: hand.len() });
            }
        }
        Ok(Deal { alice, bob })
    }

    /// The deal of two hands, unchecked: for the tests of the consistency checks.
    #[cfg(test)]
    pub(crate) fn from_parts_unchecked(alice: CardSet, bob: CardSet) -> Deal {
        Deal { alice, bob }
    }

    /// The deal of two hands in the notation, one string each (`--alice` and `--bob`): errors
    /// name Alice's hand line 1 and Bob's line 2, and an empty hand is named.
    pub fn from_hands(alice: &str, bob: &str) -> Result<Deal, DealError> {
        let empty = |hand: &str| hand.trim().is_empty();
        match (empty(alice), empty(bob)) {
            (true, false) => Err(DealError::EmptyHand {
                player: Player::Alice,
                line: 2,
                cards: tokens(bob).count(),
            }),
            (false, true) => Err(DealError::EmptyHand {
                player: Player::Bob,
                line: 1,
                cards: tokens(alice).count(),
            }),
            _ => format!("{alice}\n{bob}\n").parse(),
        }
    }

    /// The deal where Alice holds `alice` and Bob the rest of the deck.
    pub fn from_alice(alice: CardSet) -> Result<Deal, DealError> {
        Deal::new(alice, !alice)
    }

    /// Alice's hand.
    pub const fn alice(self) -> CardSet {
        self.alice
    }

    /// Bob's hand.
    pub const fn bob(self) -> CardSet {
        self.bob
    }

    /// The hand of `player`.
    pub const fn hand(self, player: Player) -> CardSet {
        match player {
            Player::Alice => self.alice,
            Player::Bob => self.bob,
        }
    }

    /// The holder of `card`.
    pub const fn owner(self, card: Card) -> Player {
        if self.alice.contains(card) { Player::Alice } else { Player::Bob }
    }

    /// The deal with `a` (Alice's) and `b` (Bob's) exchanged between the hands.
    ///
    /// # Panics
    /// If Alice does not hold `a` or Bob does not hold `b`.
    pub fn swapped(self, a: Card, b: Card) -> Deal {
        assert!(self.alice.contains(a) && self.bob.contains(b), "swap {a} and {b}: wrong holders");
        let alice = (self.alice - CardSet::from(a)) | CardSet::from(b);
        Deal { alice, bob: !alice }
    }

    /// Reserve cards: cards all of whose dependents (the cards that can only be played after
    /// them) belong to the same player. A loser ends holding reserve cards only.
    pub fn reserve(self) -> CardSet {
        let mut reserve = CardSet::EMPTY;
        for card in CardSet::FULL {
            let own = self.hand(self.owner(card));
            if (card.dependents() - own).is_empty() {
                reserve.insert(card);
            }
        }
        reserve
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}\n{}", self.alice, self.bob)
    }
}

impl FromStr for Deal {
    type Err = DealError;

    /// Two non-empty lines of whitespace-separated cards; blank lines are skipped. A line ends
    /// at `\n`, `\r\n` or a lone `\r`, and any whitespace separates cards (as `scanf` reads).
    fn from_str(text: &str) -> Result<Deal, DealError> {
        let lines: Vec<(usize, &str)> = lines(text).filter(|(_, l)| !l.trim().is_empty()).collect();
        match lines[..] {
            [(line, text)] => {
                let cards = tokens(text).count();
                return Err(DealError::EmptyHand { player: Player::Bob, line, cards });
            }
            [_, _] => {}
            _ => return Err(DealError::LineCount { found: lines.len() }),
        }
        let mut hands = [CardSet::EMPTY; 2];
        let mut seen = CardSet::EMPTY;
        for (hand, &(line_no, line)) in hands.iter_mut().zip(&lines) {
            for (column, token) in tokens(line) {
                let card = token.parse::<Card>().map_err(|_| DealError::UnknownToken {
                    line: line_no,
                    column,
                    token: token.to_owned(),
                })?;
                if !seen.insert(card) {
                    return Err(DealError::Duplicate { card, line: line_no, column });
                }
                hand.insert(card);
            }
        }
        Deal::new(hands[0], hands[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "KS QD 8D QC 8S 8C JD 9H AC TH 9S 9D QH 7H 8H TS 7S 9C\n\
                          6D JS 7D KH QS TC AD AS KC 6C 7C TD AH KD 6S JC JH 6H\n";

    #[test]
    fn parses_and_round_trips() {
        let deal: Deal = SAMPLE.parse().unwrap();
        assert_eq!(deal.alice().len(), 18);
        assert_eq!(deal.to_string().parse::<Deal>().unwrap(), deal);
        assert_eq!(deal.owner("9S".parse().unwrap()), Player::Alice);
    }

    #[test]
    fn reports_unknown_tokens_with_line_and_column() {
        let bad = SAMPLE.replace("QS", "QX");
        assert_eq!(
            bad.parse::<Deal>(),
            Err(DealError::UnknownToken { line: 2, column: 13, token: "QX".into() })
        );
        let msg = bad.parse::<Deal>().unwrap_err().to_string();
        assert!(msg.starts_with("line 2, column 13: unknown card \"QX\""), "{msg}");
    }

    #[test]
    fn reports_duplicates_missing_cards_and_sizes() {
        let dup = SAMPLE.replace("KH", "KS");
        assert!(matches!(dup.parse::<Deal>(), Err(DealError::Duplicate { line: 2, .. })));
        let short = SAMPLE.replace("KH ", "");
        assert_eq!(
            short.parse::<Deal>(),
            Err(DealError::Missing { cards: "KH".parse::<Card>().unwrap().into() })
        );
        let moved = SAMPLE.replace("KH ", "").replace("9C", "9C KH");
        assert_eq!(
            moved.parse::<Deal>(),
            Err(DealError::HandSize { player: Player::Alice, count: 19 })
        );
        assert_eq!(
            "9S".parse::<Deal>(),
            Err(DealError::EmptyHand { player: Player::Bob, line: 1, cards: 1 })
        );
        assert_eq!("".parse::<Deal>(), Err(DealError::LineCount { found: 0 }));
        assert_eq!("6C\n6D\n6S".parse::<Deal>(), Err(DealError::LineCount { found: 3 }));
    }

    #[test]
    fn messages_name_the_empty_hand_and_count_properly() {
        let all: Vec<String> = CardSet::FULL.iter().map(|c| c.to_string()).collect();
        let one_line = format!("\n{}\n", all.join(" "));
        let e = one_line.parse::<Deal>().unwrap_err();
        assert_eq!(e, DealError::EmptyHand { player: Player::Bob, line: 2, cards: 36 });
        assert!(
            e.to_string().starts_with("Bob's hand is empty: only line 2 has cards (36 of them)")
        );
        let e = Deal::from_hands("", &all.join(" ")).unwrap_err();
        assert_eq!(e, DealError::EmptyHand { player: Player::Alice, line: 2, cards: 36 });
        assert!(e.to_string().starts_with("Alice's hand is empty"), "{e}");
        let e = Deal::from_hands(&all[..18].join(" "), " ").unwrap_err();
        assert!(e.to_string().starts_with("Bob's hand is empty"), "{e}");
        assert_eq!(Deal::from_hands("", ""), Err(DealError::LineCount { found: 0 }));
        let sample: Deal = SAMPLE.parse().unwrap();
        let (a, b) = (sample.alice().to_string(), sample.bob().to_string());
        assert_eq!(Deal::from_hands(&a, &b), Ok(sample));

        let e = DealError::LineCount { found: 1 }.to_string();
        assert!(e.ends_with("found 1 non-empty line"), "{e}");
        let missing = SAMPLE.replace("KH ", "").parse::<Deal>().unwrap_err().to_string();
        assert_eq!(missing, "1 card missing from the deck: KH");
        let missing = SAMPLE.replace("KH ", "").replace("QS ", "");
        let msg = missing.parse::<Deal>().unwrap_err().to_string();
        assert!(msg.starts_with("2 cards missing"), "{msg}");
        let e = DealError::HandSize { player: Player::Bob, count: 1 }.to_string();
        assert_eq!(e, "Bob holds 1 card, expected 18");
    }
}
