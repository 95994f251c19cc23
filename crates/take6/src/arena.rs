//! The duplicate arena: every deal is played once per seating, the lineup rotated one seat
//! each time, so every bot plays every hand of every deal and luck of the deal cancels out.
//!
//! Statistics treat the deal as the unit: a bot's per-deal mean penalty (over its seats and
//! rotations) is one sample, deals are independent, and a 95% confidence interval is
//! `mean ± 1.96 · sd / √deals`. Comparisons between two bots use the per-deal paired
//! differences, which removes the variance shared through the deal.
//!
//! The engine is sequential and allocation-free per hand. Deal `i` is seeded with
//! `sub_seed(seed, i)` and the statistics are exact integer sums, so the results do not depend
//! on the number of threads: `Arena::summarise` (the `rayon` feature) spreads the deals over
//! all cores, [`Arena::summarise_with`] plays them one after another with bots of the
//! caller's in some seats ([`Entrant::External`], e.g. Python bots) and gives the same
//! statistics.

use std::fmt;

use tabletop_core::{seeded_rng, sub_seed};

use crate::bot::{AnyBot, Bot, BotKind};
use crate::card::Card;
use crate::error::ArenaError;
use crate::rules::{MAX_PLAYERS, Rules};
use crate::state::{Hand, Match};

/// Plays `hand` to its end, `bots[i]` in seat `i`: each round, every bot picks a card, then
/// [`Hand::play_round`] places them, asking the owner of a too-low card for its row when the
/// rules let it choose.
///
/// # Panics
/// If there is not one bot per seat, or a bot plays a card it does not hold or picks a row
/// that does not exist.
pub fn play_hand<B: Bot>(hand: &mut Hand, bots: &mut [B]) {
    let n = hand.rules().num_players();
    assert_eq!(bots.len(), n, "one bot per seat");
    let mut cards = [Card::MIN; MAX_PLAYERS];
    while !hand.is_over() {
        for (seat, bot) in bots.iter_mut().enumerate() {
            cards[seat] = bot.choose_card(&hand.view(seat));
        }
        hand.play_round(
            &cards[..n],
            |hand, seat, card| bots[seat].choose_row(&hand.view(seat), card),
            |_, _| {},
        );
    }
}

impl Match {
    /// Plays the match to its end, `bots[i]` in seat `i`: [`play_hand`] hand after hand, hand
    /// `k` dealt from [`Match::hand_seed`]`(seed, k)` (so with the seed given to
    /// [`Match::new`], the match that seed stands for).
    ///
    /// # Panics
    /// As [`play_hand`].
    pub fn play<B: Bot>(&mut self, seed: u64, bots: &mut [B]) {
        loop {
            play_hand(self.hand_mut(), bots);
            if !self.needs_hand() {
                return;
            }
            self.deal_next(seed);
        }
    }
}

/// The result of one deal (or one match seed) played once per seating.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DealResult {
    /// The heads each lineup entry took, added up over the seatings.
    pub penalties: [u32; MAX_PLAYERS],
    /// The wins of each lineup entry, added up over the seatings (a hand's fewest heads
    /// win; a tie of `k` players gives each `1/k`).
    pub wins: [f64; MAX_PLAYERS],
    /// The games played: one hand, or one match, per seating.
    pub games: u32,
}

/// An entry of an arena's lineup: a built-in bot, which the arena builds and seeds, or a bot
/// the caller seats itself (a Python bot), known by its name.
///
/// It reads and serialises as its name: the built-in bot's notation (`mc:50`) or the given
/// name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entrant {
    /// A built-in bot.
    Builtin(BotKind),
    /// A bot of the caller's, seated through [`Arena::play_deal_with`] and
    /// [`Arena::summarise_with`]; entries with the same name are the same bot.
    External(String),
}

impl From<BotKind> for Entrant {
    fn from(kind: BotKind) -> Entrant {
        Entrant::Builtin(kind)
    }
}

