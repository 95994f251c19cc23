//! The network: a multilayer perceptron `y = W_k relu(... relu(W_0 x + b_0) ...) + b_k`,
//! read from the tensors `layers.N.weight` (`[outputs, inputs]`, row-major) and
//! `layers.N.bias` (`[outputs]`) of a safetensors file, N counting from 0.
//!
//! Each layer keeps its weights transposed (`[inputs, outputs]`), so that the layer is a sum
//! of the weight rows of its inputs scaled by those inputs: `out = b; for i: out += x_i W_i`.
//! Two trade-offs follow:
//! - The inner loop is an independent update of every output (no reduction), which the
//!   compiler turns into vector instructions with no reordering of floating-point sums and
//!   no `unsafe`; a dot-product layout would need several accumulators to vectorise.
//! - An input that is zero is skipped exactly (it adds `0 * w`). Observations are mostly
//!   zeros (flags), and about half of a hidden layer is zero after the ReLU, so most of the
//!   work of a layer is skipped; a dense input costs the full `inputs * outputs`.
//!
//! The sums run in another order than a framework's matrix product, so the outputs agree with
//! it to rounding (the tests hold them to 1e-5), not bit for bit.

use safetensors::{Dtype, SafeTensors};

use crate::{ForwardError, LoadError, Metadata};

/// One affine layer, its weights transposed.
#[derive(Clone, Debug)]
struct Layer {
    inputs: usize,
    outputs: usize,
    /// Row `i` (`outputs` numbers) holds the weights from input `i` to every output.
    weights: Vec<f32>,
    bias: Vec<f32>,
}

impl Layer {
    /// `out = bias + W input`, skipping the inputs that are zero.
    fn apply(&self, input: &[f32], out: &mut [f32]) {
        debug_assert_eq!((input.len(), out.len()), (self.inputs, self.outputs));
        out.copy_from_slice(&self.bias);
        for (&x, row) in input.iter().zip(self.weights.chunks_exact(self.outputs)) {
            if x != 0.0 {
                for (o, &w) in out.iter_mut().zip(row) {
                    *o += x * w;
                }
            }
        }
    }
}

/// Rectified linear unit, in place.
fn relu(values: &mut [f32]) {
    for v in values {
        *v = v.max(0.0);
    }
}

/// The buffers of a forward pass, reused from call to call so that a decision allocates
/// nothing. Make one per thread with [`Network::scratch`] (or `Scratch::default()`, which
/// grows on first use).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    /// The hidden layers' outputs, in turn.
    even: Vec<f32>,
    odd: Vec<f32>,
    /// The network's output for [`Network::evaluate`] and [`Network::best_legal`].
    output: Vec<f32>,
}

/// A multilayer perceptron with ReLU between layers, loaded from a safetensors file, with its
/// [`Metadata`]. Immutable once loaded: share it between threads (`Arc<Network>`) and give each
/// thread its own [`Scratch`].
#[derive(Clone, Debug)]
pub struct Network {
    layers: Vec<Layer>,
    metadata: Metadata,
    /// The widest hidden layer (0 for a single layer).
    widest_hidden: usize,
}

impl Network {
    /// Reads a network from the bytes of a safetensors file: the tensors `layers.0.weight`,
    /// `layers.0.bias`, `layers.1.weight`, ... (32-bit floats, finite; each layer's inputs the
    /// previous layer's outputs) and the metadata entries `game`, `params`, `input` and
    /// `output` ([`Metadata`]). Every other tensor is refused.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, LoadError> {
        let (_, header) = SafeTensors::read_metadata(bytes).map_err(LoadError::Format)?;
        let metadata = Metadata::from_entries(header.metadata().as_ref())?;
        let file = SafeTensors::deserialize(bytes).map_err(LoadError::Format)?;

