//! Criterion benchmarks: one decision of a 936-256-256-108 network (Take 6!'s observation and
//! action ids for 4 players, seeded weights) on observations from a seeded hand, and on a
//! dense input (the cost with no zero to skip); as a baseline, the same decision by the plain
//! dot-product layout (`[outputs, inputs]`, one sum per output). Each checks its result against
//! the dense 64-bit oracle before timing.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;

use common::{DenseLayer, dense_forward, random_layers, standard_metadata, tensors, write};
use criterion::{Criterion, criterion_group, criterion_main};
use tabletop_core::Game;
use tabletop_nn::Network;
use tabletop_take6::{Take6, Take6Params};

const WIDTHS: [usize; 4] = [936, 256, 256, 108];

/// Observations and legal action ids at every decision of the acting player 0 in a seeded
/// 4-player hand, the others playing their first legal card.
fn decisions() -> Vec<(Vec<f32>, Vec<usize>)> {
    let mut game = Take6::new(&Take6Params::default()).unwrap();
    game.apply_chance_from_seed(41);
    let mut out = Vec::new();
    while !game.is_terminal() {
        if game.current_player() == Some(0) {
            let legal = game.legal_actions().into_iter().map(|a| game.action_id(a)).collect();
            out.push((game.observation_tensor(0), legal));
        }
        if game.is_chance_node() {
            game.apply_chance_from_seed(7);
        } else {
            let action = game.legal_actions()[0];
            game.apply(action);
        }
    }
    out
}

/// The baseline: each output the dot product of its weight row with the input, as the file
/// stores the weights, every input included.
fn dot_product_forward(layers: &[DenseLayer], input: &[f32]) -> Vec<f32> {
    let mut x = input.to_vec();
    for (n, l) in layers.iter().enumerate() {
        let relu = n + 1 < layers.len();
        x = l
            .weight
            .chunks_exact(l.inputs)
            .zip(&l.bias)
            .map(|(row, b)| {
                let y = b + row.iter().zip(&x).map(|(w, v)| w * v).sum::<f32>();
                if relu { y.max(0.0) } else { y }
            })
            .collect();
    }
    x
}

fn forward(c: &mut Criterion) {
    let layers = random_layers(&WIDTHS, 41);
    let network =
        Network::from_bytes(&write(&tensors(&layers), Some(&standard_metadata()))).unwrap();
    assert_eq!(network.widths(), WIDTHS);
    let decisions = decisions();
    assert!(decisions.len() >= 10, "{} decisions", decisions.len());
    let mut scratch = network.scratch();
    for (input, legal) in &decisions {
        assert_eq!(input.len(), WIDTHS[0]);
        let (oracle, _) = dense_forward(&layers, input);
        let chosen = network.best_legal(input, legal.iter().copied(), &mut scratch).unwrap();
        let best = legal.iter().map(|&a| oracle[a]).fold(f64::MIN, f64::max);
        assert!(oracle[chosen] >= best - 1e-5, "chose {chosen}");
    }
    let ones: usize = decisions.iter().map(|(x, _)| x.iter().filter(|&&v| v != 0.0).count()).sum();
    println!(
        "observations: {:.0} of 936 numbers non-zero on average",
        ones as f64 / decisions.len() as f64
    );

    c.bench_function("take6_936_256_256_108_decision", |b| {
        let mut k = 0;
        b.iter(|| {
            let (input, legal) = &decisions[k % decisions.len()];
            k += 1;
            network.best_legal(black_box(input), legal.iter().copied(), &mut scratch).unwrap()
        })
    });

    let baseline_choice = |input: &[f32], legal: &[usize]| {
        let q = dot_product_forward(&layers, input);
        legal.iter().copied().max_by(|&a, &b| q[a].total_cmp(&q[b]).then(b.cmp(&a))).unwrap()
    };
    for (input, legal) in &decisions {
        let chosen = network.best_legal(input, legal.iter().copied(), &mut scratch).unwrap();
        assert_eq!(baseline_choice(input, legal), chosen);
    }
    c.bench_function("baseline_dot_product_decision", |b| {
        let mut k = 0;
        b.iter(|| {
            let (input, legal) = &decisions[k % decisions.len()];
            k += 1;
            baseline_choice(black_box(input), legal)
        })
    });

    let dense: Vec<f32> = (0..WIDTHS[0]).map(|i| (i % 7) as f32 * 0.25 + 0.1).collect();
    let mut out = vec![0.0; WIDTHS[3]];
    network.forward(&dense, &mut out, &mut scratch);
    let (oracle, scale) = dense_forward(&layers, &dense);
    for ((&got, want), scale) in out.iter().zip(oracle).zip(scale) {
        assert!((f64::from(got) - want).abs() <= 1e-5 * scale.max(1.0), "{got} vs {want}");
    }
    c.bench_function("dense_936_256_256_108_forward", |b| {
        b.iter(|| network.forward(black_box(&dense), &mut out, &mut scratch))
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30);
    targets = forward
}
criterion_main!(benches);
