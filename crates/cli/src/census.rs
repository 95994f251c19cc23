//! `tabletop nine deal`, `nine id` and `nine census`: deal ids, classes of symmetric deals, and
//! the census of every deal by shards.

use std::path::{Path, PathBuf};

use anyhow::Context;
use serde::Serialize;
use tabletop_core::cancel::Cancel;
use tabletop_nine::{
    CensusFileError, Deal, DealClass, Shard, ShardFile, merge_census_files, parse_deals,
};

use crate::common::{Unsuccessful, progress_bar, read_input, to_json};

/// The arguments of `tabletop nine census`.
#[derive(Debug, clap::Args)]
#[command(
    override_usage = "tabletop nine census --shard <I/N> --out <FILE> [OPTIONS]\n       \
                      tabletop nine census --merge <FILES>... [--json]",
    after_help = "Examples:
  tabletop nine census --shard 1/1000 --out census-1.json
  tabletop nine census --merge census-*.json
  tabletop nine census --merge census-*.json --json > census.json

The classes are the 190,884,467 classes of the 9,075,135,300 deals under the 48 symmetries
(relabelling the suits, exchanging the hands); shard I of N holds the blocks of classes whose
index is I-1 modulo N. A shard's file is rewritten after each chunk (a new file, then renamed),
so Ctrl-C or a crash leaves the last chunk's census; running the same command again resumes
it, and a done shard is not solved again. The counts are the same on any number of threads."
)]
pub struct CensusArgs {
    /// The shard to solve: I/N, with 1 <= I <= N (with --out).
    #[arg(long, value_name = "I/N", requires = "out", required_unless_present = "merge")]
    shard: Option<Shard>,
    /// The shard's file (JSON): resumed when it holds the same shard, created otherwise.
    #[arg(long, value_name = "FILE", requires = "shard")]
    out: Option<PathBuf>,
    /// Merges census files of distinct shards of the same N and prints the tables; exit 1
    /// when some shard is missing or not done.
    #[arg(long, value_name = "FILES", num_args = 1.., conflicts_with_all = ["shard", "out"])]
    merge: Option<Vec<PathBuf>>,
    /// The classes solved between two saves of the file, 1 to 10^9.
    #[arg(
        long,
        value_name = "CLASSES",
        default_value_t = 50_000,
        value_parser = crate::ranged::<u64>(1..=1_000_000_000)
    )]
    checkpoint: u64,
    /// The threads to solve on (default: one per core).
    #[arg(long, value_parser = crate::ranged::<u32>(1..=4096))]
    threads: Option<u32>,
    /// Stop at the first save after this many seconds (the file keeps what is done; run again
    /// to resume).
    #[arg(long, value_name = "SECONDS", conflicts_with = "merge")]
    stop_after: Option<u64>,
    /// Print the census as one JSON object (the format of the files).
    #[arg(long)]
    json: bool,
}

/// `tabletop nine deal --id N`: the deal, two lines; with `--json`, its id and class too.
pub fn deal_by_id(id: u64, json: bool) -> anyhow::Result<String> {
    let deal = Deal::from_id(id)?;
    if json {
        return to_json(&IdReport::new(deal));
    }
    Ok(format!("{deal}\n"))
}

/// A deal's id and its class.
#[derive(Debug, Serialize)]
struct IdReport {
    id: u64,
    alice: String,
    bob: String,
    /// Whether the deal is its class's canonical deal (the smallest id).
    canonical: bool,
    /// The canonical deal's id.
    class_id: u64,
    /// The number of deals in the class.
    class_size: u64,
    /// Whether exchanging the hands gives a relabelling of the suits.
    swap_symmetric: bool,
}

impl IdReport {
    fn new(deal: Deal) -> IdReport {
        let class = DealClass::of(deal);
        IdReport {
            id: deal.id(),
            alice: deal.alice().to_string(),
            bob: deal.bob().to_string(),
            canonical: class.id() == deal.id(),
            class_id: class.id(),
            class_size: class.size(),
            swap_symmetric: class.is_swap_symmetric(),
        }
    }

