//! CPU time of one `resample_from_infostate` call on the positions of the criterion bench
//! (`benches/mahjong.rs`), a probe run by hand: on a loaded machine the process's CPU time
//! varies far less than criterion's wall-clock figures.
//!
//! ```text
//! cargo test --release -p tabletop-mahjong --test resample_speed -- --ignored --nocapture
//! ```
//!
//! `RESAMPLE_CASES=random-true` (a comma-separated list of `play-claims`) runs only those
//! cases, for a profile of one of them.
//!
//! `RESAMPLE_COLD=1` resamples a fresh clone of the game each call (a position keeps what
//! resampling it computed for a player, for the next call on it): the first call's time,
//! the clone's included.
//!
//! Each of 6 rounds resamples every position for every player until 1.5 s of CPU time have
//! passed; the line printed gives each round's microseconds a call and their median. Besides
//! the bench's positions (the rules bots, one random action in ten), positions of uniformly
//! random play: 10 to 89 actions into a game (`random`), and one drawn from each whole game
//! (`whole`), as OpenSpiel's benchmark (`python/benchmarks/openspiel_calls.py`) records
//! them. Their players skip many claims the rules would make, so resampling them costs
//! more.

use std::time::Duration;

use tabletop_core::{Game, seeded_rng, sub_seed};

#[path = "common/positions.rs"]
mod positions;
use positions::{positions, random_positions, whole_game_positions};

/// The cases: how the positions were played, and whether the players decide their claims.
const CASES: [(&str, bool); 6] = [
    ("rules", false),
    ("rules", true),
    ("random", false),
    ("random", true),
    ("whole", false),
    ("whole", true),
];

/// The 200 positions of a case: the bench's (`rules`), 10 to 89 actions of random play
/// (`random`), or one drawn from each of 200 whole games of random play (`whole`).
fn games(play: &str, claims: bool) -> Vec<tabletop_mahjong::Mahjong> {
    match play {
        "rules" => positions(200, claims),
        "random" => random_positions(200, claims),
        _ => whole_game_positions(200, claims),
    }
}

/// Whether the case is among those `RESAMPLE_CASES` names (all of them when it is unset).
fn chosen(play: &str, claims: bool) -> bool {
    std::env::var("RESAMPLE_CASES")
        .map_or(true, |cases| cases.split(',').any(|c| c == format!("{play}-{claims}")))
}

/// The CPU time (user and system) of this process so far, from `/proc/self/stat`.
fn cpu_time() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat (Linux)");
    // The fields after the command name (in parentheses, which may hold spaces).
    let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // The kernel's clock ticks are 100 a second on every usual Linux configuration.
    Duration::from_millis(ticks * 10)
}

#[test]
#[ignore = "a speed probe, run by hand"]
fn resample_cpu_time_a_call() {
    for (play, claims) in CASES.into_iter().filter(|&(p, c)| chosen(p, c)) {
        let games = games(play, claims);
        let mut rng = seeded_rng(9);
        let cold = std::env::var_os("RESAMPLE_COLD").is_some();
        let mut rounds = Vec::new();
        for _ in 0..6 {
            let start = cpu_time();
            let mut calls = 0u64;
            while cpu_time() - start < Duration::from_millis(1500) {
                for g in &games {
                    for p in 0..4 {
                        if cold {
                            let g = g.clone();
                            std::hint::black_box(g.resample_from_infostate(p, &mut rng));
                        } else {
                            std::hint::black_box(g.resample_from_infostate(p, &mut rng));
                        }
                    }
                }
                calls += 4 * games.len() as u64;
            }
            rounds.push((cpu_time() - start).as_secs_f64() * 1e6 / calls as f64);
        }
        let shown: Vec<String> = rounds.iter().map(|r| format!("{r:.1}")).collect();
        rounds.sort_by(f64::total_cmp);
        let median = (rounds[2] + rounds[3]) / 2.0;
        let cold = if cold { " (cold)" } else { "" };
        println!(
            "{play}, claims {claims}{cold}: us a call {} (median {median:.1})",
            shown.join(" ")
        );
    }
}

/// A hash of the walls sampled from fixed seeds on the bench's positions and the random-play
/// ones, every player: two builds that sample alike print the same.
#[test]
#[ignore = "a probe, run by hand"]
fn resample_wall_hash() {
    for (play, claims) in CASES {
        let games = games(play, claims);
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for (i, g) in games.iter().enumerate() {
            for p in 0..4 {
                let sample =
                    g.resample_from_infostate(p, &mut seeded_rng(sub_seed(i as u64, p as u64)));
                let wall = sample.position().expect("a dealt game").wall();
                for k in wall.tiles() {
                    hash = (hash ^ k.index() as u64).wrapping_mul(0x100_0000_01b3);
                }
            }
        }
        println!("{play}, claims {claims}: wall hash {hash:016x}");
    }
}
