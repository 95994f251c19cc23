//! Bots: who plays which card, and which row a too-low card takes.
//!
//! Every bot sees only a [`View`] (its own hand and the public cards) and draws its randomness
//! from its own seeded [`FastRng`], so a game is a function of the deal and the bots' seeds.
//!
//! - [`RandomBot`]: a uniformly random card.
//! - [`LowestBot`], [`HighestBot`]: the lowest or the highest card.
//! - [`HeuristicBot`]: the card with the lowest immediate expected penalty
//!   ([`expected_penalty`]), each opponent's card modelled as uniform over the unseen cards.
//! - [`MonteCarloBot`]: determinised Monte Carlo. Step 1: deal the unseen cards to the
//!   opponents at random (every card seen in a hand, on the table or played is excluded).
//!   Step 2: for every candidate card, play the rest of the hand out with random cards for
//!   everyone, using the same deal and the same random stream for every candidate (common
//!   random numbers, so that differences between candidates are not noise). Step 3: repeat
//!   for the budget (a number of playouts, deterministic, or a time), then play the candidate
//!   with the fewest heads taken on average. Row choices are made the same way. Trade-off:
//!   random playouts are cheap (about a microsecond for a whole hand) and unbiased between
//!   candidates, but they model opponents as careless players.
//!
//! The default row choice of every bot is the row with the fewest heads.

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::{RngCore, SeedableRng};

pub use tabletop_core::budget::Budget;
use tabletop_core::budget::BudgetError;

use crate::card::{Card, CardSet, DECK_SIZE};
use crate::error::{BotError, ParseBotError, RefusedBot};
use crate::rules::{MAX_HAND, MAX_PLAYERS, MAX_ROWS, ROW_CAPACITY, Rules};
use crate::state::View;
use crate::table::{Table, Target};

/// A player.
pub trait Bot {
    /// The card to reveal this round; it must be in `view.hand`.
    fn choose_card(&mut self, view: &View<'_>) -> Card;

    /// The row that `card`, below every row end, takes (asked only under
    /// [`RowRule::Choose`](crate::RowRule::Choose)). Default: the row with the fewest heads.
    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        let _ = card;
        view.table.fewest_heads_row()
    }
}

/// The generator of bots and playouts, seeded explicitly: xoshiro256++ (`rand_xoshiro`), a
/// named algorithm whose output is fixed by its specification, so arena results and bench
/// counts do not change with a dependency update (rand's `SmallRng` promises no such thing).
/// It is the algorithm and seeding (SplitMix64 from a `u64`) that `SmallRng` used in rand 0.9
/// on 64-bit machines, so results are the same as before, at the same speed; ChaCha8
/// ([`tabletop_core::Rng`]) made a deal of four random bots about 1.4x slower.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FastRng(Xoshiro256PlusPlus);

impl FastRng {
    /// The generator with this seed.
    pub fn new(seed: u64) -> FastRng {
        FastRng(Xoshiro256PlusPlus::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-32).
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A uniformly random card of a non-empty set.
    #[inline]
    pub fn card_of(&mut self, set: CardSet) -> Card {
        set.nth(self.below(set.len() as u32)).expect("the set is not empty")
    }
}

/// A uniformly random card; the default row choice.
#[derive(Clone, Debug)]
pub struct RandomBot(FastRng);

impl RandomBot {
    /// The bot with this seed.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot(FastRng::new(seed))
    }
}

impl Bot for RandomBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        self.0.card_of(view.hand)
    }
}

/// Always the lowest card.
#[derive(Clone, Copy, Debug, Default)]
pub struct LowestBot;

impl Bot for LowestBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        view.hand.first().expect("a player to move holds a card")
    }
}

/// Always the highest card.
#[derive(Clone, Copy, Debug, Default)]
pub struct HighestBot;

impl Bot for HighestBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        view.hand.last().expect("a player to move holds a card")
    }
}

/// The row a too-low card takes when its owner makes the default choice (the row with the
/// fewest heads) under [`RowRule::Choose`](crate::RowRule::Choose).
#[inline]
fn default_too_low_row(rules: &Rules, table: &Table) -> usize {
    table.too_low_row(rules.row_rule(), || table.fewest_heads_row())
}

/// The heads a too-low card takes: the forced row, or the row with the fewest heads.
fn too_low_cost(rules: &Rules, table: &Table) -> u32 {
    table.rows()[default_too_low_row(rules, table)].heads()
}