impl PartialEq<BotKind> for Entrant {
    fn eq(&self, kind: &BotKind) -> bool {
        *self == Entrant::Builtin(*kind)
    }
}

impl fmt::Display for Entrant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entrant::Builtin(kind) => kind.fmt(f),
            Entrant::External(name) => f.write_str(name),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Entrant {
    /// The name, as [`fmt::Display`] writes it.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Entrant {
    /// A name: a built-in bot's notation (`mc:50`) is that bot, any other name a bot of the
    /// caller's.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Entrant, D::Error> {
        let name = String::deserialize(d)?;
        Ok(match name.parse::<BotKind>() {
            Ok(kind) => Entrant::Builtin(kind),
            Err(_) => Entrant::External(name),
        })
    }
}

/// A lineup of bots and the rules they play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    rules: Rules,
    lineup: Vec<Entrant>,
    matches: bool,
}

impl Arena {
    /// An arena for `rules` with `lineup[i]` first seated in seat `i`: one entry per seat,
    /// different bots under different names, and every built-in bot able to play the rules
    /// ([`BotKind::build`]).
    pub fn new<E: Into<Entrant>>(rules: Rules, lineup: Vec<E>) -> Result<Arena, ArenaError> {
        let lineup: Vec<Entrant> = lineup.into_iter().map(Into::into).collect();
        if lineup.len() != rules.num_players() {
            return Err(ArenaError::Lineup { found: lineup.len(), expected: rules.num_players() });
        }
        for (i, a) in lineup.iter().enumerate() {
            if let Some(b) = lineup[..i].iter().find(|b| *b != a)
                && b.to_string() == a.to_string()
            {
                return Err(ArenaError::SameName { name: a.to_string() });
            }
            if let Entrant::Builtin(kind) = a {
                kind.build(&rules, 0)?;
            }
        }
        Ok(Arena { rules, lineup, matches: false })
    }

