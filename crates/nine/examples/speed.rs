//! Quick timing of the solver on seeded random deals: `cargo run --release --example speed`.

use std::time::Instant;

use tabletop_core::{seeded_rng, sub_seed};
use tabletop_nine::{Solver, random_deal};

fn main() {
    let n: u64 = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let mut solver = Solver::new();
    let mut times = Vec::new();
    let mut positions = Vec::new();
    let mut hist = [0u32; 37];
    for i in 0..n {
        let deal = random_deal(&mut seeded_rng(sub_seed(1, i)));
        let t = Instant::now();
        let v = solver.solve(deal);
        times.push(t.elapsed().as_nanos());
        positions.push(solver.positions());
        hist[v.importance() as usize] += 1;
    }
    times.sort_unstable();
    positions.sort_unstable();
    let mean = positions.iter().sum::<usize>() as f64 / n as f64;
    println!(
        "{n} deals: median {:.1} us, p90 {:.1} us, max {:.1} us; positions median {} mean {mean:.0}; nodes {}",
        times[times.len() / 2] as f64 / 1e3,
        times[times.len() * 9 / 10] as f64 / 1e3,
        times[times.len() - 1] as f64 / 1e3,
        positions[positions.len() / 2],
        solver.nodes()
    );
    println!("importance histogram: {:?}", &hist[..]);
    let mut wl = Vec::new();
    let mut times = Vec::new();
    for i in 0..n {
        let deal = random_deal(&mut seeded_rng(sub_seed(1, i)));
        let mut s = Solver::new();
        let t = Instant::now();
        s.winner(&tabletop_nine::Position::start(deal, tabletop_nine::Player::Alice));
        times.push(t.elapsed().as_nanos());
        wl.push(s.positions());
        if i >= 200 {
            break;
        }
    }
    wl.sort_unstable();
    times.sort_unstable();
    println!(
        "win/loss alice first: positions median {} time median {:.1} us",
        wl[wl.len() / 2],
        times[times.len() / 2] as f64 / 1e3
    );
}
