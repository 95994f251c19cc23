//! The harness of `tabletop bench`: each [`Workload`] timed over several samples
//! ([`Workload::measure`]), its deterministic count beside the median time ([`BenchRow`]),
//! and the counts compared with the recorded ones ([`parse_counts`], [`check_counts`]).
//!
//! A workload's count must be the same in every sample (it is asserted), so a change that
//! alters the work done shows up in the counts whatever the machine's noise.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::workloads::Workload;

/// One measured workload.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRow {
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

impl Workload {
    /// Runs the workload `samples` times after its set-up (not timed; not run at all for no
    /// samples, which lists the workload with a count of 0), calling `on_sample(k)` before
    /// sample `k` (from 0); its row.
    ///
    /// # Panics
    /// If two samples return different counts: the workload is not deterministic.
    pub fn measure(self, samples: u32, mut on_sample: impl FnMut(u32)) -> BenchRow {
        let Workload { name, unit, items, setup } = self;
        let mut times: Vec<Duration> = Vec::with_capacity(samples as usize);
        let mut count = None;
        if samples > 0 {
            let mut work = setup();
            for sample in 0..samples {
                on_sample(sample);
                let start = Instant::now();
                let c = std::hint::black_box(work());
                times.push(start.elapsed());
                assert!(count.is_none_or(|p| p == c), "{name}: count changed between samples");
                count = Some(c);
            }
        }
        times.sort_unstable();
        let median = times.get(times.len() / 2).copied().unwrap_or_default();
        BenchRow {
            name,
            unit: unit.to_owned(),
            count: count.unwrap_or(0),
            items,
            median_ns: median.as_nanos(),
            min_ns: times.first().copied().unwrap_or_default().as_nanos(),
            per_item_ns: median.as_nanos() as f64 / items.max(1) as f64,
        }
    }
}

/// A time in nanoseconds with its unit: `1.500 s`, `2.000 ms`, `3.250 us`, `12.5 ns`.
pub fn format_duration(ns: f64) -> String {
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

/// The widths of the table's columns: name, median, min, per item, count.
const WIDTHS: [usize; 5] = [36, 11, 11, 11, 12];

impl BenchRow {
    /// The heading of the table of rows ([`BenchRow::line`]).
    pub fn header() -> String {
        let [w0, w1, w2, w3, w4] = WIDTHS;
        format!(
            "{:<w0$} {:>w1$}  {:>w2$}  {:>w3$}  {:>9}  {:>w4$} unit",
            "workload", "median", "min", "per item", "items", "count"
        )
    }

    /// The row in the table: name, median, fastest, median per item, items, count, unit.
    pub fn line(&self) -> String {
        let [w0, w1, w2, w3, w4] = WIDTHS;
        format!(
            "{:<w0$} {:>w1$}  {:>w2$}  {:>w3$}  {:>9}  {:>w4$} {}",
            self.name,
            format_duration(self.median_ns as f64),
            format_duration(self.min_ns as f64),
            format_duration(self.per_item_ns),
            self.items,
            self.count,
            self.unit
        )
    }
}

/// The list of workloads (`tabletop bench --list`): name, items per sample, unit of the count.
pub fn list_text(rows: &[BenchRow]) -> String {
    let mut text = format!("{:<36} {:>9}  unit of the count\n", "workload", "items");
    for r in rows {
        text += &format!("{:<36} {:>9}  {}\n", r.name, r.items, r.unit);
    }
    text
}

/// The counts as `name count` lines: the format that [`parse_counts`] reads.
pub fn counts_text(rows: &[BenchRow]) -> String {
    rows.iter().map(|r| format!("{} {}\n", r.name, r.count)).collect()
}

/// A line of a file of recorded counts that is not `name count`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bench-counts.txt line {line}: expected `name count`, found {text:?}")]
pub struct ParseCountsError {
    /// The line, from 1.
    pub line: usize,
    /// What it holds.
    pub text: String,
}

/// The recorded counts by workload name, from `name count` lines; blank lines and lines that
/// start with `#` are skipped.
///
/// # Errors
/// The first line that is not `name count`.
pub fn parse_counts(text: &str) -> Result<BTreeMap<&str, u64>, ParseCountsError> {
    let mut counts = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parsed = line.split_once(' ').and_then(|(n, c)| Some((n, c.trim().parse().ok()?)));
        let Some((name, count)) = parsed else {
            return Err(ParseCountsError { line: i + 1, text: line.to_owned() });
        };
        counts.insert(name, count);
    }
    Ok(counts)
}

/// A workload's count against the recorded one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CountCheck {
    /// The workload's name.
    pub name: String,
    /// Its count.
    pub count: u64,
    /// The recorded count, if there is one.
    pub recorded: Option<u64>,
    /// Whether they are equal.
    pub ok: bool,
}

impl CountCheck {
    /// `name count ok`, `DIFFERS: recorded N` or `NOT RECORDED`.
    pub fn line(&self) -> String {
        let verdict = match self.recorded {
            _ if self.ok => "ok".to_owned(),
            Some(r) => format!("DIFFERS: recorded {r}"),
            None => "NOT RECORDED".to_owned(),
        };
        format!("{:<36} {:>12} {verdict}\n", self.name, self.count)
    }
}

