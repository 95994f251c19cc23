//! The errors of loading a network and of running it.

use thiserror::Error;

/// Why a file is not a network this crate can run ([`crate::Network::from_bytes`]).
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The bytes are not a well-formed safetensors file (too short, a header that is not
    /// JSON, offsets that do not cover the data, ...).
    #[error("not a readable safetensors file: {0}")]
    Format(#[source] safetensors::SafeTensorError),
    /// A metadata entry that every network carries is absent.
    #[error(
        "the metadata has no `{key}` entry (a network's metadata names its game, params, input \
         and output)"
    )]
    MissingMetadata {
        /// The absent entry.
        key: &'static str,
    },
    /// A metadata entry holds a value this crate cannot use.
    #[error("the metadata's `{key}` is `{found}`, expected {expected}")]
    BadMetadata {
        /// The entry.
        key: &'static str,
        /// Its value in the file.
        found: String,
        /// What it may be.
        expected: &'static str,
    },
    /// A tensor whose name is not `layers.N.weight` or `layers.N.bias`.
    #[error(
        "tensor `{name}` is not part of the network (expected only `layers.N.weight` and \
         `layers.N.bias`, N counting from 0)"
    )]
    UnexpectedTensor {
        /// The tensor's name.
        name: String,
    },
    /// A layer below the last one present lacks its weight or its bias.
    #[error(
        "tensor `{name}` is missing (every layer from `layers.0` to the last needs a weight and \
         a bias)"
    )]
    MissingTensor {
        /// The name the tensor should have.
        name: String,
    },
    /// A tensor does not hold 32-bit floating-point numbers.
    #[error("tensor `{name}` holds {found} numbers, expected F32 (32-bit floating point)")]
    WrongDtype {
        /// The tensor's name.
        name: String,
        /// The safetensors name of the type it holds (`F16`, `F64`, `I32`, ...).
        found: String,
    },
    /// A tensor's shape does not fit the layer it belongs to.
    #[error("tensor `{name}` has shape {found:?}, expected {expected}")]
    Shape {
        /// The tensor's name.
        name: String,
        /// Its shape in the file.
        found: Vec<usize>,
        /// The shape it must have, and why.
        expected: String,
    },
    /// A weight or bias that is infinite or not a number.
    #[error("tensor `{name}` holds {value} at position {position}, expected a finite number")]
    NotFinite {
        /// The tensor's name.
        name: String,
        /// The position of the first such number, in the order the file stores them.
        position: usize,
        /// The number.
        value: f32,
    },
}

/// Why a network could not be run on an input ([`crate::Network::try_forward`],
/// [`crate::Network::best_legal`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ForwardError {
    /// The input is not as long as the network's first layer.
    #[error("the input has {found} numbers, but the network reads {expected}")]
    InputLength {
        /// The network's input length.
        expected: usize,
        /// The given input's length.
        found: usize,
    },
    /// The output buffer is not as long as the network's last layer.
    #[error("the output has room for {found} numbers, but the network writes {expected}")]
    OutputLength {
        /// The network's output length.
        expected: usize,
        /// The given buffer's length.
        found: usize,
    },
    /// A legal action has no output of the network.
    #[error("action {action} has no value: the network has {outputs} outputs (actions 0 to {})", outputs - 1)]
    ActionOutOfRange {
        /// The action.
        action: usize,
        /// The network's output length.
        outputs: usize,
    },
    /// The legal actions are none.
    #[error("there is no legal action to choose from")]
    NoLegalAction,
}
