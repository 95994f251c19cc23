//! A race position and its moves: the rules as written, for [`crate::RaceGame`] (the
//! [`tabletop_core::Game`] of sessions and bots) and the minimax oracle.

use std::fmt;
use std::str::FromStr;

use tabletop_core::TwoPlayerZeroSum;

use crate::{Board, IllegalMoveError, ParseMoveError, Piece};

/// A move: the cell the piece goes to, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Move {
    /// The row.
    pub x: u64,
    /// The column.
    pub y: u64,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// Parses `(x,y)` (spaces allowed around the numbers).
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        let inner = s.trim().strip_prefix('(').and_then(|t| t.strip_suffix(')')).ok_or_else(err)?;
        let (x, y) = inner.split_once(',').ok_or_else(err)?;
        let num = |t: &str| {
            let t = t.trim();
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err());
            }
            t.parse::<u64>().map_err(|_| err())
        };
        Ok(Move { x: num(x)?, y: num(y)? })
    }
}

tabletop_core::named_enum! {
    /// One of the two players: B moves first, G second. In the [`tabletop_core::Game`] view
    /// ([`crate::RaceGame`]) B is player 0 and G player 1 ([`Player::index`]).
    #[derive(PartialOrd, Ord)]
    pub enum Player: "player" {
        /// The first player (the judge's `B` when they win).
        B = "B",
        /// The second player (the judge's `G` when they win).
        G = "G",
    }
}

impl Player {
    /// The player's number in the [`tabletop_core::Game`] view: 0 for B, 1 for G.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other player.
    pub const fn other(self) -> Player {
        match self {
            Player::B => Player::G,
            Player::G => Player::B,
        }
    }
}

/// A race game in progress: a piece on a board, and whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    piece: Piece,
    board: Board,
    x: u64,
    y: u64,
    /// The player to move.
    mover: Player,
}

impl Position {
    /// The start of a game: the piece on `(1, 1)`, B to move.
    pub fn new(piece: Piece, board: Board) -> Position {
        Position { piece, board, x: 1, y: 1, mover: Player::B }
    }

    /// A game with the piece on `(x, y)` and B to move, or `None` if the cell is off the board.
    pub fn from_cell(piece: Piece, board: Board, x: u64, y: u64) -> Option<Position> {
        board.contains(x, y).then_some(Position { piece, board, x, y, mover: Player::B })
    }

    /// A position with the piece on `(x, y)`, on the board or not, B to move: for the tests
    /// of the invariant checks.
    #[cfg(test)]
    pub(crate) fn corrupt(piece: Piece, board: Board, (x, y): (u64, u64)) -> Position {
        Position { piece, board, x, y, mover: Player::B }
    }

    /// The piece.
    pub fn piece(&self) -> Piece {
        self.piece
    }

    /// The board.
    pub fn board(&self) -> Board {
        self.board
    }

    /// The piece's cell, 1-based.
    pub fn cell(&self) -> (u64, u64) {
        (self.x, self.y)
    }

    /// The player to move, whether or not the game is over.
    pub fn mover(&self) -> Player {
        self.mover
    }

    /// Whether the piece is on the target `(N, M)`: the previous mover has won.
    pub fn on_target(&self) -> bool {
        (self.x, self.y) == (self.board.rows(), self.board.cols())
    }

    /// Every legal move, in the order right, down, diagonal, nearest first.
    ///
    /// O(number of moves): for the rook and queen that is up to `N + M + min(N, M)`, so this is
    /// for boards that fit in memory; the closed forms answer large boards.
    pub fn moves(&self) -> Vec<Move> {
        let mut v = Vec::new();
        self.for_each_move(|mv| v.push(mv));
        v
    }

