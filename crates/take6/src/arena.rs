//! The duplicate arena: every deal is played once per seating, the lineup rotated one seat
//! each time, so every bot plays every hand of every deal and luck of the deal cancels out.
//!
//! Statistics treat the deal as the unit: a bot's per-deal mean penalty (over its seats and
//! rotations) is one sample, deals are independent, and a 95% confidence interval is
//! `mean ± 1.96 · sd / √deals`. Comparisons between two bots use the per-deal paired
//! differences, which removes the variance shared through the deal.
//!
//! The engine is sequential and allocation-free per hand; the caller spreads deals over
//! threads (deal `i` is seeded with `sub_seed(seed, i)`, so the results do not depend on the
//! number of threads).

use tabletop_core::{seeded_rng, sub_seed};

use crate::bot::{AnyBot, Bot, BotKind};
use crate::card::Card;
use crate::error::ArenaError;
use crate::rules::{MAX_PLAYERS, RowRule, Rules};
use crate::state::{Hand, Match};
use crate::table::Target;

/// Plays `hand` to its end, `bots[i]` in seat `i`.
///
/// # Panics
/// If a bot plays a card it does not hold or picks a row that does not exist.
pub fn play_hand<B: Bot>(hand: &mut Hand, bots: &mut [B]) {
    let n = hand.rules().num_players();
    assert_eq!(bots.len(), n, "one bot per seat");
    let choose = hand.rules().row_rule == RowRule::Choose;
    let mut cards = [Card::MIN; MAX_PLAYERS];
    while !hand.is_over() {
        for (seat, bot) in bots.iter_mut().enumerate() {
            cards[seat] = bot.choose_card(&hand.view(seat));
        }
        hand.reveal(&cards[..n]);
        while let Some(next) = hand.next() {
            let choice = (choose && next.target == Target::TooLow)
                .then(|| bots[next.player].choose_row(&hand.view(next.player), next.card));
            hand.place_unchecked(next, choice);
        }
    }
}

/// The result of one deal (or one match seed) played once per seating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DealResult {
    /// The heads each lineup entry took, added up over the seatings.
    pub penalties: [u32; MAX_PLAYERS],
    /// The wins of each lineup entry, added up over the seatings (a hand's fewest heads
    /// win; a tie of `k` players gives each `1/k`).
    pub wins: [f64; MAX_PLAYERS],
    /// The games played: one hand, or one match, per seating.
    pub games: u32,
}

/// A lineup of bots and the rules they play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    rules: Rules,
    lineup: Vec<BotKind>,
    matches: bool,
}

impl Arena {
    /// An arena for `rules` with `lineup[i]` first seated in seat `i`.
    pub fn new(rules: Rules, lineup: Vec<BotKind>) -> Result<Arena, ArenaError> {
        rules.validate()?;
        if lineup.len() != rules.num_players() {
            return Err(ArenaError::Lineup { found: lineup.len(), expected: rules.num_players() });
        }
        Ok(Arena { rules, lineup, matches: false })
    }

    /// The same arena playing whole matches (hands until someone reaches the rules' target)
    /// instead of single hands; the penalty is the match score, the fewest wins. The rules
    /// must make every hand score ([`Rules::hand_always_scores`]).
    pub fn with_matches(self) -> Result<Arena, ArenaError> {
        if !self.rules.hand_always_scores() {
            return Err(ArenaError::Rules(crate::RulesError::EndlessMatch));
        }
        Ok(Arena { matches: true, ..self })
    }

