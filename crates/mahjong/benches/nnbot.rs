//! Criterion benchmarks of one decision of `nn` (the shipped network) and of `rules`, the
//! problem's fixed rules, on the same positions: A's first discard and a discard twenty
//! decisions into a seeded game. Each checks that its choice is legal before timing.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::Game;
use tabletop_mahjong::{Mahjong, MahjongParams};

fn decisions(c: &mut Criterion) {
    let mut first = Mahjong::new(&MahjongParams::default()).unwrap();
    first.apply_chance_from_seed(5);
    let mut later = first.clone();
    for _ in 0..20 {
        later.apply(later.bot_action("rules", 0));
    }
    let mut group = c.benchmark_group("mahjong decision");
    for (at, game) in [("first", &first), ("20 in", &later)] {
        for bot in ["nn", "rules"] {
            assert!(game.legal_actions().contains(&game.bot_action(bot, 0)));
            group.bench_function(format!("{bot}, {at}"), |b| {
                b.iter(|| black_box(game.bot_action(bot, 0)))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, decisions);
criterion_main!(benches);
