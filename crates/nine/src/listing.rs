//! The text of reports over many deals and of the census's state, computed once here for the
//! front ends: a deal's id and class ([`DealIdReport`]), the reports of the deals of one input
//! numbered by deal and line ([`Numbered`], [`headed_reports`]), and why a merged census is
//! incomplete ([`Census::incomplete`]) and the state of a shard ([`Census::shard_status`]).

use std::fmt::Write as _;

use crate::census::{Census, DealClass};
use crate::deal::Deal;
use crate::report::FirstMoverReport;

/// A deal's id and its class: what `tabletop nine deal --json` and `tabletop nine id` print.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct DealIdReport {
    /// The deal's id.
    pub id: u64,
    /// Alice's cards.
    pub alice: String,
    /// Bob's cards.
    pub bob: String,
    /// Whether the deal is its class's canonical deal (the smallest id).
    pub canonical: bool,
    /// The canonical deal's id.
    pub class_id: u64,
    /// The number of deals in the class.
    pub class_size: u64,
    /// Whether exchanging the hands gives a relabelling of the suits.
    pub swap_symmetric: bool,
}

impl DealIdReport {
    /// The report of `deal`.
    pub fn new(deal: Deal) -> DealIdReport {
        let class = DealClass::of(deal);
        DealIdReport {
            id: deal.id(),
            alice: deal.alice().to_string(),
            bob: deal.bob().to_string(),
            canonical: class.id() == deal.id(),
            class_id: class.id(),
            class_size: class.size(),
            swap_symmetric: class.is_swap_symmetric(),
        }
    }

    /// `ID canonical, class C (S deals)`, or `not canonical`, with a newline.
    pub fn line(&self) -> String {
        let canonical = if self.canonical { "canonical" } else { "not canonical" };
        format!("{} {canonical}, class {} ({} deals)\n", self.id, self.class_id, self.class_size)
    }
}

/// One report among the reports of the deals of one input: the deal's number (from 1) and
/// the line it starts on, then the report's own fields (one object per line of JSON Lines).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Numbered<T> {
    /// The deal's number in the input, from 1.
    pub deal: usize,
    /// The line of the input where the deal starts.
    pub line: usize,
    /// The deal's report.
    #[cfg_attr(feature = "serde", serde(flatten))]
    pub report: T,
}

impl<T> Numbered<T> {
    /// Each report with its deal's number and line: `deals` are the deals read with their
    /// lines ([`crate::parse_deals`]), in the order of `reports`.
    pub fn all(reports: impl IntoIterator<Item = T>, deals: &[(usize, Deal)]) -> Vec<Numbered<T>> {
        reports
            .into_iter()
            .zip(deals)
            .enumerate()
            .map(|(i, (report, &(line, _)))| Numbered { deal: i + 1, line, report })
            .collect()
    }
}

/// The text reports of many deals, each under a heading `== deal K (line L)`, a blank line
/// between two: what `tabletop nine solve` prints for an input of many deals.
pub fn headed_reports(reports: &[FirstMoverReport], deals: &[(usize, Deal)]) -> String {
    let mut s = String::new();
    for n in Numbered::all(reports, deals) {
        if n.deal > 1 {
            s.push('\n');
        }
        let _ = writeln!(s, "== deal {} (line {})", n.deal, n.line);
        s += &n.report.to_string();
    }
    s
}

impl Census {
    /// The state of a census of one shard: `shard I/N: B of T blocks, C classes, D deals,
    /// S s: done`, or `partial (run the same command again to resume)` for a shard not done
    /// (`None` for a census of several shards).
    pub fn shard_status(&self) -> Option<String> {
        let [r] = self.shards() else { return None };
        let state =
            if r.is_done() { "done" } else { "partial (run the same command again to resume)" };
        Some(format!(
            "shard {}/{}: {} of {} blocks, {} classes, {} deals, {:.1} s: {state}",
            r.index,
            self.shard_count(),
            r.blocks_done,
            r.blocks,
            r.classes,
            self.tally().deals(),
            r.seconds,
        ))
    }