    /// The rules as this arena plays them, on one line: the match target only when whole
    /// matches are played (`..., row rule: choose, match to 66`).
    pub fn rules_line(&self) -> String {
        if self.matches {
            format!("{}, match to {}", self.rules, self.rules.target())
        } else {
            self.rules.to_string()
        }
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
    pub fn lineup(&self) -> &[Entrant] {
        &self.lineup
    }

    /// The bot of built-in bot `kind` seeded with `seed`, for this arena's rules: how the
    /// arena builds its built-in entries (for [`Arena::play_deal_with`]'s callers).
    ///
    /// # Panics
    /// If `kind` does not play the rules (every built-in entry of the lineup does:
    /// [`Arena::new`] checks).
    pub fn build(&self, kind: BotKind, seed: u64) -> AnyBot {
        kind.build(&self.rules, seed).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The bot of lineup entry `e` seeded with `seed`.
    ///
    /// # Panics
    /// If the entry is an [`Entrant::External`] bot.
    fn builtin(&self, e: usize, seed: u64) -> AnyBot {
        match &self.lineup[e] {
            Entrant::Builtin(kind) => self.build(*kind, seed),
            Entrant::External(name) => {
                panic!("the bot `{name}` is the caller's: seat it with play_deal_with")
            }
        }
    }

    /// Deals a hand from `seed` and plays it once per seating: in seating `r`, lineup entry
    /// `e` sits in seat `(e + r) % n`, with its bot seeded from `sub_seed(seed, r * n + e + 1)`.
    /// With [`Arena::with_matches`], a whole match seeded with `seed` is played instead.
    ///
    /// # Panics
    /// If the lineup has an [`Entrant::External`] bot (see [`Arena::play_deal_with`]).
    pub fn play_deal(&self, seed: u64) -> DealResult {
        self.play_deal_with(seed, |e, bot_seed| self.builtin(e, bot_seed))
    }

    /// [`Arena::play_deal`] with the bots of `seat`: `seat(e, bot_seed)` is the bot of lineup
    /// entry `e` for one game (hand or match), `bot_seed` the seed its built-in bot would get.
    pub fn play_deal_with<B: Bot>(
        &self,
        seed: u64,
        mut seat: impl FnMut(usize, u64) -> B,
    ) -> DealResult {
        let n = self.rules.num_players();
        // A match deals its own hands; a single hand is dealt once and replayed per seating.
        let deal = (!self.matches).then(|| Hand::deal(self.rules, &mut seeded_rng(seed)));
        let mut result =
            DealResult { penalties: [0; MAX_PLAYERS], wins: [0.0; MAX_PLAYERS], games: 0 };
        let mut bots: Vec<B> = Vec::with_capacity(n);
        for r in 0..n {
            // The entry sitting in each seat.
            let entry = |seat: usize| (seat + n - r) % n;
            bots.clear();
            bots.extend((0..n).map(|s| {
                let e = entry(s);
                seat(e, sub_seed(seed, (r * n + e + 1) as u64))
            }));
            let penalties = if let Some(deal) = &deal {
                let mut hand = deal.clone();
                play_hand(&mut hand, &mut bots);
                hand.penalties()
            } else {
                let mut m = Match::new(self.rules, seed).expect("the rules make matches end");
                m.play(seed, &mut bots);
                m.scores()
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

    /// The statistics of deals `0..deals` (deal `i` from `sub_seed(seed, i)`), played on all
    /// cores; `on_deal` is called once after each deal (for a progress bar). The same
    /// statistics as [`Arena::summary`] of [`Arena::run`], for any number of threads.
    ///
    /// Called inside [`tabletop_core::cancel::scope`], the run stops soon after the flag is
    /// set (the deals left are skipped and the Monte Carlo bots cut short): the summary is then
    /// of less than `deals` deals and the caller must throw it away.
    ///
    /// # Panics
    /// As [`Arena::play_deal`].
    #[cfg(feature = "rayon")]
    pub fn summarise(&self, deals: u64, seed: u64, on_deal: impl Fn() + Sync) -> ArenaSummary {
        self.tally_deals(0..deals, seed, || {
            on_deal();
            true
        })
        .summary()
    }

    /// The tally of deals `deals` (deal `i` from `sub_seed(seed, i)`), played on all cores:
    /// one part of a run split between threads, processes or machines, whose tallies merge
    /// into the run's ([`Tally::merge`], [`Tally::sums`]). `on_deal` is called once after
    /// each deal; once it returns `false` no further deal is started, and the tally holds
    /// fewer deals than asked (see [`Tally::deals`]).
    ///
    /// # Panics
    /// As [`Arena::play_deal`].
    #[cfg(feature = "rayon")]
    pub fn tally_deals(
        &self,
        deals: std::ops::Range<u64>,
        seed: u64,
        on_deal: impl Fn() -> bool + Sync,
    ) -> Tally {
        use rayon::prelude::*;
        use std::sync::atomic::{AtomicBool, Ordering};
        use tabletop_core::cancel;
        // rayon's workers do not inherit the caller's cancel scope: each deal runs in it, and
        // no deal starts once it is cancelled.
        let flag = cancel::current();
        let stopped = AtomicBool::new(false);
        let go_on =
            || !stopped.load(Ordering::Relaxed) && !flag.as_ref().is_some_and(|f| f.is_cancelled());
        deals
            .into_par_iter()
            .map(|i| go_on().then_some(i))
            .while_some()
            .fold(
                || self.tally(),
                |mut tally, i| {
                    let result = match &flag {
                        Some(flag) => cancel::scope(flag, || self.play_deal(sub_seed(seed, i))),
                        None => self.play_deal(sub_seed(seed, i)),
                    };
                    tally.add(&result);
                    if !on_deal() {
                        stopped.store(true, Ordering::Relaxed);
                    }
                    tally
                },
            )
            .reduce(|| self.tally(), Tally::merge)
    }

    /// The statistics of deals `0..deals` as `Arena::summarise`, played one after another
    /// with the bots of `seat` (as [`Arena::play_deal_with`]): the same deals, seatings, bot
    /// seeds and statistics. `check` is called after each deal; its first error stops the
    /// run (a bot of the caller's that failed).
    pub fn summarise_with<B: Bot, E>(
        &self,
        deals: u64,
        seed: u64,
        mut seat: impl FnMut(usize, u64) -> B,
        mut check: impl FnMut() -> Result<(), E>,
    ) -> Result<ArenaSummary, E> {
        let mut tally = self.tally();
        for i in 0..deals {
            tally.add(&self.play_deal_with(sub_seed(seed, i), &mut seat));
            check()?;
        }
        Ok(tally.summary())
    }

    /// The statistics of `results`, per distinct bot of the lineup.
    pub fn summary(&self, results: &[DealResult]) -> ArenaSummary {
        let mut tally = self.tally();
        for d in results {
            tally.add(d);
        }
        tally.summary()
    }

    /// An empty [`Tally`] for this arena's deals.
    pub fn tally(&self) -> Tally {
        let mut bots: Vec<Entrant> = Vec::new();
        for b in &self.lineup {
            if !bots.contains(b) {
                bots.push(b.clone());
            }
        }
        let entries: Vec<Vec<usize>> = bots
            .iter()
            .map(|bot| (0..self.lineup.len()).filter(|&e| self.lineup[e] == *bot).collect())
            .collect();
        let k = bots.len();
        Tally {
            rules: self.rules,
            matches: self.matches,
            bots,
            entries,
            deals: 0,
            games: 0,
            penalties: vec![Sums::default(); k],
            wins: vec![Sums::default(); k],
            differences: vec![Sums::default(); k * k],
        }
    }
}

/// A win split between `k` tied players is `WIN_UNIT / k` units: exact for every `k <= 10`.
const WIN_UNIT: u64 = 2520;

/// The running sums of one per-deal quantity: exact integers, so that sums merged in any order
/// (one per thread) give the same statistics.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Sums {
    sum: i128,
    squares: i128,
}

impl Sums {
    fn add(&mut self, y: i64) {
        self.sum += y as i128;
        self.squares += y as i128 * y as i128;
    }

    fn merge(&mut self, other: &Sums) {
        self.sum += other.sum;
        self.squares += other.squares;
    }

    /// The mean of `y / scale` over `n` deals and the half-width of its 95% confidence
    /// interval (`None` for fewer than two deals), and whether every `y` was the same.
    fn stats(&self, n: u64, scale: f64) -> (f64, Option<f64>, bool) {
        if n == 0 {
            return (0.0, None, true);
        }
        let mean = self.sum as f64 / n as f64 / scale;
        // n * sum(y^2) - sum(y)^2 = n^2 * (population variance), exactly.
        let spread = n as i128 * self.squares - self.sum * self.sum;
        if n < 2 {
            return (mean, None, true);
        }
        let var = spread as f64 / (n as f64 * (n as f64 - 1.0)) / (scale * scale);
        (mean, Some(1.96 * (var / n as f64).sqrt()), spread == 0)
    }
}

/// The running statistics of an arena run, without keeping the deals: add deals one at a time
/// ([`Tally::add`]), merge the tallies of parallel workers ([`Tally::merge`], exact and
/// order-independent), then read the [`Tally::summary`].
///
/// Every deal counts as one sample: a bot's per-deal value is its mean over its seats and
/// the seatings, and two bots are compared on their per-deal differences.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    rules: Rules,
    matches: bool,
    /// The distinct bots, in lineup order.
    bots: Vec<Entrant>,
    /// The lineup entries of each distinct bot.
    entries: Vec<Vec<usize>>,
    deals: u64,
    games: u64,
    /// Per bot, the heads of its entries in a deal.
    penalties: Vec<Sums>,
    /// Per bot, the wins of its entries in a deal, in units of `1 / WIN_UNIT`.
    wins: Vec<Sums>,
    /// For bots `a` and `b` (index `a * k + b`), `heads(a) * entries(b) - heads(b) *
    /// entries(a)` in a deal: the difference of their per-seat means, scaled.
    differences: Vec<Sums>,
}

impl Tally {
    /// Adds one deal's results.
    ///
    /// # Panics
    /// If the deal was not played once per seating of this arena.
    pub fn add(&mut self, d: &DealResult) {
        assert_eq!(d.games as usize, self.rules.num_players(), "one game per seating");
        let k = self.bots.len();
        let mut heads = [0i64; MAX_PLAYERS];
        for (b, entries) in self.entries.iter().enumerate() {
            heads[b] = entries.iter().map(|&e| d.penalties[e] as i64).sum();
            let wins: i64 =
                entries.iter().map(|&e| (d.wins[e] * WIN_UNIT as f64).round() as i64).sum();
            self.penalties[b].add(heads[b]);
            self.wins[b].add(wins);
        }
        for a in 0..k {
            for b in 0..k {
                let y = heads[a] * self.entries[b].len() as i64
                    - heads[b] * self.entries[a].len() as i64;
                self.differences[a * k + b].add(y);
            }
        }
        self.deals += 1;
        self.games += d.games as u64;
    }

    /// The tally of both runs' deals.
    ///
    /// # Panics
    /// If the tallies are of different arenas.
    pub fn merge(mut self, other: Tally) -> Tally {
        assert!(
            self.rules == other.rules && self.bots == other.bots && self.entries == other.entries,
            "tallies of the same arena"
        );
        self.add_sums(&other.sums()).expect("the sums of a tally of the same arena");
        self
    }

    /// The deals added so far.
    pub fn deals(&self) -> u64 {
        self.deals
    }

    /// The tally's sums, without its arena: what a part of a run sends back to be merged.
    pub fn sums(&self) -> TallySums {
        TallySums {
            deals: self.deals,
            games: self.games,
            penalties: self.penalties.clone(),
            wins: self.wins.clone(),
            differences: self.differences.clone(),
        }
    }

    /// Adds the sums of a tally of the same arena (from [`Tally::sums`]), as
    /// [`Tally::merge`] adds a tally.
    ///
    /// # Errors
    /// [`ArenaError::Sums`] when they cannot be a tally of this arena's deals: not one sum per
    /// bot and per pair of bots, or not one game per seating of each deal.
    pub fn add_sums(&mut self, sums: &TallySums) -> Result<(), ArenaError> {
        let k = self.bots.len();
        let seatings = self.rules.num_players() as u64;
        let problem = if sums.penalties.len() != k || sums.wins.len() != k {
            Some(format!(
                "{} penalty and {} win sums for {k} bots",
                sums.penalties.len(),
                sums.wins.len()
            ))
        } else if sums.differences.len() != k * k {
            Some(format!("{} pairs' sums for {} pairs of bots", sums.differences.len(), k * k))
        } else if sums.deals.checked_mul(seatings) != Some(sums.games) {
            Some(format!("{} games in {} deals of {seatings} seatings", sums.games, sums.deals))
        } else {
            None
        };
        if let Some(problem) = problem {
            return Err(ArenaError::Sums { problem });
        }
        self.deals += sums.deals;
        self.games += sums.games;
        for (mine, theirs) in [
            (&mut self.penalties, &sums.penalties),
            (&mut self.wins, &sums.wins),
            (&mut self.differences, &sums.differences),
        ] {
            for (m, t) in mine.iter_mut().zip(theirs) {
                m.merge(t);
            }
        }
        Ok(())
    }

    /// The statistics, per distinct bot of the lineup.
    pub fn summary(&self) -> ArenaSummary {
        let n = self.deals;
        let g = self.rules.num_players() as f64;
        let k = self.bots.len();
        let bots = (0..k)
            .map(|b| {
                let e = self.entries[b].len() as f64;
                let (mean_penalty, penalty_ci95, _) = self.penalties[b].stats(n, e * g);
                let (win_rate, win_ci95, _) = self.wins[b].stats(n, e * g * WIN_UNIT as f64);
                BotSummary {
                    bot: self.bots[b].clone(),
                    seats: self.entries[b].len(),
                    mean_penalty,
                    penalty_ci95,
                    win_rate,
                    win_ci95,
                }
            })
            .collect();
        let comparisons = (0..k * k)
            .map(|i| {
                let (a, b) = (i / k, i % k);
                let scale = (self.entries[a].len() * self.entries[b].len()) as f64 * g;
                let (difference, ci95, constant) = self.differences[i].stats(n, scale);
                Comparison::new(difference, ci95, constant)
            })
            .collect();
        ArenaSummary {
            rules: self.rules,
            deals: n,
            games: self.games,
            matches: self.matches,
            bots,
            comparisons,
        }
    }
}

/// The numbers of a [`Tally`] without its arena ([`Tally::sums`]): what a part of an arena run
/// sends back to be merged ([`crate::ArenaPart`]). With the `serde` feature it travels as
/// JSON (exact integers, some beyond 64 bits).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct TallySums {
    deals: u64,
    games: u64,
    penalties: Vec<Sums>,
    wins: Vec<Sums>,
    differences: Vec<Sums>,
}

impl TallySums {
    /// The deals tallied.
    pub fn deals(&self) -> u64 {
        self.deals
    }
}

/// One bot's results.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct BotSummary {
    /// The bot.
    pub bot: Entrant,
    /// How many seats of the lineup it holds.
    pub seats: usize,
    /// Its mean heads per game (hand or match).
    pub mean_penalty: f64,
    /// The half-width of the 95% confidence interval of `mean_penalty` (`None` with fewer
    /// than two deals).
    pub penalty_ci95: Option<f64>,
    /// The share of hands it won (fewest heads; ties split).
    pub win_rate: f64,
    /// The half-width of the 95% confidence interval of `win_rate` (`None` with fewer than
    /// two deals).
    pub win_ci95: Option<f64>,
}

/// A paired comparison of two bots' mean penalties.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Comparison {
    /// Mean penalty of the first minus that of the second (negative: the first is better).
    pub difference: f64,
    /// The half-width of its 95% confidence interval (`None` with fewer than two deals).
    pub ci95: Option<f64>,
    /// The z statistic (`None` with fewer than two deals, or when every deal gave the same
    /// nonzero difference: no spread to measure it against).
    pub z: Option<f64>,
    /// The two-sided p-value, normal approximation (`None` when `z` is).
    pub p_value: Option<f64>,
}

