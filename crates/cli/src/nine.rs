//! `tabletop nine ...` and the nine parts of `judge`, `demo` and `bench`.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;

use anyhow::Context;
use serde::Serialize;
use tabletop_core::cancel::Cancel;
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{
    Deal, Enumeration, FindError, FindReport, FirstMoverReport, Player, Solver, Stats,
    find_distinct_counted, first_mover_reports, importance, is_achievable, low_reserve_deals,
    minimax_deal, parse_deals, random_deal, seeded_stats, solve_deal,
};
use tabletop_play::limits;

use crate::bench::Bench;

use crate::common::{Unsuccessful, histogram, plural, print, progress_bar, read_input, to_json};

/// The nine subcommands.
#[derive(Debug, clap::Subcommand)]
pub enum Command {
    /// Solves deals for both first movers: winner, cards the loser keeps, best opening moves,
    /// principal variation, importance of the first move.
    ///
    /// A deal is two lines (Alice's 18 cards, then Bob's), read from FILE or stdin, or given
    /// with --alice and --bob. FILE or stdin may hold many deals, separated by blank lines:
    /// they are solved in parallel and reported in input order (with --json, one JSON object
    /// per line, numbered by "deal" with its first "line"); a bad deal fails the run before
    /// anything is printed.
    #[command(
        override_usage = "tabletop nine solve [--json] [FILE]\n       \
                                tabletop nine solve [--json] --alice <ALICE> --bob <BOB>",
        after_help = "Examples:
  tabletop nine solve deal.txt
  tabletop nine find --importance 26 | tabletop nine solve -
  tabletop nine solve --json --alice 'JD 7S ...' --bob 'KH QC ...'"
    )]
    Solve {
        /// Alice's 18 cards, space separated (with --bob).
        #[arg(long, requires = "bob", conflicts_with = "file")]
        alice: Option<String>,
        /// Bob's 18 cards, space separated (with --alice).
        #[arg(long, requires = "alice", conflicts_with = "file")]
        bob: Option<String>,
        /// Read the deals from this file instead of stdin (`-`: stdin; not with --alice and
        /// --bob).
        #[arg(conflicts_with_all = ["alice", "bob"])]
        file: Option<PathBuf>,
        /// Print one JSON object (JSON Lines, one object per deal, for many deals).
        #[arg(long)]
        json: bool,
    },
    /// Finds a deal whose first move has the given importance (two lines, judge format).
    #[command(after_help = "Examples:
  tabletop nine find --importance 30
  tabletop nine find --importance 26 --seed 7 --json")]
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
            value_parser = crate::ranged::<u64>(1..=limits::NINE_MAX_FIND_BUDGET)
        )]
        budget: u64,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Solves N random deals (in parallel): distribution of the importance, of the winner for
    /// each first mover, and of the results.
    #[command(after_help = "Examples:
  tabletop nine stats
  tabletop nine stats --deals 100000 --seed 2 --json")]
    Stats {
        /// The number of deals, 1 to 10^9.
        #[arg(
            long,
            default_value_t = 1000,
            value_parser = crate::ranged::<u64>(1..=limits::NINE_MAX_STATS_DEALS)
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
    #[command(after_help = "Examples:
  tabletop nine enumerate --max-non-reserve 6
  tabletop nine enumerate --json          (M = 11: about 65 s of CPU time in release)")]
    Enumerate {
        /// The most non-reserve cards (M), 0 to 12; 11 gives 409,766 deals, about 65 s of CPU
        /// time in release (a minute or so on 2 cores), 12 several times more.
        #[arg(long, default_value_t = 11, value_parser = crate::ranged::<u32>(0..=12))]
        max_non_reserve: u32,
        /// Print one JSON object.
        #[arg(long)]
        json: bool,
    },
    /// Prints the deal with id N (two lines, judge format): ids number the C(36, 18) deals by
    /// Alice's cards in colex order, from 0 (see `tabletop nine id`).
    #[command(after_help = "Examples:
  tabletop nine deal --id 0
  tabletop nine deal --id 4537567650 | tabletop nine solve -
  tabletop nine deal --id 9075135299 --json

Number the cards suit * 9 + rank (suits C D S H, ranks 6 to A: 6C is 0, AH is 35) and list
Alice's cards c_1 < ... < c_18: the deal's id is C(c_1, 1) + C(c_2, 2) + ... + C(c_18, 18).")]
    Deal {
        /// The id, 0 to 9075135299.
        #[arg(long, value_parser = crate::ranged::<u64>(0..=tabletop_nine::Deal::COUNT - 1))]
        id: u64,
        /// Print one JSON object: the id, the hands, and the deal's class.
        #[arg(long)]
        json: bool,
    },
    /// Prints the id of each deal read, whether it is the canonical deal of its class (the
    /// smallest id among the deals equal up to relabelling the suits and exchanging the
    /// hands), the class's canonical id and its number of deals.
    #[command(after_help = "Examples:
  tabletop nine id deal.txt
  tabletop nine find --importance 30 | tabletop nine id --json
  tabletop nine deal --id 42 | tabletop nine id")]
    Id {
        /// Read the deals from this file instead of stdin (`-`: stdin); deals are two lines,
        /// separated by blank lines.
        file: Option<PathBuf>,
        /// Print one JSON object (JSON Lines, one object per deal, for many deals).
        #[arg(long)]
        json: bool,
    },
    /// Solves every deal, a shard at a time: the classes of one shard for both first movers
    /// into a file (--shard, --out), or the shards' files merged into the distribution of
    /// every result (--merge).
    Census(crate::census::CensusArgs),
}

