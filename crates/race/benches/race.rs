//! Criterion benchmarks: the judge on a million random lines with boards up to 10^18, the
//! retrograde and Grundy tables of 2000 x 2000, and a session's work on the largest playable
//! board ([`MAX_PLAY_SIDE`]). Each asserts the count it produces.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tabletop_core::Game;
use tabletop_race::{
    GrundyTable, MAX_PLAY_SIDE, MAX_SIDE, Move, Outcome, OutcomeTable, Piece, RaceGame, RaceParams,
    floor_k_phi, is_wythoff_cold, judge_hdu5754, random_input,
};

fn judge(c: &mut Criterion) {
    let input = random_input(1_000_000, 5754, MAX_SIDE);
    let mut g = c.benchmark_group("judge");
    g.sample_size(10);
    g.throughput(Throughput::Elements(1_000_000));
    g.bench_function("hdu5754-1e6", |b| {
        b.iter(|| {
            let out = judge_hdu5754(black_box(&input)).unwrap();
            assert_eq!(out.len(), 2_000_000);
            out
        })
    });
    g.finish();
}

fn tables(c: &mut Criterion) {
    let mut g = c.benchmark_group("retro-2000");
    g.sample_size(10);
    g.throughput(Throughput::Elements(2000 * 2000));
    for piece in Piece::ALL {
        g.bench_function(piece.name(), |b| {
            b.iter(|| {
                let t = OutcomeTable::new(piece, 2000, 2000).unwrap();
                // Every board's outcome is a cell: the G cells of a 2000 x 2000 table.
                let lost = t.counts()[Outcome::G as usize];
                let want = match piece {
                    Piece::King => 1_000_000,
                    Piece::Rook => 2000,
                    Piece::Knight => 667,
                    Piece::Queen => 1_527,
                };
                assert_eq!(lost, want, "{piece}");
                lost
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("grundy-2000");
    g.sample_size(10);
    g.throughput(Throughput::Elements(2000 * 2000));
    for piece in [Piece::King, Piece::Rook, Piece::Queen] {
        g.bench_function(piece.name(), |b| {
            b.iter(|| {
                let t = GrundyTable::new(piece, 2000, 2000).unwrap();
                assert_eq!(t.get(0, 0), 0);
                t
            })
        });
    }
    g.finish();
}

/// Baselines in the same run: the fast Grundy sweep against the scanning oracle on 300 x 300,
/// and the square-free Wythoff test against `floor(k phi)` by integer square root.
fn baselines(c: &mut Criterion) {
    let mut g = c.benchmark_group("grundy-300-queen");
    g.sample_size(10);
    g.throughput(Throughput::Elements(300 * 300));
    let want = GrundyTable::new(Piece::Queen, 300, 300).unwrap();
    g.bench_function("sweep", |b| {
        b.iter(|| assert!(GrundyTable::new(Piece::Queen, 300, 300).unwrap() == want))
    });
    g.bench_function("scanning", |b| {
        b.iter(|| assert!(GrundyTable::by_scanning(Piece::Queen, 300, 300).unwrap() == want))
    });
    g.finish();
    // Pairs near cold pairs and random pairs, half and half.
    let pairs: Vec<(u64, u64)> = (0..1_000_000u64)
        .map(|i| {
            let r = tabletop_core::sub_seed(1, i);
            let k = r % MAX_SIDE / 2;
            let lo = floor_k_phi(k) as u64;
            if i % 2 == 0 { (lo + (r >> 62), lo + k) } else { (r % MAX_SIDE, (r >> 3) % MAX_SIDE) }
        })
        .collect();
    let mut g = c.benchmark_group("wythoff-1e6");
    g.throughput(Throughput::Elements(1_000_000));
    g.sample_size(10);
    let cold = pairs.iter().filter(|&&(a, b)| is_wythoff_cold(a, b)).count();
    g.bench_function("squares", |b| {
        b.iter(|| {
            let n = black_box(&pairs).iter().filter(|&&(a, b)| is_wythoff_cold(a, b)).count();
            assert_eq!(n, cold);
        })
    });
    g.bench_function("isqrt", |b| {
        b.iter(|| {
            let n = black_box(&pairs)
                .iter()
                .filter(|&&(a, b)| {
                    let (lo, hi) = (a.min(b), a.max(b));
                    floor_k_phi(hi - lo) == u128::from(lo)
                })
                .count();
            assert_eq!(n, cold);
        })
    });
    g.finish();
}

/// What a session does on the largest board it accepts, the queen's 100 x 100 (the most moves
/// per cell): the solver's move from `(1, 1)`, one step's legal actions and both players'
/// tensors, and the analysis's tables of every cell (outcomes and Grundy values).
fn play_cap(c: &mut Criterion) {
    let side = MAX_PLAY_SIDE;
    let params = RaceParams { piece: "queen".into(), rows: side, cols: side, start: None };
    let game = RaceGame::new(&params).unwrap();
    let mut g = c.benchmark_group("play-cap-queen-100");
    g.bench_function("solver-move", |b| {
        // The first of the 297 moves that wins: right to the distances (99, 61), a cold pair
        // (the diagonal move to the target wins too, but comes last).
        b.iter(|| assert_eq!(black_box(&game).bot_action("solver", 0), Move { x: 1, y: 39 }))
    });
    g.bench_function("step", |b| {
        b.iter(|| {
            let g = black_box(&game);
            assert_eq!(g.legal_actions().len(), 297);
            let ones: f32 = (0..2).map(|p| g.observation_tensor(p).iter().sum::<f32>()).sum();
            assert_eq!(ones, 4.0 + 10_000.0);
        })
    });
    let n = side as usize;
    g.bench_function("tables", |b| {
        b.iter(|| {
            let t = OutcomeTable::new(Piece::Queen, n, n).unwrap();
            let grundy = GrundyTable::new(Piece::Queen, n, n).unwrap();
            assert_eq!((t.start(), grundy.get(0, 0)), (Outcome::B, 0));
        })
    });
    g.finish();
}

criterion_group!(benches, judge, tables, baselines, play_cap);
criterion_main!(benches);
