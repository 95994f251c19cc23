//! `tabletop nine ...` and the nine parts of `judge`, `demo` and `bench`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{
    Deal, DealValue, Move, Player, Position, SearchError, Solver, find_deal, find_distinct_counted,
    importance, is_achievable, low_reserve_deals, minimax_deal, random_deal, solve_deal,
};

use crate::bench::Bench;
use rayon::prelude::*;

use crate::common::{Unsuccessful, histogram, par_map_progress, progress_bar, read_input, to_json};

/// The nine subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Solves a deal for both first movers: winner, cards the loser keeps, best opening moves,
    /// principal variation, importance of the first move.
    ///
    /// The deal is two lines (Alice's 18 cards, then Bob's), read from FILE or stdin, or given
    /// with --alice and --bob.
    #[command(override_usage = "tabletop nine solve [--json] [FILE]\n       \
                                tabletop nine solve [--json] --alice <ALICE> --bob <BOB>")]
    Solve {
        /// Alice's 18 cards, space separated (with --bob).
        #[arg(long, requires = "bob", conflicts_with = "file")]
        alice: Option<String>,
        /// Bob's 18 cards, space separated (with --alice).
        #[arg(long, requires = "alice", conflicts_with = "file")]
        bob: Option<String>,
        /// Read the deal from this file instead of stdin (not with --alice and --bob).
        #[arg(conflicts_with_all = ["alice", "bob"])]
        file: Option<PathBuf>,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Finds a deal whose first move has the given importance (two lines, judge format).
    Find {
        /// The importance wanted (achievable: 0 to 24, 26, 30).
        #[arg(long)]
        importance: u32,
        /// The seed of the search.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The most deals to solve before giving up, 1 to 10^12.
        #[arg(
            long,
            default_value_t = 1_000_000,
            value_parser = clap::value_parser!(u64).range(1..=1_000_000_000_000)
        )]
        budget: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Solves N random deals (in parallel): distribution of the importance, of the winner for
    /// each first mover, and of the results.
    Stats {
        /// The number of deals, 1 to 10^9.
        #[arg(
            long,
            default_value_t = 1000,
            value_parser = clap::value_parser!(u64).range(1..=1_000_000_000)
        )]
        deals: u64,
        /// The seed (deal i uses the stream sub_seed(seed, i)).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Solves every deal with at most M non-reserve cards (one per relabelling of the suits):
    /// with M = 11 these are the only deals whose importance can exceed 24, so this shows which
    /// importances exist (0..=24, 26 and 30).
    Enumerate {
        /// The most non-reserve cards (M), 0 to 12; 11 gives about 410,000 deals (tens of
        /// seconds in release on 2 cores), 12 several times more (minutes).
        #[arg(long, default_value_t = 11, value_parser = clap::value_parser!(u32).range(0..=12))]
        max_non_reserve: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
}

/// Runs a nine subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    let output = match command {
        Command::Solve { alice, bob, file, json } => {
            let deal = match (alice, bob) {
                (Some(a), Some(b)) => Deal::from_hands(&a, &b)
                    .context("invalid deal in --alice (line 1) and --bob (line 2)")?,
                _ => parse_deal(&read_input(file.as_deref())?)?,
            };
            solve(deal, json)?
        }
        Command::Find { importance, seed, budget, json } => find(importance, seed, budget, json)?,
        Command::Stats { deals, seed, json } => stats(deals, seed, json)?,
        Command::Enumerate { max_non_reserve, json } => enumerate(max_non_reserve, json)?,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(output.as_bytes())?;
    out.flush()?;
    Ok(())
}

fn parse_deal(text: &str) -> anyhow::Result<Deal> {
    text.parse::<Deal>().context("invalid deal")
}

/// One first mover's analysis.
#[derive(Debug, Serialize)]
struct FirstMover {
    first: &'static str,
    /// Signed from Alice's side.
    result: i32,
    winner: &'static str,
    loser_keeps: u32,
    best_moves: Vec<MoveValue>,
    principal_variation: Vec<String>,
}