        // 1. Every tensor is `layers.N.weight` or `layers.N.bias`; the layer count is the
        //    largest N plus one.
        let mut count = 0;
        for name in file.names() {
            let index = layer_index(name)
                .ok_or_else(|| LoadError::UnexpectedTensor { name: name.to_string() })?;
            count = count.max(index + 1);
        }
        if count == 0 {
            return Err(LoadError::MissingTensor { name: "layers.0.weight".to_string() });
        }

        // 2. Each layer in order: a weight `[outputs, inputs]` whose inputs are the previous
        //    outputs, and a bias `[outputs]`.
        let mut layers = Vec::new();
        for n in 0..count {
            let weight_name = format!("layers.{n}.weight");
            let bias_name = format!("layers.{n}.bias");
            let (weight_shape, weight) = read_f32(&file, &weight_name)?;
            let (bias_shape, bias) = read_f32(&file, &bias_name)?;
            let previous = layers.last().map(|l: &Layer| l.outputs);
            let [outputs, inputs] = weight_shape[..] else {
                return Err(LoadError::Shape {
                    name: weight_name,
                    found: weight_shape,
                    expected: "two dimensions, [outputs, inputs]".to_string(),
                });
            };
            if let Some(previous) = previous.filter(|&p| p != inputs) {
                return Err(LoadError::Shape {
                    name: weight_name,
                    found: weight_shape,
                    expected: format!(
                        "[outputs, {previous}]: its inputs are the {previous} outputs of layers.{}",
                        n - 1
                    ),
                });
            }
            if outputs == 0 || inputs == 0 {
                return Err(LoadError::Shape {
                    name: weight_name,
                    found: weight_shape,
                    expected: "at least one output and one input".to_string(),
                });
            }
            if bias_shape != [outputs] {
                return Err(LoadError::Shape {
                    name: bias_name,
                    found: bias_shape,
                    expected: format!("[{outputs}]: one number per output of {weight_name}"),
                });
            }
            let mut transposed = vec![0.0; weight.len()];
            for (o, row) in weight.chunks_exact(inputs).enumerate() {
                for (i, &w) in row.iter().enumerate() {
                    transposed[i * outputs + o] = w;
                }
            }
            layers.push(Layer { inputs, outputs, weights: transposed, bias });
        }
        let widest_hidden = layers[..count - 1].iter().map(|l| l.outputs).max().unwrap_or(0);
        Ok(Network { layers, metadata, widest_hidden })
    }

    /// What the file says about the network: its game, parameters, input and output.
    pub fn metadata(&self) -> &Metadata {
        &self.metadata
    }

    /// How many numbers the network reads (the observation's length).
    pub fn input_len(&self) -> usize {
        self.layers[0].inputs
    }

    /// How many numbers the network writes (one per action id).
    pub fn output_len(&self) -> usize {
        self.layers[self.layers.len() - 1].outputs
    }

    /// The widths of the layers from input to output: `[936, 256, 256, 108]` for a network
    /// with two hidden layers of 256 on Take 6!'s 936 observation numbers and 108 actions.
    pub fn widths(&self) -> Vec<usize> {
        std::iter::once(self.input_len()).chain(self.layers.iter().map(|l| l.outputs)).collect()
    }

    /// Buffers sized for this network's forward pass.
    pub fn scratch(&self) -> Scratch {
        Scratch {
            even: vec![0.0; self.widest_hidden],
            odd: vec![0.0; self.widest_hidden],
            output: vec![0.0; self.output_len()],
        }
    }

    /// Writes the network's output on `input` to `out`, with no allocation once `scratch` has
    /// grown to this network (at once if it came from [`Network::scratch`]). Fails when
    /// `input` or `out` does not have the network's length.
    pub fn try_forward(
        &self,
        input: &[f32],
        out: &mut [f32],
        scratch: &mut Scratch,
    ) -> Result<(), ForwardError> {
        if input.len() != self.input_len() {
            return Err(ForwardError::InputLength {
                expected: self.input_len(),
                found: input.len(),
            });
        }
        if out.len() != self.output_len() {
            return Err(ForwardError::OutputLength {
                expected: self.output_len(),
                found: out.len(),
            });
        }
        for buffer in [&mut scratch.even, &mut scratch.odd] {
            if buffer.len() < self.widest_hidden {
                buffer.resize(self.widest_hidden, 0.0);
            }
        }
        self.run(input, out, &mut scratch.even, &mut scratch.odd);
        Ok(())
    }

    /// [`Network::try_forward`] for inputs known to fit.
    ///
    /// # Panics
    ///
    /// When `input` or `out` does not have the network's length.
    pub fn forward(&self, input: &[f32], out: &mut [f32], scratch: &mut Scratch) {
        if let Err(e) = self.try_forward(input, out, scratch) {
            panic!("{e}");
        }
    }

    /// The network's output on `input` (one value per action id), held in `scratch`.
    pub fn evaluate<'s>(
        &self,
        input: &[f32],
        scratch: &'s mut Scratch,
    ) -> Result<&'s [f32], ForwardError> {
        let mut output = std::mem::take(&mut scratch.output);
        output.resize(self.output_len(), 0.0);
        let result = self.try_forward(input, &mut output, scratch);
        scratch.output = output;
        result.map(|()| &scratch.output[..])
    }

    /// The legal action of highest value on `input`: the first such in the order of `legal`
    /// when several tie. Fails when there is no legal action, when an action has no output
    /// (the network was made for another game), or on an input of the wrong length.
    pub fn best_legal(
        &self,
        input: &[f32],
        legal: impl IntoIterator<Item = usize>,
        scratch: &mut Scratch,
    ) -> Result<usize, ForwardError> {
        let values = self.evaluate(input, scratch)?;
        let mut best: Option<(usize, f32)> = None;
        for action in legal {
            let &value = values
                .get(action)
                .ok_or(ForwardError::ActionOutOfRange { action, outputs: values.len() })?;
            if best.is_none_or(|(_, b)| value > b) {
                best = Some((action, value));
            }
        }
        best.map(|(action, _)| action).ok_or(ForwardError::NoLegalAction)
    }

    /// The forward pass proper: lengths checked, `even` and `odd` at least the widest hidden
    /// layer.
    fn run(&self, input: &[f32], out: &mut [f32], even: &mut [f32], odd: &mut [f32]) {
        let Some((last, hidden)) = self.layers.split_last() else {
            unreachable!("a network has at least one layer (checked when loading)");
        };
        let (mut current, mut next) = (even, odd);
        let mut x: &[f32] = input;
        for layer in hidden {
            let y = &mut next[..layer.outputs];
            layer.apply(x, y);
            relu(y);
            std::mem::swap(&mut current, &mut next);
            x = &current[..layer.outputs];
        }
        last.apply(x, out);
    }
}