impl Comparison {
    /// From the mean difference, its confidence interval and whether every deal gave the same
    /// difference.
    fn new(difference: f64, ci95: Option<f64>, constant: bool) -> Comparison {
        let (z, p_value) = match ci95 {
            None => (None, None),
            // Every deal gave the same difference: none at all is no evidence of one (z = 0,
            // p = 1); a constant nonzero one has no spread to be measured against.
            Some(_) if constant => {
                if difference == 0.0 {
                    (Some(0.0), Some(1.0))
                } else {
                    (None, None)
                }
            }
            Some(ci) => {
                let z = difference / (ci / 1.96);
                (Some(z), Some(erfc(z.abs() / std::f64::consts::SQRT_2)))
            }
        };
        Comparison { difference, ci95, z, p_value }
    }
}

/// The statistics of an arena run.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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
    /// Every ordered pair of bots compared (index `a * bots.len() + b`).
    comparisons: Vec<Comparison>,
}

impl ArenaSummary {
    /// Compares bot `a` with bot `b` (indices into [`ArenaSummary::bots`]) deal by deal.
    ///
    /// # Panics
    /// If `a` or `b` is not a bot index.
    pub fn compare(&self, a: usize, b: usize) -> Comparison {
        let k = self.bots.len();
        assert!(a < k && b < k, "bots {a} and {b} of {k}");
        self.comparisons[a * k + b]
    }
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
    use crate::bot::AnyBot;

