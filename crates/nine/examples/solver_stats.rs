//! Per-deal statistics of the fast solver: time and positions per deal (both first movers),
//! and the time of the D1 path (the winner with Alice first), over seeded random deals.
//!
//! `cargo run --release -p tabletop-nine --example solver_stats [deals] [repeats] [--no-d3]`
//!
//! `--no-d3` skips the D3 workload (for `valgrind --tool=callgrind`, whose instruction counts
//! are repeatable: `valgrind --tool=callgrind target/release/examples/solver_stats 200 1 --no-d3`).
//!
//! The deals are those of the criterion bench (`sub_seed(1, i)`); each deal is timed
//! `repeats` times (default 3) and the fastest time is kept, which filters out the noise of a
//! shared machine. The checksum (of the values) must not change between solver versions.

use std::hint::black_box;
use std::time::Instant;

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Deal, Player, Position, Solver, random_deal};

fn quantile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let all: Vec<String> = std::env::args().skip(1).collect();
    let no_d3 = all.iter().any(|a| a == "--no-d3");
    let mut args = all.into_iter().filter(|a| a != "--no-d3");
    let n: u64 = args.next().map_or(1000, |a| a.parse().expect("a number of deals"));
    let repeats: u32 = args.next().map_or(3, |a| a.parse().expect("a number of repeats"));
    let deals: Vec<Deal> = (0..n).map(|i| random_deal(&mut seeded_rng(sub_seed(1, i)))).collect();
    let mut solver = Solver::new();
    let mut times = vec![f64::MAX; deals.len()];
    let mut d1 = vec![f64::MAX; deals.len()];
    let mut positions = vec![0.0; deals.len()];
    let mut nodes = vec![0.0; deals.len()];
    let mut checksum = 0i64;
    // One solver reused over all deals, as in real use; each round over the deals loads every
    // deal afresh, and the fastest of the rounds is kept per deal.
    for _ in 0..repeats {
        for (i, &deal) in deals.iter().enumerate() {
            let before = solver.nodes();
            let t = Instant::now();
            let v = black_box(solver.solve(deal));
            nodes[i] = (solver.nodes() - before) as f64;
            times[i] = times[i].min(t.elapsed().as_secs_f64() * 1e6);
            positions[i] = solver.positions() as f64;
            checksum += i64::from(v.alice_first) * 100 + i64::from(v.bob_first);
        }
        for (i, &deal) in deals.iter().enumerate() {
            let t = Instant::now();
            black_box(solver.winner(&Position::start(deal, Player::Alice)));
            d1[i] = d1[i].min(t.elapsed().as_secs_f64() * 1e6);
        }
    }
    // The D3 judge's work: 26 deals with distinct importances (about 1,200 deals solved).
    let mut d3 = f64::MAX;
    for _ in 0..if no_d3 { 0 } else { repeats } {
        let t = Instant::now();
        let (found, solved) = tabletop_nine::find_distinct_counted(
            26,
            tabletop_nine::JUDGE_SEED,
            tabletop_nine::JUDGE_BUDGET,
        )
        .expect("26 distinct importances exist");
        d3 = d3.min(t.elapsed().as_secs_f64());
        assert_eq!((found.len(), solved), (26, 1209));
    }
    if !no_d3 {
        println!("D3 k = 26: {:.1} ms (1,209 deals solved)", d3 * 1e3);
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (tm, pm) = (mean(&times), mean(&positions));
    println!(
        "{n} deals: both first movers median {:.1} us, p99 {:.1} us, mean {tm:.1} us; \
         positions median {:.0}, mean {pm:.0}; nodes median {:.0}; D1 (Alice first, winner) median {:.1} us; checksum {checksum}; \
         nodes in all {}",
        quantile(&mut times, 0.5),
        quantile(&mut times, 0.99),
        quantile(&mut positions, 0.5),
        quantile(&mut nodes, 0.5),
        quantile(&mut d1, 0.5),
        solver.nodes(),
    );
}
