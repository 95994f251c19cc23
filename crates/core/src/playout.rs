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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seeded_rng;

    /// A fault planted in [`Countdown`], each breaking one rule of the contract.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Fault {
        None,
        /// A clone differs from its original once `left` is this.
        CloneDiffers(u32),
        /// The invariant check fails once `left` is this.
        Invariant(u32),
        /// The players to move are these instead.
        Players(&'static [usize]),
        /// The player to move has no legal action.
        NoAction,
        /// The game announces a bound one too small.
        ShortBound,
        /// The returns have one entry too many.
        ExtraReturn,
    }

    /// Two players take turns taking 1 (or 2 while 10 or more are left) from a heap; the one
    /// who takes the last wins.
    #[derive(Clone, Debug)]
    struct Countdown {
        left: u32,
        to_move: usize,
        fault: Fault,
    }

    impl PartialEq for Countdown {
        fn eq(&self, other: &Countdown) -> bool {
            let planted = self.fault == Fault::CloneDiffers(self.left);
            !planted
                && (self.left, self.to_move, self.fault) == (other.left, other.to_move, other.fault)
        }
    }

    impl Game for Countdown {
        type Action = u32;

        fn num_players(&self) -> usize {
            2
        }

        fn players_to_move(&self) -> Vec<usize> {
            match self.fault {
                _ if self.left == 0 => vec![],
                Fault::Players(players) => players.to_vec(),
                _ => vec![self.to_move],
            }
        }

        fn legal_actions(&self, _player: usize) -> Vec<u32> {
            match self.fault {
                Fault::NoAction => vec![],
                _ if self.left >= 10 => vec![1, 2],
                _ => vec![1],
            }
        }

        fn apply(&mut self, actions: &[u32]) {
            assert_eq!(actions.len(), 1);
            self.left -= actions[0];
            self.to_move = 1 - self.to_move;
        }

        fn returns(&self) -> Returns {
            // The player to move did not take the last object.
            let mut r = vec![1.0; 2];
            r[self.to_move] = -1.0;
            if self.fault == Fault::ExtraReturn {
                r.push(0.0);
            }
            r
        }

        fn max_remaining_steps(&self) -> usize {
            self.left as usize - usize::from(self.fault == Fault::ShortBound)
        }

        fn check_invariants(&self) -> Result<(), String> {
            match self.fault {
                Fault::Invariant(at) if at == self.left => Err(format!("{at} left")),
                _ => Ok(()),
            }
        }
    }

    /// A [`Countdown`] whose `is_terminal` says the game is over while a player is to move.
    #[derive(Clone, Debug, PartialEq)]
    struct OverTooEarly(Countdown);

    impl Game for OverTooEarly {
        type Action = u32;

        fn num_players(&self) -> usize {
            self.0.num_players()
        }

        fn players_to_move(&self) -> Vec<usize> {
            self.0.players_to_move()
        }

        fn legal_actions(&self, player: usize) -> Vec<u32> {
            self.0.legal_actions(player)
        }

        fn apply(&mut self, actions: &[u32]) {
            self.0.apply(actions);
        }

        fn is_terminal(&self) -> bool {
            true
        }

        fn returns(&self) -> Returns {
            self.0.returns()
        }

        fn max_remaining_steps(&self) -> usize {
            self.0.max_remaining_steps()
        }
    }

    fn play(left: u32, fault: Fault) -> Result<Playout, PlayoutError> {
        random_playout(Countdown { left, to_move: 0, fault }, &mut seeded_rng(13))
    }

    #[test]
    fn a_game_is_over_exactly_when_nobody_is_to_move() {
        let game = |left| Countdown { left, to_move: 1, fault: Fault::None };
        assert!(game(0).is_terminal());
        assert!(!game(1).is_terminal());
    }

    #[test]
    fn a_correct_game_is_played_to_the_end() {
        // Heaps of 1 and 2 allow one line of play: one step per object.
        assert_eq!(play(1, Fault::None), Ok(Playout { steps: 1, returns: vec![1.0, -1.0] }));
        assert_eq!(play(2, Fault::None), Ok(Playout { steps: 2, returns: vec![-1.0, 1.0] }));
        assert_eq!(play(0, Fault::None), Ok(Playout { steps: 0, returns: vec![-1.0, 1.0] }));
        // Takes of 2 are allowed down to 10 left: lines take between 14 and 20 steps.
        let mut steps = Vec::new();
        for seed in 0..40 {
            let start = Countdown { left: 20, to_move: 0, fault: Fault::None };
            let p = random_playout(start, &mut seeded_rng(seed)).unwrap();
            assert!((14..=20).contains(&p.steps), "{p:?}");
            let winner = usize::from(p.steps % 2 == 0);
            assert_eq!(p.returns[winner], 1.0, "{p:?}");
            steps.push(p.steps);
        }
        assert!(steps.iter().any(|&s| s != steps[0]), "{steps:?}");
    }

    #[test]
    fn each_broken_rule_is_reported_where_it_happens() {
        assert_eq!(play(5, Fault::CloneDiffers(3)), Err(PlayoutError::CloneMismatch { step: 2 }));
        assert_eq!(
            play(5, Fault::Invariant(1)),
            Err(PlayoutError::Invariant { step: 4, message: "1 left".to_owned() })
        );
        let early = OverTooEarly(Countdown { left: 5, to_move: 0, fault: Fault::None });
        assert_eq!(
            random_playout(early, &mut seeded_rng(1)),
            Err(PlayoutError::TerminalMismatch { step: 0 })
        );
        assert_eq!(
            play(2, Fault::NoAction),
            Err(PlayoutError::NoLegalAction { step: 0, player: 0 })
        );
        assert_eq!(play(2, Fault::ShortBound), Err(PlayoutError::TooLong { bound: 1 }));
        assert_eq!(
            play(1, Fault::ExtraReturn),
            Err(PlayoutError::BadReturns { returns: vec![1.0, -1.0, 0.0] })
        );
    }

    #[test]
    fn players_to_move_must_be_ascending_distinct_and_in_range() {
        for players in [&[1, 0][..], &[0, 0], &[2], &[0, 1, 2], &[5]] {
            assert_eq!(
                play(3, Fault::Players(players)),
                Err(PlayoutError::BadPlayers { step: 0, players: players.to_vec() }),
                "{players:?}"
            );
        }
    }
}
