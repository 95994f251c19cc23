//! The work the fast solver does, pinned: positions stored and search calls made on 64 seeded
//! deals (both first movers), and the values they give, against numbers recorded from the
//! solver itself. The values are checked against the minimax oracle elsewhere; this test
//! catches a change that keeps the answers but loses pruning, ordering or a first guess (a
//! slower solver is a behaviour change here: speed is part of the solver's correctness).
//!
//! When a change to the search means to visit other positions, re-record the three numbers
//! (the failure message prints them) and give the old and new counts in the commit message,
//! as for `crates/cli/data/bench-counts.txt`.

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Solver, random_deal};

/// Positions stored, search calls, and the sum of the two values, over the 64 deals.
const RECORDED: (usize, u64, i64) = (121_773, 150_222, -4_559);

#[test]
fn the_solver_does_the_recorded_work_on_64_seeded_deals() {
    let mut solver = Solver::new();
    let (mut positions, mut values) = (0, 0i64);
    for i in 0..64 {
        let deal = random_deal(&mut seeded_rng(sub_seed(11, i)));
        let value = solver.solve(deal);
        positions += solver.positions();
        values += i64::from(value.alice_first) * 100 + i64::from(value.bob_first);
    }
    let got = (positions, solver.nodes(), values);
    assert_eq!(got, RECORDED, "(positions, nodes, value sum) on the 64 deals");
}

#[test]
fn the_debug_form_shows_the_deal_and_the_counters() {
    let mut solver = Solver::new();
    solver.solve(random_deal(&mut seeded_rng(sub_seed(11, 0))));
    let shown = format!("{solver:?}");
    assert!(shown.starts_with("Solver { table_size: 65536, deal: Some("), "{shown}");
    let counters = format!("positions: {}, nodes: {}, .. }}", solver.positions(), solver.nodes());
    assert!(shown.ends_with(&counters), "{shown}");
}