    /// Calls `f` with each legal move, in the order of [`Position::moves`], with no list.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let (n, m) = (self.board.rows(), self.board.cols());
        let (x, y) = (self.x, self.y);
        if self.on_target() {
            return;
        }
        // The distances to the last row and the last column.
        let (down, right) = (n - x, m - y);
        let mut push = |dx: u64, dy: u64| {
            if down >= dx && right >= dy {
                f(Move { x: x + dx, y: y + dy });
            }
        };
        match self.piece {
            Piece::King => {
                push(0, 1);
                push(1, 0);
                push(1, 1);
            }
            Piece::Knight => {
                push(1, 2);
                push(2, 1);
            }
            Piece::Rook | Piece::Queen => {
                for k in 1..=right {
                    push(0, k);
                }
                for k in 1..=down {
                    push(k, 0);
                }
                if self.piece == Piece::Queen {
                    for k in 1..=down.min(right) {
                        push(k, k);
                    }
                }
            }
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        if self.on_target() || !self.board.contains(mv.x, mv.y) || mv.x < self.x || mv.y < self.y {
            return false;
        }
        let (dx, dy) = (mv.x - self.x, mv.y - self.y);
        match self.piece {
            Piece::King => dx <= 1 && dy <= 1 && dx + dy > 0,
            Piece::Knight => (dx, dy) == (1, 2) || (dx, dy) == (2, 1),
            Piece::Rook => (dx == 0) != (dy == 0),
            Piece::Queen => (dx == 0) != (dy == 0) || (dx == dy && dx > 0),
        }
    }

    /// Plays `mv`.
    ///
    /// # Panics
    /// If `mv` is illegal.
    pub fn play(&mut self, mv: Move) {
        if let Err(e) = self.try_play(mv) {
            panic!("{e}");
        }
    }

    /// Plays `mv` if it is legal.
    ///
    /// # Errors
    /// If `mv` is not a legal move here; the position is unchanged.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        if !self.is_legal(mv) {
            return Err(IllegalMoveError {
                piece: self.piece,
                from: self.cell(),
                to: (mv.x, mv.y),
            });
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// Plays `mv` without checking it.
    ///
    /// Precondition: `self.is_legal(mv)`; otherwise the position is meaningless (the piece may
    /// leave the board). Checked by `debug_assert!` in debug builds.
    pub fn play_unchecked(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        self.x = mv.x;
        self.y = mv.y;
        self.mover = self.mover.other();
        debug_assert_eq!(self.check_invariants(), Ok(()));
    }

    /// Whether the game is over: on the target, or stuck (a draw).
    pub fn is_over(&self) -> bool {
        self.on_target() || !self.has_moves()
    }

    /// The winner once the piece is on the target: the player who moved it there (the one not
    /// to move). `None` before the end and in a draw.
    pub fn winner(&self) -> Option<Player> {
        self.on_target().then(|| self.mover.other())
    }

    /// The position's invariant: the piece is on the board. Checked by `debug_assert!` after
    /// every move.
    ///
    /// # Errors
    /// Where the piece is, when it is off the board.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.board.contains(self.x, self.y) {
            Ok(())
        } else {
            Err(format!("the piece is off the board at {:?}", self.cell()))
        }
    }

    fn has_moves(&self) -> bool {
        let (a, b) = (self.board.rows() - self.x, self.board.cols() - self.y);
        match self.piece {
            Piece::Knight => (a >= 1 && b >= 2) || (a >= 2 && b >= 1),
            _ => a + b > 0,
        }
    }
}

impl TwoPlayerZeroSum for Position {
    type Key = (u64, u64, usize);

    fn key(&self) -> (u64, u64, usize) {
        (self.x, self.y, self.mover.index())
    }

    fn terminal_value(&self) -> Option<i32> {
        if self.on_target() {
            Some(if self.mover == Player::B { -1 } else { 1 })
        } else if self.is_over() {
            Some(0)
        } else {
            None
        }
    }

    fn first_player_to_move(&self) -> bool {
        self.mover == Player::B
    }