/// The immediate expected penalty of playing `card` now.
///
/// Model: each of the `n - 1` opponents plays a card drawn uniformly from the cards this
/// player has not seen. A card going after row `r` (with `L` cards) is preceded there by the
/// opponents' cards between the row end and it; with `j` of them, this card is placed on a row
/// of `L + j` cards (restarting after each sixth card) and takes it when that is a multiple of
/// five. The `j` is binomial. A card below every row end takes the row the rule (or the
/// default choice) gives.
pub fn expected_penalty(view: &View<'_>, card: Card) -> f64 {
    let table = view.table;
    let row = match table.target(card) {
        Target::TooLow => return too_low_cost(view.rules, table) as f64,
        Target::Row(r) => &table.rows()[r],
    };
    let unseen = view.unseen();
    let opponents = view.num_players() - 1;
    let gap = CardSet::between(row.last().value(), card.value()) & unseen;
    let u = unseen.len().max(1) as f64;
    let p = gap.len() as f64 / u;
    let avg_gap_heads = if gap.is_empty() { 0.0 } else { gap.heads() as f64 / gap.len() as f64 };
    let len = row.len();
    let mut expected = 0.0;
    let mut binom = 1.0; // C(opponents, j)
    for j in 0..=opponents {
        let fill = len + j;
        if fill >= ROW_CAPACITY && fill % ROW_CAPACITY == 0 {
            let heads = if fill == ROW_CAPACITY {
                row.heads() as f64 + j as f64 * avg_gap_heads
            } else {
                ROW_CAPACITY as f64 * avg_gap_heads
            };
            let prob = binom * p.powi(j as i32) * (1.0 - p).powi((opponents - j) as i32);
            expected += prob * heads;
        }
        binom = binom * (opponents - j) as f64 / (j + 1) as f64;
    }
    expected
}

/// The heads `view`'s player takes this round with `card`, averaged over `samples` random
/// completions of the round: every opponent plays a card drawn from the cards the player has
/// not seen (without replacement), and a too-low card takes the row the rule gives (the
/// fewest heads under [`RowRule::Choose`](crate::RowRule::Choose), every bot's default). The
/// Monte Carlo counterpart of [`expected_penalty`]; 0 when `samples` is 0.
///
/// # Panics
/// If `samples > 0` and fewer cards are unseen than the player has opponents.
pub fn sampled_penalty(view: &View<'_>, card: Card, samples: u32, rng: &mut FastRng) -> f64 {
    if samples == 0 {
        return 0.0;
    }
    let n = view.num_players();
    let mut unseen = [Card::MIN; DECK_SIZE as usize];
    let mut u = 0;
    for c in view.unseen() {
        unseen[u] = c;
        u += 1;
    }
    assert!(u + 1 >= n, "{u} unseen cards for {} opponents", n - 1);
    let mut total = 0u64;
    for i in 0..samples {
        // Cancelled work (`tabletop_core::cancel`) is thrown away by whoever cancelled it.
        if i % 64 == 63 && tabletop_core::cancel::requested() {
            break;
        }
        let mut pool = unseen;
        let mut left = u;
        let mut others = [Card::MIN; MAX_PLAYERS];
        for slot in &mut others[..n - 1] {
            // Draw without replacement: the last card of the pool fills the gap.
            let i = rng.below(left as u32) as usize;
            *slot = pool[i];
            pool[i] = pool[left - 1];
            left -= 1;
        }
        total += u64::from(round_heads(view, card, &others[..n - 1]));
    }
    total as f64 / f64::from(samples)
}

/// The heads `view`'s player takes this round with `card` when the opponents play `others`
/// (a too-low card takes the row the rule gives, the fewest heads under
/// [`RowRule::Choose`](crate::RowRule::Choose)): one completion of the round of
/// [`sampled_penalty`] and of the review's exact enumeration.
pub(crate) fn round_heads(view: &View<'_>, card: Card, others: &[Card]) -> u32 {
    let n = others.len() + 1;
    let mut cards = [card; MAX_PLAYERS];
    cards[1..n].copy_from_slice(others);
    cards[..n].sort_unstable();
    let mut table = *view.table;
    let mut mine = 0;
    for &c in &cards[..n] {
        let row = match table.target(c) {
            Target::Row(r) => r,
            Target::TooLow => default_too_low_row(view.rules, &table),
        };
        let (_, heads) = table.place_counting(c, row);
        if c == card {
            mine = heads;
        }
    }
    mine
}

/// [`HeuristicBot`]'s tie-break gap for a too-low card: above every row gap (at most 103), so
/// such a card comes last among equal penalties.
const TOO_LOW_GAP: u8 = u8::MAX - 1;

/// Whether the expected penalty `a` is below `b` by more than the tolerance of a float sum.
#[inline]
fn clearly_below(a: f64, b: f64) -> bool {
    a < b - 1e-9
}

