//! Criterion benchmarks: one distance query, simulating seeded walls, and resampling a
//! player's information state.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
#[path = "../tests/common/positions.rs"]
mod positions;
use positions::positions;
use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_mahjong::{Hand, Position, Wall, distance, distance_direct, simulate};

/// Hands of `14 - 3n` plain tiles from the front of seeded walls, `n = i % 5`.
fn hands(count: u64) -> Vec<(Hand, usize)> {
    (0..count)
        .map(|i| {
            let wall = Wall::random(&mut seeded_rng(sub_seed(2021, i)));
            let melds = (i % 5) as usize;
            let tiles = wall.tiles().iter().copied().filter(|k| !k.is_special());
            (Hand::from_tiles(tiles.take(14 - 3 * melds)).expect("at most 4 of a kind"), melds)
        })
        .collect()
}

fn distance_query(c: &mut Criterion) {
    let hands = hands(4096);
    // The result is asserted: the tables agree with the direct search on these hands.
    for (h, m) in hands.iter().take(200) {
        assert_eq!(distance(h, *m), distance_direct(h, *m));
    }
    let mut g = c.benchmark_group("mahjong");
    g.throughput(Throughput::Elements(1));
    let mut i = 0;
    g.bench_function("distance query (random hands)", |b| {
        b.iter(|| {
            i = (i + 1) & 4095;
            let (h, m) = &hands[i];
            distance(black_box(h), *m)
        })
    });
    g.finish();
}

fn simulate_walls(c: &mut Criterion) {
    let walls: Vec<Wall> =
        (0..100).map(|i| Wall::random(&mut seeded_rng(sub_seed(7147, i)))).collect();
    let expected: usize = walls.iter().map(|w| simulate(w).events.len()).sum();
    let mut g = c.benchmark_group("mahjong");
    g.throughput(Throughput::Elements(walls.len() as u64));
    g.bench_function("simulate 100 seeded walls", |b| {
        b.iter(|| {
            let mut events = 0;
            for w in &walls {
                let mut t = Position::new(black_box(w));
                t.play_out();
                events += t.events().len();
            }
            assert_eq!(events, expected);
            events
        })
    });
    g.finish();
}

fn resample(c: &mut Criterion) {
    let mut g = c.benchmark_group("mahjong");
    g.throughput(Throughput::Elements(1));
    for claims in [false, true] {
        let games = positions(200, claims);
        // The result is asserted: each sample shows its player what the game showed them.
        for (i, game) in games.iter().enumerate().take(50) {
            let p = i % 4;
            let sample = game.resample_from_infostate(p, &mut seeded_rng(i as u64));
            assert_eq!(sample.information_state_string(p), game.information_state_string(p));
        }
        let mut rng = seeded_rng(9);
        let mut i = 0;
        let name = format!("resample_from_infostate (claims {claims})");
        g.bench_function(name, |b| {
            b.iter(|| {
                i = (i + 1) % (4 * games.len());
                games[i / 4].resample_from_infostate(i % 4, &mut rng)
            })
        });
    }
    g.finish();
}

criterion_group!(benches, distance_query, simulate_walls, resample);
criterion_main!(benches);
