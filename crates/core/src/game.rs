//! The `Game` trait.

use std::fmt::{Debug, Display};

/// What each player gets at the end of a game, indexed by player (higher is better).
pub type Returns = Vec<f64>;

/// A game state in the spirit of OpenSpiel's `State`: small on purpose.
///
/// Players are numbered `0..num_players()`. At every non-terminal state one or more players
/// move at once ([`Game::players_to_move`]); a simultaneous round (Take 6!) lists them all.
/// A forced pass is a legal action like any other, so the legal actions of a player to move are
/// never empty.
pub trait Game: Clone + Debug + PartialEq {
    /// One player's action.
    type Action: Copy + Eq + Debug + Display;

    /// The number of players.
    fn num_players(&self) -> usize;

    /// The players who act now, in ascending order; empty exactly when the game is over.
    fn players_to_move(&self) -> Vec<usize>;

    /// The legal actions of `player`, who must be one of [`Game::players_to_move`].
    fn legal_actions(&self, player: usize) -> Vec<Self::Action>;

    /// Applies one action per player to move, in the order of [`Game::players_to_move`].
    ///
    /// # Panics
    /// If the number of actions is wrong or an action is illegal.
    fn apply(&mut self, actions: &[Self::Action]);

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.players_to_move().is_empty()
    }

    /// The returns of a terminal state, one per player.
    fn returns(&self) -> Returns;

    /// An upper bound on the number of [`Game::apply`] calls of any game from this state.
    fn max_remaining_steps(&self) -> usize;

    /// The game's internal consistency check (conserved quantities, bitsets agreeing with
    /// counts, ...): `Err` with a description when something is broken.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }
}
