//! The ladder: bots ranked by how far they fall short of perfect play. The bots play seeded
//! duplicate games (every bot in every seat of the same deals), every decision is reviewed by
//! the game's oracle ([`Session::review`]), and each bot's mean regret per decision comes with
//! its 95% confidence interval, beside its win rate and mean score.
//!
//! Deal `g` (from 0) is the session seed `sub_seed(seed, g)`; on it the bots sit in `B`
//! rotations (`B` the number of bots): in rotation `r`, seat `s` holds bot `(s + r) mod B`. So
//! every bot plays every seat of every deal, against the same opponents in turn. The deals are
//! independent, and their sums are added in deal order, so the report is the same on any
//! number of threads.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use tabletop_core::sub_seed;

use crate::{PlayError, Seat, Session};

/// What a ladder plays.
#[derive(Clone, Debug, PartialEq)]
pub struct LadderConfig {
    /// The game's registry name.
    pub game: String,
    /// Its parameters (JSON; `{}` for the defaults).
    pub params: Value,
    /// The bots, as seats are named (`solver`, `random`, `heuristic`, `mc:200`, `rules`, ...).
    pub bots: Vec<String>,
    /// The deals.
    pub games: u64,
    /// The seed of the deals and of the bots' choices.
    pub seed: u64,
}

/// One bot's line of the ladder.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderBot {
    /// The bot.
    pub bot: String,
    /// Its decisions reviewed.
    pub decisions: u64,
    /// Its mean regret per decision, in the game's unit (see the review's thresholds).
    pub mean_regret: f64,
    /// The half-width of the 95% confidence interval of `mean_regret` (normal approximation
    /// over its decisions).
    pub ci95: f64,
    /// The share of its games it won (a shared first place counts as a share of a win).
    pub win_rate: f64,
    /// Its mean return per game.
    pub mean_score: f64,
    /// The games it played (deals times the seats it held in the rotations).
    pub seats: u64,
}

/// The ladder: the bots by mean regret, the smallest first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LadderReport {
    /// The game's registry name.
    pub game: String,
    /// The deals played.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// One line per bot, the smallest mean regret first (ties in the order given).
    pub bots: Vec<LadderBot>,
}

/// One bot's sums over some games.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Sums {
    decisions: u64,
    regret: f64,
    regret2: f64,
    seats: u64,
    wins: f64,
    score: f64,
}

impl Sums {
    fn add(&mut self, o: &Sums) {
        self.decisions += o.decisions;
        self.regret += o.regret;
        self.regret2 += o.regret2;
        self.seats += o.seats;
        self.wins += o.wins;
        self.score += o.score;
    }
}

impl LadderConfig {
    /// Checks the bots and the game, then plays the deals (on all cores with the `rayon`
    /// feature), calling `tick` after each deal.
    ///
    /// # Errors
    /// [`PlayError::UnknownGame`], [`PlayError::BadParams`] (no bots, no games, a person's
    /// seat), [`PlayError::UnknownBot`], or the review's refusal.
    pub fn run(&self, tick: impl Fn() + Sync) -> Result<LadderReport, PlayError> {
        if self.bots.is_empty() {
            return Err(PlayError::bad("bots", "no bots: expected at least one"));
        }
        if self.games == 0 {
            return Err(PlayError::bad("games", "0 games: expected at least 1"));
        }
        let seats: Vec<Seat> = self.bots.iter().map(|b| b.parse().expect("infallible")).collect();
        if seats.iter().any(Seat::is_human) {
            return Err(PlayError::bad("bots", "a ladder seats bots only, not human"));
        }
        // Every bot checked once, in every seat it will hold.
        let players =
            Session::new(&self.game, self.params.clone(), vec![], self.seed)?.num_players();
        for r in 0..self.bots.len() {
            Session::new(&self.game, self.params.clone(), self.rotation(&seats, players, r), 0)?;
        }
        let deal = |g: u64| -> Result<Vec<Sums>, PlayError> {
            let sums = self.deal(&seats, players, sub_seed(self.seed, g));
            tick();
            sums
        };
        #[cfg(feature = "rayon")]
        let parts: Vec<Result<Vec<Sums>, PlayError>> = {
            use rayon::prelude::*;
            let cancel = tabletop_core::cancel::current();
            (0..self.games)
                .into_par_iter()
                .map(|g| match &cancel {
                    Some(c) => tabletop_core::cancel::scope(c, || deal(g)),
                    None => deal(g),
                })
                .collect()
        };
        #[cfg(not(feature = "rayon"))]
        let parts: Vec<Result<Vec<Sums>, PlayError>> = (0..self.games).map(deal).collect();
        let mut total = vec![Sums::default(); self.bots.len()];
        for part in parts {
            for (t, s) in total.iter_mut().zip(&part?) {
                t.add(s);
            }
        }
        let mut bots: Vec<LadderBot> =
            self.bots.iter().zip(&total).map(|(b, s)| line(b, s)).collect();
        bots.sort_by(|a, b| a.mean_regret.total_cmp(&b.mean_regret));
        Ok(LadderReport { game: self.game.clone(), games: self.games, seed: self.seed, bots })
    }

