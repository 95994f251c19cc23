//! One run of `tabletop bench`: the workloads a filter selects, each timed, listed or counted
//! ([`BenchMode`]), and their rows handed over as each is measured ([`BenchRun::run`]).

use serde::Serialize;

use crate::bench::BenchRow;
use crate::workloads::Workload;

/// What a run does with each selected workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchMode {
    /// Time it over this many samples (the median is reported).
    Time(u32),
    /// List it without running it (a count of 0).
    List,
    /// Run it once, untimed, for its count.
    Count,
}

impl BenchMode {
    /// The samples each workload runs: 0 to list, 1 to count.
    pub fn samples(self) -> u32 {
        match self {
            BenchMode::Time(samples) => samples,
            BenchMode::List => 0,
            BenchMode::Count => 1,
        }
    }
}

/// The rows of a run (`tabletop bench --json`): `{"samples", "rows"}`, `samples` being 0
/// when nothing was timed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchRun {
    /// The samples per timed workload (0 when listed or counted).
    pub samples: u32,
    /// Every selected workload's row, in order.
    pub rows: Vec<BenchRow>,
}

impl BenchRun {
    /// Runs the workloads whose name contains `filter` (every one without it) in `mode`:
    /// `on_sample(name, k, samples)` before sample `k` of a workload, `on_row(row)` after each
    /// is measured (a timed run's table can be printed as it goes).
    ///
    /// # Errors
    /// The first error of `on_row`: the run stops there.
    pub fn run<E>(
        workloads: Vec<Workload>,
        filter: Option<&str>,
        mode: BenchMode,
        mut on_sample: impl FnMut(&str, u32, u32),
        mut on_row: impl FnMut(&BenchRow) -> Result<(), E>,
    ) -> Result<BenchRun, E> {
        let samples = mode.samples();
        let mut rows = Vec::new();
        for workload in workloads {
            if filter.is_some_and(|f| !workload.name.contains(f)) {
                continue;
            }
            let name = workload.name.clone();
            let row = workload.measure(samples, |k| on_sample(&name, k, samples));
            on_row(&row)?;
            rows.push(row);
        }
        let samples = if matches!(mode, BenchMode::Time(_)) { samples } else { 0 };
        Ok(BenchRun { samples, rows })
    }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::rc::Rc;

    use super::*;

    /// Workloads `a/one`, `a/two` and `b/three` counting `1`, `2`, `3`, each recording how many
    /// times its set-up ran in `setups`.
    fn three(setups: &Rc<Cell<u32>>) -> Vec<Workload> {
        [("a/one", 1), ("a/two", 2), ("b/three", 3)]
            .into_iter()
            .map(|(name, count)| {
                let setups = Rc::clone(setups);
                Workload {
                    name: name.to_owned(),
                    unit: "things",
                    items: 2,
                    setup: Box::new(move || {
                        setups.set(setups.get() + 1);
                        Box::new(move || count)
                    }),
                }
            })
            .collect()
    }

    #[test]
    fn modes_run_their_samples() {
        assert_eq!(BenchMode::Time(7).samples(), 7);
        assert_eq!(BenchMode::List.samples(), 0);
        assert_eq!(BenchMode::Count.samples(), 1);
    }

    #[test]
    fn a_timed_run_samples_the_filtered_workloads_in_order() {
        let setups = Rc::new(Cell::new(0));
        let mut samples = Vec::new();
        let mut seen = Vec::new();
        let run = BenchRun::run(
            three(&setups),
            Some("a/"),
            BenchMode::Time(3),
            |name, k, n| samples.push((name.to_owned(), k, n)),
            |row| {
                seen.push(row.name.clone());
                Ok::<(), ()>(())
            },
        )
        .unwrap();
        assert_eq!(run.samples, 3);
        let names: Vec<&str> = run.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["a/one", "a/two"]);
        assert_eq!(seen, names);
        assert_eq!(run.rows.iter().map(|r| r.count).collect::<Vec<_>>(), [1, 2]);
        assert_eq!(samples.len(), 6);
        assert_eq!(samples[0], ("a/one".to_owned(), 0, 3));
        assert_eq!(samples[5], ("a/two".to_owned(), 2, 3));
        assert_eq!(setups.get(), 2);
    }

    #[test]
    fn listing_runs_nothing_and_counting_runs_once() {
        let setups = Rc::new(Cell::new(0));
        let ok = |_: &BenchRow| Ok::<(), ()>(());
        let listed =
            BenchRun::run(three(&setups), None, BenchMode::List, |_, _, _| {}, ok).unwrap();
        assert_eq!((listed.samples, listed.rows.len(), setups.get()), (0, 3, 0));
        assert!(listed.rows.iter().all(|r| r.count == 0));
        let mut sampled = 0;
        let counted =
            BenchRun::run(three(&setups), None, BenchMode::Count, |_, _, _| sampled += 1, ok)
                .unwrap();
        assert_eq!((counted.samples, sampled, setups.get()), (0, 3, 3));
        assert_eq!(counted.rows.iter().map(|r| r.count).collect::<Vec<_>>(), [1, 2, 3]);
    }

    #[test]
    fn a_failed_row_stops_the_run() {
        let setups = Rc::new(Cell::new(0));
        let r = BenchRun::run(
            three(&setups),
            None,
            BenchMode::Count,
            |_, _, _| {},
            |row| {
                if row.name == "a/two" { Err(row.count) } else { Ok(()) }
            },
        );
        assert_eq!(r, Err(2));
        assert_eq!(setups.get(), 2);
    }

    #[test]
    fn no_match_is_an_empty_run() {
        let setups = Rc::new(Cell::new(0));
        let ok = |_: &BenchRow| Ok::<(), ()>(());
        let run = BenchRun::run(three(&setups), Some("zz"), BenchMode::Time(1), |_, _, _| {}, ok);
        assert_eq!(run, Ok(BenchRun { samples: 1, rows: Vec::new() }));
    }
}