    fn children(&self) -> Vec<Position> {
        self.moves()
            .into_iter()
            .map(|mv| {
                let mut c = self.clone();
                c.play(mv);
                c
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Outcome, OutcomeTable};
    use tabletop_core::minimax;

    #[test]
    fn every_move_of_small_boards_round_trips_in_notation() {
        for piece in Piece::ALL {
            let board = Board::new(6, 7).unwrap();
            for mv in Position::new(piece, board).moves() {
                assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
            }
        }
    }

    #[test]
    fn minimax_agrees_with_the_tables_on_every_cell() {
        for piece in Piece::ALL {
            let (n, m) = (9u64, 11u64);
            let board = Board::new(n, m).unwrap();
            let table = OutcomeTable::new(piece, n as usize, m as usize).unwrap();
            for x in 1..=n {
                for y in 1..=m {
                    let pos = Position::from_cell(piece, board, x, y).unwrap();
                    let want = match minimax(&pos).0 {
                        1 => Outcome::B,
                        -1 => Outcome::G,
                        _ => Outcome::D,
                    };
                    assert_eq!(table.at(x as usize, y as usize), want, "{piece} at ({x},{y})");
                }
            }
        }
    }

    #[test]
    fn move_notation() {
        assert_eq!("(3,5)".parse::<Move>(), Ok(Move { x: 3, y: 5 }));
        assert_eq!(" ( 3 , 5 ) ".parse::<Move>(), Ok(Move { x: 3, y: 5 }));
        for bad in ["", "()", "(3)", "(3,)", "3,5", "(3,5", "(-3,5)", "(3,5,6)", "(x,5)"] {
            assert!(bad.parse::<Move>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_mover_alternates_and_the_last_mover_wins() {
        let mut race = Position::new(Piece::King, Board::new(2, 2).unwrap());
        assert_eq!(race.cell(), (1, 1));
        assert_eq!((race.mover(), race.winner()), (Player::B, None));
        race.play(Move { x: 1, y: 2 });
        assert_eq!(race.cell(), (1, 2));
        assert_eq!((race.mover(), race.mover().to_string()), (Player::G, "G".to_owned()));
        assert!(!race.is_over());
        race.play(Move { x: 2, y: 2 });
        assert_eq!(race.mover(), Player::B);
        assert!(race.is_over());
        assert_eq!(race.winner(), Some(Player::G));
        assert_eq!(Player::ALL.map(Player::other), [Player::G, Player::B]);
        assert_eq!(Player::ALL.map(Player::index), [0, 1]);
    }

    #[test]
    fn a_stuck_knight_is_a_draw_without_a_winner() {
        let race = Position::from_cell(Piece::Knight, Board::new(3, 3).unwrap(), 2, 3).unwrap();
        assert!(race.is_over() && !race.on_target());
        assert_eq!((race.moves(), race.winner()), (Vec::new(), None));
    }

    #[test]
    fn the_invariant_check_finds_a_piece_off_the_board() {
        let board = Board::new(4, 5).unwrap();
        for cell in [(5, 1), (0, 1), (1, 0), (4, 6)] {
            let off = Position::corrupt(Piece::King, board, cell);
            let want = format!("the piece is off the board at {cell:?}");
            assert_eq!(off.check_invariants(), Err(want));
        }
        assert_eq!(
            Position::from_cell(Piece::King, board, 4, 5).unwrap().check_invariants(),
            Ok(())
        );
    }

    #[test]
    fn legality_matches_the_move_list() {
        for piece in Piece::ALL {
            let board = Board::new(6, 7).unwrap();
            for x in 1..=6 {
                for y in 1..=7 {
                    let pos = Position::from_cell(piece, board, x, y).unwrap();
                    let moves = pos.moves();
                    for tx in 0..=8 {
                        for ty in 0..=9 {
                            let mv = Move { x: tx, y: ty };
                            assert_eq!(
                                pos.is_legal(mv),
                                moves.contains(&mv),
                                "{piece} {x},{y} -> {mv}"
                            );
                        }
                    }
                }
            }
        }
    }
}
