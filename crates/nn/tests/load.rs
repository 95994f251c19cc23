//! Malformed files give the typed error that names the tensor or entry at fault; the forward
//! pass equals a slow dense 64-bit oracle, stays finite on finite input, and refuses inputs
//! of the wrong length.

mod common;

use common::{DenseLayer, Tensor, dense_forward, random_layers, standard_metadata, tensors, write};
use proptest::prelude::*;
use tabletop_nn::{ForwardError, LoadError, Network};

const TINY: &[u8] = include_bytes!("data/tiny.safetensors");

fn load(tensors: &[Tensor]) -> Result<Network, LoadError> {
    Network::from_bytes(&write(tensors, Some(&standard_metadata())))
}

fn load_err(tensors: &[Tensor]) -> LoadError {
    load(tensors).expect_err("the file is malformed")
}

#[test]
fn the_writer_makes_files_the_reader_loads() {
    let network = load(&tensors(&random_layers(&[5, 3, 2], 1))).unwrap();
    assert_eq!(network.widths(), [5, 3, 2]);
    assert_eq!(network.metadata().game(), "take6");
}

#[test]
fn truncated_or_garbled_files_are_format_errors() {
    let cuts = [0, 4, 8, 9, TINY.len() / 2, TINY.len() - 1];
    for cut in cuts {
        let e = Network::from_bytes(&TINY[..cut]).unwrap_err();
        assert!(matches!(e, LoadError::Format(_)), "cut at {cut}: {e:?}");
        assert!(e.to_string().starts_with("not a readable safetensors file: "), "{e}");
    }
    let mut longer = TINY.to_vec();
    longer.push(0);
    assert!(matches!(Network::from_bytes(&longer), Err(LoadError::Format(_))));
    let mut garbled = TINY.to_vec();
    garbled[8] = b'[';
    assert!(matches!(Network::from_bytes(&garbled), Err(LoadError::Format(_))));
}

#[test]
fn a_missing_layer_or_bias_is_named() {
    let mut t = tensors(&random_layers(&[4, 3, 3, 2], 2));
    // layers.1.weight and layers.1.bias removed: layers.2 is there, so layers.1 is missing.
    t.drain(2..4);
    let e = load_err(&t);
    assert!(matches!(&e, LoadError::MissingTensor { name } if name == "layers.1.weight"), "{e:?}");
    assert_eq!(
        e.to_string(),
        "tensor `layers.1.weight` is missing (every layer from `layers.0` to the last needs a \
         weight and a bias)"
    );

    let mut t = tensors(&random_layers(&[4, 3, 2], 2));
    t.remove(3);
    assert!(matches!(load_err(&t), LoadError::MissingTensor { name } if name == "layers.1.bias"));
    assert!(
        matches!(load_err(&[]), LoadError::MissingTensor { name } if name == "layers.0.weight")
    );
}

#[test]
fn tensors_outside_the_layers_are_refused() {
    for stray in
        ["head.weight", "layers.0.gamma", "layers.01.weight", "layers.+1.bias", "layers..bias"]
    {
        let mut t = tensors(&random_layers(&[3, 2], 3));
        t.push(Tensor::f32(stray, &[1], &[0.0]));
        let e = load_err(&t);
        assert!(
            matches!(&e, LoadError::UnexpectedTensor { name } if name == stray),
            "{stray}: {e:?}"
        );
        assert!(e.to_string().contains(&format!("`{stray}`")), "{e}");
    }
}

#[test]
fn wrong_dtypes_are_named_with_the_type_found() {
    let layers = random_layers(&[3, 2], 4);
    let mut t = tensors(&layers);
    let doubles: Vec<u8> =
        layers[0].weight.iter().flat_map(|&w| f64::from(w).to_le_bytes()).collect();
    t[0] =
        Tensor { name: "layers.0.weight".into(), dtype: "F64", shape: vec![2, 3], bytes: doubles };
    let e = load_err(&t);
    assert!(
        matches!(&e, LoadError::WrongDtype { name, found } if name == "layers.0.weight" && found == "F64")
    );
    assert_eq!(
        e.to_string(),
        "tensor `layers.0.weight` holds F64 numbers, expected F32 (32-bit floating point)"
    );

    let mut t = tensors(&layers);
    t[1] = Tensor { name: "layers.0.bias".into(), dtype: "F16", shape: vec![2], bytes: vec![0; 4] };
    assert!(
        matches!(load_err(&t), LoadError::WrongDtype { name, found } if name == "layers.0.bias" && found == "F16")
    );
}