/// The card with the lowest [`expected_penalty`]; on a tie, the one closest to its row end
/// (the least likely to be undercut), then the lowest.
#[derive(Clone, Copy, Debug, Default)]
pub struct HeuristicBot;

impl Bot for HeuristicBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let mut best = None;
        let mut best_key = (f64::INFINITY, u8::MAX);
        for c in view.hand {
            let gap = match view.table.target(c) {
                Target::Row(r) => c.value() - view.table.rows()[r].last().value(),
                Target::TooLow => TOO_LOW_GAP,
            };
            let key = (expected_penalty(view, c), gap);
            if clearly_below(key.0, best_key.0)
                || (key.0 <= best_key.0 + 1e-9 && key.1 < best_key.1)
            {
                best = Some(c);
                best_key = key;
            }
        }
        best.expect("a player to move holds a card")
    }
}

/// Determinised Monte Carlo with random playouts (see the module docs).
#[derive(Clone, Debug)]
pub struct MonteCarloBot {
    rng: FastRng,
    budget: Budget,
}

impl MonteCarloBot {
    /// The default number of playouts per candidate card.
    pub const DEFAULT_PLAYOUTS: u32 = 200;

    /// The bot with this seed and budget.
    pub fn new(seed: u64, budget: Budget) -> MonteCarloBot {
        MonteCarloBot { rng: FastRng::new(seed), budget }
    }

    /// Deals the cards `view`'s player has not seen at random, `k` to every opponent
    /// (`hands[view.seat]` is left as it is): one determinisation of the hidden hands.
    /// Every card the player saw (its hand, the table, every card played) is excluded.
    pub fn determinise(&mut self, view: &View<'_>, k: usize, hands: &mut [CardSet; MAX_PLAYERS]) {
        let unseen = view.unseen();
        let mut pool = [Card::MIN; DECK_SIZE as usize];
        let mut u = 0;
        for c in unseen {
            pool[u] = c;
            u += 1;
        }
        let mut next = 0;
        for (p, hand) in hands.iter_mut().enumerate().take(view.num_players()) {
            if p == view.seat {
                continue;
            }
            *hand = CardSet::EMPTY;
            for _ in 0..k {
                let j = next + self.rng.below((u - next) as u32) as usize;
                pool.swap(next, j);
                hand.insert(pool[next]);
                next += 1;
            }
        }
    }

    /// Runs `evaluate(candidate, hands, rng)` for every candidate over the budget and returns
    /// the index of the candidate with the lowest total.
    fn search(
        &mut self,
        view: &View<'_>,
        candidates: usize,
        evaluate: impl FnMut(usize, &[CardSet; MAX_PLAYERS], &mut FastRng) -> u32,
    ) -> usize {
        let (totals, _) = self.search_totals(view, candidates, evaluate);
        (0..candidates).min_by_key(|&i| totals[i]).expect("at least one candidate")
    }

    /// Runs `evaluate(candidate, hands, rng)` for every candidate over the budget and returns
    /// every candidate's total and the number of playouts each candidate had.
    fn search_totals(
        &mut self,
        view: &View<'_>,
        candidates: usize,
        mut evaluate: impl FnMut(usize, &[CardSet; MAX_PLAYERS], &mut FastRng) -> u32,
    ) -> ([u64; MAX_HAND], u32) {
        let start = Instant::now();
        self.search_worlds(
            view,
            candidates,
            1,
            start,
            |_| (),
            |i, hands, (), rng| evaluate(i, hands, rng),
        )
    }

    /// The search over determinisations ("worlds") of the hidden hands: on each world,
    /// `world(hands)` is computed once, then every candidate is judged `per_world` times by
    /// `evaluate(candidate, hands, world, rng)`, the candidates of one playout sharing its
    /// random numbers, until the budget (counted from `start`, in playouts per candidate) is
    /// spent. Returns every candidate's total and the number of playouts each had.
    pub(crate) fn search_worlds<W>(
        &mut self,
        view: &View<'_>,
        candidates: usize,
        per_world: u32,
        start: Instant,
        mut world: impl FnMut(&[CardSet; MAX_PLAYERS]) -> W,
        mut evaluate: impl FnMut(usize, &[CardSet; MAX_PLAYERS], &W, &mut FastRng) -> u32,
    ) -> ([u64; MAX_HAND], u32) {
        let mut totals = [0u64; MAX_HAND];
        let mut done = 0u32;
        let mut hands = [CardSet::EMPTY; MAX_PLAYERS];
        hands[view.seat] = view.hand;
        // Every opponent holds as many unrevealed cards as this player.
        let k = view.hand.len();
        // A front end that cancels the work (`tabletop_core::cancel`) throws the answer away:
        // stop after at least one playout per candidate.
        while !(self.budget.spent(done, start) || done > 0 && tabletop_core::cancel::requested()) {
            self.determinise(view, k, &mut hands);
            let known = world(&hands);
            for _ in 0..per_world {
                if self.budget.spent(done, start) {
                    break;
                }
                let seed = self.rng.next_u64();
                for (i, total) in totals.iter_mut().enumerate().take(candidates) {
                    let mut rng = FastRng::new(seed);
                    *total += u64::from(evaluate(i, &hands, &known, &mut rng));
                }
                done += 1;
            }
        }
        (totals, done)
    }
}