/// Runs a nine subcommand.
pub fn run(command: Command) -> anyhow::Result<()> {
    let output = match command {
        Command::Solve { alice, bob, file, json } => match (alice, bob) {
            (Some(a), Some(b)) => solve(
                Deal::from_hands(&a, &b)
                    .context("invalid deal in --alice (line 1) and --bob (line 2)")?,
                json,
            )?,
            _ => {
                let deals = parse_deals(&read_input(file.as_deref())?)?;
                match deals[..] {
                    [(_, deal)] => solve(deal, json)?,
                    _ => solve_many(&deals, json)?,
                }
            }
        },
        Command::Find { importance, seed, budget, json } => find(importance, seed, budget, json)?,
        Command::Stats { deals, seed, json } => stats(deals, seed, json)?,
        Command::Enumerate { max_non_reserve, json } => enumerate(max_non_reserve, json)?,
        Command::Deal { id, json } => crate::census::deal_by_id(id, json)?,
        Command::Id { file, json } => crate::census::ids(file.as_deref(), json)?,
        Command::Census(args) => crate::census::run(args)?,
    };
    print(&output)
}

fn solve(deal: Deal, json: bool) -> anyhow::Result<String> {
    let report = FirstMoverReport::new(&mut Solver::new(), deal);
    if json {
        return to_json(&report);
    }
    report_text(&report)
}

/// Many deals: solved in parallel (one solver per thread), reported in input order, each text
/// report under a heading with its number and line; JSON Lines under `--json`.
fn solve_many(deals: &[(usize, Deal)], json: bool) -> anyhow::Result<String> {
    #[derive(Serialize)]
    struct Numbered<'a> {
        deal: usize,
        line: usize,
        #[serde(flatten)]
        report: &'a FirstMoverReport,
    }
    let bar = progress_bar(deals.len() as u64, "deals solved");
    let just: Vec<Deal> = deals.iter().map(|&(_, deal)| deal).collect();
    let reports = first_mover_reports(&just, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    let mut s = String::new();
    for (i, (r, &(line, _))) in reports.iter().zip(deals).enumerate() {
        if json {
            let object = Numbered { deal: i + 1, line, report: r };
            s += &serde_json::to_string(&object).context("cannot serialise to JSON")?;
            s.push('\n');
        } else {
            if i > 0 {
                s.push('\n');
            }
            writeln!(s, "== deal {} (line {line})", i + 1)?;
            s += &report_text(r)?;
        }
    }
    Ok(s)
}

fn report_text(report: &FirstMoverReport) -> anyhow::Result<String> {
    let mut s = String::new();
    writeln!(s, "Alice: {}", report.alice)?;
    writeln!(s, "Bob:   {}", report.bob)?;
    for fm in &report.first_movers {
        let loser = fm.loser();
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
        let pv: Vec<String> = fm.principal_variation.iter().map(ToString::to_string).collect();
        writeln!(s, "  principal variation: {}", pv.join(" "))?;
    }
    writeln!(s)?;
    writeln!(
        s,
        "importance of the first move: |{:+} - {:+}| = {}",
        report.alice_first, report.bob_first, report.importance
    )?;
    Ok(s)
}

fn find(importance: u32, seed: u64, budget: u64, json: bool) -> anyhow::Result<String> {
    if !is_achievable(importance) {
        return Err(FindError::Impossible(importance).into());
    }
    let report = match FindReport::find(importance, seed, budget) {
        Ok(report) => report,
        Err(e @ FindError::NotFound { .. }) => {
            return Err(
                Unsuccessful(format!("{e} (try another --seed or a larger --budget)")).into()
            );
        }
        Err(e) => return Err(e.into()),
    };
    if json {
        return to_json(&report);
    }
    Ok(format!("{}\n", report.deal()))
}

