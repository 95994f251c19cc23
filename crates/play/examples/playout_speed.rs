//! Steps per second of seeded random playouts through [`Session`] (the integer interface a
//! Python environment uses) against the same playouts on the game's own
//! [`tabletop_core::Game`] type, measured in the same run: the session layer's overhead.
//!
//! `cargo run --release -p tabletop-play --example playout_speed`

use std::time::Instant;

use serde_json::json;
use tabletop_core::rand::Rng as _;
use tabletop_core::{Game, seeded_rng};
use tabletop_play::{Seat, Session};

/// The median of `runs` timings of `f`, in seconds, and the steps of one run.
fn median(runs: usize, mut f: impl FnMut() -> usize) -> (f64, usize) {
    let mut times = Vec::new();
    let mut steps = 0;
    for _ in 0..runs {
        let t = Instant::now();
        steps = f();
        times.push(t.elapsed().as_secs_f64());
    }
    times.sort_by(f64::total_cmp);
    (times[runs / 2], steps)
}

fn session_playouts(game: &str, games: u64) -> usize {
    let mut steps = 0;
    for seed in 0..games {
        let mut s = Session::new(game, json!({}), vec![Seat::Human; 1], seed).unwrap();
        let mut rng = seeded_rng(seed);
        while !s.is_terminal() {
            let legal = s.legal_actions();
            s.apply_action(legal[rng.random_range(0..legal.len())]).unwrap();
            steps += 1;
        }
    }
    steps
}

/// The same random playouts on the game type itself: its default parameters, the deal from
/// the seed, then one step per player's decision, as in the session.
fn raw_playouts<G: Game>(games: u64) -> usize {
    let mut steps = 0;
    for seed in 0..games {
        let mut g = G::new(&G::Params::default()).expect("the default parameters are valid");
        let mut rng = seeded_rng(seed);
        while !g.is_terminal() {
            if g.is_chance_node() {
                for a in g.chance_from_seed(seed) {
                    g.apply_unchecked(a);
                }
                continue;
            }
            let legal = g.legal_actions();
            g.apply_unchecked(legal[rng.random_range(0..legal.len())]);
            steps += 1;
        }
    }
    steps
}

fn main() {
    let games = 200;
    println!("game      session steps/s   raw Game steps/s   ratio   (median of 5, {games} games)");
    let report = |name: &str, s: (f64, usize), r: (f64, usize)| {
        let (ss, rs) = (s.1 as f64 / s.0, r.1 as f64 / r.0);
        println!("{name:<9} {ss:>15.0} {rs:>18.0} {:>7.2}", rs / ss);
    };
    let s = median(5, || session_playouts("nine", games));
    let r = median(5, || raw_playouts::<tabletop_nine::Nine>(games));
    report("nine", s, r);
    let s = median(5, || session_playouts("take6", games));
    let r = median(5, || raw_playouts::<tabletop_take6::Take6>(games));
    report("take6", s, r);
    let s = median(5, || session_playouts("race", games));
    let r = median(5, || raw_playouts::<tabletop_race::RaceGame>(games));
    report("race", s, r);
    let s = median(5, || session_playouts("mahjong", games));
    let r = median(5, || raw_playouts::<tabletop_mahjong::Mahjong>(games));
    report("mahjong", s, r);
}