    fn line(&self) -> String {
        let canonical = if self.canonical { "canonical" } else { "not canonical" };
        format!("{} {canonical}, class {} ({} deals)\n", self.id, self.class_id, self.class_size)
    }
}

/// `tabletop nine id [FILE]`: the id of each deal read, whether it is canonical, its class.
pub fn ids(file: Option<&Path>, json: bool) -> anyhow::Result<String> {
    #[derive(Serialize)]
    struct Numbered {
        deal: usize,
        line: usize,
        #[serde(flatten)]
        report: IdReport,
    }
    let deals = parse_deals(&read_input(file)?)?;
    if let ([(_, deal)], true) = (&deals[..], json) {
        return to_json(&IdReport::new(*deal));
    }
    let mut s = String::new();
    for (i, &(line, deal)) in deals.iter().enumerate() {
        let report = IdReport::new(deal);
        if json {
            let object = Numbered { deal: i + 1, line, report };
            s += &serde_json::to_string(&object).context("cannot serialise to JSON")?;
            s.push('\n');
        } else {
            s += &report.line();
        }
    }
    Ok(s)
}

/// Runs `tabletop nine census`.
pub fn run(args: CensusArgs) -> anyhow::Result<String> {
    if let Some(files) = &args.merge {
        return merge(files, args.json);
    }
    let (Some(shard), Some(out)) = (args.shard, args.out.as_deref()) else {
        unreachable!("clap requires --shard and --out without --merge")
    };
    let mut file = match ShardFile::open(shard, out) {
        Err(e @ CensusFileError::OtherShard { .. }) => anyhow::bail!("{e}: give another --out"),
        file => file?,
    };
    let bar = if file.is_done() {
        indicatif::ProgressBar::hidden()
    } else {
        progress_bar(file.classes()?, "classes solved")
    };
    bar.set_position(file.classes_done());
    bar.reset_eta();
    let threads = args.threads.map(|t| t as usize);
    let stop_after = args.stop_after.map(std::time::Duration::from_secs);
    file.run(args.checkpoint, threads, stop_after, &Cancel::new(), &|k| bar.inc(k))?;
    bar.finish_and_clear();
    let census = file.census();
    if args.json {
        return to_json(&census.report());
    }
    let r = &census.shards()[0];
    let state = if r.is_done() {
        "done".to_owned()
    } else {
        "partial (run the same command again to resume)".to_owned()
    };
    Ok(format!(
        "shard {shard}: {} of {} blocks, {} classes, {} deals, {:.1} s: {state}; written to {}\n",
        r.blocks_done,
        r.blocks,
        r.classes,
        census.tally().deals(),
        r.seconds,
        out.display()
    ))
}

fn merge(files: &[PathBuf], json: bool) -> anyhow::Result<String> {
    let census = match merge_census_files(files) {
        Err(CensusFileError::Census(e)) => {
            return Err(anyhow::Error::new(e).context("cannot merge the census files"));
        }
        census => census?,
    };
    let text = if json { to_json(&census.report())? } else { census.report().to_string() };
    if census.is_complete() {
        return Ok(text);
    }
    // The tables of what is there, then exit 1.
    crate::common::print(&text)?;
    let report = census.report();
    let missing: Vec<String> = report
        .missing
        .iter()
        .map(|&[a, b]| if a == b { a.to_string() } else { format!("{a}-{b}") })
        .collect();
    let mut why = Vec::new();
    if !missing.is_empty() {
        why.push(format!("shards missing (of {}): {}", census.shard_count(), missing.join(", ")));
    }
    if !report.partial.is_empty() {
        let partial: Vec<String> = report.partial.iter().map(u32::to_string).collect();
        why.push(format!("shards not done: {}", partial.join(", ")));
    }
    Err(Unsuccessful(format!(
        "incomplete census: {} of {} deals; {}",
        report.deals,
        Deal::COUNT,
        why.join("; ")
    ))
    .into())
}