    /// Why the census does not count every deal, or `None` when it does: `incomplete census:
    /// D of 9075135300 deals; shards missing (of N): 1, 3-5; shards not done: 2`.
    pub fn incomplete(&self) -> Option<String> {
        if self.is_complete() {
            return None;
        }
        let report = self.report();
        let missing: Vec<String> = report
            .missing
            .iter()
            .map(|&[a, b]| if a == b { a.to_string() } else { format!("{a}-{b}") })
            .collect();
        let mut why = Vec::new();
        if !missing.is_empty() {
            why.push(format!("shards missing (of {}): {}", self.shard_count(), missing.join(", ")));
        }
        if !report.partial.is_empty() {
            let partial: Vec<String> = report.partial.iter().map(u32::to_string).collect();
            why.push(format!("shards not done: {}", partial.join(", ")));
        }
        Some(format!(
            "incomplete census: {} of {} deals; {}",
            report.deals,
            Deal::COUNT,
            why.join("; ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::census::Shard;
    use crate::solver::Solver;

    #[test]
    fn an_id_report_names_the_class() {
        let first = DealIdReport::new(Deal::from_id(0).unwrap());
        assert_eq!((first.id, first.class_id), (0, 0));
        assert!(first.canonical);
        assert_eq!(first.line(), format!("0 canonical, class 0 ({} deals)\n", first.class_size));
        let deal = Deal::from_id(42).unwrap();
        let r = DealIdReport::new(deal);
        let class = DealClass::of(deal);
        assert_eq!((r.id, r.class_id, r.class_size), (42, class.id(), class.size()));
        assert_eq!(r.canonical, class.id() == 42);
        assert_eq!(r.swap_symmetric, class.is_swap_symmetric());
        assert_eq!(r.alice, deal.alice().to_string());
        assert_eq!(r.bob, deal.bob().to_string());
        let word = if r.canonical { "canonical" } else { "not canonical" };
        assert_eq!(r.line(), format!("42 {word}, class {} ({} deals)\n", r.class_id, r.class_size));
        // The last deal is the image of the first under exchanging the hands.
        let last = DealIdReport::new(Deal::from_id(Deal::COUNT - 1).unwrap());
        assert!(!last.canonical);
        assert_eq!(
            last.line(),
            format!("9075135299 not canonical, class 0 ({} deals)\n", last.class_size)
        );
    }

    #[test]
    fn reports_are_numbered_from_one_with_their_lines() {
        let deals = [(1, Deal::from_id(3).unwrap()), (4, Deal::from_id(5).unwrap())];
        let n = Numbered::all(["a", "b"], &deals);
        assert_eq!(
            n,
            [
                Numbered { deal: 1, line: 1, report: "a" },
                Numbered { deal: 2, line: 4, report: "b" }
            ]
        );
        let mut solver = Solver::new();
        let reports: Vec<FirstMoverReport> =
            deals.iter().map(|&(_, d)| FirstMoverReport::new(&mut solver, d)).collect();
        let text = headed_reports(&reports, &deals);
        let expected =
            format!("== deal 1 (line 1)\n{}\n== deal 2 (line 4)\n{}", reports[0], reports[1]);
        assert_eq!(text, expected);
    }

    #[test]
    fn an_incomplete_census_says_what_is_missing() {
        let census = Census::new(Shard::new(2, 7).unwrap());
        let blocks = census.shards()[0].blocks;
        assert_eq!(
            census.shard_status().unwrap(),
            format!(
                "shard 2/7: 0 of {blocks} blocks, 0 classes, 0 deals, 0.0 s: partial (run the \
                 same command again to resume)"
            )
        );
        let why = census.incomplete().unwrap();
        assert_eq!(
            why,
            "incomplete census: 0 of 9075135300 deals; shards missing (of 7): 1, 3-7; \
             shards not done: 2"
        );
    }
}