    /// The mean and 95% half-width of `xs`, computed the obvious way.
    fn mean_ci(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
        (mean, 1.96 * (var / n).sqrt())
    }

    #[test]
    #[cfg(feature = "rayon")]
    fn a_cancelled_summary_plays_no_deal() {
        use tabletop_core::cancel::{Cancel, scope};
        let arena = Arena::new(Rules::standard(3).unwrap(), vec![BotKind::Random; 3]).unwrap();
        let flag = Cancel::new();
        flag.cancel();
        let played = std::sync::atomic::AtomicU64::new(0);
        let on_deal = || {
            played.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        };
        scope(&flag, || arena.summarise(50, 1, on_deal));
        assert_eq!(played.into_inner(), 0);
        assert_eq!(arena.summarise(5, 1, || ()).games, 15);
    }

    #[test]
    fn running_sums_equal_the_per_deal_statistics() {
        let lineup = vec![BotKind::Heuristic, BotKind::Random, BotKind::Heuristic];
        let arena = Arena::new(Rules::standard(3).unwrap(), lineup).unwrap();
        let results = arena.run(30, 4);
        let s = arena.summary(&results);
        // Per deal: heuristic holds entries 0 and 2, random entry 1; 3 games per deal.
        let heu: Vec<f64> =
            results.iter().map(|d| (d.penalties[0] + d.penalties[2]) as f64 / 6.0).collect();
        let rnd: Vec<f64> = results.iter().map(|d| d.penalties[1] as f64 / 3.0).collect();
        let win: Vec<f64> = results.iter().map(|d| d.wins[1] / 3.0).collect();
        let diff: Vec<f64> = heu.iter().zip(&rnd).map(|(a, b)| a - b).collect();
        let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
        let (m, ci) = mean_ci(&heu);
        assert!(close(s.bots[0].mean_penalty, m) && close(s.bots[0].penalty_ci95.unwrap(), ci));
        let (m, ci) = mean_ci(&win);
        assert!(close(s.bots[1].win_rate, m) && close(s.bots[1].win_ci95.unwrap(), ci));
        let (m, ci) = mean_ci(&diff);
        let c = s.compare(0, 1);
        assert!(close(c.difference, m) && close(c.ci95.unwrap(), ci), "{c:?}");
        assert!(close(c.z.unwrap(), m / (ci / 1.96)));
        let r = s.compare(1, 0);
        assert!(close(r.difference, -m) && close(r.z.unwrap(), -c.z.unwrap()));
        // Merging tallies in any split gives exactly the same summary.
        let mut left = arena.tally();
        let mut right = arena.tally();
        for (i, d) in results.iter().enumerate() {
            if i % 3 == 0 { left.add(d) } else { right.add(d) }
        }
        assert_eq!(right.clone().merge(left.clone()).summary(), s);
        assert_eq!(left.merge(right).summary(), s);
    }

