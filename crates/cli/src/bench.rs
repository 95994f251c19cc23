//! `tabletop bench`: fixed workloads, each timed over several samples, with the deterministic
//! count it produced (positions visited, games played, ...) beside the median time.
//!
//! A workload returns its count; the count must be the same in every sample (it is asserted),
//! so a change that alters the work done shows up in the counts, whatever the machine's noise.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::common::to_json;

/// Arguments of `tabletop bench`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Run only the workloads whose name contains this text.
    #[arg(long)]
    filter: Option<String>,
    /// Samples per workload (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=1000))]
    samples: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// One measured workload.
#[derive(Debug, Serialize)]
pub struct Row {
    /// The workload's name, `game/what`.
    pub name: String,
    /// What the count counts.
    pub unit: String,
    /// The deterministic count of one sample.
    pub count: u64,
    /// How many items one sample handles (deals, games, queries).
    pub items: u64,
    /// The median time of one sample, in nanoseconds.
    pub median_ns: u128,
    /// The fastest sample, in nanoseconds.
    pub min_ns: u128,
    /// The median time per item, in nanoseconds.
    pub per_item_ns: f64,
}

/// The collection of workloads of one `tabletop bench` run.
#[derive(Debug)]
pub struct Bench {
    filter: Option<String>,
    samples: u32,
    json: bool,
    rows: Vec<Row>,
}

impl Bench {
    /// Whether the workload `name` is selected (game modules may skip expensive setup).
    pub fn wants(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }

    /// Times `work`, which handles `items` items and returns a deterministic count of `unit`.
    ///
    /// # Panics
    /// If two samples return different counts: the workload is not deterministic.
    pub fn case(&mut self, name: &str, unit: &str, items: u64, mut work: impl FnMut() -> u64) {
        if !self.wants(name) {
            return;
        }
        let mut times: Vec<Duration> = Vec::with_capacity(self.samples as usize);
        let mut count = None;
        for _ in 0..self.samples {
            let start = Instant::now();
            let c = std::hint::black_box(work());
            times.push(start.elapsed());
            assert!(count.is_none_or(|prev| prev == c), "{name}: count changed between samples");
            count = Some(c);
        }
        times.sort_unstable();
        let median = times[times.len() / 2];
        let row = Row {
            name: name.to_owned(),
            unit: unit.to_owned(),
            count: count.unwrap_or(0),
            items,
            median_ns: median.as_nanos(),
            min_ns: times[0].as_nanos(),
            per_item_ns: median.as_nanos() as f64 / items.max(1) as f64,
        };
        // The table goes to stdout as each row is measured; under --json, where stdout gets one
        // object at the end, the rows show on a terminal's stderr as progress.
        if !self.json {
            println!("{}", format_row(&row));
        } else if std::io::stderr().is_terminal() {
            eprintln!("{}", format_row(&row));
        }
        self.rows.push(row);
    }
}

fn format_duration(ns: f64) -> String {
    if ns >= 1e9 {
        format!("{:.3} s", ns / 1e9)
    } else if ns >= 1e6 {
        format!("{:.3} ms", ns / 1e6)
    } else if ns >= 1e3 {
        format!("{:.3} us", ns / 1e3)
    } else {
        format!("{ns:.1} ns")
    }
}

fn format_row(row: &Row) -> String {
    format!(
        "{:<36} median {:>11}  min {:>11}  per item {:>11}  {:>12} {}",
        row.name,
        format_duration(row.median_ns as f64),
        format_duration(row.min_ns as f64),
        format_duration(row.per_item_ns),
        row.count,
        row.unit
    )
}

/// Runs every game's workloads.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mut bench =
        Bench { filter: args.filter, samples: args.samples, json: args.json, rows: Vec::new() };
    crate::nine::bench(&mut bench)?;
    crate::take6::bench(&mut bench)?;
    crate::race::bench(&mut bench)?;
    crate::mahjong::bench(&mut bench)?;
    if args.json {
        #[derive(Serialize)]
        struct Report<'a> {
            samples: u32,
            rows: &'a [Row],
        }
        print!("{}", to_json(&Report { samples: args.samples, rows: &bench.rows })?);
    }
    Ok(())
}
