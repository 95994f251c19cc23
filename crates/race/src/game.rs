//! The race game as sessions, bots and the conformance harness see it: [`RaceGame`], the
//! [`tabletop_core::Game`] of a [`Position`] on a board of at most [`MAX_PLAY_SIDE`] a side.
//!
//! [`Position`] is the piece's position and its rules on any board up to `10^18`; a game adds what needs
//! the board to be small: one action id per cell, tensors of one number per cell, and the
//! parameters it was built from (the start cell, which the front ends show).

use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::text::clip;
use tabletop_core::{
    ChanceMode, Dynamics, Game, GameType, IllegalAction, Information, Number, ParamsError, Returns,
    RewardModel, Turn, Utility, seeded_rng,
};

use crate::{Board, MIN_SIDE, Move, Outcome, Piece, Player, Position, outcome_at};

/// The largest side of a board that is played move by move or drawn cell by cell: sessions
/// refuse a larger board ([`ParamsError::TooLarge`]), and the tables that front ends draw
/// (the outcome and Grundy value of every cell) stop here too, so a board that can be drawn
/// can be played.
///
/// At this size a session is quick; the bound is rather what a person can read (10,000 cells,
/// and as many action ids and numbers per tensor plane). On the queen's 100 x 100 board, the
/// most moves per cell (criterion group `play-cap-queen-100`, one shared core):
///
/// | work                                                   | time    |
/// |--------------------------------------------------------|---------|
/// | the solver's move from `(1, 1)` (297 moves)            | 3.5 µs  |
/// | one step's legal actions and both players' tensors     | 0.28 ms |
/// | the outcome and Grundy tables of every cell (analysis) | 0.9 ms  |
///
/// The closed forms ([`crate::solve`]) answer any board up to [`crate::MAX_SIDE`].
pub const MAX_PLAY_SIDE: u64 = 100;

/// The parameters of a race game. Default: the queen on an 8 x 8 board from `(1, 1)`.
///
/// With the `serde` feature they read from JSON with every field optional and no unknown
/// field: `{"piece": "knight", "rows": 5, "cols": 7, "start": [2, 1]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(default, deny_unknown_fields)
)]
pub struct RaceParams {
    /// The piece: `king`, `rook`, `knight`, `queen`, or the judge's number `1`-`4` (as
    /// [`Piece`]'s `FromStr` reads it).
    pub piece: String,
    /// The number of rows N, `1..=MAX_PLAY_SIDE` (a board one wide is the last row of a larger one).
    pub rows: u64,
    /// The number of columns M, `1..=MAX_PLAY_SIDE`.
    pub cols: u64,
    /// The start cell `[x, y]` (1-based); `None`: `[1, 1]`.
    pub start: Option<[u64; 2]>,
}

impl Default for RaceParams {
    fn default() -> RaceParams {
        RaceParams { piece: "queen".to_owned(), rows: 8, cols: 8, start: None }
    }
}

/// A race game: a [`Position`] on a board of at most [`MAX_PLAY_SIDE`] a side, and the cell it
/// started from.
///
/// The [`Game`] view: players 0 (B, first) and 1 (G), named `B` and `G`; no chance, perfect
/// information, zero-sum. Actions are [`Move`]s, written `(x,y)`, with the id of their cell
/// `(x - 1) * M + (y - 1)`. Returns: `+1` to whoever moves the piece onto `(N, M)` and `-1` to
/// the other, `0` each in a draw (the knight stuck off the target). Bots: `solver` (the
/// perfect player) and `random`.
///
/// ```
/// use tabletop_core::Game;
/// use tabletop_race::{Move, RaceGame, RaceParams};
///
/// let params = RaceParams { piece: "king".into(), rows: 2, cols: 3, start: None };
/// let mut game = RaceGame::new(&params)?;
/// assert_eq!(game.text(), "king on (1,1) of 2x3: B to move");
/// // Distances 0 and 2, both even: G, to move there, is lost.
/// assert_eq!(game.bot_action("solver", 0), Move { x: 2, y: 1 });
/// game.try_apply(Move { x: 2, y: 1 })?;
/// game.try_apply(game.parse_action("(2,2)")?)?;
/// assert!(game.try_apply(Move { x: 1, y: 3 }).is_err());
/// game.try_apply(game.bot_action("solver", 0))?;
/// assert_eq!(game.text(), "king on (2,3) of 2x3: B has won");
/// assert_eq!(game.returns(), [1.0, -1.0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RaceGame {
    position: Position,
    start: (u64, u64),
}