/// Plays the rest of a hand with random cards for everyone and returns the heads `me`
/// takes: first the revealed cards (ascending), then round after round until the hands are
/// empty. Too-low cards take the forced row or the row with the fewest heads.
#[inline]
pub(crate) fn playout(
    rules: &Rules,
    mut table: Table,
    me: usize,
    mut hands: [CardSet; MAX_PLAYERS],
    revealed: [Option<Card>; MAX_PLAYERS],
    rng: &mut FastRng,
) -> u32 {
    let n = rules.num_players();
    let mut heads = 0;
    let mut pending = CardSet::EMPTY;
    for r in revealed.iter().take(n).flatten() {
        pending.insert(*r);
    }
    let mut mine = revealed[me];
    // Every hand holds as many cards as this player's.
    let mut left = hands[me].len();
    loop {
        while let Some(c) = pending.pop_first() {
            let row = match table.target(c) {
                Target::Row(r) => r,
                Target::TooLow => default_too_low_row(rules, &table),
            };
            let (_, taken) = table.place_counting(c, row);
            if Some(c) == mine {
                heads += taken;
            }
        }
        if left == 0 {
            return heads;
        }
        for (p, hand) in hands.iter_mut().enumerate().take(n) {
            debug_assert_eq!(hand.len(), left);
            let c = hand.nth(rng.below(left as u32)).expect("the hand holds `left` cards");
            hand.remove(c);
            pending.insert(c);
            if p == me {
                mine = Some(c);
            }
        }
        left -= 1;
    }
}

impl MonteCarloBot {
    /// The card of `candidates` (cards of `view.hand`, at least one) with the fewest heads
    /// taken on average over the budget's playouts; the other cards of the hand are still
    /// played in the playouts. Every playout is shared by all the candidates, so fewer
    /// candidates get more playouts each in the same time.
    pub(crate) fn choose_among(&mut self, view: &View<'_>, candidates: &[Card]) -> Card {
        debug_assert!(candidates.iter().all(|&c| view.hand.contains(c)));
        if candidates.len() == 1 {
            return candidates[0];
        }
        let best = self.search(view, candidates.len(), card_playout(view, candidates));
        candidates[best]
    }

    /// The mean heads `view`'s player takes from now to the end of the hand after playing
    /// each of `candidates` (cards of `view.hand`), over the budget's playouts: the numbers
    /// whose lowest [`Bot::choose_card`] plays (the same playouts for the same seed).
    pub fn card_means(&mut self, view: &View<'_>, candidates: &[Card]) -> Vec<f64> {
        debug_assert!(candidates.iter().all(|&c| view.hand.contains(c)));
        let evaluate = card_playout(view, candidates);
        let (totals, done) = self.search_totals(view, candidates.len(), evaluate);
        means(&totals[..candidates.len()], done)
    }

    /// The mean heads `view`'s player takes from now to the end of the hand after taking
    /// each row (in order) for `card`, over the budget's playouts: the numbers whose lowest
    /// [`Bot::choose_row`] takes (the same playouts for the same seed).
    pub fn row_means(&mut self, view: &View<'_>, card: Card) -> Vec<f64> {
        let rows = view.table.num_rows();
        let (totals, done) = self.row_totals(view, card);
        means(&totals[..rows], done)
    }

    /// [`MonteCarloBot::search_totals`] over the rows `card` may take.
    fn row_totals(&mut self, view: &View<'_>, card: Card) -> ([u64; MAX_HAND], u32) {
        let rows = view.table.num_rows();
        let me = view.seat;
        let mut revealed = [None; MAX_PLAYERS];
        revealed[..view.num_players()].copy_from_slice(view.revealed);
        revealed[me] = None;
        let rules = view.rules;
        let mut tables = [*view.table; MAX_ROWS];
        let mut now = [0u32; MAX_ROWS];
        for (r, (table, heads)) in tables.iter_mut().zip(&mut now).enumerate().take(rows) {
            *heads = table.place(card, r).heads();
        }
        self.search_totals(view, rows, |r, hands, rng| {
            now[r] + playout(rules, tables[r], me, *hands, revealed, rng)
        })
    }
}