/// Each row's count against `recorded`.
pub fn check_counts(rows: &[BenchRow], recorded: &BTreeMap<&str, u64>) -> Vec<CountCheck> {
    rows.iter()
        .map(|r| {
            let want = recorded.get(r.name.as_str()).copied();
            CountCheck {
                name: r.name.clone(),
                count: r.count,
                recorded: want,
                ok: want == Some(r.count),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workload(counts: Vec<u64>) -> Workload {
        Workload {
            name: "test/work".to_owned(),
            unit: "things",
            items: 4,
            setup: Box::new(move || {
                let mut counts = counts.into_iter();
                Box::new(move || counts.next().expect("a count per sample"))
            }),
        }
    }

    #[test]
    fn a_workload_is_timed_over_its_samples() {
        let mut seen = Vec::new();
        let row = workload(vec![7; 5]).measure(5, |k| seen.push(k));
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        assert_eq!(
            (row.name.as_str(), row.unit.as_str(), row.count, row.items),
            ("test/work", "things", 7, 4)
        );
        assert!(row.min_ns <= row.median_ns);
        assert!((row.per_item_ns - row.median_ns as f64 / 4.0).abs() < 1e-6);
    }

    #[test]
    fn no_samples_lists_the_workload_without_running_it() {
        let listed = Workload {
            name: "test/listed".to_owned(),
            unit: "things",
            items: 3,
            setup: Box::new(|| panic!("no set-up runs")),
        };
        let row = listed.measure(0, |_| panic!("no sample runs"));
        assert_eq!((row.name.as_str(), row.items), ("test/listed", 3));
        assert_eq!((row.count, row.median_ns, row.min_ns, row.per_item_ns), (0, 0, 0, 0.0));
    }

    #[test]
    #[should_panic(expected = "test/work: count changed between samples")]
    fn a_count_that_changes_is_a_bug() {
        workload(vec![1, 2]).measure(2, |_| ());
    }

    #[test]
    fn the_median_is_the_middle_sample() {
        // Of four samples, the second and the fourth sleep 50 ms: the median (the third
        // sorted) is one of them, the fastest is not.
        let row = Workload {
            name: "test/sleep".to_owned(),
            unit: "naps",
            items: 1,
            setup: Box::new(|| {
                let mut k = 0;
                Box::new(move || {
                    k += 1;
                    if k % 2 == 0 {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    1
                })
            }),
        }
        .measure(4, |_| ());
        assert!(row.median_ns >= 50_000_000, "{row:?}");
        assert!(row.min_ns < 50_000_000, "{row:?}");
        assert_eq!(row.per_item_ns, row.median_ns as f64);
    }

    #[test]
    fn durations_carry_their_unit() {
        assert_eq!(format_duration(1.5e9), "1.500 s");
        assert_eq!(format_duration(1e9), "1.000 s");
        assert_eq!(format_duration(2e6), "2.000 ms");
        assert_eq!(format_duration(1e6), "1.000 ms");
        assert_eq!(format_duration(999_999.0), "999.999 us");
        assert_eq!(format_duration(1e3), "1.000 us");
        assert_eq!(format_duration(12.5), "12.5 ns");
    }

    #[test]
    fn rows_make_a_table() {
        let row = BenchRow {
            name: "nine/solve".to_owned(),
            unit: "nodes".to_owned(),
            count: 123,
            items: 10,
            median_ns: 2_000_000,
            min_ns: 1_500,
            per_item_ns: 200_000.0,
        };
        let header = BenchRow::header();
        assert_eq!(header.find("median").map(|i| i + 6), Some(48));
        assert!(header.ends_with("       count unit"), "{header:?}");
        let line = row.line();
        assert_eq!(&line[..37], format!("{:<36} ", "nine/solve"));
        assert_eq!(
            &line[37..],
            "   2.000 ms     1.500 us   200.000 us         10           123 nodes"
        );
        assert_eq!(
            list_text(std::slice::from_ref(&row)),
            format!(
                "{:<36} {:>9}  unit of the count\n{:<36} {:>9}  nodes\n",
                "workload", "items", "nine/solve", 10
            )
        );
        assert_eq!(counts_text(&[row.clone(), row]), "nine/solve 123\nnine/solve 123\n");
    }

    #[test]
    fn recorded_counts_are_read_and_checked() {
        let text = "# comment\n\nnine/solve 123\n  race/verify 7  \n";
        let recorded = parse_counts(text).unwrap();
        assert_eq!(
            recorded.into_iter().collect::<Vec<_>>(),
            [("nine/solve", 123), ("race/verify", 7)]
        );
        let err = parse_counts("a 1\nb x\n").unwrap_err();
        assert_eq!(err, ParseCountsError { line: 2, text: "b x".to_owned() });
        assert_eq!(
            err.to_string(),
            "bench-counts.txt line 2: expected `name count`, found \"b x\""
        );
        assert!(parse_counts("lonely\n").is_err());
        let recorded = parse_counts(text).unwrap();
        let row = |name: &str, count| BenchRow {
            name: name.to_owned(),
            unit: String::new(),
            count,
            items: 1,
            median_ns: 0,
            min_ns: 0,
            per_item_ns: 0.0,
        };
        let checked = check_counts(
            &[row("nine/solve", 123), row("race/verify", 8), row("new", 1)],
            &recorded,
        );
        let lines: Vec<String> = checked.iter().map(CountCheck::line).collect();
        assert_eq!(
            lines,
            [
                format!("{:<36} {:>12} ok\n", "nine/solve", 123),
                format!("{:<36} {:>12} DIFFERS: recorded 7\n", "race/verify", 8),
                format!("{:<36} {:>12} NOT RECORDED\n", "new", 1),
            ]
        );
        assert_eq!(checked.iter().map(|c| c.ok).collect::<Vec<_>>(), [true, false, false]);
        assert_eq!(checked[2].recorded, None);
    }
}
