//! `tabletop nine ...`.

use std::path::PathBuf;

use anyhow::Context;
use tabletop_core::cancel::Cancel;
use tabletop_nine::{
    Deal, Enumeration, FindError, FindReport, FirstMoverReport, Numbered, Solver, Stats,
    first_mover_reports, headed_reports, low_reserve_deals, parse_deals, seeded_stats,
};
use tabletop_play::limits;

use crate::common::{
    Unsuccessful, json_lines, print, progress_bar, read_input, text_or_json, to_json,
};

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
    text_or_json(&report, json)
}

/// Many deals: solved in parallel (one solver per thread), reported in input order, each text
/// report under a heading with its number and line; JSON Lines under `--json`.
fn solve_many(deals: &[(usize, Deal)], json: bool) -> anyhow::Result<String> {
    let bar = progress_bar(deals.len() as u64, "deals solved");
    let just: Vec<Deal> = deals.iter().map(|&(_, deal)| deal).collect();
    let reports = first_mover_reports(&just, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    if json {
        return json_lines(&Numbered::all(&reports, deals));
    }
    Ok(headed_reports(&reports, deals))
}

fn find(importance: u32, seed: u64, budget: u64, json: bool) -> anyhow::Result<String> {
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
    text_or_json(&st, json)
}

fn enumerate(max_non_reserve: u32, json: bool) -> anyhow::Result<String> {
    let deals = low_reserve_deals(max_non_reserve as usize);
    let bar = progress_bar(deals.len() as u64, "deals solved");
    let report = Enumeration::solve(max_non_reserve, &deals, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    text_or_json(&report, json)
}
