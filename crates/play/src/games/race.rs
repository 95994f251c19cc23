//! Race: a chess piece on a board, moving right and down; the perfect player as a bot.

use serde::{Deserialize, Serialize};
use tabletop_core::Game as _;
use tabletop_core::rand::seq::IndexedRandom;
use tabletop_core::seeded_rng;
use tabletop_race::{
    Board, GrundyTable, Move, Outcome, OutcomeTable, Piece, Race, grundy_at, outcome_at,
};

use crate::{Analyse, PlayError, Playable};

/// The largest side of a board for interactive play (the closed forms answer any board up
/// to 10^18 through `tabletop race solve`; playing needs the moves listed and one action id
/// per cell).
pub const MAX_PLAY_SIDE: u64 = 64;

/// The parameters of a race game. Default: the queen on an 8 x 8 board from `(1, 1)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RaceParams {
    /// The piece: `king`, `rook`, `knight`, `queen`, or the judge's number `1`-`4`.
    pub piece: String,
    /// The number of rows N, `2..=64`.
    pub rows: u64,
    /// The number of columns M, `2..=64`.
    pub cols: u64,
    /// The start cell `[x, y]` (1-based); default `[1, 1]`.
    pub start: Option<[u64; 2]>,
}

impl Default for RaceParams {
    fn default() -> RaceParams {
        RaceParams { piece: "queen".to_owned(), rows: 8, cols: 8, start: None }
    }
}

/// A race game for the session layer: players 0 (B, first) and 1 (G).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceGame {
    race: Race,
    start: (u64, u64),
}

impl RaceGame {
    /// The position.
    pub fn race(&self) -> &Race {
        &self.race
    }
}

/// What everyone sees of a race game (open).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceView {
    /// The piece's name.
    pub piece: String,
    /// N.
    pub rows: u64,
    /// M.
    pub cols: u64,
    /// The start cell.
    pub start: [u64; 2],
    /// The piece's cell now.
    pub cell: [u64; 2],
    /// The target `[N, M]`.
    pub target: [u64; 2],
    /// `B` or `G`, `None` once the game is over.
    pub to_move: Option<String>,
    /// The cells the piece may move to now.
    pub moves: Vec<[u64; 2]>,
    /// The winner (`B` or `G`) once the piece is on the target.
    pub winner: Option<String>,
    /// Whether the game ended in a draw (the knight stuck off the target).
    pub draw: bool,
}

/// One move with its outcome under perfect play.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceMoveOutcome {
    /// The move in notation, `(x,y)`.
    pub action: String,
    /// The cell it goes to.
    pub cell: [u64; 2],
    /// For the player making it: `win`, `loss` or `draw` under perfect play.
    pub result: String,
    /// The Grundy value of the position after it, where defined (king, rook, queen).
    pub grundy: Option<u64>,
}

/// The analysis of a race position: outcomes after each move and the whole board's tables.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RaceAnalysis {
    /// `B` or `G`, `None` once the game is over.
    pub to_move: Option<String>,
    /// For the player to move: `win`, `loss` or `draw` under perfect play.
    pub result: Option<String>,
    /// The Grundy value of the position, where defined.
    pub grundy: Option<u64>,
    /// Every legal move with its outcome: right, down, then diagonal, nearest first.
    pub moves: Vec<RaceMoveOutcome>,
    /// For every cell `[x - 1][y - 1]`: the outcome with the piece there and the player to
    /// move being the first (`B`: the player to move wins, `G`: the other player wins, `D`:
    /// draw), as `tabletop race table` prints it.
    pub cells: Vec<String>,
    /// The Grundy value of every cell, `[x - 1][y - 1]`, for the king, rook and queen.
    pub grundy_cells: Option<Vec<Vec<u32>>>,
}

fn mover_name(p: usize) -> String {
    if p == 0 { "B".to_owned() } else { "G".to_owned() }
}

/// The result for the player who moves the piece to `(x, y)`.
fn result_of_move(piece: Piece, board: Board, x: u64, y: u64) -> &'static str {
    match outcome_at(piece, board.rows() - x, board.cols() - y) {
        // The opponent moves next: their win is this player's loss.
        Outcome::B => "loss",
        Outcome::G => "win",
        Outcome::D => "draw",
    }
}

impl Playable for RaceGame {
    type Params = RaceParams;
    type Action = Move;
    type View = RaceView;

    const NAME: &'static str = "race";
    const DESCRIPTION: &'static str = "Chess-piece race (Life Winner Bo): move a king, rook, knight or queen right and down; whoever reaches the far corner wins";

    fn new(params: &RaceParams, _seed: u64) -> Result<RaceGame, PlayError> {
        let piece: Piece = params.piece.parse().map_err(|e| PlayError::bad("piece", e))?;
        for (field, side) in [("rows", params.rows), ("cols", params.cols)] {
            if side > MAX_PLAY_SIDE {
                return Err(PlayError::TooLarge {
                    what: field.to_owned(),
                    value: side,
                    cap: MAX_PLAY_SIDE,
                });
            }
        }
        let field = if params.rows < 2 { "rows" } else { "cols" };
        let board = Board::new(params.rows, params.cols).map_err(|e| PlayError::bad(field, e))?;
        let [x, y] = params.start.unwrap_or([1, 1]);
        let race = Race::from_cell(piece, board, x, y).ok_or_else(|| {
            PlayError::bad(
                "start",
                format!("({x},{y}) is off the {} x {} board", params.rows, params.cols),
            )
        })?;
        Ok(RaceGame { race, start: (x, y) })
    }

    fn num_players(&self) -> usize {
        2
    }

    fn player_name(&self, player: usize) -> String {
        mover_name(player)
    }

    fn current_player(&self) -> Option<usize> {
        (!self.race.is_over()).then(|| self.race.mover())
    }

