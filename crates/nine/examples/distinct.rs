//! Times `find_distinct`: `cargo run --release --example distinct -- K SEED...`.

use std::time::Instant;

use tabletop_nine::find_distinct;

fn main() {
    let args: Vec<u64> = std::env::args().skip(1).filter_map(|s| s.parse().ok()).collect();
    let k = args.first().copied().unwrap_or(26) as usize;
    let seeds = if args.len() > 1 { args[1..].to_vec() } else { vec![1769] };
    for seed in seeds {
        let t = Instant::now();
        let r = find_distinct(k, seed, u64::MAX);
        let values: Vec<u32> =
            r.as_ref().map(|v| v.iter().map(|d| d.1).collect()).unwrap_or_default();
        println!("seed {seed}: {:.3} s {values:?} {:?}", t.elapsed().as_secs_f64(), r.err());
    }
}
