//! Reports for the front ends, computed once here: the first-mover report of a deal (both
//! first movers solved, with their best opening moves and principal variations), the parsing
//! of a file of many deals, and the statistics of many random deals. With the `serde` feature
//! each serialises to the JSON that `tabletop nine ... --json` prints; with the `rayon`
//! feature the batch drivers solve the deals on all cores, each with a cancel flag and a
//! progress callback ([`tabletop_core::drive`]).
//!
//! The statistics are counts only, so they take the same memory for any number of deals, and
//! deal `i` of a seeded batch is drawn from its own stream ([`seeded_deal`]): the counts
//! depend on the seed alone, not on how the deals were split between threads.

use std::collections::BTreeMap;
use std::fmt;

#[cfg(feature = "rayon")]
use tabletop_core::cancel::Cancel;
#[cfg(feature = "rayon")]
use tabletop_core::drive::{Cancelled, Progress};
use tabletop_core::text::{histogram, plural};
use tabletop_core::{seeded_rng, sub_seed};

use crate::card::CardSet;
use crate::deal::{Deal, Player};
use crate::error::ParseDealsError;
use crate::find::random_deal;
use crate::solver::{DealValue, Solver};
use crate::state::{Move, Position};

/// An opening move and its value, signed from Alice's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct MoveValue {
    /// The move.
    #[cfg_attr(feature = "serde", serde(rename = "move"))]
    pub mv: Move,
    /// Its value: the result of the game after it, with best play.
    pub value: i32,
}

/// Optimal play of a deal when one player moves first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FirstMover {
    /// Who moves first.
    pub first: Player,
    /// The result, signed from Alice's side (positive: Alice wins and Bob keeps that many
    /// cards).
    pub result: i32,
    /// The winner.
    pub winner: Player,
    /// The cards the loser keeps: `|result|`.
    pub loser_keeps: u32,
    /// Every opening move with its value, best first.
    pub best_moves: Vec<MoveValue>,
    /// The moves of one optimal game.
    pub principal_variation: Vec<Move>,
}

impl FirstMover {
    /// Solves `deal` with `first` moving first.
    pub fn new(solver: &mut Solver, deal: Deal, first: Player) -> FirstMover {
        let start = Position::start(deal, first);
        let result = solver.value(&start);
        FirstMover {
            first,
            result,
            winner: if result > 0 { Player::Alice } else { Player::Bob },
            loser_keeps: result.unsigned_abs(),
            best_moves: solver
                .best_moves(&start)
                .into_iter()
                .map(|(mv, value)| MoveValue { mv, value })
                .collect(),
            principal_variation: solver.principal_variation(&start),
        }
    }

    /// The player who loses.
    pub fn loser(&self) -> Player {
        self.winner.opponent()
    }
}

/// The first-mover report of a deal (`tabletop nine solve`, Python's `nine.solve`): both
/// first movers solved, and the importance of moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FirstMoverReport {
    /// Alice's cards.
    pub alice: CardSet,
    /// Bob's cards.
    pub bob: CardSet,
    /// The result when Alice moves first, signed from Alice's side.
    pub alice_first: i32,
    /// The result when Bob moves first, signed from Alice's side.
    pub bob_first: i32,
    /// The importance of moving first: `|alice_first - bob_first|`.
    pub importance: u32,
    /// Optimal play with Alice first, then with Bob first.
    pub first_movers: [FirstMover; 2],
}

impl FirstMoverReport {
    /// Solves `deal` for both first movers with `solver`.
    pub fn new(solver: &mut Solver, deal: Deal) -> FirstMoverReport {
        let first_movers = Player::ALL.map(|first| FirstMover::new(solver, deal, first));
        let [alice_first, bob_first] = [first_movers[0].result, first_movers[1].result];
        FirstMoverReport {
            alice: deal.alice(),
            bob: deal.bob(),
            alice_first,
            bob_first,
            importance: alice_first.abs_diff(bob_first),
            first_movers,
        }
    }

