//! Counts and solves the deals with few non-reserve cards: `cargo run --release --example enumerate -- 11`.

use std::time::Instant;

use tabletop_nine::{Solver, low_reserve_deals};

fn main() {
    let n: usize = std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(11);
    let t = Instant::now();
    let deals = low_reserve_deals(n);
    println!(
        "{} deals with <= {n} non-reserve cards ({:.2} s)",
        deals.len(),
        t.elapsed().as_secs_f64()
    );
    let limit: usize = std::env::args().nth(2).and_then(|s| s.parse().ok()).unwrap_or(2000);
    let mut solver = Solver::new();
    let t = Instant::now();
    let mut hist = [0u64; 37];
    for &d in deals.iter().take(limit) {
        hist[solver.solve(d).importance() as usize] += 1;
    }
    println!("solved {} in {:.2} s: {:?}", limit.min(deals.len()), t.elapsed().as_secs_f64(), hist);
}
