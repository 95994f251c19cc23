//! The reports: the first-mover report of a deal, the parsing of a file of many deals, and the
//! statistics of many deals however they are split.

use tabletop_nine::{
    Deal, DealError, DealValue, FirstMover, FirstMoverReport, Move, ParseDealsError, Player,
    Position, Solver, Tally, minimax_value, parse_deals, seeded_deal, solve_deal,
};

/// The first sample of Codeforces 1769 D1 (Alice first: +2).
const SAMPLE: &str = "JD 7S 9S JS 8S 9D 6D 8C 8D TH KS QD QH TD 6C AD KD AC\n\
                      KH QC 9H 6H KC 9C JC TS 6S QS TC JH 7D 7H AS AH 7C 8H\n";

#[test]
fn the_first_mover_report_of_the_sample() {
    let deal: Deal = SAMPLE.parse().unwrap();
    let report = FirstMoverReport::new(&mut Solver::new(), deal);
    assert_eq!((report.alice, report.bob), (deal.alice(), deal.bob()));
    assert_eq!(report.alice_first, 2);
    assert_eq!(report.value(), solve_deal(deal));
    assert_eq!(report.importance, report.alice_first.abs_diff(report.bob_first));
    for first in Player::ALL {
        let fm = report.first_mover(first);
        assert_eq!(fm.first, first);
        assert_eq!(fm.result, report.value().first(first));
        assert_eq!(fm.loser_keeps, fm.result.unsigned_abs());
        assert_eq!(fm.winner, if fm.result > 0 { Player::Alice } else { Player::Bob });
        assert_eq!(fm.loser(), fm.winner.opponent());
        // The best move has the position's value, the moves are best first.
        assert_eq!(fm.best_moves[0].value, fm.result);
        let sign = if first == Player::Alice { 1 } else { -1 };
        assert!(fm.best_moves.windows(2).all(|w| sign * w[0].value >= sign * w[1].value));
        // The principal variation is a legal game that ends with the result.
        let mut pos = Position::start(deal, first);
        for &mv in &fm.principal_variation {
            pos.try_play(mv).expect("the principal variation is legal");
        }
        assert!(pos.is_over());
        assert_eq!(minimax_value(&Position::start(deal, first)).0, fm.result);
        assert_eq!(*fm, FirstMover::new(&mut Solver::new(), deal, first));
    }
    assert!(report.first_movers[0].principal_variation.iter().any(|m| *m != Move::Pass));
}

#[test]
fn one_deal_with_blank_lines_anywhere() {
    let deals = parse_deals(&format!("\n\n{SAMPLE}\n")).unwrap();
    assert_eq!(deals, vec![(3, SAMPLE.parse().unwrap())]);
    assert!(matches!(
        parse_deals("\n\n"),
        Err(ParseDealsError::Deal(DealError::LineCount { found: 0 }))
    ));
    let e = parse_deals(&SAMPLE.replace("KH ", "")).unwrap_err();
    assert!(e.to_string().starts_with("invalid deal"), "{e}");
}

#[test]
fn many_deals_with_their_lines() {
    let a = seeded_deal(1, 0);
    let b = seeded_deal(1, 1);
    let c = seeded_deal(1, 2);
    let text = format!("\n{a}\n\n \n{b}\n\n{c}");
    assert_eq!(parse_deals(&text).unwrap(), vec![(2, a), (6, b), (9, c)]);
    // A block of three lines, of one line.
    let lines: Vec<String> = b.to_string().lines().map(str::to_owned).collect();
    let three = format!("{a}\n\n{b}\n{}\n", lines[0]);
    assert_eq!(
        parse_deals(&three).unwrap_err(),
        ParseDealsError::LineCount { number: 2, line: 4, lines: 3 }
    );
    let one = format!("{a}\n\n{}\n\n{b}\n", lines[0]);
    let e = parse_deals(&one).unwrap_err();
    assert_eq!(e, ParseDealsError::LineCount { number: 2, line: 4, lines: 1 });
    assert!(e.to_string().ends_with("but this one has 1 line"), "{e}");
    // A bad card: the line is counted in the whole text.
    let bad = format!("{a}\n\n{b}\n\n{}", c.to_string().replacen(' ', " XX ", 1));
    match parse_deals(&bad).unwrap_err() {
        ParseDealsError::InDeal { number: 3, source: DealError::UnknownToken { line: 7, .. } } => {}
        e => panic!("{e:?}"),
    }
}