    /// Optimal play when `first` moves first.
    pub fn first_mover(&self, first: Player) -> &FirstMover {
        &self.first_movers[first.index()]
    }

    /// The results as a [`DealValue`].
    pub fn value(&self) -> DealValue {
        DealValue { alice_first: self.alice_first, bob_first: self.bob_first }
    }
}

/// The first-mover reports of `deals`, in order, solved on all cores (one [`Solver`] per
/// thread); `progress` is told of each deal solved.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every deal was solved.
#[cfg(feature = "rayon")]
pub fn first_mover_reports(
    deals: &[Deal],
    cancel: &Cancel,
    progress: Progress<'_>,
) -> Result<Vec<FirstMoverReport>, Cancelled> {
    tabletop_core::drive::map_with(deals.len() as u64, cancel, progress, Solver::new, |s, i| {
        FirstMoverReport::new(s, deals[i as usize])
    })
}

/// The values of `deals`, in order, solved on all cores (Python's `nine.solve_many`);
/// `progress` is told of each deal solved.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every deal was solved.
#[cfg(feature = "rayon")]
pub fn solve_many(
    deals: &[Deal],
    cancel: &Cancel,
    progress: Progress<'_>,
) -> Result<Vec<DealValue>, Cancelled> {
    tabletop_core::drive::map_slice(deals, cancel, progress, |&d| crate::solve_deal(d))
}

/// The values of `count` seeded random deals, deal `i` being [`seeded_deal`]`(seed, i)`, in
/// order, solved on all cores (Python's `nine.solve_random`, the deals of
/// [`seeded_stats`]); `progress` is told of each deal solved.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every deal was solved.
#[cfg(feature = "rayon")]
pub fn solve_random(
    count: u64,
    seed: u64,
    cancel: &Cancel,
    progress: Progress<'_>,
) -> Result<Vec<DealValue>, Cancelled> {
    tabletop_core::drive::map(count, cancel, progress, |i| crate::solve_deal(seeded_deal(seed, i)))
}

/// The deals with few non-reserve cards solved (`tabletop nine enumerate`): how many deals of
/// each importance, and the importances above the bound of the deals not enumerated.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Enumeration {
    /// The most non-reserve cards of an enumerated deal.
    pub max_non_reserve: u32,
    /// The deals enumerated ([`low_reserve_deals`](crate::low_reserve_deals)).
    pub deals: u64,
    /// Importance -> number of deals.
    pub importance: BTreeMap<u32, u64>,
    /// The largest importance found.
    pub maximum: u32,
    /// The importances above `36 - max_non_reserve - 1` (the bound of the deals not
    /// enumerated) that occur: with 11, exactly the achievable importances above 24.
    pub above_bound: Vec<u32>,
}