    /// The seats of rotation `r`: seat `s` holds bot `(s + r) mod B`.
    fn rotation(&self, seats: &[Seat], players: usize, r: usize) -> Vec<Seat> {
        (0..players).map(|s| seats[(s + r) % seats.len()].clone()).collect()
    }

    /// Every rotation of one deal, played and reviewed: each bot's sums.
    fn deal(&self, seats: &[Seat], players: usize, seed: u64) -> Result<Vec<Sums>, PlayError> {
        let b = seats.len();
        let mut sums = vec![Sums::default(); b];
        for r in 0..b {
            let mut s = Session::new(
                &self.game,
                self.params.clone(),
                self.rotation(seats, players, r),
                seed,
            )?;
            while !s.is_terminal() {
                if tabletop_core::cancel::requested() {
                    return Err(tabletop_core::review::ReviewError::Stopped.into());
                }
                s.step()?;
            }
            let returns = s.returns();
            let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let winners = returns.iter().filter(|&&v| v == best).count() as f64;
            for (seat, &v) in returns.iter().enumerate() {
                let bot = &mut sums[(seat + r) % b];
                bot.seats += 1;
                bot.score += v;
                if v == best {
                    bot.wins += 1.0 / winners;
                }
            }
            for d in s.review()?.decisions {
                let bot = &mut sums[(d.player + r) % b];
                bot.decisions += 1;
                bot.regret += d.regret;
                bot.regret2 += d.regret * d.regret;
            }
        }
        Ok(sums)
    }
}

