//! Deal ids: the rank of a deal among all C(36, 18) = 9,075,135,300 deals.
//!
//! A deal is decided by Alice's 18 cards. Number the cards `suit * 9 + rank` (suits `C D S H`,
//! ranks `6` to `A`, so `6C` is card 0 and `AH` card 35) and write Alice's cards in increasing
//! order `c_1 < c_2 < ... < c_18`. The id of the deal is
//!
//! ```text
//! id = C(c_1, 1) + C(c_2, 2) + ... + C(c_18, 18)
//! ```
//!
//! the rank of Alice's hand in the colexicographic order of the 18-card subsets (the
//! combinatorial number system): a bijection onto `0..9,075,135,300`. Colex order is the order
//! of the 36-bit numbers whose bit `c` is set when Alice holds card `c`, so the deal of id 0
//! gives Alice the clubs and diamonds, and the last deal, id 9,075,135,299, the spades and
//! hearts. The same order makes the canonical deal of a class of symmetric deals its deal of
//! smallest id (see [`DealClass`](crate::DealClass)).

use crate::card::CardSet;
use crate::deal::Deal;
use crate::error::DealIdError;

/// `BINOMIAL[n][k]` = C(n, k) for n <= 36 (0 when k > n).
const BINOMIAL: [[u64; 37]; 37] = {
    let mut t = [[0u64; 37]; 37];
    let mut n = 0;
    while n < 37 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + if k < n { t[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    t
};

/// C(n, k) for n <= 36.
pub(crate) const fn binomial(n: u32, k: u32) -> u64 {
    if k > n { 0 } else { BINOMIAL[n as usize][k as usize] }
}

/// The colex rank of the set `bits` among the sets of its size.
pub(crate) fn colex_rank(bits: u64) -> u64 {
    let mut rank = 0;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        rank += binomial(rest.trailing_zeros(), i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The set of `size` elements below `n` whose colex rank is `rank` (`rank < C(n, size)`).
pub(crate) fn colex_unrank(mut rank: u64, size: u32, n: u32) -> u64 {
    let mut bits = 0;
    let mut top = n;
    for i in (1..=size).rev() {
        // The largest c < top with C(c, i) <= rank.
        let mut c = top - 1;
        while binomial(c, i) > rank {
            c -= 1;
        }
        rank -= binomial(c, i);
        bits |= 1 << c;
        top = c;
    }
    bits
}

impl Deal {
    /// The number of deals, C(36, 18): ids run from 0 to `Deal::COUNT - 1`.
    pub const COUNT: u64 = 9_075_135_300;

    /// The deal's id: the rank of Alice's hand among the 18-card hands in colexicographic
    /// order, `sum C(c_i, i)` over her cards `c_1 < ... < c_18` numbered `suit * 9 + rank`
    /// (see [`Deal::from_id`]).
    ///
    /// ```
    /// use tabletop_nine::Deal;
    ///
    /// let first = Deal::from_id(0)?;
    /// assert_eq!(first.to_string().lines().next(), Some("6C 7C 8C 9C TC JC QC KC AC 6D 7D 8D 9D TD JD QD KD AD"));
    /// assert_eq!(first.id(), 0);
    /// assert_eq!(Deal::from_id(Deal::COUNT - 1)?.alice().to_string().get(..2), Some("6S"));
    /// # Ok::<(), tabletop_nine::DealIdError>(())
    /// ```
    pub fn id(self) -> u64 {
        colex_rank(self.alice().bits())
    }

    /// The deal with id `id` (see [`Deal::id`]).
    ///
    /// # Errors
    /// When `id >= Deal::COUNT`.
    pub fn from_id(id: u64) -> Result<Deal, DealIdError> {
        if id >= Deal::COUNT {
            return Err(DealIdError { id });
        }
        let alice = CardSet::from_bits(colex_unrank(id, 18, 36));
        Ok(Deal::from_alice(alice).expect("an 18-card hand"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_the_count() {
        assert_eq!(binomial(36, 18), Deal::COUNT);
        assert_eq!(binomial(5, 2), 10);
        assert_eq!(binomial(2, 5), 0);
        assert_eq!(binomial(0, 0), 1);
    }

    #[test]
    fn small_ranks_enumerate_every_set_in_numeric_order() {
        // Every 3-subset of 0..7, in increasing order of its bits, has ranks 0, 1, 2, ...
        let sets: Vec<u64> = (0u64..128).filter(|b| b.count_ones() == 3).collect();
        assert_eq!(sets.len() as u64, binomial(7, 3));
        for (rank, &bits) in sets.iter().enumerate() {
            assert_eq!(colex_rank(bits), rank as u64);
            assert_eq!(colex_unrank(rank as u64, 3, 7), bits);
        }
    }

    #[test]
    fn ids_round_trip_at_both_ends_and_inside() {
        let ids = [0, 1, 2, 17, 18, 19, 4_537_567_650, Deal::COUNT - 2, Deal::COUNT - 1];
        let mut last = None;
        for id in ids {
            let deal = Deal::from_id(id).unwrap();
            assert_eq!(deal.id(), id);
            // Ids follow the numeric order of Alice's bits.
            if let Some(prev) = last {
                assert!(deal.alice().bits() > prev);
            }
            last = Some(deal.alice().bits());
        }
        assert_eq!(Deal::from_id(0).unwrap().alice().bits(), (1 << 18) - 1);
        assert_eq!(Deal::from_id(Deal::COUNT - 1).unwrap().alice().bits(), ((1 << 18) - 1) << 18);
        assert_eq!(Deal::from_id(Deal::COUNT), Err(DealIdError { id: Deal::COUNT }));
        assert_eq!(Deal::from_id(u64::MAX), Err(DealIdError { id: u64::MAX }));
    }
}