impl Enumeration {
    /// Solves every deal with at most `max_non_reserve` non-reserve cards (up to relabelling
    /// the suits) on all cores; `progress` is told of each deal solved.
    ///
    /// # Errors
    /// [`Cancelled`] when `cancel` was set before every deal was solved.
    #[cfg(feature = "rayon")]
    pub fn run(
        max_non_reserve: u32,
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<Enumeration, Cancelled> {
        let deals = crate::low_reserve_deals(max_non_reserve as usize);
        Enumeration::solve(max_non_reserve, &deals, cancel, progress)
    }

    /// [`Enumeration::run`] on `deals`, the deals of
    /// [`low_reserve_deals`](crate::low_reserve_deals)`(max_non_reserve)` listed by the caller
    /// (to size a progress bar).
    ///
    /// # Errors
    /// [`Cancelled`] when `cancel` was set before every deal was solved.
    #[cfg(feature = "rayon")]
    pub fn solve(
        max_non_reserve: u32,
        deals: &[Deal],
        cancel: &Cancel,
        progress: Progress<'_>,
    ) -> Result<Enumeration, Cancelled> {
        let values =
            tabletop_core::drive::map_slice(deals, cancel, progress, |&d| crate::importance(d))?;
        Ok(Enumeration::of(max_non_reserve, &values))
    }

    /// The enumeration of deals of these importances.
    pub fn of(max_non_reserve: u32, importances: &[u32]) -> Enumeration {
        let mut hist: BTreeMap<u32, u64> = BTreeMap::new();
        for &v in importances {
            *hist.entry(v).or_default() += 1;
        }
        // Deals with more non-reserve cards have importance at most 36 - (M + 1).
        let bound = 36u32.saturating_sub(max_non_reserve + 1);
        Enumeration {
            max_non_reserve,
            deals: importances.len() as u64,
            maximum: hist.keys().copied().max().unwrap_or(0),
            above_bound: hist.keys().copied().filter(|&v| v > bound).collect(),
            importance: hist,
        }
    }
}

/// A deal found with a given importance, with its value (`tabletop nine find --json`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FindReport {
    /// The importance asked for.
    pub importance: u32,
    /// Alice's cards.
    pub alice: CardSet,
    /// Bob's cards.
    pub bob: CardSet,
    /// The result when Alice moves first, signed from Alice's side.
    pub alice_first: i32,
    /// The result when Bob moves first, signed from Alice's side.
    pub bob_first: i32,
    /// The search's seed.
    pub seed: u64,
}

impl FindReport {
    /// Searches a deal of importance `importance` from `seed`, solving at most `budget` deals
    /// ([`find_deal`](crate::find_deal)), and solves it. Run inside a
    /// [`cancel::scope`](tabletop_core::cancel::scope), the search stops when the flag is set.
    ///
    /// # Errors
    /// As [`find_deal`](crate::find_deal).
    pub fn find(importance: u32, seed: u64, budget: u64) -> Result<FindReport, crate::FindError> {
        let deal = crate::find_deal(importance, seed, budget)?;
        let value = crate::solve_deal(deal);
        Ok(FindReport {
            importance,
            alice: deal.alice(),
            bob: deal.bob(),
            alice_first: value.alice_first,
            bob_first: value.bob_first,
            seed,
        })
    }

    /// The deal found.
    pub fn deal(&self) -> Deal {
        Deal::from_alice(self.alice).expect("a report holds a whole deal")
    }
}

/// The deals of a text, each with the number of its first line (from 1): one deal (two
/// non-blank lines, with blank lines anywhere, as [`Deal`]'s `FromStr` reads it), or many,
/// each two lines, separated by blank lines (`tabletop nine solve FILE`). Lines end at `\n`
/// or `\r\n`.
///
/// # Errors
/// The first bad deal, named by its number and the line it starts on; a deal's own error
/// counts the lines of the whole text.
pub fn parse_deals(text: &str) -> Result<Vec<(usize, Deal)>, ParseDealsError> {
    let non_blank = text.lines().filter(|l| !l.trim().is_empty()).count();
    if non_blank <= 2 {
        let deal = text.parse::<Deal>().map_err(ParseDealsError::Deal)?;
        let first = text.lines().position(|l| !l.trim().is_empty()).unwrap_or(0);
        return Ok(vec![(first + 1, deal)]);
    }
    // Blocks of consecutive non-blank lines: (first line number, lines).
    let mut blocks: Vec<(usize, Vec<&str>)> = Vec::new();
    let mut in_block = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            in_block = false;
        } else if in_block {
            blocks.last_mut().expect("a block is open").1.push(line);
        } else {
            blocks.push((i + 1, vec![line]));
            in_block = true;
        }
    }
    blocks
        .iter()
        .enumerate()
        .map(|(n, (first, lines))| {
            let (number, line) = (n + 1, *first);
            let [alice, bob] = lines[..] else {
                return Err(ParseDealsError::LineCount { number, line, lines: lines.len() });
            };
            let deal = format!("{alice}\n{bob}\n").parse::<Deal>().map_err(|e| {
                // Parsed again after `line - 1` empty lines, so that the error counts the
                // text's lines.
                let padded = format!("{}{alice}\n{bob}\n", "\n".repeat(line - 1));
                let source = padded.parse::<Deal>().err().unwrap_or(e);
                ParseDealsError::InDeal { number, source }
            })?;
            Ok((line, deal))
        })
        .collect()
}