/// The playout of a card candidate: every opponent reveals a random card of its hand beside
/// `cards[i]`, then the hand is played out.
fn card_playout<'a>(
    view: &'a View<'_>,
    cards: &'a [Card],
) -> impl FnMut(usize, &[CardSet; MAX_PLAYERS], &mut FastRng) -> u32 + 'a {
    let n = view.num_players();
    let me = view.seat;
    let (rules, table) = (view.rules, *view.table);
    move |i, hands, rng| {
        let mut hands = *hands;
        let mut revealed = [None; MAX_PLAYERS];
        for p in 0..n {
            let c = if p == me { cards[i] } else { rng.card_of(hands[p]) };
            hands[p].remove(c);
            revealed[p] = Some(c);
        }
        playout(rules, table, me, hands, revealed, rng)
    }
}

/// Totals over `done` playouts as means.
fn means(totals: &[u64], done: u32) -> Vec<f64> {
    totals.iter().map(|&t| t as f64 / f64::from(done.max(1))).collect()
}

impl Bot for MonteCarloBot {
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        let mut cards = [Card::MIN; MAX_HAND];
        let mut len = 0;
        for c in view.hand {
            cards[len] = c;
            len += 1;
        }
        self.choose_among(view, &cards[..len])
    }

    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        let rows = view.table.num_rows();
        let (totals, _) = self.row_totals(view, card);
        (0..rows).min_by_key(|&r| totals[r]).expect("at least one row")
    }
}

/// A bot by name, with its parameters: what the arena, `play_hand`, sessions, the server's
/// seats and the command line seat. Parsed by its [`FromStr`], the one parser of bot names,
/// which reads budgets as [`Budget`] does (with its caps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// [`RandomBot`].
    Random,
    /// [`LowestBot`].
    Lowest,
    /// [`HighestBot`].
    Highest,
    /// [`HeuristicBot`].
    Heuristic,
    /// [`MonteCarloBot`] with this many playouts per candidate.
    MonteCarlo {
        /// Playouts per candidate card or row.
        playouts: u32,
    },
    /// [`MonteCarloBot`] thinking for this many milliseconds per decision (results then
    /// depend on the machine's speed: not reproducible).
    MonteCarloTimed {
        /// Milliseconds per decision.
        millis: u32,
    },
    /// The shipped network alone (`nn`): the legal action of highest Q-value
    /// (`NetworkBot`, with the `nn` feature).
    Network,
    /// The shipped network guiding [`MonteCarloBot`]'s search (`nn-mc:N`), with this many
    /// playouts per candidate (`NetworkMcBot`, with the `nn` feature).
    NetworkMc {
        /// Playouts per candidate card or row.
        playouts: u32,
    },
    /// The shipped network guiding [`MonteCarloBot`]'s search for this many milliseconds
    /// per decision (`nn-mc:Nms`; not reproducible).
    NetworkMcTimed {
        /// Milliseconds per decision.
        millis: u32,
    },
}

impl BotKind {
    /// The bot with this seed, for `rules`: the one place where a bot is built and refused.
    /// Every bot plays any rules except the network bots, which play only the parameters a
    /// shipped network was trained for, and only in a build with the `nn` feature.
    ///
    /// # Errors
    /// [`RefusedBot`], with the reason in the user's words ("the shipped networks play only
    /// 4 players with 10 cards a hand, ...").
    pub fn build(self, rules: &Rules, seed: u64) -> Result<AnyBot, RefusedBot> {
        Ok(match self {
            BotKind::Random => AnyBot::Random(RandomBot::new(seed)),
            BotKind::Lowest => AnyBot::Lowest(LowestBot),
            BotKind::Highest => AnyBot::Highest(HighestBot),
            BotKind::Heuristic => AnyBot::Heuristic(HeuristicBot),
            BotKind::MonteCarlo { playouts } => {
                AnyBot::MonteCarlo(MonteCarloBot::new(seed, Budget::Playouts(playouts)))
            }
            BotKind::MonteCarloTimed { millis } => AnyBot::MonteCarlo(MonteCarloBot::new(
                seed,
                Budget::Time(Duration::from_millis(millis as u64)),
            )),
            #[cfg(feature = "nn")]
            BotKind::Network => AnyBot::Network(crate::nnbot::NetworkBot::new(rules)?),
            #[cfg(feature = "nn")]
            BotKind::NetworkMc { playouts } => AnyBot::NetworkMc(crate::nnbot::NetworkMcBot::new(
                rules,
                seed,
                Budget::Playouts(playouts),
                crate::nnbot::NETWORK_MC_KEEP,
            )?),
            #[cfg(feature = "nn")]
            BotKind::NetworkMcTimed { millis } => {
                AnyBot::NetworkMc(crate::nnbot::NetworkMcBot::new(
                    rules,
                    seed,
                    Budget::Time(Duration::from_millis(millis as u64)),
                    crate::nnbot::NETWORK_MC_KEEP,
                )?)
            }
            #[cfg(not(feature = "nn"))]
            BotKind::Network | BotKind::NetworkMc { .. } | BotKind::NetworkMcTimed { .. } => {
                let _ = rules;
                return Err(RefusedBot {
                    bot: self.to_string(),
                    reason: "this build has no shipped network (the take6 crate's `nn` \
                             feature is off)"
                        .to_owned(),
                });
            }
        })
    }
}

