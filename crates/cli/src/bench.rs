//! `tabletop bench`: the harness that times fixed workloads over several samples and prints
//! the deterministic count each produced (positions visited, games played, ...) beside the
//! median time. The workloads themselves are the library's ([`tabletop_play::workloads`]).
//!
//! A workload returns its count; the count must be the same in every sample (it is asserted),
//! so a change that alters the work done shows up in the counts, whatever the machine's noise.
//! `--check` runs each workload once, untimed, and compares its count with the one recorded
//! in `crates/cli/data/bench-counts.txt` (embedded in the binary): a changed count means
//! changed behaviour, and exits 1.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::time::{Duration, Instant};

use anyhow::bail;
use serde::Serialize;
use tabletop_play::workloads::{Workload, workloads};

use crate::common::{Unsuccessful, to_json};

/// The recorded counts of `--check`: one `name count` per line, `#` comments.
const RECORDED: &str = include_str!("../data/bench-counts.txt");

/// Arguments of `tabletop bench`.
#[derive(Debug, clap::Args)]
#[command(after_help = "Columns: the median and the fastest time of one sample (one run of the \
                        workload), the median time per item (the sample's median divided by \
                        the items it handles: deals, games, queries, ...), then the \
                        deterministic count and what it counts.\n\n\
                        Examples:\n  tabletop bench --filter nine\n  tabletop bench --list\n  \
                        tabletop bench --check")]
pub struct Args {
    /// Run only the workloads whose name contains this text (exit 1 if none does).
    #[arg(long)]
    filter: Option<String>,
    /// Samples per workload (the median is reported).
    #[arg(long, default_value_t = 7, value_parser = crate::ranged::<u32>(1..=1000))]
    samples: u32,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
    /// List the workloads (name, items per sample, unit of the count) without running them.
    #[arg(long, conflicts_with_all = ["check", "counts"])]
    list: bool,
    /// Run each workload once, untimed, and compare its count with the recorded one; exit 1
    /// on a difference.
    #[arg(long, conflicts_with = "counts")]
    check: bool,
    /// Run each workload once, untimed, and print `name count` lines (the format of the
    /// recorded counts, crates/cli/data/bench-counts.txt).
    #[arg(long)]
    counts: bool,
}

/// What a run does with each workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Time,
    List,
    Count,
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

/// The state of one `tabletop bench` run.
#[derive(Debug)]
pub struct Bench {
    filter: Option<String>,
    samples: u32,
    json: bool,
    mode: Mode,
    rows: Vec<Row>,
    /// The first failed write of a row; the run fails with it after the workloads.
    write_error: Option<anyhow::Error>,
}

impl Bench {
    /// Whether the workload `name` is selected.
    fn wants(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }

    /// Times a selected workload, which handles `items` items and returns a deterministic
    /// count of `unit` (or, under `--list`, only records it; under `--check` and `--counts`,
    /// runs it once). Its set-up is not timed, nor run under `--list`.
    ///
    /// # Panics
    /// If two samples return different counts: the workload is not deterministic.
    fn case(&mut self, workload: Workload) {
        let Workload { name, unit, items, setup } = workload;
        if !self.wants(&name) {
            return;
        }
        let mut work = if self.mode == Mode::List { Box::new(|| 0) } else { setup() };
        let samples = match self.mode {
            Mode::List => 0,
            Mode::Count => 1,
            Mode::Time => self.samples,
        };
        let progress = std::io::stderr().is_terminal();
        let mut times: Vec<Duration> = Vec::with_capacity(samples as usize);
        let mut count = None;
        for sample in 0..samples {
            if progress {
                eprint!("\r\x1b[2K{name}: sample {} of {samples}", sample + 1);
            }
            let start = Instant::now();
            let c = std::hint::black_box(work());
            times.push(start.elapsed());
            assert!(count.is_none_or(|prev| prev == c), "{name}: count changed between samples");
            count = Some(c);
        }
        if progress && samples > 0 {
            eprint!("\r\x1b[2K");
        }
        times.sort_unstable();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        let row = Row {
            name,
            unit: unit.to_owned(),
            count: count.unwrap_or(0),
            items,
            median_ns: median.as_nanos(),
            min_ns: times.first().copied().unwrap_or_default().as_nanos(),
            per_item_ns: median.as_nanos() as f64 / items.max(1) as f64,
        };
        // The table goes to stdout as each row is measured; under --json, where stdout gets one
        // object at the end, the rows show on a terminal's stderr as progress.
        if self.mode == Mode::Time {
            if self.rows.is_empty() {
                self.print(&header());
            }
            self.print(&format_row(&row));
        }
        self.rows.push(row);
    }

    fn print(&mut self, line: &str) {
        if !self.json {
            if self.write_error.is_none() {
                self.write_error = crate::common::print(&format!("{line}\n")).err();
            }
        } else if std::io::stderr().is_terminal() {
            eprintln!("{line}");
        }
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

const ROW: [usize; 6] = [36, 11, 11, 11, 12, 9];

fn header() -> String {
    let [w0, w1, w2, w3, w4, _] = ROW;
    format!(
        "{:<w0$} {:>w1$}  {:>w2$}  {:>w3$}  {:>9}  {:>w4$} unit",
        "workload", "median", "min", "per item", "items", "count"
    )
}

fn format_row(row: &Row) -> String {
    let [w0, w1, w2, w3, w4, _] = ROW;
    format!(
        "{:<w0$} {:>w1$}  {:>w2$}  {:>w3$}  {:>9}  {:>w4$} {}",
        row.name,
        format_duration(row.median_ns as f64),
        format_duration(row.min_ns as f64),
        format_duration(row.per_item_ns),
        row.items,
        row.count,
        row.unit
    )
}

/// The recorded counts, by workload name.
fn recorded() -> anyhow::Result<BTreeMap<&'static str, u64>> {
    let mut counts = BTreeMap::new();
    for (i, line) in RECORDED.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line.split_once(' ').and_then(|(n, c)| Some((n, c.trim().parse().ok()?)));
        let Some((name, count)) = parsed else {
            bail!("bench-counts.txt line {}: expected `name count`, found {line:?}", i + 1);
        };
        counts.insert(name, count);
    }
    Ok(counts)
}

/// Runs the workloads of every game.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mode = if args.list {
        Mode::List
    } else if args.check || args.counts {
        Mode::Count
    } else {
        Mode::Time
    };
    let mut bench = Bench {
        filter: args.filter.clone(),
        samples: args.samples,
        json: args.json,
        mode,
        rows: Vec::new(),
        write_error: None,
    };
    for workload in workloads() {
        bench.case(workload);
        if let Some(e) = bench.write_error.take() {
            return Err(e);
        }
    }
    if bench.rows.is_empty() {
        let filter = args.filter.unwrap_or_default();
        return Err(Unsuccessful(format!(
            "no workload matches --filter {filter:?} (tabletop bench --list shows them)"
        ))
        .into());
    }
    if args.check {
        return check(&bench.rows, args.json);
    }
    if args.json {
        #[derive(Serialize)]
        struct Report<'a> {
            samples: u32,
            rows: &'a [Row],
        }
        let samples = if mode == Mode::Time { args.samples } else { 0 };
        crate::common::print(&to_json(&Report { samples, rows: &bench.rows })?)?;
    } else if args.list {
        let mut text = format!("{:<36} {:>9}  unit of the count\n", "workload", "items");
        for r in &bench.rows {
            text += &format!("{:<36} {:>9}  {}\n", r.name, r.items, r.unit);
        }
        crate::common::print(&text)?;
    } else if args.counts {
        let text: String = bench.rows.iter().map(|r| format!("{} {}\n", r.name, r.count)).collect();
        crate::common::print(&text)?;
    }
    Ok(())
}