/// Deal `index` of the seeded batch `seed`: a uniformly random deal drawn from the stream
/// `sub_seed(seed, index)`. The deals of `tabletop nine stats --seed` and of Python's
/// `nine.solve_random`.
pub fn seeded_deal(seed: u64, index: u64) -> Deal {
    random_deal(&mut seeded_rng(sub_seed(seed, index)))
}

/// The distributions of the results of many deals (`tabletop nine stats`), made by
/// [`Tally::stats`]. The maps hold only the values that occur.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Stats {
    /// The number of deals.
    pub deals: u64,
    /// The seed they were drawn from.
    pub seed: u64,
    /// Importance -> number of deals.
    pub importance: BTreeMap<u32, u64>,
    /// Winner when Alice moves first -> number of deals.
    pub winner_alice_first: BTreeMap<Player, u64>,
    /// Winner when Bob moves first -> number of deals.
    pub winner_bob_first: BTreeMap<Player, u64>,
    /// Signed result when Alice moves first -> number of deals.
    pub result_alice_first: BTreeMap<i32, u64>,
    /// Signed result when Bob moves first -> number of deals.
    pub result_bob_first: BTreeMap<i32, u64>,
}

/// The counts behind [`Stats`]: add deal values one by one, merge the tallies of parts, and
/// take the statistics at the end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tally {
    /// Deals by importance, 0..=36.
    importance: [u64; 37],
    /// Deals by signed result + 36 (-36..=36), Alice first.
    alice_first: [u64; 73],
    /// Deals by signed result + 36, Bob first.
    bob_first: [u64; 73],
}

impl Default for Tally {
    fn default() -> Tally {
        Tally::new()
    }
}

impl Tally {
    /// No deals yet.
    pub fn new() -> Tally {
        Tally { importance: [0; 37], alice_first: [0; 73], bob_first: [0; 73] }
    }

    /// Counts one deal's results.
    pub fn add(&mut self, v: DealValue) {
        self.importance[v.importance() as usize] += 1;
        self.alice_first[(v.alice_first + 36) as usize] += 1;
        self.bob_first[(v.bob_first + 36) as usize] += 1;
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &Tally) {
        let pairs = [
            (&mut self.importance[..], &other.importance[..]),
            (&mut self.alice_first[..], &other.alice_first[..]),
            (&mut self.bob_first[..], &other.bob_first[..]),
        ];
        for (mine, theirs) in pairs {
            mine.iter_mut().zip(theirs).for_each(|(a, b)| *a += b);
        }
    }

    /// The deals counted so far.
    pub fn deals(&self) -> u64 {
        self.importance.iter().sum()
    }

    /// The statistics of the deals counted, recorded as drawn from `seed`.
    pub fn stats(&self, seed: u64) -> Stats {
        let signed = |counts: &[u64; 73]| -> BTreeMap<i32, u64> {
            (-36..=36).zip(counts).filter(|&(_, &c)| c > 0).map(|(v, &c)| (v, c)).collect()
        };
        let winners = |results: &BTreeMap<i32, u64>| -> BTreeMap<Player, u64> {
            let mut winners = BTreeMap::new();
            for (&v, &c) in results {
                *winners.entry(if v > 0 { Player::Alice } else { Player::Bob }).or_default() += c;
            }
            winners
        };
        let result_alice_first = signed(&self.alice_first);
        let result_bob_first = signed(&self.bob_first);
        Stats {
            deals: self.deals(),
            seed,
            importance: (0..=36).zip(self.importance).filter(|&(_, c)| c > 0).collect(),
            winner_alice_first: winners(&result_alice_first),
            winner_bob_first: winners(&result_bob_first),
            result_alice_first,
            result_bob_first,
        }
    }
}