/// The `N` of `layers.N.weight` or `layers.N.bias` (written without leading zeros).
fn layer_index(name: &str) -> Option<usize> {
    let rest = name.strip_prefix("layers.")?;
    let number = rest.strip_suffix(".weight").or_else(|| rest.strip_suffix(".bias"))?;
    let n: usize = number.parse().ok()?;
    (n.to_string() == number).then_some(n)
}

/// The shape and numbers of the F32 tensor `name`, every number finite.
fn read_f32(file: &SafeTensors<'_>, name: &str) -> Result<(Vec<usize>, Vec<f32>), LoadError> {
    let tensor =
        file.tensor(name).map_err(|_| LoadError::MissingTensor { name: name.to_string() })?;
    if tensor.dtype() != Dtype::F32 {
        return Err(LoadError::WrongDtype {
            name: name.to_string(),
            found: tensor.dtype().to_string(),
        });
    }
    let (chunks, _) = tensor.data().as_chunks::<4>();
    let values: Vec<f32> = chunks.iter().map(|&b| f32::from_le_bytes(b)).collect();
    if let Some((position, &value)) = values.iter().enumerate().find(|(_, v)| !v.is_finite()) {
        return Err(LoadError::NotFinite { name: name.to_string(), position, value });
    }
    Ok((tensor.shape().to_vec(), values))
}