#[test]
fn wrong_shapes_say_what_was_expected() {
    let layers = random_layers(&[4, 3, 2], 5);

    // The second layer reads 4 numbers where the first writes 3.
    let mut wide = layers.clone();
    wide[1] = random_layers(&[4, 2], 6).remove(0);
    let e = load_err(&tensors(&wide));
    assert!(
        matches!(&e, LoadError::Shape { name, found, .. } if name == "layers.1.weight" && found == &[2, 4])
    );
    assert_eq!(
        e.to_string(),
        "tensor `layers.1.weight` has shape [2, 4], expected [outputs, 3]: its inputs are the 3 \
         outputs of layers.0"
    );

    // A bias of the wrong length.
    let mut t = tensors(&layers);
    t[1] = Tensor::f32("layers.0.bias", &[4], &[0.0; 4]);
    let e = load_err(&t);
    assert!(
        matches!(&e, LoadError::Shape { name, found, .. } if name == "layers.0.bias" && found == &[4])
    );
    assert!(
        e.to_string().ends_with("expected [3]: one number per output of layers.0.weight"),
        "{e}"
    );

    // A weight that is not a matrix, and one with no outputs.
    let mut t = tensors(&layers);
    t[0] = Tensor::f32("layers.0.weight", &[12], &layers[0].weight);
    let e = load_err(&t);
    assert!(matches!(&e, LoadError::Shape { name, .. } if name == "layers.0.weight"));
    assert!(e.to_string().ends_with("expected two dimensions, [outputs, inputs]"), "{e}");
    let mut t = tensors(&layers);
    t[0] = Tensor::f32("layers.0.weight", &[3, 2, 2], &layers[0].weight);
    assert!(matches!(load_err(&t), LoadError::Shape { .. }));
    let empty =
        [Tensor::f32("layers.0.weight", &[0, 3], &[]), Tensor::f32("layers.0.bias", &[0], &[])];
    assert!(load_err(&empty).to_string().ends_with("expected at least one output and one input"));
}

#[test]
fn weights_that_are_not_finite_are_refused() {
    for bad in [f32::NAN, f32::INFINITY, f32::NEG_INFINITY] {
        let mut layers = random_layers(&[3, 2], 7);
        layers[0].weight[4] = bad;
        let e = load_err(&tensors(&layers));
        assert!(
            matches!(&e, LoadError::NotFinite { name, position: 4, .. } if name == "layers.0.weight"),
            "{e:?}"
        );
    }
}

