//! Nine reviewed by its exact solver: every legal move's result, in cards, from the mover's
//! side. Every position is valued by this thread's solver ([`with_thread_solver`]), so its
//! transposition table carries from one decision to the next (the positions of one game share
//! most of their subtrees), and from one game to the next, with no table built per review.

use tabletop_core::review::{Appraised, Marks, Oracle, ReviewError, Reviewable};

use crate::{Move, Nine, Player, with_thread_solver};

/// Nine's thresholds, in cards: an inaccuracy costs 1 or 2 cards, a mistake 3 to 5, a
/// blunder 6 or more, or turns a won game into a lost one.
pub const NINE_MARKS: Marks =
    Marks { inaccuracy: 1.0, mistake: 3.0, blunder: 6.0, throw_win: true };

/// The exact oracle of Nine: this thread's solver.
#[derive(Clone, Copy, Debug, Default)]
pub struct NineOracle;

impl Oracle<Nine> for NineOracle {
    fn marks(&self) -> Marks {
        NINE_MARKS
    }

    fn appraise(&mut self, state: &Nine, _seed: u64) -> Result<Vec<Appraised<Move>>, ReviewError> {
        let Some(pos) = state.position() else {
            return Ok(Vec::new());
        };
        let sign = if pos.to_move() == Player::Alice { 1.0 } else { -1.0 };
        let moves = with_thread_solver(|s| s.best_moves(pos));
        Ok(moves.into_iter().map(|(m, v)| Appraised::exact(m, sign * f64::from(v))).collect())
    }
}

impl Reviewable for Nine {
    type Oracle = NineOracle;

    fn oracle(&self) -> NineOracle {
        NineOracle
    }
}
