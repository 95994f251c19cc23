//! What a network file says about itself: the game and parameters it was trained for, what
//! it reads and what it writes.

use std::collections::BTreeMap;

use crate::LoadError;

/// The input kind this crate runs: the acting player's observation tensor
/// (`Game::write_observation_tensor` in `tabletop-core`), as 32-bit floats.
pub const INPUT_OBSERVATION: &str = "observation";

/// The other input kind this crate runs: one vector of numbers per legal action (a game's
/// per-action features, as 32-bit floats), each scored alone by the same network of one
/// output; the policy plays the action of highest output. The game names the vectors' layout
/// in an entry of its own (Take 6!: `features_version`) and refuses a file of another.
pub const INPUT_ACTION_FEATURES: &str = "action-features";

/// An output kind this crate runs: one value per action id, the action's Q-value (the
/// return expected after it); the policy plays the legal action of highest value.
pub const OUTPUT_Q: &str = "q";

/// An output kind this crate runs: one score per action id, a policy's preference (the
/// logits of the action it chooses, learnt by imitating a search); the policy plays the
/// legal action of highest score.
pub const OUTPUT_SCORE: &str = "score";

/// The `__metadata__` of a network file. Four entries are required: `game` (the game's name,
/// as `tabletop play` spells it), `params` (a JSON object: the game's parameters, as the
/// game's `Params` reads them), `input` ([`INPUT_OBSERVATION`] or [`INPUT_ACTION_FEATURES`])
/// and `output` ([`OUTPUT_Q`] or [`OUTPUT_SCORE`]: for action features, one value per
/// action's vector).
/// Other entries (how it was trained, ...) are kept as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Metadata {
    game: String,
    params: String,
    input: String,
    output: String,
    other: BTreeMap<String, String>,
}

impl Metadata {
    /// Checks and keeps the file's metadata (`None` when the file has none).
    pub(crate) fn from_entries<'a>(
        entries: Option<impl IntoIterator<Item = (&'a String, &'a String)>>,
    ) -> Result<Metadata, LoadError> {
        let mut other: BTreeMap<String, String> =
            entries.into_iter().flatten().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut take =
            |key: &'static str| other.remove(key).ok_or(LoadError::MissingMetadata { key });
        let (game, params, input, output) =
            (take("game")?, take("params")?, take("input")?, take("output")?);
        if game.trim().is_empty() {
            return Err(LoadError::BadMetadata {
                key: "game",
                found: game,
                expected: "a game's name",
            });
        }
        if !matches!(serde_json::from_str(&params), Ok(serde_json::Value::Object(_))) {
            return Err(LoadError::BadMetadata {
                key: "params",
                found: params,
                expected: "a JSON object of the game's parameters",
            });
        }
        if input != INPUT_OBSERVATION && input != INPUT_ACTION_FEATURES {
            return Err(LoadError::BadMetadata {
                key: "input",
                found: input,
                expected: "`observation` (the player's observation tensor) or `action-features` \
                           (one vector per legal action)",
            });
        }
        if output != OUTPUT_Q && output != OUTPUT_SCORE {
            return Err(LoadError::BadMetadata {
                key: "output",
                found: output,
                expected: "`q` or `score` (one value per action)",
            });
        }
        Ok(Metadata { game, params, input, output, other })
    }

    /// The game the network plays, as `tabletop play` names it (`take6`, `mahjong`, ...).
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The game's parameters the network was trained for: a JSON object, as the game's
    /// `Params` reads it.
    pub fn params(&self) -> &str {
        &self.params
    }

    /// What the network reads: [`INPUT_OBSERVATION`] or [`INPUT_ACTION_FEATURES`].
    pub fn input(&self) -> &str {
        &self.input
    }

    /// What the network writes: [`OUTPUT_Q`] or [`OUTPUT_SCORE`].
    pub fn output(&self) -> &str {
        &self.output
    }

    /// Any entry of the metadata by its key, the four above included.
    pub fn get(&self, key: &str) -> Option<&str> {
        match key {
            "game" => Some(&self.game),
            "params" => Some(&self.params),
            "input" => Some(&self.input),
            "output" => Some(&self.output),
            _ => self.other.get(key).map(String::as_str),
        }
    }
}
