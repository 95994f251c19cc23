//! Criterion: the fast solver on 1,000 seeded random deals (both first movers), beside the
//! plain memoised minimax on a few of them, with the positions each visits per deal.
//!
//! `cargo bench -p tabletop-nine --bench solve`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Deal, DealValue, Solver, minimax_deal, random_deal};

fn deals(n: u64) -> Vec<Deal> {
    (0..n).map(|i| random_deal(&mut seeded_rng(sub_seed(1, i)))).collect()
}

/// The sums of the signed values (both first movers) and of the positions over some solves.
#[derive(Debug, Default, PartialEq, Eq)]
struct Checksum {
    alice_first: i64,
    bob_first: i64,
    positions: u64,
}

impl Checksum {
    fn add(&mut self, value: DealValue, positions: usize) {
        self.alice_first += i64::from(value.alice_first);
        self.bob_first += i64::from(value.bob_first);
        self.positions += positions as u64;
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn bench(c: &mut Criterion) {
    let deals = deals(1000);
    let baseline = &deals[..5];

    // Per-deal medians and positions, and the fast solver checked against the oracle.
    let mut solver = Solver::new();
    let (mut fast_times, mut fast_positions) = (Vec::new(), Vec::new());
    // What the timed loops must reproduce: the sum of the values and of the positions.
    let mut expected = Checksum::default();
    for &deal in &deals {
        let t = Instant::now();
        let value = black_box(solver.solve(deal));
        fast_times.push(t.elapsed().as_secs_f64());
        fast_positions.push(solver.positions() as f64);
        expected.add(value, solver.positions());
    }
    let (mut slow_times, mut slow_positions) = (Vec::new(), Vec::new());
    for &deal in baseline {
        let t = Instant::now();
        let (value, positions) = minimax_deal(deal);
        slow_times.push(t.elapsed().as_secs_f64());
        slow_positions.push(positions as f64);
        assert_eq!(solver.solve(deal), value, "fast solver disagrees with minimax on\n{deal}");
    }
    let (fast, slow) = (median(fast_times), median(slow_times));
    println!(
        "fast solver: median {:.1} us per deal, median {:.0} positions per deal ({} deals)",
        fast * 1e6,
        median(fast_positions),
        deals.len()
    );
    println!(
        "minimax:     median {:.1} ms per deal, median {:.0} positions per deal ({} deals); ratio {:.0}x",
        slow * 1e3,
        median(slow_positions),
        baseline.len(),
        slow / fast
    );

    let mut group = c.benchmark_group("nine");
    group.sample_size(10).measurement_time(Duration::from_secs(10));
    let mut last = None;
    group.bench_function("solve 1000 deals, both first movers", |b| {
        b.iter(|| {
            // A fresh solver, as in the first pass: a solver keeps its table from deal to
            // deal, so one that solved these deals before would search less.
            let mut solver = Solver::new();
            let mut sum = Checksum::default();
            for &deal in &deals {
                sum.add(black_box(solver.solve(deal)), solver.positions());
            }
            last = Some(sum);
        })
    });
    assert_eq!(last, Some(expected), "the timed solves differ from the first pass");
    let want = minimax_deal(baseline[0]);
    let mut last = None;
    group.bench_function("minimax 1 deal, both first movers", |b| {
        b.iter(|| last = Some(black_box(minimax_deal(baseline[0]))))
    });
    assert_eq!(last, Some(want), "the timed minimax differs from the first pass");
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
