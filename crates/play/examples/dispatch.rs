//! What the erased dispatch costs on a batch step: the same loop (reset on the end, chance
//! from a seed, the legal mask, a random legal action, the observation in bytes) over 512
//! games of each kind, once through `Box<dyn ErasedGame>` and once through the game's own
//! type (what an enum of the games would reach at best). Prints the median time of each and
//! their ratio.
//!
//! `cargo run --release -p tabletop-play --example dispatch`

use std::time::{Duration, Instant};

use tabletop_core::{Game, Turn, sub_seed};
use tabletop_mahjong::Mahjong;
use tabletop_nine::Nine;
use tabletop_play::{ErasedGame, Present};
use tabletop_race::RaceGame;
use tabletop_take6::Take6;

const ENVS: usize = 512;
const STEPS: usize = 200;
const RUNS: usize = 9;

/// One pass over the batch through the erased layer; the number of games ended.
fn erased(start: &dyn ErasedGame) -> u64 {
    let mut games: Vec<Box<dyn ErasedGame>> = (0..ENVS).map(|_| start.clone_box()).collect();
    let mut mask = vec![false; start.num_distinct_actions()];
    let mut obs = vec![0u8; start.observation_shape().iter().product()];
    let mut ended = 0;
    for step in 0..STEPS {
        for (env, game) in games.iter_mut().enumerate() {
            let seed = sub_seed(env as u64, step as u64);
            if game.turn() == Turn::Terminal {
                ended += 1;
                game.clone_from_same(start);
            }
            while game.turn() == Turn::Chance {
                game.apply_chance_from_seed(seed);
            }
            let Turn::Player(p) = game.turn() else { continue };
            game.write_legal_mask(&mut mask);
            let id = pick(&mask, seed);
            game.apply_legal_id(id);
            game.write_observation_bytes(p, &mut obs);
        }
    }
    ended
}

/// The same pass through the game's own type.
fn direct<G: Present>(start: &G) -> u64 {
    let mut games: Vec<G> = (0..ENVS).map(|_| start.clone()).collect();
    let mut mask = vec![false; Game::num_distinct_actions(start)];
    let mut obs = vec![0u8; Game::observation_shape(start).iter().product()];
    let mut ended = 0;
    for step in 0..STEPS {
        for (env, game) in games.iter_mut().enumerate() {
            let seed = sub_seed(env as u64, step as u64);
            if Game::turn(game) == Turn::Terminal {
                ended += 1;
                game.clone_from(start);
            }
            while Game::turn(game) == Turn::Chance {
                Game::apply_chance_from_seed(game, seed);
            }
            let Turn::Player(p) = Game::turn(game) else { continue };
            Game::write_legal_mask(game, &mut mask);
            let id = pick(&mask, seed);
            game.apply_unchecked(game.action_from_id(id).expect("a legal id"));
            Game::write_observation_tensor(game, p, &mut obs);
        }
    }
    ended
}

/// A legal id chosen by `seed`.
fn pick(mask: &[bool], seed: u64) -> usize {
    let legal = mask.iter().filter(|&&b| b).count();
    let k = (seed % legal as u64) as usize;
    mask.iter().enumerate().filter(|&(_, &b)| b).nth(k).expect("a legal id").0
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn compare<G: Present>() {
    let start = G::new(&G::Params::default()).expect("the default parameters are valid");
    let boxed: Box<dyn ErasedGame> = Box::new(start.clone());
    let (mut dyn_times, mut own_times) = (Vec::new(), Vec::new());
    for _ in 0..RUNS {
        let t = Instant::now();
        let a = erased(boxed.as_ref());
        dyn_times.push(t.elapsed());
        let t = Instant::now();
        let b = direct(&start);
        own_times.push(t.elapsed());
        assert_eq!(a, b, "both passes play the same games");
    }
    let (d, o) = (median(dyn_times), median(own_times));
    println!(
        "{:8} erased {:>8.2} ms  own type {:>8.2} ms  erased/own {:.3}",
        G::TYPE.short_name,
        d.as_secs_f64() * 1e3,
        o.as_secs_f64() * 1e3,
        d.as_secs_f64() / o.as_secs_f64()
    );
}

fn main() {
    compare::<Nine>();
    compare::<Take6>();
    compare::<RaceGame>();
    compare::<Mahjong>();
}
