//! Rows and the table: where a card goes and what it takes.

use std::fmt;

use crate::card::{Card, CardSet};
use crate::rules::{MAX_ROWS, ROW_CAPACITY, RowRule};

/// One row on the table: its cards, ascending by construction (every card placed is above the
/// row's last card, and a taken row restarts with one card).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    cards: CardSet,
    last: Card,
    len: u8,
    /// The heads of `cards`, kept up to date (cheaper than counting bits).
    heads: u8,
}

impl Row {
    /// A row started by `card`.
    pub const fn new(card: Card) -> Row {
        Row { cards: CardSet::single(card), last: card, len: 1, heads: card.heads() }
    }

    /// The cards of the row, ascending.
    pub const fn cards(&self) -> CardSet {
        self.cards
    }

    /// The last (highest) card.
    pub const fn last(&self) -> Card {
        self.last
    }

    /// The number of cards, `1..=5`.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a row holds at least one card.
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// Whether the next card placed here takes the row.
    pub const fn is_full(&self) -> bool {
        self.len as usize == ROW_CAPACITY
    }

    /// The cattle heads of the row.
    #[inline]
    pub const fn heads(&self) -> u32 {
        self.heads as u32
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.cards)
    }
}

/// Where a card goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// After the last card of this row (the row ending below the card and closest to it);
    /// the card takes the row if the row is full.
    Row(usize),
    /// The card is below every row end: it takes a whole row (which one depends on the
    /// [`RowRule`]).
    TooLow,
}

/// The rows on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Table {
    rows: [Row; MAX_ROWS],
    len: u8,
}

impl Table {
    /// The table whose rows start with `starts`, in this order.
    ///
    /// # Panics
    /// If there are no starting cards or more than [`MAX_ROWS`], or a card repeats.
    pub fn new(starts: &[Card]) -> Table {
        assert!((1..=MAX_ROWS).contains(&starts.len()), "a table has 1 to {MAX_ROWS} rows");
        let mut rows = [Row::new(starts[0]); MAX_ROWS];
        for (row, &c) in rows.iter_mut().zip(starts) {
            *row = Row::new(c);
        }
        let t = Table { rows, len: starts.len() as u8 };
        assert_eq!(t.cards().len(), starts.len(), "the starting cards are distinct");
        t
    }

    /// The rows, in their fixed order.
    pub fn rows(&self) -> &[Row] {
        &self.rows[..self.len as usize]
    }

    /// The number of rows.
    pub const fn num_rows(&self) -> usize {
        self.len as usize
    }

    /// Every card on the table.
    pub fn cards(&self) -> CardSet {
        self.rows().iter().fold(CardSet::EMPTY, |s, r| s | r.cards)
    }

    /// The cattle heads on the table.
    pub fn heads(&self) -> u32 {
        self.cards().heads()
    }

    /// Where `card` goes: the row ending below it and closest to it, else [`Target::TooLow`].
    #[inline]
    pub fn target(&self, card: Card) -> Target {
        let mut best = Target::TooLow;
        let mut best_last = 0;
        for (i, r) in self.rows().iter().enumerate() {
            let last = r.last.value();
            if last < card.value() && last >= best_last {
                best = Target::Row(i);
                best_last = last;
            }
        }
        best
    }

    /// The row a too-low card takes: the row whose last card is the highest under
    /// [`RowRule::Forced`], else the row its owner picks, `choose()` (asked only then). Every
    /// engine, bot and playout decides it here.
    #[inline]
    pub fn too_low_row(&self, rule: RowRule, choose: impl FnOnce() -> usize) -> usize {
        if rule.owner_chooses() { choose() } else { self.forced_row() }
    }

    /// The row whose last card is the highest: the row a too-low card takes under
    /// [`RowRule::Forced`].
    pub fn forced_row(&self) -> usize {
        let mut best = 0;
        for (i, r) in self.rows().iter().enumerate() {
            if r.last > self.rows[best].last {
                best = i;
            }
        }
        best
    }

    /// The row with the fewest heads (the first such row on a tie): the default choice of a
    /// player who must take a row.
    pub fn fewest_heads_row(&self) -> usize {
        let mut best = 0;
        let mut best_heads = u32::MAX;
        for (i, r) in self.rows().iter().enumerate() {
            let h = r.heads();
            if h < best_heads {
                best = i;
                best_heads = h;
            }
        }
        best
    }

