//! Steps per second of `Batch` (the engine of Python's `tabletop.vector_env`) on one thread:
//! n environments, a random legal action each (`Batch::random_actions`), observations written
//! in each step.
//!
//! `cargo run --release -p tabletop-play --example batch_speed [n] [steps] [game...]`

use std::time::Instant;

use serde_json::json;
use tabletop_play::Batch;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
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
        let mut batch = Batch::new(game, &params, n, 0).expect("batch");
        let mut obs = vec![0u8; n * batch.observation_size()];
        let mut rewards = vec![0.0; n * batch.num_players()];
        let mut done = vec![false; n];
        let mut actions = vec![0i64; n];
        let start = Instant::now();
        for _ in 0..steps {
            batch.random_actions(&mut actions);
            batch.step(&actions, &mut rewards, &mut done, &mut obs).expect("legal");
        }
        let secs = start.elapsed().as_secs_f64();
        let per = secs / (n * steps) as f64;
        println!("{game:8} {:>12.0} steps/s  {:>8.3} us a step", 1.0 / per, per * 1e6);
    }
}