    /// Whether a game is a whole match rather than a single hand.
    pub fn plays_matches(&self) -> bool {
        self.matches
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The lineup.
    pub fn lineup(&self) -> &[BotKind] {
        &self.lineup
    }

    /// Deals a hand from `seed` and plays it once per seating: in seating `r`, lineup entry
    /// `e` sits in seat `(e + r) % n`, with its bot seeded from `sub_seed(seed, r * n + e + 1)`.
    /// With [`Arena::with_matches`], a whole match seeded with `seed` is played instead.
    pub fn play_deal(&self, seed: u64) -> DealResult {
        let n = self.rules.num_players();
        let deal = Hand::deal(self.rules, &mut seeded_rng(seed)).expect("the rules are valid");
        let mut result =
            DealResult { penalties: [0; MAX_PLAYERS], wins: [0.0; MAX_PLAYERS], games: 0 };
        for r in 0..n {
            // The entry sitting in each seat.
            let entry = |seat: usize| (seat + n - r) % n;
            let mut bots: [AnyBot; MAX_PLAYERS] = std::array::from_fn(|seat| {
                let e = entry(seat % n);
                self.lineup[e].build(sub_seed(seed, (r * n + e + 1) as u64))
            });
            let penalties = if self.matches {
                let mut m = Match::new(self.rules, seed).expect("the rules make matches end");
                m.play(&mut bots[..n]);
                m.scores()
            } else {
                let mut hand = deal.clone();
                play_hand(&mut hand, &mut bots[..n]);
                hand.penalties()
            };
            let best = penalties[..n].iter().min().copied().unwrap_or(0);
            let winners = penalties[..n].iter().filter(|&&p| p == best).count() as f64;
            for (seat, &p) in penalties[..n].iter().enumerate() {
                result.penalties[entry(seat)] += p;
                if p == best {
                    result.wins[entry(seat)] += 1.0 / winners;
                }
            }
            result.games += 1;
        }
        result
    }

    /// Plays deals `0..deals` (deal `i` from `sub_seed(seed, i)`) one after another.
    pub fn run(&self, deals: u64, seed: u64) -> Vec<DealResult> {
        (0..deals).map(|i| self.play_deal(sub_seed(seed, i))).collect()
    }

    /// The statistics of `results`, per distinct bot of the lineup.
    pub fn summary(&self, results: &[DealResult]) -> ArenaSummary {
        let mut bots: Vec<BotKind> = Vec::new();
        for b in &self.lineup {
            if !bots.contains(b) {
                bots.push(*b);
            }
        }
        let per_deal = |bot: BotKind, value: &dyn Fn(&DealResult, usize) -> f64| -> Vec<f64> {
            let entries: Vec<usize> =
                (0..self.lineup.len()).filter(|&e| self.lineup[e] == bot).collect();
            results
                .iter()
                .map(|d| {
                    let sum: f64 = entries.iter().map(|&e| value(d, e)).sum();
                    sum / (entries.len() as f64 * d.games.max(1) as f64)
                })
                .collect()
        };
        let mut summaries = Vec::new();
        let mut samples = Vec::new();
        for &bot in &bots {
            let pen = per_deal(bot, &|d, e| d.penalties[e] as f64);
            let win = per_deal(bot, &|d, e| d.wins[e]);
            let (mean_penalty, penalty_ci95) = mean_ci(&pen);
            let (win_rate, win_ci95) = mean_ci(&win);
            summaries.push(BotSummary {
                bot,
                seats: self.lineup.iter().filter(|&&b| b == bot).count(),
                mean_penalty,
                penalty_ci95,
                win_rate,
                win_ci95,
            });
            samples.push(pen);
        }
        ArenaSummary {
            rules: self.rules,
            deals: results.len() as u64,
            games: results.iter().map(|d| d.games as u64).sum(),
            matches: self.matches,
            bots: summaries,
            samples,
        }
    }
}

/// One bot's results.
#[derive(Clone, Debug, PartialEq)]
pub struct BotSummary {
    /// The bot.
    pub bot: BotKind,
    /// How many seats of the lineup it holds.
    pub seats: usize,
    /// Its mean heads per game (hand or match).
    pub mean_penalty: f64,
    /// The half-width of the 95% confidence interval of `mean_penalty`.
    pub penalty_ci95: f64,
    /// The share of hands it won (fewest heads; ties split).
    pub win_rate: f64,
    /// The half-width of the 95% confidence interval of `win_rate`.
    pub win_ci95: f64,
}

/// A paired comparison of two bots' mean penalties.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// Mean penalty of the first minus that of the second (negative: the first is better).
    pub difference: f64,
    /// The half-width of its 95% confidence interval.
    pub ci95: f64,
    /// The z statistic.
    pub z: f64,
    /// The two-sided p-value (normal approximation).
    pub p_value: f64,
}

