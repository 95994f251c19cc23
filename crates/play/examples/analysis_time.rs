//! The median time of one [`Session::analysis`] per game at the start of a game (the work
//! a server does per analysis request), with the documented caps at their largest.
//!
//! `cargo run --release -p tabletop-play --example analysis_time`

use std::time::Instant;

use serde_json::{Value, json};
use tabletop_play::{Seat, Session};

fn median_ms(game: &str, params: Value, runs: u64) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|seed| {
            let s = Session::new(game, params.clone(), vec![Seat::Human], seed).unwrap();
            let t = Instant::now();
            s.analysis().unwrap();
            t.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    println!("analysis at the start, median of 21 seeds, milliseconds");
    for (game, params) in [
        ("nine", json!({})),
        ("take6", json!({"players": 10, "hand_size": 10})),
        ("race", json!({"piece": "queen", "rows": 64, "cols": 64})),
        ("race", json!({"piece": "knight", "rows": 64, "cols": 64})),
        ("mahjong", json!({})),
    ] {
        println!(
            "{game:<8} {:<40} {:>8.3}",
            params.to_string(),
            median_ms(game, params.clone(), 21)
        );
    }
}
