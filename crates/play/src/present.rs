//! What the session layer adds to a game: its JSON parameters, its view and its analysis.

use serde::Serialize;
use serde::de::DeserializeOwned;
use tabletop_core::Game;
use tabletop_core::review::Reviewable;

use crate::PlayError;

/// A [`Game`] as front ends show it. The rules are the game's [`Game`] impl in its own crate
/// (with its parameters, bots, information states and tensors); this adds only presentation:
/// the JSON view of a state for one viewer, the analysis of a position, and which parameters
/// are secret. Its review ([`Reviewable`]) is the game crate's, like its rules.
///
/// A game joins the registry ([`crate::games()`]) with one line in `registry.rs`.
pub trait Present: Game<Params: Serialize + DeserializeOwned> + Reviewable {
    /// The state as one player sees it (or everything, for `viewer == None`).
    type View: Serialize;
    /// The analysis of a position, serialisable.
    type Analysis: Serialize;

    /// The state as `viewer` sees it (`None`: everything, for spectators and replays).
    fn view(&self, viewer: Option<usize>) -> Self::View;

    /// Analyses the position for the current player (or the whole position when the game is
    /// over), with bounded work (caps documented per game).
    ///
    /// # Errors
    /// [`PlayError::TooLarge`] when the position is above the analysis caps.
    fn analyse(&self, seed: u64) -> Result<Self::Analysis, PlayError>;

    /// The parameters that reveal hidden information (a pasted wall, a script of every
    /// player's cards): left out of the state a player sees. None by default.
    fn secret_params(&self) -> &'static [&'static str] {
        &[]
    }
}