#[derive(Debug, Serialize)]
struct MoveValue {
    #[serde(rename = "move")]
    mv: String,
    value: i32,
}

#[derive(Debug, Serialize)]
struct SolveReport {
    alice: String,
    bob: String,
    alice_first: i32,
    bob_first: i32,
    importance: u32,
    first_movers: Vec<FirstMover>,
}

fn analyse(solver: &mut Solver, deal: Deal, first: Player) -> FirstMover {
    let start = Position::start(deal, first);
    let result = solver.value(&start);
    let best = solver.best_moves(&start);
    FirstMover {
        first: first.name(),
        result,
        winner: if result > 0 { "Alice" } else { "Bob" },
        loser_keeps: result.unsigned_abs(),
        best_moves: best
            .iter()
            .map(|&(mv, value)| MoveValue { mv: mv.to_string(), value })
            .collect(),
        principal_variation: solver
            .principal_variation(&start)
            .iter()
            .map(Move::to_string)
            .collect(),
    }
}

fn solve(deal: Deal, json: bool) -> anyhow::Result<String> {
    let mut solver = Solver::new();
    let first_movers: Vec<FirstMover> =
        Player::ALL.iter().map(|&p| analyse(&mut solver, deal, p)).collect();
    let report = SolveReport {
        alice: deal.alice().to_string(),
        bob: deal.bob().to_string(),
        alice_first: first_movers[0].result,
        bob_first: first_movers[1].result,
        importance: first_movers[0].result.abs_diff(first_movers[1].result),
        first_movers,
    };
    if json {
        return to_json(&report);
    }
    let mut s = String::new();
    writeln!(s, "Alice: {}", report.alice)?;
    writeln!(s, "Bob:   {}", report.bob)?;
    for fm in &report.first_movers {
        let loser = if fm.winner == "Alice" { "Bob" } else { "Alice" };
        writeln!(s)?;
        writeln!(
            s,
            "{} moves first: {} wins, {loser} keeps {} card{} (result {:+})",
            fm.first,
            fm.winner,
            fm.loser_keeps,
            if fm.loser_keeps == 1 { "" } else { "s" },
            fm.result
        )?;
        let moves: Vec<String> =
            fm.best_moves.iter().map(|m| format!("{} {:+}", m.mv, m.value)).collect();
        writeln!(s, "  opening moves (best first): {}", moves.join(", "))?;
        writeln!(s, "  principal variation: {}", fm.principal_variation.join(" "))?;
    }
    writeln!(s)?;
    writeln!(
        s,
        "importance of the first move: |{:+} - {:+}| = {}",
        report.alice_first, report.bob_first, report.importance
    )?;
    Ok(s)
}

#[derive(Debug, Serialize)]
struct FindReport {
    importance: u32,
    alice: String,
    bob: String,
    alice_first: i32,
    bob_first: i32,
    seed: u64,
}

fn find(importance: u32, seed: u64, budget: u64, json: bool) -> anyhow::Result<String> {
    if !is_achievable(importance) {
        return Err(SearchError::Impossible(importance).into());
    }
    let deal = match find_deal(importance, seed, budget) {
        Ok(deal) => deal,
        Err(e @ SearchError::NotFound { .. }) => {
            return Err(
                Unsuccessful(format!("{e} (try another --seed or a larger --budget)")).into()
            );
        }
        Err(e) => return Err(e.into()),
    };
    let value = solve_deal(deal);
    if json {
        return to_json(&FindReport {
            importance,
            alice: deal.alice().to_string(),
            bob: deal.bob().to_string(),
            alice_first: value.alice_first,
            bob_first: value.bob_first,
            seed,
        });
    }
    Ok(format!("{deal}\n"))
}

