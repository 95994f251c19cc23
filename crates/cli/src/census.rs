//! `tabletop nine deal`, `nine id` and `nine census`: deal ids, classes of symmetric deals, and
//! the census of every deal by shards.

use std::path::{Path, PathBuf};

use tabletop_core::cancel::Cancel;
use tabletop_nine::{
    CensusFileError, Deal, DealIdReport, Numbered, Shard, ShardFile, merge_census_files,
    parse_deals,
};

use tabletop_play::limits;

use crate::common::{Unsuccessful, json_lines, progress_bar, read_input, to_json};

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
        value_parser = crate::ranged::<u64>(1..=limits::NINE_CENSUS_MAX_CHECKPOINT)
    )]
    checkpoint: u64,
    /// The threads to solve on (default: one per core).
    #[arg(long, value_parser = crate::ranged::<u32>(1..=limits::MAX_THREADS))]
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
        return to_json(&DealIdReport::new(deal));
    }
    Ok(format!("{deal}\n"))
}

/// `tabletop nine id [FILE]`: the id of each deal read, whether it is canonical, its class.
pub fn ids(file: Option<&Path>, json: bool) -> anyhow::Result<String> {
    let deals = parse_deals(&read_input(file)?)?;
    if let ([(_, deal)], true) = (&deals[..], json) {
        return to_json(&DealIdReport::new(*deal));
    }
    let reports = deals.iter().map(|&(_, deal)| DealIdReport::new(deal));
    if json {
        return json_lines(&Numbered::all(reports, &deals));
    }
    Ok(reports.map(|r| r.line()).collect())
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
    let status = census.shard_status().expect("a shard's file holds one shard");
    Ok(format!("{status}; written to {}\n", out.display()))
}

fn merge(files: &[PathBuf], json: bool) -> anyhow::Result<String> {
    let census = match merge_census_files(files) {
        Err(CensusFileError::Census(e)) => {
            return Err(anyhow::Error::new(e).context("cannot merge the census files"));
        }
        census => census?,
    };
    let text = if json { to_json(&census.report())? } else { census.report().to_string() };
    match census.incomplete() {
        None => Ok(text),
        Some(why) => {
            // The tables of what is there, then exit 1.
            crate::common::print(&text)?;
            Err(Unsuccessful(why).into())
        }
    }
}
