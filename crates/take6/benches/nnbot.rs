//! Criterion benchmarks of the network bots' decisions on a seeded 4-player hand (the rules
//! the shipped network plays), beside the heuristic's and `mc:20`'s as baselines. Each checks
//! that its card is in the hand before timing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::Game;
use tabletop_take6::{Bot, BotKind, Take6, Take6Params};

fn decisions(c: &mut Criterion) {
    let mut game = Take6::new(&Take6Params::default()).unwrap();
    game.apply_chance_from_seed(5);
    let hand = game.hand().unwrap();
    let view = hand.view(0);
    let mut group = c.benchmark_group("take6 decision");
    for kind in [BotKind::Network, BotKind::Heuristic, BotKind::MonteCarlo { playouts: 20 }] {
        let mut bot = kind.build(view.rules, 1).unwrap();
        assert!(view.hand.contains(bot.choose_card(&view)));
        group.bench_function(kind.to_string(), |b| b.iter(|| black_box(bot.choose_card(&view))));
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