impl FromIterator<DealValue> for Tally {
    fn from_iter<I: IntoIterator<Item = DealValue>>(values: I) -> Tally {
        let mut tally = Tally::new();
        for v in values {
            tally.add(v);
        }
        tally
    }
}

/// The statistics of `deals` seeded random deals, deal `i` being [`seeded_deal`]`(seed, i)`,
/// solved on all cores; `progress` is told of each deal solved.
///
/// # Errors
/// [`Cancelled`] when `cancel` was set before every deal was solved.
#[cfg(feature = "rayon")]
pub fn seeded_stats(
    deals: u64,
    seed: u64,
    cancel: &Cancel,
    progress: Progress<'_>,
) -> Result<Stats, Cancelled> {
    let tally = tabletop_core::drive::fold(
        0..deals,
        cancel,
        progress,
        Tally::new,
        |tally, i| tally.add(crate::solve_deal(seeded_deal(seed, i))),
        |a, b| a.merge(&b),
    )?;
    Ok(tally.stats(seed))
}

/// The report as text: both hands, then for each first mover the result, the opening moves
/// with their values (best first) and the principal variation, then the importance.
impl fmt::Display for FirstMoverReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Alice: {}", self.alice)?;
        writeln!(f, "Bob:   {}", self.bob)?;
        for fm in &self.first_movers {
            let loser = fm.loser();
            writeln!(f)?;
            writeln!(
                f,
                "{} moves first: {} wins, {loser} keeps {} card{} (result {:+})",
                fm.first,
                fm.winner,
                fm.loser_keeps,
                if fm.loser_keeps == 1 { "" } else { "s" },
                fm.result
            )?;
            let moves: Vec<String> =
                fm.best_moves.iter().map(|m| format!("{} {:+}", m.mv, m.value)).collect();
            writeln!(f, "  opening moves (best first): {}", moves.join(", "))?;
            let pv: Vec<String> = fm.principal_variation.iter().map(ToString::to_string).collect();
            writeln!(f, "  principal variation: {}", pv.join(" "))?;
        }
        writeln!(f)?;
        writeln!(
            f,
            "importance of the first move: |{:+} - {:+}| = {}",
            self.alice_first, self.bob_first, self.importance
        )
    }
}

/// The importances' histogram, the maximum, and the importances that only deals with few
/// non-reserve cards reach.
impl fmt::Display for Enumeration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let m = self.max_non_reserve;
        writeln!(
            f,
            "{} with at most {} (up to relabelling the suits)",
            plural(self.deals, "deal"),
            plural(m.into(), "non-reserve card")
        )?;
        f.write_str("\nimportance of the first move (importance, deals, share):\n")?;
        f.write_str(&histogram(&counts(&self.importance), 40))?;
        writeln!(f, "\nmaximum importance: {}", self.maximum)?;
        // A deal with more than M non-reserve cards has importance at most 36 - (M + 1): the
        // importances above that bound are reached by the enumerated deals only (none for
        // small M).
        if !self.above_bound.is_empty() {
            let above: Vec<String> = self.above_bound.iter().map(u32::to_string).collect();
            writeln!(
                f,
                "importances above {} (the most a deal with more non-reserve cards can have): {}",
                36 - (m + 1),
                above.join(", ")
            )?;
        }
        Ok(())
    }
}

/// The deals and seed, the importances' histogram, and each first mover's tables.
impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} random deals, seed {}", self.deals, self.seed)?;
        writeln!(f, "\nimportance of the first move:")?;
        f.write_str(&histogram(&counts(&self.importance), 40))?;
        f.write_str(&first_mover_tables([
            ("Alice moves first", &self.winner_alice_first, &self.result_alice_first),
            ("Bob moves first", &self.winner_bob_first, &self.result_bob_first),
        ]))
    }
}