fn stats(deals: u64, seed: u64, json: bool) -> anyhow::Result<String> {
    let bar = progress_bar(deals, "deals solved");
    let st: Stats = seeded_stats(deals, seed, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    if json {
        return to_json(&st);
    }
    let mut s = String::new();
    writeln!(s, "{deals} random deals, seed {seed}")?;
    writeln!(s, "\nimportance of the first move:")?;
    let imp: Vec<(String, u64)> = st.importance.iter().map(|(k, &c)| (k.to_string(), c)).collect();
    s += &histogram(&imp, 40);
    s += &first_mover_tables([
        ("Alice moves first", &st.winner_alice_first, &st.result_alice_first),
        ("Bob moves first", &st.winner_bob_first, &st.result_bob_first),
    ]);
    Ok(s)
}

/// One first mover's tables: its label, the deals each player wins, the deals of each result.
pub(crate) type FirstMoverTable<'a> = (&'a str, &'a BTreeMap<Player, u64>, &'a BTreeMap<i32, u64>);

/// Who wins and the result, for each first mover, as histograms: the tables `nine stats` and
/// `nine census --merge` print alike.
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

fn enumerate(max_non_reserve: u32, json: bool) -> anyhow::Result<String> {
    let deals = low_reserve_deals(max_non_reserve as usize);
    let bar = progress_bar(deals.len() as u64, "deals solved");
    let report = Enumeration::solve(max_non_reserve, &deals, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    if json {
        return to_json(&report);
    }
    Ok(enumeration_text(&report))
}

fn enumeration_text(report: &Enumeration) -> String {
    let m = report.max_non_reserve;
    let mut s = format!(
        "{} with at most {} (up to relabelling the suits)\n",
        plural(report.deals, "deal"),
        plural(m.into(), "non-reserve card")
    );
    s += "\nimportance of the first move (importance, deals, share):\n";
    let rows: Vec<(String, u64)> =
        report.importance.iter().map(|(k, &c)| (k.to_string(), c)).collect();
    s += &histogram(&rows, 40);
    let _ = writeln!(s, "\nmaximum importance: {}", report.maximum);
    // A deal with more than M non-reserve cards has importance at most 36 - (M + 1): the
    // importances above that bound are reached by the enumerated deals only (none for small M).
    if !report.above_bound.is_empty() {
        let above: Vec<String> = report.above_bound.iter().map(u32::to_string).collect();
        let _ = writeln!(
            s,
            "importances above {} (the most a deal with more non-reserve cards can have): {}",
            36 - (m + 1),
            above.join(", ")
        );
    }
    s
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

/// The demo as JSON: the sample deal solved, and the six deals with their importances.
pub fn demo_json() -> anyhow::Result<serde_json::Value> {
    let (deals, solved) = find_distinct_counted(6, 1, tabletop_nine::JUDGE_BUDGET)?;
    let distinct: Vec<serde_json::Value> = deals
        .iter()
        .map(|(d, i)| {
            serde_json::json!({"importance": i, "alice": d.alice().to_string(),
                "bob": d.bob().to_string()})
        })
        .collect();
    Ok(
        serde_json::json!({"sample": FirstMoverReport::new(&mut Solver::new(), DEMO_DEAL.parse()?), "distinct": distinct,
        "deals_solved": solved}),
    )
}

/// The game's benchmark workloads.
pub fn bench(bench: &mut Bench) -> anyhow::Result<()> {
    let deals: Vec<Deal> =
        (0..1000).map(|i| random_deal(&mut seeded_rng(sub_seed(1, i)))).collect();
    // The sum of the signed values of both first movers over the deals: the same in every
    // sample, and the deals' own values for the three that minimax-baseline checks.
    let mut values = None;
    bench.case("nine/solve-deals", "positions", deals.len() as u64, || {
        // A fresh solver each sample: a solver keeps its table from deal to deal, so one that
        // solved these deals in an earlier sample would search less (and count fewer).
        let mut solver = Solver::new();
        let (mut positions, mut sum) = (0, 0i64);
        for &deal in &deals {
            let v = std::hint::black_box(solver.solve(deal));
            sum += i64::from(v.alice_first) + i64::from(v.bob_first);
            positions += solver.positions() as u64;
        }
        assert!(values.is_none_or(|s| s == sum), "values changed between samples");
        values = Some(sum);
        positions
    });
    bench.case("nine/d3-k26", "deals solved", 1, || {
        let (deals, solved) =
            find_distinct_counted(26, tabletop_nine::JUDGE_SEED, tabletop_nine::JUDGE_BUDGET)
                .expect("26 distinct importances exist");
        assert_eq!(deals.len(), 26);
        // 26 distinct importances, each the deal's own.
        for w in deals.windows(2) {
            assert!(w[0].1 < w[1].1, "importances not distinct");
        }
        assert!(deals.iter().all(|&(d, v)| importance(d) == v), "a wrong importance");
        solved
    });
    bench.case("nine/minimax-baseline", "positions", 3, || {
        deals[..3]
            .iter()
            .map(|&d| {
                let (value, positions) = minimax_deal(d);
                assert_eq!(solve_deal(d), value, "the fast solver disagrees with minimax");
                positions as u64
            })
            .sum()
    });
    bench.batch_case("nine")?;
    Ok(())
}
