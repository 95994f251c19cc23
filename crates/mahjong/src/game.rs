//! [`tabletop_core::Game`] for Mahjong: the player to discard chooses any kind in hand.

use tabletop_core::{Game, Returns};

use crate::sim::Table;
use crate::tile::Player;
use crate::wall::Wall;
use crate::{Kind, Outcome};

/// A game where the only choice is the discard: the player to discard picks any kind they
/// hold; draws, wins (always taken) and claims (made exactly when they lower the distance)
/// follow the fixed rules automatically, as in [`Table::discard`].
///
/// Returns: 1 to the winner, 0 to everyone else; all 0 for a draw.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MahjongGame {
    table: Table,
}

impl MahjongGame {
    /// Deals `wall` and starts `A`'s turn.
    pub fn new(wall: &Wall) -> MahjongGame {
        MahjongGame { table: Table::new(wall) }
    }

    /// The table.
    pub fn table(&self) -> &Table {
        &self.table
    }
}

impl Game for MahjongGame {
    type Action = Kind;

    fn num_players(&self) -> usize {
        4
    }

    fn players_to_move(&self) -> Vec<usize> {
        self.table.to_discard().map(Player::index).into_iter().collect()
    }

    fn legal_actions(&self, player: usize) -> Vec<Kind> {
        self.table.hand(Player::from_index(player)).kinds().collect()
    }

    fn apply(&mut self, actions: &[Kind]) {
        assert_eq!(actions.len(), 1, "one discard per step");
        self.table.discard(actions[0]);
        debug_assert_eq!(self.table.check(), Ok(()));
    }

    fn returns(&self) -> Returns {
        let mut r = vec![0.0; 4];
        if let Some(p) = self.table.outcome().and_then(Outcome::winner) {
            r[p.index()] = 1.0;
        }
        r
    }

    /// Every discard follows a draw from the wall or a claim (at most 16: four melds each).
    fn max_remaining_steps(&self) -> usize {
        self.table.wall_left()
            + self.table.claims_left()
            + usize::from(self.table.to_discard().is_some())
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.table.check()
    }
}
