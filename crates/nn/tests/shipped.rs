//! The shipped Take 6! network against its training framework: `models/take6_vectors.json`
//! holds observations, their legal action ids, the framework's Q-values and its chosen
//! actions, written by the training example beside the model; the compiled-in network gives
//! the same values (to rounding) and the same actions.

use serde_json::Value;
use tabletop_core::Game;
use tabletop_nn::shipped;
use tabletop_take6::{Take6, Take6Params};

const VECTORS: &str = include_str!("../models/take6_vectors.json");

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn shipped_take6_network_fits_the_game_it_names() {
    let network = shipped::take6();
    let m = network.metadata();
    assert_eq!((m.game(), m.input(), m.output()), ("take6", "observation", "q"));
    let params: Value = serde_json::from_str(m.params()).unwrap();
    let players = params["players"].as_u64().unwrap() as u8;
    let game = Take6::new(&Take6Params { players, ..Take6Params::default() }).unwrap();
    assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
    assert_eq!(network.output_len(), game.num_distinct_actions());
}

#[test]
fn shipped_take6_network_gives_the_frameworks_values_and_actions() {
    let network = shipped::take6();
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
