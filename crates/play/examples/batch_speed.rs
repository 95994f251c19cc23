//! Steps per second of `Batch` (the engine of Python's `tabletop.vector_env`) on one thread:
//! n environments, a random legal action each (`Batch::random_actions`), observations written
//! in each step, in bytes (or in `f32` with `--f32`). The first line names the kernels' path
//! (`TABLETOP_PORTABLE=1` forces the portable one, `tabletop_core::simd`).
//!
//! `cargo run --release -p tabletop-play --example batch_speed [--f32] [n] [steps] [game...]`

use std::time::Instant;

use serde_json::json;
use tabletop_play::{Batch, Cell};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let f32s = args.first().is_some_and(|a| a == "--f32");
    if f32s {
        args.remove(0);
    }
    println!("path {:?}, {}", tabletop_core::simd::path(), if f32s { "f32" } else { "u8" });
    let n: usize = args.first().map_or(1024, |a| a.parse().expect("n"));
    let steps: usize = args.get(1).map_or(200, |a| a.parse().expect("steps"));
    let games: Vec<&str> = if args.len() > 2 {
        args[2..].iter().map(String::as_str).collect()
    } else {
        vec!["nine", "take6", "race", "mahjong"]
    };
    for game in games {
        let params = if game == "race" {
            json!({"piece": "queen", "rows": 8, "cols": 8})
        } else {
            json!({})
        };
        let per = if f32s {
            time::<f32>(game, &params, n, steps)
        } else {
            time::<u8>(game, &params, n, steps)
        };
        println!("{game:8} {:>12.0} steps/s  {:>8.3} us a step", 1.0 / per, per * 1e6);
    }
}

/// Seconds a step of one environment takes, observations written in `T`.
fn time<T: Cell>(game: &str, params: &serde_json::Value, n: usize, steps: usize) -> f64 {
    let mut batch = Batch::new(game, params, n, 0).expect("batch");
    let mut obs = vec![T::ZERO; n * batch.observation_size()];
    let mut rewards = vec![0.0; n * batch.num_players()];
    let mut done = vec![false; n];
    let mut actions = vec![0i64; n];
    let start = Instant::now();
    for _ in 0..steps {
        batch.random_actions(&mut actions);
        batch.step(&actions, &mut rewards, &mut done, &mut obs).expect("legal");
    }
    start.elapsed().as_secs_f64() / (n * steps) as f64
}