#[test]
fn metadata_is_required_and_checked() {
    let t = tensors(&random_layers(&[3, 2], 8));
    let e = Network::from_bytes(&write(&t, None)).unwrap_err();
    assert!(matches!(e, LoadError::MissingMetadata { key: "game" }), "{e:?}");
    for key in ["game", "params", "input", "output"] {
        let entries: Vec<_> = standard_metadata().into_iter().filter(|&(k, _)| k != key).collect();
        let e = Network::from_bytes(&write(&t, Some(&entries))).unwrap_err();
        assert!(matches!(e, LoadError::MissingMetadata { key: k } if k == key), "{key}: {e:?}");
    }
    for (key, value) in [
        ("game", " "),
        ("params", "players=4"),
        ("params", "[4]"),
        ("input", "state"),
        ("output", "policy"),
    ] {
        let entries: Vec<_> = standard_metadata()
            .into_iter()
            .map(|(k, v)| if k == key { (k, value) } else { (k, v) })
            .collect();
        let e = Network::from_bytes(&write(&t, Some(&entries))).unwrap_err();
        assert!(
            matches!(&e, LoadError::BadMetadata { key: k, found, .. } if *k == key && found == value),
            "{e:?}"
        );
        assert!(
            e.to_string().starts_with(&format!("the metadata's `{key}` is `{value}`, expected ")),
            "{e}"
        );
    }
    // Both output kinds load.
    for kind in ["q", "score"] {
        let entries: Vec<_> = standard_metadata()
            .into_iter()
            .map(|(k, v)| if k == "output" { (k, kind) } else { (k, v) })
            .collect();
        let network = Network::from_bytes(&write(&t, Some(&entries))).unwrap();
        assert_eq!(network.metadata().output(), kind);
    }
    // Other entries are kept.
    let mut entries = standard_metadata();
    entries.push(("trained_steps", "1000"));
    let network = Network::from_bytes(&write(&t, Some(&entries))).unwrap();
    assert_eq!(network.metadata().get("trained_steps"), Some("1000"));
    assert_eq!(network.metadata().params(), r#"{"players": 4}"#);
}

#[test]
fn forward_refuses_inputs_and_actions_that_do_not_fit() {
    let network = Network::from_bytes(TINY).unwrap();
    let mut scratch = network.scratch();
    let input = [0.5; 7];
    assert_eq!(
        network.try_forward(&input[..6], &mut [0.0; 4], &mut scratch),
        Err(ForwardError::InputLength { expected: 7, found: 6 })
    );
    let e = network.try_forward(&input, &mut [0.0; 5], &mut scratch).unwrap_err();
    assert_eq!(e, ForwardError::OutputLength { expected: 4, found: 5 });
    assert_eq!(e.to_string(), "the output has room for 5 numbers, but the network writes 4");
    let e = network.best_legal(&input, [1, 4], &mut scratch).unwrap_err();
    assert_eq!(e, ForwardError::ActionOutOfRange { action: 4, outputs: 4 });
    assert_eq!(e.to_string(), "action 4 has no value: the network has 4 outputs (actions 0 to 3)");
    assert_eq!(network.best_legal(&input, [], &mut scratch), Err(ForwardError::NoLegalAction));
    assert!(network.evaluate(&[1.0; 8], &mut scratch).is_err());
}

#[test]
#[should_panic(expected = "the input has 3 numbers, but the network reads 7")]
fn forward_panics_on_a_wrong_input_length() {
    let network = Network::from_bytes(TINY).unwrap();
    network.forward(&[0.0; 3], &mut [0.0; 4], &mut network.scratch());
}

#[test]
fn one_scratch_serves_networks_of_different_widths() {
    let small = load(&tensors(&random_layers(&[6, 2, 3], 9))).unwrap();
    let large_layers = random_layers(&[6, 40, 30, 3], 10);
    let large = load(&tensors(&large_layers)).unwrap();
    let mut scratch = small.scratch();
    let input = [1.0, 0.0, 2.0, 0.0, 0.0, -1.0];
    let values = large.evaluate(&input, &mut scratch).unwrap().to_vec();
    let (oracle, _) = dense_forward(&large_layers, &input);
    for (v, o) in values.iter().zip(oracle) {
        assert!((f64::from(*v) - o).abs() < 1e-5, "{v} vs {o}");
    }
}

/// A network of 1 to 4 layers of widths 1 to 12, weights in [-1, 1], and an input for it.
fn network_and_input() -> impl Strategy<Value = (Vec<DenseLayer>, Vec<f32>)> {
    prop::collection::vec(1usize..=12, 2..=5).prop_flat_map(|widths| {
        let layers: Vec<_> = widths
            .windows(2)
            .map(|w| {
                let (inputs, outputs) = (w[0], w[1]);
                (
                    prop::collection::vec(-1.0f32..=1.0, inputs * outputs),
                    prop::collection::vec(-1.0f32..=1.0, outputs),
                )
                    .prop_map(move |(weight, bias)| DenseLayer {
                        inputs,
                        outputs,
                        weight,
                        bias,
                    })
            })
            .collect();
        // Observations hold whole numbers, mostly zeros; mix those with dense values.
        let value = prop_oneof![3 => Just(0.0f32), 2 => Just(1.0f32), 2 => -1000.0f32..=1000.0];
        (layers, prop::collection::vec(value, widths[0]))
    })
}

proptest! {
    #[test]
    fn forward_is_finite_and_equals_the_dense_oracle((layers, input) in network_and_input()) {
        let network = load(&tensors(&layers)).unwrap();
        let mut out = vec![f32::NAN; network.output_len()];
        network.forward(&input, &mut out, &mut network.scratch());
        let (oracle, scale) = dense_forward(&layers, &input);
        for ((&got, want), scale) in out.iter().zip(oracle).zip(scale) {
            prop_assert!(got.is_finite(), "output {got} on input {input:?}");
            prop_assert!((f64::from(got) - want).abs() <= 1e-5 * scale.max(1.0), "{got} vs {want}");
        }
    }

    #[test]
    fn garbage_bytes_give_an_error_not_a_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(Network::from_bytes(&bytes).is_err());
    }

    #[test]
    fn damaged_headers_give_an_error_not_a_panic(at in 8usize..200, byte in any::<u8>()) {
        let mut bytes = TINY.to_vec();
        let at = at.min(bytes.len() - 1);
        bytes[at] = byte;
        // A damaged header is refused, or still describes a network (a letter of the metadata
        // changed, say), which then runs finitely.
        if let Ok(network) = Network::from_bytes(&bytes) {
            let values = network.evaluate(&[1.0; 7], &mut network.scratch()).unwrap().to_vec();
            prop_assert!(values.iter().all(|v| v.is_finite()));
        }
    }
}
