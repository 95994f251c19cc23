//! `tabletop bench`: the library's workloads ([`tabletop_play::workloads`]) timed by its
//! harness ([`tabletop_play::bench`]), the deterministic count each produced (positions
//! visited, games played, ...) beside the median time. `--check` runs each workload once, untimed, and compares its count with the one recorded
//! in `crates/cli/data/bench-counts.txt` (embedded in the binary): a changed count means
//! changed behaviour, and exits 1.

use std::io::IsTerminal;

use tabletop_play::bench::{
    BenchRow, CountCheck, check_counts, counts_text, list_text, parse_counts,
};
use tabletop_play::workloads::workloads;
use tabletop_play::{BenchMode, BenchRun};

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

/// Runs the workloads of every game.
pub fn run(args: Args) -> anyhow::Result<()> {
    let mode = if args.list {
        BenchMode::List
    } else if args.check || args.counts {
        BenchMode::Count
    } else {
        BenchMode::Time(args.samples)
    };
    // A sample's progress, and under --json the table's rows, show on a terminal's stderr.
    let progress = std::io::stderr().is_terminal();
    let mut first = true;
    let on_sample = |name: &str, k, samples| {
        if progress {
            eprint!("\r\x1b[2K{name}: sample {} of {samples}", k + 1);
        }
    };
    // The table goes to stdout as each row is measured; under --json, where stdout gets one
    // object at the end, the rows show on a terminal's stderr as progress.
    let on_row = |row: &BenchRow| -> anyhow::Result<()> {
        if progress && mode.samples() > 0 {
            eprint!("\r\x1b[2K");
        }
        if !matches!(mode, BenchMode::Time(_)) {
            return Ok(());
        }
        let lines =
            if std::mem::take(&mut first) { BenchRow::header() + "\n" } else { String::new() };
        let lines = format!("{lines}{}\n", row.line());
        if !args.json {
            crate::common::print(&lines)?;
        } else if progress {
            eprint!("{lines}");
        }
        Ok(())
    };
    let run = BenchRun::run(workloads(), args.filter.as_deref(), mode, on_sample, on_row)?;
    if run.rows.is_empty() {
        let filter = args.filter.unwrap_or_default();
        return Err(Unsuccessful(format!(
            "no workload matches --filter {filter:?} (tabletop bench --list shows them)"
        ))
        .into());
    }
    if args.check {
        return check(&run.rows, args.json);
    }
    if args.json {
        crate::common::print(&to_json(&run)?)?;
    } else if args.list {
        crate::common::print(&list_text(&run.rows))?;
    } else if args.counts {
        crate::common::print(&counts_text(&run.rows))?;
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