/// The bot named `name` (as [`BotKind`]'s parser reads it) with this seed, for `rules`:
/// [`BotKind::build`] of the parsed name.
///
/// # Errors
/// [`BotError::Name`] for a name that is no bot or a budget above its cap,
/// [`BotError::Refused`] for a bot that does not play `rules`.
pub fn bot_for(name: &str, rules: &Rules, seed: u64) -> Result<AnyBot, BotError> {
    Ok(name.parse::<BotKind>()?.build(rules, seed)?)
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BotKind::Random => f.write_str("random"),
            BotKind::Lowest => f.write_str("lowest"),
            BotKind::Highest => f.write_str("highest"),
            BotKind::Heuristic => f.write_str("heuristic"),
            BotKind::MonteCarlo { playouts } if *playouts == MonteCarloBot::DEFAULT_PLAYOUTS => {
                f.write_str("mc")
            }
            BotKind::MonteCarlo { playouts } => write!(f, "mc:{playouts}"),
            BotKind::MonteCarloTimed { millis } => write!(f, "mc:{millis}ms"),
            BotKind::Network => f.write_str("nn"),
            BotKind::NetworkMc { playouts } if *playouts == MonteCarloBot::DEFAULT_PLAYOUTS => {
                f.write_str("nn-mc")
            }
            BotKind::NetworkMc { playouts } => write!(f, "nn-mc:{playouts}"),
            BotKind::NetworkMcTimed { millis } => write!(f, "nn-mc:{millis}ms"),
        }
    }
}

impl FromStr for BotKind {
    type Err = ParseBotError;

    /// `random`, `lowest`, `highest`, `heuristic`, `mc`, `mc:<playouts per candidate>` or
    /// `mc:<milliseconds per decision>ms`; `nn`, and `nn-mc`, `nn-mc:<playouts>`,
    /// `nn-mc:<milliseconds>ms`: the budget as [`Budget`] reads it (with its caps).
    fn from_str(s: &str) -> Result<BotKind, ParseBotError> {
        Ok(match s {
            "random" => BotKind::Random,
            "lowest" => BotKind::Lowest,
            "highest" => BotKind::Highest,
            "heuristic" => BotKind::Heuristic,
            "mc" => BotKind::MonteCarlo { playouts: MonteCarloBot::DEFAULT_PLAYOUTS },
            "nn" => BotKind::Network,
            "nn-mc" => BotKind::NetworkMc { playouts: MonteCarloBot::DEFAULT_PLAYOUTS },
            _ => {
                let (network, budget) = match (s.strip_prefix("mc:"), s.strip_prefix("nn-mc:")) {
                    (Some(budget), _) => (false, budget),
                    (None, Some(budget)) => (true, budget),
                    (None, None) => return Err(ParseBotError::Unknown(s.to_owned())),
                };
                let name = s.to_owned();
                match (budget.parse(), network) {
                    (Ok(Budget::Playouts(playouts)), false) => BotKind::MonteCarlo { playouts },
                    (Ok(Budget::Playouts(playouts)), true) => BotKind::NetworkMc { playouts },
                    (Ok(Budget::Time(t)), false) => {
                        BotKind::MonteCarloTimed { millis: t.as_millis() as u32 }
                    }
                    (Ok(Budget::Time(t)), true) => {
                        BotKind::NetworkMcTimed { millis: t.as_millis() as u32 }
                    }
                    (Err(BudgetError::Playouts), _) => return Err(ParseBotError::Playouts(name)),
                    (Err(BudgetError::Millis), _) => return Err(ParseBotError::Millis(name)),
                    (Err(BudgetError::TooManyPlayouts), _) => {
                        return Err(ParseBotError::TooManyPlayouts(name));
                    }
                    (Err(BudgetError::TooManyMillis), _) => {
                        return Err(ParseBotError::TooManyMillis(name));
                    }
                }
            }
        })
    }
}

