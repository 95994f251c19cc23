//! Finding deals (`find.rs`) and the judge's D2/D3 answers, checked independently.

use std::collections::BTreeSet;

use tabletop_nine::{
    ACHIEVABLE, Deal, FindError, find_deal, find_distinct, importance, is_achievable, judge_d2,
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
        assert_eq!(find_deal(target, 1, 1_000_000), Err(FindError::Impossible(target)));
    }
    assert_eq!(find_deal(24, 1, 1), Err(FindError::NotFound { target: 24, budget: 1 }));
    assert_eq!(find_distinct(28, 1, 1_000), Err(FindError::TooMany(28)));
    // A budget of nothing solves nothing.
    assert_eq!(find_deal(4, 1, 0), Err(FindError::NotFound { target: 4, budget: 0 }));
    assert_eq!(find_distinct(5, 1, 0), Err(FindError::NotEnough { k: 5, found: 0, budget: 0 }));
    // All 27 importances may be asked for (it is the budget that runs out here).
    let all = find_distinct(27, 1, 3);
    assert!(matches!(all, Err(FindError::NotEnough { k: 27, budget: 3, found: 1..=3 })), "{all:?}");
    let short = find_distinct(26, 1, 3);
    assert!(
        matches!(short, Err(FindError::NotEnough { k: 26, budget: 3, found: 1..=3 })),
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

#[test]
fn judge_answers_have_the_importances_the_search_claims_value_by_value() {
    // The judge's D3 answer for k = 26 is the search's with the judge's seed and budget; each
    // importance the search attached is recomputed by the plain memoised minimax. Other seeds
    // with the same budget must also succeed, with the same check.
    for seed in [tabletop_nine::JUDGE_SEED, 2, 3] {
        let found = find_distinct(26, seed, tabletop_nine::JUDGE_BUDGET)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        if seed == tabletop_nine::JUDGE_SEED {
            let judged = parse_answer(&judge_d3("26").unwrap(), 26);
            assert_eq!(judged, found.iter().map(|&(d, _)| d).collect::<Vec<_>>());
            let d2 = parse_answer(&judge_d2("13").unwrap(), 13);
            let d2_found = find_distinct(13, seed, tabletop_nine::JUDGE_BUDGET).unwrap();
            assert_eq!(d2, d2_found.iter().map(|&(d, _)| d).collect::<Vec<_>>());
            for (deal, v) in d2_found {
                assert_eq!(minimax_deal(deal).0.importance(), v, "D2, seed {seed}:\n{deal}");
            }
        }
        let mut last = None;
        for (deal, v) in found {
            assert_eq!(minimax_deal(deal).0.importance(), v, "seed {seed}:\n{deal}");
            // In increasing order, so pairwise distinct.
            assert!(last < Some(v), "seed {seed}: {last:?} then {v}");
            last = Some(v);
        }
    }
}