/// Compares the counts of `rows` with the recorded ones.
fn check(rows: &[Row], json: bool) -> anyhow::Result<()> {
    let want = recorded()?;
    #[derive(Serialize)]
    struct Checked<'a> {
        name: &'a str,
        count: u64,
        recorded: Option<u64>,
        ok: bool,
    }
    let checked: Vec<Checked<'_>> = rows
        .iter()
        .map(|r| {
            let recorded = want.get(r.name.as_str()).copied();
            Checked { name: &r.name, count: r.count, recorded, ok: recorded == Some(r.count) }
        })
        .collect();
    let bad = checked.iter().filter(|c| !c.ok).count();
    if json {
        crate::common::print(&to_json(&checked)?)?;
    } else {
        let mut text = String::new();
        for c in &checked {
            let verdict = match c.recorded {
                _ if c.ok => "ok".to_owned(),
                Some(r) => format!("DIFFERS: recorded {r}"),
                None => "NOT RECORDED".to_owned(),
            };
            text += &format!("{:<36} {:>12} {verdict}\n", c.name, c.count);
        }
        crate::common::print(&text)?;
    }
    if bad > 0 {
        return Err(Unsuccessful(format!(
            "{bad} of {} workload counts differ from crates/cli/data/bench-counts.txt",
            checked.len()
        ))
        .into());
    }
    Ok(())
}