    #[test]
    fn every_pair_of_distinct_bots_is_compared() {
        // Three distinct bots, the first in two seats.
        let lineup = vec![BotKind::Lowest, BotKind::Highest, BotKind::Random, BotKind::Lowest];
        let arena = Arena::new(Rules::standard(4).unwrap(), lineup).unwrap();
        let mut tally = arena.tally();
        assert_eq!(tally.deals(), 0);
        for d in arena.run(5, 9) {
            tally.add(&d);
        }
        assert_eq!(tally.deals(), 5);
        let s = tally.summary();
        assert_eq!((s.deals, s.games, s.bots.len(), s.comparisons.len()), (5, 20, 3, 9));
        for a in 0..3 {
            for b in 0..3 {
                let want = s.bots[a].mean_penalty - s.bots[b].mean_penalty;
                let got = s.compare(a, b).difference;
                assert!((got - want).abs() < 1e-9, "{a} {b}: {got} {want}");
            }
        }
    }

    /// Regression: one deal reported a 95% interval of 0, and a constant nonzero difference
    /// z = 0 and p = 1.
    #[test]
    fn statistics_need_a_spread() {
        let arena =
            Arena::new(Rules::standard(2).unwrap(), vec![BotKind::Lowest, BotKind::Highest])
                .unwrap();
        let s = arena.summary(&arena.run(1, 0));
        assert!(s.bots.iter().all(|b| b.penalty_ci95.is_none() && b.win_ci95.is_none()));
        let c = s.compare(0, 1);
        assert_eq!((c.ci95, c.z, c.p_value), (None, None, None));
        assert_ne!(c.difference, 0.0);
        // Two identical deals: a spread of zero, a nonzero difference: no z, no p.
        let d = arena.play_deal(0);
        let s = arena.summary(&[d, d]);
        let c = s.compare(0, 1);
        assert_eq!((c.ci95, c.z, c.p_value), (Some(0.0), None, None));
        // No difference at all is no evidence of one.
        let c = s.compare(1, 1);
        assert_eq!((c.difference, c.z, c.p_value), (0.0, Some(0.0), Some(1.0)));
    }

