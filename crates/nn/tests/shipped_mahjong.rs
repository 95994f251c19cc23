//! The shipped Mahjong network against its training framework: `models/mahjong_vectors.json`
//! holds observations, their legal action ids, the framework's outputs and its chosen
//! actions, written by the training example beside the model; the compiled-in network gives
//! the same values (to rounding) and the same actions, and fits the game its metadata names.

use serde_json::Value;
use tabletop_core::Game;
use tabletop_mahjong::{Mahjong, MahjongParams};
use tabletop_nn::shipped;

const VECTORS: &str = include_str!("../models/mahjong_vectors.json");

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn shipped_mahjong_network_fits_the_game_it_names() {
    let network = shipped::mahjong();
    let m = network.metadata();
    assert_eq!((m.game(), m.input(), m.output()), ("mahjong", "observation", "q"));
    let params: MahjongParams = serde_json::from_str(m.params()).unwrap();
    assert_eq!(params, MahjongParams { wall: None, claims: false });
    assert!(m.get("trained").unwrap().starts_with("imitation of the rules bot"));
    let game = Mahjong::new(&params).unwrap();
    assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
    assert_eq!(network.output_len(), game.num_distinct_actions());
    // A few MB at most.
    assert!(shipped::MAHJONG_BYTES.len() < 4 << 20, "{} bytes", shipped::MAHJONG_BYTES.len());
}

#[test]
fn shipped_mahjong_network_gives_the_frameworks_values_and_actions() {
    let network = shipped::mahjong();
    let vectors: Value = serde_json::from_str(VECTORS).unwrap();
    let inputs = vectors["inputs"].as_array().unwrap();
    assert!(!inputs.is_empty());
    assert_eq!(inputs.len(), vectors["actions"].as_array().unwrap().len());
    let mut scratch = network.scratch();
    for (k, input) in inputs.iter().enumerate() {
        let input: Vec<f32> = numbers(input).iter().map(|&x| x as f32).collect();
        let expected = numbers(&vectors["outputs"][k]);
        let values = network.evaluate(&input, &mut scratch).unwrap();
        assert_eq!(values.len(), expected.len());
        for (a, (&got, &want)) in values.iter().zip(&expected).enumerate() {
            assert!(
                (f64::from(got) - want).abs() <= 1e-4 * want.abs().max(1.0),
                "vector {k}, action {a}: {got} vs the framework's {want}"
            );
        }
        let legal: Vec<usize> = numbers(&vectors["legal"][k]).iter().map(|&a| a as usize).collect();
        let action = network.best_legal(&input, legal, &mut scratch).unwrap();
        assert_eq!(action as u64, vectors["actions"][k].as_u64().unwrap(), "vector {k}");
    }
}
