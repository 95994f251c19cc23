//! `GET /api/race/table`: the outcome (and Grundy value) from every start cell of a board, for
//! the race page's coloured board (the picture of `tabletop race table --svg`).

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_race::{GrundyTable, OutcomeTable, Piece};

use crate::error::ApiError;

/// The largest side the page draws (a 10,000-cell board).
pub const MAX_TABLE_SIDE: usize = 100;

/// `?piece=queen&rows=12&cols=12`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableQuery {
    piece: String,
    rows: usize,
    cols: usize,
}

/// `{"piece", "rows", "cols", "outcomes": ["BG..", ...], "grundy": [[..], ...] | null}`:
/// row `x - 1` of `outcomes` holds the outcome letter from each cell `(x, y)`, B moving first.
pub fn table(query: &TableQuery) -> Result<Value, ApiError> {
    let piece = query.piece.parse::<Piece>().map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (rows, cols) = (query.rows, query.cols);
    if !(1..=MAX_TABLE_SIDE).contains(&rows) || !(1..=MAX_TABLE_SIDE).contains(&cols) {
        return Err(ApiError::bad_request(format!(
            "the drawn board is {rows} x {cols}: each side must be 1..={MAX_TABLE_SIDE} \
             (larger boards are answered by sessions and the judge)"
        )));
    }
    let outcomes =
        OutcomeTable::new(piece, rows, cols).map_err(|e| ApiError::bad_request(e.to_string()))?;
    let grundy = if piece.has_draws() {
        None
    } else {
        Some(
            GrundyTable::new(piece, rows, cols)
                .map_err(|e| ApiError::bad_request(e.to_string()))?,
        )
    };
    let letters: Vec<String> =
        (1..=rows).map(|x| (1..=cols).map(|y| outcomes.at(x, y).letter()).collect()).collect();
    let grundy: Option<Vec<Vec<u32>>> =
        grundy.map(|g| (1..=rows).map(|x| (1..=cols).map(|y| g.at(x, y)).collect()).collect());
    Ok(json!({
        "piece": piece.name(),
        "rows": rows,
        "cols": cols,
        "outcomes": letters,
        "grundy": grundy,
    }))
}
