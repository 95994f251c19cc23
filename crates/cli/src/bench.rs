//! `tabletop bench`: the library's workloads ([`tabletop_play::workloads`]) timed by its
//! harness ([`tabletop_play::bench`]), the deterministic count each produced (positions
//! visited, games played, ...) beside the median time. `--check` runs each workload once, untimed, and compares its count with the one recorded
//! in `crates/cli/data/bench-counts.txt` (embedded in the binary): a changed count means
//! changed behaviour, and exits 1.

use std::io::IsTerminal;

use serde::Serialize;
use tabletop_play::bench::{
    BenchRow, CountCheck, check_counts, counts_text, list_text, parse_counts,
};
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

/// The state of one `tabletop bench` run.
#[derive(Debug)]
pub struct Bench {
    filter: Option<String>,
    samples: u32,
    json: bool,
    mode: Mode,
    rows: Vec<BenchRow>,
    /// The first failed write of a row; the run fails with it after the workloads.
    write_error: Option<anyhow::Error>,
}

impl Bench {
    /// Whether the workload `name` is selected.
    fn wants(&self, name: &str) -> bool {
        self.filter.as_deref().is_none_or(|f| name.contains(f))
    }

    /// Times a selected workload ([`Workload::measure`]): under `--list` it only records it,
    /// under `--check` and `--counts` it runs it once. A sample's progress shows on a
    /// terminal's stderr.
    fn case(&mut self, workload: Workload) {
        if !self.wants(&workload.name) {
            return;
        }
        let samples = match self.mode {
            Mode::List => 0,
            Mode::Count => 1,
            Mode::Time => self.samples,
        };
        let progress = std::io::stderr().is_terminal();
        let name = workload.name.clone();
        let row = workload.measure(samples, |k| {
            if progress {
                eprint!("\r\x1b[2K{name}: sample {} of {samples}", k + 1);
            }
        });
        if progress && samples > 0 {
            eprint!("\r\x1b[2K");
        }
        // The table goes to stdout as each row is measured; under --json, where stdout gets one
        // object at the end, the rows show on a terminal's stderr as progress.
        if self.mode == Mode::Time {
            if self.rows.is_empty() {
                self.print(&BenchRow::header());
            }
            self.print(&row.line());
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
            rows: &'a [BenchRow],
        }
        let samples = if mode == Mode::Time { args.samples } else { 0 };
        crate::common::print(&to_json(&Report { samples, rows: &bench.rows })?)?;
    } else if args.list {
        crate::common::print(&list_text(&bench.rows))?;
    } else if args.counts {
        crate::common::print(&counts_text(&bench.rows))?;
    }
    Ok(())
}

/// Compares the counts of `rows` with the recorded ones.
fn check(rows: &[BenchRow], json: bool) -> anyhow::Result<()> {
    let checked = check_counts(rows, &parse_counts(RECORDED)?);
    let bad = checked.iter().filter(|c| !c.ok).count();
    if json {
        crate::common::print(&to_json(&checked)?)?;
    } else {
        crate::common::print(&checked.iter().map(CountCheck::line).collect::<String>())?;
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
