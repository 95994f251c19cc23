//! The committed network against numpy: `tests/data/make_vectors.py` wrote `tiny.safetensors`
//! with the safetensors package and `vectors.json` with numpy's outputs (in 64-bit) and
//! chosen actions; the Rust forward pass reproduces them.

use serde_json::Value;
use tabletop_nn::{Network, Scratch};

const TINY: &[u8] = include_bytes!("data/tiny.safetensors");
const VECTORS: &str = include_str!("data/vectors.json");

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

#[test]
fn tiny_network_loads_with_its_metadata() {
    let network = Network::from_bytes(TINY).unwrap();
    let vectors: Value = serde_json::from_str(VECTORS).unwrap();
    let widths: Vec<usize> = numbers(&vectors["widths"]).iter().map(|&w| w as usize).collect();
    assert_eq!(network.widths(), widths);
    assert_eq!((network.input_len(), network.output_len()), (7, 4));
    let m = network.metadata();
    assert_eq!((m.game(), m.input(), m.output()), ("tiny", "observation", "q"));
    assert_eq!(m.params(), r#"{"inputs": 7}"#);
    assert_eq!(m.get("game"), Some("tiny"));
    assert_eq!(m.get("trained"), None);
}

#[test]
fn forward_equals_numpy_on_every_vector() {
    let network = Network::from_bytes(TINY).unwrap();
    let vectors: Value = serde_json::from_str(VECTORS).unwrap();
    let vectors = vectors["vectors"].as_array().unwrap();
    assert!(vectors.len() >= 20, "the file holds {} vectors", vectors.len());
    let mut scratch = network.scratch();
    let mut out = [f32::NAN; 4];
    for (k, v) in vectors.iter().enumerate() {
        let input: Vec<f32> = numbers(&v["input"]).iter().map(|&x| x as f32).collect();
        let expected = numbers(&v["output"]);
        network.forward(&input, &mut out, &mut scratch);
        for (a, (&got, &want)) in out.iter().zip(&expected).enumerate() {
            let error = (f64::from(got) - want).abs();
            assert!(
                error <= 1e-5 * want.abs().max(1.0),
                "vector {k}, output {a}: {got} vs numpy's {want}"
            );
        }
        assert_eq!(network.evaluate(&input, &mut scratch).unwrap(), out);
    }
}

#[test]
fn best_legal_chooses_numpys_action_on_every_vector() {
    let network = Network::from_bytes(TINY).unwrap();
    let vectors: Value = serde_json::from_str(VECTORS).unwrap();
    // A scratch that grows on first use chooses as one made for the network.
    let (mut made, mut grown) = (network.scratch(), Scratch::default());
    for (k, v) in vectors["vectors"].as_array().unwrap().iter().enumerate() {
        let input: Vec<f32> = numbers(&v["input"]).iter().map(|&x| x as f32).collect();
        let legal: Vec<usize> = numbers(&v["legal"]).iter().map(|&a| a as usize).collect();
        let action = v["action"].as_u64().unwrap() as usize;
        let chosen = network.best_legal(&input, legal.iter().copied(), &mut made).unwrap();
        assert_eq!(chosen, action, "vector {k}, legal {legal:?}");
        assert_eq!(network.best_legal(&input, legal, &mut grown).unwrap(), action);
    }
}