/// A bot's line from its sums.
fn line(bot: &str, s: &Sums) -> LadderBot {
    let n = s.decisions as f64;
    let mean = if s.decisions == 0 { 0.0 } else { s.regret / n };
    let ci95 = tabletop_core::review::ci95(s.regret, s.regret2, n);
    let per_seat = |x: f64| if s.seats == 0 { 0.0 } else { x / s.seats as f64 };
    LadderBot {
        bot: bot.to_owned(),
        decisions: s.decisions,
        mean_regret: mean,
        ci95,
        win_rate: per_seat(s.wins),
        mean_score: per_seat(s.score),
        seats: s.seats,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A ladder of two deals of `game` with its default parameters.
    fn two_deals(game: &str, bots: &[&str], seed: u64) -> LadderConfig {
        LadderConfig {
            game: game.to_owned(),
            params: json!({}),
            bots: bots.iter().map(|b| (*b).to_owned()).collect(),
            games: 2,
            seed,
        }
    }

    #[test]
    fn a_line_from_its_sums() {
        // Regrets 1, 2, 3, 4 over two seats: mean 2.5, sample variance 5/3.
        let s =
            Sums { decisions: 4, regret: 10.0, regret2: 30.0, seats: 2, wins: 1.5, score: -3.0 };
        let l = line("b", &s);
        assert_eq!((l.bot.as_str(), l.decisions, l.seats), ("b", 4, 2));
        assert_eq!((l.mean_regret, l.win_rate, l.mean_score), (2.5, 0.75, -1.5));
        assert!((l.ci95 - 1.96 * (5.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12, "{}", l.ci95);
        // One decision has no interval; none has no mean; no seat has no rates.
        let one = line("b", &Sums { decisions: 1, regret: 2.0, regret2: 4.0, ..Sums::default() });
        assert_eq!((one.mean_regret, one.ci95, one.win_rate, one.mean_score), (2.0, 0.0, 0.0, 0.0));
        // Two decisions already have one: regrets 1 and 3, sample variance 2.
        let two = line("b", &Sums { decisions: 2, regret: 4.0, regret2: 10.0, ..Sums::default() });
        assert!((two.ci95 - 1.96).abs() < 1e-12, "{}", two.ci95);
        let none = line("b", &Sums::default());
        assert_eq!((none.mean_regret, none.ci95), (0.0, 0.0));
        let mut twice = s;
        twice.add(&s);
        assert_eq!(
            twice,
            Sums { decisions: 8, regret: 20.0, regret2: 60.0, seats: 4, wins: 3.0, score: -6.0 }
        );
    }

    /// Take 6! (four players, general-sum, ties for first place) with three bots: the ladder's
    /// sums recomputed game by game from the sessions the module docs describe (deal `g` is
    /// `sub_seed(seed, g)`; in rotation `r` seat `s` holds bot `(s + r) mod B`).
    #[test]
    fn the_sums_are_those_of_the_games_played() {
        let bots = ["lowest", "highest", "random"];
        let report = two_deals("take6", &bots, 3).run(|| ()).unwrap();
        let mut want = vec![Sums::default(); bots.len()];
        let mut ties = 0;
        for g in 0..2 {
            for r in 0..bots.len() {
                let seats: Vec<Seat> =
                    (0..4).map(|s| bots[(s + r) % bots.len()].parse().unwrap()).collect();
                let mut session = Session::new("take6", json!({}), seats, sub_seed(3, g)).unwrap();
                while !session.is_terminal() {
                    session.step().unwrap();
                }
                let returns = session.returns();
                let best = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
                let first: Vec<usize> = (0..4).filter(|&s| returns[s] == best).collect();
                ties += usize::from(first.len() > 1);
                for (s, &v) in returns.iter().enumerate() {
                    let w = &mut want[(s + r) % bots.len()];
                    w.seats += 1;
                    w.score += v;
                    if first.contains(&s) {
                        w.wins += 1.0 / first.len() as f64;
                    }
                }
                for d in session.review().unwrap().decisions {
                    let w = &mut want[(d.player + r) % bots.len()];
                    w.decisions += 1;
                    w.regret += d.regret;
                    w.regret2 += d.regret * d.regret;
                }
            }
        }
        assert!(ties > 0, "a shared first place among the games");
        assert!(want.iter().all(|w| w.score < 0.0), "heads are taken");
        // The same sums, added deal by deal in the ladder: equal up to rounding.
        let close = |a: f64, b: f64| (a - b).abs() <= 1e-12 * a.abs().max(1.0);
        for (bot, w) in bots.iter().zip(&want) {
            let (got, want) = (report.bots.iter().find(|b| b.bot == *bot).unwrap(), line(bot, w));
            assert_eq!((got.decisions, got.seats), (want.decisions, want.seats), "{bot}");
            for (a, b) in [
                (got.mean_regret, want.mean_regret),
                (got.ci95, want.ci95),
                (got.win_rate, want.win_rate),
                (got.mean_score, want.mean_score),
            ] {
                assert!(close(a, b), "{bot}: {got:?} against {want:?}");
            }
        }
    }

    /// The solver and a random player, in every seat of two deals: the solver has no regret
    /// and comes first; each bot sits in every seat of each deal; one win a game is shared
    /// out, and Nine's scores sum to zero.
    #[test]
    fn every_bot_in_every_seat_and_the_solver_first() {
        for bots in [vec!["random", "solver"], vec!["random", "solver", "random"]] {
            let r = two_deals("nine", &bots, 5).run(|| ()).unwrap();
            assert_eq!((r.game.as_str(), r.games, r.seed), ("nine", 2, 5));
            assert_eq!(r.bots.len(), bots.len());
            let solver = &r.bots[0];
            assert_eq!(
                (solver.bot.as_str(), solver.mean_regret, solver.ci95),
                ("solver", 0.0, 0.0)
            );
            assert!(solver.decisions > 0);
            // Each deal: B rotations of 2 seats, 2 for each bot; 2 deals.
            for b in &r.bots {
                assert_eq!(b.seats, 4, "{b:?}");
                assert!(b.bot == "solver" || b.mean_regret > 0.0, "{b:?}");
            }
            let games = 2.0 * bots.len() as f64;
            let wins: f64 = r.bots.iter().map(|b| b.win_rate * b.seats as f64).sum();
            assert!((wins - games).abs() < 1e-9, "{wins} wins in {games} games");
            let score: f64 = r.bots.iter().map(|b| b.mean_score * b.seats as f64).sum();
            assert!(score.abs() < 1e-9, "zero-sum: {score}");
        }
    }
}
