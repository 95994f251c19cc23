//! The deal search and the judge's D2/D3 answers, checked independently.

use std::collections::BTreeSet;

use tabletop_nine::{
    ACHIEVABLE, Deal, SearchError, find_deal, find_distinct, importance, is_achievable, judge_d2,
    judge_d3, minimax_deal,
};

/// Parses a judge answer: `k` blocks of two lines separated by one empty line.
fn parse_answer(text: &str, k: usize) -> Vec<Deal> {
    assert!(text.ends_with('\n') && !text.ends_with("\n\n"));
    let blocks: Vec<&str> = text.split("\n\n").collect();
    assert_eq!(blocks.len(), k);
    blocks
        .iter()
        .map(|b| {
            let lines: Vec<&str> = b.trim_end_matches('\n').split('\n').collect();
            assert_eq!(lines.len(), 2, "{b}");
            for line in &lines {
                assert_eq!(line.split(' ').count(), 18, "{line}");
            }
            b.parse::<Deal>().unwrap()
        })
        .collect()
}

#[test]
fn d3_with_k_26_has_26_valid_deals_with_distinct_importances() {
    let text = judge_d3("26\n").unwrap();
    let deals = parse_answer(&text, 26);
    // Recomputed by the plain memoised minimax, independent of the fast solver.
    let values: BTreeSet<u32> = deals.iter().map(|&d| minimax_deal(d).0.importance()).collect();
    assert_eq!(values.len(), 26, "{values:?}");
    assert!(values.iter().all(|&v| is_achievable(v)));
    // Deterministic.
    assert_eq!(judge_d3("26").unwrap(), text);
}

#[test]
fn d2_and_d3_small_k() {
    for (k, text) in [(13, judge_d2("13").unwrap()), (2, judge_d3("2").unwrap())] {
        let deals = parse_answer(&text, k);
        let values: BTreeSet<u32> = deals.iter().map(|&d| importance(d)).collect();
        assert_eq!(values.len(), k);
    }
}

#[test]
fn find_deal_hits_its_target_and_refuses_the_impossible() {
    for target in [0, 1, 5, 9, 13] {
        let deal = find_deal(target, 3, 1_000_000).unwrap();
        assert_eq!(importance(deal), target);
    }
    for target in [25, 27, 28, 29, 31, 36, 1000] {
        assert_eq!(find_deal(target, 1, 1_000_000), Err(SearchError::Impossible(target)));
    }
    assert_eq!(find_deal(24, 1, 1), Err(SearchError::NotFound { target: 24, budget: 1 }));
    assert_eq!(find_distinct(28, 1, 1_000), Err(SearchError::TooMany(28)));
    let short = find_distinct(26, 1, 3);
    assert!(
        matches!(short, Err(SearchError::NotEnough { k: 26, budget: 3, found: 1..=3 })),
        "{short:?}"
    );
    assert_eq!(ACHIEVABLE.len(), 27);
}

#[test]
fn low_reserve_deals_are_distinct_and_have_few_non_reserve_cards() {
    let deals = tabletop_nine::low_reserve_deals(6);
    let set: BTreeSet<String> = deals.iter().map(|d| d.to_string()).collect();
    assert_eq!(set.len(), deals.len());
    assert!(!deals.is_empty());
    for d in &deals {
        assert!(36 - d.reserve().len() <= 6, "{d}");
    }
    // Every importance is bounded by the reserve cards.
    for &d in deals.iter().step_by(50) {
        assert!(importance(d) as usize <= d.reserve().len());
    }
    assert_eq!(tabletop_nine::low_reserve_deals(11).len(), 409_766);
}