/// Any of the built-in bots, dispatched without allocation.
#[derive(Clone, Debug)]
pub enum AnyBot {
    /// [`RandomBot`].
    Random(RandomBot),
    /// [`LowestBot`].
    Lowest(LowestBot),
    /// [`HighestBot`].
    Highest(HighestBot),
    /// [`HeuristicBot`].
    Heuristic(HeuristicBot),
    /// [`MonteCarloBot`].
    MonteCarlo(MonteCarloBot),
    /// The network alone (`NetworkBot`).
    #[cfg(feature = "nn")]
    Network(crate::nnbot::NetworkBot),
    /// The network guiding the search (`NetworkMcBot`).
    #[cfg(feature = "nn")]
    NetworkMc(crate::nnbot::NetworkMcBot),
}

impl Bot for AnyBot {
    #[inline]
    fn choose_card(&mut self, view: &View<'_>) -> Card {
        match self {
            AnyBot::Random(b) => b.choose_card(view),
            AnyBot::Lowest(b) => b.choose_card(view),
            AnyBot::Highest(b) => b.choose_card(view),
            AnyBot::Heuristic(b) => b.choose_card(view),
            AnyBot::MonteCarlo(b) => b.choose_card(view),
            #[cfg(feature = "nn")]
            AnyBot::Network(b) => b.choose_card(view),
            #[cfg(feature = "nn")]
            AnyBot::NetworkMc(b) => b.choose_card(view),
        }
    }

    #[inline]
    fn choose_row(&mut self, view: &View<'_>, card: Card) -> usize {
        match self {
            AnyBot::Random(b) => b.choose_row(view, card),
            AnyBot::Lowest(b) => b.choose_row(view, card),
            AnyBot::Highest(b) => b.choose_row(view, card),
            AnyBot::Heuristic(b) => b.choose_row(view, card),
            AnyBot::MonteCarlo(b) => b.choose_row(view, card),
            #[cfg(feature = "nn")]
            AnyBot::Network(b) => b.choose_row(view, card),
            #[cfg(feature = "nn")]
            AnyBot::NetworkMc(b) => b.choose_row(view, card),
        }
    }
}

#[cfg(test)]
mod tests {
    use tabletop_core::budget::{MAX_MILLIS, MAX_PLAYOUTS};

    use super::*;

    #[test]
    fn names_round_trip() {
        for k in [
            BotKind::Random,
            BotKind::Lowest,
            BotKind::Highest,
            BotKind::Heuristic,
            BotKind::MonteCarlo { playouts: MonteCarloBot::DEFAULT_PLAYOUTS },
            BotKind::MonteCarlo { playouts: 17 },
            BotKind::MonteCarloTimed { millis: 5 },
            BotKind::Network,
            BotKind::NetworkMc { playouts: MonteCarloBot::DEFAULT_PLAYOUTS },
            BotKind::NetworkMc { playouts: 17 },
            BotKind::NetworkMcTimed { millis: 20 },
        ] {
            assert_eq!(k.to_string().parse(), Ok(k));
        }
        // The default budget prints as the short name the help text shows.
        let names: Vec<String> = [
            BotKind::MonteCarlo { playouts: MonteCarloBot::DEFAULT_PLAYOUTS },
            BotKind::MonteCarlo { playouts: 17 },
            BotKind::MonteCarloTimed { millis: 5 },
        ]
        .iter()
        .map(BotKind::to_string)
        .collect();
        assert_eq!(names, ["mc", "mc:17", "mc:5ms"]);
        for bad in ["", "mc:", "mc:0", "mc:x", "mc:0ms", "mc:ms", "Random", "best"] {
            assert!(bad.parse::<BotKind>().is_err(), "{bad}");
        }
        // Out-of-range budgets say what is wrong, not "unknown bot".
        let err = |s: &str| s.parse::<BotKind>().unwrap_err();
        for s in ["mc:0", "mc:00", "mc:", "mc:x", "mc:-5", "mc:+5", "mc: 5"] {
            assert_eq!(err(s), ParseBotError::Playouts(s.to_owned()));
        }
        for s in ["mc:0ms", "mc:ms", "mc:xms"] {
            assert_eq!(err(s), ParseBotError::Millis(s.to_owned()));
        }
        // The caps, named as the reason whatever the size of the number.
        assert_eq!("mc:10000".parse(), Ok(BotKind::MonteCarlo { playouts: MAX_PLAYOUTS }));
        assert_eq!("mc:010000".parse(), Ok(BotKind::MonteCarlo { playouts: MAX_PLAYOUTS }));
        assert_eq!("mc:10000ms".parse(), Ok(BotKind::MonteCarloTimed { millis: MAX_MILLIS }));
        for s in ["mc:10001", "mc:100000", "mc:99999999999999999999", "mc:4294967297"] {
            assert_eq!(err(s), ParseBotError::TooManyPlayouts(s.to_owned()));
        }
        for s in ["mc:10001ms", "mc:5000000000ms", "mc:99999999999999999999999ms"] {
            assert_eq!(err(s), ParseBotError::TooManyMillis(s.to_owned()));
        }
        assert_eq!(
            err("mc:100000").to_string(),
            "bot \"mc:100000\": at most 10,000 playouts per candidate"
        );
        assert_eq!(
            err("mc:20000ms").to_string(),
            "bot \"mc:20000ms\": at most 10,000 milliseconds per decision"
        );
        assert_eq!(
            err("mc:0").to_string(),
            "bot \"mc:0\": expected mc:N with N from 1 to 10,000 playouts per candidate"
        );
        assert_eq!(
            err("mc:0ms").to_string(),
            "bot \"mc:0ms\": expected mc:Nms with N from 1 to 10,000 milliseconds per decision"
        );
        assert!(err("best").to_string().starts_with("unknown bot \"best\""));
        // The network bots: the same budgets, caps and messages, named as written.
        assert_eq!("nn-mc:10000".parse(), Ok(BotKind::NetworkMc { playouts: MAX_PLAYOUTS }));
        assert_eq!("nn-mc:20ms".parse(), Ok(BotKind::NetworkMcTimed { millis: 20 }));
        for s in ["nn-mc:", "nn-mc:0", "nn-mc:x"] {
            assert_eq!(err(s), ParseBotError::Playouts(s.to_owned()));
        }
        assert_eq!(err("nn-mc:0ms"), ParseBotError::Millis("nn-mc:0ms".to_owned()));
        assert_eq!(err("nn-mc:10001"), ParseBotError::TooManyPlayouts("nn-mc:10001".to_owned()));
        assert_eq!(err("nn-mc:10001ms"), ParseBotError::TooManyMillis("nn-mc:10001ms".to_owned()));
        assert_eq!(
            err("nn-mc:0").to_string(),
            "bot \"nn-mc:0\": expected nn-mc:N with N from 1 to 10,000 playouts per candidate"
        );
        for bad in ["nn:5", "nn-mc5", "NN", "nn-", "nn-mc:5s"] {
            assert!(bad.parse::<BotKind>().is_err(), "{bad}");
        }
    }