    /// The consistency check of every row: its last card is its highest, and its length and
    /// heads are those of its cards.
    pub fn check_invariants(&self) -> Result<(), String> {
        for (i, r) in self.rows().iter().enumerate() {
            if r.cards.last() != Some(r.last)
                || r.cards.len() != r.len()
                || r.cards.heads() != r.heads()
            {
                return Err(format!(
                    "row {} is inconsistent: cards {}, last {}, {} cards, {} heads",
                    i + 1,
                    r.cards,
                    r.last,
                    r.len,
                    r.heads
                ));
            }
        }
        Ok(())
    }

    /// Places `card` on `row` and returns the cards it takes (empty if none).
    ///
    /// Precondition (checked in debug builds): `row` is [`Table::target`] of the card, or the
    /// card is too low for every row (then the whole row is taken). No other check is made:
    /// this is the engine's fast path.
    #[inline]
    pub fn place(&mut self, card: Card, row: usize) -> CardSet {
        self.place_counting(card, row).0
    }

    /// [`Table::place`], also returning the heads taken (without counting bits).
    #[inline]
    pub fn place_counting(&mut self, card: Card, row: usize) -> (CardSet, u32) {
        debug_assert!(match self.target(card) {
            Target::Row(r) => r == row,
            Target::TooLow => row < self.num_rows(),
        });
        let r = &mut self.rows[row];
        if card < r.last || r.is_full() {
            let taken = (r.cards, r.heads as u32);
            *r = Row::new(card);
            taken
        } else {
            r.cards.insert(card);
            r.last = card;
            r.len += 1;
            r.heads += card.heads();
            (CardSet::EMPTY, 0)
        }
    }
}

impl fmt::Display for Table {
    /// One line per row: `row 1: 6 7 8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, r) in self.rows().iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "row {}: {}", i + 1, r)?;
        }
        Ok(())
    }
}

#[cfg(test)]
impl Table {
    /// Sets a row's count of heads, to test the checks.
    pub(crate) fn corrupt_heads(&mut self, row: usize, heads: u8) {
        self.rows[row].heads = heads;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: u8) -> Card {
        Card::from_value(v)
    }

    #[test]
    fn cards_go_to_the_closest_row_below() {
        let mut t = Table::new(&[c(50), c(6)]);
        assert_eq!(t.target(c(1)), Target::TooLow);
        assert_eq!(t.target(c(7)), Target::Row(1));
        assert_eq!(t.target(c(49)), Target::Row(1));
        assert_eq!(t.target(c(51)), Target::Row(0));
        assert_eq!(t.forced_row(), 0);
        assert_eq!(t.fewest_heads_row(), 1);
        for v in [7, 8, 9, 10] {
            assert_eq!(t.place(c(v), 1), CardSet::EMPTY);
        }
        assert!(t.rows()[1].is_full());
        assert_eq!(t.rows()[1].heads(), 1 + 1 + 1 + 1 + 3);
        // The sixth card takes the five.
        let taken = t.place(c(13), 1);
        assert_eq!(taken.to_string(), "6 7 8 9 10");
        assert_eq!(t.rows()[1].cards().to_string(), "13");
        // A too-low card takes the row it is put on.
        assert_eq!(t.place(c(2), 0).to_string(), "50");
        assert_eq!(t.to_string(), "row 1: 2\nrow 2: 13");
        assert_eq!(t.cards().len(), 2);
    }

    #[test]
    fn checks_find_inconsistent_rows() {
        let good = Table::new(&[c(50), c(6)]);
        assert_eq!(good.check_invariants(), Ok(()));
        let broken = |f: fn(&mut Row)| {
            let mut t = good;
            f(&mut t.rows[1]);
            t.check_invariants().unwrap_err()
        };
        assert_eq!(
            broken(|r| r.last = c(7)),
            "row 2 is inconsistent: cards 6, last 7, 1 cards, 1 heads"
        );
        assert!(broken(|r| r.len = 2).starts_with("row 2 is inconsistent"));
        assert!(broken(|r| r.heads = 3).starts_with("row 2 is inconsistent"));
    }
}