impl RaceGame {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The cell the piece started from, 1-based.
    pub fn start(&self) -> (u64, u64) {
        self.start
    }

    /// The number of cells `N * M`: the action ids and the size of one tensor plane.
    fn cells(&self) -> usize {
        let b = self.position.board();
        // At most MAX_PLAY_SIDE^2: no overflow.
        (b.rows() * b.cols()) as usize
    }

    /// The perfect player's move: the first (in [`Position::moves`] order) that wins, else the
    /// first that draws, else the first move.
    fn solver_move(&self, legal: &[Move]) -> Move {
        let (piece, board) = (self.position.piece(), self.position.board());
        // The outcome after a move, the opponent moving first there: their loss (G) is a win.
        let after = |m: &Move| outcome_at(piece, board.rows() - m.x, board.cols() - m.y);
        [Outcome::G, Outcome::D]
            .into_iter()
            .find_map(|wanted| legal.iter().find(|m| after(m) == wanted))
            .unwrap_or(&legal[0])
            .to_owned()
    }
}

/// A player's name: `B` for player 0, `G` for player 1.
fn name(player: usize) -> String {
    Player::ALL[player].to_string()
}

impl Game for RaceGame {
    type Params = RaceParams;
    type Action = Move;

    const TYPE: GameType = GameType {
        short_name: "race",
        long_name: "Race",
        description: "Chess-piece race (Life Winner Bo): move a king, rook, knight or queen \
                      right and down; whoever reaches the far corner wins",
        dynamics: Dynamics::Sequential,
        chance_mode: ChanceMode::Deterministic,
        information: Information::Perfect,
        utility: Utility::ZeroSum,
        reward_model: RewardModel::Terminal,
        min_num_players: 2,
        max_num_players: 2,
    };

    /// The piece first, then each side against [`MAX_PLAY_SIDE`] (rows, then cols), then the
    /// least side (`MIN_SIDE`, rows then cols), then the start cell.
    fn new(params: &RaceParams) -> Result<RaceGame, ParamsError> {
        let piece: Piece = params.piece.parse().map_err(|e| ParamsError::bad("piece", e))?;
        for (field, side) in [("rows", params.rows), ("cols", params.cols)] {
            if side > MAX_PLAY_SIDE {
                return Err(ParamsError::TooLarge {
                    what: field.to_owned(),
                    value: side,
                    cap: MAX_PLAY_SIDE,
                });
            }
        }
        for (field, side) in [("rows", params.rows), ("cols", params.cols)] {
            if side < MIN_SIDE {
                let reason = format!("a side of {side}: expected {MIN_SIDE} to {MAX_PLAY_SIDE}");
                return Err(ParamsError::bad(field, reason));
            }
        }
        // Both sides are in Board's range now; its error is kept rather than a panic.
        let board =
            Board::new(params.rows, params.cols).map_err(|e| ParamsError::bad("rows", e))?;
        let [x, y] = params.start.unwrap_or([1, 1]);
        let position = Position::from_cell(piece, board, x, y).ok_or_else(|| {
            ParamsError::bad(
                "start",
                format!("({x},{y}) is off the {} x {} board", params.rows, params.cols),
            )
        })?;
        Ok(RaceGame { position, start: (x, y) })
    }

    fn num_players(&self) -> usize {
        2
    }

    /// `B` (player 0, first) or `G`.
    fn player_name(&self, player: usize) -> String {
        name(player)
    }