    /// A match-mode deal is the match seeded with the deal's seed, once per seating (the
    /// engine deals no hand of its own for it).
    #[test]
    fn match_deals_are_the_seeded_matches() {
        let lineup = vec![BotKind::Lowest, BotKind::Highest, BotKind::Lowest];
        let arena = Arena::new(Rules::standard(3).unwrap(), lineup.clone())
            .unwrap()
            .with_matches()
            .unwrap();
        assert!(arena.plays_matches());
        assert!(!Arena::new(Rules::standard(3).unwrap(), lineup.clone()).unwrap().plays_matches());
        let d = arena.play_deal(42);
        let mut expected = [0u32; MAX_PLAYERS];
        for r in 0..3 {
            let mut bots: Vec<AnyBot> =
                (0..3).map(|seat| arena.build(lineup[(seat + 3 - r) % 3], 0)).collect();
            let mut m = Match::new(*arena.rules(), 42).unwrap();
            m.play(42, &mut bots);
            for seat in 0..3 {
                expected[(seat + 3 - r) % 3] += m.scores()[seat];
            }
        }
        assert_eq!(d.penalties, expected);
    }

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
        let arena = Arena::new(Rules::standard(3).unwrap(), lineup).unwrap();
        let a = arena.run(20, 5);
        assert_eq!(a, arena.run(20, 5));
        for d in &a {
            assert_eq!(d.games, 3);
            assert!((d.wins[..3].iter().sum::<f64>() - 3.0).abs() < 1e-9);
        }
        // The same deterministic bot everywhere: every seat sees every hand once, so every
        // entry takes the same heads.
        let same = Arena::new(Rules::standard(4).unwrap(), vec![BotKind::Lowest; 4]).unwrap();
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
            Arena::new(Rules::judge(2, 1, 4).unwrap(), vec![BotKind::Random; 2])
                .unwrap()
                .with_matches()
                .is_err()
        );
        let c = s.compare(0, 0);
        assert_eq!((c.difference, c.z, c.p_value), (0.0, Some(0.0), Some(1.0)));
        assert!(matches!(
            Arena::new(Rules::standard(4).unwrap(), vec![BotKind::Random; 3]),
            Err(ArenaError::Lineup { found: 3, expected: 4 })
        ));
    }
}