#[derive(Debug, Default, Serialize)]
struct Stats {
    deals: u64,
    seed: u64,
    /// Importance -> number of deals.
    importance: BTreeMap<u32, u64>,
    /// Winner when Alice moves first.
    winner_alice_first: BTreeMap<&'static str, u64>,
    /// Winner when Bob moves first.
    winner_bob_first: BTreeMap<&'static str, u64>,
    /// Signed result when Alice moves first -> number of deals.
    result_alice_first: BTreeMap<i32, u64>,
    /// Signed result when Bob moves first -> number of deals.
    result_bob_first: BTreeMap<i32, u64>,
}

/// The counts of [`stats`], merged across threads: arrays indexed by importance (0..=36) and
/// by signed result + 36 (-36..=36).
#[derive(Clone)]
struct Tally {
    importance: [u64; 37],
    alice_first: [u64; 73],
    bob_first: [u64; 73],
}

impl Tally {
    fn new() -> Tally {
        Tally { importance: [0; 37], alice_first: [0; 73], bob_first: [0; 73] }
    }

    fn add(mut self, v: DealValue) -> Tally {
        self.importance[v.importance() as usize] += 1;
        self.alice_first[(v.alice_first + 36) as usize] += 1;
        self.bob_first[(v.bob_first + 36) as usize] += 1;
        self
    }

    fn merge(mut self, other: Tally) -> Tally {
        let pairs = [
            (&mut self.importance[..], &other.importance[..]),
            (&mut self.alice_first[..], &other.alice_first[..]),
            (&mut self.bob_first[..], &other.bob_first[..]),
        ];
        for (mine, theirs) in pairs {
            mine.iter_mut().zip(theirs).for_each(|(a, b)| *a += b);
        }
        self
    }
}

fn stats(deals: u64, seed: u64, json: bool) -> anyhow::Result<String> {
    // Counts only (no Vec of every result), so the memory does not grow with --deals; deal i
    // uses the stream sub_seed(seed, i) whatever the thread, so the counts depend on the seed
    // alone.
    let bar = progress_bar(deals, "solving deals");
    let tally = (0..deals)
        .into_par_iter()
        .fold(Tally::new, |t, i| {
            let v = solve_deal(random_deal(&mut seeded_rng(sub_seed(seed, i))));
            bar.inc(1);
            t.add(v)
        })
        .reduce(Tally::new, Tally::merge);
    bar.finish_and_clear();
    let mut st = Stats { deals, seed, ..Stats::default() };
    let signed = |counts: &[u64; 73]| -> BTreeMap<i32, u64> {
        (-36..=36).zip(counts).filter(|&(_, &c)| c > 0).map(|(v, &c)| (v, c)).collect()
    };
    st.importance = (0..=36).zip(tally.importance).filter(|&(_, c)| c > 0).collect();
    st.result_alice_first = signed(&tally.alice_first);
    st.result_bob_first = signed(&tally.bob_first);
    for (winners, results) in [
        (&mut st.winner_alice_first, &st.result_alice_first),
        (&mut st.winner_bob_first, &st.result_bob_first),
    ] {
        for (&v, &c) in results {
            *winners.entry(if v > 0 { "Alice" } else { "Bob" }).or_default() += c;
        }
    }
    if json {
        return to_json(&st);
    }
    let rows = |m: &BTreeMap<i32, u64>| -> Vec<(String, u64)> {
        m.iter().map(|(k, &c)| (format!("{k:+}"), c)).collect()
    };
    let mut s = String::new();
    writeln!(s, "{deals} random deals, seed {seed}")?;
    writeln!(s, "\nimportance of the first move:")?;
    let imp: Vec<(String, u64)> = st.importance.iter().map(|(k, &c)| (k.to_string(), c)).collect();
    s += &histogram(&imp, 40);
    for (label, winners, results) in [
        ("Alice moves first", &st.winner_alice_first, &st.result_alice_first),
        ("Bob moves first", &st.winner_bob_first, &st.result_bob_first),
    ] {
        writeln!(s, "\n{label}: winner")?;
        let w: Vec<(String, u64)> = ["Alice", "Bob"]
            .iter()
            .map(|&p| (p.to_owned(), winners.get(p).copied().unwrap_or(0)))
            .collect();
        s += &histogram(&w, 40);
        writeln!(s, "{label}: result (signed from Alice's side)")?;
        s += &histogram(&rows(results), 40);
    }
    Ok(s)
}

