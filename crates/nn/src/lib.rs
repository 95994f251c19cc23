//! The forward pass of tabletop's shipped networks, with no training framework: a multilayer
//! perceptron (ReLU between layers, none after the last) read from a safetensors file, run on
//! a player's observation tensor, its outputs one value per action id; a policy plays the
//! legal action of highest value.
//!
//! The file format: tensors `layers.N.weight` (`[outputs, inputs]`, F32) and `layers.N.bias`
//! (`[outputs]`, F32) for N from 0, and the metadata `game`, `params` (JSON), `input`
//! (`observation`, or `action-features`: one vector per legal action, each scored alone by a
//! network of one output) and `output` (`q` for Q-values, `score` for a policy's scores); see [`Network::from_bytes`] and [`Metadata`].
//!
//! With the `shipped` feature, [`shipped`] holds the networks that ship with tabletop.
//!
//! ```
//! use tabletop_nn::Network;
//!
//! // The tests' network: 7 inputs, hidden layers of 6 and 5, 4 outputs.
//! let bytes = include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiny.safetensors"));
//! let network = Network::from_bytes(bytes)?;
//! assert_eq!(network.widths(), [7, 6, 5, 4]);
//! assert_eq!(network.metadata().input(), "observation");
//!
//! let observation = [1.0, 0.0, 0.0, 1.0, 0.0, 1.0, 0.0];
//! let mut scratch = network.scratch(); // made once, reused by every decision
//! let mut values = [0.0; 4];
//! network.forward(&observation, &mut values, &mut scratch);
//! // The policy: the legal action of highest value.
//! let action = network.best_legal(&observation, [0, 2, 3], &mut scratch)?;
//! assert!([0, 2, 3].into_iter().all(|a| values[a] <= values[action]));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod error;
mod metadata;
mod network;
#[cfg(feature = "shipped")]
pub mod shipped;

pub use error::{ForwardError, LoadError};
pub use metadata::{INPUT_ACTION_FEATURES, INPUT_OBSERVATION, Metadata, OUTPUT_Q, OUTPUT_SCORE};
pub use network::{Network, Scratch};