/// A histogram's rows from counts by key.
pub(crate) fn counts<K: fmt::Display>(counts: &BTreeMap<K, u64>) -> Vec<(String, u64)> {
    counts.iter().map(|(k, &c)| (k.to_string(), c)).collect()
}

/// One first mover's tables: its label, the deals each player wins, the deals of each result.
pub(crate) type FirstMoverTable<'a> = (&'a str, &'a BTreeMap<Player, u64>, &'a BTreeMap<i32, u64>);

/// Who wins and the result, for each first mover, as histograms: the tables of [`Stats`] and
/// of a census's report alike.
pub(crate) fn first_mover_tables(tables: [FirstMoverTable<'_>; 2]) -> String {
    let mut s = String::new();
    for (label, winners, results) in tables {
        s += &format!("\n{label}: winner\n");
        let w: Vec<(String, u64)> = Player::ALL
            .iter()
            .map(|p| (p.to_string(), winners.get(p).copied().unwrap_or(0)))
            .collect();
        s += &histogram(&w, 40);
        s += &format!("{label}: result (signed from Alice's side)\n");
        let rows: Vec<(String, u64)> =
            results.iter().map(|(k, &c)| (format!("{k:+}"), c)).collect();
        s += &histogram(&rows, 40);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The standard output recorded in the command line's golden file `name`.
    fn recorded(file: &str) -> &str {
        let stdout = file.split_once("--- stdout\n").expect("a stdout section").1;
        stdout.split_once("--- stderr\n").expect("a stderr section").0
    }

    /// The statistics' text is the one `tabletop nine stats` recorded, on many deals and on one.
    #[test]
    fn stats_read_as_recorded() {
        let stats = |deals: u64, seed: u64| {
            (0..deals)
                .map(|i| crate::solve_deal(seeded_deal(seed, i)))
                .collect::<Tally>()
                .stats(seed)
        };
        let many = include_str!("../../cli/tests/data/reports/nine-stats.txt");
        assert_eq!(stats(300, 3).to_string(), recorded(many));
        let one = include_str!("../../cli/tests/data/reports/nine-stats-one.txt");
        assert_eq!(stats(1, 7).to_string(), recorded(one));
    }

    /// A deal's report reads as `tabletop nine solve` recorded it; an enumeration names its
    /// deals, maximum and the importances above the bound.
    #[test]
    fn reports_read_as_recorded() {
        let file = include_str!("../../cli/tests/data/reports/nine-solve.txt");
        let text = recorded(file);
        let mut lines = text.lines();
        let alice = lines.next().unwrap().trim_start_matches("Alice: ");
        let bob = lines.next().unwrap().trim_start_matches("Bob:   ");
        let deal = Deal::from_hands(alice, bob).unwrap();
        assert_eq!(FirstMoverReport::new(&mut Solver::new(), deal).to_string(), text);
        let e = Enumeration::of(2, &[0, 4, 4, 34]);
        let shown = e.to_string();
        assert!(shown.starts_with("4 deals with at most 2 non-reserve cards (up to relabelling"));
        assert!(shown.contains("\nmaximum importance: 34\n"), "{shown}");
        assert!(
            shown.ends_with(
                "importances above 33 (the most a deal with more non-reserve cards can have): 34\n"
            ),
            "{shown}"
        );
        assert!(
            shown.contains("\n 4         2  50.00% ########################################\n"),
            "{shown}"
        );
        assert!(!Enumeration::of(2, &[0, 33]).to_string().contains("importances above"));
        assert!(
            Enumeration::of(1, &[1])
                .to_string()
                .starts_with("1 deal with at most 1 non-reserve card (")
        );
    }
}
