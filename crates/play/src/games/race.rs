//! Position: the JSON view of a [`RaceGame`] and its analysis (the outcome of every move and the
//! whole board's tables). The rules, parameters, ids, tensors and bots are the game's own
//! ([`tabletop_race::RaceGame`]).

use serde::Serialize;
use tabletop_core::Game;
use tabletop_race::{Board, GrundyTable, Outcome, OutcomeTable, Piece, grundy_at, outcome_at};
pub use tabletop_race::{MAX_PLAY_SIDE, RaceGame, RaceParams};

use crate::{PlayError, Present};

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

/// The result for the player who moves the piece to `(x, y)`.
fn result_of_move(piece: Piece, board: Board, x: u64, y: u64) -> &'static str {
    match outcome_at(piece, board.rows() - x, board.cols() - y) {
        // The opponent moves next: their win is this player's loss.
        Outcome::B => "loss",
        Outcome::G => "win",
        Outcome::D => "draw",
    }
}

impl Present for RaceGame {
    type View = RaceView;
    type Analysis = RaceAnalysis;

    fn view(&self, _viewer: Option<usize>) -> RaceView {
        let r = self.position();
        let b = r.board();
        let (x, y) = r.cell();
        let (sx, sy) = self.start();
        RaceView {
            piece: r.piece().name().to_owned(),
            rows: b.rows(),
            cols: b.cols(),
            start: [sx, sy],
            cell: [x, y],
            target: [b.rows(), b.cols()],
            to_move: self.current_player().map(|p| self.player_name(p)),
            moves: self.legal_actions().iter().map(|m| [m.x, m.y]).collect(),
            winner: r.winner().map(|w| w.to_string()),
            draw: self.is_terminal() && r.winner().is_none(),
        }
    }

    /// Closed forms for the moves, the retrograde tables for the whole board (at most
    /// [`MAX_PLAY_SIDE`] x [`MAX_PLAY_SIDE`] cells).
    fn analyse(&self, _seed: u64) -> Result<RaceAnalysis, PlayError> {
        let r = self.position();
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
            to_move: self.current_player().map(|p| self.player_name(p)),
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
