//! Criterion: Nine's review of whole games, with the thread's solver (its transposition
//! table carried from decision to decision, as `NineOracle` does) beside the same positions
//! solved each by a fresh solver. The aim: a 36-move game reviewed in at most 50 ms.
//!
//! `cargo bench -p tabletop-nine --bench review`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::review::review;
use tabletop_core::{Game, seeded_rng, sub_seed};
use tabletop_nine::{Nine, NineOracle, Player, Solver, random_deal};

/// Eight games of random play (about 36 moves each) as their start and action ids.
fn games() -> Vec<(Nine, Vec<usize>)> {
    (0..8)
        .map(|i| {
            let start = Nine::start(random_deal(&mut seeded_rng(sub_seed(22, i))), Player::Alice);
            let mut g = start;
            let mut ids = Vec::new();
            while g.current_player().is_some() {
                let mv = g.bot_action("random", sub_seed(i, ids.len() as u64));
                ids.push(g.action_id(mv));
                g.apply(mv);
            }
            (start, ids)
        })
        .collect()
}

/// Every legal move of every decision of the game valued by a new solver each time.
fn from_scratch(start: &Nine, ids: &[usize]) -> i64 {
    let mut g = *start;
    let mut sum = 0;
    for &id in ids {
        if g.legal_actions().len() > 1 {
            let moves = Solver::new().best_moves(g.position().unwrap());
            sum += moves.iter().map(|m| i64::from(m.1)).sum::<i64>();
        }
        g.apply(g.action_from_id(id).unwrap());
    }
    sum
}

fn bench(c: &mut Criterion) {
    let games = games();
    let mut group = c.benchmark_group("nine/review");
    group.sample_size(10);
    group.bench_function("shared table (NineOracle), 8 games", |b| {
        b.iter(|| {
            for (start, ids) in &games {
                black_box(review(start, ids, &mut NineOracle, 0).unwrap());
            }
        })
    });
    group.bench_function("a new solver per position, 8 games", |b| {
        b.iter(|| {
            for (start, ids) in &games {
                black_box(from_scratch(start, ids));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