#[derive(Debug, Serialize)]
struct Enumeration {
    max_non_reserve: u32,
    deals: u64,
    /// Importance -> number of deals.
    importance: BTreeMap<u32, u64>,
    /// The largest importance found.
    maximum: u32,
    /// The importances above `36 - max_non_reserve - 1` (the bound of the deals not
    /// enumerated) that occur: with M = 11, exactly the achievable importances above 24.
    above_bound: Vec<u32>,
}

fn enumerate(max_non_reserve: u32, json: bool) -> anyhow::Result<String> {
    let deals = low_reserve_deals(max_non_reserve as usize);
    let values: Vec<u32> =
        par_map_progress(deals.len() as u64, "solving deals", |i| importance(deals[i as usize]));
    let mut hist: BTreeMap<u32, u64> = BTreeMap::new();
    for &v in &values {
        *hist.entry(v).or_default() += 1;
    }
    // Deals with more non-reserve cards have importance at most 36 - (M + 1).
    let bound = 36 - (max_non_reserve + 1);
    let report = Enumeration {
        max_non_reserve,
        deals: deals.len() as u64,
        maximum: hist.keys().copied().max().unwrap_or(0),
        above_bound: hist.keys().copied().filter(|&v| v > bound).collect(),
        importance: hist,
    };
    if json {
        return to_json(&report);
    }
    let mut s = String::new();
    writeln!(
        s,
        "{} deals with at most {max_non_reserve} non-reserve cards (up to relabelling the suits)",
        report.deals
    )?;
    let rows: Vec<(String, u64)> =
        report.importance.iter().map(|(k, &c)| (k.to_string(), c)).collect();
    s += &histogram(&rows, 40);
    writeln!(s, "maximum importance: {}", report.maximum)?;
    writeln!(
        s,
        "importances above {bound} (the most any other deal can have): {:?}",
        report.above_bound
    )?;
    Ok(s)
}

/// The D1 sample deal of the demo.
const DEMO_DEAL: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                         KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";

/// The game on its built-in sample data.
pub fn demo(out: &mut dyn Write) -> anyhow::Result<()> {
    writeln!(out, "== Nine (Девятка): the first sample deal of Codeforces 1769 D1")?;
    let deal: Deal = DEMO_DEAL.parse()?;
    out.write_all(solve(deal, false)?.as_bytes())?;
    writeln!(out)?;
    writeln!(out, "== Nine: six deals with distinct importances (seeded local search)")?;
    let (deals, solved) = find_distinct_counted(6, 1, tabletop_nine::JUDGE_BUDGET)?;
    for (deal, importance) in deals {
        writeln!(out, "importance {importance}:")?;
        writeln!(out, "{deal}")?;
    }
    writeln!(out, "({solved} deals solved)")?;
    Ok(())
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    let deals: Vec<Deal> =
        (0..1000).map(|i| random_deal(&mut seeded_rng(sub_seed(1, i)))).collect();
    let mut solver = Solver::new();
    bench.case("nine/solve-deals", "positions", deals.len() as u64, || {
        let mut positions = 0;
        for &deal in &deals {
            std::hint::black_box(solver.solve(deal));
            positions += solver.positions() as u64;
        }
        positions
    });
    bench.case("nine/d3-k26", "deals solved", 1, || {
        let (deals, solved) =
            find_distinct_counted(26, tabletop_nine::JUDGE_SEED, tabletop_nine::JUDGE_BUDGET)
                .expect("26 distinct importances exist");
        assert_eq!(deals.len(), 26);
        solved
    });
    bench.case("nine/minimax-baseline", "positions", 3, || {
        deals[..3].iter().map(|&d| minimax_deal(d).1 as u64).sum()
    });
    Ok(())
}