/// The statistics of an arena run.
#[derive(Clone, Debug, PartialEq)]
pub struct ArenaSummary {
    /// The rules played.
    pub rules: Rules,
    /// The deals played.
    pub deals: u64,
    /// The games played (deals times seatings).
    pub games: u64,
    /// Whether a game was a whole match rather than a single hand.
    pub matches: bool,
    /// One entry per distinct bot, in lineup order.
    pub bots: Vec<BotSummary>,
    /// Per bot, its mean penalty in each deal.
    samples: Vec<Vec<f64>>,
}

impl ArenaSummary {
    /// Compares bot `a` with bot `b` (indices into [`ArenaSummary::bots`]) deal by deal.
    pub fn compare(&self, a: usize, b: usize) -> Comparison {
        let diffs: Vec<f64> =
            self.samples[a].iter().zip(&self.samples[b]).map(|(x, y)| x - y).collect();
        let (difference, ci95) = mean_ci(&diffs);
        let se = ci95 / 1.96;
        let z = if se > 0.0 { difference / se } else { 0.0 };
        let p_value = if se > 0.0 { erfc(z.abs() / std::f64::consts::SQRT_2) } else { 1.0 };
        Comparison { difference, ci95, z, p_value }
    }
}

/// The mean and the half-width of its 95% confidence interval (normal approximation).
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// The complementary error function (Numerical Recipes' Chebyshev fit, relative error below
/// 1.2e-7).
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 { r } else { 2.0 - r }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn erfc_matches_known_values() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-6);
        // Two-sided p of z = 1.96 is 0.05.
        assert!((erfc(1.96 / std::f64::consts::SQRT_2) - 0.05).abs() < 1e-4);
        assert!((erfc(-1.0) - 1.842_700_79).abs() < 1e-6);
    }

    #[test]
    fn duplicate_deals_are_deterministic_and_fair() {
        let lineup = vec![BotKind::Random, BotKind::Lowest, BotKind::Heuristic];
        let arena = Arena::new(Rules::standard(3), lineup).unwrap();
        let a = arena.run(20, 5);
        assert_eq!(a, arena.run(20, 5));
        for d in &a {
            assert_eq!(d.games, 3);
            assert!((d.wins[..3].iter().sum::<f64>() - 3.0).abs() < 1e-9);
        }
        // The same deterministic bot everywhere: every seat sees every hand once, so every
        // entry takes the same heads.
        let same = Arena::new(Rules::standard(4), vec![BotKind::Lowest; 4]).unwrap();
        for d in same.run(10, 1) {
            assert!(d.penalties[..4].iter().all(|&p| p == d.penalties[0]), "{d:?}");
        }
        let s = arena.summary(&a);
        assert_eq!((s.deals, s.games, s.bots.len()), (20, 60, 3));
        assert!((s.bots.iter().map(|b| b.win_rate).sum::<f64>() - 1.0).abs() < 1e-9);
        // Matches: every score of a finished match is final and someone reached the target.
        let matches = arena.clone().with_matches().unwrap();
        for d in matches.run(3, 2) {
            assert!(d.penalties[..3].iter().sum::<u32>() >= 66);
        }
        assert!(
            Arena::new(Rules::judge(2, 1, 4), vec![BotKind::Random; 2])
                .unwrap()
                .with_matches()
                .is_err()
        );
        let c = s.compare(0, 0);
        assert_eq!((c.difference, c.p_value), (0.0, 1.0));
        assert!(matches!(
            Arena::new(Rules::standard(4), vec![BotKind::Random; 3]),
            Err(ArenaError::Lineup { found: 3, expected: 4 })
        ));
    }
}
