//! The random-playout conformance harness: one test over every game.

use rand::seq::IndexedRandom;
use thiserror::Error;

use crate::{Game, Returns, Rng};

/// What a successful random playout saw.
#[derive(Clone, Debug, PartialEq)]
pub struct Playout {
    /// The number of [`Game::apply`] calls.
    pub steps: usize,
    /// The returns at the end.
    pub returns: Returns,
}

/// A broken rule of the [`Game`] contract, found by [`random_playout`].
#[derive(Clone, Debug, PartialEq, Error)]
pub enum PlayoutError {
    /// A player to move had no legal action.
    #[error("step {step}: player {player} is to move but has no legal action")]
    NoLegalAction {
        /// The step (0-based) at which it was found.
        step: usize,
        /// The player to move.
        player: usize,
    },
    /// The players to move were not ascending and distinct, or out of range.
    #[error("step {step}: players to move {players:?} are not ascending player numbers")]
    BadPlayers {
        /// The step (0-based) at which it was found.
        step: usize,
        /// The players to move, as listed.
        players: Vec<usize>,
    },
    /// `is_terminal` disagreed with `players_to_move`.
    #[error("step {step}: is_terminal() disagrees with players_to_move()")]
    TerminalMismatch {
        /// The step (0-based) at which it was found.
        step: usize,
    },
    /// A clone was not equal to its original.
    #[error("step {step}: a clone differs from its original")]
    CloneMismatch {
        /// The step (0-based) at which it was found.
        step: usize,
    },
    /// The invariant check failed.
    #[error("step {step}: invariant broken: {message}")]
    Invariant {
        /// The step (0-based) at which it was found.
        step: usize,
        /// What the check found.
        message: String,
    },
    /// The game went on past its announced bound.
    #[error("the game went on past its bound of {bound} steps")]
    TooLong {
        /// The bound the game announced at the start.
        bound: usize,
    },
    /// The returns did not have one entry per player.
    #[error("returns {returns:?} do not have one entry per player")]
    BadReturns {
        /// The returns.
        returns: Returns,
    },
}

/// Plays `game` to the end with uniformly random legal actions, checking after every step that
/// clones are equal, players to move have legal actions exactly while the game is not over, the
/// invariants hold, and the game ends within its own bound.
pub fn random_playout<G: Game>(mut game: G, rng: &mut Rng) -> Result<Playout, PlayoutError> {
    let bound = game.max_remaining_steps();
    let mut steps = 0;
    loop {
        if game.clone() != game {
            return Err(PlayoutError::CloneMismatch { step: steps });
        }
        game.check_invariants()
            .map_err(|message| PlayoutError::Invariant { step: steps, message })?;
        let players = game.players_to_move();
        if game.is_terminal() != players.is_empty() {
            return Err(PlayoutError::TerminalMismatch { step: steps });
        }
        if players.is_empty() {
            break;
        }
        if players.windows(2).any(|w| w[0] >= w[1])
            || players.iter().any(|&p| p >= game.num_players())
        {
            return Err(PlayoutError::BadPlayers { step: steps, players });
        }
        if steps == bound {
            return Err(PlayoutError::TooLong { bound });
        }
        let mut actions = Vec::with_capacity(players.len());
        for &player in &players {
            let legal = game.legal_actions(player);
            let &action =
                legal.choose(rng).ok_or(PlayoutError::NoLegalAction { step: steps, player })?;
            actions.push(action);
        }
        game.apply(&actions);
        steps += 1;
    }
    let returns = game.returns();
    if returns.len() != game.num_players() {
        return Err(PlayoutError::BadReturns { returns });
    }
    Ok(Playout { steps, returns })
}
