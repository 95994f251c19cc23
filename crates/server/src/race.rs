//! `GET /api/race/table`: the outcome (and Grundy value) from every start cell of a board, for
//! the race page's coloured board (the picture of `tabletop race table --svg`).

use serde::Deserialize;
use serde_json::{Value, json};
use tabletop_race::{BoardOutcomes, Piece};

use tabletop_play::LIMITS;

use crate::error::ApiError;

/// `?piece=queen&rows=12&cols=12`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableQuery {
    piece: String,
    rows: usize,
    cols: usize,
}

/// The [`BoardOutcomes`] report, as `tabletop race table --json` prints it: `{"piece", "rows",
/// "cols", "target", "counts", "outcomes": ["BG..", ...], "grundy": [[..], ...] | null}`.
pub fn table(query: &TableQuery) -> Result<Value, ApiError> {
    let piece = query.piece.parse::<Piece>().map_err(|e| ApiError::bad_request(e.to_string()))?;
    let (rows, cols) = (query.rows, query.cols);
    // The boards the page draws are those a game can be played on.
    let (min, max) = (LIMITS.race_min_side as usize, LIMITS.race_max_side as usize);
    if !(min..=max).contains(&rows) || !(min..=max).contains(&cols) {
        return Err(ApiError::bad_request(format!(
            "the drawn board is {rows} x {cols}: each side must be {min}..={max} \
             (larger boards are answered by `tabletop race solve` and the judge)"
        )));
    }
    let report =
        BoardOutcomes::new(piece, rows, cols).map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(json!(report))
}