    fn turn(&self) -> Turn {
        if self.position.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.position.mover().index())
        }
    }

    /// [`Position::moves`]: right, down, then diagonal, nearest first (none once the game is
    /// over: on the target, or the knight stuck).
    fn legal_actions(&self) -> Vec<Move> {
        self.position.moves()
    }

    /// With no list of moves.
    fn write_legal_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        self.position.for_each_move(|mv| mask[self.action_id(mv)] = true);
    }

    fn apply_unchecked(&mut self, action: Move) {
        self.position.play_unchecked(action);
    }

    /// One per cell, `N * M`.
    fn num_distinct_actions(&self) -> usize {
        self.cells()
    }

    /// The target cell's index `(x - 1) * M + (y - 1)`.
    fn action_id(&self, action: Move) -> usize {
        ((action.x - 1) * self.position.board().cols() + (action.y - 1)) as usize
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        let cols = self.position.board().cols();
        (id < self.cells()).then(|| Move { x: id as u64 / cols + 1, y: id as u64 % cols + 1 })
    }

    /// `(x,y)`, spaces allowed around the numbers; the reason is [`crate::ParseMoveError`]'s.
    fn parse_action(&self, text: &str) -> Result<Move, IllegalAction> {
        text.parse().map_err(|e: crate::ParseMoveError| IllegalAction::Parse {
            text: clip(text).to_string(),
            reason: e.to_string(),
        })
    }

    /// `+1` to the player who moved the piece onto the target, `-1` to the other; `0` each
    /// before the end and in a draw.
    fn returns(&self) -> Returns {
        match self.position.winner() {
            Some(winner) => {
                let mut r = vec![-1.0, -1.0];
                r[winner.index()] = 1.0;
                r
            }
            None => vec![0.0, 0.0],
        }
    }

    fn utility_range(&self) -> (f64, f64) {
        (-1.0, 1.0)
    }

    /// The distances still to travel, `(N - x) + (M - y)`: every move shortens them (a rook
    /// moving one cell at a time reaches the bound).
    fn max_remaining_steps(&self) -> usize {
        let b = self.position.board();
        let (x, y) = self.position.cell();
        ((b.rows() - x) + (b.cols() - y)) as usize
    }

    /// The position, as [`RaceGame::text`] writes it (the same for both players: everything
    /// is open).
    fn observation_string(&self, _player: usize) -> String {
        self.text()
    }

    /// Three planes of N x M cells (row-major, cell `(x, y)` at `(x - 1) * M + (y - 1)`, the
    /// action id of a move there): plane 0 has a 1 on the piece's cell, plane 1 a 1 on the
    /// target `(N, M)`, plane 2 is all ones when `player` is to move (else all zeros). The
    /// information state tensor is the same.
    fn write_observation_tensor<T: Number>(&self, player: usize, t: &mut [T]) {
        let cells = self.cells();
        t[..2 * cells].fill(T::ZERO);
        let (x, y) = self.position.cell();
        t[self.action_id(Move { x, y })] = T::ONE;
        t[cells + cells - 1] = T::ONE;
        let to_move = self.current_player() == Some(player);
        t[2 * cells..].fill(T::from_flag(to_move));
    }

    /// `[3, N, M]`.
    fn observation_shape(&self) -> Vec<usize> {
        let b = self.position.board();
        vec![3, b.rows() as usize, b.cols() as usize]
    }

    /// `queen on (1,1) of 8x8: B to move`, `... : G has won`, `... : a draw`.
    fn text(&self) -> String {
        let r = &self.position;
        let (x, y) = r.cell();
        let state = match (self.current_player(), r.winner()) {
            (Some(p), _) => format!("{} to move", name(p)),
            (None, Some(winner)) => format!("{winner} has won"),
            (None, None) => "a draw".to_owned(),
        };
        format!("{} on ({x},{y}) of {}: {state}", r.piece().name(), r.board())
    }

    /// `solver` (the default) and `random`.
    fn bots(&self) -> Vec<String> {
        vec!["solver".to_owned(), "random".to_owned()]
    }

    /// `random`: a legal move drawn uniformly with `seed`. Any other name (that is,
    /// `solver`): the first move that wins, else the first that draws, else the first move,
    /// by the closed forms; `seed` is not used.
    fn bot_action(&self, bot: &str, seed: u64) -> Move {
        assert!(self.current_player().is_some(), "a bot acts only for a player to move");
        let legal = self.legal_actions();
        if bot == "random" {
            *legal.choose(&mut seeded_rng(seed)).expect("a player to move has a legal move")
        } else {
            self.solver_move(&legal)
        }
    }

    /// The board within [`MAX_PLAY_SIDE`], the start and the piece on it
    /// ([`Position::check_invariants`]), the piece at or beyond its start (moves only go right
    /// and down), and B to move while the piece is still on its start.
    fn check_invariants(&self) -> Result<(), String> {
        let b = self.position.board();
        if b.rows().max(b.cols()) > MAX_PLAY_SIDE {
            return Err(format!("the board {b} has a side above {MAX_PLAY_SIDE}"));
        }
        let (sx, sy) = self.start;
        if !b.contains(sx, sy) {
            return Err(format!("the start ({sx},{sy}) is off the board {b}"));
        }
        self.position.check_invariants()?;
        let (x, y) = self.position.cell();
        if x < sx || y < sy {
            return Err(format!(
                "the piece on ({x},{y}) is above or left of its start ({sx},{sy})"
            ));
        }
        if (x, y) == self.start && self.position.mover() != Player::B {
            return Err(format!(
                "{} is to move but the piece has not left its start",
                self.position.mover()
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(piece: &str, rows: u64, cols: u64, start: Option<[u64; 2]>) -> RaceGame {
        RaceGame::new(&RaceParams { piece: piece.to_owned(), rows, cols, start }).unwrap()
    }

    #[test]
    fn the_invariant_check_finds_each_corruption() {
        let sound = game("king", 4, 5, Some([2, 2]));
        assert_eq!(sound.check_invariants(), Ok(()));

        let big = Board::new(MAX_PLAY_SIDE + 1, 5).unwrap();
        let too_big = RaceGame { position: Position::new(Piece::King, big), start: (1, 1) };
        assert_eq!(too_big.check_invariants(), Err("the board 101x5 has a side above 100".into()));
        let big = Board::new(5, MAX_PLAY_SIDE + 1).unwrap();
        let too_wide = RaceGame { position: Position::new(Piece::King, big), start: (1, 1) };
        assert_eq!(too_wide.check_invariants(), Err("the board 5x101 has a side above 100".into()));
        let at_cap = Board::new(MAX_PLAY_SIDE, MAX_PLAY_SIDE).unwrap();
        let at_cap = RaceGame { position: Position::new(Piece::King, at_cap), start: (1, 1) };
        assert_eq!(at_cap.check_invariants(), Ok(()));

        let off_start = RaceGame { start: (5, 1), ..sound.clone() };
        assert_eq!(
            off_start.check_invariants(),
            Err("the start (5,1) is off the board 4x5".into())
        );

        let off_board = RaceGame {
            position: Position::corrupt(Piece::King, Board::new(4, 5).unwrap(), (4, 6)),
            start: (1, 1),
        };
        assert_eq!(
            off_board.check_invariants(),
            Err("the piece is off the board at (4, 6)".into())
        );

        for start in [(3, 2), (2, 3)] {
            let behind = RaceGame { start, ..sound.clone() };
            let (sx, sy) = start;
            assert_eq!(
                behind.check_invariants(),
                Err(format!("the piece on (2,2) is above or left of its start ({sx},{sy})"))
            );
        }

        let mut moved = sound.clone();
        moved.apply(Move { x: 2, y: 3 });
        assert_eq!(moved.check_invariants(), Ok(()));
        let unmoved_g = RaceGame { start: (2, 3), ..moved };
        assert_eq!(
            unmoved_g.check_invariants(),
            Err("G is to move but the piece has not left its start".into())
        );
    }

    #[test]
    fn the_step_bound_is_reached_by_a_rook_moving_one_cell_at_a_time() {
        for (n, m) in [(2, 2), (2, 9), (7, 3), (12, 12)] {
            let mut rook = game("rook", n, m, None);
            let bound = rook.max_remaining_steps();
            let mut steps = 0;
            while let Some(&nearest) = rook.legal_actions().first() {
                rook.apply(nearest);
                steps += 1;
            }
            assert!(rook.position().on_target());
            assert_eq!((bound, steps), ((n - 1 + m - 1) as usize, bound), "{n}x{m}");
        }
    }

    #[test]
    fn long_text_is_cut_in_parse_errors() {
        let g = game("queen", 8, 8, None);
        let long = "x".repeat(1000);
        let Err(IllegalAction::Parse { text, .. }) = g.parse_action(&long) else {
            panic!("{long:?} parsed");
        };
        assert_eq!(
            text,
            format!("{}... (1000 bytes)", "x".repeat(tabletop_core::text::CLIP_CHARS))
        );
    }
}
