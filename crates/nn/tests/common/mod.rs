//! Test helpers shared by the tests and the benchmark: a safetensors writer written from the
//! format's description (not the crate's reader), random networks, a slow dense forward
//! pass in 64-bit as the oracle of the fast one, and the check of a shipped network against
//! the test vectors its training framework wrote.

#![allow(dead_code)]

use rand::{Rng, SeedableRng, rngs::StdRng};
use serde_json::{Map, Value, json};

/// One tensor of a file being written.
pub struct Tensor {
    pub name: String,
    pub dtype: &'static str,
    pub shape: Vec<usize>,
    pub bytes: Vec<u8>,
}

impl Tensor {
    /// An F32 tensor.
    pub fn f32(name: &str, shape: &[usize], values: &[f32]) -> Tensor {
        Tensor {
            name: name.to_string(),
            dtype: "F32",
            shape: shape.to_vec(),
            bytes: values.iter().flat_map(|v| v.to_le_bytes()).collect(),
        }
    }
}

/// A layer as the file stores it: `weight` row-major `[outputs, inputs]`.
#[derive(Clone, Debug)]
pub struct DenseLayer {
    pub inputs: usize,
    pub outputs: usize,
    pub weight: Vec<f32>,
    pub bias: Vec<f32>,
}

/// The metadata every network carries.
pub fn standard_metadata() -> Vec<(&'static str, &'static str)> {
    vec![
        ("game", "take6"),
        ("params", r#"{"players": 4}"#),
        ("input", "observation"),
        ("output", "q"),
    ]
}

/// The bytes of a safetensors file: an 8-byte little-endian header length, the JSON header
/// (each tensor's dtype, shape and byte offsets; `__metadata__` when given), the data.
pub fn write(tensors: &[Tensor], metadata: Option<&[(&str, &str)]>) -> Vec<u8> {
    let mut header = Map::new();
    if let Some(entries) = metadata {
        let entries: Map<String, Value> =
            entries.iter().map(|&(k, v)| (k.to_string(), Value::from(v))).collect();
        header.insert("__metadata__".to_string(), Value::Object(entries));
    }
    let mut data = Vec::new();
    for t in tensors {
        let start = data.len();
        data.extend_from_slice(&t.bytes);
        header.insert(
            t.name.clone(),
            json!({"dtype": t.dtype, "shape": t.shape, "data_offsets": [start, data.len()]}),
        );
    }
    let mut header = serde_json::to_string(&header).unwrap().into_bytes();
    while !header.len().is_multiple_of(8) {
        header.push(b' ');
    }
    let mut bytes = (header.len() as u64).to_le_bytes().to_vec();
    bytes.extend(header);
    bytes.extend(data);
    bytes
}

/// The tensors of `layers`.
pub fn tensors(layers: &[DenseLayer]) -> Vec<Tensor> {
    let mut out = Vec::new();
    for (n, l) in layers.iter().enumerate() {
        out.push(Tensor::f32(&format!("layers.{n}.weight"), &[l.outputs, l.inputs], &l.weight));
        out.push(Tensor::f32(&format!("layers.{n}.bias"), &[l.outputs], &l.bias));
    }
    out
}

/// A network of the given widths with seeded weights of the usual initial scale
/// (uniform, variance about 1 / inputs).
pub fn random_layers(widths: &[usize], seed: u64) -> Vec<DenseLayer> {
    let mut rng = StdRng::seed_from_u64(seed);
    widths
        .windows(2)
        .map(|w| {
            let (inputs, outputs) = (w[0], w[1]);
            let scale = (3.0 / inputs as f32).sqrt();
            DenseLayer {
                inputs,
                outputs,
                weight: (0..inputs * outputs).map(|_| rng.random_range(-scale..scale)).collect(),
                bias: (0..outputs).map(|_| rng.random_range(-0.1..0.1)).collect(),
            }
        })
        .collect()
}

/// The oracle: the forward pass by the definition, dense, in 64-bit. Also returns, per
/// output, the same sum over absolute values: the scale that bounds its rounding error.
pub fn dense_forward(layers: &[DenseLayer], input: &[f32]) -> (Vec<f64>, Vec<f64>) {
    let mut x: Vec<f64> = input.iter().map(|&v| f64::from(v)).collect();
    let mut scale: Vec<f64> = x.iter().map(|v| v.abs()).collect();
    for (n, l) in layers.iter().enumerate() {
        let mut y = vec![0.0; l.outputs];
        let mut s = vec![0.0; l.outputs];
        for o in 0..l.outputs {
            y[o] = f64::from(l.bias[o]);
            s[o] = f64::from(l.bias[o]).abs();
            for i in 0..l.inputs {
                let w = f64::from(l.weight[o * l.inputs + i]);
                y[o] += w * x[i];
                s[o] += (w * scale[i]).abs();
            }
            if n + 1 < layers.len() {
                y[o] = y[o].max(0.0);
            }
        }
        x = y;
        scale = s;
    }
    (x, scale)
}

/// The numbers of a JSON array.
fn numbers(v: &Value) -> Vec<f64> {
    v.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()).collect()
}

/// Checks `network` against `vectors` (JSON written by a training example beside its model:
/// `inputs`, their `legal` action ids, the framework's `outputs` and chosen `actions`): the
/// same values to rounding (1e-4, relative above 1) and the same legal argmax at every one.
pub fn check_vectors(network: &tabletop_nn::Network, vectors: &str) {
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

/// The check of a network reading action features against its test vectors: at every
/// recorded decision, each legal action's vector gives the framework's score (to rounding)
/// and the action of highest score is the framework's.
pub fn check_feature_vectors(network: &tabletop_nn::Network, vectors: &str) {
    let vectors: Value = serde_json::from_str(vectors).unwrap();
    let decisions = vectors["decisions"].as_array().unwrap();
    assert!(decisions.len() >= 8, "{} decisions", decisions.len());
    let mut scratch = network.scratch();
    for (k, d) in decisions.iter().enumerate() {
        let legal = numbers(&d["legal"]);
        let expected = numbers(&d["outputs"]);
        let inputs = d["inputs"].as_array().unwrap();
        assert!(inputs.len() == legal.len() && legal.len() == expected.len() && legal.len() > 1);
        let mut best: Option<(usize, f32)> = None;
        for (a, (input, &want)) in inputs.iter().zip(&expected).enumerate() {
            let input: Vec<f32> = numbers(input).iter().map(|&x| x as f32).collect();
            let got = network.evaluate(&input, &mut scratch).unwrap()[0];
            assert!(
                (f64::from(got) - want).abs() <= 1e-4 * want.abs().max(1.0),
                "decision {k}, action {a}: {got} vs the framework's {want}"
            );
            if best.is_none_or(|(_, b)| got > b) {
                best = Some((a, got));
            }
        }
        let chosen = legal[best.unwrap().0] as u64;
        assert_eq!(chosen, d["action"].as_u64().unwrap(), "decision {k}");
    }
}
