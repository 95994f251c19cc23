//! Take 6! reviewed by expected heads: each card's heads this round given what its player could
//! see, the other players' cards drawn from the cards that player has not seen (a too-low card
//! takes the row the rule gives, the fewest heads when the player chooses). Exact, over every
//! set of cards the others may play, when there are at most [`MAX_EXACT_ROUNDS`] such sets;
//! otherwise a Monte Carlo estimate over [`REVIEW_SAMPLES`] sets drawn from the decision's seed,
//! every card judged on the same sets, with the 95% confidence interval of the estimates. A row
//! taken for a too-low card costs its heads, exactly.

use tabletop_core::Game;
use tabletop_core::review::{Appraised, Marks, Oracle, ReviewError, Reviewable};

use crate::bot::round_heads;
use crate::{Action, Card, FastRng, MAX_PLAYERS, Take6, View};

/// Take 6!'s thresholds, in expected heads: an inaccuracy costs at least 1, a mistake 2, a
/// blunder 4.
pub const TAKE6_MARKS: Marks =
    Marks { inaccuracy: 1.0, mistake: 2.0, blunder: 4.0, throw_win: false };

/// The most sets of the others' cards enumerated for an exact value.
pub const MAX_EXACT_ROUNDS: u64 = 20_000;

/// The sets of the others' cards a Monte Carlo estimate draws.
pub const REVIEW_SAMPLES: u32 = 4_000;

/// The oracle of Take 6!.
#[derive(Clone, Copy, Debug, Default)]
pub struct Take6Oracle;

/// `C(n, k)`, or `None` above `cap`.
fn binomial_at_most(n: usize, k: usize, cap: u64) -> Option<u64> {
    let mut c: u64 = 1;
    for i in 0..k {
        // c * (n - i) / (i + 1) stays whole at every step.
        c = c.checked_mul((n - i) as u64)? / (i as u64 + 1);
        if c > cap {
            return None;
        }
    }
    Some(c)
}

/// Every set of `k` of `cards`, in lexicographic order of positions, handed to `f`.
fn for_each_subset(cards: &[Card], k: usize, mut f: impl FnMut(&[Card])) {
    let mut idx: Vec<usize> = (0..k).collect();
    let mut set = [Card::MIN; MAX_PLAYERS];
    loop {
        for (slot, &i) in set.iter_mut().zip(&idx) {
            *slot = cards[i];
        }
        f(&set[..k]);
        // The last position that can still move right.
        let Some(j) = (0..k).rev().find(|&j| idx[j] < cards.len() - k + j) else {
            return;
        };
        idx[j] += 1;
        for t in j + 1..k {
            idx[t] = idx[t - 1] + 1;
        }
    }
}

/// The mean heads of each card of `cards` over the others' sets, and the half-width of its
/// 95% confidence interval (0 when exact).
fn card_heads(view: &View<'_>, cards: &[Card], seed: u64) -> Vec<(f64, f64)> {
    let unseen: Vec<Card> = view.unseen().into_iter().collect();
    let k = (view.num_players() - 1).min(unseen.len());
    let mut sums = vec![(0.0f64, 0.0f64); cards.len()];
    let mut add = |others: &[Card]| {
        for (s, &c) in sums.iter_mut().zip(cards) {
            let h = f64::from(round_heads(view, c, others));
            s.0 += h;
            s.1 += h * h;
        }
    };
    let (rounds, exact) = match binomial_at_most(unseen.len(), k, MAX_EXACT_ROUNDS) {
        Some(n) => {
            for_each_subset(&unseen, k, &mut add);
            (n as f64, true)
        }
        None => {
            let mut rng = FastRng::new(seed);
            let mut pool = unseen.clone();
            for _ in 0..REVIEW_SAMPLES {
                // A partial Fisher-Yates shuffle: the first k of the pool are the set.
                for i in 0..k {
                    let j = i + rng.below((pool.len() - i) as u32) as usize;
                    pool.swap(i, j);
                }
                add(&pool[..k]);
            }
            (f64::from(REVIEW_SAMPLES), false)
        }
    };
    sums.into_iter()
        .map(|(s, s2)| {
            let mean = s / rounds;
            let ci = if exact {
                0.0
            } else {
                let var = (s2 / rounds - mean * mean).max(0.0) * rounds / (rounds - 1.0);
                1.96 * (var / rounds).sqrt()
            };
            (mean, ci)
        })
        .collect()
}

impl Oracle<Take6> for Take6Oracle {
    fn marks(&self) -> Marks {
        TAKE6_MARKS
    }

    fn appraise(
        &mut self,
        state: &Take6,
        seed: u64,
    ) -> Result<Vec<Appraised<Action>>, ReviewError> {
        let (Some(p), Some(hand)) = (state.current_player(), state.hand()) else {
            return Ok(Vec::new());
        };
        let view = hand.view(p);
        let legal = state.legal_actions();
        let cards: Vec<Card> = legal
            .iter()
            .filter_map(|a| if let Action::Play(c) = a { Some(*c) } else { None })
            .collect();
        let mut heads = card_heads(&view, &cards, seed).into_iter();
        Ok(legal
            .into_iter()
            .map(|a| match a {
                Action::TakeRow(r) => {
                    Appraised::exact(a, -f64::from(view.table.rows()[usize::from(r)].heads()))
                }
                Action::Play(_) => {
                    let (mean, ci95) = heads.next().expect("one estimate per card");
                    Appraised { action: a, value: -mean, ci95, plies: None }
                }
            })
            .collect())
    }
}

impl Reviewable for Take6 {
    type Oracle = Take6Oracle;

    fn oracle(&self) -> Take6Oracle {
        Take6Oracle
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_and_subsets_agree() {
        let cards: Vec<Card> = (1..=7).map(|v| Card::new(v).unwrap()).collect();
        for k in 0..=4 {
            let mut n = 0;
            let mut last: Vec<Card> = Vec::new();
            for_each_subset(&cards, k, |s| {
                assert!(s.windows(2).all(|w| w[0] < w[1]), "{s:?} ascending");
                assert!(last.is_empty() || last.as_slice() < s, "{s:?} after {last:?}");
                last = s.to_vec();
                n += 1;
            });
            assert_eq!(Some(n), binomial_at_most(7, k, u64::MAX));
        }
        assert_eq!(binomial_at_most(104, 9, MAX_EXACT_ROUNDS), None);
        assert_eq!(binomial_at_most(20, 3, MAX_EXACT_ROUNDS), Some(1140));
    }
}