#[test]
fn statistics_do_not_depend_on_how_the_deals_are_split() {
    let values: Vec<DealValue> = (0..40).map(|i| solve_deal(seeded_deal(4, i))).collect();
    let all: Tally = values.iter().copied().collect();
    let mut parts: Tally = values[..13].iter().copied().collect();
    parts.merge(&values[13..].iter().copied().collect());
    assert_eq!(all, parts);
    let stats = all.stats(4);
    assert_eq!((stats.deals, stats.seed, all.deals()), (40, 4, 40));
    for map in [&stats.winner_alice_first, &stats.winner_bob_first] {
        assert_eq!(map.values().sum::<u64>(), 40);
    }
    assert_eq!(stats.importance.values().sum::<u64>(), 40);
    let alice_wins = values.iter().filter(|v| v.alice_first > 0).count() as u64;
    assert_eq!(stats.winner_alice_first.get(&Player::Alice).copied().unwrap_or(0), alice_wins);
    assert!(stats.result_bob_first.values().all(|&c| c > 0));
    assert_eq!(Tally::new().stats(0).deals, 0);
}

#[cfg(feature = "rayon")]
#[test]
fn the_parallel_drivers_give_the_sequential_reports() {
    use tabletop_core::cancel::Cancel;
    use tabletop_core::drive::{Cancelled, NO_PROGRESS};
    let go = Cancel::new();
    let solved = std::sync::atomic::AtomicU64::new(0);
    let count = |n: u64| {
        solved.fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    };
    let each: Vec<_> = (0..30).map(|i| solve_deal(seeded_deal(9, i))).collect();
    let values: Tally = each.iter().copied().collect();
    assert_eq!(tabletop_nine::seeded_stats(30, 9, &go, &count), Ok(values.stats(9)));
    assert_eq!(tabletop_nine::solve_random(30, 9, &go, &count), Ok(each.clone()));
    let deals: Vec<Deal> = (0..30).map(|i| seeded_deal(9, i)).collect();
    assert_eq!(tabletop_nine::solve_many(&deals, &go, &count), Ok(each));
    let deals = &deals[..5];
    let mut solver = Solver::new();
    let one_by_one: Vec<_> = deals.iter().map(|&d| FirstMoverReport::new(&mut solver, d)).collect();
    assert_eq!(tabletop_nine::first_mover_reports(deals, &go, &count), Ok(one_by_one));
    assert_eq!(solved.into_inner(), 95, "one call of the progress per deal");
    // A flag set: no result.
    let stop = Cancel::new();
    stop.cancel();
    assert_eq!(tabletop_nine::seeded_stats(30, 9, &stop, NO_PROGRESS), Err(Cancelled));
    assert_eq!(tabletop_nine::solve_random(30, 9, &stop, NO_PROGRESS), Err(Cancelled));
    assert_eq!(tabletop_nine::first_mover_reports(deals, &stop, NO_PROGRESS), Err(Cancelled));
    // The enumeration's tally against its importances counted here.
    let small = tabletop_nine::Enumeration::run(4, &go, NO_PROGRESS).unwrap();
    let importances: Vec<u32> =
        tabletop_nine::low_reserve_deals(4).into_iter().map(tabletop_nine::importance).collect();
    assert_eq!(small.deals, importances.len() as u64);
    assert_eq!(small.importance.values().sum::<u64>(), small.deals);
    assert_eq!(small.maximum, importances.iter().copied().max().unwrap());
    assert_eq!(small, tabletop_nine::Enumeration::of(4, &importances));
    // The search stops on a flag set in its scope.
    assert_eq!(
        tabletop_core::cancel::scope(&stop, || tabletop_nine::find_deal(30, 1, 1_000_000)),
        Err(tabletop_nine::FindError::Cancelled)
    );
    let found = tabletop_nine::FindReport::find(4, 1, 100_000).unwrap();
    assert_eq!(tabletop_nine::importance(found.deal()), 4);
    assert_eq!(found.alice_first.abs_diff(found.bob_first), 4);
}

#[test]
fn statistics_list_only_what_occurs() {
    // Two deals, one value each: the tables hold those values and nothing with a count of 0.
    let mut tally = Tally::new();
    tally.add(DealValue { alice_first: 3, bob_first: -2 });
    tally.add(DealValue { alice_first: 3, bob_first: 5 });
    let st = tally.stats(7);
    assert_eq!(st.importance.into_iter().collect::<Vec<_>>(), [(2, 1), (5, 1)]);
    assert_eq!(st.result_alice_first.into_iter().collect::<Vec<_>>(), [(3, 2)]);
    assert_eq!(st.result_bob_first.into_iter().collect::<Vec<_>>(), [(-2, 1), (5, 1)]);
    assert_eq!(st.winner_alice_first.into_iter().collect::<Vec<_>>(), [(Player::Alice, 2)]);
}
