//! The traits a game implements to join the session layer.

use std::fmt::{Debug, Display};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::PlayError;

/// A game as the session layer sees it: one player decides at a time.
///
/// Simultaneous rounds (Take 6!) are presented turn by turn: the players choose in seat order,
/// an earlier choice is hidden from later players (see [`Playable::hidden_tail`]), and the
/// round is resolved when the last player has chosen. Moves that follow fixed rules (Mahjong's
/// draws and claims, Take 6!'s placements) happen inside [`Playable::apply`].
///
/// A game joins the registry ([`crate::games()`]) with one line in `registry.rs`; nothing else
/// in the session layer knows it.
pub trait Playable: Clone + Debug + Send + Sync + 'static {
    /// The parameters: deserialised from JSON with `#[serde(default)]`, so `{}` gives
    /// sensible defaults.
    type Params: Serialize + DeserializeOwned + Default + Debug;
    /// One action, written in the game's own notation by `Display`.
    type Action: Copy + Eq + Debug + Display;
    /// The state as one player sees it (or everything, for `viewer == None`).
    type View: Serialize;

    /// The registry name: `nine`, `take6`, `race`, `mahjong`.
    const NAME: &'static str;
    /// One line about the game.
    const DESCRIPTION: &'static str;

    /// The game from its parameters; `seed` decides every random choice (the deal, the wall).
    ///
    /// # Errors
    /// [`PlayError::BadParams`] or [`PlayError::TooLarge`].
    fn new(params: &Self::Params, seed: u64) -> Result<Self, PlayError>;

    /// The number of players.
    fn num_players(&self) -> usize;

    /// The name of a player in the game's own terms (`Alice`, `B`, `player 1`, `A`).
    fn player_name(&self, player: usize) -> String;

    /// The player who decides now; `None` exactly when the game is over.
    fn current_player(&self) -> Option<usize>;

    /// The legal actions of the current player, in a fixed order; never empty before the end.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies a legal action of the current player (the session checks legality first).
    /// Deterministic: the same actions from the same start give the same state (undo replays
    /// them).
    fn apply(&mut self, action: Self::Action);

    /// Reads an action in the game's notation (the inverse of `Display`).
    ///
    /// # Errors
    /// Why the text is not an action (legality is checked separately).
    fn parse_action(&self, text: &str) -> Result<Self::Action, String>;

    /// The returns, one per player (meaningful once the game is over; 0 before).
    fn returns(&self) -> Vec<f64>;

    /// The number of integer action ids: every action of this game has an id below it.
    fn num_distinct_actions(&self) -> usize;

    /// The integer id of an action.
    fn action_id(&self, action: Self::Action) -> usize;

    /// The action of an id, if the id is below [`Playable::num_distinct_actions`]. Ids and
    /// actions correspond by the parameters alone, never by the state (the session writes its
    /// history in notation from the ids).
    fn action_from_id(&self, id: usize) -> Option<Self::Action>;

    /// The bots this game offers, by name, the default first. `solver` is the exact player
    /// where the game has one.
    fn bots(&self) -> Vec<String>;

    /// Whether `name` is a bot this game can seat (by default: one of [`Playable::bots`]).
    ///
    /// # Errors
    /// Why not.
    fn check_bot(&self, name: &str) -> Result<(), String> {
        if self.bots().iter().any(|b| b == name) {
            Ok(())
        } else {
            Err(format!("unknown bot {name:?}"))
        }
    }

    /// The action `bot` plays now for the current player. Deterministic in `seed`; it sees only
    /// what the current player may see.
    fn bot_action(&self, bot: &str, seed: u64) -> Self::Action;

    /// The state as `viewer` sees it (`None`: everything, for spectators and replays).
    fn view(&self, viewer: Option<usize>) -> Self::View;

    /// Whether players hold information the others do not (Take 6!'s hands, Mahjong's hands
    /// and wall). `false` by default (Nine and race are open).
    fn has_hidden_information(&self) -> bool {
        false
    }

    /// The parameters that reveal hidden information (a pasted wall, a script of every
    /// player's cards): left out of the state a player sees. None by default.
    fn secret_params(&self) -> &'static [&'static str] {
        &[]
    }

    /// How many of the last actions are still secret to everyone but the player who made them
    /// (Take 6!: the choices of the round in progress). 0 by default.
    fn hidden_tail(&self) -> usize {
        0
    }

    /// The game's internal consistency check (the game crate's `check_invariants`): `Err`
    /// with a description when something is broken. `Ok` by default.
    ///
    /// # Errors
    /// What is broken.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// The shape of [`Playable::observation_tensor`].
    fn observation_shape(&self) -> Vec<usize>;

    /// What `player` knows, as numbers, flattened in row-major order of
    /// [`Playable::observation_shape`] (layout documented per game).
    fn observation_tensor(&self, player: usize) -> Vec<f32>;

    /// The state in text (for `__str__` and logs).
    fn text(&self) -> String;

    /// An upper bound on the number of actions until the end from here.
    fn max_remaining_steps(&self) -> usize;
}

/// The analysis a game offers for the current position (bounded work, caps documented per
/// game).
pub trait Analyse: Playable {
    /// The result, serialisable.
    type Analysis: Serialize;

    /// Analyses the position for the current player (or the whole position when the game is
    /// over).
    ///
    /// # Errors
    /// [`PlayError::TooLarge`] when the position is above the analysis caps.
    fn analyse(&self, seed: u64) -> Result<Self::Analysis, PlayError>;
}
