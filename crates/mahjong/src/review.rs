//! Mahjong reviewed by the exact distance to winning: each discard valued by the distance of
//! the hand it leaves, each claim decision by the distance after it
//! ([`Position::distance_after_claim`](crate::Position::distance_after_claim)). The value is
//! minus that distance, and a win taken now (`RON`, `SELFDRAWN`) is worth +1, one tile better
//! than any hand still to complete: passing up a win costs at least 2.

use tabletop_core::Game;
use tabletop_core::review::{Appraised, Marks, Oracle, ReviewError, Reviewable};

use crate::{Claim, Mahjong, MahjongAction, discard_options};

/// Mahjong's thresholds, in tiles of distance: a decision that leaves the hand one tile
/// further from winning than the best is a mistake, two or more (or a win passed up) a
/// blunder.
pub const MAHJONG_MARKS: Marks =
    Marks { inaccuracy: 1.0, mistake: 1.0, blunder: 2.0, throw_win: true };

/// The value of winning now.
const WIN: f64 = 1.0;

/// The distance oracle of Mahjong.
#[derive(Clone, Copy, Debug, Default)]
pub struct MahjongOracle;

impl Oracle<Mahjong> for MahjongOracle {
    fn marks(&self) -> Marks {
        MAHJONG_MARKS
    }

    fn appraise(
        &mut self,
        state: &Mahjong,
        _seed: u64,
    ) -> Result<Vec<Appraised<MahjongAction>>, ReviewError> {
        let Some((t, p)) = state.position().and_then(|t| Some((t, t.to_act()?))) else {
            return Ok(Vec::new());
        };
        // The distance after each discard, when one is due.
        let discards = if t.to_discard().is_some() {
            discard_options(t.hand(p), t.melds(p).count())
        } else {
            Vec::new()
        };
        state
            .legal_actions()
            .into_iter()
            .map(|a| {
                let value = match a {
                    MahjongAction::Tile(k) => match discards.iter().find(|d| d.0 == k) {
                        Some(&(_, d)) => -f64::from(d),
                        None => {
                            return Err(ReviewError::TooLarge(format!("no distance after {k}")));
                        }
                    },
                    MahjongAction::SelfDrawn | MahjongAction::Claim(Claim::Ron) => WIN,
                    MahjongAction::Claim(c) => match t.distance_after_claim(c) {
                        Some(d) => -f64::from(d),
                        None => {
                            return Err(ReviewError::TooLarge(format!("no distance after {c}")));
                        }
                    },
                };
                Ok(Appraised::exact(a, value))
            })
            .collect()
    }
}

impl Reviewable for Mahjong {
    type Oracle = MahjongOracle;

    fn oracle(&self) -> MahjongOracle {
        MahjongOracle
    }
}
