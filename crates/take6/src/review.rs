//! Take 6! reviewed by expected heads: each card's heads this round given what its player could
//! see, the other players' cards drawn from the cards that player has not seen (a too-low card
//! takes the row the rule gives, the fewest heads when the player chooses). Exact, over every
//! set of cards the others may play, when there are at most [`MAX_EXACT_ROUNDS`] such sets;
//! otherwise a Monte Carlo estimate over [`REVIEW_SAMPLES`] sets drawn from the decision's seed,
//! every card judged on the same sets, with the 95% confidence interval of the estimates. A row
//! taken for a too-low card costs its heads, exactly.

use tabletop_core::Game;
use tabletop_core::review::{Appraised, Marks, Oracle, ReviewError, Reviewable, ci95};

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
fn card_heads(view: &View<'_>, cards: &[Card], seed: u64, exact_limit: u64) -> Vec<(f64, f64)> {
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
    let (rounds, exact) = match binomial_at_most(unseen.len(), k, exact_limit) {
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
        .map(|(s, s2)| (s / rounds, if exact { 0.0 } else { ci95(s, s2, rounds) }))
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
        let mut heads = card_heads(&view, &cards, seed, MAX_EXACT_ROUNDS).into_iter();
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
        assert_eq!(binomial_at_most(7, 3, 35), Some(35), "at the cap is within it");
        assert_eq!(binomial_at_most(7, 3, 34), None);
    }

    /// The decisions of a seeded game of random play with `players`, as states.
    fn decisions(players: u8, seed: u64) -> Vec<Take6> {
        let params = crate::Take6Params { players, ..Default::default() };
        let mut g = Take6::new(&params).unwrap();
        let mut out = Vec::new();
        let mut i = 0;
        while !g.is_terminal() {
            i += 1;
            if g.is_chance_node() {
                for a in g.chance_from_seed(seed) {
                    g.apply(a);
                }
                continue;
            }
            if matches!(g.legal_actions()[0], Action::Play(_)) {
                out.push(g.clone());
            }
            let a = g.bot_action("random", tabletop_core::sub_seed(seed, i));
            g.apply(a);
        }
        out
    }

    #[test]
    fn monte_carlo_estimates_agree_with_exact_enumeration() {
        let mut compared = 0;
        for (players, seed) in [(2, 1), (3, 2), (4, 3), (5, 4)] {
            for state in decisions(players, seed) {
                let p = state.current_player().unwrap();
                let view = state.hand().unwrap().view(p);
                let unseen = view.unseen().len();
                let k = usize::from(players) - 1;
                if binomial_at_most(unseen, k, 3_000).is_none() {
                    continue;
                }
                let cards: Vec<Card> = view.hand.into_iter().collect();
                let exact = card_heads(&view, &cards, 0, u64::MAX);
                let sampled = card_heads(&view, &cards, 9, 0);
                for ((e, e_ci), (m, m_ci)) in exact.iter().zip(&sampled) {
                    assert_eq!(*e_ci, 0.0);
                    // Four standard errors (the interval is two): a fixed seed, no flakiness.
                    assert!((e - m).abs() <= 2.0 * m_ci + 1e-9, "{e} vs {m} ± {m_ci}");
                }
                compared += 1;
            }
        }
        assert!(compared >= 10, "{compared} decisions compared");
    }

    #[test]
    fn the_review_is_seeded_and_exact_late_in_a_hand() {
        // Five players: C(80, 4) sets of the others' cards at first, far above the exact limit.
        let params = crate::Take6Params { players: 5, ..Default::default() };
        let mut g = Take6::new(&params).unwrap();
        let mut ids = Vec::new();
        while !g.is_terminal() {
            let a = if g.is_chance_node() {
                g.chance_from_seed(5)[0]
            } else {
                g.bot_action(
                    if g.current_player() == Some(0) { "heuristic" } else { "random" },
                    ids.len() as u64,
                )
            };
            ids.push(g.action_id(a));
            g.apply(a);
        }
        let start = Take6::new(&params).unwrap();
        let r = tabletop_core::review::review(&start, &ids, &mut Take6Oracle, 3).unwrap();
        assert_eq!(r, tabletop_core::review::review(&start, &ids, &mut Take6Oracle, 3).unwrap());
        assert!(r.decisions.iter().all(|d| d.value <= 0.0 && d.regret >= 0.0));
        assert!(r.decisions.first().unwrap().ci95.is_some(), "the first round is sampled");
        assert!(r.decisions.last().unwrap().ci95.is_none(), "the last rounds are exact");
    }
}
