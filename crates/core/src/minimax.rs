//! A plain memoised minimax: the oracle for two-player zero-sum solvers.
//!
//! Trade-off: no pruning, no move ordering, one hash map entry per reachable position. It is
//! meant to be short and obviously right, not fast.

use std::collections::HashMap;
use std::hash::Hash;

/// A two-player zero-sum game with a value for the first player (player 0) that player 0
/// maximises and player 1 minimises.
pub trait TwoPlayerZeroSum: Clone {
    /// A compact key of the position (equal keys mean equal futures).
    type Key: Hash + Eq;
    /// The key of this position.
    fn key(&self) -> Self::Key;
    /// The value for player 0 if the game is over here.
    fn terminal_value(&self) -> Option<i32>;
    /// Whether player 0 is to move (else player 1).
    fn first_player_to_move(&self) -> bool;
    /// The positions after each legal move (a forced pass is a move). Never empty when the
    /// game is not over.
    fn children(&self) -> Vec<Self>;
}

/// The memo of a [`minimax`] run.
#[derive(Debug)]
pub struct Minimax<K> {
    memo: HashMap<K, i32>,
}

impl<K> Minimax<K> {
    /// The number of distinct positions evaluated.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }
}

impl<K: Hash + Eq> Default for Minimax<K> {
    fn default() -> Self {
        Minimax { memo: HashMap::new() }
    }
}

impl<K: Hash + Eq> Minimax<K> {
    /// The value of `pos` for player 0 under optimal play by both sides.
    pub fn value<G: TwoPlayerZeroSum<Key = K>>(&mut self, pos: &G) -> i32 {
        if let Some(v) = pos.terminal_value() {
            return v;
        }
        let key = pos.key();
        if let Some(&v) = self.memo.get(&key) {
            return v;
        }
        let values = pos.children().iter().map(|c| self.value(c)).collect::<Vec<_>>();
        let v = if pos.first_player_to_move() {
            values.into_iter().max()
        } else {
            values.into_iter().min()
        }
        .expect("a position that is not over has at least one move");
        self.memo.insert(key, v);
        v
    }
}

/// The value of `pos` for player 0 under optimal play, and the number of positions visited.
pub fn minimax<G: TwoPlayerZeroSum>(pos: &G) -> (i32, usize) {
    let mut m = Minimax::default();
    let v = m.value(pos);
    (v, m.positions())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Subtraction game: take 1 or 2 from a heap; who takes the last wins (+1 for player 0).
    #[derive(Clone)]
    struct Sub {
        heap: u32,
        first: bool,
    }

    impl TwoPlayerZeroSum for Sub {
        type Key = (u32, bool);
        fn key(&self) -> (u32, bool) {
            (self.heap, self.first)
        }
        fn terminal_value(&self) -> Option<i32> {
            // The player who just moved took the last object.
            (self.heap == 0).then_some(if self.first { -1 } else { 1 })
        }
        fn first_player_to_move(&self) -> bool {
            self.first
        }
        fn children(&self) -> Vec<Self> {
            (1..=self.heap.min(2))
                .map(|t| Sub { heap: self.heap - t, first: !self.first })
                .collect()
        }
    }

    /// The positions that are not over and reachable from `start`, counted by a plain
    /// search: what the memo must hold after a run from `start`.
    fn reachable_open_positions(start: &Sub) -> usize {
        let mut seen = std::collections::HashSet::new();
        let mut stack = vec![start.clone()];
        while let Some(pos) = stack.pop() {
            if pos.terminal_value().is_none() && seen.insert(pos.key()) {
                stack.extend(pos.children());
            }
        }
        seen.len()
    }

    #[test]
    fn values_and_position_counts_are_exact() {
        // Heap 1 or 2: the mover takes everything and wins; heap 3: the mover loses.
        for (heap, first, want) in [(1, true, 1), (2, true, 1), (3, true, -1), (1, false, -1)] {
            let pos = Sub { heap, first };
            let (v, n) = minimax(&pos);
            assert_eq!((v, n), (want, reachable_open_positions(&pos)), "heap {heap}");
        }
        // From heap 5 with player 0 to move: the start, heap 4 with player 1 to move, and
        // heaps 1..=3 with either player.
        let start = Sub { heap: 5, first: true };
        assert_eq!(reachable_open_positions(&start), 8);
        assert_eq!(minimax(&start), (1, 8));
        let mut m = Minimax::default();
        assert_eq!(m.positions(), 0);
        assert_eq!(m.value(&Sub { heap: 0, first: true }), -1);
        assert_eq!(m.positions(), 0);
        let six = Sub { heap: 6, first: false };
        assert_eq!(m.value(&six), 1);
        assert_eq!(m.positions(), reachable_open_positions(&six));
    }

    #[test]
    fn subtraction_game_losses_are_multiples_of_three() {
        for heap in 1..30 {
            let (v, _) = minimax(&Sub { heap, first: true });
            assert_eq!(v == -1, heap % 3 == 0, "heap {heap}");
        }
    }
}