    /// A search of `per_world` playouts a world stops at the budget's count of playouts (per
    /// candidate) within a world, computes each world once, and judges every candidate on
    /// every playout with the same random numbers.
    #[test]
    fn search_worlds_counts_playouts_and_worlds() {
        let c = |v| Card::new(v).unwrap();
        let set = |vs: &[u8]| vs.iter().map(|&v| c(v)).collect::<CardSet>();
        let rules = Rules::full_deck(crate::rules::RowRule::Choose, 3, 4, 3, None).unwrap();
        let hands = [set(&[5, 23, 55]), set(&[1, 2, 3]), set(&[60, 61, 62])];
        let hand = crate::Hand::from_deal(rules, &[c(10), c(20), c(30), c(40)], &hands).unwrap();
        let view = hand.view(0);
        for (budget, per_world, worlds) in [(20, 16, 2), (32, 16, 2), (33, 16, 3), (5, 1, 5)] {
            let mut bot = MonteCarloBot::new(3, Budget::Playouts(budget));
            let (mut made, mut calls) = (0, Vec::new());
            let (totals, done) = bot.search_worlds(
                &view,
                2,
                per_world,
                Instant::now(),
                |hands| {
                    assert_eq!(hands[0], view.hand);
                    assert!(
                        hands[1..3].iter().all(|h| h.len() == 3 && (*h & view.hand).is_empty())
                    );
                    made += 1;
                    made
                },
                |i, _, &world, rng| {
                    calls.push((i, world, rng.next_u64()));
                    u32::try_from(i).unwrap() + 1
                },
            );
            assert_eq!((done, made), (budget, worlds), "budget {budget}, {per_world} a world");
            assert_eq!(totals[..2], [u64::from(budget), 2 * u64::from(budget)]);
            assert_eq!(calls.len(), 2 * budget as usize);
            for pair in calls.chunks(2) {
                assert_eq!((pair[0].0, pair[1].0), (0, 1));
                assert_eq!((pair[0].1, pair[0].2), (pair[1].1, pair[1].2), "shared numbers");
            }
            assert_eq!(calls.last().map(|call| call.1), Some(worlds));
        }
    }

    #[test]
    fn fast_rng_is_uniform_enough() {
        let mut rng = FastRng::new(1);
        let mut counts = [0u32; 10];
        for _ in 0..100_000 {
            counts[rng.below(10) as usize] += 1;
        }
        assert!(counts.iter().all(|&c| (9_500..10_500).contains(&c)), "{counts:?}");
    }
}
