//! Criterion benchmarks: the judge on its sample, the duplicate arena with random bots, and
//! one Monte Carlo decision. Each asserts the result it times.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::seeded_rng;
use tabletop_take6::{Arena, Bot, BotKind, Hand, Rules, judge_nthu14463};

const SAMPLE: &str = "4 3 2\n11\n6\n12 5 9\n1 13 10\n7 2 4\n8 14 3\n";

fn judge(c: &mut Criterion) {
    assert_eq!(judge_nthu14463(SAMPLE).unwrap(), "0\n5\n0\n6\n");
    c.bench_function("judge_sample", |b| b.iter(|| judge_nthu14463(black_box(SAMPLE)).unwrap()));
}

fn arena(c: &mut Criterion) {
    let arena = Arena::new(Rules::standard(4).unwrap(), vec![BotKind::Random; 4]).unwrap();
    let heads = |seed| -> u32 { arena.play_deal(seed).penalties.iter().sum() };
    // Recorded from the arena (the same deals as crates/take6/tests/data/arena_record.txt): the
    // heads of each lineup entry over the four seatings of deal 5.
    assert_eq!(arena.play_deal(5).penalties[..4], [62, 68, 44, 48]);
    // One deal = four hands (one per seating).
    c.bench_function("arena_random_4p_deal", |b| {
        let mut seed = 0;
        b.iter(|| {
            seed += 1;
            black_box(heads(seed))
        })
    });
}

fn monte_carlo(c: &mut Criterion) {
    // The recorded first decision of the seeded bot (a changed search changes it).
    for (players, recorded) in [(4usize, 88), (10, 54)] {
        let hand = Hand::deal(Rules::standard(players).unwrap(), &mut seeded_rng(1));
        let view = hand.view(0);
        let mut bot = BotKind::MonteCarlo { playouts: 200 }.build(hand.rules(), 7).unwrap();
        let card = bot.choose_card(&view);
        assert_eq!(card.value(), recorded);
        c.bench_function(&format!("mc200_first_decision_{players}p"), |b| {
            b.iter(|| bot.choose_card(black_box(&view)))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = judge, arena, monte_carlo
}
criterion_main!(benches);
