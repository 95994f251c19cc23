//! The shipped Take 6! networks against their training framework: `models/take6_vectors.json`
//! (and `take6_5p_vectors.json` for the 5-player network) holds observations, their legal
//! action ids, the framework's scores and its chosen actions, written by the training example
//! beside the model; the compiled-in networks give the same values (to rounding) and the same
//! actions.

use serde_json::Value;
use tabletop_core::Game;
use tabletop_nn::shipped;
use tabletop_take6::{Take6, Take6Params};

/// The test vectors of each network of `shipped::take6_networks()`, in its order.
const VECTORS: [&str; 2] =
    [include_str!("../models/take6_vectors.json"), include_str!("../models/take6_5p_vectors.json")];

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn shipped_take6_networks_fit_the_games_they_name() {
    let networks = shipped::take6_networks();
    assert_eq!(networks.len(), shipped::TAKE6_FILES.len());
    assert!(std::ptr::eq(shipped::take6(), &networks[0]));
    let mut players_seen = Vec::new();
    for network in networks {
        let m = network.metadata();
        assert_eq!((m.game(), m.input(), m.output()), ("take6", "observation", "score"));
        let params: Value = serde_json::from_str(m.params()).unwrap();
        let players = params["players"].as_u64().unwrap() as u8;
        let game = Take6::new(&Take6Params { players, ..Take6Params::default() }).unwrap();
        assert_eq!(network.input_len(), game.observation_shape().iter().product::<usize>());
        assert_eq!(network.output_len(), game.num_distinct_actions());
        players_seen.push(players);
    }
    assert_eq!(players_seen, [4, 5]);
}

#[test]
fn shipped_take6_networks_give_the_frameworks_values_and_actions() {
    for (network, vectors) in shipped::take6_networks().iter().zip(VECTORS) {
        check_vectors(network, vectors);
    }
}

fn check_vectors(network: &tabletop_nn::Network, vectors: &str) {
    let vectors: Value = serde_json::from_str(vectors).unwrap();
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
