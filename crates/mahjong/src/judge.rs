//! Luogu P7147 (THUPC 2021): the original input and output.

use crate::error::WallError;
use crate::event::log_text;
use crate::state::simulate;
use crate::wall::Wall;

/// The original problem's output for `input`: 148 tiles, one per line (any whitespace is
/// accepted), front of the wall first; the game's log, one event per line.
pub fn judge_p7147(input: &str) -> Result<String, WallError> {
    let wall = Wall::parse(input)?;
    Ok(log_text(&simulate(&wall).events))
}