    fn legal_actions(&self) -> Vec<Move> {
        if self.race.is_over() { Vec::new() } else { self.race.moves() }
    }

    fn apply(&mut self, action: Move) {
        self.race.play(action);
    }

    fn parse_action(&self, text: &str) -> Result<Move, String> {
        text.parse().map_err(|e: tabletop_race::ParseMoveError| e.to_string())
    }

    fn returns(&self) -> Vec<f64> {
        self.race.returns()
    }

    fn num_distinct_actions(&self) -> usize {
        (self.race.board().rows() * self.race.board().cols()) as usize
    }

    /// The cell's index `(x - 1) * M + (y - 1)`.
    fn action_id(&self, action: Move) -> usize {
        ((action.x - 1) * self.race.board().cols() + (action.y - 1)) as usize
    }

    fn action_from_id(&self, id: usize) -> Option<Move> {
        let cols = self.race.board().cols();
        (id < self.num_distinct_actions())
            .then(|| Move { x: id as u64 / cols + 1, y: id as u64 % cols + 1 })
    }

    fn bots(&self) -> Vec<String> {
        vec!["solver".to_owned(), "random".to_owned()]
    }

    /// `solver`: the first move that wins, else the first that draws, else the first move;
    /// `random`: any legal move.
    fn bot_action(&self, bot: &str, seed: u64) -> Move {
        let legal = self.legal_actions();
        if bot == "random" {
            return *legal.choose(&mut seeded_rng(seed)).expect("a legal move");
        }
        let (piece, board) = (self.race.piece(), self.race.board());
        for wanted in ["win", "draw"] {
            if let Some(m) = legal.iter().find(|m| result_of_move(piece, board, m.x, m.y) == wanted)
            {
                return *m;
            }
        }
        legal[0]
    }

    fn view(&self, _viewer: Option<usize>) -> RaceView {
        let r = &self.race;
        let b = r.board();
        let (x, y) = r.cell();
        RaceView {
            piece: r.piece().name().to_owned(),
            rows: b.rows(),
            cols: b.cols(),
            start: [self.start.0, self.start.1],
            cell: [x, y],
            target: [b.rows(), b.cols()],
            to_move: self.current_player().map(mover_name),
            moves: self.legal_actions().iter().map(|m| [m.x, m.y]).collect(),
            winner: r.on_target().then(|| mover_name(r.mover() ^ 1)),
            draw: r.is_over() && !r.on_target(),
        }
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.race.check_invariants()
    }

    fn observation_shape(&self) -> Vec<usize> {
        let b = self.race.board();
        vec![3, b.rows() as usize, b.cols() as usize]
    }

    /// Three planes of N x M cells (row-major, cell `(x, y)` at `(x - 1) * M + (y - 1)`): the
    /// piece, the target, and all ones when the player is to move.
    fn observation_tensor(&self, player: usize) -> Vec<f32> {
        let cells = self.num_distinct_actions();
        let mut t = vec![0.0; 3 * cells];
        let (x, y) = self.race.cell();
        t[self.action_id(Move { x, y })] = 1.0;
        t[cells + cells - 1] = 1.0;
        if self.current_player() == Some(player) {
            t[2 * cells..].fill(1.0);
        }
        t
    }

    fn text(&self) -> String {
        let r = &self.race;
        let (x, y) = r.cell();
        let state = match self.current_player() {
            Some(p) => format!("{} to move", mover_name(p)),
            None if r.on_target() => format!("{} has won", mover_name(r.mover() ^ 1)),
            None => "a draw".to_owned(),
        };
        format!("{} on ({x},{y}) of {}: {state}", r.piece().name(), r.board())
    }

    fn max_remaining_steps(&self) -> usize {
        self.race.max_remaining_steps()
    }
}

impl Analyse for RaceGame {
    type Analysis = RaceAnalysis;

    /// Closed forms for the moves, the retrograde tables for the whole board (at most
    /// 64 x 64 cells).
    fn analyse(&self, _seed: u64) -> Result<RaceAnalysis, PlayError> {
        let r = &self.race;
        let (piece, board) = (r.piece(), r.board());
        let (x, y) = r.cell();
        let (rows, cols) = (board.rows() as usize, board.cols() as usize);
        let here = outcome_at(piece, board.rows() - x, board.cols() - y);
        let table = OutcomeTable::new(piece, rows, cols).map_err(|e| PlayError::bad("rows", e))?;
        let cells =
            (1..=rows).map(|x| (1..=cols).map(|y| table.at(x, y).letter()).collect()).collect();
        let grundy_cells = GrundyTable::new(piece, rows, cols)
            .ok()
            .map(|g| (1..=rows).map(|x| (1..=cols).map(|y| g.at(x, y)).collect()).collect());
        let grundy_of = |x: u64, y: u64| {
            grundy_at(piece, board.rows() - x, board.cols() - y).or_else(|| {
                grundy_cells
                    .as_ref()
                    .map(|g: &Vec<Vec<u32>>| g[x as usize - 1][y as usize - 1] as u64)
            })
        };
        Ok(RaceAnalysis {
            to_move: self.current_player().map(mover_name),
            result: self.current_player().map(|_| {
                match here {
                    Outcome::B => "win",
                    Outcome::G => "loss",
                    Outcome::D => "draw",
                }
                .to_owned()
            }),
            grundy: grundy_of(x, y),
            moves: self
                .legal_actions()
                .iter()
                .map(|m| RaceMoveOutcome {
                    action: m.to_string(),
                    cell: [m.x, m.y],
                    result: result_of_move(piece, board, m.x, m.y).to_owned(),
                    grundy: grundy_of(m.x, m.y),
                })
                .collect(),
            cells,
            grundy_cells,
        })
    }
}
